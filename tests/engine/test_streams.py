"""numpy's seeding, compiled (``engine.streams``), against numpy itself: the same pool,
the same words, the same PCG64 state, the same draws."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import streams

WORD = st.integers(0, 2**32 - 1)
ENTROPY = st.lists(WORD, min_size=1, max_size=streams.MAX_ENTROPY)


def padded(words: list[int]) -> np.ndarray:
    return np.array(words + [0] * (streams.MAX_ENTROPY - len(words)), dtype=np.uint64)


@settings(max_examples=300, deadline=None)
@given(ENTROPY, st.integers(1, 6))
def test_the_words_are_seed_sequences(words, n):
    pool = np.empty(streams.POOL_SIZE, dtype=np.uint64)
    streams.seed_pool(padded(words), len(words), pool)
    sequence = np.random.SeedSequence(words)
    assert pool.tolist() == sequence.pool.tolist()
    out = np.empty(n, dtype=np.uint64)
    streams.generate_state(pool, out)
    assert out.tolist() == sequence.generate_state(n, np.uint64).tolist()


@settings(max_examples=300, deadline=None)
@given(ENTROPY)
def test_a_reseeded_generator_is_default_rngs(words):
    (generator,) = streams.reseedables(1)
    generator.generator.random(3)  # a state left by earlier draws changes nothing
    generator.generator.integers(0, 7, size=5, dtype=np.uint32)  # nor a buffered word
    streams.reseed(padded(words), len(words), generator.pcg, generator.buffered)
    fresh = np.random.default_rng(words)
    assert generator.generator.bit_generator.state == fresh.bit_generator.state
    assert generator.generator.integers(0, 52, 20).tolist() == fresh.integers(0, 52, 20).tolist()
    assert generator.generator.random() == fresh.random()


@given(st.integers(0, 2**70))
def test_an_integer_is_split_into_words_as_seed_sequence_splits_it(n):
    words = streams.int_words(n)
    assert np.random.SeedSequence(n).entropy == n
    assert np.random.SeedSequence(words.tolist()).pool.tolist() == \
        np.random.SeedSequence(n).pool.tolist()
    assert sum(int(w) << (32 * i) for i, w in enumerate(words)) == n


def test_put_words_appends_an_integers_words():
    entropy = np.zeros(streams.MAX_ENTROPY, dtype=np.uint64)
    assert streams.put_words(entropy, 1, 0) == 2 and entropy[1] == 0
    assert streams.put_words(entropy, 2, 2**40 + 3) == 4
    assert entropy[2:4].tolist() == [3, 2**8]


def test_a_negative_seed_is_refused():
    import pytest

    with pytest.raises(ValueError, match="non-negative"):
        streams.int_words(-1)


def test_each_thread_has_its_own_generators():
    import threading

    here = streams.reseedables(3)
    there = []
    thread = threading.Thread(target=lambda: there.append(streams.reseedables(3)))
    thread.start()
    thread.join()
    assert here is not None and there[0] is not None
    assert streams.reseedables(3) == here  # the same ones, call after call
    assert not {id(g.generator) for g in here} & {id(g.generator) for g in there[0]}

"""A chunk of a match's games in one compiled call (``ai.match._loop.play_chunk``): each
game gets the generators Python makes for it (``driver.game_seed``, ``player_rng``, the
deal's spawned stream), so the games are the games played one call a game, seed for seed;
and a chunk counted without making results counts what the results would."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.match import compiled
from ai.match._loop import match_streams
from ai.match.driver import game_seed, player_rng
from ai.match.tally import Tally
from ai.registry import make_player
from engine import streams


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**63 - 1))
def test_a_games_streams_are_the_drivers(seed, index):
    generators = streams.reseedables(3)
    entropy = np.zeros(streams.MAX_ENTROPY, dtype=np.uint64)
    game = match_streams(streams.int_words(seed), index, entropy,
                         tuple(g.pcg for g in generators),
                         tuple(g.buffered for g in generators))
    assert game == game_seed(seed, index)
    for seat in (0, 1):
        assert generators[seat].generator.bit_generator.state == \
            player_rng(seed, index, seat).bit_generator.state
    deal = np.random.default_rng(np.random.SeedSequence(game).spawn(2)[1])
    assert generators[2].generator.bit_generator.state == deal.bit_generator.state


def one_call_a_game(players, seed, indices, first_dealer=None):
    """Today's way before the chunks: generators made in Python, one call a game."""
    return [result for result, _ in compiled._games(players, seed, indices, False,
                                                    first_dealer)]


@pytest.mark.parametrize("a, b, seed, indices, first", [
    ("random", "random", 0, range(60), None),
    ("random", "heuristic", 2**33 + 1, range(2**32 - 3, 2**32 + 3), None),
    ("mueller", "random", 17, range(10), 1),
    ("evolved", "weights", 5, [9, 3, 3, 0], 0),
])
def test_a_chunk_plays_the_games_one_call_a_game_plays(a, b, seed, indices, first):
    players = (make_player(a), make_player(b))
    chunk = compiled.play_games(players, seed, list(indices), first_dealer=first)
    assert chunk == one_call_a_game(players, seed, list(indices), first)
    assert [r.index for r in chunk] == list(indices)


def test_without_compiled_streams_the_games_are_the_same(monkeypatch):
    players = (make_player("random"), make_player("mueller"))
    want = compiled.play_games(players, 4, list(range(12)))
    monkeypatch.setattr(streams, "reseedables", lambda n: None)
    assert compiled.play_games(players, 4, list(range(12))) == want


def test_a_seed_past_64_bits_is_played_game_by_game():
    players = (make_player("random"), make_player("random"))
    seed = 2**64 + 9
    assert compiled.play_games(players, seed, [0, 5]) == one_call_a_game(players, seed,
                                                                         [0, 5])
    with pytest.raises(ValueError):
        compiled.play_games(players, -1, [0])


def tally_fields(tally: Tally) -> dict:
    return {k: (v.tolist() if isinstance(v, np.ndarray) else v)
            for k, v in tally.__dict__.items()}


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["random", "heuristic", "mueller"]),
       st.sampled_from(["random", "evolved"]), st.integers(0, 2**40),
       st.integers(0, 10_000), st.integers(1, 40), st.sampled_from([None, 0, 1]))
def test_a_chunk_counted_is_its_results_counted(a, b, seed, start, n, first):
    players = (make_player(a), make_player(b))
    indices = list(range(start, start + n))
    want = Tally.of(compiled.play_games(players, seed, indices, first_dealer=first))
    got = compiled.tally_games(players, seed, indices, first_dealer=first)
    assert tally_fields(got) == tally_fields(want)
    assert got.games == n and got.compiled == n


def test_an_empty_chunk():
    players = (make_player("random"), make_player("random"))
    assert compiled.play_games(players, 1, []) == []
    assert compiled.tally_games(players, 1, []).games == 0

from itertools import combinations_with_replacement

import numpy as np

from ai.tables.index import N_FOUR, N_SIX, all_six_rank_hands, hand_index, multiset_index


def test_indices_are_dense_and_distinct():
    for k, n in ((6, N_SIX), (4, N_FOUR)):
        seen = sorted(int(multiset_index(np.array(r, dtype=np.int64)))
                      for r in combinations_with_replacement(range(13), k))
        assert seen == list(range(n))


def test_real_six_card_hands():
    hands = all_six_rank_hands()
    assert hands.shape == (18395, 6)
    assert all(np.bincount(h, minlength=13).max() <= 4 for h in hands[::97])


def test_hand_index_ignores_suits_and_order():
    a = np.array([4 * 12 + 0, 4 * 11 + 1, 4 * 11 + 2, 4 * 9, 4 * 4, 4 * 3 + 3])  # K Q Q T 5 4
    b = np.array([4 * 3 + 1, 4 * 11 + 3, 4 * 4 + 2, 4 * 9 + 1, 4 * 12 + 2, 4 * 11])
    assert hand_index(a) == hand_index(b)
    assert hand_index(a) != hand_index(np.array([0, 4, 8, 12, 16, 20]))


def test_one_split_table_in_two_orders():
    """ai's SPLITS (the two positions tossed) is engine.analysis.SPLITS, reversed."""
    from ai.tables.index import SPLITS
    from engine.analysis import SPLITS as ENGINE

    assert [tuple(t) for t in SPLITS] == [(a, b) for a in range(6) for b in range(a + 1, 6)]
    assert [tuple(t) for t in SPLITS] == [toss for _, toss in reversed(ENGINE)]
    for keep, toss in ENGINE:
        assert sorted(keep + toss) == list(range(6))

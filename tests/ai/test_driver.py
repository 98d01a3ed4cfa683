import json

import pytest

from ai import make_player
from ai.match import DecisionMade, GameStarted, game_events, play_game
from engine import GO, GameState, Toss
from engine.events import SOURCES, Dealt, GameOver, Played, SaidGo, Scored


def events_of(names=("heuristic", "random"), seed=1, index=0):
    return list(game_events(tuple(make_player(n) for n in names), seed, index))


def test_stream_shape():
    events = events_of()
    assert isinstance(events[0], GameStarted) and events[0].players == ("heuristic", "random")
    assert isinstance(events[-1], GameOver)
    assert sum(isinstance(e, GameOver) for e in events) == 1
    # every engine action is announced by the decision that caused it
    for i, e in enumerate(events):
        if isinstance(e, Played | SaidGo):
            decision = events[i - 1]
            assert isinstance(decision, DecisionMade) and decision.seat == e.seat
    tosses = [e for e in events if isinstance(e, DecisionMade)
              and isinstance(e.decision.action, Toss)]
    assert len(tosses) == 2 * sum(isinstance(e, Dealt) for e in events)


def test_forced_go_is_said_without_timing_the_player():
    events = events_of(seed=2)
    forced = [e for e in events if isinstance(e, DecisionMade) and e.forced]
    assert forced, "a whole game without a go is very unlikely"
    assert all(e.decision.action == GO and e.seconds == 0.0 for e in forced)


@pytest.mark.parametrize("index,first", [(0, 0), (1, 1), (2, 0), (7, 1)])
def test_first_deal_alternates_by_game(index, first):
    dealt = next(e for e in events_of(index=index) if isinstance(e, Dealt))
    assert dealt.dealer == first


@pytest.mark.parametrize("stop_after", [5, 60, 150])
def test_saving_and_resuming_finishes_the_game_identically(stop_after):
    def players():
        return make_player("random"), make_player("mueller")  # both draw random numbers

    full = list(game_events(players(), seed=4, index=0))
    first = players()
    game = GameState.new(full[0].seed, first_dealer=0)
    stream = game_events(first, seed=4, index=0, game=game)
    for _ in range(stop_after):  # stop anywhere, save the game and the players' generators
        next(stream)
    saved = game.to_json()
    states = tuple(json.loads(json.dumps(p.random_state())) for p in first)
    rest = list(game_events(players(), seed=4, index=0, game=GameState.from_json(saved),
                            rng_states=states))
    assert rest[-1] == full[-1]
    assert [e for e in rest if isinstance(e, Scored)] == \
        [e for e in full if isinstance(e, Scored)][-len([e for e in rest
                                                         if isinstance(e, Scored)]):]


def test_a_bad_random_state_is_refused():
    with pytest.raises(ValueError, match="not a saved random state"):
        make_player("mueller").restore_random_state({"bit_generator": "nonsense"})


def test_result_points_add_up():
    result = play_game((make_player("mueller"), make_player("heuristic")), seed=3, index=1)
    assert max(result.scores) == 121 and result.winner == result.scores.index(121)
    assert result.complete_deals == result.deals - 1
    assert sum(result.deals_dealt) == result.complete_deals
    for seat in (0, 1):
        complete = sum(result.points[(seat, s)] for s in SOURCES)
        assert 0 <= complete <= result.scores[seat]
        by_role = sum(v for (s, _, _), v in result.role_points.items() if s == seat)
        assert by_role == complete
    assert result.decision_seconds[0] and result.decision_seconds[1]


def test_scored_events_reach_the_final_scores():
    events = events_of(("mueller", "mueller"), seed=8)
    last = {e.seat: e.total for e in events if isinstance(e, Scored)}
    assert (last[0], last[1]) == events[-1].scores


class Recorder:
    """A random player that keeps everything the driver lets it observe."""

    def __init__(self, seed):
        self.inner = make_player("random", seed=seed)
        self.name = "recorder"
        self.seen = []

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def new_game(self, seat, rng=None):
        self.seat = seat
        self.inner.new_game(seat, rng)

    def observe(self, event):
        self.seen.append(event)


def _cards_in(event) -> set[int]:
    from engine.events import CutForDeal, Show, StarterCut, Tossed

    if isinstance(event, Dealt):
        return {c for hand in event.hands for c in hand}
    if isinstance(event, Tossed | Show | CutForDeal):
        return set(event.cards)
    if isinstance(event, Played):
        return {event.card}
    if isinstance(event, StarterCut):
        return {event.card}
    if isinstance(event, Scored):
        return {c for item in event.items for c in item.cards}
    return set()


@pytest.mark.parametrize("seed", range(6))
def test_a_player_never_sees_a_card_the_rules_hide_from_it(seed):
    """Each seat observes its own view of each event: its own six cards, the opponent's toss
    without its cards, and only cards made public (cut, starter, played, shown)."""
    from engine.events import CutForDeal, Show, StarterCut, Tossed

    players = (Recorder(seed), Recorder(seed + 100))
    truth = [e for e in game_events(players, seed) if not isinstance(e, DecisionMade
                                                                        | GameStarted)]
    for seat, player in enumerate(players):
        assert len(player.seen) == len(truth)
        public: set[int] = set()
        mine: set[int] = set()
        hid_a_toss = False
        for real, seen in zip(truth, player.seen, strict=True):
            assert type(seen) is type(real)
            if isinstance(real, Dealt):
                mine = set(real.hands[seat])
                public = set()
                assert seen.hands[seat] == real.hands[seat] and seen.hands[1 - seat] == ()
            if isinstance(real, Tossed) and real.seat != seat:
                assert seen.cards == () and seen.seat == real.seat
                hid_a_toss = True
            if isinstance(real, CutForDeal | StarterCut | Played | Show):
                public |= _cards_in(real)
            assert _cards_in(seen) <= mine | public, (seat, seen)
            if not isinstance(real, Dealt | Tossed):
                assert seen == real  # public events unchanged
        assert hid_a_toss

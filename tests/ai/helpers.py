"""Building observations for unit tests of decisions, and game histories."""

from engine import GO, GameState, Observation, Phase, PlayCard
from engine.cards import PIPS, parse_card, parse_cards
from engine.state import stacked_deck


def play_observation(hand: str, current: str = "", earlier: str = "",
                     dealt_extra: str | None = None,
                     starter: str = "AS", opponent_cards: int = 4, scores=(0, 0),
                     dealer: int = 1, seat: int = 0) -> Observation:
    """Seat ``seat`` to play holding ``hand``; ``current`` is the count so far, alternating
    from the opponent backwards (its last card was played by the opponent); ``earlier`` are
    cards played before the last reset (by the opponent, for simplicity). ``dealt_extra``
    are this seat's other dealt cards (tossed or already played); by default the lowest
    cards not otherwise used."""
    hand_cards = parse_cards(hand)
    current_cards = parse_cards(current)
    earlier_cards = parse_cards(earlier)
    seats = [(1 - seat) if (len(current_cards) - i) % 2 else seat
             for i in range(len(current_cards))]
    cur = tuple(zip(seats, current_cards, strict=True))
    played = tuple((1 - seat, c) for c in earlier_cards) + cur
    mine_played = [c for s, c in cur if s == seat]
    dealt = hand_cards + mine_played
    if dealt_extra is None:
        used = set(dealt) | set(current_cards) | set(earlier_cards) | {parse_card(starter)}
        dealt += [c for c in range(52) if c not in used][:6 - len(dealt)]
    else:
        dealt += parse_cards(dealt_extra)
    dealt = tuple(dealt)
    assert len(dealt) == 6, f"a seat is dealt six cards, not {len(dealt)}"
    count = sum(PIPS[c] for c in current_cards)
    legal = tuple(PlayCard(c) for c in hand_cards if count + PIPS[c] <= 31) or (GO,)
    return Observation(
        seat=seat, phase=Phase.PLAY, deal=1, dealer=dealer, scores=tuple(scores),
        dealt=dealt, toss=None, hand=tuple(hand_cards), opponent_tossed=True,
        starter=parse_card(starter), count=count, current=cur, played=played,
        go_said=(False, False), opponent_cards_left=opponent_cards, to_play=seat,
        legal_actions=legal, winner=None)


def play_game_after_toss(dealer_four: str, pone_four: str, scores=(0, 0)) -> GameState:
    """A game at the start of the play: seat 0 deals and keeps ``dealer_four``; seat 1 keeps
    ``pone_four``; both have tossed."""
    mine, theirs = parse_cards(dealer_four), parse_cards(pone_four)
    rest = [c for c in range(52) if c not in set(mine) | set(theirs)]
    deck = stacked_deck(theirs + rest[:2], mine + rest[2:4], rest[4])
    game = GameState.new(1, first_dealer=0, scores=scores, decks=[deck])
    game.toss(1, tuple(rest[:2]))
    game.toss(0, tuple(rest[2:4]))
    return game


def write_history(path, games: int, distinct: int):
    """A history at ``path`` of ``games`` games with their records: ``distinct`` games of
    random v random, each kept again and again under its own seed (for tests of the file's
    pages, not of the play). Returns ``path``."""
    from ai import make_player
    from ai.match.driver import refereed_game
    from cribbage_gui.services.history import History

    played = [refereed_game((make_player("random"), make_player("random")), seed)[1]
              for seed in range(distinct)]
    history = History(path)
    for i in range(games):
        game = played[i % distinct]
        history.record_game(game.events, opponent="random", seed=i, game_index=0,
                            human_seat=i % 2, players=("you", "random") if i % 2 == 0
                            else ("random", "you"), record=game.to_record())
    history.close()
    return path

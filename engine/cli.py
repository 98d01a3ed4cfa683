"""Command-line front ends for the engine: ``cribbage count`` and ``cribbage analyze``."""

from __future__ import annotations

import argparse
import json
import time

from engine.analysis import N_CRIBS, DiscardOption, analyze_discards
from engine.bounded import clean
from engine.cards import card_name, card_names, parse_card, parse_cards
from engine.errors import CribbageError, UsageError
from engine.scoring import count_aloud, score_breakdown, score_hand


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "count", help="count a hand or crib with its starter",
        description="Count a hand (or crib) of four cards with the starter and show every "
                    "scoring combination; a hand of three is five-card cribbage's. Cards: "
                    "rank A 2-10 T J Q K, suit C D H S.",
        epilog="example: cribbage count 5H 5C 5S JD --starter 5D")
    # any number of cards, so that a wrong number is told as such (argparse would say that
    # CARD is missing, or blame "cribbage" for a fifth card)
    p.add_argument("cards", nargs="*", metavar="CARD",
                   help="the four cards of the hand (three in five-card cribbage)")
    p.add_argument("--starter", "-s", required=True, help="the starter (cut card)")
    p.add_argument("--crib", action="store_true",
                   help="count as the crib (a flush needs all five cards)")
    p.set_defaults(handler=_count)

    p = subparsers.add_parser(
        "analyze", help="exact statistics of all 15 ways to discard from six cards",
        description="For each keep/toss split of six cards: the kept hand's exact score "
                    "over the 46 possible starters, and the crib's exact score over all "
                    "45,540 (opponent toss, starter) combinations, sorted by net value.",
        epilog="example: cribbage analyze 5H 5C 5S JD 6D 7C --dealer")
    p.add_argument("cards", nargs="*", metavar="CARD", help="the six cards dealt to you")
    p.add_argument("--dealer", action="store_true",
                   help="you are the dealer (the crib is yours); default: pone")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(handler=_analyze)


def _cards(given: list[str], count: int, what: str) -> list[int]:
    """``count`` cards from the command line, or a UsageError saying how many were given."""
    if len(given) != count:
        listed = f" ({clean(' '.join(given), 60)})" if given else ""
        raise UsageError(f"{len(given)} card{'' if len(given) == 1 else 's'} given{listed}: "
                         f"{what}")
    return parse_cards(given, count=count)


def _count(args: argparse.Namespace) -> int:
    three = len(args.cards) == 3 and not args.crib  # five-card cribbage's hand
    hand = _cards(args.cards, 3 if three else 4,
                  "a hand (or crib) is four cards, a hand three in five-card cribbage, and "
                  "the starter comes after --starter: cribbage count 5H 5C 5S JD --starter 5D")
    starter = parse_card(args.starter)
    items = score_breakdown(hand, starter, is_crib=args.crib)
    total = score_hand(hand, starter, is_crib=args.crib)
    print(f"{'Crib' if args.crib else 'Hand'}: {card_names(hand)}   starter: "
          f"{card_name(starter)}")
    for item in items:
        print(f"  {item.label:<18} {card_names(item.cards):<16} {item.points:>3}")
    said = count_aloud(items)
    if total == 0:  # "nineteen": the count no hand can make, said of a hand with none
        said += " (a hand of no points: cribbage calls it nineteen, a count no hand makes)"
    print(f"  {said}")
    print(f"Total: {total}")
    return 0


def _option_json(o: DiscardOption) -> dict:
    return {
        "keep": [card_name(c) for c in o.keep], "toss": [card_name(c) for c in o.toss],
        "net": o.net,
        "hand": {"min": o.hand_min, "mean": o.hand_mean, "median": o.hand_median,
                 "max": o.hand_max,
                 "by_starter": {card_name(s): v for s, v in zip(o.starters, o.hand_scores,
                                                                 strict=True)}},
        "crib": {"min": o.crib_min, "mean": o.crib_mean, "max": o.crib_max,
                 "histogram": list(o.crib_histogram), "cribs": N_CRIBS},
    }


def _analyze(args: argparse.Namespace) -> int:
    six = _cards(args.cards, 6, "give the six cards dealt to you: cribbage analyze 5H 5C 5S "
                                "JD 6D 7C")
    start = time.perf_counter()
    options = analyze_discards(six, my_crib=args.dealer)
    elapsed = time.perf_counter() - start
    if args.json:
        print(json.dumps({"six": [card_name(c) for c in six], "dealer": args.dealer,
                          "options": [_option_json(o) for o in options]}, indent=1))
        return 0
    whose = "yours (dealer)" if args.dealer else "the opponent's (pone)"
    print(f"Six cards: {card_names(six)}   crib: {whose}")
    print(f"Exact over 46 starters for the hand and {N_CRIBS:,} cribs per toss "
          f"({elapsed * 1e3:.1f} ms).")
    print()
    sign = "+" if args.dealer else "-"
    print(f" #  {'keep':<12}  {'toss':<5}  hand: min  mean   med  max   crib: min  mean  max"
          f"   net (hand {sign} crib)")
    for i, o in enumerate(options, 1):
        print(f"{i:>2}  {card_names(o.keep):<12}  {card_names(o.toss):<5}  "
              f"{o.hand_min:>9} {o.hand_mean:>5.2f} {o.hand_median:>5.1f} {o.hand_max:>4}   "
              f"{o.crib_min:>9} {o.crib_mean:>5.2f} {o.crib_max:>4}   {o.net:>6.2f}")
    return 0


def run(handler, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run a command; bad cards or illegal input become a one-line error, exit status 2 (the
    error's ``exit_status``: 130 for a table build Ctrl-C stopped). A file the command could
    not read or write (the disk full, a folder removed meanwhile: the paths themselves are
    checked before the work) is one line too, exit status 1, a failed operation. Ctrl-C
    anywhere else (a training run, a one-process table build) stops the command with one
    line and status 130, not a traceback; files already written (checkpoints) are kept."""
    command = getattr(getattr(args, "command_parser", None), "prog", None) or \
        f"cribbage {args.command}"
    try:
        return handler(args)
    except CribbageError as exc:
        parser.exit(exc.exit_status, f"{command}: error: {clean(exc, 500)}\n")
    except KeyboardInterrupt:
        parser.exit(130, f"{command}: stopped (Ctrl-C)\n")
    except BrokenPipeError:
        raise  # the output's reader stopped reading: cribbage_gui.cli.main ends quietly
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        parser.exit(1, f"{command}: error: {clean(where + str(exc.strerror or exc), 500)}\n")

"""Tournaments of the variants (``cribbage tournament P1 P2 ... --variant NAME``): every
table of the variant's number of players drawn from those entered, each played at every
seating on the same deals, and each player's standing over all its games.

- **Tables.** Every set of N distinct entrants, N the variant's players; in the partnership
  game every way of splitting four entrants into two partnerships (three tables for each
  four entrants).
- **Seatings.** A table is played at every seating: each rotation round the table, and
  round it both ways (with three players who sits after whom matters a great deal: the
  seat after a weak player is fed its cards). Partners always sit across. Two players
  have two seatings, three six, a partnership table eight.
- **Duplicate deals.** Deal set ``k`` of table ``t`` is game ``k`` of a match seeded
  ``seed + t`` (``ai.match.variant.play_variant_game``) at every seating: the same cards,
  and the same first dealer's seat, whoever sits there. So every entrant holds every
  seat's cards once, and each seating is game ``k`` of ``cribbage match <seating>
  --variant NAME --seed <seed + t>``, which replays it.
- **Standings.** Each entrant's wins over its games (partners share their side's win),
  a 95% Wilson interval, games won by a skunk and the points its own seat made a deal.

An entrant may be entered more than once (only ``random``, ``heuristic`` and ``expert``
play the variants, and a partnership table needs four): its copies are told apart as
``random (2)``. The games are played through the referee (``ai.match.variant``), in
chunks of deal sets, by :func:`ai.match.runner.run_lazily` (workers, progress, Ctrl-C).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ai.base import check_plays
from ai.match.jobs import LOCAL, Backend
from ai.match.runner import MAX_GAMES, SaveGame, check_games, ready_to_save, run_lazily
from ai.match.tally import wilson_interval
from ai.match.tournament import MAX_PLAYERS
from ai.match.variant import VariantTally, play_variant_game
from ai.registry import canonical_name, make_player
from engine.errors import UsageError
from engine.rules import Rules, variant_name

Progress = Callable[[int], None]
Seating = tuple[int, ...]  # by seat: a place at the table (an index into its entrants)


def tables(entrants: int, rules: Rules) -> list[tuple[int, ...]]:
    """Every table of ``entrants`` numbered 0.., each as a seating (entrant by seat): every
    N of them in the order entered; with partners, each split of four into two
    partnerships, partners across (seats 0 and 2, 1 and 3).

    >>> from engine.rules import VARIANTS
    >>> tables(4, VARIANTS["three-player"])
    [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    >>> tables(4, VARIANTS["four-player"])
    [(0, 2, 1, 3), (0, 1, 2, 3), (0, 1, 3, 2)]
    """
    found: list[tuple[int, ...]] = []
    for p in itertools.combinations(range(entrants), rules.players):
        if rules.partners:
            a, b, c, d = p
            # a with b, with c, with d: the other two across from each other
            found += [(a, c, b, d), (a, b, c, d), (a, b, d, c)]
        else:
            found.append(p)
    return found


def seatings(players: int) -> list[Seating]:
    """Every seating of a table of ``players`` as places 0.. in seat order: each rotation,
    round the table both ways, without repeats. Partners (places 0 and 2, 1 and 3) stay
    across, as turning the table or reversing its direction keeps them so.

    >>> seatings(2)
    [(0, 1), (1, 0)]
    >>> len(seatings(3)), len(seatings(4))
    (6, 8)
    """
    ways = (tuple(range(players)), (0, *range(players - 1, 0, -1)))
    found: dict[Seating, None] = {}
    for order in ways:
        for turn in range(players):
            found[order[turn:] + order[:turn]] = None
    return list(found)


def games_in(entrants: int, rules: Rules, games: int) -> int:
    """The games a tournament of ``entrants`` plays at ``games`` a table (rounded up to
    whole deal sets), without listing its tables.

    >>> from engine.rules import VARIANTS
    >>> games_in(4, VARIANTS["three-player"], 100), games_in(5, VARIANTS["four-player"], 8)
    (408, 120)
    """
    count = math.comb(entrants, rules.players) * (3 if rules.partners else 1)
    per_table = len(seatings(rules.players))
    return count * per_table * math.ceil(games / per_table)


def entrant_names(names: Sequence[str]) -> list[str]:
    """The names shown: an entrant entered more than once is ``name (2)``, ``name (3)``...
    from its second entry on.

    >>> entrant_names(["random", "heuristic", "random"])
    ['random', 'heuristic', 'random (2)']
    """
    seen: dict[str, int] = {}
    shown = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        shown.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return shown


def play_table_chunk(job: tuple) -> list[VariantTally]:
    """Deal sets ``indices`` of one table, every one at every seating: ``(table index,
    variant, entries (the table's names, entered), shown (their names shown), seed,
    indices, save)``. A tally by seating (:func:`seatings`' order), its names the places'
    names shown in seat order."""
    from engine.rules import variant_rules

    _, variant, entries, shown, seed, indices, save = job
    rules = variant_rules(variant)
    players = [make_player(name) for name in entries]  # one per place: copies apart
    try:
        counted = []
        for seating in seatings(rules.players):
            names = tuple(shown[place] for place in seating)
            tally = VariantTally(rules, names)
            seated = [players[place] for place in seating]
            for index in indices:
                game = play_variant_game(seated, rules, seed, index)
                tally.add(game)
                if save is not None:
                    save(names, seed, index, game)
            counted.append(tally)
        return counted
    finally:
        for player in players:
            player.close()


class Standings:
    """Each entrant's figures, and each table's, as the chunks of games are counted."""

    FIELDS = ("games", "wins", "skunks", "points", "deals")

    def __init__(self, rules: Rules, table_list: list[tuple[int, ...]], entrants: int
                 ) -> None:
        self.rules = rules
        self.tables = table_list
        self.total = [dict.fromkeys(self.FIELDS, 0) for _ in range(entrants)]
        # per table, per place: the same figures
        self.by_table = [[dict.fromkeys(self.FIELDS, 0) for _ in t] for t in table_list]

    def fold(self, job: tuple, counted: list[VariantTally]) -> None:
        t = job[0]
        for seating, tally in zip(seatings(self.rules.players), counted, strict=True):
            for seat, place in enumerate(seating):
                side = self.rules.side_of(seat)
                for figures in (self.by_table[t][place],
                                self.total[self.tables[t][place]]):
                    figures["games"] += tally.games
                    figures["wins"] += tally.side_wins[side]
                    figures["skunks"] += tally.skunks[side]
                    figures["points"] += tally.points[seat]
                    figures["deals"] += tally.deals


def _row(name: str, f: dict[str, int]) -> dict[str, Any]:
    lo, hi = wilson_interval(f["wins"], f["games"])
    return {"name": name, "games": f["games"], "wins": f["wins"],
            "win_rate": f["wins"] / f["games"] if f["games"] else 0.0, "ci95": [lo, hi],
            "skunks": f["skunks"],
            "points_per_deal": f["points"] / f["deals"] if f["deals"] else 0.0}


def run_variant_tournament(names: Sequence[str], rules: Rules, games: int, seed: int = 0,
                           workers: int = 1, progress: Progress | None = None,
                           save_games: SaveGame | None = None,
                           backend: Backend = LOCAL) -> dict[str, Any]:
    """Play every table of ``names`` at ``rules`` (see the module docstring), ``games``
    games a table (rounded up to whole deal sets: a multiple of the seatings), and return
    the standings (JSON-ready; ``"stopped_early"`` when Ctrl-C stopped it, the figures then
    those of the chunks finished). UsageError, in one line and before any game, for too
    few or too many entrants, or one that does not play the variant."""
    variant = variant_name(rules)
    entries = [canonical_name(name) for name in names]
    if len(entries) < rules.players:
        raise UsageError(f"a {variant} tournament needs at least {rules.players} players, "
                         f"not {len(entries)}")
    if len(entries) > MAX_PLAYERS:
        raise UsageError(f"a tournament takes at most {MAX_PLAYERS} players, not "
                         f"{len(entries)}")
    check_games(games)
    if workers < 1:
        raise UsageError("--workers must be at least 1")
    for name in dict.fromkeys(entries):  # a bad name, or one not of this game: now
        try:
            player = make_player(name)
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
        try:
            check_plays(player, variant)
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
        finally:
            player.close()
    if games_in(len(entries), rules, games) > MAX_GAMES:
        raise UsageError(f"{games_in(len(entries), rules, games):,} games: at most "
                         f"{MAX_GAMES:,} games in one run")
    table_list = tables(len(entries), rules)
    per_table = len(seatings(rules.players))
    deal_sets = math.ceil(games / per_table)
    shown = entrant_names(entries)
    save = ready_to_save(save_games, backend)
    chunk = max(1, min(8, deal_sets // (4 * workers)))

    def jobs() -> Iterator[tuple]:
        for t, table in enumerate(table_list):
            for i in range(0, deal_sets, chunk):
                yield (t, variant, tuple(entries[e] for e in table),
                       tuple(shown[e] for e in table), seed + t,
                       range(i, min(deal_sets, i + chunk)), save)

    standings = Standings(rules, table_list, len(entries))
    start = time.perf_counter()
    stopped = run_lazily(play_table_chunk, jobs(), workers, standings.fold,
                         size=lambda job: len(job[5]) * per_table, progress=progress,
                         backend=backend)
    elapsed = time.perf_counter() - start
    players = [_row(name, f) | {"entry": entry}
               for name, entry, f in zip(shown, entries, standings.total, strict=True)]
    table_rows = []
    for t, table in enumerate(table_list):
        rows = [_row(shown[e], f) for e, f in zip(table, standings.by_table[t], strict=True)]
        table_rows.append({
            "seed": seed + t, "players": [shown[e] for e in table],
            "sides": [[shown[table[s]] for s in range(rules.players) if rules.side_of(s) == side]
                      for side in range(rules.sides)],
            "games": rows[0]["games"], "standings": rows})
    return {"variant": variant, "players": players, "tables": table_rows,
            "games_per_table": deal_sets * per_table, "deal_sets_per_table": deal_sets,
            "seatings_per_table": per_table, "even_share": 1 / rules.sides,
            "seed": seed, "elapsed_s": elapsed, "stopped_early": stopped}


def format_standings(r: dict[str, Any]) -> str:
    """The standings as a table, best first, and each table's win rates."""
    rows = sorted(r["players"], key=lambda p: -p["win_rate"])
    width = max(12, *(len(p["name"]) for p in rows)) + 2
    lines = [f"{r['variant']}: {len(r['players'])} players, {len(r['tables'])} "
             f"table{'s' if len(r['tables']) != 1 else ''}, "
             f"{r['games_per_table']:,} games a table ({r['deal_sets_per_table']:,} deal "
             f"sets at each of {r['seatings_per_table']} seatings), seed {r['seed']} "
             f"({r['elapsed_s']:.0f} s)", "",
             f"{'player':<{width}}{'games':>8}{'wins':>8}  {'win rate (95% CI)':<24}"
             f"{'skunks':>7}{'points a deal':>15}"]
    for p in rows:
        lo, hi = p["ci95"]
        rate = f"{p['win_rate']:.1%} ({lo:.1%}-{hi:.1%})"
        lines.append(f"{p['name']:<{width}}{p['games']:>8,}{p['wins']:>8,}  {rate:<24}"
                     f"{p['skunks']:>7,}{p['points_per_deal']:>15.2f}")
    lines += ["", f"an even share is {r['even_share']:.1%} of the games"
              + (" (partners share their side's wins)" if r["variant"] == "four-player"
                 else ""), "", "tables (win rate at the table):"]
    for table in r["tables"]:
        won = {row["name"]: row["win_rate"] for row in table["standings"]}
        sides = " v ".join(" and ".join(side) for side in table["sides"])
        lines.append(f"  {sides}: " + ", ".join(
            f"{' and '.join(side)} {won[side[0]]:.1%}" for side in table["sides"]))
    return "\n".join(lines)

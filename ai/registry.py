"""Players by name: ``make_player("mueller", seed=1)``.

A name may carry options after a colon, e.g. ``weights:path/to/file.npz``; each player says
what its options mean. The listing order is the order of strength the GUI offers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.base import Player, Seed
from engine.bounded import quote
from engine.errors import CribbageError


class UnknownPlayerError(CribbageError):
    """No player has that name, or its options are wrong."""


@dataclass(frozen=True)
class PlayerInfo:
    name: str
    title: str  # shown in menus
    description: str
    factory: Callable[[str | None, Seed], Player]
    level: bool = True  # offered as a named level (False: kept for measurements)
    blurb: str = ""  # one plain sentence for a player choosing an opponent (the welcome)
    variants: tuple[str, ...] = ("six-card",)  # the variants it plays (``Player.variants``)

    @property
    def rating(self) -> tuple[float, float, float] | None:
        """(Elo, low, high) measured in the tournament of docs/tournaments.md, if measured."""
        entry = measured_ratings().get("ratings", {}).get(self.name)
        if not entry:
            return None
        return float(entry["elo"]), float(entry["ci95"][0]), float(entry["ci95"][1])


_RATINGS: dict = {}


def measured_ratings() -> dict:
    """``assets/ratings.json`` (written by ``cribbage tournament --ratings-out``), or no
    ratings when it is missing, damaged or not of that shape (read within
    ``engine.bounded``'s limits): the levels are then shown without their Elo."""
    if not _RATINGS:
        from ai.tables.files import asset_path
        from engine import bounded

        try:
            data = bounded.read_json(asset_path("ratings.json"), max_bytes=1_000_000)
            ratings = data["ratings"]
            for entry in ratings.values():
                float(entry["elo"]), float(entry["ci95"][0]), float(entry["ci95"][1])
        except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
            data, ratings = {}, {}
        _RATINGS.update(data if isinstance(data, dict) else {})
        _RATINGS["ratings"] = ratings
    return _RATINGS


def _no_options(cls):
    def factory(options: str | None, seed: Seed) -> Player:
        if options:
            raise UnknownPlayerError(f"player {cls.name!r} takes no options (got {options!r})")
        return cls(seed)
    return factory


def _with_path(cls):
    def factory(options: str | None, seed: Seed) -> Player:
        return cls(seed, path=options)
    return factory


EXPERT_WORDS = ("deep", "acc", "fit", "roll", "blind")


def _expert_options(cls):
    """``expert``, then any of the words ``deep`` (more samples), ``acc`` (ACC match
    points), ``fit`` (an opponent model fitted from the game), ``roll`` (discards by
    playing the deal out) and ``blind`` (the opponent's replies chosen without seeing my
    hand), then a tables FILE:
    ``expert:deep``, ``expert:acc``, ``expert:acc:deep``, ``expert:fit``, ``expert:FILE``,
    ``expert:deep:FILE``..."""
    def factory(options: str | None, seed: Seed) -> Player:
        words = (options or "").split(":")
        flags = set()
        while words and words[0] in EXPERT_WORDS:
            if words[0] in flags:
                raise UnknownPlayerError(f"{words[0]!r} given twice in expert:{options}")
            flags.add(words.pop(0))
        path = ":".join(words) or None
        return cls(seed, path=path, deep="deep" in flags,
                   objective="acc" if "acc" in flags else "win", fit_opponent="fit" in flags,
                   rollout="roll" in flags, blind="blind" in flags)
    return factory


def acc_variant(name: str) -> str:
    """The name a player plays a match scored in ACC points under: the expert's ACC
    objective (``expert`` -> ``expert:acc``, ``expert:deep`` -> ``expert:acc:deep``);
    others unchanged (no other level has an ACC objective)."""
    base, _, options = name.partition(":")
    words = options.split(":") if options else []
    if base != "expert" or "acc" in words:
        return name
    return ":".join([base, "acc", *words])


def _registry() -> dict[str, PlayerInfo]:
    from ai.players.evolved import EvolvedPlayer
    from ai.players.expert import Expert2026Player, ExpertNov2026Player, ExpertPlayer
    from ai.players.heuristic import HeuristicPlayer
    from ai.players.mueller import MuellerPlayer
    from ai.players.random_player import RandomPlayer
    from ai.players.weights import WeightsPlayer

    entries = [
        PlayerInfo("random", "Random", "Tosses and plays uniformly at random.",
                   _no_options(RandomPlayer),
                   blurb="Throws and plays any card at random: for learning the rules.",
                   variants=RandomPlayer.variants),
        PlayerInfo("evolved", "Evolved discarder (Kendall & Shaw)",
                   "Discards by learned card values for each hand; pegs simply (fifteen, "
                   "lead from a pair, else the first card). evolved:FILE for another table.",
                   _with_path(EvolvedPlayer),
                   blurb="Throws by card values it learned by evolution; pegs simply."),
        PlayerInfo("weights", "Strategy weights (score-aware, learned)",
                   "Eight discard strategies weighted by the board position, learned by "
                   "self-training; pegs greedily. weights:FILE for another table.",
                   _with_path(WeightsPlayer),
                   blurb="Weighs eight ways of throwing by the score of the game; pegs "
                         "greedily."),
        PlayerInfo("heuristic", "Heuristic pegger",
                   "Keeps the best expected hand; pegs greedily with club-player defence.",
                   _no_options(HeuristicPlayer),
                   blurb="Keeps the best hand on average and pegs like a club player.",
                   variants=HeuristicPlayer.variants),
        PlayerInfo("mueller", "Mueller (HALSCRIB, 1987)",
                   "Seven discard strategies chosen by the score; probabilistic pegging "
                   "with a mixed strategy.",
                   _no_options(MuellerPlayer),
                   blurb="A classic program (1987): throws by the score, pegs with a "
                         "little surprise."),
        PlayerInfo("expert-2026", "Expert, 2026 version (kept unchanged)",
                   "Today's expert (2026-11-25) kept as it is: the bar a new expert must "
                   "clear (53% over 20,000 duplicate games). expert-2026:FILE for other "
                   "tables.",
                   _with_path(Expert2026Player), level=False),
        PlayerInfo("expert-2026-11", "Expert, November 2026 version (kept unchanged)",
                   "The expert as it was on 2026-11-29 kept as it is: the bar the next "
                   "expert must clear (53% over 20,000 duplicate games). "
                   "expert-2026-11:FILE for other tables.",
                   _with_path(ExpertNov2026Player), level=False),
        PlayerInfo("expert", "Expert (plays to win)",
                   "Discards for the best chance of winning from exact hand and crib "
                   "figures and every play of the kept cards against every hand the "
                   "opponent can hold; pegs by searching the rest of the play over 1,536 "
                   "sampled opponent hands, each weighed by how likely the opponent kept it "
                   "given what it must have thrown, and how likely its lead or its answer "
                   "to a lead was with it, as sharply as its play this game bears out. "
                   "expert:deep samples four times as many hands "
                   "(up to about 1 s a decision), for analysis (50.7% against the default "
                   "over 4,000 duplicate games: at most a small edge); "
                   "expert:acc plays for ACC match points (a skunk 3, a win 2) instead of "
                   "the win, as the computer does in the window's matches; expert:fit "
                   "weighs the opponent's possible cards by its habits, fitted from the "
                   "game so far (how sharply it keeps good hands, how greedily it pegs); "
                   "expert:FILE (or expert:deep:FILE) for other tables.",
                   _expert_options(ExpertPlayer),
                   blurb="Weighs every hand you might hold and plays for the game (in a "
                         "match, for match points): the strongest here.",
                   variants=ExpertPlayer.variants),
    ]
    return {e.name: e for e in entries}


def available_players() -> list[PlayerInfo]:
    """Every registered player, weakest first (by the head-to-head results in docs/tournaments.md);
    the last is the strongest, which the GUI's hint uses."""
    return list(_registry().values())


LEVEL_NAMES = ("Beginner", "Easy", "Medium", "Hard", "Very hard", "Expert")


@dataclass(frozen=True)
class Level:
    """A level a player understands, for a registered player: "Hard" is ``heuristic``."""

    name: str  # "Beginner" ... "Expert"
    player: PlayerInfo
    elo: float | None  # measured (assets/ratings.json), None if not measured

    @property
    def detail(self) -> str:
        """The player's historical name and strength: "Mueller (HALSCRIB, 1987), Elo 1660"."""
        elo = "" if self.elo is None else f", Elo {self.elo:.0f}"
        return f"{self.player.title}{elo}"


def named_levels() -> list[Level]:
    """Every registered player offered as a level (not the versions kept for measuring) as a
    named level, weakest first, ordered by measured Elo
    (players not measured keep their registry order, after those measured). The strongest
    is always "Expert" and the weakest "Beginner"; the names between follow the order."""
    players = [p for p in available_players() if p.level]
    order = {p.name: i for i, p in enumerate(players)}

    def strength(p: PlayerInfo):
        rating = p.rating
        return (rating is not None, rating[0] if rating else order[p.name])

    ranked = sorted(players, key=strength)
    names = list(LEVEL_NAMES)
    if len(ranked) != len(names):  # more or fewer players: spread the names over them
        step = (len(names) - 1) / max(1, len(ranked) - 1)
        names = [LEVEL_NAMES[round(i * step)] for i in range(len(ranked))]
    return [Level(n, p, p.rating[0] if p.rating else None) for n, p in zip(names, ranked,
                                                                         strict=True)]


def level_of(name: str) -> Level | None:
    """The named level of a registry name (options ignored), or None (``ext:`` engines)."""
    base = name.partition(":")[0]
    return next((lv for lv in named_levels() if lv.player.name == base), None)


def display_name(name: str) -> str:
    """The name results show for a player: its registry name (``expert:deep``), or for an
    ``ext:`` engine the name it gives itself, else its program's (``ai.external``; this
    starts the engine once per process)."""
    base, _, options = name.partition(":")
    if base == "ext" and options.strip():
        from ai.external import engine_name

        return engine_name(options).name
    return name


def display_names(names: list[str]) -> list[str]:
    """:func:`display_name` of each, except that players who would show the same name keep
    the names they were given (two copies of one engine with different options), and an
    engine whose name is one of ours ("mueller", "expert:deep") is marked "(ext)", so the
    history and the ratings never file it as ours."""
    ours = set(_registry())
    shown = []
    for name, s in zip(names, (display_name(n) for n in names), strict=True):
        if name.startswith("ext:") and s.partition(":")[0] in ours:
            s = f"{s} (ext)"
        shown.append(s)
    return [n if shown.count(s) > 1 else s for n, s in zip(names, shown, strict=True)]


def _level_key(text: str) -> str:
    """A level's name as typed, any case and spacing: "Very hard", "very-hard", "VeryHard"."""
    return "".join(ch for ch in text.lower() if ch not in " -_")


def canonical_name(name: str) -> str:
    """The registry's spelling of a player's name: in any case (``Mueller`` is ``mueller``),
    or a level the window offers (``Hard``, ``very-hard``, ``Expert``: the player it stands
    for, as :func:`named_levels` says), options after a colon kept as given (a file name's
    case matters). ``ext:`` engines and unknown names are returned unchanged
    (:func:`make_player` refuses the unknown ones).

    >>> canonical_name("Mueller"), canonical_name("EXPERT:deep")
    ('mueller', 'expert:deep')
    """
    base, colon, options = name.partition(":")
    key = base.strip().lower()
    if key == "ext":
        return f"ext{colon}{options}"
    if key in _registry():
        return f"{key}{colon}{options}"
    level = next((lv for lv in named_levels() if _level_key(lv.name) == _level_key(key)),
                 None)
    return f"{level.player.name}{colon}{options}" if level and key else name


def known_names() -> str:
    """The players and levels a name may be, for a message: "random, evolved, ...; or a
    level: Beginner (random), ..."."""
    levels = ", ".join(f"{lv.name} ({lv.player.name})" for lv in named_levels())
    return f"{', '.join(_registry())}; or a level: {levels}"


def is_external(name: str) -> bool:
    """Does ``name`` name an external engine (``ext:COMMAND``: a program this one would
    start), in any case and spacing?

    >>> is_external("ext:python3 bot.py"), is_external(" EXT:x"), is_external("mueller")
    (True, True, False)
    """
    return canonical_name(name.strip()).partition(":")[0] == "ext"


def make_builtin_player(name: str, seed: Seed = None, where: str = "a saved game"
                        ) -> Player:
    """:func:`make_player` for a name that did not come from the person's own choice of an
    engine (a name read from a file: ``where`` says whose): one of ours only. An external
    engine is refused (UnknownPlayerError) and nothing is started, since a file must never
    make this program run another."""
    if is_external(name):
        command = name.strip().partition(":")[2].strip()
        raise UnknownPlayerError(f"it names an outside program, {quote(command, 60)}, as a "
                                 f"player: {where} may name only the built-in players, and "
                                 f"nothing was run")
    return make_player(name, seed)


def make_player(name: str, seed: Seed = None) -> Player:
    """Build the player called ``name`` (``"random"``, ``"heuristic"``, ``"mueller"``, ...,
    in any case, or a level's name: ``"Hard"``; options after a colon), with its random
    generator from ``seed``."""
    base, _, options = canonical_name(name).partition(":")
    if base == "ext":  # an external engine: the rest of the name is its command
        from ai.external import ExternalPlayer

        if not options.strip():
            raise UnknownPlayerError("ext: needs a command, e.g. ext:python3 mybot.py")
        return ExternalPlayer(seed, command=options)
    registry = _registry()
    if base not in registry:
        raise UnknownPlayerError(f"no player called {quote(base, 40)}; known players: "
                                 f"{known_names()}")
    return registry[base].factory(options or None, seed)

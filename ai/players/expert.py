"""``expert``: our own player; it plays to win the game, not to score points.

**Discards.** Each of the 15 keep/toss options is valued by its kept hand's exact score over
the 46 starters (``analyze_discards``), its crib with the opponent's two cards thrown as a
sensible opponent throws them (the toss model of ``ai.tables.expert``, not
uniformly), and its pegging (points gained minus given in simulated play of the kept ranks,
by role). These are combined through the board position: the option kept is the one with
the highest probability of winning the game, computed from the win-probability table
``W[d, a, b]`` and complete deal samples (everything this player's cards do not decide),
following the counting order, so near the end the pone counting first, pegging out and
his heels decide; far from the end this is, in effect, the best expected net.

**Pegging** is search, not rules. The opponent's remaining cards are sampled from the
cards this player has not seen, consistent with what it saw (a go at this count means none
of its cards fits), each sample weighted by how likely a sensible player was to keep those
four cards. For every sample the rest of the play is searched exactly (both hands known,
each side playing its best; cards of a rank are one choice), and the card with the best
weighted average wins: net pegging points in the early game; from 86 points on (either
player) the probability of winning, counting the show in order after the play, then ``W``.

``expert:FILE`` uses another tables file (``cribbage train expert``).

**An opponent model** (``expert:fit``, ``ai.opponent``): the opponent's habits, fitted
from the deals of this game whose show revealed its cards: how sharply it keeps good hands
(the keep weight of the samples in the play) and how much it prefers points in the play
(each sample then also weighed by how likely the opponent's plays so far were with it). An
unknown opponent is the default (the fixed weights above) until the game shows otherwise.
It learns from the game's events, so it plays through the referee, not the compiled loop.

**ACC points** (``expert:acc``, and the computer in the window's matches): the same player
maximising expected ACC match points net (2 a win, 3 a skunk; what the opponent scores
counts against it) instead of the chance of winning: its discards and its end-game play
value positions with the ACC table (``ai.tables.expert``: the same dynamic programming with
a skunk worth 3 and a plain win 2), so near the skunk line it plays to make or save one.

**Discards by playing the deal out** (``expert:roll``, ``ai._rollout``): each option
valued by complete deals instead: fixed opponent sixes (each tossing as a sensible player
does) and every starter they leave, the play played out with both hands known by the
search above, the show in order and W. Measured no better than the default (docs/expert.md).

**Pegging without the opponent seeing my cards** (``expert:blind``,
``ai._expert.blind_play_values``): the opponent's reply to my card is chosen by its value
averaged over the hands it may imagine I hold, not by my actual hand; the rest is searched
as above. Measured no resolved gain (docs/expert.md).

This describes ``expert-2026`` (:class:`Expert2026Player`), the expert as it was on
2026-11-25, kept unchanged as the bar. The expert (:class:`ExpertPlayer`) is that player
with two changes: its discard's pegging figure is the pegging table (every play of every
pair of rank hands, ``ai.tables.expert_pegging``) weighed over the opponent's possible
hands at half weight, and it samples as the 2026 expert's ``deep`` did (1,536 opponent
hands, all 24,754 deals); its ``deep`` samples 6,144 hands.

Since issue 40 (``expert-2026-11``, :class:`ExpertNov2026Player`, is the expert before it)
the opponent's hand is read from what it must have thrown: each hand the play samples, and
each the discard's pegging figure weighs, counts by the keep model of the opponent's role
(``ai.tables.keep_model``: over every pair it may have thrown beside those four, the chance
that a sensible player in its role keeps them), not by how good the four are alone; and,
from the first two cards of the play, by how likely its opening lead or its answer to my
lead was with them (``ai.tables.lead_model``), as sharply as its leads and answers shown
so far this game follow those values (``ai.opponent.ReadFit``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ai import _decide, _expert
from ai._decide import END_GAME as END_GAME  # from here on, the play is for the win
from ai._decide import KEEP_BETA
from ai._rollout import N_LEFT
from ai.base import Decision, Player, Reasoning, Seed
from ai.opponent import READ_BETAS, OpponentModel, ReadFit
from ai.tables import expert as expert_tables
from ai.tables.index import N_FOUR
from engine import Observation, PlayCard, Toss, analyze_discards
from engine.cards import Card, CardName, card_name, cards_with, pip_value
from engine.errors import CribbageError
from engine.rules import RULES as GAME_RULES
from engine.rules import VARIANTS

# the 2026 expert: opponent hands sampled in the play, deal samples behind each discard
PLAY_SAMPLES = 96
DISCARD_SAMPLES = 384
# its deep settings: sixteen times the opponent hands in the play, and every deal of the
# tables (24,754) behind each discard's chance of winning
DEEP_PLAY_SAMPLES = 1536
DEEP_DISCARD_SAMPLES = 1 << 20  # all of them
# the expert: the 2026 deep settings by default; expert:deep four times the hands again
EXPERT_PLAY_SAMPLES = (DEEP_PLAY_SAMPLES, 4 * DEEP_PLAY_SAMPLES)
PLAY_TEMPERATURE = 0.0  # reading the opponent's plays (play_temperature_now): off, measured no gain
PEG_SCALE = 0.5  # the weight of the pegging table in the expert's discard (measured)
# expert:roll: opponent sixes its discard plays out (each with all 40 starters), (default, deep)
ROLLOUT_SAMPLES = (128, 1024)
# expert:blind: hands of mine each sampled opponent imagines when it replies, (default, deep)
BLIND_VIEWS = (8, 16)
# issue 40: the keep model's sharpness (per point of a keep's value; None: the plain keep
# weights), and the crib given my six rather than by the two thrown (measured no gain: off)
KEEP_MODEL_BETA: float | None = 4.0
KEEP_MODEL_PEG = 0.0
RESAMPLE = 0  # opponent hands drawn again by weight from RESAMPLE times as many (0: not)
READ_PASSES = True  # every count the opponent could not play into (measured: see docs/expert.md)
LEAD_BETA = 0.0  # the pone's opening lead read by its lead values, per point (0: not read)
REPLY_BETA = 0.0  # the dealer's answer to my lead read by its reply values (0: not read)
# both read at the sharpness fitted to this opponent over the game (ai.opponent.ReadFit),
# in place of LEAD_BETA and REPLY_BETA; measured: 53.2% of 10,000 games against
# expert-2026-11 where the expert without them won 52.4% on the same deals
READS_FITTED = True
FUSED = 1  # measured: 52.5% of 10,000 games against expert-2026-11, 52.1% without
CRIB_GIVEN_SIX = False


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if np.isfinite(value) else None


def _experiment(player) -> None:
    """For measuring a part's worth (docs/expert.md): ``CRIBBAGE_EXPERT_PARTS`` set to
    words ``keep=BETA`` (``keep=off``), ``crib=on|off``, ``end=SCORE``, ``peg=SCALE``
    (the discard's pegging weight), ``temp=T`` (reading the opponent's plays at
    temperature T; 0: off), ``keeppeg=X`` (the keeps' pegging in the keep model, at
    weight X) and ``fuse=on|off|2`` (my next card, or 2: my next two, pooled over the
    samples) and ``goes=on|off`` (the opponent's cards sampled past every count it could
    not play into, not only this count's go) and ``resample=F`` (the opponent hands drawn
    again by weight from F times as many) and ``lead=BETA`` (a pone's opening lead read by
    its lead values at BETA per point, ``ai.tables.lead_model``; 0: not read) and
    ``reply=BETA`` (the dealer's answer to my lead, likewise) and ``reads=fit|fixed``
    (both read at the sharpness fitted to the opponent over the game, or at those fixed
    BETAs) changes those
    parts of every ``expert`` made in this process and its workers. Unset, nothing
    changes."""
    import os

    for word in os.environ.get("CRIBBAGE_EXPERT_PARTS", "").split():
        key, _, value = word.partition("=")
        number = _number(value)
        if key == "keep" and (value == "off" or number is not None and number > 0):
            player.keep_model_beta = None if value == "off" else number
        elif key == "crib" and value in ("on", "off"):
            player.crib_given_six = value == "on"
        elif key == "end" and number is not None:
            player.end_game = number
        elif key == "peg" and number is not None and number >= 0:
            player.peg_scale = number
        elif key == "temp" and number is not None and number >= 0:
            player.play_temperature = number
        elif key == "keeppeg" and number is not None and number >= 0:
            player.keep_model_peg = number
        elif key == "resample" and number is not None and 0 <= number <= 64:
            player.resample = int(number)
        elif key == "goes" and value in ("on", "off"):
            player.read_passes = value == "on"
        elif key == "fuse" and value in ("on", "off", "2"):
            player.fused = {"off": 0, "on": 1, "2": 2}[value]
        elif key == "lead" and number is not None and 0 <= number <= 64:
            player.lead_beta = number
        elif key == "reply" and number is not None and 0 <= number <= 64:
            player.reply_beta = number
        elif key == "reads" and value in ("fit", "fixed"):
            player.reads_fitted = value == "fit"
        else:
            raise CribbageError(
                f"CRIBBAGE_EXPERT_PARTS: unknown part {word!r}; the parts are keep=BETA "
                f"(or keep=off), crib=on|off, end=SCORE, peg=SCALE, temp=T, keeppeg=X, "
                f"fuse=on|off|2, goes=on|off, resample=F (0 to 64), lead=BETA and "
                f"reply=BETA (0 to 64), reads=fit|fixed")


@dataclass(frozen=True)
class ExpertOption:
    keep: tuple[Card, ...]
    toss: tuple[Card, Card]
    hand_mean: float
    crib: float  # expected crib under the toss model, + in my crib, - in theirs
    pegging: float  # expected pegging gained minus given
    net: float
    win: float  # the objective's value: the probability of winning, or for ACC points
    # (expert:acc) (the expected points net + 3) / 6 (``ai.tables.expert.acc_points``)


@dataclass(frozen=True)
class ExpertDiscard(Reasoning):
    position: tuple[bool, int, int]  # (I deal, my score, the opponent's)
    options: tuple[ExpertOption, ...]
    chosen: int
    samples: int
    objective: str = "win"  # or "acc": ACC match points (expert:acc)

    def value_text(self, value: float) -> str:
        """An option's value as the objective's figure: "54.1%" (the chance of winning) or
        "+0.42" (expected ACC points net)."""
        if self.objective == "acc":
            return f"{expert_tables.acc_points(value):+.2f}"
        return f"{value:.1%}"

    def summary(self, name: CardName = card_name) -> str:
        o = self.options[self.chosen]
        best_net = max(self.options, key=lambda x: x.net)
        acc = self.objective == "acc"
        extra = "" if best_net is o else (
            f"; the best expected net ({cards_with(best_net.keep, name)}, {best_net.net:+.2f}) "
            + (f"expects fewer ACC points ({self.value_text(best_net.win)} net)" if acc else
               f"wins less often ({best_net.win:.1%})"))
        figure = (f"expects {self.value_text(o.win)} ACC points net" if acc else
                  f"wins {o.win:.1%}")
        return f"keeps {cards_with(o.keep, name)}: expected net {o.net:+.2f}, {figure}{extra}"


@dataclass(frozen=True)
class ExpertCandidate:
    card: Card
    value: float  # net pegging points to the end of the play, or the probability of winning


@dataclass(frozen=True)
class ExpertPlay(Reasoning):
    mode: str  # "points", "win", or "acc" (expected ACC points net, expert:acc near the end)
    candidates: tuple[ExpertCandidate, ...]
    chosen: Card
    samples: int
    effective_samples: float  # of the weighted samples (1 / sum of squared weights)
    # expert:fit: the opponent model it weighed the samples by (keep beta, temperature)
    model: tuple[float, float] | None = None
    # expert:blind: the hands of mine each sampled opponent imagined when it chose its
    # reply without seeing mine (0: it replied seeing my hand)
    blind: int = 0
    # every card that fits, when they are all of one rank (they play alike): the chosen one
    # and the others (words for the summary, out of the repr the pinned decisions digest)
    alike: tuple[Card, ...] = field(default=(), repr=False)
    # my next card chosen without seeing the opponent's (ai._expert.fused_play_values; out
    # of the repr: the kept experts' pinned digests stay as they were)
    pooled: bool = field(default=False, repr=False)
    # the opponent's choices its sampled hands were weighed by beside its throw ("its lead",
    # "its answer to my lead"; ai.tables.lead_model), out of the repr as ``pooled``
    read: str = field(default="", repr=False)
    # the sharpness per point it read that choice at (the fitted posterior's mean, or the
    # fixed one) and whether fitted to this game (ai.opponent.ReadFit); out of the repr too
    read_at: float | None = field(default=None, repr=False)
    read_fitted: bool = field(default=False, repr=False)

    def read_text(self) -> str:
        """"its lead, at a sharpness of about 2.3 a point as its leads this game bear
        out" (fixed: "at a sharpness of 4 a point"), or "" when it read none of the
        opponent's plays."""
        if not self.read or self.read_at is None:
            return self.read
        if not self.read_fitted:
            return f"{self.read}, at a sharpness of {self.read_at:g} a point"
        habit = "leads" if self.read == "its lead" else "answers"
        return (f"{self.read}, at a sharpness of about {self.read_at:.1f} a point as its "
                f"{habit} this game bear out")

    def model_text(self) -> str:
        """"the opponent read as keeping at beta 0.6 and pegging at temperature 1" (or
        "without preferring points"), or "" without a fitted model."""
        if self.model is None:
            return ""
        beta, temperature = self.model
        pegging = ("without preferring points" if temperature == float("inf") else
                   f"pegging at temperature {temperature:g}")
        return f"the opponent read as keeping at beta {beta:g} and {pegging}"

    def summary(self, name: CardName = card_name) -> str:
        if len(self.candidates) == 1:
            if len(self.alike) > 1:
                return (f"plays {name(self.chosen)}: the cards that fit "
                        f"({', '.join(name(c) for c in self.alike)}) are the same rank, so "
                        f"they play alike")
            return f"plays {name(self.chosen)}: the only card that fits"
        unit = {"points": "net points", "win": "win probability",
                "acc": "expected ACC points net"}[self.mode]
        figures = ", ".join(
            f"{name(c.card)} {c.value:.1%}" if self.mode == "win" else
            f"{name(c.card)} {c.value:+.2f}" for c in self.candidates)
        model = f"; {self.model_text()}" if self.model is not None else ""
        blind = (f"; the opponent replying without seeing my hand ({self.blind} imagined)"
                 if self.blind else "")
        pooled = "; my next card chosen without seeing the opponent's cards" if self.pooled else ""
        read = f"; the opponent's hand also read from {self.read_text()}" if self.read else ""
        return (f"plays {name(self.chosen)} ({unit} over {self.samples} sampled hands: "
                f"{figures}){model}{blind}{pooled}{read}")


class Expert2026Player(Player):
    """Today's expert (2026-11-25), kept unchanged as the bar for the next version: it plays
    the pinned games the expert played that day (tests/ai/pinned). The next expert
    (:class:`ExpertPlayer`) is this player with what it changes overridden."""

    name = "expert-2026"
    # my next card (2: my next two) chosen without seeing the opponent's (ExpertPlayer's)
    fused = 0
    play_sample_count = (PLAY_SAMPLES, DEEP_PLAY_SAMPLES)  # (default, deep)
    discard_sample_count = (DISCARD_SAMPLES, DEEP_DISCARD_SAMPLES)
    rollout_keys = np.zeros((0, 52))  # no discard by playing deals out (expert:roll has)
    crib_given_six = False  # the crib by the two thrown only (not given the six)
    blind_keys = np.zeros((0, 52))  # the opponent replies seeing my hand (not expert:blind)

    def __init__(self, seed: Seed = None, path: str | None = None, deep: bool = False
                 ) -> None:
        super().__init__(seed)
        from ai.tables.weights import shipped_pegging_net

        self.deep = deep
        self.play_samples = self.play_sample_count[deep]
        discard_samples = self.discard_sample_count[deep]
        self.tables = expert_tables.load(path)
        self.peg_net = shipped_pegging_net()  # (1820, 2), by kept rank hand and role
        fixed = np.random.default_rng(12345)  # the same deal samples every decision
        n = self.tables.samples["heels"].shape[0]
        self.discard_samples = fixed.choice(n, min(n, discard_samples), replace=False)
        self.discard_u = fixed.random(self.discard_samples.shape[0])
        self.mean_crib = float(self.tables.samples["crib"].mean())
        self.objective = "win"
        self.values = expert_tables.value_table(self.tables.W, "win")  # what it maximises

    def keep_beta(self) -> float:
        """How sharply the opponent is taken to keep good hands."""
        return KEEP_BETA

    def play_temperature_now(self) -> float:
        """How the opponent's plays so far weigh the sampled hands (0: not at all)."""
        return 0.0

    def model_figures(self) -> tuple[float, float] | None:
        """The fitted opponent model (keep beta, play temperature), if it fits one."""
        return None

    def _version(self) -> np.ndarray:
        """``ExpertKernelTables.version``: the 2026 expert has none of the new expert's
        figures."""
        return np.array([0.0, 0.0, self.play_temperature_now(), self.keep_beta()])

    def _pegging_tables(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The new expert's pegging table, its hands' counts and weights (placeholders
        here)."""
        return (np.zeros((1, 1), dtype=np.int8), np.zeros((1, 1), dtype=np.int64),
                np.zeros(1))

    def kernel_tables(self) -> _decide.ExpertKernelTables:
        """What the compiled decisions (``ai._decide.expert_toss``, ``expert_play``) decide
        from (built at each decision: the sample counts may be set after construction, and
        expert:fit's model changes during a game)."""
        f8, i8 = np.float64, np.int64
        t = self.tables
        V, hand_counts, hand_weight = self._pegging_tables()
        heels, peg_role, peg_pts, n_peg, pone_hand, dealer_hand, crib = (
            np.ascontiguousarray(a, dtype=i8) for a in t.sample_arrays)
        return _decide.ExpertKernelTables(
            W=np.ascontiguousarray(self.values, dtype=f8),
            crib_model=np.ascontiguousarray(t.crib_model, dtype=f8),
            peg_net=np.ascontiguousarray(self.peg_net, dtype=f8),
            heels=heels, peg_role=peg_role, peg_pts=peg_pts, n_peg=n_peg,
            pone_hand=pone_hand, dealer_hand=dealer_hand, crib=crib,
            discard_samples=np.ascontiguousarray(self.discard_samples, dtype=i8),
            discard_u=np.ascontiguousarray(self.discard_u, dtype=f8),
            mean_crib=np.array([self.mean_crib], dtype=f8),
            play_samples=np.array([self.play_samples], dtype=i8),
            pegging_V=V, hand_counts=hand_counts, hand_weight=hand_weight,
            version=self._version(), rollout_keys=np.ascontiguousarray(self.rollout_keys,
                                                                       dtype=f8),
            blind_keys=np.ascontiguousarray(self.blind_keys, dtype=f8),
            keep_post=self._keep_post(),
            toss_q=np.ascontiguousarray(
                t.toss_q if self.crib_given_six else np.zeros((1, 1, 1)), dtype=f8))

    def _keep_post(self) -> np.ndarray:
        """The keep model by role (``ai.tables.keep_model``), or (1, 1): the plain keep
        weights."""
        return np.zeros((1, 1))

    # ------------------------------------------------------------------ discards
    def discard(self, obs: Observation) -> Decision:
        """The compiled ``ai._decide.expert_toss``, its figures shown beside the exact
        analysis of each option's hand."""
        figures = np.zeros((3, 15))
        _, _, chosen = _decide.expert_toss(_decide.dealt_of(obs), obs.is_dealer,
                                           obs.my_score, obs.opponent_score,
                                           self.kernel_tables(), figures)
        analysed = analyze_discards(list(obs.dealt), obs.is_dealer)  # its order, the kernel's
        if self.rollout_keys.shape[0]:  # expert:roll: each option over the deals played out
            samples = self.rollout_keys.shape[0] * N_LEFT
        else:
            samples = int(self.discard_samples.shape[0])
        sign = 1.0 if obs.is_dealer else -1.0
        crib, peg, win = ([float(v) for v in row] for row in figures)
        options = tuple(
            ExpertOption(o.keep, o.toss, o.hand_mean, sign * crib[i], peg[i],
                         o.hand_mean + sign * crib[i] + peg[i], win[i])
            for i, o in enumerate(analysed))
        reasoning = ExpertDiscard((obs.is_dealer, obs.my_score, obs.opponent_score), options,
                                  int(chosen), samples, self.objective)
        return Decision(Toss(tuple(options[chosen].toss)), reasoning)

    # ------------------------------------------------------------------ the play
    def play(self, obs: Observation) -> Decision:
        """The compiled ``ai._decide.expert_play``, its figures shown."""
        state, legal = _decide.play_state(obs)
        six, toss, starter, played, played_by, n_played = _decide.deal_seen(obs)
        values = np.zeros((1, 13))
        i, mode, weights = _decide.expert_play(
            state, obs.seat, legal, self.rng, obs.is_dealer, obs.my_score,
            obs.opponent_score, six, toss, starter, played, played_by, n_played,
            self.kernel_tables(), values)
        card = obs.hand[i]
        if weights.shape[0] == 0:  # one rank fits
            return Decision(PlayCard(card), ExpertPlay(
                "points", (ExpertCandidate(card, 0.0),), card, 0, 0.0,
                alike=tuple(obs.legal_cards)))
        candidates, first_of_rank = _decide.expert_candidates(state, obs.seat, legal)
        reasoning = self._play_reasoning(
            obs, "points" if mode == _decide.POINTS else self.objective, candidates,
            first_of_rank, values[0], weights, int(i))
        return Decision(PlayCard(card), reasoning)

    def evaluate_play(self, obs: Observation, modes: tuple[str, ...] = ("points", "win")
                      ) -> tuple[ExpertPlay, ...]:
        """The value of each legal rank (its first card) in each of ``modes``: "points"
        (net pegging points to the end of the play) or the player's objective ("win": the
        probability of winning, the show counted in order; "acc": expected ACC points net,
        expert:acc), all from one draw of the opponent's cards (``ai._decide.
        expert_evaluate``), so the modes differ only in what they measure; each mode's
        card is ``ai._decide.expert_pick``'s, the play's own. The candidates come best
        first (ties to the higher pip); :meth:`play` plays the card of the mode the score
        calls for."""
        for mode in modes:
            if mode not in ("points", self.objective):
                raise ValueError(f"{self.objective!r} player has no mode {mode!r}")
        state, legal = _decide.play_state(obs)
        six, toss, starter, played, played_by, n_played = _decide.deal_seen(obs)
        candidates, first_of_rank = _decide.expert_candidates(state, obs.seat, legal)
        ids = np.array([_decide.POINTS if m == "points" else _decide.OBJECTIVE for m in modes],
                       dtype=np.int64)
        values = np.zeros((len(modes), 13))
        weights = _decide.expert_evaluate(
            state, obs.seat, self.rng, obs.is_dealer, obs.my_score, obs.opponent_score, six,
            toss, starter, played, played_by, n_played, self.kernel_tables(), candidates,
            ids, values)
        n = candidates.shape[0]
        return tuple(self._play_reasoning(
            obs, mode, candidates, first_of_rank, values[m], weights,
            int(first_of_rank[candidates[_decide.expert_pick(values[m, :n], candidates)]]))
            for m, mode in enumerate(modes))

    def _play_reasoning(self, obs: Observation, mode: str, candidates: np.ndarray,
                        first_of_rank: np.ndarray, values: np.ndarray, weights: np.ndarray,
                        chosen: int) -> ExpertPlay:
        """The record of a play: each candidate's value (``values[:n]``, in points or the
        objective's unit), best first, the card at position ``chosen``, and the samples."""
        n = candidates.shape[0]
        by_rank = {int(r): obs.hand[first_of_rank[r]] for r in candidates}
        shown = values[:n].copy()
        if mode == "acc":
            shown = expert_tables.acc_points(shown)
        order = sorted(range(n), key=lambda i: (-shown[i], -pip_value(by_rank[int(candidates[i])])))
        normalised = weights / weights.sum()
        effective = float(1.0 / np.sum(normalised ** 2))
        k = obs.opponent_cards_left
        blind = int(self.blind_keys.shape[0]) if mode == "points" and k else 0
        pooled = bool(self.fused and k and not blind)
        read = self.choices_read(obs) if k else ""
        read_at, read_fitted = self.read_sharpness(read)
        return ExpertPlay(mode, tuple(
            ExpertCandidate(by_rank[int(candidates[i])], float(shown[i])) for i in order),
            obs.hand[chosen], int(weights.shape[0]), effective, self.model_figures(), blind,
            pooled=pooled, read=read, read_at=read_at, read_fitted=read_fitted)

    def read_sharpness(self, read: str) -> tuple[float | None, bool]:
        """(the sharpness per point ``read``, a :meth:`choices_read` answer, is read at,
        whether fitted to this game); (None, False) for none."""
        return None, False

    def choices_read(self, obs: Observation) -> str:
        """The opponent's plays this deal its sampled hands are weighed by beside its throw
        ("its lead", "its answer to my lead"), or "" (the 2026 experts read none)."""
        return ""

    def _sample_opponent(self, obs: Observation) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(ranks (n, k), normalised weights (n,), cards (n, k)) of the opponent's remaining
        cards, as the play samples them (``ai._decide.weighed_sample``)."""
        state, _ = _decide.play_state(obs)
        six, _, starter, played, played_by, n_played = _decide.deal_seen(obs)
        cards, weights = _decide.weighed_sample(state, obs.seat, self.rng, obs.is_dealer, six,
                                                starter, played, played_by, n_played,
                                                self.play_samples, self._version(),
                                                self._keep_post())
        return cards >> 2, weights / weights.sum(), cards


class ExpertPlayer(Expert2026Player):
    """The expert: the 2026 version with

    - its discard's pegging figure from the pegging table (every play of every pair of rank
      hands, both played out at their best; ``ai.tables.expert_pegging``), weighed over
      every hand the opponent can hold beside the six cards dealt, at half weight (the
      value with both hands known overstates how much pegging differs between hands),
      instead of statistics of greedy play (which, measured, cost the 2026 expert about
      two games in a hundred);
    - every deal sample behind each discard's chance of winning (24,754, not 384), and
      1,536 sampled opponent hands in the play (not 96): the 2026 expert's deep settings,
      now within the default's time; ``expert:deep`` samples four times as many hands;
    - (issue 40) the opponent's possible hands weighed by the keep model of its role
      (``ai.tables.keep_model``, at ``KEEP_MODEL_BETA``), in the play and in the discard's
      pegging figure;
    - (issue 40) its next card in the play chosen once for every sampled hand that would
      show it the same (``ai._expert.fused_play_values``), not fitted to each;
    - (issue 40) the opponent's opening lead and its answer to my lead read as choices
      (``ai.tables.lead_model``) at the sharpness fitted to this opponent over the game
      (``ai.opponent.ReadFit``): so it learns from the game's events, and the referee,
      not the compiled loop, plays it."""

    name = "expert"
    variants = tuple(VARIANTS)  # the variants by playing deals out (expert_variants)
    # (default, deep): the 2026 expert's deep sampling is now the default, within 100 ms
    play_sample_count = EXPERT_PLAY_SAMPLES
    discard_sample_count = (DEEP_DISCARD_SAMPLES, DEEP_DISCARD_SAMPLES)

    def __init__(self, seed: Seed = None, path: str | None = None, deep: bool = False,
                 pegging_path: str | None = None, objective: str = "win",
                 acc_path: str | None = None, fit_opponent: bool = False,
                 rollout: bool = False, blind: bool = False, reads: bool = True) -> None:
        super().__init__(seed, path, deep)
        from ai.tables import expert_pegging

        # expert:roll: the discard by playing deals out (ai._rollout); the opponent sixes
        # come from fixed keys, so every decision meets the same ones (reproducible)
        n_roll = ROLLOUT_SAMPLES[deep] if rollout else 0
        self.rollout_keys = np.random.default_rng(2027).random((n_roll, 52))
        # expert:blind: the opponent's reply chosen without seeing my hand, over the hands it
        # may imagine I hold (fixed keys: the same imagined hands every decision)
        n_blind = BLIND_VIEWS[deep] if blind else 0
        self.blind_keys = np.random.default_rng(2028).random((n_blind, 52))

        self.fits_opponent = fit_opponent  # expert:fit (ai.opponent); refereed games only
        self.model: OpponentModel | None = None

        if objective == "acc":  # ACC match points: the ACC table, and skunks worth 3
            self.values = expert_tables.value_table(expert_tables.load_acc(acc_path), "acc")
        elif objective != "win":
            raise ValueError(f"unknown objective {objective!r}; one of "
                             f"{', '.join(expert_tables.OBJECTIVES)}")
        self.objective = objective

        self.pegging = expert_pegging.load(pegging_path)
        # what the opponent kept, read from what it must have thrown (by role; measured)
        self.keep_model_beta: float | None = KEEP_MODEL_BETA
        self.keep_model_peg = KEEP_MODEL_PEG  # the keeps' pegging in the keep model's values
        self.fused = FUSED  # my next card chosen without seeing the opponent's (measured)
        self.read_passes = READ_PASSES  # every count it could not play into this deal
        self.resample = RESAMPLE
        self.lead_beta = LEAD_BETA
        self.reply_beta = REPLY_BETA
        self.reads_fitted = READS_FITTED
        self.read_fit: ReadFit | None = None
        self._reading: tuple | None = None  # (its figures, the keep model and reading rows)
        self.end_game = float(END_GAME)
        self.crib_given_six = CRIB_GIVEN_SIX
        self.peg_scale = PEG_SCALE
        self.play_temperature = PLAY_TEMPERATURE
        _experiment(self)
        if not reads:  # the opponent's lead and answer not read, whatever the parts say
            self.lead_beta, self.reply_beta, self.reads_fitted = 0.0, 0.0, False
        if self.reads_fitted or self.lead_beta > 0 or self.reply_beta > 0:
            from ai.tables import lead_model

            lead_model.load()  # a damaged table is refused here, not in the middle of a game
        self.hand_weight = np.zeros(N_FOUR)
        _expert.keep_weights(np.zeros(0, dtype=np.int64), self.pegging.hands, N_FOUR,
                             KEEP_BETA, self.hand_weight)

    def new_game(self, seat: int, rng: np.random.Generator | None = None) -> None:
        super().new_game(seat, rng)
        self.model = OpponentModel(seat) if self.fits_opponent else None
        self.read_fit = ReadFit(seat) if self.reads_fitted else None

    def discard(self, obs: Observation) -> Decision:
        if obs.rules != GAME_RULES:  # a variant's table (docs/variants.md)
            from ai.players import expert_variants

            return expert_variants.discard(obs, self.rng)
        return super().discard(obs)

    def play(self, obs: Observation) -> Decision:
        if obs.rules != GAME_RULES:
            from ai.players import expert_variants

            return expert_variants.play(obs, self.rng)
        return super().play(obs)

    @staticmethod
    def _plays_by_table(variant: str) -> bool:
        """Whether ``variant`` is one the expert plays from a win table of its own."""
        return variant in VARIANTS and VARIANTS[variant] != GAME_RULES

    def getting_ready(self, variant: str) -> str | None:
        from ai.tables import variant_win

        if not self._plays_by_table(variant) or variant_win.at_hand(variant):
            return None
        return ("The expert is working out its chance of winning at every score of this game "
                "before its first move: the first time only, about half a minute.")

    def get_ready(self, variant: str) -> None:
        from ai.tables import variant_win

        if self._plays_by_table(variant):
            variant_win.win_table(variant)

    def observe(self, event) -> None:
        if self.model is not None:
            self.model.observe(event)
        if self.read_fit is not None:
            self.read_fit.observe(event)

    def keep_beta(self) -> float:
        return self.model.beta if self.model is not None else KEEP_BETA

    def play_temperature_now(self) -> float:
        """Each sampled hand also by how likely the opponent's plays so far were with it
        (``ai._expert.play_likelihoods``), at the fitted temperature with expert:fit (none
        while the model says the opponent does not prefer points), else the fixed one (0:
        off)."""
        return self.model.temperature if self.model is not None else self.play_temperature

    def model_figures(self) -> tuple[float, float] | None:
        return None if self.model is None else (self.model.beta, self.model.temperature)

    def choices_read(self, obs: Observation) -> str:
        if self._keep_post().shape[0] <= 2:
            return ""
        _, _, _, played, played_by, n_played = _decide.deal_seen(obs)
        fitted = self.read_fit is not None
        if ((fitted or self.lead_beta > 0) and obs.is_dealer and n_played > 0
                and played_by[0] != obs.seat):
            return "its lead"
        if ((fitted or self.reply_beta > 0) and not obs.is_dealer and n_played > 1
                and played_by[0] == obs.seat and played_by[1] != obs.seat):
            return "its answer to my lead"
        return ""

    def read_sharpness(self, read: str) -> tuple[float | None, bool]:
        if not read:
            return None, False
        lead = read == "its lead"
        if self.read_fit is not None:  # the posterior's mean
            weights = self.read_fit.weights()[0 if lead else 1]
            return float(np.dot(weights, READ_BETAS)), True
        return (self.lead_beta if lead else self.reply_beta), False

    def _version(self) -> np.ndarray:
        return np.array([1.0, self.peg_scale, self.play_temperature_now(), self.keep_beta(),
                         self.end_game, float(self.fused), float(self.read_passes),
                         float(self.resample)])

    def _pegging_tables(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return self.pegging.V, self.pegging.hand_counts, self.hand_weight

    def _keep_post(self) -> np.ndarray:
        if self.keep_model_beta is None or self.model is not None:
            return np.zeros((1, 1))
        from ai.tables.keep_model import keep_table

        fit = self.read_fit
        key = (self.keep_model_beta, self.keep_model_peg, self.lead_beta, self.reply_beta,
               None if fit is None else fit.weights())
        if self._reading is None or self._reading[0] != key:
            table = keep_table(self.keep_model_beta, self.keep_model_peg)
            if fit is not None:
                table = np.concatenate([table, fit.rows()])
            elif self.lead_beta > 0 or self.reply_beta > 0:
                from ai.tables.lead_model import reading_rows

                table = np.concatenate([table, reading_rows(self.lead_beta, self.reply_beta)])
            self._reading = (key, np.ascontiguousarray(table))
        return self._reading[1]


class ExpertNov2026Player(ExpertPlayer):
    """Today's expert (2026-11-29), kept unchanged as the bar for the next one (issue 40):
    it plays the pinned games the expert played that day (tests/ai/pinned/
    expert_2026_11.json) from that day's tables (``assets/expert.npz`` and
    ``assets/expert_pegging.npz``, or ``expert-2026-11:FILE``). What the next expert adds
    is off here. Six-card only, like ``expert-2026``."""

    name = "expert-2026-11"
    variants = Player.variants  # six-card only

    def __init__(self, seed: Seed = None, path: str | None = None) -> None:
        super().__init__(seed, path=path, reads=False)
        self.keep_model_beta = None
        self.end_game = END_GAME
        self.crib_given_six = False
        self.peg_scale = PEG_SCALE
        self.play_temperature = PLAY_TEMPERATURE
        self.keep_model_peg = KEEP_MODEL_PEG
        self.fused = 0
        self.read_passes = False
        self.resample = 0

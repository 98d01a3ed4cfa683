"""Cribbage as reinforcement-learning environments: a PettingZoo AEC environment for two
agents (three or four in the variants), and a Gymnasium environment for one agent against
built-in players.

Both are the engine's game (``engine.GameState``) as it is: by default standard two-player
six-card cribbage to 121, the hands and crib counted automatically. ``pettingzoo`` and ``gymnasium``
are an optional extra (``pip install -e ".[env]"``)::

    from ai.env import env as cribbage_env
    env = cribbage_env()  # CribbageEnv in PettingZoo's standard wrappers
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else \\
            env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

**Actions** (``Discrete(1379)``, the same for both agents): 0-51 play that card, 52 says go
(the only legal action when no card fits), 53-1378 throw a pair of cards to the crib (the
pair ``i < j`` is ``53 + pair_index(i, j)``, the combinatorial number of the pair): the
engine's action ids (``engine.actions.action_id``, ``action_text`` for their text), of which
the claims (1379 on) have no place here, the counts being automatic. Only the
legal ones are set in ``action_mask``. An illegal action loses the game for the agent that
took it (-1, or -3 with ``objective="acc"``) in ``env()`` and in ``CribbageGymEnv`` (unless
``illegal_action="raise"``); the bare ``CribbageEnv`` raises ``IllegalActionError`` and
changes nothing. An action is an integer, Python's or numpy's (``action_space.sample()``
gives ``numpy.int64``); anything else (a bool, a float, a string) raises ``TypeError``, a
number outside 0..1378 ``ValueError`` (in ``env()`` both fail PettingZoo's
``AssertOutOfBoundsWrapper`` first, an ``AssertionError``). A step after the game's end, or
before ``reset()``, raises :class:`ResetNeededError` (Gymnasium's ``ResetNeeded``).

**Observations** (a dict of ``observation``, ``Box(0, 1, (373,), float32)``, and
``action_mask``, ``(1379,)`` int8): the seat's own view only, never the opponent's unplayed
cards, the crib or the deck (``engine.Observation``). Seven planes of 52 cards (the cards
held, the six dealt, the two thrown, the starter, the cards this seat played this deal, the
cards the opponent played, the cards of the current count), then: own score and the
opponent's (/121), dealer or not, the count (/31), discarding, playing, own go, the
opponent's go, the opponent's cards left (/6).

**The variants** (``variant="five-card"``, ``"three-player"``, ``"four-player"``): one
agent a seat, ``player_0`` .. ``player_{N-1}``. A toss of one card (three or four
players) is that card's number, 0-51, in the discard. The observation has a plane of cards
played and a go for each seat, placed by where it sits from the observer, and the scores
by side, own first, over the variant's target (:func:`observe`). The rewards are
``GameState.returns``: +1 to the winning side (both partners), -1 to each losing partner
in four-player, and -1/2 to each of the two losers in three-player. That is zero-sum, as
OpenSpiel's are. A -1 to each loser would leave every agent's best policy the same: its
losing outcomes are worth the same to it either way. The six-card default is as it was.

**Rewards** come at the end: +1 to the winner and -1 to the loser (``objective="win"``) or
the game's ACC match points, +-2, +-3 for a skunk (``"acc"``), as
``GameState.returns``. Who acts next is ``GameState.current_player`` (the pone throws
first, then the dealer; in the play, whoever's turn it is).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from engine import GameState, Phase, bounded
from engine.actions import (
    FIRST_CLAIM_ID,
    FIRST_TOSS_ID,
    GO_ID,
    TERMINAL,
    TOSS_PAIRS,
    Action,
    Toss,
    action_from_id,
    action_id,
    toss_index,
)
from engine.errors import IllegalActionError
from engine.events import seat_view
from engine.rules import MAX_COUNT, RULES, Rules, match_points, variant_name, variant_rules

# the engine's action ids (engine.actions), up to the claims: the hands, the crib and the
# play's points are counted automatically here
N_CARDS = 52
GO_ACTION = GO_ID
FIRST_TOSS = FIRST_TOSS_ID
PAIRS = TOSS_PAIRS  # 1,326 pairs, i < j
N_ACTIONS = FIRST_CLAIM_ID  # 1,379
PLANES = 7
N_SCALARS = 9
OBSERVATION_SIZE = PLANES * N_CARDS + N_SCALARS  # 373
AGENTS = ("player_0", "player_1")  # by seat


def observation_size(rules: Rules = RULES) -> int:
    """The length of the observation vector of a variant's seat: :data:`OBSERVATION_SIZE`
    (373) with two players, 429 with three, 483 with four (see :func:`observe`).

    >>> from engine.rules import VARIANTS
    >>> [observation_size(VARIANTS[v]) for v in ("five-card", "three-player", "four-player")]
    [373, 429, 483]
    """
    n = rules.players
    return (5 + n) * N_CARDS + rules.sides + (n - 1) + 3 + n + (n - 1)


def agents(rules: Rules = RULES) -> tuple[str, ...]:
    """The agents' names by seat: ``player_0`` .. ``player_{N-1}``."""
    return tuple(f"player_{seat}" for seat in range(rules.players))


def _reset_needed_base():
    from gymnasium.error import ResetNeeded

    return ResetNeeded


class ResetNeededError(_reset_needed_base(), RuntimeError):  # type: ignore[misc]
    """A step before ``reset()`` or after the game's end: Gymnasium's ``ResetNeeded``, and
    a ``RuntimeError``."""


def action_number(action: Any) -> int:
    """``action`` as an action number: an integer from 0 to 1378, Python's or numpy's (a
    0-d integer array too, as ``Discrete`` takes). ``TypeError`` for anything else, a bool
    included (``True == 1`` in Python, but it is no action); ``ValueError`` out of range.

    >>> action_number(np.int64(52))
    52
    >>> action_number(12.7)
    Traceback (most recent call last):
    ...
    TypeError: an action is an integer from 0 to 1378 (numpy's integers too), not 12.7 (float)
    """
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        action = action[()]
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise TypeError(f"an action is an integer from 0 to {N_ACTIONS - 1} (numpy's integers "
                        f"too), not {bounded.clean(repr(action), 40)} "
                        f"({type(action).__name__})")
    number = int(action)
    if not 0 <= number < N_ACTIONS:
        raise ValueError(f"no action numbered {number} (0 to {N_ACTIONS - 1})")
    return number


def pair_index(a: int, b: int) -> int:
    """The combinatorial number of the pair of cards ``a`` and ``b`` (either order):
    ``engine.actions.toss_index``.

    >>> pair_index(0, 1), pair_index(51, 50)
    (0, 1325)
    """
    return toss_index(a, b)


def encode_action(action: Action) -> int:
    """The action's number: its engine id (``engine.actions.action_id``), of which the
    environments use the first 1,379 (a claim has none here: counts are automatic).

    >>> from engine.actions import Toss
    >>> from engine.cards import parse_cards
    >>> encode_action(Toss(tuple(parse_cards("AC 2C"))))
    56
    """
    number = action_id(action)
    if number >= N_ACTIONS:
        raise ValueError(f"no number for the action {action!r} (counts are automatic here)")
    return number


def decode_action(number: int) -> Action:
    """The action of a number; TypeError if it is not an integer, ValueError if it is no
    action's (:func:`action_number`)."""
    return action_from_id(action_number(number))


def _number(action: Action) -> int:
    """:func:`encode_action`, and a toss of one card (three or four players) that card's
    number: it puts that card down, as a card played does."""
    if isinstance(action, Toss) and len(action.cards) == 1:
        return action.cards[0]
    return encode_action(action)


def game_action(game: GameState, action: Any) -> Action:
    """The engine's action of an action number in ``game`` now: :func:`decode_action`,
    except that in the discard of a variant that tosses one card (three or four players)
    0-51 toss that card. TypeError or ValueError as :func:`action_number` says."""
    number = action_number(action)
    if number < N_CARDS and game.phase is Phase.DISCARD and game.rules.cards_to_crib == 1:
        return Toss((number,))
    return action_from_id(number)


def action_mask(game: GameState, seat: int) -> np.ndarray:
    """1 for each action ``seat`` may take now, 0 for the rest."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    for action in game.legal_actions(seat):
        mask[_number(action)] = 1
    return mask


def observe(game: GameState, seat: int) -> np.ndarray:
    """``seat``'s view of the game as a vector (see the module docstring): every other seat
    is placed by where it sits from this one (1 on its left, ...), so one layout serves
    every seat."""
    obs = game.observation(seat)
    rules = obs.rules
    n = rules.players
    out = np.zeros(observation_size(rules), dtype=np.float32)
    planes = out[:(5 + n) * N_CARDS].reshape(5 + n, N_CARDS)
    planes[0, list(obs.hand)] = 1
    planes[1, list(obs.dealt)] = 1
    if obs.toss is not None:
        planes[2, list(obs.toss)] = 1
    if obs.starter is not None:
        planes[3, obs.starter] = 1
    for by, card in obs.played:
        planes[4 + (by - seat) % n, card] = 1
    for _, card in obs.current:
        planes[4 + n, card] = 1
    side = rules.side_of(seat)
    dealer = np.zeros(n - 1)  # the dealer's place from this seat (none set: on its right)
    if (obs.dealer - seat) % n < n - 1:
        dealer[(obs.dealer - seat) % n] = 1
    out[(5 + n) * N_CARDS:] = np.concatenate((
        [obs.scores[(side + k) % rules.sides] / rules.target for k in range(rules.sides)],
        dealer,
        [obs.count / MAX_COUNT, float(obs.phase is Phase.DISCARD),
         float(obs.phase is Phase.PLAY)],
        [float(obs.go_said[(seat + k) % n]) for k in range(n)],
        # how many cards each other seat holds: public, as at the table
        [len(game.hands[(seat + k) % n]) / rules.cards_dealt for k in range(1, n)]))
    return out


def _spaces(rules: Rules = RULES):
    from gymnasium import spaces

    observation = spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (observation_size(rules),), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (N_ACTIONS,), dtype=np.int8)})
    return observation, spaces.Discrete(N_ACTIONS)


def _aec_base():
    from pettingzoo import AECEnv

    return AECEnv


class CribbageEnv(_aec_base()):  # type: ignore[misc]  # pettingzoo's base class
    """One agent a seat, ``player_0`` (seat 0), ``player_1``, ..., as a PettingZoo AEC
    environment (see the module docstring): two in ``variant`` "six-card" (the default)
    and "five-card", three in "three-player", four in "four-player". ``objective``
    chooses the rewards ("win" or "acc"); ``render_mode="ansi"`` renders the table as
    text."""

    metadata = {"name": "cribbage_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, objective: str = "win", render_mode: str | None = None,
                 variant: str = "six-card") -> None:
        super().__init__()
        if objective not in ("win", "acc"):
            raise ValueError(f"unknown objective {objective!r}: win or acc")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unknown render mode {render_mode!r}: ansi or None")
        self.objective = objective
        self.render_mode = render_mode
        self.rules = variant_rules(variant)
        self.variant = variant_name(self.rules)
        self.possible_agents = list(agents(self.rules))
        self._observation_space, self._action_space = _spaces(self.rules)
        self.game: GameState | None = None
        self._seeds = np.random.SeedSequence()

    def observation_space(self, agent: str):
        _seat(agent, self.possible_agents)
        return self._observation_space

    def action_space(self, agent: str):
        _seat(agent, self.possible_agents)
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: dealt from ``seed`` (the same seed, the same cards), else fresh."""
        if seed is not None:
            self._seeds = np.random.SeedSequence(seed)
        game_seed = int(self._seeds.spawn(1)[0].generate_state(1, np.uint64)[0] >> 1)
        self.game = GameState.new(game_seed) if self.rules == RULES else \
            GameState.new(game_seed, rules=self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = _seat(agent, self.possible_agents)
        game = self._game()
        return {"observation": observe(game, seat), "action_mask": action_mask(game, seat)}

    def last(self, observe: bool = True):
        self._game()
        if not self.agents:
            raise ResetNeededError("the game is over: call reset() to start a new one")
        return super().last(observe)

    def step(self, action) -> None:
        game = self._game()
        if not self.agents:
            raise ResetNeededError("the game is over: call reset() to start a new one")
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(self.agent_selection)
        move = game_action(game, action)
        if move not in game.legal_actions(seat):
            raise IllegalActionError(f"{self.agent_selection} may not take action {action} "
                                     f"({move!r}) now")
        self._cumulative_rewards[self.agent_selection] = 0.0
        game.apply(seat, move)
        mover = game.current_player()
        if mover == TERMINAL:
            returns = game.returns(self.objective)
            self.rewards = {a: returns[i] for i, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
            for agent in self.agents:
                self.infos[agent] = {"winner": game.winner, "scores": tuple(game.scores),
                                     "skunk": game.skunk}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.possible_agents[mover]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from engine.cards import card_name

        game = self._game()
        current = " ".join(card_name(c) for _, c in game.current)
        scores = "-".join(str(score) for score in game.scores)
        return (f"deal {game.deal_number}, {game.phase}, scores {scores}, count "
                f"{game.count} ({current})")

    def close(self) -> None:
        pass

    def _game(self) -> GameState:
        if self.game is None:
            raise ResetNeededError("call reset() first")
        return self.game


raw_env = CribbageEnv  # PettingZoo's name for the unwrapped environment


def env(objective: str = "win", render_mode: str | None = None, variant: str = "six-card"):
    """The PettingZoo environment as PettingZoo's own classic games come: ``CribbageEnv``
    inside its standard wrappers. An illegal action ends the game, the agent that took it
    losing (``TerminateIllegalWrapper``: -1, or -3 with ``objective="acc"``, as a skunk,
    the other agent 0); an action outside the action space fails an assertion
    (``AssertOutOfBoundsWrapper``); a step or an observation before ``reset()`` is refused
    (``OrderEnforcingWrapper``). ``CribbageEnv`` itself raises on an illegal action.
    ``variant``: the game (``engine.rules.VARIANTS``), one agent a seat.

    >>> game = env()
    >>> game.reset(seed=1)
    >>> game.agent_selection in game.possible_agents
    True
    """
    from pettingzoo.utils import wrappers

    worst = -1.0 if objective == "win" else -float(match_points(1))
    wrapped = wrappers.TerminateIllegalWrapper(CribbageEnv(objective, render_mode, variant),
                                               illegal_reward=worst)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def _seat(agent: Any, names: list[str]) -> int:
    """The seat of a PettingZoo agent's name; ValueError for another name."""
    if isinstance(agent, str) and agent in names:
        return names.index(agent)
    raise ValueError(f"unknown agent {bounded.clean(repr(agent), 40)}: "
                     f"{', '.join(names[:-1])} or {names[-1]}")


def _gym_base():
    import gymnasium

    return gymnasium.Env


class CribbageGymEnv(_gym_base()):  # type: ignore[misc]  # gymnasium's base class
    """One agent against a built-in player (``opponent``, a registry name: "random",
    "heuristic", "mueller", "expert", ...), as a Gymnasium environment. The agent's seat is
    drawn at each reset (``seat`` fixes it); the opponent moves until it is the agent's
    turn. Observations, actions and the reward as in the module docstring; ``info`` also
    holds the ``action_mask``. An illegal action loses the game at once, as a skunk would
    (``illegal_action="lose"``, the default: -1, or -3 ACC points; ``info["illegal"]``), as
    PettingZoo's ``TerminateIllegalWrapper`` does, for learners that do not mask (and
    Gymnasium's ``check_env``, which steps with unmasked samples); with ``"raise"`` it
    raises ``IllegalActionError`` and changes nothing. Either way, an
    action that is not an integer of the action space raises, and so does a step after the
    game's end (:class:`ResetNeededError`: call ``reset()``).

    ``variant`` plays another game (``engine.rules.VARIANTS``): the other seats are played
    by ``opponent`` (a name: every other seat; or one name a seat, listed from the agent's
    left round the table, so in "four-player" the second is the agent's partner), each a
    player of that variant (``random``, ``heuristic``, ``expert``); the seat is drawn from
    every seat. They decide from their observations, as in a variant's match
    (``ai.match.variant``)."""

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(self, opponent: str | tuple[str, ...] | list[str] = "random",
                 objective: str = "win", seat: int | None = None,
                 illegal_action: str = "lose", variant: str = "six-card") -> None:
        from ai.base import check_plays
        from ai.registry import make_player

        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action is raise or lose, not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.rules = variant_rules(variant)
        n = self.rules.players
        if seat is not None and (isinstance(seat, bool) or seat not in range(n)):
            raise ValueError(f"seat is {', '.join(map(str, range(n)))} or None (drawn), "
                             f"not {seat!r}")
        if objective not in ("win", "acc"):
            raise ValueError(f"unknown objective {objective!r}: win or acc")
        names = [opponent] * (n - 1) if isinstance(opponent, str) else list(opponent)
        if len(names) != n - 1:
            raise ValueError(f"{variant_name(self.rules)} needs {n - 1} opponent"
                             f"{'s' if n > 2 else ''}, not {len(names)}")
        self.observation_space, self.action_space = _spaces(self.rules)
        self.opponent_name = opponent
        self.opponents = [make_player(name, seed=0) for name in names]
        for player in self.opponents:
            check_plays(player, variant_name(self.rules))
        self.opponent = self.opponents[0]
        self.objective = objective
        self.fixed_seat = seat
        self.seat = 0
        self.game: GameState | None = None
        self._seen = 0
        self._lost_by_illegal_action = False

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        rng = self.np_random
        n = self.rules.players
        self.seat = int(rng.integers(n)) if self.fixed_seat is None else self.fixed_seat
        self.game = GameState.new(int(rng.integers(2**62))) if self.rules == RULES else \
            GameState.new(int(rng.integers(2**62)), rules=self.rules)
        for k, player in enumerate(self.opponents, start=1):
            player.new_game((self.seat + k) % n, np.random.default_rng(rng.integers(2**62)))
        self._seen = 0
        self._lost_by_illegal_action = False
        self._opponent_moves()
        return self._observation(), self._info()

    def step(self, action):
        game = self._live()
        if game.is_over or self._lost_by_illegal_action:
            raise ResetNeededError("the game is over: call reset() to start a new one")
        move = game_action(game, action)
        if move not in game.legal_actions(self.seat):
            if self.illegal_action == "raise":
                raise IllegalActionError(f"action {action} ({move!r}) is not legal now")
            self._lost_by_illegal_action = True
            worst = -1.0 if self.objective == "win" else -float(match_points(1))
            return self._observation(), worst, True, False, {**self._info(), "illegal": True}
        game.apply(self.seat, move)
        self._opponent_moves()
        over = game.is_over
        reward = game.returns(self.objective)[self.seat] if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def _opponent_moves(self) -> None:
        game = self._live()
        n = self.rules.players
        while (other := game.current_player()) not in (self.seat, TERMINAL):
            self._tell_opponent()
            player = self.opponents[(other - self.seat) % n - 1]
            game.apply(other, player.decide(game.observation(other)).action)
        self._tell_opponent()

    def _tell_opponent(self) -> None:
        """The two-player six-card opponent is told the events it may see, as the match
        driver tells it; a variant's players decide from their observations alone."""
        game = self._live()
        if self.rules != RULES:
            return
        for event in game.events[self._seen:]:
            self.opponent.observe(seat_view(event, 1 - self.seat))
        self._seen = len(game.events)

    def _observation(self) -> dict[str, np.ndarray]:
        game = self._live()
        return {"observation": observe(game, self.seat),
                "action_mask": action_mask(game, self.seat)}

    def _info(self) -> dict[str, Any]:
        game = self._live()
        info: dict[str, Any] = {"action_mask": action_mask(game, self.seat),
                                "seat": self.seat}
        if game.is_over:
            info.update(winner=game.winner, scores=tuple(game.scores), skunk=game.skunk)
        return info

    def _live(self) -> GameState:
        if self.game is None:
            raise ResetNeededError("call reset() first")
        return self.game


# ---------------------------------------------------------------------------- benchmark
def bench(games: int = 200, seed: int = 0) -> dict[str, float]:
    """Steps a second of random agents (legal actions drawn uniformly): both seats in the
    AEC environment, and one agent against ``random`` in the Gymnasium one."""
    rng = np.random.default_rng(seed)
    env = CribbageEnv()
    steps, start = 0, time.perf_counter()
    for game in range(games):
        env.reset(seed=seed + game)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            action = None if terminated or truncated else \
                int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            steps += 1
    aec = steps / (time.perf_counter() - start)
    gym_env = CribbageGymEnv("random")
    steps, start = 0, time.perf_counter()
    for game in range(games):
        obs, info = gym_env.reset(seed=seed + game)
        over = False
        while not over:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, _reward, over, _truncated, info = gym_env.step(action)
            steps += 1
    return {"aec_steps_per_s": aec, "gym_steps_per_s": steps / (time.perf_counter() - start),
            "games": games}

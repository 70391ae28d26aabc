"""Search agents that play fair: every simulation starts from ``state.resample(seat, rng)``.

A determinization redraws everything the acting seat cannot know (hidden cards, hidden plans, future dice), so a
decision depends only on ``view_for(seat)`` and the agent's own seeded stream (issue 15 §1-§2).

``MonteCarloAgent`` is flat Monte Carlo: each candidate action is scored by playouts from fresh
determinizations. ``ISMCTSAgent`` is single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012):
one tree over the acting seat's information sets, one determinization per iteration, UCT selection counted
against how often an action was available, progressive widening where the branching is large, and a rollout
policy that can be a game's own bot. Where a game lends search hooks (``macro``), the root holds the game's
macro-actions instead — whole-turn plans in Dangerous Inclinations — and the agent plays the chosen one out.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from gamewright.agents.evaluate import Value, draw
from gamewright.agents.macro import choose_macro
from gamewright.core.capabilities import SearchHooks
from gamewright.core.game import CHANCE
from gamewright.core.rng import Rng

RolloutFactory = Callable[[int], Any]


def action_key(action: Any) -> str:
    """A key equal for the same action in every determinization: its stable text form."""
    to_text = getattr(action, "to_text", None)
    return to_text() if callable(to_text) else repr(action)


def playout(sim: Any, rng: Rng, depth: int, rollout: RolloutFactory | None, agent: Any = None) -> None:
    """Play ``sim`` on for at most ``depth`` actions: uniformly random, or by a (fresh) rollout bot."""
    if agent is None and rollout is not None:
        agent = rollout(int(rng.random() * 2**62))
    for _ in range(depth):
        if sim.is_terminal():
            return
        if agent is None or sim.current_player == CHANCE:
            options = sim.legal_actions()
            sim.apply(options[int(rng.random() * len(options))])
        else:
            sim.apply(agent.choose(sim))


def _random_action(sim: Any, rng: Rng) -> Any:
    options = sim.legal_actions()
    return options[int(rng.random() * len(options))]


def score(sim: Any, seat: int, value: Value = draw) -> float:
    """The seat's return; a game unfinished within the horizon is valued by ``value`` (the game's standing, a
    lead in [-1, 1]: ``evaluate.value_for``; a draw where none is given)."""
    return float(sim.returns()[seat]) if sim.is_terminal() else value(sim, seat)


class MonteCarloAgent:
    """For each legal action: ``rollouts`` playouts (at most ``depth`` actions) from fresh determinizations."""

    name = "montecarlo"

    def __init__(self, seed: int | str = 0, rollouts: int = 2, depth: int = 100, max_actions: int = 8,
                 rollout: RolloutFactory | None = None, value: Value = draw) -> None:
        self.rng = Rng(seed)
        self.value = value
        self.rollouts = rollouts
        self.depth = depth
        self.max_actions = max_actions
        self.rollout = rollout

    def choose(self, state: Any) -> Any:
        legal = list(state.legal_actions())
        if len(legal) == 1:
            return legal[0]
        if len(legal) > self.max_actions:  # a sample keeps the cost per decision bounded
            candidates = [legal[int(self.rng.random() * len(legal))] for _ in range(self.max_actions)]
        else:
            candidates = legal
        seat = state.current_player
        best, best_value = candidates[0], float("-inf")
        for action in candidates:
            total = 0.0
            for _ in range(self.rollouts):
                sim = state.resample(seat, self.rng)
                sim.apply(action)
                playout(sim, self.rng, self.depth, self.rollout)
                total += score(sim, seat, self.value)
            if total / self.rollouts > best_value:
                best, best_value = action, total / self.rollouts
        return best


class _Node:
    __slots__ = ("player", "children", "visits", "total", "avail")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here (whose reward ``total`` sums)
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class ISMCTSAgent:
    """Single-observer IS-MCTS. ``iterations`` per decision (reproducible), or ``ms`` per decision when set.

    ``c`` is the UCT exploration constant; ``widen`` the progressive-widening factor (a node may hold
    ``widen * sqrt(visits)`` children, at least one); ``depth`` caps each rollout. With ``hooks`` the root
    search is ``macro.choose_macro`` over the game's candidates (``iterations`` playouts), a rival to the bot's
    own choice needing a mean gain of ``margin`` and ``z`` standard errors.
    """

    name = "ismcts"

    def __init__(self, seed: int | str = 0, iterations: int = 400, ms: int = 0, c: float = 0.7,
                 widen: float = 2.0, depth: int = 40, rollout: RolloutFactory | None = None,
                 hooks: SearchHooks | None = None, margin: float = 0.0, z: float = 0.0, value: Value = draw) -> None:
        self.rng = Rng(seed)
        self.value = value  # the game's leaf value for a rollout cut short
        self.iterations = iterations
        self.ms = ms
        self.c = c
        self.widen = widen
        self.depth = depth
        self.rollout = rollout
        self.hooks = hooks  # a game's macro-actions at the root (see ``macro``), else a plain tree
        self.margin = margin
        self.z = z
        self._guide = hooks.guide(self.rng.randint(0, 2**62)) if hooks is not None else None
        self._queue: list[Any] = []
        self._queue_key: Any = None

    def choose(self, state: Any) -> Any:
        legal = list(state.legal_actions())
        if self.hooks is not None:
            picked = self._macro_step(state, legal)
            if picked is not None:
                return picked
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        root = _Node(seat)
        deadline = time.monotonic() + self.ms / 1000 if self.ms > 0 else None
        done = 0
        while (done < self.iterations) if deadline is None else (time.monotonic() < deadline or done == 0):
            self._iterate(root, state.resample(seat, self.rng))
            done += 1
        by_key = {action_key(a): a for a in legal}
        visited = [(child.visits, child.total, key) for key, child in root.children.items() if key in by_key]
        return by_key[max(visited)[2]] if visited else legal[0]

    def _macro_step(self, state: Any, legal: list[Any]) -> Any:
        """The next action of the macro being played, or of a fresh one chosen by the root search."""
        assert self.hooks is not None
        key = (state.current_player, self.hooks.turn_key(state))
        if self._queue and self._queue_key == key and action_key(self._queue[0]) in map(action_key, legal):
            return self._queue.pop(0)
        seat = state.current_player
        macros = self.hooks.macro_actions(state, seat, self.rng, self._guide)
        if not macros:
            return None
        primer = getattr(self.hooks, "primer", None)  # optional hooks: what the rollout bots should recall
        prime = primer(self._guide, seat) if primer is not None else None
        i = choose_macro(state, seat, macros, self.iterations, self.rng, self.rollout, _random_action,
                         self.depth, self._score, self.margin, self.z, prime)
        chosen = getattr(self.hooks, "chosen", None)
        if chosen is not None:
            chosen(self._guide, macros[i])
        self._queue, self._queue_key = list(macros[i][1:]), key
        return macros[i][0]

    def _iterate(self, root: _Node, sim: Any) -> None:
        path = [root]
        node = root
        guide = self.rollout(int(self.rng.random() * 2**62)) if self.rollout is not None else None
        while not sim.is_terminal() and sim.current_player != CHANCE:
            mover = sim.current_player
            legal = sim.legal_actions()
            keys = [action_key(a) for a in legal]
            fresh = [i for i, k in enumerate(keys) if k not in node.children]
            room = max(1, math.ceil(self.widen * math.sqrt(node.visits + 1)))
            present = [i for i, k in enumerate(keys) if k in node.children]
            if fresh and (len(node.children) < room or not present):
                i = self._expansion(sim, guide, keys, fresh)
                child = node.children[keys[i]] = _Node(mover)
                for k in keys:
                    if k in node.children:
                        node.children[k].avail += 1
                sim.apply(legal[i])
                path.append(child)
                break
            for i in present:
                node.children[keys[i]].avail += 1
            i = max(present, key=lambda j: self._ucb(node.children[keys[j]]))
            node = node.children[keys[i]]
            sim.apply(legal[i])
            path.append(node)
        playout(sim, self.rng, self.depth, self.rollout, guide)
        rewards: dict[int, float] = {}
        for n in path[1:]:
            if n.player not in rewards:
                rewards[n.player] = self._score(sim, n.player)
            n.visits += 1
            n.total += rewards[n.player]
        root.visits += 1

    def _score(self, sim: Any, seat: int) -> float:
        return score(sim, seat, self.value)

    def _expansion(self, sim: Any, guide: Any, keys: list[str], fresh: list[int]) -> int:
        """The untried action to add: the rollout bot's own choice first (its line is searched before any
        other), else one at random."""
        if guide is not None and len(fresh) == len(keys):
            wanted = action_key(guide.choose(sim))
            for i in fresh:
                if keys[i] == wanted:
                    return i
        return fresh[int(self.rng.random() * len(fresh))]

    def _ucb(self, child: _Node) -> float:
        if child.visits == 0:
            return math.inf
        return child.total / child.visits + self.c * math.sqrt(math.log(max(child.avail, 1)) / child.visits)


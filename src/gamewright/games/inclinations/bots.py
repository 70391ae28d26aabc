"""Bots: a random-legal bot and a heuristic bot (easy / medium / hard).

Both build a whole turn plan and check it with the engine's validation; a plan that fails (which should not
happen) falls back to a plain coast, so a bot turn is always legal. Energy is reconfigured every turn to exactly
what the turn uses (heat equals allocation), with what is left going to the shields.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import COAST_SCOOP, ROTATE, Coast, Deploy, Fire, Step, step_text
from gamewright.games.inclinations.bot_moves import checked_plan, deploy_choice, energy_steps, movement_options
from gamewright.games.inclinations.heuristic_bot import LEVELS, HeuristicBot, Level
from gamewright.games.inclinations.ship import (
    ENGINES,
    LASER,
    MAX_ENERGY,
    MIN_ENERGY,
    MISSILES,
    REACTOR,
    SCOOP,
    THRUSTERS,
    Ship,
)
from gamewright.games.inclinations.weapons import out_of_reach

BOT_KINDS = ("random-bot", "easy-bot", "medium-bot", "hard-bot")


class RandomBot:
    """Random legal turns: random energy changes, maybe a rotation, a random movement, random shots."""

    kind = "random-bot"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def deploy(self, state: Any) -> Deploy:
        return deploy_choice(state, self.rng)

    def choose_turn(self, state: Any) -> list[Step]:
        """A random turn; a plan validation refuses (it should not happen) becomes a plain coast. The state
        checks the plan (``check_turn``) and keeps it checked: played next, it is not validated again."""
        return checked_plan(state, self.build_turn(state))

    def build_turn(self, state: Any) -> list[Step]:
        rng = self.rng
        me = state.ships[state.current]
        target = list(me.energy)
        for i in range(7):
            if target[i] and rng.random() < 0.3:
                target[i] = 0
        free = REACTOR - sum(target)
        order = list(range(7))
        rng.shuffle(order)
        for i in order:
            if free and rng.random() < 0.5:
                add = rng.randint(0, min(free, MAX_ENERGY[i] - target[i]))
                target[i] += add
                free -= add
        plan = energy_steps(me, target)
        work = me.clone()
        work.energy = target
        facing = me.facing
        if target[THRUSTERS] >= MIN_ENERGY[THRUSTERS] and rng.random() < 0.25:
            facing = -facing
            plan.append(ROTATE[facing])
        work.facing = facing
        options = [o for o in movement_options(work, facing, state.tr.transfer_mass) if o[4] <= target[ENGINES]]
        move = rng.choice(options)
        step = move[0]
        if type(step) is Coast and target[SCOOP] >= MIN_ENERGY[SCOOP] and rng.random() < 0.5:
            step = COAST_SCOOP
        before = rng.random() < 0.5
        shots = self._shots(state, work, target)
        if before:
            plan.extend(shots)
            plan.append(step)
        else:
            plan.append(step)
            after = work.clone()
            after.well, after.ring, after.sector = move[1], move[2], move[3]
            plan.extend(self._shots(state, after, target))
        return plan

    def _shots(self, state: Any, pos: Ship, energy: list[int]) -> list[Step]:
        shots: list[Step] = []
        enemies = [s for s in state.ships if s.id != pos.id and s.hull > 0]
        for weapon, sub in (("laser", LASER), ("missiles", MISSILES)):
            if energy[sub] < MIN_ENERGY[sub] or (sub == MISSILES and pos.ammo <= 0) or self.rng.random() < 0.3:
                continue
            reach = [t.id for t in enemies if out_of_reach(weapon, pos, t) is None]
            if reach:
                shots.append(Fire(weapon, (self.rng.choice(reach),)))
        return shots


def make_bot(kind: str, rng: Rng) -> RandomBot | HeuristicBot:
    if kind == "random-bot":
        return RandomBot(rng)
    if kind in ("easy-bot", "medium-bot", "hard-bot"):
        return HeuristicBot(kind.removesuffix("-bot"), rng)
    raise ValueError(f"unknown bot kind {kind!r}")


@cache
def _bot_game(settings: tuple[tuple[str, Any], ...]) -> Any:
    """The game for these options (a game holds only its resolved rules: one serves every bot game)."""
    from gamewright.games.inclinations.game import InclinationsGame

    return InclinationsGame(None, dict(settings))


def play_bot_game(kinds: Sequence[str], seed: int, options: dict[str, Any] | None = None,
                  check: Any = None, bots: Sequence[Any] | None = None) -> tuple[Any, list[str]]:
    """A whole bot game; returns the final state and the action log (texts). ``check(state)`` runs after
    every turn (used by the conformance tests). ``bots``: ready-made bot objects instead of ``kinds``' bots
    (seeded the same way when built from ``kinds``)."""
    settings = {**(options or {}), "players": len(kinds)}
    try:
        game = _bot_game(tuple(sorted(settings.items())))
    except TypeError:  # an unhashable option value: resolved (and refused) as given
        from gamewright.games.inclinations.game import InclinationsGame

        game = InclinationsGame(None, settings)
    state = game.new_initial_state(seed)
    if bots is None:
        # Rng(seed).split(label), without seeding the unused parent stream
        bots = [make_bot(kind, Rng.child(seed, f"bot{i}")) for i, kind in enumerate(kinds)]
    log: list[str] = []
    while not state.is_terminal():
        bot = bots[state.current]
        if state.phase == "deploy":
            action = bot.deploy(state)
            state.apply(action)
            log.append(step_text(action))
            continue
        if isinstance(bot, (RandomBot, HeuristicBot)):
            # choose_turn with the engine's own validation deciding its coast fallback (one validation a turn),
            # through the state's trusted path for a turn its own bot built
            plan = bot.build_turn(state)
            if not state.play_bot_turn(plan):
                plan = []
                state.play_turn(plan, log=False)
        else:
            plan = bot.choose_turn(state)
            state.play_turn(plan, log=False)
        log.extend(map(step_text, plan))
        log.append("end")
        if check is not None:
            check(state)
    return state, log


__all__ = ["BOT_KINDS", "LEVELS", "HeuristicBot", "Level", "RandomBot", "make_bot", "play_bot_game"]

"""Dangerous Inclinations' observation: every ship's place on the rings and its condition, seen from the seat's
ship, and the seat's own plan for this turn as counts over the action catalogue.

Read from ``view_for(seat)``: the board is public; a plan is private until executed, so another seat's plan is
never shown. Ship axis (n = players): the seat's own ship first, then the others in seat order after it (seat
``s + 1``, ``s + 2`` … wrapping), so row 0 is always "me"; ``ship_id`` says which P1 … Pn each row is (the ids fire
actions name).

| field | shape | range | what it holds |
|---|---|---|---|
| `phase` | (3,) | 0/1 | the phase, one-hot (deploy, play, over) |
| `my_turn` | (1,) | 0/1 | the seat is on move |
| `round` | (1,) | [0, 1] | the round ÷ the round limit (no limit: r / (r + 50)) |
| `rules` | (4,) | [0, 1] | well-transfer mass ÷ 10; hit rolls by d10; shields drain; flying missiles (the options) |
| `plan` | (A,) | [0, 1] | how often each action id stands in the seat's plan so far ÷ 4, clipped |
| `plan_length` | (1,) | [0, 1] | the plan's number of steps ÷ 24, clipped |
| `ship` | (n, 3) | 0/1 | present; not destroyed; deployed (on a ring) |
| `ship_id` | (n, n) | 0/1 | which ship the row is (P1 … Pn), one-hot |
| `well` | (n, 7) | 0/1 | its gravity well, one-hot (black hole, alpha … zeta) |
| `ring` | (n, 5) | 0/1 | its ring, one-hot (rings 1–5; the planets have 1–3) |
| `sector` | (n, 24) | 0/1 | its sector, one-hot (0–23) |
| `sector_angle` | (n, 2) | [−1, 1] | cos and sin of its sector's angle (15° a sector) |
| `facing` | (n, 2) | 0/1 | its facing, one-hot (prograde, retrograde) |
| `condition` | (n, 5) | [0, 1] | hull ÷ 10, Heat ÷ 20 (clipped), mass ÷ 10, missiles ÷ 4, energy allocated ÷ 10 |
| `energy` | (n, 7) | [0, 1] | each subsystem's energy ÷ its maximum (`ship.SUBSYSTEMS` order, engines first) |
| `used` | (n, 7) | 0/1 | the subsystem was used this turn |
| `relative` | (n, 3) | [−1, 1] | against the seat's ship: same well; ring difference ÷ 4; sector offset ÷ 12 (signed) |
"""

from __future__ import annotations

import math
from typing import Any

from gamewright.envs.encoders import NO_PREVIEWS, Previews, TableEncoder
from gamewright.envs.encoders.fields import Field, FieldTable, Obs, index_of, one_hot, saturate, signed, unit
from gamewright.games.inclinations.board import FACINGS, SECTORS, WELLS
from gamewright.games.inclinations.ship import MAX_AMMO, MAX_ENERGY, MAX_HULL, MAX_MASS, REACTOR, SUBSYSTEMS

PHASES = ("deploy", "play", "over")
FACING_NAMES = tuple(FACINGS)
RINGS = 5  # 002: five rings in the black hole, three around a planet
HEAT_SCALE = 20.0  # Heat above 5 a turn is dissipated (002 Heat Dissipation); twice 10 is kept apart before the clip
PLAN_COPIES = 4.0
PLAN_SCALE = 24.0
ROUND_HALF = 50.0
NO_LIMIT_ROUNDS = 200  # the truncation's basis where the table sets no round limit (the default limit)
STEPS_PER_SHIP_ROUND = 15  # random play averages under 10 actions a ship a round (plan steps and the end)


class InclinationsEncoder(TableEncoder):
    """Dangerous Inclinations' encoder for one table size (see the module)."""

    def __init__(self, game: Any, texts: list[str]) -> None:
        n = int(game.num_players)
        table = FieldTable([
            Field("phase", (3,), "the phase"),
            Field("my_turn", (1,), "the seat is on move"),
            Field("round", (1,), "the round ÷ its limit"),
            Field("rules", (4,), "the options"),
            Field("plan", (len(texts),), "the seat's plan by action id"),
            Field("plan_length", (1,), "the plan's length"),
            Field("ship", (n, 3), "present, not destroyed, deployed"),
            Field("ship_id", (n, n), "which ship"),
            Field("well", (n, len(WELLS)), "its well"),
            Field("ring", (n, RINGS), "its ring"),
            Field("sector", (n, SECTORS), "its sector"),
            Field("sector_angle", (n, 2), "cos, sin of its sector", -1.0),
            Field("facing", (n, 2), "its facing"),
            Field("condition", (n, 5), "hull, Heat, mass, missiles, energy allocated"),
            Field("energy", (n, len(SUBSYSTEMS)), "energy by subsystem"),
            Field("used", (n, len(SUBSYSTEMS)), "subsystems used"),
            Field("relative", (n, 3), "against the seat's ship", -1.0),
        ])
        super().__init__(table, texts)
        self.players = n
        self.round_limit = limit = int(game.rules.round_limit)
        self.max_steps = STEPS_PER_SHIP_ROUND * n * (limit or NO_LIMIT_ROUNDS)

    def encode(self, view: dict[str, Any], previews: Previews = NO_PREVIEWS) -> Obs:
        del previews  # no per-action preview: a step's effect shows only when the plan is executed
        obs = self.table.blank()
        seat = int(view.get("viewer", 0))
        one_hot(obs["phase"], index_of(PHASES, view.get("phase")))
        obs["my_turn"][0] = view.get("current") == seat and view.get("phase") != "over"
        rounds = view.get("round", 0)
        obs["round"][0] = unit(rounds, self.round_limit) if self.round_limit else saturate(rounds, ROUND_HALF)
        options = view.get("options", {})
        obs["rules"][:] = (unit(options.get("well_transfer_mass", 0), 10), options.get("to_hit") == "d10",
                           bool(options.get("shields_deplete")), options.get("missiles") == "flying")
        plan = view.get("plan", ())
        for text in plan:
            i = self.ids.get(text)
            if i is not None:
                obs["plan"][i] += 1.0
        obs["plan"] /= PLAN_COPIES
        obs["plan"].clip(0.0, 1.0, out=obs["plan"])
        obs["plan_length"][0] = unit(len(plan), PLAN_SCALE)
        ships = view.get("ships", [])
        n = min(len(ships), self.players)
        me = ships[seat] if 0 <= seat < len(ships) else None
        for row in range(n):
            k = (seat + row) % n
            self._ship(obs, row, k, ships[k], me if row else None)
        return obs

    @staticmethod
    def _ship(obs: Obs, row: int, k: int, ship: dict[str, Any], me: dict[str, Any] | None) -> None:
        ring, sector = int(ship.get("ring", 0)), int(ship.get("sector", 0))
        deployed = ring > 0  # ship.py: ring 0 means not deployed
        obs["ship"][row] = (1.0, not ship.get("destroyed"), deployed)
        one_hot(obs["ship_id"][row], k)
        if deployed:
            one_hot(obs["well"][row], index_of(WELLS, ship.get("well")))
            one_hot(obs["ring"][row], ring - 1)
            one_hot(obs["sector"][row], sector)
            angle = 2 * math.pi * sector / SECTORS
            obs["sector_angle"][row] = (math.cos(angle), math.sin(angle))
        one_hot(obs["facing"][row], index_of(FACING_NAMES, ship.get("facing")))
        energy = ship.get("energy", {})
        levels = [energy.get(name, 0) for name in SUBSYSTEMS]
        obs["condition"][row] = (unit(ship.get("hull", 0), MAX_HULL), unit(ship.get("heat", 0), HEAT_SCALE),
                                 unit(ship.get("mass", 0), MAX_MASS), unit(ship.get("ammo", 0), MAX_AMMO),
                                 unit(sum(levels), REACTOR))
        obs["energy"][row] = [unit(e, most) for e, most in zip(levels, MAX_ENERGY, strict=True)]
        used = int(ship.get("used", 0))
        obs["used"][row] = [(used >> i) & 1 for i in range(len(SUBSYSTEMS))]
        if me is not None and deployed and int(me.get("ring", 0)) > 0:
            offset = (sector - int(me.get("sector", 0)) + SECTORS // 2) % SECTORS - SECTORS // 2
            obs["relative"][row] = (ship.get("well") == me.get("well"),
                                    signed(ring - int(me.get("ring", 0)), RINGS - 1),
                                    signed(offset, SECTORS // 2))

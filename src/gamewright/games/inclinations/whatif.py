"""What-if turns: a scenario of ships and planned turns, run through the engine (``inclinations turn``).

Input and output shapes are an exact interface (see the command's help). Malformed input raises ConfigError
naming the field; an illegal turn is an answer, not an error: ``{"ok": false, "turn": i, "errors": [...]}``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.limits import SEED_MAX
from gamewright.core.rng import Rng, ScriptedRng
from gamewright.games.inclinations.actions import (
    INTENSITIES,
    WEAPONS,
    Allocate,
    Burn,
    Coast,
    Deallocate,
    Fire,
    Rotate,
    Step,
    Transfer,
)
from gamewright.games.inclinations.board import FACINGS, SECTORS, WELL_INDEX, WELLS, ring_count
from gamewright.games.inclinations.options import resolve
from gamewright.games.inclinations.ship import MAX_AMMO, MAX_ENERGY, MAX_HULL, MAX_MASS, REACTOR, SUB_INDEX, Ship
from gamewright.games.inclinations.turn import TurnRules, simulate, start_of_turn, validate

TOP_KEYS = {"options", "ships", "turns", "rolls", "seed", "name", "description", "comment"}
SHIP_KEYS = {"id", "well", "ring", "sector", "facing", "hull", "heat", "mass", "ammo", "energy", "destroyed"}
ACTION_KEYS = ("allocate", "deallocate", "rotate", "burn", "coast", "transfer", "fire")
MODIFIERS = {"burn": {"adjust", "scoop"}, "fire": {"targets", "compensate"}}


# A complete valid scenario: ``inclinations turn --example`` prints it and ``--help`` shows it.
EXAMPLE: dict[str, Any] = {
    "options": {"to_hit": "d10"},
    "ships": [
        {"id": "P1", "well": "blackhole", "ring": 3, "sector": 0, "facing": "prograde", "hull": 10, "heat": 0,
         "mass": 10, "ammo": 4, "energy": {"laser": 2, "shields": 2}},
        {"id": "P2", "ring": 4, "sector": 2, "energy": {"shields": 1}},
    ],
    "turns": [
        {"ship": "P1", "actions": [{"allocate": {"engines": 1, "railgun": 4}}, {"fire": "laser", "targets": ["P2"]},
                                   {"burn": "light", "adjust": -3}, {"fire": "railgun", "targets": ["P2"]}]},
        {"ship": "P2", "actions": [{"coast": {"scoop": False}}]},
    ],
    "rolls": [0.5, 0.95, 0.3],
}


def example_text() -> str:
    """The example as JSON laid out for reading: one ship, one turn per line."""
    return scenario_text(EXAMPLE)


def scenario_text(scenario: Mapping[str, Any]) -> str:
    """A scenario as JSON laid out for reading: one ship, one turn per line."""
    rows = []
    for key, value in scenario.items():
        if isinstance(value, list) and any(isinstance(v, dict) for v in value):
            items = ",\n    ".join(json.dumps(v) for v in value)
            rows.append(f'  "{key}": [\n    {items}\n  ]')
        else:
            rows.append(f'  "{key}": {json.dumps(value)}')
    return "{\n" + ",\n".join(rows) + "\n}"


# The right shape of each part, quoted when a part has the wrong one.
SHAPES = {
    "action": 'an action is an object with one of allocate, deallocate, rotate, burn, coast, transfer, fire: '
              '{"allocate": {"laser": 2}}, {"rotate": "retrograde"}, {"burn": "light", "adjust": 1}, '
              '{"coast": {"scoop": true}}, {"transfer": "alpha"}, {"fire": "laser", "targets": ["P2"]}',
    "turn": 'a turn is {"ship": "P1", "actions": [ACTION, ...]}',
    "ship": 'a ship is {"id": "P1", "ring": 3, "sector": 0} plus any of well, facing, hull, heat, mass, ammo, '
            'energy ({"laser": 2, ...})',
    "scenario": 'a scenario is {"ships": [SHIP, ...], "turns": [TURN, ...], "options": {...}, "rolls": [0.5, ...]} '
                "(print a complete one with: gamewright inclinations turn --example)",
}


def _shape(field: str) -> str:
    if ".actions[" in field:
        return SHAPES["action"]
    if field.startswith("turns["):
        return SHAPES["turn"]
    if field.startswith("ships["):
        return SHAPES["ship"]
    return SHAPES["scenario"]


def _fail(field: str, why: str) -> ConfigError:
    return ConfigError(f"scenario field {field}: {why}")


def _shape_fail(field: str, why: str) -> ConfigError:
    """A part with the wrong shape: say what the right one is."""
    return ConfigError(f"scenario field {field}: {why}; {_shape(field)}")


def _int(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(field, f"must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise _fail(field, f"must be at least {low}, not {value}")
    if high is not None and value > high:
        raise _fail(field, f"must be at most {high}, not {value}")
    return value


def _name(value: Any, allowed: Iterable[str], field: str, what: str) -> str:
    """One of the allowed names (wells, facings, intensities, weapons)."""
    names = list(allowed)
    if not isinstance(value, str) or value not in names:
        raise _fail(field, f"must be {what}: {', '.join(names)}; not {value!r}")
    return value


def _obj(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _shape_fail(field, f"must be an object, not {type(value).__name__}")
    return value


def _list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise _shape_fail(field, f"must be a list, not {type(value).__name__}")
    return value


def parse_ship(data: Any, field: str) -> Ship:
    data = _obj(data, field)
    for key in data:
        if key not in SHIP_KEYS:
            raise _shape_fail(f"{field}.{key}", f"unknown field; ship fields are {', '.join(sorted(SHIP_KEYS))}")
    if "id" not in data:
        raise _fail(f"{field}.id", "is missing")
    sid = data["id"]
    if not isinstance(sid, str) or not sid:
        raise _fail(f"{field}.id", "must be a non-empty string")
    well = WELL_INDEX[_name(data.get("well", "blackhole"), WELLS, f"{field}.well", "a well")]
    for key in ("ring", "sector"):
        if key not in data:
            raise _fail(f"{field}.{key}", "is missing")
    ring = _int(data["ring"], f"{field}.ring", 1, ring_count(well))  # ref: the ring exists in its well
    sector = _int(data["sector"], f"{field}.sector", 0, SECTORS - 1)
    facing = _name(data.get("facing", "prograde"), FACINGS, f"{field}.facing", "a facing")
    hull = _int(data.get("hull", MAX_HULL), f"{field}.hull", 0, MAX_HULL)
    if "destroyed" in data and data["destroyed"] is not (hull == 0):  # output ships can be fed back in
        raise _fail(f"{field}.destroyed", f"must be {str(hull == 0).lower()} for hull {hull}")
    heat = _int(data.get("heat", 0), f"{field}.heat", 0)
    mass = _int(data.get("mass", MAX_MASS), f"{field}.mass", 0, MAX_MASS)
    ammo = _int(data.get("ammo", MAX_AMMO), f"{field}.ammo", 0, MAX_AMMO)
    energy_data = _obj(data.get("energy", {}), f"{field}.energy")
    energy = [0] * 7
    for name, amount in energy_data.items():
        if name not in SUB_INDEX:
            raise _fail(f"{field}.energy.{name}", f"unknown subsystem; subsystems are {', '.join(SUB_INDEX)}")
        sub = SUB_INDEX[name]
        energy[sub] = _int(amount, f"{field}.energy.{name}", 0, MAX_ENERGY[sub])
    if sum(energy) > REACTOR:
        raise _fail(f"{field}.energy", f"allocates {sum(energy)} energy; the reactor has {REACTOR}")
    return Ship(sid, well, ring, sector, FACINGS[facing], hull, heat, mass, ammo, energy)


def parse_actions(data: Any, field: str, ids: set[str]) -> list[Step]:
    steps: list[Step] = []
    for j, raw in enumerate(_list(data, field)):
        where = f"{field}[{j}]"
        raw = _obj(raw, where)
        kinds = [k for k in raw if k in ACTION_KEYS]
        if len(kinds) != 1:
            raise _shape_fail(where, f"needs exactly one of {', '.join(ACTION_KEYS)}")
        kind = kinds[0]
        for key in raw:
            if key != kind and key not in MODIFIERS.get(kind, set()):
                raise _shape_fail(f"{where}.{key}", f"is not a field of a {kind} action")
        value = raw[kind]
        if kind in ("allocate", "deallocate"):
            for name, amount in _obj(value, f"{where}.{kind}").items():
                if name not in SUB_INDEX:
                    raise _fail(f"{where}.{kind}.{name}", f"unknown subsystem; subsystems are {', '.join(SUB_INDEX)}")
                amount = _int(amount, f"{where}.{kind}.{name}", 0)
                if amount:
                    steps.append((Allocate if kind == "allocate" else Deallocate)(name, amount))
        elif kind == "rotate":
            steps.append(Rotate(_name(value, FACINGS, f"{where}.rotate", "a facing")))
        elif kind == "burn":
            value = _name(value, INTENSITIES, f"{where}.burn", "a burn intensity")
            adjust = _int(raw.get("adjust", 0), f"{where}.adjust")
            scoop = raw.get("scoop", False)
            if not isinstance(scoop, bool):
                raise _fail(f"{where}.scoop", "must be true or false")
            steps.append(Burn(value, adjust, scoop))
        elif kind == "coast":
            if value is None or value is True:
                value = {}
            coast = _obj(value, f"{where}.coast")
            for key in coast:
                if key != "scoop":
                    raise _fail(f"{where}.coast.{key}", "unknown field; a coast takes only scoop")
            scoop = coast.get("scoop", False)
            if not isinstance(scoop, bool):
                raise _fail(f"{where}.coast.scoop", "must be true or false")
            steps.append(Coast(scoop))
        elif kind == "transfer":
            steps.append(Transfer(_name(value, WELLS, f"{where}.transfer", "a well")))
        else:
            value = _name(value, WEAPONS, f"{where}.fire", "a weapon")
            if "targets" not in raw:
                raise _fail(f"{where}.targets", "is missing")
            targets = _list(raw["targets"], f"{where}.targets")
            for k, t in enumerate(targets):
                if not isinstance(t, str):
                    raise _fail(f"{where}.targets[{k}]", "must be a ship id (a string)")
                if t not in ids:
                    raise _fail(f"{where}.targets[{k}]", f"no ship with id {t!r}")
            compensate = raw.get("compensate", False)
            if not isinstance(compensate, bool):
                raise _fail(f"{where}.compensate", "must be true or false")
            steps.append(Fire(value, tuple(targets), compensate))
    return steps


def parse_scenario(data: Any) -> dict[str, Any]:
    data = _obj(data, "(top level)")
    for key in data:
        if key not in TOP_KEYS:
            raise _shape_fail(key, f"unknown field; scenario fields are {', '.join(sorted(TOP_KEYS))}")
    options = _obj(data.get("options", {}), "options")
    try:
        rules = resolve(options)
    except ConfigError as exc:
        raise ConfigError(f"scenario field options: {exc}") from exc
    if "ships" not in data:
        raise _fail("ships", "is missing")
    ships = [parse_ship(s, f"ships[{i}]") for i, s in enumerate(_list(data["ships"], "ships"))]
    if not ships:
        raise _fail("ships", "needs at least one ship")
    ids = [s.id for s in ships]
    for i, sid in enumerate(ids):
        if sid in ids[:i]:
            raise _fail(f"ships[{i}].id", f"duplicate ship id {sid!r}")
    turns = []
    for i, raw in enumerate(_list(data.get("turns", []), "turns")):
        raw = _obj(raw, f"turns[{i}]")
        for key in raw:
            if key not in ("ship", "actions"):
                raise _shape_fail(f"turns[{i}].{key}", "unknown field; a turn has ship and actions")
        if "ship" not in raw:
            raise _fail(f"turns[{i}].ship", "is missing")
        if raw["ship"] not in ids:
            raise _fail(f"turns[{i}].ship", f"no ship with id {raw['ship']!r}")
        steps = parse_actions(raw.get("actions", []), f"turns[{i}].actions", set(ids))
        turns.append((ids.index(raw["ship"]), steps))
    rolls = data.get("rolls")
    if rolls is not None:
        rolls = _list(rolls, "rolls")
        if not rolls:
            raise _fail("rolls", "give at least one draw in [0, 1), or leave the field out")
        for k, u in enumerate(rolls):
            if isinstance(u, bool) or not isinstance(u, (int, float)) or not 0 <= u < 1:
                raise _fail(f"rolls[{k}]", f"must be a number in [0, 1), not {u!r}")
    seed = _int(data.get("seed", 0), "seed", 0, SEED_MAX)
    return {"rules": rules, "ships": ships, "turns": turns, "rolls": rolls, "seed": seed}


def run_scenario(data: Any) -> dict[str, Any]:
    """Run every turn in order; stop at the first rejected turn. Returns the JSON answer."""
    scenario = parse_scenario(data)
    ships: list[Ship] = scenario["ships"]
    tr = TurnRules.from_rules(scenario["rules"])
    rng = ScriptedRng(scenario["rolls"], repeat_last=True) if scenario["rolls"] else Rng(scenario["seed"])
    events: list[dict[str, Any]] = []
    contested = sum(s.hull > 0 for s in ships) >= 2
    over = False

    def emit(i: int, evs: list[Any]) -> None:
        for e in evs:
            events.append({**e.to_json(), "turn": i, "text": e.text})

    for i, (idx, plan) in enumerate(scenario["turns"]):
        me = ships[idx]
        if over:  # ref Further rulings: the game ended; later turns are skipped
            events.append({"event": "skipped", "turn": i, "ship": me.id, "reason": "the game is over"})
            continue
        if me.hull <= 0:  # ref Destruction: a destroyed ship's turn is skipped
            events.append({"event": "skipped", "turn": i, "ship": me.id, "reason": "destroyed"})
            continue
        before = [s.to_json() for s in ships]
        heat_events = start_of_turn(me)
        if me.hull <= 0:
            emit(i, heat_events)
            events.append({"event": "skipped", "turn": i, "ship": me.id, "reason": "destroyed by its own heat"})
        else:
            errors = validate(ships, idx, plan, tr)  # legality never depends on dice
            if errors:  # the state before the turn: before its start-of-turn step too
                return {"ok": False, "turn": i, "errors": errors, "ships": before}
            emit(i, heat_events)
            emit(i, simulate(ships, idx, plan, tr, rng, None, damage=True, log=True))
        if contested and sum(s.hull > 0 for s in ships) <= 1:
            over = True
    alive = [s.id for s in ships if s.hull > 0]
    answer: dict[str, Any] = {"ok": True, "ships": [s.to_json() for s in ships], "events": events}
    if over:
        answer["winner"] = alive[0] if alive else None
    return answer

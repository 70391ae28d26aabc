"""What-if turns: one turn resolved from a JSON scenario, for designers and the tools built on them.

The scenario and result shapes are an exact interface (issue "What-if turns"). Rolls are uniform draws in
[0, 1) used in order, the last repeating: the player's crit roll, the opponent's crit roll, then each
combustion check as it happens. A combust acting planet is allowed here (it deals and receives nothing).
"""

from __future__ import annotations

import json
import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.limits import SEED_MAX
from gamewright.core.rng import Rng, ScriptedRng
from gamewright.games.prince.options import config_for
from gamewright.games.prince.resolve import ALL_ASPECTS, SideState, pair_bit, profile_for
from gamewright.games.prince.tables import PLANETS, SIGN_INDEX, SIGNS
from gamewright.games.prince.turn import resolve_turn

TOP_FIELDS = ("ruleset", "options", "player", "opponent", "player_planet", "opponent_planet", "rolls", "seed")
SIDE_FIELDS = ("signs", "sect", "affliction", "combust", "exaltation_save_used", "carry", "aspects")
FREE_FIELDS = ("comment", "comments", "description", "name", "note", "notes", "title")
DEFAULT_SIGN = SIGN_INDEX["Taurus"]  # the issue: any planet left out is in Taurus

# A complete scenario using every field (``prince turn --example`` prints it; ``--help`` shows it).
EXAMPLE: dict[str, Any] = {
    "ruleset": "design",
    "options": {"crit": "design"},
    "player": {
        "signs": {"Sun": "Leo", "Moon": "Taurus", "Mars": "Capricorn"},
        "sect": "day",
        "affliction": {"Mars": 4, "Sun": 1},
        "combust": ["Saturn"],
        "exaltation_save_used": ["Moon"],
        "carry": {"Mars": "1/3"},
        "aspects": [["Sun", "Mars"], ["Moon", "Mars"]],
    },
    "opponent": {"signs": {"Venus": "Pisces", "Jupiter": "Cancer"}, "sect": "night", "affliction": {"Venus": 2}},
    "player_planet": "Mars",
    "opponent_planet": "Venus",
    "rolls": [0.5, 0.9, 0.3],
}


def example_text(value: Any = None, depth: int = 0) -> str:
    """``EXAMPLE`` as JSON with one field a line down to the sides' fields, each value on one line."""
    value = EXAMPLE if value is None else value
    if not isinstance(value, dict) or depth >= 2:
        return json.dumps(value)
    pad = "  " * (depth + 1)
    fields = ",\n".join(f"{pad}{json.dumps(k)}: {example_text(v, depth + 1)}" for k, v in value.items())
    return "{\n" + fields + "\n" + "  " * depth + "}"


SHAPE = (
    'a JSON object: {"player_planet": PLANET, "opponent_planet": PLANET, "player": SIDE, "opponent": SIDE, '
    '"rolls": [numbers in [0, 1)] or "seed": N, "ruleset": "design"|"prototype", "options": {...}}; '
    "`gamewright prince turn --example` prints a complete one"
)


def _bad(path: str, why: str) -> ConfigError:
    return ConfigError(f"scenario field {path!r}: {why}")


def _check_fields(data: dict[str, Any], allowed: tuple[str, ...], path: str) -> None:
    for key in data:
        if key in allowed or key in FREE_FIELDS or str(key).startswith("_"):
            continue
        where = f"{path}.{key}" if path else str(key)
        raise _bad(where, f"unknown field; expected one of {', '.join(allowed)}")


def _planet(value: Any, path: str) -> str:
    if isinstance(value, str):
        for p in PLANETS:
            if p.lower() == value.strip().lower():
                return p
    raise _bad(path, f"{value!r} is not a planet; choose one of {', '.join(PLANETS)}")


def _sign(value: Any, path: str) -> int:
    if isinstance(value, str):
        for i, s in enumerate(SIGNS):
            if s.lower() == value.strip().lower():
                return i
    raise _bad(path, f"{value!r} is not a sign; choose one of {', '.join(SIGNS)}")


def _planet_map(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(path, "must be an object mapping planet names to values")
    return {_planet(k, f"{path}.{k}"): v for k, v in value.items()}


def _planet_list(value: Any, path: str) -> list[str]:
    if not isinstance(value, list):
        raise _bad(path, "must be a list of planet names")
    return [_planet(v, f"{path}[{n}]") for n, v in enumerate(value)]


# ref §3: carry' = eff − floor(eff + 1/2) lies in [−1/2, 1/2]; a what-if may go as far as one whole point either
# way (001 §9's max(0, raw + carry) is worth testing with a carry below −1/2), never further
CARRY_LIMIT = Fraction(1)
_EXACT_TEXT = re.compile(r"[+-]?(?:[0-9]{1,30}(?:\.[0-9]{0,30})?|\.[0-9]{1,30}|[0-9]{1,30}/[0-9]{1,30})")
MAX_AFFLICTION = 1000  # 000 §11: a planet combusts surely at A = T = 10 × durability; no turn adds this much


def _carry(value: Any, path: str) -> Fraction:
    """A carry read exactly (ref §2 further rulings: ``Fraction(str(x))``), bounded to its range before it is
    built: a decimal or ``a/b`` of at most 30 digits a part, in [−1, 1] (ref §3)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise _bad(path, f"{value!r} is not a number")
    if isinstance(value, float) and not math.isfinite(value):
        raise _bad(path, f"{value!r} is not a finite number")
    # a float's shortest text, written without an exponent (1e-05 → 0.00001): still Fraction(str(x)) exactly
    text = format(Decimal(repr(value)), "f") if isinstance(value, float) else str(value).strip()
    if not _EXACT_TEXT.fullmatch(text):
        raise _bad(
            path, f"{str(value)[:40]!r} must be a carry from -1 to 1: a decimal like 0.25 or a fraction like 1/3"
        )
    try:
        number = Fraction(text)
    except ZeroDivisionError:
        raise _bad(path, f"{text!r} divides by zero") from None
    if abs(number) > CARRY_LIMIT:
        raise _bad(path, f"{text!r} is outside the carry range -1 to 1 (ref §3: a carry is a fraction of a point)")
    return number


def _side(data: Any, path: str) -> tuple[Any, SideState]:
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise _bad(
            path,
            'must be an object like {"signs": {"Mars": "Aries"}, "sect": "night", "affliction": {"Moon": 6}, '
            '"combust": ["Venus"], "exaltation_save_used": [], "carry": {"Moon": 0.25}, "aspects": [["Mars", "Moon"]]}',
        )
    _check_fields(data, SIDE_FIELDS, path)
    signs = [DEFAULT_SIGN] * 7
    for planet, sign in _planet_map(data.get("signs", {}), f"{path}.signs").items():
        signs[PLANETS.index(planet)] = _sign(sign, f"{path}.signs.{planet}")
    sect = data.get("sect", "night")
    if sect not in ("day", "night"):
        raise _bad(f"{path}.sect", f'{sect!r} must be "day" or "night"')
    state = SideState()
    for planet, value in _planet_map(data.get("affliction", {}), f"{path}.affliction").items():
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_AFFLICTION:
            if isinstance(value, float) and value.is_integer() and 0 <= value <= MAX_AFFLICTION:
                value = int(value)
            else:
                raise _bad(
                    f"{path}.affliction.{planet}", f"{value!r} must be a whole number from 0 to {MAX_AFFLICTION}"
                )
        state.affliction[PLANETS.index(planet)] = value
    for planet in _planet_list(data.get("combust", []), f"{path}.combust"):
        state.combust[PLANETS.index(planet)] = True
    for planet in _planet_list(data.get("exaltation_save_used", []), f"{path}.exaltation_save_used"):
        state.save_used[PLANETS.index(planet)] = True
    for planet, value in _planet_map(data.get("carry", {}), f"{path}.carry").items():
        state.carry[PLANETS.index(planet)] = _carry(value, f"{path}.carry.{planet}")
    if "aspects" in data:  # ref §2: all aspects active unless the scenario says otherwise
        pairs = data["aspects"]
        if not isinstance(pairs, list):
            raise _bad(f"{path}.aspects", 'must be a list of active planet pairs, e.g. [["Mars", "Moon"]]')
        mask = 0
        for n, pair in enumerate(pairs):
            if not isinstance(pair, list) or len(pair) != 2:
                raise _bad(f"{path}.aspects[{n}]", "must be a pair of planet names")
            a, b = (_planet(v, f"{path}.aspects[{n}]") for v in pair)
            mask |= pair_bit(PLANETS.index(a), PLANETS.index(b))
        state.active = mask
    else:
        state.active = ALL_ASPECTS
    return profile_for(tuple(signs), sect), state


def parse_rolls(data: dict[str, Any]) -> Rng:
    if "rolls" in data:
        rolls = data["rolls"]
        if not isinstance(rolls, list) or not rolls:
            raise _bad("rolls", "must be a non-empty list of numbers in [0, 1)")
        for n, r in enumerate(rolls):
            if isinstance(r, bool) or not isinstance(r, (int, float)) or not 0 <= r < 1:
                raise _bad(f"rolls[{n}]", f"{r!r} must be a number in [0, 1)")
        return ScriptedRng([float(r) for r in rolls], repeat_last=True)
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise _bad("seed", f"{seed!r} must be a whole number from 0 to {SEED_MAX}")
    return Rng(seed)


def run_scenario(data: Any) -> dict[str, Any]:
    """Resolve the scenario's turn and return the result object."""
    if not isinstance(data, dict):
        kind = {list: "array", str: "string", int: "number", float: "number", bool: "boolean"}.get(type(data), "null")
        raise ConfigError(f"a scenario is {SHAPE}; this one is a JSON {kind}")
    _check_fields(data, TOP_FIELDS, "")
    ruleset = data.get("ruleset", "design")
    if ruleset not in ("design", "prototype"):
        raise _bad("ruleset", f'{ruleset!r} must be "design" or "prototype"')
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise _bad("options", "must be an object of option names and values")
    try:
        rules, cfg = config_for(ruleset, options)
    except ConfigError as exc:
        raise ConfigError(f"scenario field 'options': {exc}") from None
    player = _side(data.get("player"), "player")
    opponent = _side(data.get("opponent"), "opponent")
    for key in ("player_planet", "opponent_planet"):
        if key not in data:
            raise _bad(key, f"is required (a planet name); a scenario is {SHAPE}")
    pi = PLANETS.index(_planet(data["player_planet"], "player_planet"))
    oi = PLANETS.index(_planet(data["opponent_planet"], "opponent_planet"))
    rng = parse_rolls(data)
    result = resolve_turn(cfg, (player[0], opponent[0]), (player[1], opponent[1]), (pi, oi), rng)
    out = result.to_json()
    out["after"] = {side: _after(state) for side, state in (("player", player[1]), ("opponent", opponent[1]))}
    out["rules"] = rules.to_json()
    out["rolls_used"] = list(getattr(rng, "used", [])) or [*result.rolls, *(c.roll for c in result.checks)]
    return out


def _after(state: SideState) -> dict[str, Any]:
    """The side after the turn: affliction, every combust planet, spent saves and carry (no aspect mask)."""
    data = state.to_json()
    del data["active"]
    return data

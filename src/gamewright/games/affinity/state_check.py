"""Shape checks for a fight state read back from JSON: wrong types or unknown names give one clear ConfigError."""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.games.affinity import limits as lim
from gamewright.games.affinity import resolve as rs

_INTS = ("idx", "side", "level", "prof", "hd_die", "hd", "hd_max", "resolve", "resolve_max", "x", "y",
         "actions_per_turn", "actions_left", "move_left", "checked_round", "hd_lost_round", "parry_debt",
         "parried_round", "defend_bonus", "ward_bonus", "rally_dice", "mark", "analysed", "htl_rounds",
         "htl_used_round", "purpose_rounds", "initiative", "held", "affinity", "affinity_cap", "hd_start",
         "collapses")
_BOOLS = ("pc", "mindless", "expert_used", "exerted_turn", "stabilized", "stunned", "prone", "communing",
          "steadfast", "oath_ready", "heal_used", "shared_turn", "prone_bonus")
_STRS = ("name", "key", "status", "weapon", "tier", "pending")
_NON_NEGATIVE = ("prof", "hd_die", "hd", "hd_max", "resolve", "resolve_max", "actions_per_turn", "actions_left",
                 "move_left", "checked_round", "hd_lost_round", "parry_debt", "parried_round", "defend_bonus",
                 "ward_bonus", "rally_dice", "htl_rounds", "htl_used_round", "purpose_rounds", "held", "affinity",
                 "affinity_cap", "hd_start", "collapses")


# Upper bounds a stored fight must respect (``games.affinity.limits``): a Proficiency of 10⁹ would make one
# action roll 10⁹ dice, so a state read back is held to the rules' sizes before any work.
_TOPS = {"prof": lim.MAX_PROFICIENCY, "hd": lim.MAX_LAYER_DICE, "hd_max": lim.MAX_LAYER_DICE,
         "hd_start": lim.MAX_LAYER_DICE, "hd_die": lim.MAX_DIE_SIDES, "affinity": lim.MAX_LEVEL,
         "affinity_cap": lim.MAX_LEVEL, "level": lim.MAX_LEVEL,
         "rally_dice": 1000, "defend_bonus": 1000, "ward_bonus": 1000}  # these build up in play: generous tops
_ANY_TOP = 1_000_000  # every other count: rounds, positions, initiative…
MAX_FIGHTERS = lim.MAX_PARTY + lim.MAX_CREATURES


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fail(where: str, what: str) -> None:
    raise ConfigError(f"not an Affinity fight state: {where} {what}")


def _check_fighter(i: int, f: Any) -> None:
    from gamewright.games.affinity.data_files import class_data, creature

    where = f"fighters[{i}]"
    if not isinstance(f, dict):
        _fail(where, "is not an object")
    for name in _INTS:
        if name in f and not _int(f[name]):
            _fail(f"{where}.{name}", "is not a whole number")
    for name in _NON_NEGATIVE:
        if name in f and f[name] < 0:
            _fail(f"{where}.{name}", "is negative")
    for name in _INTS:
        if name in f and not -_ANY_TOP <= f[name] <= _TOPS.get(name, _ANY_TOP):
            _fail(f"{where}.{name}", f"is {f[name]!r:.30}, beyond the rules' {_TOPS.get(name, _ANY_TOP)}")
    for name in _BOOLS:
        if name in f and not isinstance(f[name], bool):
            _fail(f"{where}.{name}", "is not true/false")
    for name in _STRS:
        if name in f and not isinstance(f[name], str):
            _fail(f"{where}.{name}", "is not text")
    for name in ("abilities", "features"):
        if not isinstance(f.get(name), list) or not all(isinstance(v, str) for v in f[name]):
            _fail(f"{where}.{name}", "is not a list of names")
    faces = f.get("help_faces")
    if not isinstance(faces, list) or len(faces) > 4 * lim.MAX_ODDS_DICE or not all(
            _int(v) and 1 <= v <= 6 for v in faces):
        _fail(f"{where}.help_faces", "is not a list of d6 faces")
    uses = f.get("uses")
    if not isinstance(uses, dict) or not all(_int(v) and v >= 0 for v in uses.values()):
        _fail(f"{where}.uses", "is not a table of use counts")
    layers = f.get("layers")
    if not isinstance(layers, list) or len(layers) > lim.MAX_LAYERS:
        _fail(f"{where}.layers", f"is not a list of at most {lim.MAX_LAYERS} layers")
    for la in layers:
        if not (isinstance(la, dict) and isinstance(la.get("label"), str) and all(
                _int(la.get(k)) for k in ("sides", "count", "survive")) and 1 <= la["sides"] <= lim.MAX_DIE_SIDES
                and 0 <= la["count"] <= lim.MAX_LAYER_DICE and 1 <= la["survive"] <= lim.MAX_DIE_SIDES + 1):
            _fail(f"{where}.layers", "has a layer that is not {label, sides 1–20, count 0–50, survive}")
    if f.get("status") not in (rs.OK, rs.COLLAPSED, rs.DYING, rs.DEAD):
        _fail(f"{where}.status", f"is {f.get('status')!r}")
    if f.get("idx") != i or f.get("side") not in (0, 1):
        _fail(where, "has the wrong index or side")
    if f.get("pc"):
        if f.get("weapon") not in class_data().weapons:
            _fail(f"{where}.weapon", f"{f.get('weapon')!r} is not a weapon")
    else:
        creature(str(f.get("key")))  # an unknown creature is a ConfigError


def check_state_json(data: Any) -> None:
    """Raise ConfigError unless ``data`` has the shape ``CombatState.to_json`` writes."""
    if not isinstance(data, dict):
        _fail("the document", "is not an object")
    fighters = data.get("fighters")
    if not isinstance(fighters, list) or not 1 <= len(fighters) <= MAX_FIGHTERS:
        _fail("fighters", f"is not a list of 1–{MAX_FIGHTERS} fighters")
    for i, f in enumerate(fighters):
        _check_fighter(i, f)
    n = len(fighters)
    order = data.get("order")
    if not isinstance(order, list) or not all(_int(v) for v in order) or sorted(order) != list(range(n)):
        _fail("order", "is not an ordering of the fighters")
    for name in ("turn_pos", "active", "round", "actions"):
        if not _int(data.get(name)):
            _fail(name, "is not a whole number")
    if not 0 <= data["active"] < n or not -1 <= data["turn_pos"] <= n or data["round"] < 1:
        _fail("active/turn_pos/round", "is out of range")
    if data.get("winner") not in (None, -1, 0, 1) or not isinstance(data.get("held_phase"), bool):
        _fail("winner/held_phase", "is not valid")
    acting = fighters[data["active"]]
    if data.get("winner") is None and (acting["status"] != rs.OK or acting.get("actions_left", 0) < 1):
        _fail("active", "names a fighter that cannot act now")
    if not isinstance(data.get("options"), dict):
        _fail("options", "is not an object")

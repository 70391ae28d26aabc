"""Rest and Recover, healing dice, potions (003 "Rest & Recovery", "Healing"; ref §1, §5)."""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.affinity import SPEC
from gamewright.games.affinity.character import MAX_RESOLVE, Sheet
from gamewright.games.affinity.data_files import class_data

MAX_RESTS_PER_DAY = 2
POTIONS = {"healing_salve": (1, 6), "greater_healing_salve": (2, 8), "superior_healing_salve": (4, 10),
           "supreme_healing_salve": (6, 12)}
TONICS = {"resolve_tonic": 1, "resolve_elixir": 2}


# Features spent like abilities, recorded in ``uses_spent`` under their own key (ref §3)
FEATURE_USES = {"oath_absolute": "long_rest"}  # ref §3 Combatant 10: once per long rest


def _short_rest_uses(sheet: Sheet) -> None:
    abilities = class_data().abilities
    for key in list(sheet.uses_spent):
        kind = abilities[key].uses if key in abilities else FEATURE_USES.get(key, "rest")
        if kind in ("rest", "prof_rest"):
            del sheet.uses_spent[key]


def _alive(sheet: Sheet, what: str) -> None:
    if sheet.status == "dead":
        raise RuleViolation(what, f"{sheet.name} is dead (0 HD and 0 Resolve)",
                            "003 Death: only powerful magic brings the dead back")


def changes(before: tuple[int, int], sheet: Sheet) -> list[str]:
    """What moved on the sheet, in words: ``["regained 1 HD (4 → 5)", "Resolve 3 → 4"]``."""
    hd, res = before
    out = []
    if sheet.hd != hd:
        out.append(f"{'regained' if sheet.hd > hd else 'lost'} {abs(sheet.hd - hd)} HD ({hd} → {sheet.hd})")
    if sheet.resolve != res:
        out.append(f"Resolve {res} → {sheet.resolve}")
    return out


def wake(sheet: Sheet) -> dict[str, Any]:
    """A collapsed character wakes after 0–2 days with 1 Resolve (003 "Collapse", "The Broken Warrior").

    Waking someone awake changes nothing and says so; waking the dying or the dead is a mistake."""
    if sheet.status == "ok":
        return {"name": sheet.name, "resolve": [sheet.resolve, sheet.resolve], "changed": [],
                "note": f"{sheet.name} is conscious (Resolve {sheet.resolve}): there is nothing to wake from; "
                        "wake is for a collapsed character (0 Resolve, HD left)"}
    if sheet.status == "dying":
        raise RuleViolation("wake", f"{sheet.name} is dying (0 HD), not collapsed: heal or stabilize first",
                            "003 Death & Dying")
    _alive(sheet, "wake")
    before = (sheet.hd, sheet.resolve)
    sheet.resolve = 1
    return {"name": sheet.name, "resolve": [0, 1], "changed": ["woke", *changes(before, sheet)]}


HALF_RESOLVE = -(-MAX_RESOLVE // 2)  # 003 Recovering Resolve: "half your maximum (3 Resolve)", rounded up


def rest_resolve(resolve: int, mode: str = "one") -> int:
    """Resolve after a Rest (RULINGS; the option ``rest_resolve``). The Rest of "Rest & Recovery" (0.5–8 h,
    threatened) is the "Short Rest" of the other two passages (same hours, same threat); 003 says its Resolve
    three ways:

    - ``one`` (default): +1, up to 5 — 003 Rest & Recovery ("Regain 1 Resolve", its example 3 → 4) and ref §1;
    - ``half``: up to half the maximum, rounded up (3), never lowered — 003 Recovering Resolve;
    - ``one_to_half``: +1, but not above 3 (a Rest never lowers it) — 003 Resting, "by 1 (half maximum, rounded
      up)" read as a cap."""
    SPEC.option("rest_resolve").validate(mode)
    if mode == "half":
        return max(resolve, HALF_RESOLVE)
    if mode == "one_to_half":
        return max(resolve, min(HALF_RESOLVE, resolve + 1))
    return min(MAX_RESOLVE, resolve + 1)


def rest(sheet: Sheet, mend: bool | None = None, resolve: str = "one") -> dict[str, Any]:
    """Rest (0.5–8 h, threatened): +Proficiency HD, Resolve by ``rest_resolve`` (+1 by default), short-rest
    abilities back, at most 2 a day; the armour layer comes back only with a mending ability."""
    SPEC.option("rest_resolve").validate(resolve)  # a refused rest changes nothing
    _alive(sheet, "rest")
    if sheet.rests_today >= MAX_RESTS_PER_DAY:
        raise RuleViolation("rest", f"{sheet.name} has already rested {MAX_RESTS_PER_DAY} times today",
                            "003 Rest: maximum 2 Rests per day")
    before_hd, before_res = sheet.hd, sheet.resolve
    sheet.hd = min(sheet.hd_max, sheet.hd + sheet.proficiency)
    sheet.resolve = rest_resolve(sheet.resolve, resolve)
    restored = sorted(sheet.uses_spent)
    _short_rest_uses(sheet)
    restored = [k for k in restored if k not in sheet.uses_spent]
    mended = bool(sheet.mending if mend is None else mend)
    if mended:
        sheet.armour_dice = sheet.armour_max
        sheet.shield_dice = sheet.shield_max
    sheet.rests_today += 1
    changed = changes((before_hd, before_res), sheet)
    if restored:
        changed.append("ready again: " + ", ".join(restored))
    if mended:
        changed.append("armour mended")
    return {"name": sheet.name, "hd": [before_hd, sheet.hd], "resolve": [before_res, sheet.resolve],
            "armour_mended": mended, "rests_today": sheet.rests_today,
            "changed": changed or ["nothing to restore"]}


def recover(sheet: Sheet) -> dict[str, Any]:
    """Recover (6+ h, safe): all HD, Resolve 5, the armour layer's dice back (nothing re-rolled), all abilities."""
    _alive(sheet, "recover")
    before_hd, before_res = sheet.hd, sheet.resolve
    sheet.hd = sheet.hd_max
    sheet.resolve = MAX_RESOLVE
    sheet.armour_dice = sheet.armour_max
    sheet.shield_dice = sheet.shield_max
    restored = sorted(sheet.uses_spent)
    sheet.uses_spent = {}
    changed = changes((before_hd, before_res), sheet)
    if restored:
        changed.append("ready again: " + ", ".join(restored))
    return {"name": sheet.name, "hd": [before_hd, sheet.hd], "resolve": [before_res, sheet.resolve],
            "armour": sheet.armour_dice, "shield": sheet.shield_dice, "changed": changed or ["nothing to restore"]}


def heal_amount(rolls: list[int], mode: str = "sum") -> int:
    """ref §1 "Healing dice": ``sum`` restores the total rolled, ``count`` one HD per die."""
    if mode == "sum":
        return sum(rolls)
    if mode == "count":
        return len(rolls)
    raise ConfigError(f"healing mode {mode!r}: choose sum or count")


def heal(sheet: Sheet, rng: Any, count: int, sides: int, mode: str = "sum") -> dict[str, Any]:
    """Roll healing dice and restore HD, never above the level's maximum (003 "Healing")."""
    if count < 0 or sides < 1:
        raise ConfigError("healing needs a non-negative number of dice with at least one side")
    _alive(sheet, "heal")
    rolls = [rng.die(sides) for _ in range(count)]
    before = sheet.hd
    sheet.hd = min(sheet.hd_max, sheet.hd + heal_amount(rolls, mode))
    rolled = f"rolled {count}d{sides} {rolls} → {heal_amount(rolls, mode)}"
    changed = [rolled, *changes((before, sheet.resolve), sheet)]
    if sheet.hd == before:
        changed.append(f"no HD regained (already at {sheet.hd_max})" if sheet.hd == sheet.hd_max else "")
    return {"name": sheet.name, "rolls": rolls, "hd": [before, sheet.hd], "restored": sheet.hd - before,
            "changed": [c for c in changed if c]}


def drink(sheet: Sheet, rng: Any, potion: str, mode: str = "sum") -> dict[str, Any]:
    """Potions (ref §5): healing salves roll dice; Resolve tonics restore Resolve (the "Restore" keyword)."""
    _alive(sheet, "drink")
    if potion in POTIONS:
        n, sides = POTIONS[potion]
        doc = heal(sheet, rng, n, sides, mode)
        doc["potion"] = potion
        doc["changed"] = [f"{potion.replace('_', ' ')}: " + doc["changed"][0], *doc["changed"][1:]]
        return doc
    if potion in TONICS:
        before = sheet.resolve
        sheet.resolve = min(MAX_RESOLVE, sheet.resolve + TONICS[potion])
        changed = changes((sheet.hd, before), sheet) or [f"Resolve already {MAX_RESOLVE}"]
        return {"name": sheet.name, "potion": potion, "resolve": [before, sheet.resolve],
                "changed": [f"{potion.replace('_', ' ')}: " + changed[0], *changed[1:]]}
    raise ConfigError(f"unknown potion {potion!r}; choose one of: {', '.join([*POTIONS, *TONICS])}")

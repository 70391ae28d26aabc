"""A party of stored characters between and around the encounters: who takes part, journeys with roles, rests,
days, sessions and advancement (003 "Travel & Journey System", "Rest & Recovery", "Character Advancement
Systems", "Affinity Dice Mechanics"; RULINGS "Affinity parties").

The sheets are ``character.Sheet``; this module changes them and says in words what changed. Storage is the
CLI's (``cli.affinity_party``): it reads the sheets, calls these, and writes them back in one locked step.
"""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.affinity import rest as rr
from gamewright.games.affinity.character import MAX_LEVEL, MAX_RESOLVE, Sheet, level_up, new_day
from gamewright.games.affinity.limits import MAX_PARTY
from gamewright.games.affinity.travel import ROLES as SUPPORT_ROLES

ROLES = ("navigator", *SUPPORT_ROLES)  # 003 The Journey Roll: a navigator (required) and up to three supports


def roster(names: list[str], what: str) -> list[str]:
    """Stored characters named once each, 1 to ``MAX_PARTY`` of them (the bound of every party command)."""
    if not names:
        raise ConfigError(f"{what} names at least one stored character, e.g. Bram,Ilse")
    if len(set(names)) != len(names):
        raise ConfigError(f"{what} names each character once")
    if len(names) > MAX_PARTY:
        raise ConfigError(f"{what}: a party has at most {MAX_PARTY} members, not {len(names)}")
    return names


def snapshot(sheet: Sheet) -> dict[str, Any]:
    """What the log keeps of a member at a moment: the numbers a fight, journey, rest or level-up moves."""
    return {"name": sheet.name, "level": sheet.level, "hd": sheet.hd, "hd_max": sheet.hd_max,
            "resolve": sheet.resolve, "status": sheet.status, "affinity": sheet.affinity,
            "affinity_cap": sheet.affinity_cap, "armour": sheet.armour_dice, "shield": sheet.shield_dice,
            "spell_armour": sheet.spell_armour, "uses_spent": dict(sheet.uses_spent), "rests_today": sheet.rests_today}


_WORDS = (("level", "level"), ("hd", "HD"), ("resolve", "Resolve"), ("affinity", "Affinity dice"),
          ("armour", "armour dice"), ("shield", "shield dice"), ("spell_armour", "spell armour"))


def changed(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """``["HD 5 → 3", "Resolve 5 → 4", "now dying"]``: what moved between two snapshots."""
    out = [f"{word} {before[key]} → {after[key]}" for key, word in _WORDS if before[key] != after[key]]
    spent = sorted(k for k, n in after["uses_spent"].items() if n > before["uses_spent"].get(k, 0))
    if spent:
        out.append("used " + ", ".join(spent))
    ready = sorted(k for k in before["uses_spent"] if k not in after["uses_spent"])
    if ready:
        out.append("ready again: " + ", ".join(ready))
    if before["status"] != after["status"]:
        out.append(f"now {after['status']}")
    return out


def member_changes(before: list[dict[str, Any]], sheets: list[Sheet]) -> list[dict[str, Any]]:
    """Per member: the snapshot before, the one after, and the change in words."""
    out = []
    for b, sheet in zip(before, sheets, strict=True):
        after = snapshot(sheet)
        out.append({"name": sheet.name, "before": b, "after": after, "changed": changed(b, after)})
    return out


def living(sheets: list[Sheet]) -> list[Sheet]:
    """003 Death: the dead keep their place on the roster but take no part in anything."""
    return [s for s in sheets if s.status != "dead"]


def conscious(sheets: list[Sheet], what: str) -> list[Sheet]:
    """Who can roll (003 Collapse, Death & Dying); at least one, or the party cannot act."""
    awake = [s for s in sheets if s.status == "ok"]
    if not awake:
        raise RuleViolation(what, "nobody in the party is conscious", "003 Death & Dying")
    return awake


# --- rest and days ---------------------------------------------------------------------------------------------
def party_rest(sheets: list[Sheet], kind: str, mend: bool | None = None, resolve: str = "one"
               ) -> list[dict[str, Any]]:
    """Everyone alive rests together (003 Rest: +Proficiency HD, Resolve by ``rest.rest_resolve`` (+1 by
    default), short-rest abilities, at most 2 a day each; Recover: everything back). One member past the day's
    2 Rests refuses the party's Rest."""
    if kind not in ("rest", "recover"):
        raise ConfigError(f"--kind {kind[:40]!r}: a party takes a rest or a recover")
    rr.rest_resolve(0, resolve)  # an unknown rule refuses the rest before anyone rests
    alive = living(sheets)
    if not alive:
        raise RuleViolation(kind, "every member of the party is dead", "003 Death")
    tired = next((s for s in alive if s.rests_today >= rr.MAX_RESTS_PER_DAY), None)
    if kind == "rest" and tired:  # checked for everyone before anyone rests
        raise RuleViolation("rest", f"{tired.name} has already rested {rr.MAX_RESTS_PER_DAY} times today",
                            "003 Rest: maximum 2 Rests per day")
    return [rr.rest(s, mend, resolve) if kind == "rest" else rr.recover(s) for s in alive]


def pass_days(sheets: list[Sheet], days: int) -> None:
    """Each new day resets the day's Affinity gains (≤ Proficiency a day) and Rests (2 a day); stored Affinity
    dice do not expire (003 Storing Affinity Dice)."""
    if days < 1:
        raise ConfigError("at least one day passes")
    for sheet in sheets:
        new_day(sheet)


# --- journeys and chases ---------------------------------------------------------------------------------------
def journey_roles(sheets: list[Sheet], assigned: dict[str, str]) -> tuple[Sheet, dict[str, str]]:
    """The navigator's sheet and the support roles (role → member) of a party's journey (003 The Journey Roll).

    Each role is taken by a conscious member, one role each (RULINGS); the navigator is required."""
    by_name = {s.name: s for s in sheets}
    for role, who in assigned.items():
        if role not in ROLES:
            raise ConfigError(f"--role {role[:20]!r}: choose from {', '.join(ROLES)}")
        if who not in by_name:
            raise ConfigError(f"--role {role}={who[:40]!r}: not a member of the party ({', '.join(by_name)})")
        if by_name[who].status != "ok":
            raise RuleViolation(f"{who} takes the {role} role", f"{who} is {by_name[who].status}",
                                "003 Death & Dying: the unconscious cannot act")
    takers = list(assigned.values())
    twice = next((w for w in takers if takers.count(w) > 1), None)
    if twice:
        raise ConfigError(f"{twice} takes one role on a journey, not {takers.count(twice)}")
    if "navigator" not in assigned:
        raise ConfigError("a journey needs a navigator: --role navigator=NAME (003 The Journey Roll)")
    return by_name[assigned["navigator"]], {r: w for r, w in assigned.items() if r != "navigator"}


def refuse_dying(sheets: list[Sheet], what: str) -> None:
    """A dying member (0 HD) cannot be carried through a journey: heal or rest first (RULINGS)."""
    for s in sheets:
        if s.status == "dying":
            raise RuleViolation(what, f"{s.name} is dying (0 HD): heal or rest first", "003 Death & Dying")


def journey_resolve(sheets: list[Sheet], change: int) -> None:
    """003 Journey outcomes: every member alive restores or loses the Resolve, between 0 and 5."""
    for s in living(sheets):
        s.resolve = max(0, min(MAX_RESOLVE, s.resolve + change))


def burn(sheet: Sheet, burned: int) -> None:
    """003 Exertion Dice: each 1 on an exertion die burns one body HD."""
    sheet.hd = max(0, sheet.hd - burned)


def chase_roller(sheets: list[Sheet], name: str | None) -> Sheet:
    """ref §1 Chases: one roller per side — the member named, or the conscious one with the highest Proficiency
    (the first on the roster among equals; RULINGS)."""
    awake = conscious(sheets, "chase")
    if name is None:
        return max(awake, key=lambda s: s.proficiency)  # max keeps the first of equals
    found = next((s for s in sheets if s.name == name), None)
    if found is None:
        raise ConfigError(f"--roller {name[:40]!r} is not a member of the party")
    if found.status != "ok":
        raise RuleViolation(f"{name} rolls", f"{name} is {found.status}", "003 Death & Dying")
    return found


# --- sessions and advancement ----------------------------------------------------------------------------------
def advance(sheets: list[Sheet], names: list[str]) -> dict[str, list[str]]:
    """One level each for the members named (003 Character Advancement Systems, through ``level_up``), checked
    for every one before any sheet changes."""
    by_name = {s.name: s for s in sheets}
    for name in names:
        if name not in by_name:
            raise ConfigError(f"--level-up {name[:40]!r}: not a member of the party")
        sheet = by_name[name]
        if sheet.status == "dead":
            raise RuleViolation(f"level up {name}", f"{name} is dead", "003 Death")
        if sheet.level >= MAX_LEVEL:
            raise RuleViolation(f"level up {name}", f"{name} is already level {MAX_LEVEL}", "003 Level: maximum 10")
    return {name: level_up(by_name[name]) for name in names}

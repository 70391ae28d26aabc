"""``--with-party NAME`` on ``affinity fight``, ``task``, ``travel`` and ``chase``: who of the stored party takes
part, and what the encounter changed — written back to the sheets (locked) and entered in the party's log."""

from __future__ import annotations

from typing import Any

from gamewright.app.affinity_sheets import edit_sheets, load_sheet
from gamewright.cli.affinity_party_log import change_lines, edit_members, names_of, record
from gamewright.cli.common import console
from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.limits import ascii_int
from gamewright.games.affinity import limits as lim
from gamewright.games.affinity import party as pt


def _sheets(party_name: str) -> list[Any]:
    from gamewright.store.affinity_parties import get_party

    return [load_sheet(n) for n in get_party(party_name).members]


def _alone(given: dict[str, Any]) -> None:
    """``--with-party`` names the characters itself: the options that name them otherwise are refused."""
    for option, value in given.items():
        if value:
            raise ConfigError(f"give --with-party or {option}, not both")


AFFINITY_HELP = ("With --with-party, MEMBER=N (repeatable): a member who rolls spends N stored Affinity dice as safe "
                 "bonus dice (003 Spending Affinity Dice).")


def affinity_spend(party_name: str | None, texts: list[str], rollers: list[str]) -> dict[str, int]:
    """``--affinity MEMBER=N`` → member → dice, each a member who rolls and stores that many (003: a roll may
    add stored Affinity dice, up to the stored pool)."""
    if texts and not party_name:
        raise ConfigError("--affinity needs --with-party (the stored sheets hold the dice; otherwise use --bonus)")
    spend: dict[str, int] = {}
    for text in texts:
        who, sep, n = (part.strip() for part in text.partition("="))
        if not sep or not who:
            raise ConfigError(f"--affinity {text[:40]!r} is not MEMBER=N, e.g. Ana=2")
        if who not in rollers:
            raise ConfigError(f"--affinity {who[:40]!r}: only a member who rolls spends dice ({', '.join(rollers)})")
        spend[who] = spend.get(who, 0) + lim.check("affinity", ascii_int(n, "--affinity"), "--affinity")
    stored = {s.name: s.affinity for s in _sheets(party_name)} if spend and party_name else {}
    for who, dice in spend.items():
        if dice > stored[who]:
            raise RuleViolation(f"{who} spends {dice} Affinity dice", f"{who} stores {stored[who]}",
                                "003 Spending Affinity Dice")
    return spend


def _report(entry: dict[str, Any]) -> None:
    console.print(f"party log: {entry['text']}", highlight=False)
    for line in change_lines(entry["data"].get("members", [])):
        console.print(f"  {line}", highlight=False)


# --- fights ----------------------------------------------------------------------------------------------------
def fight_roster(party_name: str, sheets: str | None) -> str:
    """The living members, as ``--sheets`` text: the dead stay on the roster but do not fight."""
    _alone({"--sheets": sheets})
    alive = pt.living(_sheets(party_name))
    pt.conscious(alive, "fight")
    return ",".join(s.name for s in alive)


def log_fight(party_name: str, loaded: list[dict[str, Any]], members: list[Any], result: dict[str, Any],
              creature: str, quiet: bool) -> None:
    from gamewright.games.affinity.character import Sheet

    changes = pt.member_changes([pt.snapshot(Sheet.from_json(d)) for d in loaded], members)
    dead = [m["name"] for m in changes if m["after"]["status"] == "dead"]
    text = (f"fight with {result['count']} {creature}: {result['winner']} won after {result['rounds']} round(s)"
            + (f"; {', '.join(dead)} died" if dead else ""))
    entry = record(party_name, "fight", text, {"members": changes, "result": {k: v for k, v in result.items()
                                                                             if k != "fighters"}})
    if not quiet:
        _report(entry)


# --- rolls outside fights --------------------------------------------------------------------------------------
def task_rollers(party_name: str, sheets: str | None, group: str | None) -> str:
    """The conscious members as ``--sheets`` text, or those ``--sheets`` names, each a member."""
    _alone({"--group": group})
    roster = _sheets(party_name)
    if sheets:
        names = [s.name for s in roster]
        stranger = next((n for n in names_of(sheets) if n not in names), None)
        if stranger:
            raise ConfigError(f"--sheets {stranger[:40]!r} is not in the party {party_name} ({', '.join(names)})")
        return sheets
    return ",".join(s.name for s in pt.conscious(roster, "task"))


def _spend(sheet: Any, spent: dict[str, int]) -> None:
    from gamewright.games.affinity.character import spend_affinity

    spend_affinity(sheet, spent.get(sheet.name, 0))


def settle_rolls(party_name: str, kind: str, text: str, burned: dict[str, int], spent: dict[str, int],
                 result: dict[str, Any], quiet: bool) -> None:
    """Exertion burns and Affinity dice spent written back to the rollers' sheets, and the roll logged."""
    with edit_sheets(*burned) as sheets:
        before = [pt.snapshot(s) for s in sheets]
        for s in sheets:
            pt.burn(s, burned[s.name])
            _spend(s, spent)
        changes = pt.member_changes(before, sheets)
    entry = record(party_name, kind, text, {"members": changes, "result": result})
    if not quiet:
        _report(entry)


def settle_task(party_name: str, result: Any, spent: dict[str, int]) -> None:
    burned: dict[str, int] = {}
    for r in result.rolls:
        burned[r.name] = burned.get(r.name, 0) + r.burned
    text = (f"task {result.successes} vs {result.difficulty} at {result.threshold}+ ({', '.join(burned)}): "
            f"{'success' if result.success else 'failure'}")
    settle_rolls(party_name, "task", text, burned, spent, result.to_json(), True)


def journey_party(party_name: str, roles: list[str], sheets: str | None, support: str) -> tuple[Any, dict[str, str],
                                                                                             bool]:
    """The navigator's sheet, the support roles (role → member) and whether a conscious member brings Nature's
    Treaty (003 Travel Strain Mitigation), from ``--role ROLE=MEMBER`` options."""
    _alone({"--sheets": sheets, "--roles": support})
    assigned: dict[str, str] = {}
    for text in roles:
        role, sep, who = text.partition("=")
        role = role.strip().lower()
        if not sep or not who.strip():
            raise ConfigError(f"--role {text[:40]!r} is not ROLE=MEMBER, e.g. navigator=Ana")
        if role in assigned:
            raise ConfigError(f"the {role} role is taken once on a journey")
        assigned[role] = who.strip()
    roster = _sheets(party_name)
    pt.refuse_dying(roster, "journey")
    navigator, takers = pt.journey_roles(roster, assigned)
    treaty = any("natures_treaty" in s.features for s in roster if s.status == "ok")
    return navigator, takers, treaty


def settle_journey(party_name: str, navigator: str, takers: dict[str, str], spent: dict[str, int],
                   doc: dict[str, Any], where: str, quiet: bool) -> None:
    """003 Journey outcomes on the stored sheets: the navigator's burns and Affinity dice spent, every living
    member's Resolve."""
    with edit_members(party_name) as sheets:
        before = [pt.snapshot(s) for s in sheets]
        for s in sheets:
            if s.name == navigator:
                pt.burn(s, doc["burned"])
                _spend(s, spent)
        pt.journey_resolve(sheets, doc["resolve_change"])
        changes = [m for m in pt.member_changes(before, sheets) if m["before"]["status"] != "dead"]
    roles = ", ".join([f"navigator {navigator}", *(f"{r} {w}" for r, w in takers.items())])
    text = f"journey ({where}; {roles}): {doc['outcome']}, Resolve {doc['resolve_change']:+d} for everyone"
    entry = record(party_name, "journey", text, {"members": changes, "roles": {"navigator": navigator, **takers},
                                                 "result": doc})
    if not quiet:
        _report(entry)


def party_chase(party_name: str, sheets: str | None, side: str | None, roller: str | None,
                affinity: list[str]) -> tuple[Any, str, int]:
    """The member who rolls for the party, the party's side (lead: pursued, chase: pursuer), and the Affinity
    dice the roller spends."""
    _alone({"--sheets": sheets})
    side = side or "lead"
    if side not in ("lead", "chase"):
        raise ConfigError("--side is lead (the party is pursued) or chase (the party pursues)")
    who = pt.chase_roller(_sheets(party_name), roller)
    return who, side, affinity_spend(party_name, affinity, [who.name]).get(who.name, 0)


def settle_chase(party_name: str, who: str, side: str, spent: int, doc: dict[str, Any]) -> None:
    role = "fleeing" if side == "lead" else "pursuing"
    settle_rolls(party_name, "chase", f"chase, the party {role} ({who} rolls): {doc['outcome']}",
                 {who: doc[side]["burned"]}, {who: spent}, doc, True)

"""``gamewright affinity party``: a stored party of characters — its roster, rests, days, sessions and
advancement, and its adventure log. Fights, tasks, journeys and chases take ``--with-party NAME``
(``cli.affinity_party_play``)."""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table

from gamewright.app.affinity_sheets import edit_sheets, load_sheet
from gamewright.cli.affinity_party_log import change_lines, edit_members, names_of, record
from gamewright.cli.common import JSON_OPTION, console, print_json, sub_app
from gamewright.cli.lazy import command_module
from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.limits import check_name
from gamewright.games.affinity import limits as lim
from gamewright.games.affinity import party as pt

app = command_module()  # ``gamewright affinity``'s commands of this module (cli.affinity loads it lazily)

party_app = sub_app("party", "A stored party: roster, rests, days, sessions, advancement and its adventure log.")
session_app = sub_app("session", "Begin or end a session of play (advancement comes at a session's end).")
app.add_typer(party_app, name="party")
party_app.add_typer(session_app, name="session")

PARTY_ARG = typer.Argument(..., help="The party's name.")
MEMBERS_HELP = "Stored characters, comma-separated, e.g. Bram,Ilse,Tamsin."


def _joinable(names: list[str], party_name: str) -> list[Any]:
    """The sheets of characters who may join: alive, and in no other party — a character travels with one party
    at a time (RULINGS): its sheet is one body."""
    from gamewright.store.affinity_parties import list_parties

    sheets = [load_sheet(n) for n in names]
    for s in sheets:
        if s.status == "dead":
            raise RuleViolation(f"{s.name} joins", f"{s.name} is dead", "003 Death")
    for other in list_parties():
        clash = sorted(set(names) & set(other.members)) if other.name != party_name else []
        if clash:
            raise ConfigError(f"{clash[0]} already belongs to the party {other.name!r}; remove it there first")
    return sheets


def _lines(entry: dict[str, Any], json_out: bool, details: list[str]) -> None:
    if json_out:
        print_json(entry)
        return
    console.print(entry["text"], highlight=False)
    for line in details:
        console.print(f"  {line}", highlight=False)


# --- roster ----------------------------------------------------------------------------------------------------
@party_app.command("new")
def party_new(name: str = typer.Argument(..., help="The party's name (unique)."),
              members: str = typer.Option(..., "--members", help=MEMBERS_HELP), json_out: bool = JSON_OPTION) -> None:
    """Form a party of stored characters (day 1, no session yet)."""
    from gamewright.store.affinity_parties import Party, create_party

    name = check_name(name, "a party's name")
    roster = pt.roster(names_of(members), "--members")
    sheets = _joinable(roster, name)
    party = Party(name, roster)
    party.log("formed", f"{name} formed: {', '.join(roster)}", {"members": [pt.snapshot(s) for s in sheets]})
    create_party(party)
    _lines({**party.to_json(), **party.entries[-1]}, json_out, [])


def _roster_change(name: str, members: str, join: bool, json_out: bool) -> None:
    from gamewright.store.affinity_parties import edit_party, get_party

    names = pt.roster(names_of(members), "--members")
    if join:
        _joinable(names, name)
    with edit_party(name) as party:
        if join:
            have = [n for n in names if n in party.members]
            if have:
                raise ConfigError(f"{have[0]} is already in {name}")
            party.members = pt.roster(party.members + names, f"{name} with {', '.join(names)}")
        else:
            gone = [n for n in names if n not in party.members]
            if gone:
                raise ConfigError(f"{gone[0]} is not in {name} ({', '.join(party.members)})")
            party.members = [m for m in party.members if m not in names]
            if not party.members:
                raise ConfigError(f"{name} would have nobody left; a party keeps at least one member")
        verb = "joined" if join else "left"
        party.log("joined" if join else "left", f"{', '.join(names)} {verb} {name}", {"names": names})
    _lines({**get_party(name).to_json(), **party.entries[-1]}, json_out, [])


@party_app.command("add")
def party_add(name: str = PARTY_ARG, members: str = typer.Option(..., "--members", help=MEMBERS_HELP),
              json_out: bool = JSON_OPTION) -> None:
    """Add stored characters to a party."""
    _roster_change(name, members, True, json_out)


@party_app.command("remove")
def party_remove(name: str = PARTY_ARG, members: str = typer.Option(..., "--members", help=MEMBERS_HELP),
                 json_out: bool = JSON_OPTION) -> None:
    """Take characters off a party's roster (their sheets stay)."""
    _roster_change(name, members, False, json_out)


@party_app.command("list")
def party_list(json_out: bool = JSON_OPTION) -> None:
    """List the stored parties."""
    from gamewright.store.affinity_parties import list_parties

    parties = list_parties()
    if json_out:
        print_json([p.to_json() for p in parties])
        return
    out = Table(title="Affinity parties")
    for col in ("name", "members", "day", "session"):
        out.add_column(col)
    for p in parties:
        out.add_row(p.name, ", ".join(p.members), str(p.day),
                    f"{p.sessions} (open)" if p.session_open else f"{p.sessions} played")
    console.print(out)


def _heading(party: Any) -> str:
    state = f"session {party.sessions} in play" if party.session_open else (
        f"between sessions ({party.sessions} played)" if party.sessions else "no session yet")
    return f"{party.name} — day {party.day}, {state}"


@party_app.command("show")
def party_show(name: str = PARTY_ARG, json_out: bool = JSON_OPTION) -> None:
    """The party: each member's level, Hit Dice, Resolve, state, Affinity dice, rests and uses; its latest log."""
    from gamewright.store.affinity_parties import get_party, party_log

    party = get_party(name)
    sheets = [load_sheet(n) for n in party.members]
    log = party_log(name)
    if json_out:
        print_json({**party.to_json(), "members": [pt.snapshot(s) for s in sheets], "log": log[-5:]})
        return
    out = Table(title=_heading(party))
    for col in ("name", "class", "level", "HD", "Resolve", "status", "Affinity", "rests today", "spent"):
        out.add_column(col)
    for s in sheets:
        out.add_row(s.name, s.cls.name, str(s.level), f"{s.hd}/{s.hd_max} d{s.hd_die}", f"{s.resolve}/5", s.status,
                    f"{s.affinity}/{s.affinity_cap} (+{s.affinity_gained_today} today)", f"{s.rests_today}/2",
                    ", ".join(sorted(s.uses_spent)) or "—")
    console.print(out)
    if log:
        title = f"Latest in the adventure log (all of it: `affinity party log {party.name}`)"
        console.print(_log_table(log[-5:], title, False))


def _log_table(entries: list[dict[str, Any]], title: str, details: bool) -> Table:
    """The log as a table: number, session and day, kind, and what happened (with each member's changes)."""
    out = Table(title=title, show_lines=details)
    for col in ("#", "session", "day", "kind", "what happened"):
        out.add_column(col, justify="right" if col in ("#", "session", "day") else "left")
    for e in entries:
        text = e["text"]
        if details:
            text = "\n".join([text, *(f"  {m['name']}: {', '.join(m['changed'])}"
                                       for m in e["data"].get("members", []) if m.get("changed"))])
        out.add_row(str(e["seq"]), str(e["session"] or "—"), str(e["day"]), e["kind"], text)
    return out


@party_app.command("log")
def party_log_cmd(name: str = PARTY_ARG,
                  session: int = typer.Option(None, "--session", help="Only this session's entries."),
                  json_out: bool = JSON_OPTION) -> None:
    """The party's adventure log: fights, journeys, tasks, chases, rests, days, sessions and level-ups."""
    from gamewright.store.affinity_parties import party_log

    log = party_log(name)
    if session is not None:
        log = [e for e in log if e["session"] == session]
    if json_out:
        print_json(log)
        return
    title = f"Adventure log of {name}" + (f", session {session}" if session is not None else "")
    console.print(_log_table(log, title, True))


# --- rest, days, sessions --------------------------------------------------------------------------------------
@party_app.command("rest")
def party_rest(
    name: str = PARTY_ARG,
    kind: str = typer.Option("rest", "--kind", help="rest (threatened: +Proficiency HD, +1 Resolve, short-rest "
                             "uses; 2 a day) or recover (safe: everything back; the night: a new day follows)."),
    mend: bool = typer.Option(None, "--mend/--no-mend", help="A mending ability restores the armour on a Rest."),
    same_day: bool = typer.Option(False, "--same-day", help="A Recover that does not end the day."),
    rest_resolve: str = typer.Option("one", "--rest-resolve", help="Resolve a Rest restores (RULINGS): one (+1), "
                                     "half (up to 3) or one_to_half (+1, not above 3)."),
    json_out: bool = JSON_OPTION,
) -> None:
    """The whole party rests or recovers together; every living member's sheet is updated."""
    with edit_members(name) as sheets:
        before = [pt.snapshot(s) for s in sheets]
        pt.party_rest(sheets, kind, mend, rest_resolve)
        next_day = kind == "recover" and not same_day
        if next_day:  # RULINGS: the Recover is the night's sleep
            pt.pass_days(sheets, 1)
        members = [m for m in pt.member_changes(before, sheets) if m["before"]["status"] != "dead"]
    text = f"{'Rest' if kind == 'rest' else 'Recover'}" + (" — a new day begins" if next_day else "")
    entry = record(name, kind, text, {"members": members}, days=int(next_day))
    _lines(entry, json_out, change_lines(members))


@party_app.command("day")
def party_day(name: str = PARTY_ARG,
              days: int = typer.Option(1, "--days", help=f"Days that pass, 1–{lim.MAX_DAYS}."),
              json_out: bool = JSON_OPTION) -> None:
    """Days pass: each member's Affinity gains and Rests count afresh (stored Affinity dice stay)."""
    lim.check("days", days, "--days")
    if days < 1:
        raise ConfigError("--days is at least 1")
    with edit_members(name) as sheets:
        pt.pass_days(sheets, days)
    entry = record(name, "day", f"{days} day{'s' if days > 1 else ''} pass", {"days": days}, days=days)
    _lines(entry, json_out, [])


@party_app.command("affinity")
def party_affinity(
    name: str = PARTY_ARG,
    member: str = typer.Argument(..., help="The member whose Affinity dice change."),
    verb: str = typer.Argument(..., help="gain | spend | share | betray"),
    count: int = typer.Option(1, "--count", help=f"Dice to spend or share, {lim.help_range('affinity')}."),
    to: str = typer.Option(None, "--to", help="The member who receives shared dice."),
    json_out: bool = JSON_OPTION,
) -> None:
    """A member's Affinity dice (gain ≤ Proficiency a day, store ≤ Level), entered in the party's log."""
    from gamewright.cli.affinity import affinity_verb, check_affinity_verb
    from gamewright.store.affinity_parties import get_party

    check_affinity_verb(member, verb, count, to)
    if verb == "new-day":
        raise ConfigError("a party's days pass with `party day` or a Recover")
    roster = get_party(name).members
    stranger = next((n for n in (member, to) if n and n not in roster), None)
    if stranger:
        raise ConfigError(f"{stranger[:40]!r} is not in {name} ({', '.join(roster)})")
    with edit_sheets(*([member, to] if verb == "share" else [member])) as sheets:
        before = [pt.snapshot(s) for s in sheets]
        doc = affinity_verb(sheets, verb, count)
        members = pt.member_changes(before, sheets)
    words = {"gain": "embodies the Virtue: +1 Affinity die", "spend": f"spends {count} Affinity dice",
             "share": f"shares {count} Affinity dice with {to}", "betray": "betrays the Virtue: every die lost"}
    entry = record(name, "affinity", f"{member} {words[verb]} ({doc['affinity']}/{doc['cap']} stored)",
                   {"members": members, "result": doc})
    _lines(entry, json_out, change_lines(members))


def _affinity_line(sheets: list[Any]) -> str:
    return "Affinity dice stored: " + ", ".join(f"{s.name} {s.affinity}/{s.affinity_cap}" for s in sheets)


@session_app.command("start")
def session_start(name: str = PARTY_ARG, json_out: bool = JSON_OPTION) -> None:
    """Begin a session: the party carries its sheets — levels, Hit Dice, Resolve, stored Affinity dice — over."""
    from gamewright.store.affinity_parties import get_party

    party = get_party(name)
    sheets = [load_sheet(n) for n in party.members]
    text = f"session {party.sessions + 1} begins on day {party.day}; " + _affinity_line(sheets)
    entry = record(name, "session-start", text, {"members": [pt.snapshot(s) for s in sheets]}, session="start")
    _lines(entry, json_out, [])


@session_app.command("end")
def session_end(
    name: str = PARTY_ARG,
    level_up: str = typer.Option("", "--level-up", help="Members who advance one level: names, or all (003 "
                                 "Character Advancement Systems; Way nodes and Path feats are chosen later)."),
    json_out: bool = JSON_OPTION,
) -> None:
    """End the session; the members named advance a level. Stored Affinity dice stay for the next session."""
    from gamewright.store.affinity_parties import get_party

    party = get_party(name)
    if not party.session_open:
        raise RuleViolation("end a session", "no session is open; begin one with `party session start`")
    with edit_members(name) as sheets:
        before = [pt.snapshot(s) for s in sheets]
        chosen = [s.name for s in pt.living(sheets)] if level_up.strip() == "all" else names_of(level_up)
        gained = pt.advance(sheets, chosen)
        members = pt.member_changes(before, sheets)
    text = f"session {party.sessions} ends; " + _affinity_line(sheets)
    if gained:
        text += "; level up: " + ", ".join(f"{s.name} → {s.level}" for s in sheets if s.name in gained)
    entry = record(name, "session-end", text, {"members": members, "gained": gained}, session="end")
    _lines(entry, json_out, [f"{who}: {'; '.join(what)}" for who, what in gained.items()])


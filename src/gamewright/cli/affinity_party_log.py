"""A stored party's shared steps for the CLI: its sheets locked together, and entries written to its log."""

from __future__ import annotations

from typing import Any

from gamewright.app.affinity_sheets import edit_sheets
from gamewright.core.errors import RuleViolation


def names_of(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


def edit_members(party_name: str) -> Any:
    """The party's sheets locked for one transaction (``edit_sheets``), in roster order."""
    from gamewright.store.affinity_parties import get_party

    return edit_sheets(*get_party(party_name).members)


def record(party_name: str, kind: str, text: str, data: dict[str, Any], days: int = 0,
           session: str = "") -> dict[str, Any]:
    """Write one entry to the party's log, stamped with the day it began, then move the party's day; a session
    begins before its entry and ends after it. The entry as written."""
    from gamewright.store.affinity_parties import edit_party

    with edit_party(party_name) as party:
        if session == "start":
            if party.session_open:
                raise RuleViolation("begin a session", f"session {party.sessions} is still open; end it first")
            party.sessions, party.session_open = party.sessions + 1, True
        party.log(kind, text, data)
        if session == "end":
            if not party.session_open:
                raise RuleViolation("end a session", "no session is open; begin one with `party session start`")
            party.session_open = False
        party.day += days
    return party.entries[-1]


def change_lines(members: list[dict[str, Any]]) -> list[str]:
    return [f"{m['name']}: {', '.join(m['changed']) or 'no change'}" for m in members]

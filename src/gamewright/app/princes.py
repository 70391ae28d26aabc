"""Minted Princes: mint one on a quantized birth moment, look one up, list them, and report a Prince's progress.

The quantized moment is a Prince's identity (ref §1): the database's unique constraints on the name and on
(birth_time, lat_centi, lon_centi) decide every race, so two processes minting the same moment at once
cannot both succeed and nothing is ever half-written.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from gamewright.core.errors import Conflict, NotFound
from gamewright.core.limits import check_page_name
from gamewright.games.prince.chart import Moment, compute_chart
from gamewright.games.prince.identity import PrinceRecord, clean_name, stored_moment
from gamewright.games.prince.progression import Progress, aspect_web
from gamewright.games.prince.resolution_tables import UNLOCK_AT
from gamewright.games.prince.resolve import profile_from_chart
from gamewright.games.prince.tables import PLANETS
from gamewright.store import princes as store
from gamewright.store.db import session_scope
from gamewright.store.models import Prince

__all__ = ["PrinceRecord", "clean_name", "find", "get", "get_by_id", "list_princes", "mint", "progress_report",
           "record_of", "run_history", "web_game_of"]


def record_of(row: Prince) -> PrinceRecord:
    return PrinceRecord(row.id, row.name, stored_moment(row.birth_time, row.lat_centi, row.lon_centi),
                        row.created_at)


def _conflict(existing: Prince, name: str, moment: Moment) -> Conflict:
    if existing.name == name:
        held = stored_moment(existing.birth_time, existing.lat_centi, existing.lon_centi)
        return Conflict(f"the name {name!r} is taken by the Prince born {held}; choose another name")
    return Conflict(
        f"a Prince already exists on the moment {moment}: {existing.name!r} "
        "(each quantized birth moment mints one Prince)"
    )


def mint(name: str, moment: Moment) -> PrinceRecord:
    """Mint a Prince; a taken name or moment raises ``Conflict`` naming the existing Prince (ref §1)."""
    name = check_page_name(name, "a Prince's name")  # the name is its page's address: /princes/NAME
    compute_chart(moment)  # a chart that cannot be computed is not minted
    key = (moment.time_text, moment.lat_centi, moment.lon_centi)
    try:
        with session_scope() as session:
            existing = store.prince_holding(session, name, *key)
            if existing is not None:
                raise _conflict(existing, name, moment)
            return record_of(store.add_prince(session, name, *key))
    except IntegrityError:
        # Another process won the race between our check and our insert: report who holds it.
        with session_scope() as session:
            existing = store.prince_holding(session, name, *key)
        if existing is None:  # pragma: no cover - the winner vanished again
            raise Conflict(f"could not mint {name!r}: the name or moment was taken meanwhile; try again") from None
        raise _conflict(existing, name, moment) from None


def get(name: str) -> PrinceRecord:
    """The Prince called ``name``; ``NotFound`` with a hint otherwise."""
    with session_scope() as session:
        return find(session, name)[1]


def find(session: Session, name: str, lock: bool = False) -> tuple[Prince, PrinceRecord]:
    """The Prince called ``name`` (exactly, else ignoring case) in the caller's transaction, its row locked for
    the rest of it when ``lock``; ``NotFound`` with a hint otherwise."""
    cleaned = clean_name(name)
    row = store.prince_named(session, cleaned)
    if row is None:
        raise NotFound(f"no Prince named {cleaned!r}; `gamewright prince list` shows the minted Princes")
    if lock:
        row = store.lock_prince(session, row.id) or row
    return row, record_of(row)


def get_by_id(prince_id: int) -> PrinceRecord:
    with session_scope() as session:
        row = session.get(Prince, prince_id)
        if row is None:
            raise NotFound(f"no Prince with id {prince_id}; `gamewright prince list` shows the minted Princes")
        return record_of(row)


def list_princes() -> list[PrinceRecord]:
    """Every minted Prince, oldest first."""
    with session_scope() as session:
        return [record_of(row) for row in store.all_princes(session)]


def web_game_of(data: dict[str, Any]) -> str | None:
    """The web table playing the Prince's active run (``data`` its progress document), if a web table plays it."""
    return (data.get("active_run") or {}).get("web_game")


def _history(session: Session, prince_id: int) -> list[dict[str, Any]]:
    return [
        {
            "id": r.id,
            "number": n,  # per Prince, in id order
            "seed": None if r.status == "active" else r.seed,  # issue 9 §6: secret until the run ends
            "ruleset": r.ruleset,
            "options": dict(r.options or {}),
            "status": r.status,
            "distance": int(r.distance),
            "turns": len(r.actions or []),
            "started_at": r.started_at.isoformat() if r.started_at else None,
            "finished_at": r.finished_at.isoformat() if r.finished_at else None,
        }
        for n, r in enumerate(store.runs_of(session, prince_id), start=1)
    ]


def run_history(prince_id: int) -> list[dict[str, Any]]:
    """Every run of the Prince, oldest first: its number, seed, ruleset, result and Distance."""
    with session_scope() as session:
        return _history(session, prince_id)


def progress_report(prince_id: int) -> dict[str, Any]:
    """The Prince's metaprogression as JSON: encounters, unlocks, aspects, illumination, joys and runs (000 §12,
    ref §2), read in one transaction."""
    with session_scope() as session:
        row = session.get(Prince, prince_id)
        if row is None:
            raise NotFound(f"no Prince with id {prince_id}; `gamewright prince list` shows the minted Princes")
        record = record_of(row)
        data = store.progress_data(session, prince_id)
        runs = _history(session, prince_id)
    profile = profile_from_chart(record.chart)
    progress = Progress.from_json(data)
    unlocked = progress.unlocked_mask()
    locked = [p for p, u in zip(PLANETS, unlocked, strict=True) if not u]
    aspects = aspect_web(profile, progress.aspects)
    return {
        "prince_id": prince_id,
        "cumulative_encounters": progress.encounters,
        "unlocked_planets": [p for p, u in zip(PLANETS, unlocked, strict=True) if u],
        "next_unlock": (
            {"planet": min(locked, key=UNLOCK_AT.__getitem__), "at": min(UNLOCK_AT[p] for p in locked)}
            if locked
            else None
        ),
        "active_aspects": [a for a in aspects if a["active"]],
        "latent_aspects": [a for a in aspects if not a["active"]],
        "illumination": {str(h + 1): n for h, n in enumerate(progress.illumination)},
        "joys_achieved": list(progress.joys),
        "active_run": (active := (data.get("active_run") or {}).get("run_id")),
        "active_run_number": next((r["number"] for r in runs if r["id"] == active), None),
        "active_web_game": web_game_of(data),
        "runs": runs,
    }

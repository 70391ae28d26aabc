"""The lab's stored runs (migration 0004): each experiment's request, seeds, code version and result.

The request alone reproduces the result: ``lab rerun ID`` runs it again and says whether every byte matches.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Float, Integer, String, Text, select
from sqlalchemy.orm import Mapped, mapped_column

from gamewright.core.errors import NotFound
from gamewright.store.db import session_scope
from gamewright.store.models import Base, utcnow


class LabRun(Base):
    """One experiment: its request (what to run), how it ran, and its result (what ``--json`` printed)."""

    __tablename__ = "lab_runs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))
    game: Mapped[str] = mapped_column(String(40), index=True)
    question: Mapped[str] = mapped_column(Text)
    request: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    games: Mapped[int] = mapped_column(Integer)
    code_version: Mapped[str] = mapped_column(String(80))
    workers: Mapped[int] = mapped_column(Integer)
    runner: Mapped[str] = mapped_column(String(120))  # "local" or "ray:ADDRESS"
    seconds: Mapped[float] = mapped_column(Float)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def save_run(request: dict[str, Any], result: dict[str, Any], workers: int, runner: str, seconds: float,
             code_version: str) -> int:
    """Store one run; its id."""
    with session_scope() as session:
        row = LabRun(kind=request["kind"], game=request["game"], question=result.get("question", ""),
                     request=request, seed=int(request["seed"]), games=int(request["games"]),
                     code_version=code_version, workers=workers, runner=runner, seconds=seconds,
                     result=json.loads(json.dumps(result)))
        session.add(row)
        session.flush()
        return row.id


def get_run(run_id: int) -> dict[str, Any]:
    with session_scope() as session:
        row = session.get(LabRun, run_id)
        if row is None:
            raise NotFound(f"no lab run with id {run_id}; list them with `gamewright lab runs`")
        return _row(row, full=True)


def list_runs(game: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
    with session_scope() as session:
        query = select(LabRun).order_by(LabRun.id.desc()).limit(limit)
        if game:
            query = query.where(LabRun.game == game)
        return [_row(row, full=False) for row in session.scalars(query)]


def _row(row: LabRun, full: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": row.id, "kind": row.kind, "game": row.game, "question": row.question, "seed": row.seed,
        "games": row.games, "code_version": row.code_version, "workers": row.workers, "runner": row.runner,
        "seconds": row.seconds, "created_at": row.created_at.isoformat(timespec="seconds"),
    }
    if full:
        out["request"] = dict(row.request)
        out["result"] = dict(row.result)
    return out

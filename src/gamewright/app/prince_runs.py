"""Runs of a minted Prince, stored in the database so that a run in progress survives the process ending.

A stored run is its seed, ruleset, options, the progress it started from and the list of planets sent; the
state is rebuilt by replaying them (seed + choices replay bit for bit). After every turn the run row and the
Prince's progress document are updated in one transaction.

Every transaction that reads and then writes a Prince's runs or progress first locks the Prince's row
(``locked_scope``), so processes playing one Prince at once take turns: a run is started once, and a turn is
stored only onto the very list of turns its process replayed (another process's newer turn is a ``Conflict``,
never a run that no longer replays). The database itself allows one active run per Prince.

A web table playing a Prince's run calls the ``*_table_*`` functions inside the platform's own transaction,
which holds the web game's row; the Prince's row is locked after it (the one lock order).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from gamewright.app.princes import find, record_of, web_game_of
from gamewright.core.errors import Conflict, NotFound
from gamewright.core.game import Event
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.identity import PrinceRecord
from gamewright.games.prince.progression import Progress
from gamewright.games.prince.resolve import profile_from_chart
from gamewright.games.prince.state import Deploy, PrinceState
from gamewright.store import princes as store
from gamewright.store.db import locked_scope, session_scope
from gamewright.store.models import Prince, PrinceRun


class PrinceBusy(Conflict):
    """A web table may not start a run: the Prince already has one in progress."""


@dataclass
class RunHandle:
    """A run being played: its row id, the Prince, the game and the live state."""

    run_id: int
    prince: PrinceRecord
    game: PrinceGame
    state: PrinceState
    resumed: bool
    events: list[Event] = field(default_factory=list)  # the events so far (a resumed run's are replayed)
    stored: list[str] = field(default_factory=list)  # the turns stored, as this process last read or wrote them


def run_label(number: int, run_id: int) -> str:
    """How a run is named to a person: its number among the Prince's runs beside its id."""
    return f"#{number} (id {run_id})"


def default_seed() -> int:
    """A new run's seed when none is given: drawn from ``secrets`` (issue 9 §6), so nobody can predict the
    opponents from the Prince's id; it is stored with the run and shown once the run is over."""
    return secrets.randbelow(2**63)


def open_run(
    name: str,
    ruleset: str | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    *,
    abandon: bool = False,
) -> RunHandle:
    """Resume the Prince's run in progress, or start a new one."""
    with session_scope() as session:
        record = find(session, name)[1]
    try:
        return _open(record, ruleset, seed, options, abandon)
    except IntegrityError:  # the database's one-active-run rule; the Prince's lock should make it unreachable
        raise Conflict(
            f"another process started a run of Prince {record.name!r} at the same moment; "
            f"run `prince play {record.name}` again to resume it"
        ) from None


@contextmanager
def _lock(prince: PrinceRecord) -> Iterator[Session]:
    with locked_scope(Prince, prince.id, f"Prince {prince.name!r} no longer exists") as (session, _):
        yield session


def _open(
    record: PrinceRecord,
    ruleset: str | None,
    seed: int | None,
    options: dict[str, Any] | None,
    abandon: bool,
) -> RunHandle:
    with _lock(record) as session:
        data = store.progress_data(session, record.id)
        row = store.active_run(session, record.id)
        if row is not None and abandon:
            row.status = "abandoned"
            row.finished_at = datetime.now(UTC)
            data.pop("active_run", None)
            store.store_progress_data(session, record.id, data)
            row = None
        table = web_game_of(data) if row is not None else None
        if table:
            raise Conflict(
                f"Prince {record.name!r} is on a run at the web table /games/{table}: play it there, "
                f"or add --abandon to end that run and start afresh"
            )
        if row is not None:
            clash = _clash(row, ruleset, seed, options)
            if clash:
                number = store.run_number(session, record.id, row.id)
                raise Conflict(
                    f"Prince {record.name!r} has run {run_label(number, row.id)} in progress ({row.ruleset}); "
                    f"{clash}: run `prince play {record.name}` to resume it or add --abandon to start afresh"
                )
            game = run_game(session, record, row)
            state, events = game.start(row.seed)
            for text in row.actions or []:
                events += state.apply(game.parse_action(state, text))
            return RunHandle(row.id, record, game, state, True, events, list(row.actions or []))
        row, game = begin_run(session, record, data, ruleset, default_seed() if seed is None else seed, options)
        state, events = game.start(row.seed)
        return RunHandle(row.id, record, game, state, False, events)


def begin_run(session: Session, record: PrinceRecord, data: dict[str, Any], ruleset: str | None, seed: int,
              options: dict[str, Any] | None, web_game: str | None = None) -> tuple[PrinceRun, PrinceGame]:
    """Store a new active run of the Prince (its row locked by the caller, ``data`` its progress document, no
    run active) and the game it plays; ``web_game`` names the web table playing it (only that table stores
    its turns)."""
    progress = Progress.from_json(data)
    game = PrinceGame(ruleset, options, player=profile_from_chart(record.chart), progress=progress)
    row = store.add_run(session, record.id, seed, game.rules.ruleset, dict(options or {}))
    data["active_run"] = {"run_id": row.id, **({"web_game": web_game} if web_game else {})}
    # the progress a run starts from decides its unlocks: kept so that any run can be replayed
    data["run_starts"] = {**(data.get("run_starts") or {}), str(row.id): progress.to_json()}
    store.store_progress_data(session, record.id, data)
    return row, game


def run_game(session: Session, record: PrinceRecord, row: PrinceRun) -> PrinceGame:
    """The game a stored run plays: its ruleset and options, from the progress it started with."""
    starts = store.progress_data(session, record.id).get("run_starts") or {}
    start = Progress.from_json(starts.get(str(row.id)))
    return PrinceGame(row.ruleset, dict(row.options or {}), player=profile_from_chart(record.chart), progress=start)


def _check_unchanged(handle: RunHandle, row: PrinceRun) -> None:
    """Refuse to store a turn onto a run that another process has moved on or ended since we read it."""
    where = f"run #{row.id} of Prince {handle.prince.name!r}"
    again = f"this turn was not stored: run `prince play {handle.prince.name}` to see where it stands"
    if row.status != "active":
        raise Conflict(f"{where} was ended ({row.status}) by another process; {again}")
    stored = list(row.actions or [])
    if stored != handle.stored:
        raise Conflict(
            f"{where} was played on by another process ({len(stored)} turns stored, this one had "
            f"{len(handle.stored)}); {again}"
        )


def _clash(row: PrinceRun, ruleset: str | None, seed: int | None, options: dict[str, Any] | None) -> str:
    if ruleset is not None and ruleset != row.ruleset:
        return f"it plays ruleset {row.ruleset!r}, not {ruleset!r}"
    if seed is not None and seed != row.seed:
        return f"it was started with another seed than {seed}"  # its own seed stays secret until it ends
    if options and dict(options) != dict(row.options or {}):
        return f"its options are {dict(row.options or {})}"
    return ""


def play_turn(handle: RunHandle, action: Deploy) -> list[Event]:
    """Apply one choice and store it (a refused choice raises ``RuleViolation`` and stores nothing)."""
    events = handle.state.apply(action)
    handle.events.extend(events)
    save(handle, action.to_text())
    return events


def save(handle: RunHandle, text: str) -> None:
    state = handle.state
    with _lock(handle.prince) as session:
        row = store.run_by_id(session, handle.run_id, fresh=True)
        assert row is not None  # the handle's run row was stored when the run started; runs are never deleted
        _check_unchanged(handle, row)
        stored = [*handle.stored, text]
        record_turn(session, handle.prince.id, row, stored, state)
    handle.stored = stored


def record_turn(session: Session, prince_id: int, row: PrinceRun, actions: list[str], state: PrinceState) -> None:
    """Store a run's turns so far and where they left it (the Prince's row locked by the caller): its Distance,
    the Prince's progress, and the run's end when it is over."""
    row.actions = list(actions)
    row.distance = str(state.distance)
    data = store.progress_data(session, prince_id)
    if state.cfg.metaprogression:
        data.update(state.progress.to_json())
    if state.is_terminal():
        row.status = state.status
        row.finished_at = datetime.now(UTC)
        data.pop("active_run", None)
    store.store_progress_data(session, prince_id, data)


def replay_run(record: PrinceRecord, run_id: int) -> list[Event]:
    """Every event of one of the Prince's runs, replayed from its seed and turns (``NotFound`` when the run is
    not the Prince's)."""
    with session_scope() as session:
        row = store.run_by_id(session, run_id)
        if row is None or row.prince_id != record.id:
            raise NotFound(f"Prince {record.name!r} has no run #{run_id}; `prince history {record.name}` lists them")
        # Unlocks depend on the progress the run started from, which is kept with the Prince's progress.
        game = run_game(session, record, row)
        seed, actions = row.seed, list(row.actions or [])
    state, events = game.start(seed)
    for text in actions:
        events += state.apply(game.parse_action(state, text))
    return events


# --- a web table playing the run ---------------------------------------------------------------------------
def begin_table_run(session: Session, name: str, ruleset: str | None, seed: int, options: dict[str, Any],
                    web_game: str) -> tuple[int, PrinceGame]:
    """A new run of the Prince called ``name`` for the web table ``web_game``, in the platform's transaction:
    the run's id and its game. ``NotFound`` for no such Prince, ``PrinceBusy`` when a run is in progress."""
    _, record = find(session, name, lock=True)
    data = store.progress_data(session, record.id)
    if store.active_run(session, record.id) is not None:
        table = web_game_of(data)
        where = f"at the web table /games/{table}" if table else "at a terminal"
        raise PrinceBusy(f"Prince {record.name} is on a run {where}: finish it there, or end it with "
                         f"`gamewright prince play {record.name!r} --abandon`")
    run, game = begin_run(session, record, data, ruleset, seed, options, web_game=web_game)
    return run.id, game


def table_game(session: Session, run_id: int) -> PrinceGame | None:
    """The game of the run a web table plays, from the progress the run started with (None: the run or its
    Prince no longer exists)."""
    run = store.run_by_id(session, run_id)
    prince = session.get(Prince, run.prince_id) if run is not None else None
    if run is None or prince is None:
        return None
    return run_game(session, record_of(prince), run)


def record_table_move(session: Session, run_id: int, turns: list[str], state: PrinceState) -> None:
    """Store a web table's move (one or more turns) onto its run, while the run is still the table's."""
    run = store.run_by_id(session, run_id)
    if run is None:
        return
    store.lock_prince(session, run.prince_id)  # the lock, then a fresh read
    session.refresh(run)
    if run.status != "active":  # ended from the terminal (--abandon): the table plays on alone
        return
    record_turn(session, run.prince_id, run, [*run.actions, *turns], state)


def end_table_run(session: Session, run_id: int) -> None:
    """The web table playing the run was deleted (expired unplayed): the run ends as abandoned, as ``prince play
    --abandon`` ends it, so that the Prince can start another. Called inside the platform's transaction."""
    run = store.run_by_id(session, run_id)
    if run is None:
        return
    store.lock_prince(session, run.prince_id)
    session.refresh(run)
    if run.status != "active":
        return
    run.status = "abandoned"
    run.finished_at = datetime.now(UTC)
    data = store.progress_data(session, run.prince_id)
    if (data.get("active_run") or {}).get("run_id") == run.id:
        data.pop("active_run", None)
        store.store_progress_data(session, run.prince_id, data)

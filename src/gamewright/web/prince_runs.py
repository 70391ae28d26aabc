"""Space Prince tables that play a minted Prince (``"prince": NAME`` in the create body or the lobby form).

The table's game is the Prince's run: created as the Prince's active run (one at a time, as at the terminal),
its turns stored with the Prince's progress in the same transaction as the table's move, and replayed from the
progress the run started with. ``prince play NAME`` refuses the run while the table plays it, and ``--abandon``
ends it (the table then plays on without storing turns to the Prince). Every call runs inside the platform's
transaction that holds the web game's row; the Prince's row is locked after it (the one lock order).
"""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError, GamewrightError, NotFound
from gamewright.store.web_games import WebGame
from gamewright.web.runtime import Runtime, new_runtime


class PrinceBusy(GamewrightError):
    """The Prince already has a run in progress (answered 409)."""


def begin(session: Any, game_id: str, req: dict[str, Any]) -> tuple[Runtime, int]:
    """A new run of the Prince ``req["prince"]`` for the table ``game_id``: its runtime and the run's id."""
    from gamewright.games.prince import registry
    from gamewright.games.prince.progression import load_data, web_game_of
    from gamewright.games.prince.run import active_row, begin_run

    try:
        _, record = registry.find(session, req["prince"], lock=True)
    except NotFound as exc:
        raise ConfigError(str(exc)) from None
    data = load_data(session, record.id)
    if active_row(session, record.id) is not None:
        table = web_game_of(data)
        where = f"at the web table /games/{table}" if table else "at a terminal"
        raise PrinceBusy(f"Prince {record.name} is on a run {where}: finish it there, or end it with "
                         f"`gamewright prince play {record.name!r} --abandon`")
    run, game = begin_run(session, record, data, req["ruleset"], req["seed"], req["options"], web_game=game_id)
    return new_runtime(game_id, "prince", req["ruleset"], req["options"], req["seed"], game=game), run.id


def runtime_of(session: Any, row: WebGame) -> Runtime:
    """The runtime of a stored table; a Prince's table replays from the progress its run started with."""
    if row.prince_run_id is None:
        return new_runtime(row.id, row.game, row.ruleset, dict(row.options), int(row.seed))
    from gamewright.games.prince import registry
    from gamewright.games.prince.run import run_game
    from gamewright.store.models import Prince, PrinceRun

    run = session.get(PrinceRun, row.prince_run_id)
    prince = session.get(Prince, run.prince_id) if run is not None else None
    if run is None or prince is None:
        raise GamewrightError(f"game {row.id}: the Prince whose run it plays no longer exists")
    game = run_game(session, registry.record_of(prince), run)
    return new_runtime(row.id, row.game, row.ruleset, dict(row.options), int(row.seed), game=game)


def record(session: Any, row: WebGame, move: str, state: Any) -> None:
    """Store a move's turns (``Mars; Venus`` is two) onto the table's run, while the run is the table's."""
    from gamewright.games.prince.run import record_turn
    from gamewright.store.models import Prince, PrinceRun

    run = session.get(PrinceRun, row.prince_run_id)
    if run is None:
        return
    session.get(Prince, run.prince_id, with_for_update=True, populate_existing=True)  # the lock, then a fresh read
    session.refresh(run)
    if run.status != "active":  # ended from the terminal (--abandon): the table plays on alone
        return
    record_turn(session, run.prince_id, run, [*run.actions, *move.split("; ")], state)

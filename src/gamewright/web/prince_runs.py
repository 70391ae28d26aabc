"""Space Prince tables that play a minted Prince (``"prince": NAME`` in the create body or the lobby form).

The table's game is the Prince's run: created as the Prince's active run (one at a time, as at the terminal),
its turns stored with the Prince's progress in the same transaction as the table's move, and replayed from the
progress the run started with. ``prince play NAME`` refuses the run while the table plays it, and ``--abandon``
ends it (the table then plays on without storing turns to the Prince). Every call runs inside the platform's
transaction that holds the web game's row; ``app.prince_runs`` locks the Prince's row after it (the one lock
order). The Prince's modules are imported on first use: a site that plays no Prince never loads them.
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
    from gamewright.app import prince_runs

    try:
        run_id, game = prince_runs.begin_table_run(session, req["prince"], req["ruleset"], req["seed"],
                                                   req["options"], game_id)
    except NotFound as exc:
        raise ConfigError(str(exc)) from None
    except prince_runs.PrinceBusy as exc:
        raise PrinceBusy(str(exc)) from None
    return new_runtime(game_id, "prince", req["ruleset"], req["options"], req["seed"], game=game), run_id


def prince_name(session: Any, row: WebGame) -> str | None:
    """The name of the minted Prince a table plays (None: a plain Space Prince table, or a Prince deleted since)."""
    if row.prince_run_id is None:
        return None
    from gamewright.store.models import Prince, PrinceRun

    run = session.get(PrinceRun, row.prince_run_id)
    prince = session.get(Prince, run.prince_id) if run is not None else None
    return prince.name if prince is not None else None


def runtime_of(session: Any, row: WebGame) -> Runtime:
    """The runtime of a stored table; a Prince's table replays from the progress its run started with."""
    if row.prince_run_id is None:
        return new_runtime(row.id, row.game, row.ruleset, dict(row.options), int(row.seed))
    from gamewright.app.prince_runs import table_game

    game = table_game(session, row.prince_run_id)
    if game is None:
        raise GamewrightError(f"game {row.id}: the Prince whose run it plays no longer exists")
    return new_runtime(row.id, row.game, row.ruleset, dict(row.options), int(row.seed), game=game)


def record(session: Any, row: WebGame, move: str, state: Any) -> None:
    """Store a move's turns (``Mars; Venus`` is two) onto the table's run, while the run is the table's."""
    from gamewright.app.prince_runs import record_table_move

    if row.prince_run_id is not None:
        record_table_move(session, row.prince_run_id, move.split("; "), state)


def end(session: Any, row: WebGame) -> None:
    """The table is being deleted: the Prince's run it played (if still its own) ends as abandoned."""
    from gamewright.app.prince_runs import end_table_run

    if row.prince_run_id is not None:
        end_table_run(session, row.prince_run_id)

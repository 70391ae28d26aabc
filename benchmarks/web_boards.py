"""Server render time of each game's board page (the table with its board) for a late-game state, in CPU ms per
render (CPU time: on a shared machine the wall clock mostly measures the other processes). Each game is played by
uniformly random legal moves from a fixed seed up to its last position before the end (or a move cap); that
position is rendered for the seat to move, previews included. Reports only.

    PYTHONPATH=src python benchmarks/web_boards.py [--renders N]
"""

from __future__ import annotations

import argparse
import time

from starlette.requests import Request

from gamewright.core.rng import Rng
from gamewright.web.boards import board_module
from gamewright.web.pages import table_context, templates
from gamewright.web.runtime import Runtime, new_runtime
from gamewright.web.service import Viewer

MOVE_CAP = 400


def games() -> list[str]:
    """Every game, read from the registry (the web's own catalogue before games had manifests)."""
    try:
        from gamewright.core.manifest import game_names
    except ImportError:
        from gamewright.web import catalogue  # type: ignore[attr-defined]

        return sorted(catalogue.GAMES)
    return sorted(game_names())


def late_game(game: str, seed: int = 1) -> Runtime:
    """A runtime at the last position before the end of a random game (or at the move cap)."""
    rt = new_runtime("bench", game, None, {}, seed)
    rng = Rng(seed)
    for _ in range(MOVE_CAP):
        state = rt.state
        nxt = state.clone()
        seat = nxt.current_player
        events = nxt.apply(rng.choice(nxt.legal_actions()))
        if nxt.is_terminal():
            break
        rt.install(nxt, events, seat)
    return rt


def ms_per_render(rt: Runtime, renders: int) -> float:
    viewer = Viewer(rt.state.current_player)
    page = templates.env.get_template("table.html")
    request = Request({"type": "http", "method": "GET", "path": "/", "headers": [], "query_string": b""})
    start = time.process_time()
    for _ in range(renders):  # a request for the forms' CSRF field (revisions before it ignore it)
        page.render(t=table_context(None, rt, viewer, [], with_board=True), request=request)  # type: ignore[arg-type]
    return 1000 * (time.process_time() - start) / renders


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=20)
    args = parser.parse_args()
    print(f"{'game':<14} {'moves':>6} {'ms/render':>10}")
    for game in games():
        if board_module(game) is None:
            continue
        rt = late_game(game)
        print(f"{game:<14} {rt.seq:>6} {ms_per_render(rt, args.renders):>10.2f}")


if __name__ == "__main__":
    main()

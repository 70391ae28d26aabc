"""The "How to play" pages: each game's rules text (``games/<game>/how_to_play.md``) with its own board drawn at
the top, for a new seeded game as a spectator sees it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from gamewright.core.manifest import game_names
from gamewright.games import how_to_play
from gamewright.web.boards import board_for
from gamewright.web.pages import templates
from gamewright.web.runtime import Runtime, new_runtime
from gamewright.web.service import WebError

router = APIRouter()
SAMPLE_SEED = 28
# The few opening moves that put pieces on the board (both caskets keep their hands; the two ships deploy).
SAMPLE_OPENING: dict[str, tuple[str, ...]] = {"penance": ("keep", "keep"), "inclinations": ("deploy 2", "deploy 14")}


def sample_runtime(game: str) -> Runtime:
    """A fresh game of ``game`` (fixed seed, default options) after its opening moves."""
    rt = new_runtime("sample", game, None, {}, SAMPLE_SEED)
    for text in SAMPLE_OPENING.get(game, ()):
        rt.catch_up([(rt.seq + 1, int(rt.state.current_player), text)])
    return rt


@lru_cache(maxsize=16)
def sample_board(game: str) -> dict[str, Any] | None:
    """The context the board templates read (``t``) for the sample game, seen by a spectator; the same every
    time, so it is built once."""
    rt = sample_runtime(game)
    board = board_for(rt, rt.state, None, [])
    if board is None:
        return None
    return {"id": "sample", "game": game, "seq": rt.seq, "you": None, "mine": False,
            "terminal": bool(rt.state.is_terminal()), "board": board}


def rules_context(game: str) -> dict[str, Any]:
    doc = how_to_play.rendered(game)
    return {"game": game, "doc": doc, "t": sample_board(game)}


@router.get("/rules", response_class=HTMLResponse)
async def rules_index(request: Request) -> Response:
    games = [(g, how_to_play.rendered(g) is not None) for g in game_names()]
    return templates.TemplateResponse(request, "rules_index.html", {"games": games})


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules_page(request: Request, game: str) -> Response:
    names = game_names()
    if game not in names:
        raise WebError(404, f"no game called {game[:40]!r}; the games are {', '.join(names)}")
    ctx = await run_in_threadpool(rules_context, game)
    return templates.TemplateResponse(request, "rules.html", ctx)

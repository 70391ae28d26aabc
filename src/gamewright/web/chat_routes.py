"""Table talk's routes (issue 28): the JSON API (``/api/games/{id}/chat``) and the game page's chat panel.

The panel (``templates/_chat.html``) is drawn with the game page; the page's live stream (``/games/{id}/stream``:
the API's stream for the seat whose cookie the browser holds, opened with ``?chat=N``) sends a ``chat`` event per
new message and a ``presence`` event when who is at the table changes, and each makes the panel fetch its own part
again (``/games/{id}/chat/log``, ``/games/{id}/chat/presence``), never the table.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from gamewright.web.api import (
    BEARER,
    api_viewer,
    body_doc,
    checked_id,
    client_address,
    limits_of,
    live_stream,
    platform_of,
    read_json,
)
from gamewright.web.api_models import ChatLog, ChatMessage, ErrorBody, PostChat, errors
from gamewright.web.bounds import TooMany
from gamewright.web.chat import SHOWN, ChatRefused, chat_panel, presence_json
from gamewright.web.hub import Hub
from gamewright.web.pages import form_of, page_viewer, templates
from gamewright.web.service import Viewer, WebError

router = APIRouter()
CHAT_SENT = "chat-sent"  # the event a sent message raises on the page (HX-Trigger): the sender's log refreshes


def hub_of(request: Request) -> Hub:
    return request.app.state.hub  # type: ignore[no-any-return]


def count_chat(request: Request, game_id: str, viewer: Viewer) -> None:
    """A message, per seat (a spectator: per address) of the game (``Bounds.chat_per_10s``); 429 past it."""
    who = f"{viewer.seat}" if viewer.seat is not None else f"spectator {client_address(request)}"
    limits_of(request).chat.hit(f"{game_id}/{who}", "chat messages")


def after_point(request: Request) -> int:
    raw = request.query_params.get("after", "0")
    if not raw.isascii() or not raw.isdigit() or len(raw) > 12:
        raise WebError(400, "after must be the number of the last message you have (0: from the start)")
    return int(raw)


async def panel_of(request: Request, game_id: str, viewer: Viewer) -> dict[str, Any]:
    return await run_in_threadpool(chat_panel, platform_of(request), hub_of(request), game_id, viewer)


def chat_text(body: Any) -> str:
    try:
        return PostChat.model_validate(body).text
    except ValidationError:
        raise WebError(400, 'the body must be {"text": "<your message>"}') from None


# --- the API ----------------------------------------------------------------------------------------------
@router.get("/api/games/{game_id}/chat", summary="The game's chat and who is at the table", response_model=None,
            responses={200: {"model": ChatLog}, **errors(400, 403, 404, 503)},
            openapi_extra={**BEARER, "parameters": [
                {"name": "after", "in": "query", "required": False, "schema": {"type": "string"},
                 "description": "only messages numbered after this (default 0: from the first)"}]})
async def get_chat(request: Request, game_id: str) -> dict[str, Any]:
    checked_id(game_id)
    after = after_point(request)
    viewer = await api_viewer(request, game_id)
    platform, hub = platform_of(request), hub_of(request)

    def build() -> dict[str, Any]:
        lines = platform.chat.lines(game_id, after, SHOWN + 1)
        rt = platform.runtime(game_id)
        connected, spectators = hub.present(game_id)
        return {"id": game_id, "messages": [line.to_json() for line in lines[:SHOWN]], "more": len(lines) > SHOWN,
                "you_may_write": platform.chat.may_write(game_id, viewer),
                "spectators_may_write": platform.chat.spectators_write(game_id),
                "presence": presence_json(rt.name, rt.seats, connected, spectators)}

    return await run_in_threadpool(build)


@router.post("/api/games/{game_id}/chat", status_code=201, summary="Write in the game's chat", response_model=None,
             responses={201: {"model": ChatMessage, "description": "the message as every viewer sees it"},
                        **errors(400, 404, 413, 415, 429, 503),
                        403: {"model": ErrorBody, "description": "a token of no seat of this game, or a spectator "
                                                                 "where only the players write"},
                        409: {"model": ErrorBody, "description": "the game's chat is full"}},
             openapi_extra={**body_doc(PostChat), **BEARER})
async def post_chat(request: Request, game_id: str) -> JSONResponse:
    # Checks in order: token 403, may write 403, rate 429, body 415/413/400, text 400, full 409.
    checked_id(game_id)
    platform = platform_of(request)
    viewer = await api_viewer(request, game_id)
    try:
        await run_in_threadpool(platform.chat.check_writer, game_id, viewer)
        count_chat(request, game_id, viewer)
        text = chat_text(await read_json(request))
        line = await run_in_threadpool(platform.chat.post, game_id, viewer, text)
    except ChatRefused as exc:
        raise WebError(exc.status, exc.message) from None
    return JSONResponse(line.to_json(), status_code=201)


# --- the page's panel ----------------------------------------------------------------------------------------
@router.get("/games/{game_id}/stream", include_in_schema=False)
async def page_stream(request: Request, game_id: str) -> Response:
    """The game page's live stream: ``/api/games/{id}/stream`` for the seat whose cookie this browser holds. The
    cookie is sent only to the game's own pages (``/games/{id}``), so it is this route, not the API's, that knows
    which seat's page is open — what presence counts."""
    checked_id(game_id)
    viewer = await page_viewer(request, game_id)
    return await live_stream(request, game_id, viewer)


def part(request: Request, name: str, panel: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    return templates.TemplateResponse(request, "_chat.html", {"c": panel, "part": name}, headers=headers)


@router.get("/games/{game_id}/chat/log", include_in_schema=False)
async def chat_log(request: Request, game_id: str) -> Response:
    """The panel's messages (its live stream said there is a new one)."""
    checked_id(game_id)
    viewer = await page_viewer(request, game_id)
    return part(request, "log", await panel_of(request, game_id, viewer))


@router.get("/games/{game_id}/chat/presence", include_in_schema=False)
async def chat_presence(request: Request, game_id: str) -> Response:
    """Who is at the table (its live stream said that changed)."""
    checked_id(game_id)
    viewer = await page_viewer(request, game_id)
    return part(request, "presence", await panel_of(request, game_id, viewer))


@router.post("/games/{game_id}/chat", include_in_schema=False)
async def chat_send(request: Request, game_id: str) -> Response:
    """The panel's form: the message is stored and the form comes back empty; a refusal comes back in the form,
    with the text kept. Without htmx (no script): back to the game page, or the error page."""
    checked_id(game_id)
    platform = platform_of(request)
    viewer = await page_viewer(request, game_id)
    form = await form_of(request)
    raw = form.get("text", "")
    htmx = request.headers.get("hx-request") == "true"
    error = None
    try:
        await run_in_threadpool(platform.chat.check_writer, game_id, viewer)
        count_chat(request, game_id, viewer)
        await run_in_threadpool(platform.chat.post, game_id, viewer, raw)
    except ChatRefused as exc:
        if not htmx:
            raise WebError(exc.status, exc.message) from None
        error = exc.message
    except (WebError, TooMany) as exc:  # a refused token, too many messages: said in the panel
        if not htmx or (isinstance(exc, WebError) and exc.status == 404):
            raise
        error = exc.message
    if not htmx:
        return RedirectResponse(f"/games/{game_id}#chat", status_code=303)
    panel = await panel_of(request, game_id, viewer)
    if error is not None:
        panel = {**panel, "error": error, "draft": str(raw)[:2000] if isinstance(raw, str) else ""}
    return part(request, "write", panel, headers=None if error else {"HX-Trigger": CHAT_SENT})

"""The JSON API (an exact interface): create games, read a seat's view, post moves, stream updates, read logs."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError
from sse_starlette.sse import EventSourceResponse
from starlette.concurrency import run_in_threadpool

from gamewright.core.errors import ConfigError
from gamewright.core.text_input import load_json
from gamewright.web.api_models import CreatedGame, CreateGame, GameLog, GameState, PlayAction, Played, errors
from gamewright.web.bounds import Limits
from gamewright.web.chat import presence_json
from gamewright.web.invites import reach_of
from gamewright.web.runtime import Runtime
from gamewright.web.security import MAX_BODY, bearer_token, valid_game_id
from gamewright.web.service import Platform, Viewer, WebError
from gamewright.web.views import events_json, view_for_viewer

router = APIRouter()
KEEPALIVE = 15.0


def platform_of(request: Request) -> Platform:
    return request.app.state.platform  # type: ignore[no-any-return]


def checked_id(game_id: str) -> str:
    if not valid_game_id(game_id):
        raise WebError(404, "no such game")
    return game_id


def cookie_name(game_id: str) -> str:
    return f"gw_{game_id}"


def is_json(content_type: str | None) -> bool:
    return (content_type or "").split(";")[0].strip().lower() == "application/json"


async def read_json(request: Request) -> Any:
    """The request's JSON body. Only ``Content-Type: application/json`` is read: a browser cannot send that
    type to another site without a CORS preflight, which this site never grants (a text/plain POST: 415)."""
    if not is_json(request.headers.get("content-type")):
        raise WebError(415, "the body must be JSON sent with Content-Type: application/json")
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise WebError(413, "the request body is larger than 64 KiB")
    raw = await request.body()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise WebError(400, "the body is not valid JSON (not UTF-8)") from None
    try:  # numbers and nesting bounded as everywhere a person's JSON is read: never a 500 on a 5,000-digit number
        return load_json(text, "the body")
    except ConfigError as exc:
        raise WebError(400, str(exc)) from None


def body_doc(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI request body of a route that reads its body itself (``read_json``): the model's schema."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": model.model_json_schema()}}}}


BEARER: dict[str, Any] = {"security": [{"bearer": []}, {}]}  # a seat's token, or none (a spectator)


def client_address(request: Request) -> str:
    """The client's address (behind a proxy: as uvicorn's --forwarded-allow-ips lets it read the forwarded one)."""
    return request.client.host if request.client else "unknown"


def limits_of(request: Request) -> Limits:
    return request.app.state.limits  # type: ignore[no-any-return]


def count_creation(request: Request) -> None:
    """Game creation, per client address (``Bounds.creations_per_minute``); 429 past it."""
    limits_of(request).creations.hit(client_address(request), "games created from your address")


def count_move(request: Request, game_id: str, seat: int) -> None:
    """A move posted by a seat (``Bounds.moves_per_minute``); 429 past it."""
    limits_of(request).moves.hit(f"{game_id}/{seat}", "moves from this seat")


async def api_viewer(request: Request, game_id: str, cookie_ok: bool = False) -> Viewer:
    """Bearer token (or, for a page's stream, the game's cookie); none: a spectator; a foreign token: 403."""
    token = bearer_token(request.headers.get("authorization"))
    if token is None and cookie_ok:
        token = request.cookies.get(cookie_name(game_id))
    return await run_in_threadpool(platform_of(request).viewer, game_id, token)


def game_json(rt: Runtime, viewer: Viewer) -> dict[str, Any]:
    seq, state = rt.head
    terminal = bool(state.is_terminal())
    you = viewer.seat
    mine = you is not None and not terminal and state.current_player == you
    out: dict[str, Any] = {
        "id": rt.game_id, "game": rt.name, "seq": seq, "current_player": state.current_player,
        "terminal": terminal, "returns": [float(r) for r in state.returns()] if terminal else None,
        "you": you, "view": view_for_viewer(state, you, rt.num_players),
        "legal": [a.to_text() for a in state.legal_actions()] if mine else [],
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name, "away": s.away}
                  for s in rt.seats],
    }
    if rt.seed_chosen is not None:  # a chosen seed is open information, for every viewer from the start
        out["seed_chosen"] = rt.seed_chosen.to_json()
    if terminal:
        out["seed"] = rt.seed
    return out


@router.post("/api/games", status_code=201, summary="Create a game", response_model=None,
             responses={201: {"model": CreatedGame, "description": "one token and invite URL per human seat"},
                        **errors(400, 409, 413, 415, 422, 429, 503)},
             openapi_extra=body_doc(CreateGame))
async def create_game(request: Request) -> JSONResponse:
    count_creation(request)
    body = await read_json(request)
    platform = platform_of(request)
    game_id, seats = await run_in_threadpool(platform.create, body)
    base = reach_of(request).base(request)  # --public-url, else the address this request used (web.invites)
    answer = {
        "id": game_id, "game": body["game"],
        "seats": [{"seat": i, "kind": kind, "bot": bot, "token": token,
                   "url": f"{base}/games/{game_id}/join?token={token}" if token else None}
                  for i, kind, bot, token in seats],
        "spectate_url": f"{base}/games/{game_id}",
    }
    for entry in answer["seats"]:  # a seat shared by characters: one link per character as well
        links = await run_in_threadpool(platform.character_links, game_id, entry["token"]) if entry["token"] else []
        if links:
            entry["characters"] = [{"character": idx, "name": name, "token": token,
                                    "url": f"{base}/games/{game_id}/join?token={token}"} for idx, name, token in links]
    return JSONResponse(answer, status_code=201)


@router.get("/api/games/{game_id}", summary="A game as a seat (or a spectator) sees it", response_model=None,
            responses={200: {"model": GameState}, **errors(403, 404, 503)}, openapi_extra=BEARER)
async def get_game(request: Request, game_id: str) -> dict[str, Any]:
    checked_id(game_id)
    platform = platform_of(request)
    token = bearer_token(request.headers.get("authorization"))

    def build() -> dict[str, Any]:
        rt = platform.runtime(game_id)  # one read of the store: the game, its seats and any moves to catch up
        return game_json(rt, platform.viewer_of(rt, token))

    return await run_in_threadpool(build)


@router.post("/api/games/{game_id}/actions", summary="Play a move", response_model=None,
             responses={200: {"model": Played}, **errors(400, 403, 404, 409, 413, 415, 422, 429, 503)},
             openapi_extra={**body_doc(PlayAction), "security": [{"bearer": []}]})
async def post_action(request: Request, game_id: str) -> dict[str, Any]:
    # Checks in the documented order: token 403, body 400/413, seq 409, turn 403, action 422.
    checked_id(game_id)
    platform = platform_of(request)
    viewer = await api_viewer(request, game_id)
    if viewer.seat is None:
        raise WebError(403, "a move needs a seat's token (Authorization: Bearer <token>)")
    count_move(request, game_id, viewer.seat)
    move = play_action(await read_json(request))
    seat = viewer.seat
    new_seq, events = await run_in_threadpool(partial(platform.play, character=viewer.character), game_id, seat,
                                              move.action, move.seq)
    return {"seq": new_seq, "events": events_json(events, seat)}


def play_action(body: Any) -> PlayAction:
    """The move's body as a ``PlayAction``; a refusal is a 400 whose sentence names what is wrong."""
    try:
        return PlayAction.model_validate(body)
    except ValidationError as exc:
        fields = {str(e["loc"][0]) for e in exc.errors() if e["loc"]}
        if not isinstance(body, dict) or "action" in fields or not fields:
            raise WebError(400, 'the body must be {"action": "<text>", "seq": <int>}') from None
        raise WebError(400, "seq must be the whole number you last saw") from None


@router.get("/api/games/{game_id}/log", summary="A finished game's log", response_model=None,
            responses={200: {"model": GameLog}, **errors(403, 404, 503)})
async def get_log(request: Request, game_id: str) -> dict[str, Any]:
    checked_id(game_id)
    platform = platform_of(request)

    def build() -> dict[str, Any]:
        rt, row = platform.finished(game_id, "the log")
        config = {"ruleset": row.ruleset, "options": row.options, "seed": row.seed}
        return {"id": game_id, "game": rt.name, **config,
                "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name}
                          for s in rt.seats],
                "actions": [{"seq": a.seq, "seat": a.seat, "action": a.action, "bot": a.by_bot}
                            for a in platform.log(game_id)],
                "returns": [float(r) for r in rt.state.returns()]}

    return await run_in_threadpool(build)


def update_message(rt: Runtime, seq: int, seat: int | None) -> dict[str, Any]:
    """One live update: the seq, who moved and the events this viewer may see."""
    head_seq, state = rt.head
    return {"seq": seq, "seat": rt.movers[seq], "events": events_json(rt.events[seq], seat),
            "head": head_seq, "current_player": state.current_player, "terminal": bool(state.is_terminal())}


def chat_point(request: Request) -> int | None:
    """``?chat=N``: the stream also sends ``chat`` events (messages numbered after N) and ``presence`` events."""
    raw = request.query_params.get("chat")
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 12:
        raise WebError(400, "chat must be the number of chat messages you already have (0: none)")
    return int(raw)


def resume_point(request: Request) -> int | None:
    raw = request.headers.get("last-event-id") or request.query_params.get("after")
    if raw is None or raw == "":
        return None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 12:
        raise WebError(400, "Last-Event-ID must be a seq")
    return int(raw)


@router.get("/api/games/{game_id}/stream", summary="Live updates (server-sent events)", response_model=None,
            responses={200: {"description": "a message per new seq: `id: <seq>`, its data an `Update`; with `chat`, "
                                            "also `event: chat` (data: a `ChatMessage`) per chat message and "
                                            "`event: presence` (data: a `Presence`) whenever who is at the table "
                                            "changes (and once at the start); once a finished game's rematch "
                                            "starts, one `event: rematch` whose data is "
                                            "`{\"game\": <id>, \"rematch\": <new id>}`",
                             "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                       **errors(400, 403, 404, 429, 503)},
            openapi_extra={**BEARER, "parameters": [
                {"name": "after", "in": "query", "required": False, "schema": {"type": "string"},
                 "description": "resume after this seq (as Last-Event-ID)"},
                {"name": "Last-Event-ID", "in": "header", "required": False, "schema": {"type": "string"},
                 "description": "resume after this seq"},
                {"name": "chat", "in": "query", "required": False, "schema": {"type": "string"},
                 "description": "also send the game's chat (messages numbered after this) and presence"}]})
async def stream(request: Request, game_id: str) -> EventSourceResponse:
    checked_id(game_id)
    viewer = await api_viewer(request, game_id, cookie_ok=True)
    return await live_stream(request, game_id, viewer)


async def live_stream(request: Request, game_id: str, viewer: Viewer) -> EventSourceResponse:
    """The stream of ``game_id`` for ``viewer`` (this route's, or the game page's own: ``/games/{id}/stream``)."""
    platform = platform_of(request)
    hub = request.app.state.hub
    rt = await run_in_threadpool(platform.runtime, game_id)
    start = resume_point(request)
    last = rt.seq if start is None else min(start, rt.seq)
    chat_last = chat_point(request)
    release_slot = limits_of(request).streams.acquire(client_address(request), game_id)
    leave = hub.join(game_id, viewer.seat)  # presence: this seat (or one more spectator) is at the table

    def release() -> None:
        release_slot()
        leave()

    sent_presence = ""

    async def table_talk(current: Runtime) -> AsyncIterator[dict[str, str]]:
        """The chat messages this stream has not sent yet, and who is at the table when that changed."""
        nonlocal chat_last, sent_presence
        assert chat_last is not None
        head = platform.chat.head(game_id)
        if head is None:
            head = await run_in_threadpool(platform.chat.refresh, game_id)
        chat_last = min(chat_last, head)
        while chat_last < head:
            lines = await run_in_threadpool(platform.chat.lines, game_id, chat_last)
            if not lines:
                break
            for line in lines:
                chat_last = line.n
                yield {"event": "chat", "data": json.dumps(line.to_json())}
        connected, spectators = hub.present(game_id)
        presence = json.dumps(presence_json(current.name, current.seats, connected, spectators))
        if presence != sent_presence:
            sent_presence = presence
            yield {"event": "presence", "data": presence}

    async def messages() -> AsyncIterator[dict[str, str]]:
        nonlocal last
        woken, rematch_told = True, False
        while True:
            fut = hub.subscribe(game_id)
            try:
                # this process's moves install themselves and other processes' are caught up once per NOTIFY,
                # so a live stream reads the game from memory, not the store
                current = platform.cache.get(game_id)
                if current is None:
                    current = await run_in_threadpool(platform.runtime, game_id)
                while last < current.seq:
                    last += 1
                    data = update_message(current, last, viewer.seat)
                    yield {"id": str(last), "event": "message", "data": json.dumps(data)}
                if chat_last is not None:
                    async for event in table_talk(current):
                        yield event
                # a finished game's rematch (once, when it starts or is found): the page redraws its table, which
                # offers each seat its own new link; the event itself carries no token
                if woken and not rematch_told and current.state.is_terminal():
                    rematch = await run_in_threadpool(platform.rematch_of, game_id)
                    if rematch is not None:
                        rematch_told = True
                        yield {"event": "rematch", "data": json.dumps({"game": game_id, "rematch": rematch})}
                await asyncio.wait({fut}, timeout=KEEPALIVE)
                woken = fut.done()
            finally:
                hub.unsubscribe(game_id, fut)

    return CountedStream(messages(), release, ping=int(KEEPALIVE))


class CountedStream(EventSourceResponse):
    """A live stream that gives its slot back however it ends (the client leaves, the server stops, an error)."""

    def __init__(self, content: Any, release: Callable[[], None], **kw: Any) -> None:
        super().__init__(content, **kw)
        self.release = release

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.release()

"""The ASGI application: routes, error answers, the body limit, the request guard (``guard``) and the background
parts' lifetime."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp

from gamewright.core.errors import ConfigError, GamewrightError
from gamewright.store.db import database_url, engine
from gamewright.web.api_docs import add_docs
from gamewright.web.bots import BotWorker
from gamewright.web.bounds import Bounds, Limits, TooMany
from gamewright.web.guard import Guard, csrf_protect
from gamewright.web.hub import Hub, PgListener
from gamewright.web.invites import Reach
from gamewright.web.secret import ServerSecret
from gamewright.web.security import BodyLimit, BodyTooLarge
from gamewright.web.service import CHANNEL, Platform, WebError

HERE = Path(__file__).parent
DB_RETRY = 5  # seconds a client is told to wait after a database failure
log = logging.getLogger("gamewright.web")


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or request.url.path == "/healthz"


def _error(request: Request, status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    if _wants_json(request):
        return JSONResponse({"error": message}, status_code=status, headers=headers)
    from gamewright.web.pages import templates

    return templates.TemplateResponse(request, "error.html", {"status": status, "message": message},
                                      status_code=status, headers=headers)


class GuardedApp(FastAPI):
    """FastAPI with ``Guard`` outside every other layer, so even a 500 carries the security headers."""

    allowed_hosts: tuple[str, ...] = ()

    def build_middleware_stack(self) -> ASGIApp:
        return Guard(super().build_middleware_stack(), self.allowed_hosts, _error)


def create_app(url: str | None = None, bot_delay: float = 0.0, allowed_hosts: Iterable[str] = (),
               secret: ServerSecret | None = None, bounds: Bounds | None = None,
               reach: Reach | None = None) -> FastAPI:
    """The site on the database ``url`` (default: ``GAMEWRIGHT_DB``); ``allowed_hosts``: DNS names it answers to
    besides IP literals and localhost names; ``secret`` is the server's secret (default: read or made as
    ``web.secret`` says, on first use) and ``bounds`` its bounds on use (default: ``Bounds()``); ``reach``: where
    ``serve`` listens and friends reach it (``web.invites``: the address invite links are made with)."""
    bounds = (bounds or Bounds()).checked()
    platform = Platform(url, secret, bounds)
    hub = Hub()
    bots = BotWorker(platform, bot_delay)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db_url = url or database_url()
        await asyncio.to_thread(engine, db_url)  # migrate before the first request
        hub.bind(asyncio.get_running_loop())
        platform.listeners[:] = [hub.publish, bots.poke]
        listener = None
        if db_url.startswith("postgresql"):
            listener = PgListener(db_url, CHANNEL, platform.on_notify)
            listener.start()
            await asyncio.to_thread(listener.ready.wait, 10)
        bots.start()
        await asyncio.to_thread(bots.poke_all_active)
        try:
            yield
        finally:
            bots.stop()
            # wait for the bot in mid-turn: a worker outliving its app would still write to the database
            await asyncio.to_thread(bots.join, 30)
            if listener is not None:
                listener.stop()
                await asyncio.to_thread(listener.join, 5)  # it looks at its stop flag every second

    # /openapi.json and /docs are served by api_docs (Swagger UI from vendored files, no inline script)
    app = GuardedApp(title="gamewright", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None,
                     dependencies=[Depends(csrf_protect)])  # every state-changing page route: the CSRF token
    app.allowed_hosts = tuple(allowed_hosts)
    app.state.platform = platform
    app.state.hub = hub
    app.state.bots = bots
    app.state.limits = Limits.of(bounds)
    app.state.reach = reach or Reach()
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    add_docs(app)

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> Response:
        return _error(request, exc.status, exc.message)

    @app.exception_handler(ConfigError)
    async def config_error(request: Request, exc: ConfigError) -> Response:
        return _error(request, 400, " ".join(str(exc).split()))

    @app.exception_handler(GamewrightError)
    async def game_error(request: Request, exc: GamewrightError) -> Response:
        return _error(request, 422, " ".join(str(exc).split()))

    @app.exception_handler(TooMany)
    async def too_many(request: Request, exc: TooMany) -> Response:
        return _error(request, 429, exc.message, {"Retry-After": str(exc.retry_after)})

    @app.exception_handler(SQLAlchemyError)
    async def database_failed(request: Request, exc: SQLAlchemyError) -> Response:
        # a full disk, a lost or read-only database: nothing of this request was stored (its transaction rolled
        # back), so say so and let the client try again; one log line, no traceback
        reason = " ".join(str(getattr(exc, "orig", None) or type(exc).__name__).split())[:200]
        log.warning("database error on %s %s: %s", request.method, request.url.path, reason)
        return _error(request, 503, "the database could not store or read this just now; nothing was changed "
                                    "(a move was not played): try again in a little while",
                      {"Retry-After": str(DB_RETRY)})

    @app.exception_handler(BodyTooLarge)
    async def too_large(request: Request, exc: BodyTooLarge) -> Response:
        return _error(request, 413, "the request body is larger than 64 KiB")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        detail: Any = exc.detail
        return _error(request, exc.status_code, detail if isinstance(detail, str) else "refused")

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return _error(request, 400, f"invalid request: {where} {first.get('msg', '')}".strip())

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    from gamewright.core.manifest import load_hook, manifests
    from gamewright.web import api, chat_routes, pages, rules_pages

    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(chat_routes.router)
    app.include_router(rules_pages.router)
    for manifest in manifests():  # each game's own pages: what-ifs, character sheets, campaigns
        for router in manifest.assistants:
            app.include_router(load_hook(router))
    return app


"""Fixtures for the web platform: an in-process client, and a real ``gamewright serve`` process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.requests import cookie_parser

from gamewright.web.app import create_app
from gamewright.web.guard import CSRF_COOKIE, CSRF_HEADER

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def with_csrf(client: TestClient) -> TestClient:
    """A test client that sends its CSRF token with every state-changing request, as the site's pages do: the
    token is the one its cookie holds (the first answer sets it), sent as the header htmx sends — unless the
    request names that header itself."""

    def add_token(request: httpx.Request) -> None:
        if request.method not in ("GET", "HEAD") and CSRF_HEADER not in request.headers:
            token = cookie_parser(request.headers.get("cookie", "")).get(CSRF_COOKIE)
            if token:
                request.headers[CSRF_HEADER] = token

    client.event_hooks["request"].append(add_token)
    client.get("/healthz")
    return client


def site_client(app: Any, **kwargs: Any) -> TestClient:
    """A test client of ``app`` as the site's own pages use it: addressed as ``localhost`` (a name every server
    answers to, where TestClient's "testserver" is a DNS name that must be listed) and sending its CSRF token."""
    return with_csrf(TestClient(app, base_url="http://localhost", **kwargs))


def csrf_headers(cookies: Any) -> dict[str, str]:
    """The header that carries the CSRF token of a browser holding ``cookies`` (for httpx against a server)."""
    return {CSRF_HEADER: dict(cookies)[CSRF_COOKIE]}


@pytest.fixture
def client() -> Iterator[TestClient]:
    # TestClient's requests name the host "testserver": a DNS name, so it is listed like a deployment's
    with TestClient(create_app(allowed_hosts=["testserver"])) as c:
        yield with_csrf(c)


CSP_WORDS = "Content Security Policy"


class CspWatch:
    """Collects the console messages and page errors that say the Content-Security-Policy refused something."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def watch(self, page_or_context: Any) -> Any:
        page_or_context.on("console", lambda m: CSP_WORDS in m.text and self.seen.append(m.text))
        page_or_context.on("pageerror", lambda e: CSP_WORDS in str(e) and self.seen.append(str(e)))
        return page_or_context

    def check(self) -> None:
        assert not self.seen, f"Content-Security-Policy violations: {self.seen[:5]}"


class WatchedBrowser:
    """A playwright Browser whose every page is watched for Content-Security-Policy violations."""

    def __init__(self, browser: Any, csp: CspWatch) -> None:
        self._browser = browser
        self.csp = csp

    def new_page(self, *args: Any, **kw: Any) -> Any:
        return self.csp.watch(self._browser.new_page(*args, **kw))

    def new_context(self, *args: Any, **kw: Any) -> Any:
        return self.csp.watch(self._browser.new_context(*args, **kw))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@contextmanager
def app_page(client: TestClient, width: int = 1100, height: int = 900) -> Iterator[Any]:
    """A chromium page whose requests to http://gamewright.test are answered by the in-process app ``client``."""
    playwright = pytest.importorskip("playwright.sync_api")
    from tests.web.test_browser import ARGS, CHROMIUM

    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian chromium (/usr/bin/chromium) is not installed")

    def answer(route: Any) -> None:
        req = route.request
        sent = {k.lower(): v for k, v in req.headers.items()}
        headers = {"content-type": sent.get("content-type", ""), CSRF_HEADER: sent.get(CSRF_HEADER.lower(), "")}
        r = client.request(req.method, req.url.replace("http://gamewright.test", ""), content=req.post_data_buffer,
                           headers=headers)  # the client's cookies stand for the browser's
        kept = {k: v for k, v in r.headers.items() if k.lower() not in ("content-length", "content-encoding",
                                                                         "transfer-encoding", "set-cookie")}
        route.fulfill(status=r.status_code, body=r.content, headers=kept)

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    csp = CspWatch()
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = csp.watch(browser.new_page(viewport={"width": width, "height": height}))
            page.route("http://gamewright.test/**", answer)
            yield page
        finally:
            browser.close()
    csp.check()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A real ``gamewright serve`` process on a free loopback port."""

    def __init__(self, env: dict[str, str], port: int | None = None, bot_delay: str = "0",
                 args: tuple[str, ...] = ()) -> None:
        self.env = env
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.args = args  # more `serve` options (bounds, a secret file)
        self.proc: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        # output to a file, not a pipe: a pipe nobody reads could fill and stall the server
        self.output = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - lives as long as the server
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gamewright", "serve", "--port", str(self.port), "--bot-delay", self.bot_delay,
             *self.args],
            env=self.env, stdout=self.output, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.output.seek(0)
                raise RuntimeError(f"server exited: {self.output.read()[-2000:]}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server_factory() -> Iterator[Callable[..., Server]]:
    started: list[Server] = []

    def make(**kw: Any) -> Server:
        env = dict(os.environ)
        if "db" in kw:
            env["GAMEWRIGHT_DB"] = kw.pop("db")
            if not env["GAMEWRIGHT_DB"].startswith("sqlite"):  # the processes sharing it share one secret
                env.setdefault("GAMEWRIGHT_SECRET", "test-secret-shared-by-every-server-process")
        server = Server(env, **kw)
        started.append(server)
        return server.start()

    yield make
    for server in started:
        server.stop()


@pytest.fixture
def server(server_factory: Callable[..., Server]) -> Server:
    return server_factory()


def wait_for(check: Callable[[], Any], what: str, seconds: float = 30) -> Any:
    """Poll ``check`` until it gives a true value, and return that value; fail with ``what`` after ``seconds``
    (a bot, a stream or another process works on its own thread)."""
    deadline = time.monotonic() + seconds
    while not (value := check()):
        assert time.monotonic() < deadline, what
        time.sleep(0.05)
    return value


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def read_stream(base: str, game_id: str, token: str | None, after: int, until: int,
                timeout: float = 60) -> list[dict[str, Any]]:
    """The stream's messages with seq in (after, until], read from a live server."""
    import json

    headers = {**auth(token), "Last-Event-ID": str(after)}
    out: list[dict[str, Any]] = []
    with httpx.stream("GET", f"{base}/api/games/{game_id}/stream", headers=headers, timeout=timeout) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        event_id = None
        for line in r.iter_lines():
            if line.startswith("id:"):
                event_id = int(line[3:].strip())
            elif line.startswith("data:"):
                data = json.loads(line[5:].strip())
                assert data["seq"] == event_id
                out.append(data)
                if data["seq"] >= until:
                    break
    return out

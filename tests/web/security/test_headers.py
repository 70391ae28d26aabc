"""Every answer carries the hardening headers; HEAD is answered on every GET route; the pages hold no inline
script or style (so the CSP forbids both); framing is refused; cookies are HttpOnly, SameSite=Lax, the seat's on
its game's own path, and Secure over HTTPS; a Host that is neither an IP, a localhost name nor a listed name is 400."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gamewright.core.manifest import game_names, manifest_for
from gamewright.web.app import create_app
from gamewright.web.guard import CSRF_COOKIE, host_allowed, origin_of
from tests.web.conftest import with_csrf
from tests.web.security.conftest import Table, fill, params, routes

GET_ROUTES = [p for _, p in routes(create_app(), frozenset({"GET"}))]
# an SSE stream never ends: its headers are read from a live server (the game page's own stream: the API's)
ENDLESS = {"/api/games/{game_id}/stream", "/games/{game_id}/stream"}
HARDENING = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I)
HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.I)
INLINE_STYLE = re.compile(r"<style\b|<[^>]*\sstyle\s*=", re.I)


def hardened(r: Any) -> None:
    for name, value in HARDENING.items():
        assert r.headers.get(name) == value, (r.url, name)
    csp = r.headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["frame-ancestors"] == "'none'" and directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'" and "unsafe" not in csp and directives["object-src"] == "'none'"


def clean(page: str, url: str) -> None:
    """No inline script, event handler or style: what the CSP would refuse in a browser."""
    for pattern in (INLINE_SCRIPT, HANDLER, INLINE_STYLE):
        found = pattern.search(page)
        assert found is None, f"{url}: {page[max(0, found.start() - 80):found.end() + 80]}"


@pytest.mark.parametrize("path", [p for p in GET_ROUTES if p not in ENDLESS])
def test_every_get_route_is_hardened_and_answers_head(client: TestClient, table: Table, path: str) -> None:
    url = fill(path, params(table))
    got = client.get(url, params={"token": table.tokens[1]} if url.endswith("/join") else None,
                     follow_redirects=False)
    assert got.status_code < 500
    hardened(got)
    if got.headers.get("content-type", "").startswith("text/html"):
        clean(got.text, url)
    head = client.head(url, params={"token": table.tokens[1]} if url.endswith("/join") else None,
                       follow_redirects=False)
    assert head.status_code == got.status_code and head.content == b""  # HEAD /: 405 before
    hardened(head)


def test_other_answers_are_hardened_too(client: TestClient) -> None:
    for r in (client.get("/static/site.js"), client.get("/static/site.css"), client.get("/no/such/page"),
              client.get("/api/games/0123456789abcdef"), client.post("/api/games", content=b"{}"),
              client.get("/", headers={"Host": "rebind.example"}),
              client.post("/games", headers={"Origin": "http://evil.example"})):
        hardened(r)
    assert client.head("/static/site.js").status_code == 200


@pytest.mark.parametrize("game", sorted(game_names()))
def test_each_board_as_its_seat_sees_it_holds_no_inline_script_or_style(client: TestClient, game: str) -> None:
    seats = list(manifest_for(game).lobby_seats())
    g = client.post("/api/games", json={"game": game, "seed": 3, "seats": seats}).json()
    client.get(f"/games/{g['id']}/join", params={"token": g["seats"][0]["token"]})
    for url in (f"/games/{g['id']}", f"/games/{g['id']}/generic"):
        page = client.get(url)
        hardened(page)
        clean(page.text, url)
        assert 'src="/static/site.js"' in page.text


def test_the_seat_page_cannot_be_framed(client: TestClient, table: Table) -> None:
    page = client.get(f"/games/{table.game_id}")
    assert "You hold seat" in page.text  # a page whose buttons are moves
    assert page.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]


def test_cookies_are_httponly_lax_and_the_seat_cookie_stays_on_its_game() -> None:
    with TestClient(create_app(allowed_hosts=["testserver"])) as client:
        first = client.get("/healthz")
        csrf = first.headers["set-cookie"]
        assert csrf.startswith(f"{CSRF_COOKIE}=") and "HttpOnly" in csrf and "SameSite=lax" in csrf.replace(
            "Lax", "lax") and "Path=/" in csrf and "Secure" not in csrf
        assert "set-cookie" not in client.get("/healthz").headers  # issued once
        with_csrf(client)
        g = client.post("/api/games", json={"game": "penance", "seats": ["human", "human"]}).json()
        joined = client.get(f"/games/{g['id']}/join", params={"token": g["seats"][0]["token"]},
                            follow_redirects=False)
        seat = [c for c in joined.headers.get_list("set-cookie") if c.startswith(f"gw_{g['id']}=") and "Max-Age=0"
                not in c]
        assert len(seat) == 1
        assert f"Path=/games/{g['id']}" in seat[0] and "HttpOnly" in seat[0] and "samesite=lax" in seat[0].lower()


def test_over_https_every_cookie_is_secure() -> None:
    with TestClient(create_app(allowed_hosts=["testserver"]), base_url="https://testserver") as client:
        assert "Secure" in client.get("/healthz").headers["set-cookie"]
        with_csrf(client)
        g = client.post("/api/games", json={"game": "penance", "seats": ["human", "human"]}).json()
        joined = client.get(f"/games/{g['id']}/join", params={"token": g["seats"][0]["token"]},
                            follow_redirects=False)
        cookies = joined.headers.get_list("set-cookie")
        assert cookies and all(c.endswith("; Secure") or "; Secure;" in c for c in cookies)
        # and the cross-site check compares https origins: the site's own https page may post
        ok = client.post(f"/games/{g['id']}/name", data={"name": "Zed"}, headers={"Origin": "https://testserver"},
                         follow_redirects=False)
        assert ok.status_code == 303
        assert client.post(f"/games/{g['id']}/name", data={"name": "Eve"},
                           headers={"Origin": "http://testserver"}).status_code == 403


def test_only_ips_localhost_and_listed_names_are_served() -> None:
    with TestClient(create_app(allowed_hosts=["games.example.org"])) as client:
        for host in ("127.0.0.1:8000", "192.168.1.20", "[::1]:8000", "localhost:8000", "localhost", "a.localhost",
                     "games.example.org", "GAMES.example.org.:8000"):
            assert client.get("/healthz", headers={"Host": host}).status_code == 200, host
        for host in ("testserver", "rebind.example", "example.org", "games.example.org.evil", ""):
            r = client.get("/", headers={"Host": host})
            assert r.status_code == 400 and "--allowed-hosts" in r.text, host
            assert client.get("/api/games/0123456789abcdef", headers={"Host": host}).json()["error"]


def test_the_host_and_origin_rules() -> None:
    assert host_allowed("10.0.0.7:8000", frozenset()) and host_allowed("[fe80::1]", frozenset())
    assert not host_allowed("evil.example", frozenset()) and host_allowed("evil.example", frozenset({"*"}))
    assert not host_allowed("localhost.evil.example", frozenset())
    assert host_allowed("a.games.example.org", frozenset({"*.example.org"}))
    assert not host_allowed("example.org", frozenset({"*.example.org"}))
    assert not host_allowed("badexample.org", frozenset({"*.example.org"}))
    assert origin_of("http://Example.org") == origin_of("http://example.org:80/some/path") == "http://example.org:80"
    assert origin_of("https://example.org") != origin_of("http://example.org")
    assert origin_of("null") is None and origin_of("http://a:99999") is None and origin_of("file:///x") is None


def test_a_replay_holds_no_inline_script_or_style(client: TestClient) -> None:
    import time

    g = client.post("/api/games", json={"game": "prince", "seed": 3, "seats": ["bot:greedy"],
                                        "options": {"encounters_per_run": 1}}).json()
    deadline = time.monotonic() + 120
    while not client.get(f"/api/games/{g['id']}").json()["terminal"]:
        assert time.monotonic() < deadline, "the bot did not finish the run"
        time.sleep(0.05)
    page = client.get(f"/games/{g['id']}/replay", params={"step": 1})
    assert page.status_code == 200 and 'id="step-slider"' in page.text and "<svg" in page.text
    hardened(page)
    clean(page.text, "replay")

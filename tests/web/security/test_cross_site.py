"""Cross-site requests change nothing: every state-changing route (enumerated from the app, so a new route is
covered) refuses a request whose Origin or Referer names another site with 403 and leaves the store as it was;
the same request from the site itself works; a page form without the CSRF token is refused; the API reads only
``application/json`` bodies (a ``text/plain`` POST, which a browser may send cross-site without a preflight: 415)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from gamewright.web.app import create_app
from gamewright.web.guard import CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER
from tests.web.security.conftest import HOST, Table, fill, params, routes, store_picture

STATE_CHANGING = routes(create_app())
PAGE_ROUTES = [(m, p) for m, p in STATE_CHANGING if not p.startswith("/api/")]
CHANGES_NOTHING = {("POST", "/games/{game_id}/table")}  # the live refresh: a POST only to keep the draft private

HOSTILE = [
    {"Origin": "http://evil.example"},
    {"Origin": "http://testserver:8001"},  # another port on the same host is another site
    {"Origin": "https://testserver"},  # so is another scheme
    {"Origin": "null"},  # a sandboxed frame or a data: page
    {"Referer": "http://evil.example/attack.html"},  # no Origin: the Referer decides
    {"Origin": "http://evil.example", "Referer": f"{HOST}/"},  # the Origin decides when both are sent
]
FRIENDLY = [{}, {"Origin": HOST}, {"Referer": f"{HOST}/games"}, {"Origin": "http://TESTSERVER:80"}]


def request_for(method: str, path: str, table: Table) -> dict[str, Any]:
    """What a page (or an API client) of this site sends to the route: it works when sent from the site."""
    auth = {"Authorization": f"Bearer {table.tokens[0]}"}
    bodies: dict[tuple[str, str], dict[str, Any]] = {
        ("POST", "/api/games"): {"json": {"game": "penance", "seats": ["human", "human"]}},
        ("POST", "/api/games/{game_id}/actions"): {"json": {"action": table.legal, "seq": 0}, "headers": auth},
        ("POST", "/games"): {"data": {"game": "penance", "seat.0": "human", "seat.1": "bot:heuristic"}},
        ("POST", "/games/{game_id}/take/{seat}"): {"data": {}},
        ("POST", "/games/{game_id}/act"): {"data": {"action": table.legal, "seq": "0"}},
        ("POST", "/games/{game_id}/table"): {"data": {"draft": ""}},
        ("POST", "/games/{game_id}/name"): {"data": {"name": "Zed"}},
        ("POST", "/princes"): {"data": {"name": "Pax", "time": "1990-05-17T08:42:00Z", "lat": "48.85",
                                        "lon": "2.35"}},
        ("POST", "/characters/new"): {"data": {"name": "Bea", "class": "combatant", "level": "2"}},
        ("POST", "/characters/{name:path}"): {"data": {"action": "level-up"}},
        ("POST", "/api/games/{game_id}/chat"): {"json": {"text": "hello"}, "headers": auth},
        ("POST", "/games/{game_id}/chat"): {"data": {"text": "hello"}},
        ("POST", "/games/{game_id}/rematch"): {"data": {}, "url": f"/games/{table.finished}/rematch"},
    }
    assert (method, path) in bodies, f"a new state-changing route {method} {path}: give it a request here"
    return {"method": method, "url": fill(path, params(table)), "follow_redirects": False, **bodies[method, path]}


def send(client: TestClient, req: dict[str, Any], headers: dict[str, str]) -> Any:
    return client.request(**{**req, "headers": {**req.get("headers", {}), **headers}})


def test_the_routes_are_found() -> None:
    assert ("POST", "/api/games") in STATE_CHANGING and ("POST", "/characters/{name:path}") in STATE_CHANGING
    assert len(PAGE_ROUTES) >= 8


@pytest.mark.parametrize(("method", "path"), STATE_CHANGING)
def test_a_cross_site_request_is_refused_and_changes_nothing(client: TestClient, table: Table, method: str,
                                                             path: str) -> None:
    req = request_for(method, path, table)  # with the browser's own CSRF token and seat: only the site differs
    before = store_picture()
    for hostile in HOSTILE:
        r = send(client, req, hostile)
        assert r.status_code == 403, (hostile, r.text[:300])
        if path.startswith("/api/"):
            assert "another site" in r.json()["error"]
        else:
            assert r.headers["content-type"].startswith("text/html") and "another site" in r.text
        assert store_picture() == before, hostile


@pytest.mark.parametrize(("method", "path"), STATE_CHANGING)
def test_the_same_request_from_the_site_itself_works(client: TestClient, table: Table, method: str,
                                                     path: str) -> None:
    req = request_for(method, path, table)
    friendly = FRIENDLY[len(path) % len(FRIENDLY)]  # each way a same-site request may look, over the routes
    before = store_picture()
    r = send(client, req, friendly)
    assert r.status_code < 400, (friendly, r.text[:300])
    assert (store_picture() == before) == ((method, path) in CHANGES_NOTHING)


@pytest.mark.parametrize(("method", "path"), PAGE_ROUTES)
def test_a_page_form_without_the_csrf_token_is_refused(client: TestClient, table: Table, method: str,
                                                       path: str) -> None:
    req = request_for(method, path, table)
    before = store_picture()
    for token in ("", "x" * 32, "é"):  # none (the header left empty), a wrong one, one that is not even ASCII
        r = send(client, {**req, "data": {**req["data"], CSRF_FIELD: token}}, {CSRF_HEADER: ""})
        assert r.status_code == 403 and "reload the page" in r.text, r.text[:300]
        assert store_picture() == before
    fresh = TestClient(client.app)  # a browser that never loaded a page: no token cookie at all
    assert send(fresh, req, {}).status_code == 403
    assert store_picture() == before


def test_the_token_may_come_in_the_form_field(client: TestClient, table: Table) -> None:
    form = {"name": "Zed", CSRF_FIELD: client.cookies[CSRF_COOKIE]}
    r = client.post(f"/games/{table.game_id}/name", data=form, headers={CSRF_HEADER: ""}, follow_redirects=False)
    assert r.status_code == 303
    assert client.get(f"/api/games/{table.game_id}").json()["seats"][0]["name"] == "Zed"


def test_every_post_form_of_the_pages_carries_the_token(client: TestClient, table: Table) -> None:
    token = client.cookies[CSRF_COOKIE]
    field = f'<input type="hidden" name="{CSRF_FIELD}" value="{token}">'
    for url in ("/", f"/games/{table.game_id}", f"/games/{table.game_id}/generic", "/characters/new",
                "/characters/Aster", "/princes/new"):
        page = client.get(url).text
        forms = page.split("<form")[1:]
        posting = [f for f in forms if 'method="post"' in f.split(">")[0] or "hx-post=" in f.split(">")[0]]
        assert posting, url
        assert all(field in f.split("</form>")[0] for f in posting), url
        assert f'hx-headers=\'{{&#34;{CSRF_HEADER}&#34;: &#34;{token}&#34;}}\'' in page  # what htmx sends


def test_the_api_reads_only_json_bodies(client: TestClient, table: Table) -> None:
    body = b'{"game": "penance", "seats": ["human", "human"]}'
    before = store_picture()
    for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        headers = {"Content-Type": ctype} if ctype else {}
        r = client.post("/api/games", content=body, headers=headers)
        assert r.status_code == 415 and "application/json" in r.json()["error"], ctype
    assert store_picture() == before
    ok = client.post("/api/games", content=body, headers={"Content-Type": "application/json; charset=utf-8"})
    assert ok.status_code == 201
    url = f"/api/games/{table.game_id}/actions"
    move = f'{{"action": "{table.legal}", "seq": 0}}'.encode()
    before = store_picture()
    plain = {"Content-Type": "text/plain"}
    assert client.post(url, content=move, headers={**plain, "Authorization": "Bearer forged"}).status_code == 403
    r = client.post(url, content=move, headers={**plain, "Authorization": f"Bearer {table.tokens[0]}"})
    assert r.status_code == 415  # the token is checked first, then the body: its type, size and form
    assert store_picture() == before


def test_a_client_without_origin_or_referer_is_served(client: TestClient, table: Table) -> None:
    """A non-browser client (curl, a bot) sends neither header: the API stays open to it as documented."""
    r = client.post("/api/games", json={"game": "penance", "seats": ["human", "bot:heuristic"]})
    assert r.status_code == 201
    move = client.post(f"/api/games/{table.game_id}/actions", headers={"Authorization": f"Bearer {table.tokens[0]}"},
                       json={"action": table.legal, "seq": 0})
    assert move.status_code == 200 and move.json()["seq"] == 1

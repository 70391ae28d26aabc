"""Table talk (issue 28): each game's chat and who is at the table — stored with the game, bounded in length and
rate, escaped on every page, readable by spectators (writable only when the creator allowed it), in the replay,
and live on the stream (``?chat=N``: ``chat`` and ``presence`` events; a stream without it is unchanged)."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from gamewright.store.db import session_scope
from gamewright.store.web_chat import WebChatMessage
from gamewright.store.web_games import WebGame
from gamewright.web.app import create_app
from gamewright.web.bounds import Bounds
from gamewright.web.chat import MAX_CHARS, clean_message
from tests.web.conftest import Server, auth, site_client, wait_for

TWO = {"game": "penance", "seed": 7, "options": {"decks": "confessor,ironclad"}, "seats": ["human", "human"]}


def create(client: TestClient, **extra: Any) -> tuple[str, str, str]:
    r = client.post("/api/games", json={**TWO, **extra})
    assert r.status_code == 201, r.text
    g = r.json()
    return g["id"], g["seats"][0]["token"], g["seats"][1]["token"]


def say(client: TestClient, gid: str, token: str | None, text: Any) -> httpx.Response:
    body = json.dumps({"text": text})  # ASCII: a lone surrogate travels as its JSON escape
    return client.post(f"/api/games/{gid}/chat", headers={**auth(token), "Content-Type": "application/json"},
                       content=body.encode())


def test_messages_are_stored_with_the_game_numbered_and_public_to_its_viewers(client: TestClient) -> None:
    gid, t0, t1 = create(client)
    other, o0, _ = create(client)
    first = say(client, gid, t0, "good luck")
    assert first.status_code == 201
    assert first.json() | {"at": None} == {"n": 1, "seat": 0, "label": "P1", "name": None, "text": "good luck",
                                          "seq": 0, "at": None}
    assert say(client, gid, t1, "you too").json()["n"] == 2
    assert say(client, other, o0, "another table").json()["n"] == 1  # numbered within each game
    for token in (t0, t1, None):  # both seats and a spectator read the same messages
        log = client.get(f"/api/games/{gid}/chat", headers=auth(token))
        assert log.status_code == 200
        body = log.json()
        assert [(m["n"], m["seat"], m["text"]) for m in body["messages"]] == [(1, 0, "good luck"), (2, 1, "you too")]
        assert body["more"] is False and body["spectators_may_write"] is False
        assert body["you_may_write"] is (token is not None)
    assert [m["text"] for m in client.get(f"/api/games/{other}/chat").json()["messages"]] == ["another table"]
    assert client.get(f"/api/games/{gid}/chat", params={"after": 1}).json()["messages"][0]["text"] == "you too"
    assert client.get(f"/api/games/{gid}/chat", headers=auth(o0)).status_code == 403  # another game's token
    with session_scope() as s:
        rows = list(s.scalars(select(WebChatMessage).where(WebChatMessage.game_id == gid)
                              .order_by(WebChatMessage.n)))
    assert [(r.n, r.seat, r.seq, r.text) for r in rows] == [(1, 0, 0, "good luck"), (2, 1, 0, "you too")]


def test_a_seats_name_goes_with_its_label(client: TestClient) -> None:
    gid, t0, _ = create(client)
    client.get(f"/games/{gid}/join", params={"token": t0})
    client.post(f"/games/{gid}/name", data={"name": "Ann"})
    say(client, gid, t0, "hi")
    assert client.get(f"/api/games/{gid}/chat").json()["messages"][0] | {"at": None} == {
        "n": 1, "seat": 0, "label": "P1", "name": "Ann", "text": "hi", "seq": 0, "at": None}
    assert '<span class="who">P1 (Ann):</span> <span class="said">hi</span>' in client.get(f"/games/{gid}").text


@pytest.mark.parametrize(("text", "fragment"), [
    ("", "write a message"), ("   \n ", "write a message"), ("x" * (MAX_CHARS + 1), "at most 500 characters"),
    ("bell\x07", "control characters"), ("nul\x00", "control characters"), ("\u202eevil", "control characters"),
    ("\ud800", "not valid UTF-8"), (5, "the body must be"), (None, "the body must be"),
])
def test_a_refused_message_is_400_with_one_sentence_and_nothing_stored(client: TestClient, text: Any,
                                                                        fragment: str) -> None:
    gid, t0, _ = create(client)
    r = say(client, gid, t0, text)
    assert r.status_code == 400 and set(r.json()) == {"error"} and fragment in r.json()["error"], r.text
    assert client.get(f"/api/games/{gid}/chat").json()["messages"] == []


def test_the_message_body_is_checked_like_every_api_body(client: TestClient) -> None:
    gid, t0, _ = create(client)
    url = f"/api/games/{gid}/chat"
    plain = client.post(url, headers={**auth(t0), "Content-Type": "text/plain"}, content=b'{"text": "hi"}')
    assert plain.status_code == 415 and "error" in plain.json()
    extra = client.post(url, headers=auth(t0), json={"text": "hi", "seat": 1})
    assert extra.status_code == 400 and "error" in extra.json()
    big = client.post(url, headers={**auth(t0), "Content-Type": "application/json"},
                      content=json.dumps({"text": "x" * 70_000}).encode())
    assert big.status_code == 413
    assert client.get(f"/api/games/{gid}/chat", params={"after": "-1"}).status_code == 400
    assert client.get("/api/games/0123456789abcdef/chat").status_code == 404
    assert say(client, "0123456789abcdef", t0, "hi").status_code == 404


def test_clean_message_keeps_lines_and_trims() -> None:
    assert clean_message("  two\r\nlines\tand a tab  ") == "two\nlines and a tab"
    assert clean_message("👩‍👩‍👧 family") == "👩‍👩‍👧 family"  # a zero-width joiner is no control character
    assert len(clean_message("é" * MAX_CHARS)) == MAX_CHARS


def test_markup_in_a_message_is_text_on_every_page(client: TestClient) -> None:
    gid, t0, t1 = create(client)
    attack = "<script>alert('x')</script><img src=x onerror=alert(1)>"
    assert say(client, gid, t0, attack).status_code == 201
    client.get(f"/games/{gid}/join", params={"token": t1})
    for page in (client.get(f"/games/{gid}").text, client.get(f"/games/{gid}/chat/log").text):
        assert "<script>alert" not in page and "<img src=x" not in page
        assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in page
    assert client.get(f"/api/games/{gid}/chat").json()["messages"][0]["text"] == attack  # JSON keeps the text


def test_spectators_read_and_write_only_when_the_creator_allowed_it(client: TestClient) -> None:
    closed, t0, _ = create(client)
    refused = say(client, closed, None, "hello from the rail")
    assert refused.status_code == 403 and "only the players write" in refused.json()["error"]
    spectator = site_client(client.app)  # a browser holding no seat of either game
    page = spectator.get(f"/games/{closed}").text
    assert 'id="chat-log"' in page and 'id="chat-form"' not in page and "only the players write" in page
    assert spectator.post(f"/games/{closed}/chat", data={"text": "hi"}).status_code == 403
    fragment = spectator.post(f"/games/{closed}/chat", data={"text": "hi"}, headers={"HX-Request": "true"})
    assert fragment.status_code == 200 and "only the players write" in fragment.text
    assert client.get(f"/api/games/{closed}/chat").json()["messages"] == []

    opened, _, _ = create(client, spectator_chat=True)
    posted = say(client, opened, None, "hello from the rail")
    assert posted.status_code == 201 and posted.json()["seat"] is None and posted.json()["label"] == "Spectator"
    assert client.get(f"/api/games/{opened}/chat").json()["spectators_may_write"] is True
    assert 'id="chat-form"' in spectator.get(f"/games/{opened}").text
    sent = spectator.post(f"/games/{opened}/chat", data={"text": "me too"}, headers={"HX-Request": "true"})
    assert sent.status_code == 200 and sent.headers["HX-Trigger"] == "chat-sent"
    assert "Spectator:</span> <span class=\"said\">me too" in spectator.get(f"/games/{opened}/chat/log").text
    assert client.post("/api/games", json={**TWO, "spectator_chat": "yes"}).status_code == 400


def test_the_lobby_checkbox_lets_spectators_write(client: TestClient) -> None:
    lobby = client.get("/").text
    assert 'name="spectator_chat"' in lobby and 'Spectators may write in the chat' in lobby
    form = {"game": "penance", "seat.0": "human", "seat.1": "bot:heuristic"}
    for ticked, allowed in (({}, False), ({"spectator_chat": "on"}, True)):
        created = client.post("/games", data={**form, **ticked})
        assert created.status_code == 200
        gid = created.text.split("/games/")[1][:16]
        assert client.get(f"/api/games/{gid}/chat").json()["spectators_may_write"] is allowed


def test_too_many_messages_is_429_for_the_api_and_a_sentence_in_the_page() -> None:
    with site_client(create_app(bounds=Bounds(chat_per_10s=2))) as client:
        gid, t0, t1 = create(client)
        assert [say(client, gid, t0, f"m{i}").status_code for i in range(2)] == [201, 201]
        third = say(client, gid, t0, "m2")
        assert third.status_code == 429 and set(third.json()) == {"error"}
        assert "at most 2 every 10 s" in third.json()["error"] and int(third.headers["Retry-After"]) >= 1
        assert say(client, gid, t1, "the other seat still may").status_code == 201  # counted per seat
        client.get(f"/games/{gid}/join", params={"token": t0})
        page = client.post(f"/games/{gid}/chat", data={"text": "again"}, headers={"HX-Request": "true"})
        assert page.status_code == 200 and "too many chat messages" in page.text and 'value="again"' in page.text


def test_an_overlong_message_from_the_page_says_so_and_keeps_the_text(client: TestClient) -> None:
    gid, t0, _ = create(client)
    client.get(f"/games/{gid}/join", params={"token": t0})
    long = "y" * 600
    r = client.post(f"/games/{gid}/chat", data={"text": long}, headers={"HX-Request": "true"})
    assert r.status_code == 200 and "HX-Trigger" not in r.headers
    assert "at most 500 characters; this one has 600" in r.text and f'value="{long}"' in r.text
    plain = client.post(f"/games/{gid}/chat", data={"text": "no script"}, follow_redirects=False)
    assert plain.status_code == 303 and plain.headers["location"] == f"/games/{gid}#chat"
    assert [m["text"] for m in client.get(f"/api/games/{gid}/chat").json()["messages"]] == ["no script"]


def test_a_page_form_needs_its_csrf_token(client: TestClient) -> None:
    gid, t0, _ = create(client)
    client.get(f"/games/{gid}/join", params={"token": t0})
    r = client.post(f"/games/{gid}/chat", data={"text": "hi"}, headers={"X-CSRF-Token": "x" * 32})
    assert r.status_code == 403
    assert client.get(f"/api/games/{gid}/chat").json()["messages"] == []


def test_the_replay_shows_the_talk_up_to_each_step_with_seat_labels(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "prince", "seed": 3, "seats": ["human"],
                                        "options": {"encounters_per_run": 1}}).json()
    gid, token = g["id"], g["seats"][0]["token"]
    say(client, gid, token, "before the first move <b>")
    step = 0
    while not (state := client.get(f"/api/games/{gid}", headers=auth(token)).json())["terminal"]:
        client.post(f"/api/games/{gid}/actions", headers=auth(token),
                    json={"action": state["legal"][0], "seq": state["seq"]})
        step += 1
        if step == 2:
            say(client, gid, token, "after move two")
    assert say(client, gid, token, "gg").json()["seq"] == state["seq"]  # talk goes on after the end
    at = {s: client.get(f"/games/{gid}/replay", params={"step": s}).text for s in (0, 1, 2, state["seq"])}
    assert "Table talk up to move 0" in at[0]
    assert '<span class="who">P1:</span> <span class="said">before the first move &lt;b&gt;' in at[0]
    assert "after move two" not in at[1] and "after move two" in at[2]
    assert "gg" in at[state["seq"]] and "gg" not in at[2]


def test_expired_games_take_their_chat_with_them(client: TestClient) -> None:
    gid, t0, _ = create(client)
    say(client, gid, t0, "soon gone")
    with session_scope() as s:
        s.execute(update(WebGame).where(WebGame.id == gid).values(moved_at=datetime.now(UTC) - timedelta(days=60)))
    assert gid in client.app.state.platform.expire()
    with session_scope() as s:
        assert s.scalar(select(WebChatMessage).where(WebChatMessage.game_id == gid)) is None


def test_the_chat_is_full_at_its_bound(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import gamewright.web.chat as chat

    monkeypatch.setattr(chat, "MAX_MESSAGES", 2)
    gid, t0, t1 = create(client)
    assert say(client, gid, t0, "one").status_code == 201 and say(client, gid, t1, "two").status_code == 201
    full = say(client, gid, t0, "three")
    assert full.status_code == 409 and "full" in full.json()["error"]


def test_presence_in_the_panel_names_each_seat_and_who_is_away(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "inclinations", "seed": 7,
                                        "seats": ["human", "human", "bot:random-bot"]}).json()
    gid = g["id"]
    client.get(f"/games/{gid}/join", params={"token": g["seats"][0]["token"]})
    platform = client.app.state.platform
    platform.set_away(gid, 1, True)
    panel = client.get(f"/games/{gid}/chat/presence").text
    assert 'data-seat="0" data-presence="here"' in panel and "(you)" in panel  # the asker is at the table
    assert 'data-seat="1" data-presence="away"' in panel and "a bot plays for this seat" in panel
    assert 'data-seat="2" data-presence="bot"' in panel
    presence = client.get(f"/api/games/{gid}/chat").json()["presence"]
    assert [(p["seat"], p["kind"], p["away"]) for p in presence["seats"]] == [
        (0, "human", False), (1, "human", True), (2, "bot", False)]


# --- the live stream, on a real server ---------------------------------------------------------------------
def events(base: str, gid: str, token: str | None, query: str, into: list[tuple[str, Any]], stop: threading.Event,
           ready: threading.Event) -> None:
    """Collect ``(event, data)`` from a stream until ``stop`` is set (or the server stops)."""
    try:
        with httpx.stream("GET", f"{base}/api/games/{gid}/stream{query}", headers=auth(token), timeout=60) as r:
            assert r.status_code == 200
            ready.set()
            name = "message"
            for line in r.iter_lines():
                if line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    into.append((name, json.loads(line[5:].strip())))
                    name = "message"
                if stop.is_set():
                    return
    except httpx.HTTPError:  # the server stopped at the end of the test
        return


def test_the_stream_sends_chat_and_presence_only_when_asked(server: Server) -> None:
    g = httpx.post(server.url + "/api/games", json=TWO, timeout=30).json()
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    httpx.post(f"{server.url}/api/games/{gid}/chat", headers=auth(t0), json={"text": "before"}, timeout=30)
    stop = threading.Event()
    with_chat: list[tuple[str, Any]] = []
    plain: list[tuple[str, Any]] = []
    readers = []
    for query, into in (("?chat=0", with_chat), ("", plain)):
        ready = threading.Event()
        reader = threading.Thread(target=events, args=(server.url, gid, t0, query, into, stop, ready), daemon=True)
        reader.start()
        assert ready.wait(30)
        readers.append(reader)
    wait_for(lambda: any(e == "presence" for e, _ in with_chat), "no presence event at the start")
    assert with_chat[0] == ("chat", with_chat[0][1]) and with_chat[0][1]["text"] == "before"  # what was missed
    # the other seat opens its stream and closes it again: presence follows
    with httpx.stream("GET", f"{server.url}/api/games/{gid}/stream", headers=auth(t1), timeout=30) as r:
        assert r.status_code == 200
        wait_for(lambda: any(e == "presence" and d["seats"][1]["connected"] for e, d in with_chat),
                 "P2's stream did not show as connected")
    wait_for(lambda: [e for e, d in with_chat if e == "presence"][-1:] and
             not [d for e, d in with_chat if e == "presence"][-1]["seats"][1]["connected"],
             "P2's closed stream still shows as connected")
    sent = httpx.post(f"{server.url}/api/games/{gid}/chat", headers=auth(t1), json={"text": "<b>live</b>"}, timeout=30)
    assert sent.status_code == 201
    wait_for(lambda: any(e == "chat" and d["text"] == "<b>live</b>" for e, d in with_chat), "no live chat event")
    chat_numbers = [d["n"] for e, d in with_chat if e == "chat"]
    assert chat_numbers == [1, 2]
    # a move still comes as before, on both streams
    httpx.post(f"{server.url}/api/games/{gid}/actions", headers=auth(t0), json={"action": "keep", "seq": 0},
               timeout=30)
    wait_for(lambda: any(e == "message" for e, _ in plain) and any(e == "message" for e, _ in with_chat),
             "no move on the streams")
    stop.set()
    assert {e for e, _ in plain} == {"message"}  # a stream that did not ask is unchanged: moves only
    assert [d["seq"] for e, d in with_chat if e == "message"] == [1]
    assert httpx.get(f"{server.url}/api/games/{gid}/stream?chat=x", timeout=30).status_code == 400


def test_another_processs_message_reaches_this_ones_streams_through_notify(client: TestClient) -> None:
    """PostgreSQL tells every server process of a message with ``NOTIFY '<id> chat'``: the process learns the new
    latest number (what its streams compare against), and a plain ``'<id>'`` (a move) still works as before."""
    gid, t0, _ = create(client)
    platform = client.app.state.platform
    assert platform.chat.refresh(gid) == 0
    with session_scope() as s:  # as another server process would have stored it
        s.add(WebChatMessage(game_id=gid, n=1, seat=0, seq=0, text="from elsewhere"))
    woken: list[str] = []
    platform.listeners.append(woken.append)
    platform.on_notify(f"{gid} chat")
    assert platform.chat.head(gid) == 1 and woken == [gid]
    platform.on_notify(gid)
    platform.on_notify("0123456789abcdef chat")  # a game this process cannot see: nothing to wake
    assert woken == [gid, gid]

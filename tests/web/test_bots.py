"""Server-side bots: bot seats move on their own; a timed human seat idle past its timer is played by the best
bot until its person returns, and the page says so."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import auth, wait_for, with_csrf


def test_bots_play_each_other_to_the_end(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "inclinations", "seed": 2, "options": {"round_limit": 3},
                                        "seats": ["bot:easy-bot", "bot:random-bot", "bot:medium-bot"]}).json()
    final = wait_for(lambda: (s := client.get(f"/api/games/{g['id']}").json())["terminal"] and s,
                     "the bots did not finish the game", seconds=60)
    log = client.get(f"/api/games/{g['id']}/log").json()["actions"]
    assert len(log) == final["seq"] and all(a["bot"] for a in log)
    assert any(a["action"].endswith("end") and ";" in a["action"] for a in log)  # a planned turn: one move


def test_a_timed_out_seat_is_played_by_the_best_bot_until_its_person_returns(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "penance", "seed": 4, "seats": ["human", "human"], "timer": 5}).json()
    gid, t0 = g["id"], g["seats"][0]["token"]
    moved = wait_for(lambda: (s := client.get(f"/api/games/{gid}").json())["seq"] >= 1 and s,
                     "the best bot never played the away seat")
    assert moved["seats"][0]["away"] is True
    log = client.get(f"/games/{gid}").text
    assert "away: the best bot plays for this seat until its player returns" in log
    client.get(f"/games/{gid}/join", params={"token": t0})
    client.get(f"/games/{gid}")  # the person is back
    assert client.get(f"/api/games/{gid}", headers=auth(t0)).json()["seats"][0]["away"] is False


def test_the_bot_worker_ends_with_the_app_even_in_mid_game() -> None:
    # a worker outliving its app would go on writing to whatever database the process uses next
    from gamewright.web.app import create_app

    app = create_app(allowed_hosts=["testserver"], bot_delay=0.2)
    with TestClient(app) as c:
        made = with_csrf(c).post("/api/games", json={"game": "inclinations", "seed": 3,
                                                     "seats": ["bot:medium-bot", "bot:medium-bot"]})
        assert made.status_code == 201, made.text
        worker = app.state.bots
        assert worker.is_alive()
    assert not worker.is_alive()

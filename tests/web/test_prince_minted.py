"""A Space Prince table that plays a minted Prince: the table's game is the Prince's run, stored with the
Prince's progress move by move, one run at a time across the web and the terminal, and replayable from either."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from tests.prince.test_persistence import MINT
from tests.web.conftest import ARTIFACTS, app_page, auth

Cli = Callable[..., tuple[int, str, str]]


def start(client: TestClient, seed: int = 7, **extra: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": "prince", "prince": "Ada", "seats": ["human"], "seed": seed, **extra})
    assert r.status_code == 201, r.text
    return dict(r.json())


def play_out(client: TestClient, game: dict[str, Any], two_at_once: bool = True) -> list[str]:
    """Every turn to the run's end, the first listed planet each time (the first move sends two turns, each
    stored as one turn of the run); the turns sent."""
    gid, token = game["id"], game["seats"][0]["token"]
    sent: list[str] = []
    while True:
        doc = client.get(f"/api/games/{gid}", headers=auth(token)).json()
        if doc["terminal"]:
            return sent
        moves = [doc["legal"][0]] * (2 if two_at_once and not sent else 1)  # a move may hold several turns
        r = client.post(f"/api/games/{gid}/actions", headers=auth(token),
                        json={"action": "; ".join(moves), "seq": doc["seq"]})
        assert r.status_code == 200, r.text
        sent.extend(moves)


def history(cli: Cli) -> list[dict[str, Any]]:
    code, out, err = cli("prince", "history", "Ada", "--json")
    assert code == 0, err
    return list(json.loads(out)["runs"])


def test_a_table_plays_the_prince_and_its_run_counts(client: TestClient, cli: Cli) -> None:
    assert cli(*MINT)[0] == 0
    game = start(client)
    runs = history(cli)
    assert [(r["status"], r["seed"], r["turns"]) for r in runs] == [("active", None, 0)]  # the seed stays secret
    # one run at a time: a second table and the terminal are refused while this one plays
    again = client.post("/api/games", json={"game": "prince", "prince": "Ada", "seats": ["human"]})
    assert again.status_code == 409 and f"/games/{game['id']}" in again.json()["error"]
    code, _, err = cli("prince", "play", "Ada", "--auto", "random")
    assert code == 2 and f"/games/{game['id']}" in err
    page = client.get("/princes/Ada")
    assert f'href="/games/{game["id"]}"' in page.text
    sent = play_out(client, game)
    log = [a["action"] for a in client.get(f"/api/games/{game['id']}/log").json()["actions"]]
    runs = history(cli)
    assert runs[0]["status"] in ("won", "lost") and runs[0]["seed"] == 7 and runs[0]["turns"] == len(sent)
    assert len(log) == len(sent) - 1  # the table logged the two-turn move once
    # the run replays at the terminal to the table's own end
    code, out, err = cli("prince", "history", "Ada", "--run", str(runs[0]["id"]), "--json")
    assert code == 0, err
    events = json.loads(out)["events"]
    assert sum(e["event"] == "turn" for e in events) == len(sent)
    shown = json.loads(cli("prince", "show", "Ada", "--json")[1])["progress"]
    assert shown["cumulative_encounters"] > 0 and shown["active_run"] is None
    # the Prince is free again: the terminal may start the next run
    assert cli("prince", "play", "Ada", "--auto", "random", "--seed", "3")[0] == 0


def test_a_table_replays_its_prince_after_a_restart(client: TestClient, cli: Cli) -> None:
    assert cli(*MINT)[0] == 0
    game = start(client, seed=11)
    token = game["seats"][0]["token"]
    first = client.get(f"/api/games/{game['id']}", headers=auth(token)).json()
    client.post(f"/api/games/{game['id']}/actions", headers=auth(token), json={"action": first["legal"][0], "seq": 0})
    before = client.get(f"/api/games/{game['id']}", headers=auth(token)).json()
    client.app.state.platform.cache.clear()  # type: ignore[attr-defined]  # as a fresh server process would
    after = client.get(f"/api/games/{game['id']}", headers=auth(token)).json()
    assert after["view"] == before["view"] and after["legal"] == before["legal"]


def test_abandoned_at_the_terminal_the_table_plays_on_alone(client: TestClient, cli: Cli) -> None:
    assert cli(*MINT)[0] == 0
    game = start(client, seed=5)
    assert cli("prince", "play", "Ada", "--abandon", "--auto", "random", "--seed", "2")[0] == 0
    runs = history(cli)
    assert [r["status"] for r in runs][0] == "abandoned"
    play_out(client, game, two_at_once=False)
    assert history(cli)[0]["turns"] == 0 and history(cli)[0]["status"] == "abandoned"


def test_bad_prince_requests_are_400(client: TestClient, cli: Cli) -> None:
    assert client.post("/api/games", json={"game": "prince", "prince": "Nobody", "seats": ["human"]}).status_code == 400
    r = client.post("/api/games", json={"game": "penance", "prince": "Ada", "seats": ["human", "human"]})
    assert r.status_code == 400 and "only a Space Prince game" in r.json()["error"]


def test_the_lobby_and_the_prince_page_start_a_run(client: TestClient, cli: Cli) -> None:
    assert cli(*MINT)[0] == 0
    form = client.get("/lobby/form?game=prince")
    assert '<option value="Ada">Ada</option>' in form.text
    with app_page(client) as page:
        page.goto("http://gamewright.test/princes/Ada")
        page.click("#play-here button")
        page.wait_for_selector("text=Each human seat has a secret link")
        page.goto("http://gamewright.test/princes/Ada")
        assert "is being played at the web table" in page.inner_text("#run-here")
        page.screenshot(path=str(ARTIFACTS / "prince_minted_page.png"), full_page=True)
        page.goto("http://gamewright.test/")
        page.select_option("select[name=game]", "prince")
        page.wait_for_selector("#prince")
        page.screenshot(path=str(ARTIFACTS / "prince_lobby_form.png"), full_page=True)

"""The result panel says who won in words, per viewer: "You win" / "You lose — P2 wins" / "Draw" / "P2 wins",
each seat's result and the game's own summary (its manifest's ``result_summary`` hook, read from the final
public view and the returns). Games are played to their end with the engines and through the API."""

from __future__ import annotations

import html
import random
import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gamewright.core.game import load_game
from gamewright.core.manifest import manifest_for
from gamewright.core.outcome import Outcome
from gamewright.web.results import headline_for
from tests.web.conftest import auth

P3 = ["P1", "P2", "P3"]


@pytest.mark.parametrize(("outcome", "returns", "seat", "expected"), [
    (Outcome((1,)), [-1, 1, -1], 1, "You win"),
    (Outcome((1,)), [-1, 1, -1], 0, "You lose — P2 wins"),
    (Outcome((1,)), [-1, 1, -1], None, "P2 wins"),
    (Outcome((0, 2)), [1, -1, 1], 0, "You win, with P3"),  # a shared win says who with
    (Outcome((0, 2)), [1, -1, 1], None, "P1 and P3 win"),
    (Outcome((0, 2)), [1, -1, 1], 1, "You lose — P1 and P3 win"),
    (Outcome((), draw=True), [0, 0, 0], 2, "Draw"),
    (Outcome((), draw=True), [0, 0, 0], None, "Draw"),
    (Outcome((), draw=True), [0, -1, 0], 1, "You lose"),  # a draw among the survivors: a destroyed ship lost
])
def test_the_headline_for_each_viewer(outcome: Outcome, returns: list[float], seat: int | None,
                                      expected: str) -> None:
    assert headline_for(outcome, returns, P3, seat) == expected


def test_a_team_game_says_which_side_won() -> None:
    creatures = Outcome((1,), said="The creatures win")
    assert headline_for(creatures, [-1, 1], ["party", "creatures"], 0) == "You lose — the creatures win"
    assert headline_for(creatures, [-1, 1], ["party", "creatures"], 1) == "You win"
    assert headline_for(creatures, [-1, 1], ["party", "creatures"], None) == "The creatures win"


def finish(game: str, options: dict[str, Any], seed: int, pick: Any = None, cap: int = 6000) -> Any:
    """A game played to its end by the engine: uniformly random moves, or ``pick(state)``."""
    g = load_game(game, options=options)
    state = g.new_initial_state(seed)
    rng = random.Random(seed)  # noqa: S311 - a fixed, reproducible game
    for _ in range(cap):
        if state.is_terminal():
            return state
        state.apply(pick(state) if pick else rng.choice(state.legal_actions()))
    raise AssertionError(f"{game} did not end in {cap} moves")


def outcome_of(game: str, state: Any) -> Outcome:
    return manifest_for(game).outcome(state.public_view(), state.returns())


def test_space_prince_tells_the_distance_and_the_encounters_won() -> None:
    won = finish("prince", {"encounters_per_run": 1}, 1)  # random sends: a one-encounter run is won,
    lost = finish("prince", {"encounters_per_run": 10}, 1)  # a ten-encounter run lost
    assert won.status == "won" and lost.status == "lost"
    o = outcome_of("prince", won)
    assert o.winners == (0,) and o.said == "The run is won" and "Encounters won: 1 of 1" in o.lines
    assert any(re.fullmatch(r"Distance \d+(\.\d+)?", line) for line in o.lines)
    o = outcome_of("prince", lost)
    assert o.winners == () and not o.draw and o.said == "The run is lost"
    assert f"Encounters won: {lost.encounter - 1} of 10" in o.lines
    assert headline_for(o, [0.0], ["P1"], 0) == "You lose"


def test_penance_says_who_is_still_standing_and_the_caskets_lost() -> None:
    duel = outcome_of("penance", state := finish("penance", {}, 2))
    winner = state.returns().index(1.0)
    assert duel.winners == (winner,) and duel.seat_words(winner) == "still standing"
    assert duel.seat_words(1 - winner) == "defeated" and duel.lines[0].startswith(f"P{2 - winner}'s ")  # the why
    squad = outcome_of("penance", state := finish("penance", {"decks": "confessor/confessor,ironclad/ironclad"}, 6,
                                                  cap=20000))
    loser = state.returns().index(-1.0)
    assert squad.seat_words(loser) == "2 of 2 caskets lost"
    assert re.fullmatch(r"[01] of 2 caskets lost; standing: .+", squad.seat_words(1 - loser))


def test_inclinations_counts_the_ships_destroyed_and_the_survivors() -> None:
    o = outcome_of("inclinations", state := finish("inclinations", {"to_hit": "always", "round_limit": 0}, 2))
    winner = state.returns().index(1.0)
    loser = 1 - winner
    assert o.winners == (winner,) and o.seat_words(loser) == "destroyed"
    assert f"Ships destroyed: P{loser + 1}" in o.lines and f"Surviving: P{winner + 1}" in o.lines
    draw = outcome_of("inclinations", finish("inclinations", {"round_limit": 1}, 3))
    assert draw.draw and draw.winners == () and any("round limit" in line for line in draw.lines)


def test_affinity_counts_the_party_survivors_and_the_foes_left() -> None:
    from gamewright.games.affinity import policies

    bots = [policies.make_policy("greedy", 1), policies.make_policy("greedy", 2)]
    party_won = outcome_of("affinity", finish("affinity", {"party": "combatant", "level": 5, "count": 1}, 1,
                                              pick=lambda s: bots[s.current_player].choose(s)))
    assert party_won.winners == (0,) and party_won.said == "The party wins"
    assert "The party's survivors: Combatant 1" in party_won.lines and "Foes left: none" in party_won.lines
    assert party_won.seats == ("1 of 1 characters standing", "0 of 1 creatures left")
    creatures_won = outcome_of("affinity", finish("affinity", {"party": "combatant"}, 5))
    assert creatures_won.winners == (1,) and creatures_won.said == "The creatures win"
    assert creatures_won.lines[0].startswith("The party's survivors: none")


# --- on the page ------------------------------------------------------------------------------------------
def play_out(client: TestClient, gid: str, tokens: list[str | None], prefer: str | None = "end") -> dict[str, Any]:
    """Every human seat plays ``prefer`` when legal, else its first legal action (``prefer`` None: a seeded random
    one), until the game is over (bots move by themselves); the spectator's final answer."""
    rng = random.Random(1)  # noqa: S311 - a reproducible choice
    deadline = time.monotonic() + 120
    while True:
        game = client.get(f"/api/games/{gid}").json()
        if game["terminal"]:
            return dict(game)
        assert time.monotonic() < deadline, "the game did not end"
        token = tokens[game["current_player"]] if 0 <= game["current_player"] < len(tokens) else None
        if token is None:
            time.sleep(0.05)  # a bot's turn
            continue
        mine = client.get(f"/api/games/{gid}", headers=auth(token)).json()
        if not mine["legal"]:
            continue
        if prefer is None:
            action = rng.choice(mine["legal"])
        else:
            action = prefer if prefer in mine["legal"] else mine["legal"][0]
        client.post(f"/api/games/{gid}/actions", headers=auth(token), json={"action": action, "seq": mine["seq"]})


def panel(page: str) -> str:
    """The result panel's text, tags stripped."""
    found = re.search(r'<section id="result".*?</section>', page, re.S)
    assert found is not None, "no result panel"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(0))).split())


def seat_client(client: TestClient, gid: str, token: str) -> TestClient:
    """A browser of its own holding one seat's cookie."""
    other = TestClient(client.app, base_url=str(client.base_url))
    other.get(f"/games/{gid}/join", params={"token": token})
    return other


def test_the_panel_in_words_for_each_seat_and_a_spectator(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "affinity", "seed": 5, "seats": ["human", "human"],
                                        "options": {"party": "combatant"}}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    final = play_out(client, gid, tokens, prefer=None)
    winner = final["returns"].index(1.0)
    pages = [seat_client(client, gid, t).get(f"/games/{gid}").text for t in tokens]
    spectator = TestClient(client.app).get(f"/games/{gid}").text
    said = "The party wins" if winner == 0 else "The creatures win"
    assert panel(pages[winner]).startswith("You win")
    assert panel(pages[1 - winner]).startswith(f"You lose — {said[0].lower() + said[1:]}")
    assert panel(spectator).startswith(said)
    for page in [*pages, spectator]:
        text = panel(page)
        assert "The party's survivors:" in text and "Foes left:" in text
        assert "Won" in text and "Lost" in text  # each seat's result
        assert 'id="replay-link"' in page and 'id="back-to-lobby"' in page
        assert "Result:" not in page and "-1.0" not in page  # the old line of raw returns is gone
    assert 'id="rematch"' in pages[0] and 'id="rematch"' not in spectator  # a spectator cannot start a rematch
    replay = client.get(f"/games/{gid}/replay", params={"step": 1}).text
    assert f"Final result: <strong>{said}</strong>" in replay


def test_a_draw_and_a_lone_players_run(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "inclinations", "seed": 4, "seats": ["human", "human"],
                                        "options": {"round_limit": 1}}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    play_out(client, gid, tokens)
    for token in tokens:
        assert panel(seat_client(client, gid, token).get(f"/games/{gid}").text).startswith("Draw")
    assert panel(client.get(f"/games/{gid}/generic").text).startswith("Draw")  # the generic page has it too
    g = client.post("/api/games", json={"game": "prince", "seed": 2, "seats": ["human"],
                                        "options": {"encounters_per_run": 1}}).json()
    final = play_out(client, g["id"], [g["seats"][0]["token"]])
    text = panel(seat_client(client, g["id"], g["seats"][0]["token"]).get(f"/games/{g['id']}").text)
    assert text.startswith("You win" if final["returns"] == [1.0] else "You lose")
    assert re.search(r"Distance \d", text) and "Encounters won:" in text


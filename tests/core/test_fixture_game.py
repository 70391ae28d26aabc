"""Adding a game is one manifest: a tiny game defined here, registered for the test alone, appears in the lobby,
the JSON API, ``lab games`` (and plays in the lab), the agents, the RL environments and the conformance suite —
with no other file edited. The registration is undone after each test, so no other test sees the game."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from gamewright.agents.base import FirstLegalAgent
from gamewright.core.errors import RuleViolation
from gamewright.core.game import Event
from gamewright.core.manifest import GameManifest, OptionText, register_game, unregister_game
from gamewright.core.rules import Option, RulesSpec


# --- the game: players take turns adding 1 or 2 to a running total; who reaches the target wins ------------
@dataclass(frozen=True)
class Add:
    n: int

    def to_text(self) -> str:
        return f"add {self.n}"


class CountState:
    def __init__(self, players: int, target: int, total: int = 0, turn: int = 0) -> None:
        self.players, self.target, self.total, self.turn = players, target, total, turn

    @property
    def current_player(self) -> int:
        return -2 if self.is_terminal() else self.turn % self.players

    def legal_actions(self) -> list[Add]:
        return [] if self.is_terminal() else [Add(n) for n in (1, 2) if self.total + n <= self.target]

    def apply(self, action: Add) -> list[Event]:
        if action not in self.legal_actions():
            raise RuleViolation(action.to_text(), f"the total is {self.total} and may not pass {self.target}")
        self.total, self.turn = self.total + action.n, self.turn + (self.total + action.n < self.target)
        return [Event("added", {"n": action.n, "total": self.total}, f"+{action.n} = {self.total}")]

    def is_terminal(self) -> bool:
        return self.total >= self.target

    def returns(self) -> list[float]:
        winner = self.turn % self.players if self.is_terminal() else None
        return [0.0 if winner is None else 1.0 if p == winner else -1.0 for p in range(self.players)]

    def clone(self) -> CountState:
        return CountState(**self.to_json())

    def resample(self, seat: int, rng: Any) -> CountState:  # for the search agents: nothing is hidden
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "target": self.target, "total": self.total, "turn": self.turn}

    def view_for(self, player: int) -> dict[str, Any]:
        return self.to_json()

    def public_view(self) -> dict[str, Any]:  # nothing is hidden: a spectator sees what every seat sees
        return self.to_json()

    def invariant_violations(self) -> list[str]:
        return [] if 0 <= self.total <= self.target else [f"total {self.total} outside 0..{self.target}"]


RULES = RulesSpec("count", (Option("players", 2, minimum=1, maximum=3), Option("target", 10, minimum=2, maximum=50)),
                  {"standard": {}}, "standard")


class CountGame:
    name: ClassVar[str] = "count"

    def __init__(self, ruleset: str | None = None, options: dict[str, Any] | None = None) -> None:
        self.rules = RULES.resolve(ruleset, options)

    @property
    def num_players(self) -> int:
        return int(self.rules.players)

    def new_initial_state(self, seed: int = 0) -> CountState:
        return CountState(self.rules.players, self.rules.target)

    def parse_action(self, state: CountState, text: str) -> Add:
        if text.strip() not in ("add 1", "add 2"):
            raise RuleViolation(repr(text[:40]), "not an action: write add 1 or add 2")
        return Add(int(text.strip()[-1]))

    def state_from_json(self, data: dict[str, Any]) -> CountState:
        return CountState(**data)


MANIFEST = GameManifest(
    name="count", title="Count to Ten", factory=CountGame, rules=RULES, seats=(1, 3),
    option_text={"players": OptionText("Players", "How many people count.", "common"),
                 "target": OptionText("Target", "The total that wins the game.", "common")},
    bots=lambda: {"first": FirstLegalAgent}, best_bot="first",
)


# --- the one line that adds it, undone after each test ---------------------------------------------------
@pytest.fixture(autouse=True)
def count_game() -> Iterator[GameManifest]:
    register_game(MANIFEST)
    yield MANIFEST
    unregister_game("count")


def test_registration_is_undone() -> None:
    from gamewright.core.manifest import game_names

    assert "count" in game_names()
    unregister_game("count")
    assert "count" not in game_names() and {"penance", "prince", "inclinations", "affinity"} <= set(game_names())


def test_the_lobby_offers_it_and_its_form_creates_it() -> None:
    from fastapi.testclient import TestClient

    from gamewright.web.app import create_app
    from tests.web.conftest import with_csrf

    # TestClient names the host "testserver", a DNS name: listed, as a deployment lists its own
    with TestClient(create_app(allowed_hosts=["testserver"])) as raw:
        client = with_csrf(raw)
        lobby = client.get("/")
        assert lobby.status_code == 200 and '<option value="count">Count to Ten</option>' in lobby.text
        form = client.get("/lobby/form", params={"game": "count"})
        assert form.status_code == 200 and 'name="opt.target"' in form.text and 'value="bot:first"' in form.text
        made = client.post("/games", data={"game": "count", "seat.0": "human", "seat.1": "human", "opt.target": "4"})
        assert made.status_code == 200 and "Count to Ten" in made.text


def test_the_api_creates_and_plays_it() -> None:
    from fastapi.testclient import TestClient

    from gamewright.web.app import create_app

    with TestClient(create_app(allowed_hosts=["testserver"])) as client:
        r = client.post("/api/games", json={"game": "count", "options": {"target": 3}, "seats": ["human", "human"]})
        assert r.status_code == 201, r.text
        g = r.json()
        tokens = [s["token"] for s in g["seats"]]
        seq = 0
        for seat in (0, 1):  # 1 + 2 = 3: the second seat reaches the target
            moved = client.post(f"/api/games/{g['id']}/actions", headers={"Authorization": f"Bearer {tokens[seat]}"},
                                json={"action": f"add {seat + 1}", "seq": seq})
            assert moved.status_code == 200, moved.text
            seq = moved.json()["seq"]
        final = client.get(f"/api/games/{g['id']}").json()
        assert final["terminal"] is True and final["returns"] == [-1.0, 1.0]
        assert client.post("/api/games", json={"game": "count", "seats": ["human", "bot:nobody"]}).status_code == 400


def test_the_lab_lists_and_plays_it(cli: Callable[..., Any]) -> None:
    import json

    code, out, err = cli("lab", "games", "--json")
    assert code == 0, err
    assert "count" in json.loads(out)["games"]
    code, out, err = cli("lab", "agents", "count", "--json")
    assert code == 0 and "count.first" in json.loads(out)["agents"]
    code, out, err = cli("lab", "simulate", "count", "-n", "4", "--workers", "1", "--option", "target=5", "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 4


def test_the_agents_play_it() -> None:
    from gamewright.agents.registry import make_agent

    state = CountGame().new_initial_state()
    for name in ("first", "count.first", "random", "ismcts:iterations=5", "montecarlo:rollouts=1"):
        assert make_agent("count", name, 1).choose(state) in state.legal_actions()


def test_the_environments_build_from_it() -> None:
    pytest.importorskip("pettingzoo")
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from gamewright.envs import gymnasium_env, pettingzoo_env

    api_test(pettingzoo_env("count", max_steps=50), num_cycles=20)
    check_env(gymnasium_env("count", options={"players": 1}), skip_render_check=True)


@pytest.mark.parametrize("seed", range(2))
def test_the_conformance_suite_passes_it(seed: int) -> None:
    from tests import test_conformance as suite

    suite.test_random_playout_is_sound_and_replays("count", {}, seed)
    suite.test_random_playout_is_sound_and_replays("count", {"players": 3, "target": 7}, seed)
    suite.test_clone_is_independent("count", {})
    suite.test_garbage_action_text_is_a_clear_error("count", {})

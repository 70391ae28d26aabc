"""The API's description is the API: schemathesis generates requests from ``/openapi.json`` and every answer must
be no 5xx, a documented status, the documented content type and a body that matches its schema (bounded: a few
dozen derandomized examples per operation)."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from gamewright.web.api_models import CreatedGame, GameLog, GameState, Played
from gamewright.web.app import create_app
from tests.web.conftest import auth

# the schema is read from one app; each test calls a fresh app (an app's lifespan starts once) on its own
# database (tests/conftest.py points GAMEWRIGHT_DB at it)
APP = create_app(allowed_hosts=["testserver", "localhost"])
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture
def app() -> FastAPI:
    return create_app(allowed_hosts=["testserver", "localhost"])
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@schema.exclude(path="/api/games/{game_id}/stream").parametrize()
@settings(max_examples=30, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_is_documented_and_never_a_server_error(app: FastAPI, case: schemathesis.Case) -> None:
    case.call_and_validate(checks=CHECKS, app=app)


def json_body(operation: dict[str, Any]) -> dict[str, Any]:
    return operation["requestBody"]["content"]["application/json"]["schema"]  # type: ignore[no-any-return]


def test_openapi_lists_every_api_route_with_error_bodies_and_no_default_422() -> None:
    with TestClient(create_app(allowed_hosts=["testserver"])) as client:
        doc = client.get("/openapi.json").json()
    routes = {route.path for route in APP.routes if getattr(route, "path", "").startswith("/api/")}
    routes |= {"/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions", "/api/games/{game_id}/log",
               "/api/games/{game_id}/stream"}
    assert routes <= set(doc["paths"])
    assert all(path.startswith("/api/") or path == "/healthz" for path in doc["paths"])  # pages stay out
    text = str(doc)
    assert "HTTPValidationError" not in text and "'detail'" not in text
    move = doc["paths"]["/api/games/{game_id}/actions"]["post"]
    assert {"400", "403", "409", "413", "415", "422"} <= set(move["responses"])
    error = {"$ref": "#/components/schemas/ErrorBody"}
    assert move["responses"]["409"]["content"]["application/json"]["schema"] == error
    assert json_body(move)["required"] == ["action", "seq"]
    create = json_body(doc["paths"]["/api/games"]["post"])
    assert {"game", "seats", "options", "seed", "timer", "listed", "prince"} <= set(create["properties"])


def test_docs_render_from_vendored_files_without_inline_script() -> None:
    with TestClient(create_app(allowed_hosts=["testserver"])) as client:
        page = client.get("/docs")
        assert page.status_code == 200 and "script-src 'self'" in page.headers["content-security-policy"]
        scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page.text, re.S)
        assert scripts and all('src="/' in attrs and not body.strip() for attrs, body in scripts)  # no CDN, none inline
        assert "<style" not in page.text and "style=" not in page.text
        for src in re.findall(r'(?:src|href)="(/[^"]+)"', page.text):
            assert client.get(src).status_code == 200, src
        assert "SwaggerUIBundle" in client.get("/static/docs.js").text


def test_a_played_game_answers_match_their_models(client: TestClient) -> None:
    """The fuzz above never holds a real game's token; here a whole game's answers are checked against the models
    that /openapi.json publishes: as a seat, as a spectator, each move, and the log."""
    body = {"game": "penance", "seed": 7, "options": {"decks": "confessor,ironclad"},
            "seats": ["human", "bot:heuristic"]}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201
    game = CreatedGame.model_validate(created.json(), strict=True)
    token = game.seats[0].token
    assert token is not None
    state = GameState.model_validate(client.get(f"/api/games/{game.id}").json(), strict=True)  # a spectator
    deadline = time.monotonic() + 120  # by time, not by polls: the bot plays on the server's own thread
    while time.monotonic() < deadline:
        state = GameState.model_validate(client.get(f"/api/games/{game.id}", headers=auth(token)).json(), strict=True)
        if state.terminal:
            break
        if state.legal:
            action = "end" if "end" in state.legal else state.legal[0]
            move = client.post(f"/api/games/{game.id}/actions", headers=auth(token),
                               json={"action": action, "seq": state.seq})
            if move.status_code == 200:
                Played.model_validate(move.json(), strict=True)
            else:  # a bot moved first: the documented refusal
                assert move.status_code == 409 and set(move.json()) == {"error"}
        else:
            time.sleep(0.02)
    assert state.terminal and state.seed == 7
    GameLog.model_validate(client.get(f"/api/games/{game.id}/log").json(), strict=True)

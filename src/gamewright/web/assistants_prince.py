"""Space Prince assistant: the what-if turn (``/tools/prince/turn``), the very ``run_scenario`` result that
``gamewright prince turn --json`` prints. A GET form: the URL holds the scenario, so every answer has a permalink."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from gamewright.core.errors import ConfigError
from gamewright.games.prince.scenario import example_text, run_scenario
from gamewright.games.prince.tables import PLANETS
from gamewright.web.pages import templates

router = APIRouter()
MAX_SCENARIO = 20_000  # characters: a scenario is a few hundred


def build_scenario(text: str, player_planet: str, opponent_planet: str, seed: str) -> Any:
    """The pasted scenario with the builder's fields laid over it (an empty field leaves the pasted value)."""
    if len(text) > MAX_SCENARIO:
        raise ConfigError(f"the scenario is longer than {MAX_SCENARIO} characters")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"the scenario is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if isinstance(data, dict):
        if player_planet:
            data["player_planet"] = player_planet
        if opponent_planet:
            data["opponent_planet"] = opponent_planet
        if seed:
            if not seed.isascii() or not seed.isdigit():
                raise ConfigError(f"seed {seed!r} must be a whole number")
            data.pop("rolls", None)  # a seed replaces scripted rolls
            data["seed"] = int(seed)
    return data


@router.get("/tools/prince/turn", response_model=None)
async def prince_turn(
    request: Request, scenario: str = "", player_planet: str = "", opponent_planet: str = "", seed: str = "",
    format: str = "html",
) -> Response:
    text = scenario or example_text()
    asked = bool(scenario or player_planet or opponent_planet or seed)

    def answer() -> tuple[Any, dict[str, Any] | None, str | None]:
        try:
            data = build_scenario(text, player_planet, opponent_planet, seed)
            return data, run_scenario(data), None
        except ConfigError as exc:
            return None, None, str(exc)

    data, result, error = await run_in_threadpool(answer) if asked else (None, None, None)
    if format == "json":
        if error is not None:
            return JSONResponse({"error": error}, status_code=400)
        return JSONResponse(result)
    permalink = "/tools/prince/turn?" + urlencode(
        {k: v for k, v in (("scenario", text), ("player_planet", player_planet),
                          ("opponent_planet", opponent_planet), ("seed", seed)) if v})
    context = {
        "scenario": text, "player_planet": player_planet, "opponent_planet": opponent_planet, "seed": seed,
        "planets": PLANETS, "result": result, "result_json": json.dumps(result, indent=2) if result else None,
        "built": json.dumps(data, indent=2) if data is not None else None, "error": error,
        "permalink": permalink if asked else None,
    }
    return templates.TemplateResponse(request, "assistants/prince_turn.html", context,
                                      status_code=400 if error else 200)

"""Space Prince pages: the what-if turn (``/tools/prince/turn``), the very ``run_scenario`` result that
``gamewright prince turn --json`` prints. A GET form: the URL holds the scenario, so every answer has a permalink."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool

from gamewright.app import princes
from gamewright.core.errors import ConfigError, Conflict, NotFound
from gamewright.core.limits import ascii_int, check_seed
from gamewright.core.text_input import check_depth
from gamewright.games.prince.chart import quantize
from gamewright.games.prince.scenario import example_text, run_scenario
from gamewright.games.prince.svg import PLANET_GLYPHS, WheelLook, WheelProgress, chart_svg
from gamewright.games.prince.tables import PLANETS, SIGNS
from gamewright.web import prince_whatif as whatif
from gamewright.web.pages import templates
from gamewright.web.prince_whatif import scenario_of_form

router = APIRouter()
MAX_SCENARIO = 20_000  # characters: a scenario is a few hundred


def build_scenario(text: str, player_planet: str, opponent_planet: str, seed: str) -> Any:
    """The pasted scenario with the builder's fields laid over it (an empty field leaves the pasted value)."""
    if len(text) > MAX_SCENARIO:
        raise ConfigError(f"the scenario is longer than {MAX_SCENARIO} characters")
    try:  # numbers of at most 30 digits and bounded nesting: a clear 400, never a 500
        data = json.loads(text, parse_int=lambda digits: ascii_int(digits, "a number in the scenario"))
    except json.JSONDecodeError as exc:
        raise ConfigError(f"the scenario is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise ConfigError("the scenario is nested too deeply") from None
    check_depth(data, "the scenario")
    if isinstance(data, dict):
        if player_planet:
            data["player_planet"] = player_planet
        if opponent_planet:
            data["opponent_planet"] = opponent_planet
        if seed:
            number = check_seed(ascii_int(seed, "seed"))  # at most 30 digits read: no int() of 5,000 digits
            data.pop("rolls", None)  # a seed replaces scripted rolls
            data["seed"] = number
    return data


@router.get("/tools/prince/turn", response_model=None)
async def prince_turn(
    request: Request, scenario: str = "", player_planet: str = "", opponent_planet: str = "", seed: str = "",
    format: str = "html", game: str = "", preset: str = "", form: str = "",
) -> Response:
    """Opens on a form built from a preset (``preset``) or a game's position (``game``); the form (``form=1`` and
    its fields) or the JSON box under "Advanced" (``scenario`` with the older override fields) resolves a turn."""
    query = request.query_params
    by_form = bool(form)
    asked = by_form or bool(scenario or player_planet or opponent_planet or seed)
    text = scenario or example_text()

    def answer() -> tuple[Any, dict[str, Any] | None, str | None]:
        data = None
        try:
            data = scenario_of_form(query) if by_form else build_scenario(text, player_planet, opponent_planet, seed)
            return data, run_scenario(data), None
        except ConfigError as exc:
            if by_form:
                data = scenario_of_form(query, strict=False)
            return data, None, str(exc)

    def opening() -> tuple[dict[str, Any], str | None]:
        if game:
            view = game_view(request, game)
            if view is None:
                return whatif.preset(preset), f"no Space Prince game {game[:40]!r} to start from: here is a preset"
            return whatif.scenario_of_view(view), None
        return whatif.preset(preset), None

    data, result, error = await run_in_threadpool(answer) if asked else (None, None, None)
    if format == "json":
        if error is not None:
            return JSONResponse({"error": error}, status_code=400)
        return JSONResponse(result)
    notice = None
    if not asked:
        data, notice = await run_in_threadpool(opening)
    shown = data if isinstance(data, dict) else whatif.preset(preset)
    if by_form:
        permalink = "/tools/prince/turn?" + urlencode(list(query.multi_items()))
        text = json.dumps(data, indent=2) if isinstance(data, dict) else example_text()
    else:
        permalink = "/tools/prince/turn?" + urlencode(
            {k: v for k, v in (("scenario", text), ("player_planet", player_planet),
                              ("opponent_planet", opponent_planet), ("seed", seed)) if v})
        if not scenario and not asked:
            text = json.dumps(shown, indent=2)
    context = {
        "scenario": text, "player_planet": player_planet, "opponent_planet": opponent_planet, "seed": seed,
        "planets": PLANETS, "signs": SIGNS, "glyphs": PLANET_GLYPHS, "rulesets": whatif.RULESETS,
        "presets": [(name, label) for name, (label, _) in whatif.PRESETS.items()], "preset": preset,
        "fields": whatif.fields_of(shown), "by_form": by_form, "game": game if not notice else "",
        "result": result, "told": whatif.told(data, result) if result and isinstance(data, dict) else None,
        "result_json": json.dumps(result, indent=2) if result else None,
        "built": json.dumps(data, indent=2) if data is not None else None, "error": error, "notice": notice,
        "permalink": permalink if asked else None, "roll_text": whatif.roll_text,
    }
    return templates.TemplateResponse(request, "assistants/prince_turn.html", context,
                                      status_code=400 if error else 200)


def game_view(request: Request, game_id: str) -> dict[str, Any] | None:
    """The public view of a Space Prince game at this server (what its spectators see), or None."""
    from gamewright.web.api import platform_of
    from gamewright.web.security import valid_game_id
    from gamewright.web.service import WebError
    from gamewright.web.views import view_for_viewer

    if not valid_game_id(game_id):
        return None
    try:
        rt = platform_of(request).runtime(game_id)
    except WebError:
        return None
    if rt.name != "prince":
        return None
    return view_for_viewer(rt.state, None, rt.num_players)


# --- Prince pages: a Prince's wheel, progress and runs (what `prince show` / `prince history` read), and minting --
@router.get("/princes/new", response_model=None)
async def mint_form(request: Request) -> Response:
    return templates.TemplateResponse(request, "assistants/prince_mint.html", {"form": {}, "error": None})


@router.post("/princes", response_model=None)
async def mint_prince(request: Request) -> Response:
    form = dict((await request.form()).items())
    fields = {k: str(form.get(k, "")).strip() for k in ("name", "time", "lat", "lon")}

    def mint() -> str | None:
        try:
            lat, lon = float(fields["lat"] or "nan"), float(fields["lon"] or "nan")
        except ValueError:
            return "latitude and longitude are numbers of degrees (north and east positive)"
        try:
            princes.mint(fields["name"], quantize(fields["time"], lat, lon))
        except (ConfigError, Conflict) as exc:
            return str(exc)
        return None

    error = await run_in_threadpool(mint)
    if error is not None:
        return templates.TemplateResponse(request, "assistants/prince_mint.html", {"form": fields, "error": error},
                                          status_code=400)
    return RedirectResponse("/princes/" + quote(princes.clean_name(fields["name"])), status_code=303)


# {name:path}: a Prince minted before names lost "/" still has its page
@router.get("/princes/{name:path}", response_model=None)
async def prince_page(request: Request, name: str) -> Response:
    def build() -> dict[str, Any] | None:
        try:
            record = princes.get(name)
        except (NotFound, ConfigError):
            return None
        report = princes.progress_report(record.id)
        progress = WheelProgress.from_report(report)
        wheel = chart_svg(record.chart, record.name, progress, WheelLook("prince", inline=True))
        from gamewright.games.prince.options import SPEC

        return {"record": record, "report": report, "wheel": Markup(wheel), "rulesets": list(SPEC.rulesets)}

    context = await run_in_threadpool(build)
    if context is None:
        return templates.TemplateResponse(request, "error.html",
                                          {"status": 404, "message": f"no Prince named {name!r}"}, status_code=404)
    return templates.TemplateResponse(request, "assistants/prince_show.html", context)

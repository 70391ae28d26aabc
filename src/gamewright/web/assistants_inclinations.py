"""Assistant page: an Inclinations what-if turn, the same answer ``gamewright inclinations turn --json`` prints.

The page opens on a form — the ships (where, facing, hull, heat, mass, missiles, energy) and the turns to try,
each written as the game's own steps (``allocate engines 1; burn light -3; fire laser P2``) — filled from a
preset or from a running game's board (``?game=<id>``: its public view). The scenario's JSON stays available
under "Advanced" (``?scenario=<json>`` takes precedence, as before). A GET form: the page's address holds the
question, so it is a permalink to the question and its answer.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from gamewright.app.inclinations_whatif import answer_for_text
from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.inclinations.actions import Allocate, Burn, Coast, Deallocate, Fire, Rotate, Step, Transfer
from gamewright.games.inclinations.actions import parse_action as parse_step
from gamewright.games.inclinations.board import WELLS, ring_count
from gamewright.games.inclinations.ship import MAX_AMMO, MAX_ENERGY, MAX_HULL, MAX_MASS, SUBSYSTEMS
from gamewright.games.inclinations.whatif import EXAMPLE, parse_actions
from gamewright.web.boards.inclinations import SUBSYSTEM_WORDS, drawing, where
from gamewright.web.pages import templates
from gamewright.web.service import WebError

router = APIRouter()

MAX_SHIPS, MAX_TURNS = 6, 4
SHIP_NUMBERS = ("hull", "heat", "mass", "ammo")
PRESETS: dict[str, tuple[str, dict[str, Any]]] = {
    "example": ("Laser, burn, railgun: P1 shoots P2 twice in one turn", EXAMPLE),
    "duel": ("A duel on the black hole's outer rings, missiles against shields", {
        "options": {"to_hit": "d10"},
        "ships": [
            {"id": "P1", "well": "blackhole", "ring": 5, "sector": 10, "energy": {"missiles": 2, "engines": 1}},
            {"id": "P2", "well": "blackhole", "ring": 4, "sector": 12, "energy": {"shields": 4, "laser": 2}},
        ],
        "turns": [
            {"ship": "P1", "actions": [{"fire": "missiles", "targets": ["P2"]}, {"burn": "light", "adjust": 0}]},
            {"ship": "P2", "actions": [{"fire": "laser", "targets": ["P1"]}]},
        ],
        "seed": 1,
    }),
}


# --- scenario <-> form ----------------------------------------------------------------------------------
def step_to_scenario(step: Step) -> dict[str, Any]:
    """A planning step in the scenario's action shape (``whatif.parse_actions`` reads it back)."""
    if isinstance(step, (Allocate, Deallocate)):
        return {("allocate" if isinstance(step, Allocate) else "deallocate"): {step.subsystem: step.amount}}
    if isinstance(step, Rotate):
        return {"rotate": step.facing}
    if isinstance(step, Coast):
        return {"coast": {"scoop": step.scoop}}
    if isinstance(step, Burn):
        return {"burn": step.intensity, "adjust": step.adjust}
    if isinstance(step, Transfer):
        return {"transfer": step.destination}
    if isinstance(step, Fire):
        return {"fire": step.weapon, "targets": list(step.targets), "compensate": step.compensate}
    raise ConfigError(f"{step.to_text()!r} is not a planning step")


def _int(form: Mapping[str, str], name: str, default: int) -> int:
    text = str(form.get(name, "")).strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise ConfigError(f"{name.replace('_', ' ')}: {text!r} is not a whole number") from None


def scenario_from_form(form: Mapping[str, str]) -> dict[str, Any]:
    """The scenario the form describes (rows without a ship id and turns without steps are left out)."""
    options: dict[str, Any] = {"to_hit": form.get("to_hit", "always"),
                               "shields_deplete": form.get("shields_deplete", "") == "on",
                               "well_transfer_mass": _int(form, "well_transfer_mass", 0)}
    ships = []
    for i in range(MAX_SHIPS):
        sid = str(form.get(f"s{i}_id", "")).strip()
        if not sid:
            continue
        ship: dict[str, Any] = {"id": sid, "well": form.get(f"s{i}_well", "blackhole"),
                                "ring": _int(form, f"s{i}_ring", 1), "sector": _int(form, f"s{i}_sector", 0),
                                "facing": form.get(f"s{i}_facing", "prograde")}
        for key in SHIP_NUMBERS:
            ship[key] = _int(form, f"s{i}_{key}", {"hull": MAX_HULL, "heat": 0, "mass": MAX_MASS,
                                                   "ammo": MAX_AMMO}[key])
        ship["energy"] = {sub: _int(form, f"s{i}_{sub}", 0) for sub in SUBSYSTEMS if _int(form, f"s{i}_{sub}", 0)}
        ships.append(ship)
    turns = []
    for i in range(MAX_TURNS):
        text = str(form.get(f"t{i}_steps", "")).strip()
        if not text:
            continue
        actions = []
        for part in (p.strip() for p in text.split(";")):
            if not part:
                continue
            try:
                actions.append(step_to_scenario(parse_step(part)))  # type: ignore[arg-type]
            except RuleViolation as exc:
                raise ConfigError(f"turn {i + 1}: {exc}") from None
        turns.append({"ship": form.get(f"t{i}_ship", ""), "actions": actions})
    scenario: dict[str, Any] = {"options": options, "ships": ships, "turns": turns}
    rolls = str(form.get("rolls", "")).strip()
    if rolls:
        try:
            scenario["rolls"] = [float(r) for r in rolls.replace(",", " ").split()]
        except ValueError:
            raise ConfigError(f"rolls: {rolls!r} is not a list of numbers") from None
    else:
        scenario["seed"] = _int(form, "seed", 0)
    return scenario


def form_from_scenario(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The form's rows for a scenario (best effort: a malformed one leaves the rows it cannot read empty)."""
    options = dict(scenario.get("options") or {})
    ids = [str(s.get("id", "")) for s in scenario.get("ships", []) if isinstance(s, dict)]
    ships = []
    for s in [s for s in scenario.get("ships", []) if isinstance(s, dict)][:MAX_SHIPS]:
        energy = dict(s.get("energy") or {})
        ships.append({"id": s.get("id", ""), "well": s.get("well", "blackhole"), "ring": s.get("ring", 1),
                      "sector": s.get("sector", 0), "facing": s.get("facing", "prograde"),
                      "hull": s.get("hull", MAX_HULL), "heat": s.get("heat", 0), "mass": s.get("mass", MAX_MASS),
                      "ammo": s.get("ammo", MAX_AMMO), "energy": {sub: energy.get(sub, 0) for sub in SUBSYSTEMS}})
    turns = []
    for i, t in enumerate([t for t in scenario.get("turns", []) if isinstance(t, dict)][:MAX_TURNS]):
        try:
            steps = "; ".join(s.to_text() for s in parse_actions(t.get("actions", []), f"turns[{i}].actions",
                                                                    set(ids)))
        except ConfigError:
            steps = ""
        turns.append({"ship": t.get("ship", ""), "steps": steps})
    rolls = scenario.get("rolls")
    return {"to_hit": options.get("to_hit", "always"), "shields_deplete": options.get("shields_deplete", True),
            "well_transfer_mass": options.get("well_transfer_mass", 0), "ships": ships, "turns": turns,
            "rolls": ", ".join(str(r) for r in rolls) if isinstance(rolls, list) else "",
            "seed": scenario.get("seed", 0)}


def rows_as_typed(form: Mapping[str, str]) -> dict[str, Any]:
    """The form's rows as they were sent (kept even when they do not read as a scenario)."""
    ships = [{"id": form.get(f"s{i}_id", ""), "well": form.get(f"s{i}_well", "blackhole"),
              "ring": form.get(f"s{i}_ring", ""), "sector": form.get(f"s{i}_sector", ""),
              "facing": form.get(f"s{i}_facing", "prograde"),
              **{k: form.get(f"s{i}_{k}", "") for k in SHIP_NUMBERS},
              "energy": {sub: form.get(f"s{i}_{sub}", "") for sub in SUBSYSTEMS}}
             for i in range(MAX_SHIPS) if form.get(f"s{i}_id", "").strip()]
    turns = [{"ship": form.get(f"t{i}_ship", ""), "steps": form.get(f"t{i}_steps", "")} for i in range(MAX_TURNS)
             if form.get(f"t{i}_steps", "").strip()]
    return {"to_hit": form.get("to_hit", "always"), "shields_deplete": form.get("shields_deplete", "") == "on",
            "well_transfer_mass": form.get("well_transfer_mass", "0"), "ships": ships, "turns": turns,
            "rolls": form.get("rolls", ""), "seed": form.get("seed", "0")}


def scenario_of_game(request: Request, game_id: str) -> dict[str, Any]:
    """A running game's position as a scenario: every ship (public) and the table's options; one empty turn for
    the seat to act."""
    from gamewright.web.api import checked_id, platform_of

    rt = platform_of(request).runtime(checked_id(game_id))
    view = rt.state.public_view()
    if view.get("game") != "inclinations":
        raise ConfigError(f"game {game_id} is not a Dangerous Inclinations game")
    ships = [{k: s[k] for k in ("id", "well", "ring", "sector", "facing", "hull", "heat", "mass", "ammo", "energy")}
             for s in view["ships"] if s.get("ring")]
    options = {k: view["options"][k] for k in ("to_hit", "shields_deplete", "well_transfer_mass")}
    current = view["ships"][view["current"]]["id"] if 0 <= view.get("current", -1) < len(view["ships"]) else ""
    return {"options": options, "ships": ships, "turns": [{"ship": current, "actions": []}], "seed": 1}


def _pretty(scenario: Mapping[str, Any]) -> str:
    """The scenario as JSON laid out for reading: one ship, one turn per line (the what-if's own layout)."""
    from gamewright.games.inclinations.whatif import scenario_text

    return scenario_text(scenario)


# --- the page ------------------------------------------------------------------------------------------------
@router.get("/tools/inclinations/turn")
async def whatif_turn(request: Request, scenario: str = "", format: str = "html", game: str = "",
                      preset: str = "") -> Response:
    form = {k: v for k, v in request.query_params.items()}
    error: str | None = None
    source = "preset"
    text = scenario
    if not text:
        try:
            if "s0_id" in form:
                source = "form"
                text = _pretty(scenario_from_form(form))
            elif game:
                source = "game"
                text = _pretty(await run_in_threadpool(scenario_of_game, request, game))
            else:
                text = _pretty(PRESETS.get(preset, PRESETS["example"])[1])
        except ConfigError as exc:
            error = " ".join(str(exc).split())
        except WebError as exc:  # a game id that is not there (or malformed): its words
            error = exc.message
    else:
        source = "json"
    answer: dict[str, Any] | None = None
    if error is None:
        try:
            answer = await run_in_threadpool(answer_for_text, text)
        except ConfigError as exc:
            error = " ".join(str(exc).split())
    if format == "json":
        if error is not None:
            return JSONResponse({"error": error}, status_code=400)
        return JSONResponse(answer)
    try:
        parsed = json.loads(text) if text else {}
    except ValueError:
        parsed = {}
    rows = rows_as_typed(form) if source == "form" else form_from_scenario(parsed if isinstance(parsed, dict)
                                                                           else {})
    board = drawing(answer["ships"]) if answer is not None else None
    after = [{**s, "where": where(s) if s.get("ring") else "—"} for s in answer["ships"]] if answer else []
    return templates.TemplateResponse(request, "assistants/inclinations_turn.html", {
        "scenario": text, "answer": answer, "answer_text": json.dumps(answer, indent=2) if answer else "",
        "after": after,
        "error": error, "board": board, "rows": rows, "source": source, "game": game, "presets": PRESETS,
        "wells": WELLS, "subsystems": [(s, SUBSYSTEM_WORDS[s], MAX_ENERGY[i]) for i, s in enumerate(SUBSYSTEMS)],
        "max_ships": MAX_SHIPS, "max_turns": MAX_TURNS, "ring_most": max(ring_count(w) for w in range(len(WELLS))),
        "form": form}, status_code=400 if error else 200)

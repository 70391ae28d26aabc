"""Penance table assistants on the web: tier odds (``penance odds --json``) and a single attack
(``penance attack --json``, resolved by the engine through ``app.penance_attack``). Each is a GET form, so a
page's URL holds its inputs (a permalink)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from gamewright.app.penance_attack import attack_result
from gamewright.core.dice import fraction_text
from gamewright.core.errors import ConfigError
from gamewright.core.limits import ascii_int, bounded
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.dice import tier_odds
from gamewright.games.penance.hexgrid import SIDE_NAMES
from gamewright.web.pages import templates

router = APIRouter()
CLASSES = ("scout", "warden", "vanguard", "colossus")
COVERS = ("none", "light", "heavy")


def odds_json(tn: int) -> dict[str, float]:
    """What ``penance odds --tn N --json`` prints."""
    return {k: float(v) for k, v in tier_odds(tn).items()}


def _int(q: Any, name: str, default: str, lo: int, hi: int) -> int:
    return bounded(ascii_int(str(q.get(name, default) or default), name), lo, hi, name)


@router.get("/tools/penance/odds", response_class=HTMLResponse)
async def odds_page(request: Request) -> Response:
    q = request.query_params
    error, rows, tn = None, [], q.get("tn", "")
    if tn:
        try:
            table = tier_odds(_int(q, "tn", "7", -20, 40))
            rows = [(k, float(v), fraction_text(v)) for k, v in table.items()]
        except ConfigError as exc:
            error = str(exc)
    return templates.TemplateResponse(request, "assistants/penance_odds.html",
                                      {"tn": tn, "rows": rows, "error": error}, status_code=400 if error else 200)


@router.get("/tools/penance/attack", response_class=HTMLResponse)
async def attack_page(request: Request) -> Response:
    q = request.query_params
    inputs = {k: q.get(k, "") for k in ("card", "attacker", "defender", "range", "moved", "defender_moved", "side",
                                         "cover", "attack_dice", "defense_dice", "defender_deck", "seed")}
    error, out = None, None
    if inputs["card"]:
        try:
            out = await run_in_threadpool(
                attack_result, inputs["card"], inputs["attacker"] or "scout", inputs["defender"] or "scout",
                _int(q, "range", "1", 0, 99), _int(q, "moved", "0", 0, 99), _int(q, "defender_moved", "0", 0, 99),
                inputs["side"] or "front", inputs["cover"] or "none", inputs["attack_dice"] or None,
                inputs["defense_dice"] or None,
                _int(q, "defender_deck", "0", 0, 999) if inputs["defender_deck"] else None,
                _int(q, "seed", "0", 0, 2**63 - 1))
        except ConfigError as exc:
            error = str(exc)
    cards = sorted(c.name for c in card_table().values() if c.is_attack)
    return templates.TemplateResponse(request, "assistants/penance_attack.html", {
        "i": inputs, "out": out, "error": error, "cards": cards, "classes": CLASSES, "sides": SIDE_NAMES,
        "covers": COVERS}, status_code=400 if error else 200)

"""Penance table assistants on the web: tier odds (``penance odds --json``) and a single attack
(``penance attack --json``, resolved by the engine through ``app.penance_attack``). Each opens on a form — the odds
on a target number or the terms that make one, the attack on a preset or on an attack of a game in progress (the
board links here with it filled in) — with readable numbers (percentages, the exact fraction on demand) and the
JSON under "Advanced". Each is a GET form, so a page's URL holds its inputs (a permalink)."""

from __future__ import annotations

import json
import math
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from gamewright.app.penance_attack import attack_result
from gamewright.core.dice import fraction_text
from gamewright.core.errors import ConfigError
from gamewright.core.limits import ascii_int, bounded
from gamewright.games.penance.attack import target_number
from gamewright.games.penance.cards import card_table, set_table
from gamewright.games.penance.components import CLASSES
from gamewright.games.penance.dice import ATTACK_FACES, DEFENSE_LABELS, tier_odds
from gamewright.games.penance.hexgrid import SIDE_NAMES
from gamewright.web.numbers import exact_text, percent
from gamewright.web.pages import templates

router = APIRouter()
CLASS_NAMES = ("scout", "warden", "vanguard", "colossus")
CLASS_WORDS = {k: CLASSES[k].label if k in CLASSES else k for k in CLASS_NAMES}
COVERS = ("none", "light", "heavy")
COVER_WORDS = {"none": "none (open ground, water)", "light": "light (rubble): +1", "heavy": "heavy (forest): +2"}
SIDE_WORDS = {"front": "front", "weapon": "weapon side", "weapon-flank": "weapon flank", "rear": "rear",
              "shield-flank": "shield flank", "shield": "shield side"}
TIER_WORDS = {"hit": "Hit", "strong": "Strong hit (+1 damage)", "critical": "Critical hit (+2 damage)",
              "execution": "Execution (no defense dice)", "catastrophic": "Catastrophic miss (weapon jams)",
              "miss": "Miss"}
TN_TERM_WORDS = {"base": "base", "range": "range", "attacker_moved": "attacker moved",
                 "defender_moved": "defender moved", "side": "side attacked", "cover": "cover",
                 "obscured": "obscured", "elevated": "elevated", "other": "other"}
ATTACK_FIELDS = ("card", "attacker", "defender", "range", "moved", "defender_moved", "side", "cover", "attack_dice",
                 "defense_dice", "defender_deck", "seed")
# Ready-made attacks the tool opens on (the two example decks' own cards)
PRESETS: dict[str, dict[str, str]] = {
    "thrust": {"title": "Confessor's Faithful Thrust on an Ironclad's front, adjacent", "card": "Faithful Thrust",
               "attacker": "scout", "defender": "vanguard", "range": "1", "side": "front", "cover": "none",
               "moved": "1", "defender_moved": "0"},
    "hammer": {"title": "Ironclad's Hammer Strike on a Confessor's rear", "card": "Hammer Strike",
               "attacker": "vanguard", "defender": "scout", "range": "1", "side": "rear", "cover": "none",
               "moved": "0", "defender_moved": "2"},
    "cleave": {"title": "Confessor's Righteous Cleave on an Ironclad's weapon side", "card": "Righteous Cleave",
               "attacker": "scout", "defender": "vanguard", "range": "1", "side": "weapon", "cover": "none",
               "moved": "2", "defender_moved": "1"},
    "divine": {"title": "Confessor's Divine Judgment into light cover, range 2", "card": "Divine Judgment",
               "attacker": "scout", "defender": "vanguard", "range": "2", "side": "front", "cover": "light",
               "moved": "0", "defender_moved": "0"},
}


def side_picture() -> dict[str, Any]:
    """A defender's hex facing up with its six sides numbered (side 1, the front, ahead; clockwise from there)."""
    corners = " ".join(f"{30 * math.cos(math.radians(60 * k)):.1f},{30 * math.sin(math.radians(60 * k)):.1f}"
                       for k in range(6))
    marks = [{"n": k + 1, "side": s, "x": round(44 * math.cos(math.radians(60 * k - 90)), 1),
              "y": round(44 * math.sin(math.radians(60 * k - 90)) + 4, 1)} for k, s in enumerate(SIDE_NAMES)]
    return {"hex": corners, "marks": marks}


def odds_json(tn: int) -> dict[str, float]:
    """What ``penance odds --tn N --json`` prints."""
    return {k: float(v) for k, v in tier_odds(tn).items()}


def _int(q: Any, name: str, default: str, lo: int, hi: int) -> int:
    return bounded(ascii_int(str(q.get(name, default) or default), name), lo, hi, name)


def _side_number(name: str) -> int:
    key = name.strip().lower()
    if key not in SIDE_NAMES:
        raise ConfigError(f"unknown side {name!r}; choose one of: {', '.join(SIDE_NAMES)}")
    return SIDE_NAMES.index(key) + 1


def odds_rows(tn: int) -> list[dict[str, Any]]:
    """Each tier's chance against ``tn``: the float the CLI prints, a percentage, the exact fraction."""
    return [{"tier": k, "words": TIER_WORDS.get(k, k), "float": float(v), "pct": percent(v),
             "exact": fraction_text(v), "exact_words": exact_text(v)} for k, v in tier_odds(tn).items()]


def hit_chance(tn: int) -> str:
    odds = tier_odds(tn)
    return percent(1 - odds["miss"] - odds["catastrophic"])


@router.get("/tools/penance/odds", response_class=HTMLResponse)
async def odds_page(request: Request) -> Response:
    q = request.query_params
    terms = {k: q.get(k, "") for k in ("range", "moved", "defender_moved", "side", "cover")}
    error, rows, tn, parts = None, [], q.get("tn", ""), None
    try:
        if not tn and terms["range"]:  # the target number worked out from the attack's terms (004 §2 step 2)
            value, parts = target_number(_int(q, "range", "1", 1, 99), _int(q, "moved", "0", 0, 99),
                                         _int(q, "defender_moved", "0", 0, 99), _side_number(terms["side"] or "front"),
                                         (terms["cover"] or "none").lower())
            tn = str(value)
        if tn:
            rows = odds_rows(_int(q, "tn", tn, -20, 40) if q.get("tn") else int(tn))
    except ConfigError as exc:
        error = str(exc)
    cli = json.dumps(odds_json(int(tn)), indent=1) if rows else ""
    return templates.TemplateResponse(request, "assistants/penance_odds.html", {
        "tn": tn, "rows": rows, "error": error, "terms": terms, "parts": parts, "term_words": TN_TERM_WORDS,
        "sides": SIDE_NAMES, "side_words": SIDE_WORDS, "covers": COVERS, "cover_words": COVER_WORDS,
        "hit": hit_chance(int(tn)) if rows else "", "cli": cli}, status_code=400 if error else 200)


def _inputs(q: Any) -> tuple[dict[str, str], str | None]:
    """The attack's inputs: the fields, a preset's (when no card is given), or the Advanced JSON (it wins)."""
    inputs = {k: str(q.get(k, "")) for k in ATTACK_FIELDS}
    preset = str(q.get("preset", ""))
    if preset in PRESETS and not inputs["card"]:
        inputs.update({k: v for k, v in PRESETS[preset].items() if k in inputs})
    raw = str(q.get("json", "")).strip()
    if raw:
        try:
            given = json.loads(raw)
        except ValueError as exc:
            return inputs, f"the Advanced JSON does not read: {exc}"
        if not isinstance(given, dict) or any(k not in ATTACK_FIELDS for k in given):
            return inputs, f"the Advanced JSON is an object with some of the keys {', '.join(ATTACK_FIELDS)}"
        inputs.update({k: "" if v is None else str(v) for k, v in given.items()})
    return inputs, None


def _summary(out: dict[str, Any]) -> list[str]:
    """The attack's story in a few plain sentences."""
    a, b = out["attack_dice"]
    hit = out["tier"] not in ("miss", "catastrophic")
    lines = [f"{out['card']} needs {out['tn']} or more: the attack dice show {ATTACK_FACES.get(a, a)} ({a}) and "
             f"{ATTACK_FACES.get(b, b)} ({b}) = {out['sum']} → {TIER_WORDS.get(out['tier'], out['tier'])}."]
    if hit:
        faces = ", ".join(DEFENSE_LABELS.get(f, f) for f in out["defense_dice"]) or "no dice"
        lines.append(f"{out['damage']} damage. The defender rolls {len(out['defense_dice'])} defense dice ({faces}) "
                     f"and blocks {out['blocked']}: it loses {out['taken']} card{'s' if out['taken'] != 1 else ''}.")
        more = []
        if out["component_damage"]:
            more.append(f"+{out['component_damage']} Component Damage")
        if out["component_destroyed"]:
            more.append("the component is destroyed")
        if out["major_wound"]:
            more.append("a Major Wound")
        if out["heat"]:
            more.append(f"+{out['heat']} Heat for the defender")
        if more:
            lines.append("Also: " + ", ".join(more) + ".")
        lines.append("The defender could have played a reactive card first." if out["reactive_allowed"] else
                     "No reactive card could answer it (the side attacked, or a PIERCE).")
    if out["attacker_heat"]:
        lines.append(f"The attacker gains {out['attacker_heat']} Heat.")
    return lines


@router.get("/tools/penance/attack", response_class=HTMLResponse)
async def attack_page(request: Request) -> Response:
    q = request.query_params
    inputs, error = _inputs(q)
    out = None
    if inputs["card"] and error is None:
        try:
            out = await run_in_threadpool(
                attack_result, inputs["card"], inputs["attacker"] or "scout", inputs["defender"] or "scout",
                _int(inputs, "range", "1", 0, 99), _int(inputs, "moved", "0", 0, 99),
                _int(inputs, "defender_moved", "0", 0, 99), inputs["side"] or "front", inputs["cover"] or "none",
                inputs["attack_dice"] or None, inputs["defense_dice"] or None,
                _int(inputs, "defender_deck", "0", 0, 999) if inputs["defender_deck"] else None,
                _int(inputs, "seed", "0", 0, 2**63 - 1))
        except ConfigError as exc:
            error = str(exc)
    shown = inputs if inputs["card"] else {**inputs, **{k: v for k, v in PRESETS["thrust"].items() if k in inputs}}
    table, sets = card_table(), set_table()
    groups: dict[str, list[str]] = {}
    for s in sets.values():
        names = [table[cid].name for cid, _ in s.cards if cid in table and table[cid].is_attack]
        if names:
            groups[s.name] = sorted(set(names))
    odds = odds_rows(int(out["tn"])) if out else []
    return templates.TemplateResponse(request, "assistants/penance_attack.html", {
        "i": shown, "out": out, "error": error, "groups": groups, "classes": CLASS_NAMES, "class_words": CLASS_WORDS,
        "sides": SIDE_NAMES, "side_words": SIDE_WORDS, "covers": COVERS, "cover_words": COVER_WORDS,
        "presets": PRESETS, "preset": str(q.get("preset", "")), "picture": side_picture(),
        "summary": _summary(out) if out else [], "odds": odds,
        "hit": hit_chance(int(out["tn"])) if out else "", "term_words": TN_TERM_WORDS,
        "inputs_json": json.dumps({k: v for k, v in shown.items() if v}, indent=1),
        "out_json": json.dumps(out, indent=1) if out else ""}, status_code=400 if error else 200)

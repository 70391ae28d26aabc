"""Affinity's assistant pages: exact pool odds (``/tools/affinity/odds``) and one attack against layered defence
(``/tools/affinity/defend``). GET forms, so a page's URL holds its inputs; the numbers are the documents
``affinity odds --json`` and ``affinity defend --json`` print (the same functions of ``app.affinity_tools`` make
them), shown as percentages and short decimals with the exact values on demand and the document itself under
"Advanced".

Each page opens on a form already filled from a preset (the first one, worked out) and lists the others; the
board links here from a fight with the inputs of the action or target shown there. The defence form takes its
layers as rows (a kind, a number of dice and their size); the layers' text form (``armor:2d8,body:5d10``) is the
advanced way and wins when given."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import Response

from gamewright.app.affinity_tools import defend_doc, odds_doc
from gamewright.core.errors import GamewrightError
from gamewright.core.limits import ascii_int
from gamewright.web.pages import templates

router = APIRouter()
LAYER_KINDS = ("spell", "shield", "armor", "temp", "body")  # 003 "Armor, Spells, and Temporary HD": outermost first
LAYER_WORDS = {"spell": "Magical Armor (spell)", "shield": "Shield", "armor": "Armour", "temp": "Temporary HD",
               "body": "Body (Hit Dice)"}
DIE_SIZES = (4, 6, 8, 10, 12)
LABEL = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,30}")
ROWS = 5  # a defender has at most five layers (limits.MAX_LAYERS)

# pools the rules use often: the tier sets the threshold and the successes needed (the board shows each one)
ODDS_PRESETS: tuple[tuple[str, dict[str, str]], ...] = (
    ("A Basic action at Proficiency 2 (2+, 1 success)", {"dice": "2", "exertion": "0", "threshold": "2",
                                                          "required": "1"}),
    ("An Advanced action at Proficiency 2 (3+, 2 successes)", {"dice": "2", "exertion": "0", "threshold": "3",
                                                                "required": "2"}),
    ("The same with 2 exertion dice", {"dice": "2", "exertion": "2", "threshold": "3", "required": "2"}),
    ("An Expert action at Proficiency 3 with 1 exertion die (4+, 3 successes)",
     {"dice": "3", "exertion": "1", "threshold": "4", "required": "3"}),
)
DEFEND_PRESETS: tuple[tuple[str, list[tuple[str, int, int]], dict[str, str]], ...] = (
    ("A level-1 Combatant: shield 1d12, armour 2d8, body 5d10; 2 damage",
     [("shield", 1, 12), ("armor", 2, 8), ("body", 5, 10)], {"capacity": "1", "damage": "2"}),
    ("A level-1 Weaver under Magical Armor: 2d12, body 4d6; 3 damage",
     [("spell", 2, 12), ("body", 4, 6)], {"capacity": "1", "damage": "3"}),
    ("A Pall-Wolf: body 4d8; 2 damage", [("body", 4, 8)], {"capacity": "1", "damage": "2"}),
    ("A level-5 Combatant defending: shield 1d12, armour 2d10, body 9d10; +2 bonus dice, 3 rolls, 4 damage",
     [("shield", 1, 12), ("armor", 2, 10), ("body", 9, 10)], {"capacity": "3", "damage": "4", "bonus": "2"}),
)


def _int(params: Any, name: str, default: int | None) -> int | None:
    raw = str(params.get(name, "")).strip()
    return default if raw == "" else ascii_int(raw, name)


def layers_query(rows: list[tuple[str, int, int]]) -> list[tuple[str, str]]:
    """Layer rows as the defence form's repeated fields (``kind``, ``count``, ``sides``)."""
    out: list[tuple[str, str]] = []
    for kind, count, sides in rows:
        out += [("kind", kind), ("count", str(count)), ("sides", str(sides))]
    return out


def defend_link(rows: list[tuple[str, int, int]], **fields: Any) -> str:
    """The defence tool's address for these layers and fields (the board's link from a target)."""
    return "/tools/affinity/defend?" + urlencode([*layers_query(rows), *((k, str(v)) for k, v in fields.items())])


def odds_link(**fields: Any) -> str:
    """The odds tool's address for one pool (the board's link from an action)."""
    return "/tools/affinity/odds?" + urlencode({k: str(v) for k, v in fields.items()})


def _page(request: Request, name: str, context: dict[str, Any], build: Any, asked: bool) -> Response:
    context.setdefault("doc", None)  # the same dict: ``build`` may add to it
    context.setdefault("error", None)
    status = 200
    try:
        doc = context["doc"] = build()
    except (GamewrightError, ValueError) as exc:
        context["error"], status = str(exc), (400 if asked else 200)
    else:
        context["json_text"] = json.dumps(doc, indent=1)
        if "at_least" in doc:  # the chart's bar heights
            context["chart"] = [(k, p, float(Fraction(p))) for k, p in doc["at_least"].items()]
    return templates.TemplateResponse(request, name, context, status_code=status)


@router.get("/tools/affinity/odds")
async def odds_page(request: Request) -> Response:
    q = request.query_params
    asked = bool(q)
    fields = ("dice", "threshold", "exertion", "required")
    inputs = {k: q.get(k, "") for k in fields} if asked else dict(ODDS_PRESETS[0][1])

    def build() -> dict[str, Any]:
        threshold = _int(inputs, "threshold", None)
        if threshold is None:
            raise GamewrightError("threshold is required (2–6)")
        doc, _ = odds_doc(_int(inputs, "dice", 0) or 0, threshold, _int(inputs, "exertion", 0) or 0,
                          _int(inputs, "required", None), True)
        return doc

    presets = [(label, odds_link(**values)) for label, values in ODDS_PRESETS]
    return _page(request, "assistants/affinity_odds.html", {"inputs": inputs, "presets": presets}, build, asked)


def layer_rows(q: Any) -> list[tuple[str, int, int]]:
    """The form's layer rows (a row without dice is left out)."""
    kinds, counts, sides = q.getlist("kind"), q.getlist("count"), q.getlist("sides")
    rows = []
    for i, kind in enumerate(kinds[:ROWS]):
        count = ascii_int(counts[i], "a layer's number of dice") if i < len(counts) and counts[i].strip() else 0
        size = ascii_int(sides[i], "a layer's die size") if i < len(sides) and sides[i].strip() else 0
        if count:  # the kind is the layer's label: one of ours, or a fight's own (a word)
            if not kind:
                raise GamewrightError(f"layer {i + 1} has dice but no kind: choose one")
            if not LABEL.fullmatch(kind):
                raise GamewrightError(f"a layer's kind is a word such as {', '.join(LAYER_KINDS)}")
            rows.append((kind, count, size))
    return rows


@router.get("/tools/affinity/defend")
async def defend_page(request: Request) -> Response:
    q = request.query_params
    asked = bool(q)
    label, preset_rows, preset_fields = DEFEND_PRESETS[0]
    inputs = {k: q.get(k, "") for k in ("layers", "capacity", "damage", "rolls", "bonus", "seed")} if asked else {
        "layers": "", "rolls": "", "bonus": "", "seed": "", **preset_fields}
    context: dict[str, Any] = {"inputs": inputs, "rows": preset_rows, "kinds": LAYER_KINDS, "words": LAYER_WORDS,
                               "sizes": DIE_SIZES, "max_rows": ROWS,
                               "presets": [(name, defend_link(rows, **fields)) for name, rows, fields in
                                           DEFEND_PRESETS]}

    def build() -> dict[str, Any]:
        from gamewright.games.affinity.defence import parse_layers

        text = str(inputs["layers"]).strip()
        if asked and not text:
            context["rows"] = rows = layer_rows(q)
            text = ",".join(f"{kind}:{count}d{size}" for kind, count, size in rows)
        elif not text:
            text = ",".join(f"{kind}:{count}d{size}" for kind, count, size in preset_rows)
        capacity, damage = _int(inputs, "capacity", None), _int(inputs, "damage", None)
        if capacity is None or damage is None or not text:
            raise GamewrightError("layers, defence rolls (capacity) and damage are required")
        doc, _, parsed = defend_doc(text, capacity, damage, str(inputs["rolls"]) or None,
                                    _int(inputs, "bonus", 0) or 0, True, _int(inputs, "seed", 0) or 0)
        context["rows"] = [(la.label, la.count, la.sides) for la in parse_layers(text)]  # as the form's rows
        context["after"] = {la.label: la.count for la in parsed}  # resolve_defence leaves what is left
        return doc

    return _page(request, "assistants/affinity_defend.html", context, build, asked)

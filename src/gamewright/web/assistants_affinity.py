"""Affinity's assistant pages: exact pool odds (``/tools/affinity/odds``) and one attack against layered defence
(``/tools/affinity/defend``). GET forms, so a page's URL holds its inputs; the numbers are the documents
``affinity odds --json`` and ``affinity defend --json`` print (the same functions of ``app.affinity_tools`` make
them)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from gamewright.app.affinity_tools import defend_doc, odds_doc
from gamewright.core.errors import GamewrightError
from gamewright.core.limits import ascii_int
from gamewright.web.pages import templates

router = APIRouter()


def _int(params: Any, name: str, default: int | None) -> int | None:
    raw = str(params.get(name, "")).strip()
    return default if raw == "" else ascii_int(raw, name)


def _page(request: Request, name: str, inputs: dict[str, Any], build: Any) -> Response:
    context: dict[str, Any] = {"inputs": inputs, "doc": None, "error": None}
    status = 200
    if request.query_params:
        try:
            doc = context["doc"] = build()
        except (GamewrightError, ValueError) as exc:
            context["error"], status = str(exc), 400
        else:
            context["json_text"] = json.dumps(doc, indent=1)
            if "at_least" in doc:  # the chart's bar heights
                context["chart"] = [(k, p, float(Fraction(p))) for k, p in doc["at_least"].items()]
    return templates.TemplateResponse(request, name, context, status_code=status)


@router.get("/tools/affinity/odds")
async def odds_page(request: Request) -> Response:
    q = request.query_params
    inputs = {k: q.get(k, "") for k in ("dice", "threshold", "exertion", "required")}

    def build() -> dict[str, Any]:
        threshold = _int(q, "threshold", None)
        if threshold is None:
            raise GamewrightError("threshold is required (2–6)")
        doc, _ = odds_doc(_int(q, "dice", 0) or 0, threshold, _int(q, "exertion", 0) or 0,
                          _int(q, "required", None), True)
        return doc

    return _page(request, "assistants/affinity_odds.html", inputs, build)


@router.get("/tools/affinity/defend")
async def defend_page(request: Request) -> Response:
    q = request.query_params
    inputs = {k: q.get(k, "") for k in ("layers", "capacity", "damage", "rolls", "bonus", "seed")}

    def build() -> dict[str, Any]:
        capacity, damage = _int(q, "capacity", None), _int(q, "damage", None)
        if capacity is None or damage is None or not inputs["layers"]:
            raise GamewrightError("layers, capacity and damage are required")
        doc, _, _ = defend_doc(str(inputs["layers"]), capacity, damage, str(inputs["rolls"]) or None,
                               _int(q, "bonus", 0) or 0, True, _int(q, "seed", 0) or 0)
        return doc

    return _page(request, "assistants/affinity_defend.html", inputs, build)

"""Assistant page: an Inclinations what-if turn, the same answer ``gamewright inclinations turn --json`` prints.

A GET form: the scenario is in the URL, so the page's address is a permalink to the question and its answer.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from gamewright.app.inclinations_whatif import answer_for_text
from gamewright.core.errors import ConfigError
from gamewright.games.inclinations.whatif import example_text
from gamewright.web.boards.inclinations import drawing
from gamewright.web.pages import templates

router = APIRouter()


@router.get("/tools/inclinations/turn")
async def whatif_turn(request: Request, scenario: str = "", format: str = "html") -> Response:
    text = scenario or example_text()
    answer: dict[str, Any] | None = None
    error: str | None = None
    try:
        answer = await run_in_threadpool(answer_for_text, text)
    except ConfigError as exc:
        error = " ".join(str(exc).split())
    if format == "json":
        if error is not None:
            return JSONResponse({"error": error}, status_code=400)
        return JSONResponse(answer)
    board = None
    if answer is not None:
        board = drawing(answer["ships"])
    return templates.TemplateResponse(request, "assistants/inclinations_turn.html", {
        "scenario": text, "answer": answer, "answer_text": json.dumps(answer, indent=2) if answer else "",
        "error": error, "board": board}, status_code=400 if error else 200)

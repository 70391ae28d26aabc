"""Pages for stored Affinity characters: the list, a creation form, and a sheet with level up, rest, heal and
potion actions. Every change is one of ``app.affinity_sheets``' transactions, the ones the ``gamewright affinity
character …`` and ``affinity rest`` commands call; the sheet shown is the document ``affinity character show
--json`` prints."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from gamewright.app.affinity_sheets import (
    create_sheet,
    level_up_stored,
    list_sheets,
    load_sheet,
    rest_stored,
    sheet_doc,
)
from gamewright.app.affinity_tools import parse_heal
from gamewright.core.errors import ConfigError
from gamewright.core.limits import ascii_int, check_page_name
from gamewright.core.rng import Rng
from gamewright.web.pages import form_of, found, templates

router = APIRouter()
REST_KINDS = ("rest", "recover", "wake")


def _choices() -> dict[str, Any]:
    from gamewright.games.affinity.data_files import class_data
    from gamewright.games.affinity.rest import POTIONS, TONICS

    return {"classes": list(class_data().classes), "potions": [*POTIONS, *TONICS], "kinds": REST_KINDS}


def _text(form: Any, key: str) -> str:
    value = form.get(key, "")
    return value.strip() if isinstance(value, str) else ""


def _list(form: Any, key: str) -> list[str]:
    """A repeatable field: every non-empty value, each also split on commas."""
    return [p.strip() for v in form.getlist(key) if isinstance(v, str) for p in v.split(",") if p.strip()]


def _list_rows() -> list[dict[str, Any]]:
    return [{"name": s.name, "class": s.cls.name, "level": s.level, "hd": f"{s.hd}d{s.hd_die}/{s.hd_max}",
             "resolve": s.resolve, "status": s.status, "affinity": f"{s.affinity}/{s.affinity_cap}"}
            for s in list_sheets()]


def _create(form: Any) -> Any:
    """What ``affinity character new`` does with the same inputs (kit defaults when a field is left empty)."""
    name = check_page_name(_text(form, "name"), "a character's name")
    level = ascii_int(_text(form, "level") or "1", "level")
    shield = {"": None, "yes": True, "no": False}.get(_text(form, "shield"))
    if shield is None and _text(form, "shield"):
        raise ConfigError("shield: choose yes, no or the kit's")
    return create_sheet(name, _text(form, "class"), level, _text(form, "virtue") or "guardian",
                        _text(form, "weapon") or None, _text(form, "armour") or None, shield, _text(form, "way"),
                        _list(form, "way_node"), _list(form, "path_feat"))


def _act(name: str, form: Any) -> tuple[Any, list[str], int | None]:
    """One action on a stored sheet in one locking transaction: (the sheet after, what changed, the seed used)."""
    action = _text(form, "action")
    if action not in ("level-up", "rest", "heal", "potion"):
        raise ConfigError(f"action {action[:40]!r}: choose level-up, rest, heal or potion")
    seed = secrets.randbelow(2**63)  # a fresh seed per action, shown on the page (heal, potion) to replay the roll
    dice = parse_heal(_text(form, "dice")) if action == "heal" else None
    potion = _text(form, "potion") if action == "potion" else None
    if potion == "":
        raise ConfigError("choose a potion to drink")
    mend = {"": None, "yes": True, "no": False}.get(_text(form, "mend"))
    if action == "level-up":
        sheet, gained = level_up_stored(name, _list(form, "way_node"), _list(form, "path_feat"))
        return sheet, [f"{sheet.name} is now level {sheet.level}: " + "; ".join(gained)], None
    sheet, doc = rest_stored(name, Rng(seed), _text(form, "kind") or "rest", mend, dice, potion,
                             _text(form, "healing") or "sum")
    changed = [doc["note"]] if "note" in doc else [f"{sheet.name}: " + ", ".join(doc["changed"])]
    return sheet, changed, seed if action in ("heal", "potion") else None


def _sheet_page(request: Request, sheet: Any, changed: list[str] | None = None, seed: int | None = None) -> Response:
    context = {"doc": sheet_doc(sheet), "changed": changed or [], "seed": seed, **_choices()}
    return templates.TemplateResponse(request, "characters/sheet.html", context)


@router.get("/characters")
async def list_page(request: Request) -> Response:
    rows = await run_in_threadpool(_list_rows)
    return templates.TemplateResponse(request, "characters/list.html", {"rows": rows})


@router.get("/characters/new")
async def new_form(request: Request) -> Response:
    return templates.TemplateResponse(request, "characters/new.html", _choices())


@router.post("/characters/new")
async def create(request: Request) -> Response:
    form = await form_of(request)
    sheet = await run_in_threadpool(_create, form)
    return _sheet_page(request, sheet, [f"{sheet.name} created"])


@router.get("/characters/{name:path}")
async def sheet_page(request: Request, name: str) -> Response:
    sheet = await found(load_sheet, name)
    return _sheet_page(request, sheet)


@router.post("/characters/{name:path}")
async def sheet_action(request: Request, name: str) -> Response:
    form = await form_of(request)
    sheet, changed, seed = await found(_act, name, form)
    return _sheet_page(request, sheet, changed, seed)

"""Pages for Penance campaigns: every campaign, and one campaign's roster and missions — what
``gamewright penance campaign list/show`` tell, read from the same tables. Missions are flown with
``penance campaign mission``; these pages only read. A mission in progress shows neither its seed (it rebuilds
every hidden card) nor its actions, only how far it has gone."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from gamewright.web.pages import found, templates

router = APIRouter()


def _wounds(ids: list[str]) -> list[dict[str, str]]:
    from gamewright.games.penance.pilot import WOUNDS

    return [{"name": WOUNDS[w].name, "category": WOUNDS[w].category} for w in ids]


def _list_rows() -> list[dict[str, Any]]:
    from gamewright.games.penance.campaign import ALIVE, OUTCOMES
    from gamewright.store.campaigns import list_campaigns

    rows = []
    for c in list_campaigns():
        outcomes = [m["outcome"] for m in c.missions if m["outcome"]]
        tally = ", ".join(f"{outcomes.count(o)} {o}" for o in OUTCOMES if o in outcomes) or "none finished"
        rows.append({"name": c.name, "alive": sum(p["status"] == ALIVE for p in c.pilots), "pilots": len(c.pilots),
                     "missions": len(c.missions), "tally": tally, "active": c.active_mission() is not None})
    return rows


def _pilot_row(p: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    from gamewright.games.penance.decks import parse_deck

    return {**{k: p[k] for k in ("name", "deck", "status", "missions", "kills", "taint", "ended_in", "joined_after")},
            "casket": parse_deck(p["deck"]).casket, "wounds": _wounds(p["wounds"]),
            "replaces": names.get(p["replaces"]) if p["replaces"] else None}


def _mission_row(m: dict[str, Any]) -> dict[str, Any]:
    if m["status"] != "finished":
        return {"number": m["number"], "finished": False, "actions": len(m["actions"])}
    r = m["result"]
    pilots = [{"name": p["name"], "fate": p["fate"], "taken": _wounds(p["taken"]), "kept": _wounds(p["kept"]),
               "recovered": _wounds(p["recovered"]), "taint": p["taint"], "kills": p["kills"],
               "replaced_by": p.get("replaced_by")} for p in r["pilots"]]
    return {"number": m["number"], "finished": True, "outcome": r["outcome"], "enemies": r["enemies"],
            "end": r["end"], "rounds": r["rounds"], "seed": m["seed"], "pilots": pilots}


def _campaign(name: str) -> dict[str, Any]:
    from gamewright.games.penance.campaign import CAMPAIGN_RULES
    from gamewright.store.campaigns import get_campaign

    c = get_campaign(name)
    names = {p["id"]: p["name"] for p in c.pilots}
    return {"name": c.name, "options": CAMPAIGN_RULES.resolve(None, c.options).as_dict(),
            "pilots": [_pilot_row(p, names) for p in c.pilots], "missions": [_mission_row(m) for m in c.missions]}


@router.get("/campaigns")
async def list_page(request: Request) -> Response:
    rows = await run_in_threadpool(_list_rows)
    return templates.TemplateResponse(request, "campaigns/list.html", {"rows": rows})


@router.get("/campaigns/{name:path}")
async def campaign_page(request: Request, name: str) -> Response:
    campaign = await found(_campaign, name)
    return templates.TemplateResponse(request, "campaigns/show.html", {"c": campaign})

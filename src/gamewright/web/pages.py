"""The HTML pages: the lobby, invite links, the generic game page (live over SSE) and replays."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool

from gamewright.core.errors import NotFound, RuleViolation
from gamewright.core.manifest import manifest_for, manifests
from gamewright.web import render
from gamewright.web.api import checked_id, cookie_name, count_creation, count_move, platform_of
from gamewright.web.boards import board_for
from gamewright.web.chat import chat_panel
from gamewright.web.guard import csrf_field, csrf_headers
from gamewright.web.invites import qr_svg, reach_of
from gamewright.web.numbers import template_helpers
from gamewright.web.results import result_panel
from gamewright.web.runtime import Runtime, apply_text, new_runtime
from gamewright.web.security import MAX_BODY, BodyTooLarge
from gamewright.web.seeds import seed_chosen_of, seed_words
from gamewright.web.service import Platform, Viewer, WebError
from gamewright.web.views import event_json, events_json, view_for_viewer

router = APIRouter()


BOARD_STATIC = Path(__file__).parent / "static" / "boards"


def board_script(game: str) -> str:
    """The path of a board's own script (``static/boards/<game>.js``) when the game has one, else ""."""
    return f"/static/boards/{game}.js" if game.isidentifier() and (BOARD_STATIC / f"{game}.js").is_file() else ""


templates = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))  # autoescape on for .html
templates.env.globals.update(columns=render.columns, is_scalar_list=render.is_scalar_list,
                             seat_label=render.seat_label, bot_label=render.bot_label, titles=render.Titles(),
                             csrf_field=csrf_field, csrf_headers=csrf_headers, board_script=board_script,
                             game_seed_words=lambda g: seed_words(g.game, seed_chosen_of(g)),
                             **template_helpers())
COOKIE_AGE = 30 * 24 * 3600
LOG_LINES = 150


async def found(read: Any, *args: Any) -> Any:
    """``read(*args)`` off the event loop; a stored thing that is not there (``NotFound``) answers 404."""
    try:
        return await run_in_threadpool(read, *args)
    except NotFound as exc:
        raise WebError(404, str(exc)) from None


async def form_of(request: Request) -> Any:
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise BodyTooLarge()
    return await request.form()


def set_seat_cookie(response: Response, game_id: str, token: str) -> None:
    """The seat's cookie, sent only to the game's own pages (``Secure`` is added behind HTTPS by the guard)."""
    name = cookie_name(game_id)
    response.delete_cookie(name, path="/")  # the cookie of an older version (Path=/) would shadow this one
    response.set_cookie(name, token, max_age=COOKIE_AGE, path=f"/games/{game_id}", httponly=True, samesite="lax")


async def page_viewer(request: Request, game_id: str) -> Viewer:
    """The seat this browser holds (its cookie for this game); a stale cookie is a spectator."""
    token = request.cookies.get(cookie_name(game_id))
    if not token:
        return Viewer(None)
    try:
        return await run_in_threadpool(platform_of(request).viewer, game_id, token)
    except WebError:
        return Viewer(None)


# --- lobby ----------------------------------------------------------------------------------------------
def game_form_context(game: str) -> dict[str, Any]:
    """The lobby form of one game: its seats (bots by strength) and its options, the common ones first and the
    rule variants folded under "Advanced"; options that change no table (``outside``) and the number of players
    (the seats decide it) are left out."""
    lo, hi = render.seat_count(game)
    defaults = list(manifest_for(game).lobby_seats())
    fields = [f for f in render.option_fields(game) if f["name"] != "players" and f["group"] != "outside"]
    return {"game": game, "fields": fields, "common": [f for f in fields if f["group"] == "common"],
            "advanced": [f for f in fields if f["group"] != "common"],
            "rulesets": list(manifest_for(game).rulesets), "seat_choices": render.seat_choices(game),
            "seat_options": render.seat_options(game),
            "seat_min": lo, "seat_max": hi, "seat_defaults": defaults, "princes": _prince_names(game)}


def _prince_names(game: str) -> list[str]:
    """The minted Princes a Space Prince table may play (none for other games)."""
    if game != "prince":
        return []
    from gamewright.app.princes import list_princes

    return [p.name for p in list_princes()]


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> Response:
    platform = platform_of(request)

    def build() -> dict[str, Any]:
        games = platform.games(limit=100)
        seats = {g.id: platform.seats(g.id) for g in games}
        names = [m.name for m in manifests()]  # the lobby's order; the form opens on the first
        return {"games": games, "seats": seats, "form": game_form_context(names[0]), "all_games": names,
                "local_only": reach_of(request).loopback_only}

    return templates.TemplateResponse(request, "lobby.html", await run_in_threadpool(build))


@router.get("/lobby/form", response_class=HTMLResponse)
async def lobby_form(request: Request, game: str = "") -> Response:
    names = [m.name for m in manifests()]
    game = game or names[0]
    if game not in names:
        raise WebError(404, "no such game")
    ctx = await run_in_threadpool(game_form_context, game)
    return templates.TemplateResponse(request, "game_form.html", {"form": ctx})


@router.post("/games", response_class=HTMLResponse)
async def create_from_lobby(request: Request) -> Response:
    count_creation(request)
    form = await form_of(request)
    platform = platform_of(request)
    body = render.request_from_form(form)
    game_id, seats = await run_in_threadpool(platform.create, body, "lobby")
    game = body["game"]
    base = reach_of(request).base(request)
    links = [(i, kind, bot, f"{base}/games/{game_id}/join?token={token}" if token else None)
             for i, kind, bot, token in seats]
    first = next(((i, token) for i, kind, _, token in seats if token), None)
    if first is not None:  # the creator holds the first human seat
        await run_in_threadpool(platform.claim, game_id, first[1])
    mine = first[0] if first else None
    invites = [invite(game, i, bot, url, mine) for i, _, bot, url in links]
    spectate = f"{base}/games/{game_id}"
    response = templates.TemplateResponse(request, "created.html", {
        "game_id": game_id, "game": game, "links": links, "mine": mine, "invites": invites,
        "spectate_url": spectate, "spectate_qr": qr_svg(spectate, "QR code of the spectators' link"),
        "local_only": reach_of(request).loopback_only})
    if first is not None:
        set_seat_cookie(response, game_id, first[1])
    return response


def invite(game: str, seat: int, bot: str | None, url: str | None, mine: int | None) -> dict[str, Any]:
    """One seat of a new game as the creation page shows it: who sits there, and a person's link with its QR
    code (for a friend's phone to scan)."""
    label = render.seat_label(game, seat)
    who = render.bot_label(game, bot) if bot else "you" if seat == mine else "a friend"
    return {"seat": seat, "label": label, "who": who, "url": url, "mine": seat == mine,
            "qr": qr_svg(url, f"QR code of the invite link for {label}") if url else None}


@router.get("/games/{game_id}/join")
async def join(request: Request, game_id: str, token: str = "") -> Response:
    checked_id(game_id)
    await run_in_threadpool(platform_of(request).claim, game_id, token)
    response = RedirectResponse(f"/games/{game_id}", status_code=303)
    set_seat_cookie(response, game_id, token)
    return response


@router.post("/games/{game_id}/take/{seat}")
async def take(request: Request, game_id: str, seat: int) -> Response:
    checked_id(game_id)
    token = await run_in_threadpool(platform_of(request).take_open_seat, game_id, seat)
    response = RedirectResponse(f"/games/{game_id}", status_code=303)
    set_seat_cookie(response, game_id, token)
    return response


# --- the game pages: the board page (/games/{id}) and the generic page (/games/{id}/generic) -------------
RECENT = 6  # events the "What happened" column shows before its "show all"


def happened(rt: Runtime, seat: int | None, seq: int) -> tuple[list[dict[str, Any]], int | None]:
    """The latest ``LOG_LINES`` events this viewer may see, newest first, each with the move that made it; and
    how many there are in all (None when the history is longer than what was read)."""
    out: list[dict[str, Any]] = []
    for k in range(seq, 0, -1):
        for e in reversed(events_json(rt.events[k], seat)):
            out.append({"text": e.get("text") or e.get("event"), "move": k})
        if len(out) >= LOG_LINES:
            return out[:LOG_LINES], None if k > 1 else len(out)
    return out, len(out)


def rematch_offer(platform: Platform | None, rt: Runtime, viewer: Viewer) -> dict[str, Any] | None:
    """A finished game's rematch as this viewer may see it: the new game's id, and this viewer's own seat link
    in it (only for a viewer holding one of the old game's seats or characters)."""
    if platform is None:
        return None
    new_id = platform.rematch_of(rt.game_id)
    if new_id is None:
        return None
    token = platform.rematch_token_of(rt.game_id, new_id, viewer) if viewer.seat is not None else None
    return {"id": new_id, "link": f"/games/{new_id}/join?token={token}" if token else None}


def table_context(platform: Platform | None, rt: Runtime, viewer: Viewer, draft: list[str],
                  error: str | None = None, with_board: bool = False) -> dict[str, Any]:
    """What table.html draws. The board page (``with_board``, for a game with a board) shows the board, the
    status and a short "What happened"; the generic page adds the action buttons, the "Any action" box and
    the raw view (only there: they are computed only there)."""
    seq, state = rt.head
    you = viewer.seat
    terminal = bool(state.is_terminal())
    mine = you is not None and not terminal and state.current_player == you
    if mine and viewer.character is not None:  # a character's link: only while that character acts
        mine = manifest_for(rt.name).acting_character(state) == viewer.character
    shown = state
    if you is not None and mine and draft:  # the seat's own draft plan: checked by applying it to a clone
        try:
            shown = apply_text(rt.game, state, "; ".join(draft), you)[0]
        except RuleViolation as exc:
            error, draft, shown = f"the draft no longer holds: {exc}", [], state
    board = board_for(rt, shown if mine else state, you, draft) if with_board else None
    generic = board is None  # a game without a board plays on the generic controls everywhere
    events, event_count = happened(rt, you, seq)
    seats = rt.seats
    returns = [float(r) for r in state.returns()] if terminal else None
    return {
        "id": rt.game_id, "game": rt.name, "seq": seq, "you": you, "terminal": terminal, "mine": mine,
        "current": state.current_player, "generic": generic,
        "view": view_for_viewer(shown if mine else state, you, rt.num_players) if generic else None,
        "groups": render.grouped_actions([a.to_text() for a in shown.legal_actions()]) if mine and generic else [],
        "draft": draft, "planned": manifest_for(rt.name).plan_end is not None, "error": error,
        "events": events, "event_count": event_count, "recent": RECENT, "seats": seats,
        "returns": returns, "seed": rt.seed if terminal else None,
        "result": result_panel(rt.name, view_for_viewer(state, None), returns, seats, you) if returns is not None
        else None,
        "rematch": rematch_offer(platform, rt, viewer) if terminal else None,
        "board": board,
        "seed_chosen": seed_words(rt.name, rt.seed_chosen),  # open to every viewer from the start
        "character_links": character_links_of(platform, rt, viewer) if platform is not None else [],
    }


def character_links_of(platform: Platform, rt: Runtime, viewer: Viewer) -> list[tuple[str, str]]:
    """(name, join path) of each character sharing the seat this viewer holds with the seat's own link (none for
    a character's link, a spectator or a game without shared seats): signed with the server's current secret, so
    a party whose old links no longer open (a new secret) finds its links re-issued here."""
    shared = manifest_for(rt.name).shared_seat
    if shared is None or viewer.token is None or viewer.character is not None or viewer.seat != shared.seat:
        return []
    return [(name, f"/games/{rt.game_id}/join?token={token}")
            for _, name, token in platform.character_links(rt.game_id, viewer.token)]


def drafts_of(form_or_query: Any) -> list[str]:
    raw = str(form_or_query.get("draft", "") or "")
    return [s.strip() for s in raw.split(";") if s.strip()]


def wants_board(form_or_query: Any) -> bool:
    """The board page's fragments and forms carry ``board=1``; the generic page's do not."""
    return str(form_or_query.get("board", "")) == "1"


# the table's last element; a rendered table carries there the digest of its own HTML (rendered with it empty)
SHOWN_FIELD = b'<input type="hidden" id="shown-table" name="shown" value="">'


async def render_table(request: Request, game_id: str, viewer: Viewer, draft: list[str],
                       error: str | None = None, with_board: bool = False, shown: str | None = None) -> Response:
    """The table fragment. ``shown``: the digest of the table the page shows (a live refresh sends it back);
    when the table would be the very same, 204 and no body, so htmx leaves the page alone — a live refresh after
    your own move then keeps what you selected since, where a redraw would drop it."""
    platform = platform_of(request)

    def build() -> dict[str, Any]:
        return table_context(platform, platform.runtime(game_id), viewer, draft, error, with_board)

    response = templates.TemplateResponse(request, "table.html", {"t": await run_in_threadpool(build)})
    body = bytes(response.body)
    digest = hashlib.sha256(body).hexdigest()[:24]
    if shown == digest:
        return Response(status_code=204)
    response.body = body.replace(SHOWN_FIELD, SHOWN_FIELD.replace(b'value=""', f'value="{digest}"'.encode()), 1)
    response.headers["content-length"] = str(len(response.body))
    return response


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def board_page(request: Request, game_id: str) -> Response:
    """The game's own board when it has one (else the generic page)."""
    return await game_page(request, game_id, with_board=True)


@router.get("/games/{game_id}/generic", response_class=HTMLResponse)
async def game_page(request: Request, game_id: str, with_board: bool = False) -> Response:
    checked_id(game_id)
    platform = platform_of(request)
    viewer = await page_viewer(request, game_id)

    def build() -> dict[str, Any]:
        if viewer.seat is not None:  # a person who opens the page is back: their timer's bot stops
            platform.set_away(game_id, viewer.seat, False)
        return table_context(platform, platform.runtime(game_id), viewer, [], with_board=with_board)

    t = await run_in_threadpool(build)
    t["chat"] = await run_in_threadpool(chat_panel, platform, request.app.state.hub, game_id, viewer)  # _chat.html
    return templates.TemplateResponse(request, "game.html", {"t": t})


@router.get("/games/{game_id}/table", response_class=HTMLResponse)
async def table_fragment(request: Request, game_id: str) -> Response:
    """The table without a draft (a draft is private: it travels only in POST bodies, never in a URL)."""
    checked_id(game_id)
    viewer = await page_viewer(request, game_id)
    return await render_table(request, game_id, viewer, [], with_board=wants_board(request.query_params))


@router.post("/games/{game_id}/table", response_class=HTMLResponse)
async def table_refresh(request: Request, game_id: str) -> Response:
    """The page's live refresh: the table with the seat's draft, which the page posts back (changes nothing)."""
    checked_id(game_id)
    viewer = await page_viewer(request, game_id)
    form = await form_of(request)
    return await render_table(request, game_id, viewer, drafts_of(form),
                              with_board=wants_board(request.query_params) or wants_board(form),
                              shown=str(form.get("shown", "") or "") or None)


@router.post("/games/{game_id}/act", response_class=HTMLResponse)
async def act(request: Request, game_id: str) -> Response:
    """A button or the text field: a plan step joins the draft; anything else (or ``end``) is posted as a move."""
    checked_id(game_id)
    platform = platform_of(request)
    viewer = await page_viewer(request, game_id)
    form = await form_of(request)
    if viewer.seat is None:
        raise WebError(403, "open your seat's link to play")
    seat = viewer.seat
    draft = drafts_of(form)
    board = wants_board(form)
    op = str(form.get("op", "act"))
    action = " ".join(str(form.get("action", "")).split())
    if op == "undo":
        return await render_table(request, game_id, viewer, draft[:-1], with_board=board)
    if op == "clear":
        return await render_table(request, game_id, viewer, [], with_board=board)
    seq_text = str(form.get("seq", ""))
    if not action:
        return await render_table(request, game_id, viewer, draft, "write an action", with_board=board)

    def attempt() -> tuple[list[str], str | None]:
        rt = platform.runtime(game_id)
        end = manifest_for(rt.name).plan_end
        steps = [*draft, action]
        if end is not None and action != end and ";" not in action:
            try:
                after = apply_text(rt.game, rt.state, "; ".join(steps), seat)[0]
            except RuleViolation as exc:
                return draft, str(exc)
            if not after.is_terminal() and after.current_player == seat:
                return steps, None  # still this seat's turn: the step waits in the private draft
        if not seq_text.isascii() or not seq_text.isdigit() or len(seq_text) > 12:
            return draft, "the page lost its place; reload"
        count_move(request, game_id, seat)
        try:
            platform.play(game_id, seat, "; ".join(steps), int(seq_text), character=viewer.character)
        except WebError as exc:
            return (draft if exc.status != 409 else []), exc.message
        return [], None

    new_draft, error = await run_in_threadpool(attempt)
    return await render_table(request, game_id, viewer, new_draft, error, with_board=board)


@router.post("/games/{game_id}/name")
async def set_name(request: Request, game_id: str) -> Response:
    checked_id(game_id)
    viewer = await page_viewer(request, game_id)
    form = await form_of(request)
    if viewer.seat is None:
        raise WebError(403, "open your seat's link to name it")
    await run_in_threadpool(platform_of(request).set_name, game_id, viewer.seat, str(form.get("name", "")))
    return RedirectResponse(f"/games/{game_id}", status_code=303)


@router.post("/games/{game_id}/rematch")
async def rematch(request: Request, game_id: str) -> Response:
    """Rematch: the first press of any seat starts the new game (same game, ruleset, options, seats and timer, a
    new secret seed and new tokens), every later press joins it; the one who pressed goes to their own seat."""
    checked_id(game_id)
    platform = platform_of(request)
    viewer = await page_viewer(request, game_id)
    if viewer.seat is None:
        raise WebError(403, "only a seat of this game can start its rematch: open your seat's link")
    count_creation(request)
    new_id, token = await run_in_threadpool(platform.rematch, game_id, viewer)
    await run_in_threadpool(platform.claim, new_id, token)
    response = RedirectResponse(f"/games/{new_id}", status_code=303)
    set_seat_cookie(response, new_id, token)
    return response


# --- replays --------------------------------------------------------------------------------------------
def replay_board(past: Runtime, seat: int) -> dict[str, Any] | None:
    """The board at a past step as ``seat`` saw it, as the context the board templates read (``t``). The game is
    over, so any seat's own view may be shown; ``mine`` is False and the page disables the board's buttons."""
    board = board_for(past, past.state, seat, [])
    if board is None:
        return None
    return {"id": past.game_id, "game": past.name, "seq": past.seq, "you": seat, "mine": False,
            "terminal": bool(past.state.is_terminal()), "board": board}


@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
async def replay(request: Request, game_id: str, step: int = 0, seat: int | None = None) -> Response:
    """One step of a finished game: the board as one seat saw it (``seat``, else the seat that made the move)."""
    checked_id(game_id)
    platform = platform_of(request)

    def build() -> dict[str, Any]:
        rt, row = platform.finished(game_id, "a replay")
        at = max(0, min(step, rt.seq))
        past = new_runtime(game_id, row.game, row.ruleset, dict(row.options), int(row.seed))
        log = platform.log(game_id)
        past.catch_up([(a.seq, a.seat, a.action) for a in log[:at]])
        views = [past.state.view_for(p) for p in range(rt.num_players)]
        mover = log[at - 1].seat if at else 0
        shown = mover if seat is None else max(0, min(seat, rt.num_players - 1))
        returns = [float(r) for r in rt.state.returns()]
        return {"id": game_id, "game": rt.name, "step": at, "last": rt.seq, "views": views,
                "seat": shown, "chosen": seat is not None, "t": replay_board(past, shown),
                "action": log[at - 1] if at else None,
                "events": [event_json(e) for e in rt.events[at]],  # the game is over: full information
                "seed": rt.seed, "returns": returns,
                "result": result_panel(rt.name, view_for_viewer(rt.state, None), returns, rt.seats, None),
                "chat": platform.chat.lines(game_id, upto_seq=at, latest=True)}  # the table talk up to this step

    return templates.TemplateResponse(request, "replay.html", {"r": await run_in_threadpool(build)})


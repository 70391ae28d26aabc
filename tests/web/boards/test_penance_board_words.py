"""Penance's board drawn from what the seat may see (``Seen``): every move control is a legal action carrying its
exact text and its preview, picking a card never makes a move, SP is never shown above its maximum without words,
the card-loss prompt says why and how many and offers every choice, the front arc leaves the terrain readable,
and the last move is drawn on the map.

Positions come from battles between the engine's heuristic bots (the test builds them; the board never sees the
state), rendered the way the page renders them."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.requests import Request

from gamewright.games.penance.bots import make_bot
from gamewright.web.boards import board_for, seen_by
from gamewright.web.boards.penance import board_context
from gamewright.web.pages import templates
from gamewright.web.runtime import Runtime, new_runtime
from tests.web.table_play import number_problems, snake_keys

CSS = Path(__file__).resolve().parents[3] / "src/gamewright/web/static/boards/penance.css"
DATA_ACTION = re.compile(r'<(\w+)[^>]*\bdata-action="([^"]*)"')
BUTTON = re.compile(r'<button type="submit" form="pen-act" name="action" value="([^"]*)" data-action="([^"]*)"'
                    r'[^>]*>(.*?)</button>', re.S)
TAG = re.compile(r"<[^>]+>")


def battle_until(stop: Callable[[Any], bool], options: dict[str, Any] | None = None, seeds: range = range(1, 40),
                 limit: int = 3000) -> Runtime:
    """A runtime whose battle the heuristic bots played until ``stop(state)`` held (the position before a move),
    in the first of ``seeds`` where it comes before the battle ends."""
    for seed in seeds:
        rt = new_runtime("words", "penance", None, options or {}, seed)
        bots = [make_bot("heuristic", 0), make_bot("heuristic", 1)]
        for _ in range(limit):
            if stop(rt.state):
                return rt
            if rt.state.is_terminal():
                break
            st = rt.state.clone()
            seat = st.current_player
            events = st.apply(bots[seat].choose(st))
            rt.install(st, events, seat)
    raise AssertionError("the position never came")


def board_html(rt: Runtime, seat: int | None) -> str:
    """The board as the table page includes it for ``seat`` (None: a spectator); the page around it is not ours."""
    request = Request({"type": "http", "method": "GET", "path": "/", "headers": [], "query_string": b""})
    board = board_for(rt, rt.state, seat, [])
    assert board is not None
    t = {"id": rt.game_id, "seq": rt.seq, "draft": [], "board": board}
    text = templates.env.get_template(board["template"]).render(t=t, request=request)
    start = text.index('id="penance-board"')
    return text[start:text.index("<!-- end of the Penance board -->", start)]


def visible(fragment: str) -> str:
    """The text a reader sees (roughly: no tags, no SVG titles, a closed "details" only its summary), its spaces
    collapsed."""
    text = re.sub(r"<details(?! open)[^>]*>\s*(<summary>.*?</summary>).*?</details>", r"\1", fragment, flags=re.S)
    text = TAG.sub(" ", re.sub(r"<(title|desc|script)[^>]*>.*?</\1>", " ", text, flags=re.S))
    return " ".join(html.unescape(text).split())


def attack_ready(st: Any) -> bool:
    return not st.is_terminal() and st.todo[-1][0] == "main" and any(a.kind == "play" and a.arg >= 0
                                                                     for a in st.legal_actions())


def test_every_move_control_is_legal_and_carries_its_preview() -> None:
    rt = battle_until(attack_ready)
    seat = rt.state.current_player
    board = board_html(rt, seat)
    legal = {a.to_text() for a in rt.state.legal_actions()}
    controls = DATA_ACTION.findall(board)
    assert {tag for tag, _ in controls} == {"button"}  # only buttons make moves; a picked card (a label) does not
    assert {html.unescape(a) for _, a in controls} == legal  # every legal action has its control, and no other
    for value, action, inner in BUTTON.findall(board):
        assert value == action
        words = visible(inner).split()
        assert len(words) >= 2, f"{action!r} shows no preview"
        if ' at ' in action:  # an attack: its hit chance as a percentage and the cards the target would lose
            assert re.search(r"hit \d+(\.\d)?%", visible(inner)) and "cards lost" in visible(inner)
    assert number_problems(visible(board)) == []
    assert 'class="pen-card' in board and "data-action" not in board.split('class="cards"')[1].split("</div>")[0]


def test_a_spectator_and_the_other_seat_see_no_hand_and_no_move() -> None:
    rt = battle_until(attack_ready)
    other = 1 - rt.state.current_player
    for seat in (None, other):
        board = board_html(rt, seat)
        assert "data-action" not in board and 'id="pen-act"' not in board
        assert ('class="pen-hand"' in board) == (seat is not None)  # the other seat sees its own hand
    own = seen_by(rt, rt.state, other, [])
    assert [h["id"] for h in board_context(own)["pen"]["hand"]] == [h["id"] for h in
                                                                    rt.state.view_for(other)["sides"][other]["hand"]]


def test_sp_above_the_maximum_is_said_in_words() -> None:
    rt = battle_until(attack_ready)
    seat = rt.state.current_player
    st = rt.state.clone()
    st.sides[seat].sp = st.sp_max(seat) + 2  # as Flagellant's Zeal leaves it (004 §1: "gain 5 SP immediately")
    rt.install(st, [], -1)
    text = visible(board_html(rt, seat))
    top = st.sp_max(seat)
    assert f"SP {top + 2} of {top}" not in text and not re.search(rf"\b{top + 2}\s*/\s*{top}\b", text)
    assert f"2 above its maximum of {top}" in text and "the rules allow it" in text


def _loss_with_copies(st: Any) -> bool:
    """A seat must choose a lost card while its hand holds two copies of one card."""
    if st.is_terminal() or st.todo[-1][0] != "loss" or st.todo[-1][3] == "forced":
        return False
    pl = st.sides[st.todo[-1][1]].piles
    kinds = [pl.cards[i] for i in pl.hand]
    return len(set(kinds)) < len(kinds)


def test_the_loss_prompt_says_why_how_many_and_offers_every_choice() -> None:
    rt = battle_until(_loss_with_copies)
    st = rt.state
    seat, casket = st.current_player, st.todo[-1][1]
    board = board_html(rt, seat)
    prompt = board[board.index('class="pen-prompt'):board.index("</section>", board.index('class="pen-prompt'))]
    words = visible(prompt)
    n = st.todo[-1][2]
    assert f"Lose {n} card" in words and f"{n} more to lose" in words  # how many
    if st.todo[-1][3] == "attack":  # why: whose attack, how hard, what the dice blocked
        assert "hit your" in words and "damage" in words and "blocked" in words
    else:
        assert "An effect makes you discard" in words
    hand = st.sides[casket].piles
    kinds = {hand.cards[i] for i in hand.hand}
    offered = [html.unescape(a) for _, a in DATA_ACTION.findall(prompt)]
    assert sorted(offered) == sorted(a.to_text() for a in st.legal_actions())  # every valid choice
    assert len([a for a in offered if a != "lose deck"]) == len(kinds)
    assert "identical" in words  # and why there are fewer buttons than cards


def test_the_front_arc_leaves_the_terrain_readable() -> None:
    rt = battle_until(attack_ready)
    board = board_html(rt, rt.state.current_player)
    assert board.index('class="pen-arc"') < board.index('class="pen-labels"')  # the letters are drawn over the tint
    assert 'class="pen-arc-edge"' in board  # the arc is outlined
    arc_rule = re.search(r"\.arc \{([^}]*)\}", CSS.read_text(encoding="utf-8"))
    assert arc_rule is not None
    opacity = re.search(r"fill-opacity:\s*([.\d]+)", arc_rule.group(1))
    assert opacity is not None and float(opacity.group(1)) <= 0.2  # a faint tint: each hex keeps its colour


def test_the_last_attack_is_drawn_and_its_motion_can_stop() -> None:
    def at_an_arm(st: Any) -> bool:  # the engine's line then says "left_arm" or "right_arm"
        return not st.is_terminal() and st.attack is not None and st.todo[-1][0] in ("react", "loss") \
            and st.attack["component"] in (1, 2)

    rt = battle_until(at_an_arm, {"hit_location": "random"})
    seat = rt.state.current_player
    board = board_html(rt, seat)
    assert 'class="pen-strike' in board and 'class="pen-flash' in board
    text = visible(board)
    assert "Last move" in text
    shown = [k for k in snake_keys(rt.state.view_for(seat)) if re.search(rf"\b{re.escape(k)}\b", text)]
    assert shown == []  # the engine's lines name components in words on the board ("at left arm")
    css = CSS.read_text(encoding="utf-8")
    motion = css[css.index("@media (prefers-reduced-motion: no-preference)"):]
    assert "pen-flash" in motion.split("}\n}")[0]  # animated only when motion is welcome
    assert "body.skip-motion .pen-board *" in css and "animation: none" in css


def test_an_attack_opens_in_the_attack_tool_as_it_stands(client: TestClient) -> None:
    rt = battle_until(attack_ready)
    board = board_html(rt, rt.state.current_player)
    links = [html.unescape(u) for u in re.findall(r'href="(/tools/penance/attack\?[^"]+)"', board)]
    assert links, "no attack card offers the attack tool"
    page = client.get(links[0])
    assert page.status_code == 200 and 'id="attack-json"' in page.text and 'id="attack-story"' in page.text

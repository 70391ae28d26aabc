"""Penance's board: the hex map with both sides' caskets, the seat's hand and casket first, and every decision made
on the map (a step onto a hex) or right beside it (a card picked from the hand, then its target), each move control
showing its exact preview in readable numbers.

Everything comes from ``Seen``: the seat's view (spectators: the public view), the table's options (the map is
loaded by the game's own loader), the legal action texts and their previews on the seat's turn, and the events
this viewer may see (the last moves, drawn on the map). Geometry (front arc, reach, neighbours) is asked of the
engine's ``HexMap``; the card data of its tables; nothing here decides a rule.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from gamewright.games.penance.cards import card_table, set_table
from gamewright.games.penance.components import CLASSES
from gamewright.games.penance.decks import parse_deck, secondary_options
from gamewright.games.penance.hexgrid import DIRECTIONS, SIDE_NAMES, HexMap, load_map
from gamewright.games.penance.pilot import WOUNDS
from gamewright.web.boards import Seen
from gamewright.web.boards.penance_choices import (
    CARD_VERBS,
    best_odds,
    card_button,
    move_button,
    plain_button,
    prompt_for,
    read_choice,
    tool_link,
)
from gamewright.web.boards.penance_map import SIZE, arc_edges, hex_xy, last_moves, map_drawing, reach, words

TEMPLATE = "penance.html"
SLOTS = 12  # hand places the stylesheet can select by CSS alone (penance.css: .slot-0 … .slot-11)
HEAT_WORDS = {"safe": "safe", "danger": "danger zone: a Strain roll each turn",
              "critical": "critical: automatic failures"}


# --- words --------------------------------------------------------------------------------------------------
def card_slot(cid: str) -> str:
    """The equipment slot a card belongs to (card data: its set's slot; "status" for DAMAGED)."""
    c = card_table()[cid]
    return "status" if c.set == "status" else set_table()[c.set].slot


@lru_cache(maxsize=64)
def deck_words(spec: str) -> str:
    """``confessor:A:righteous_fury+flagellants_zeal`` → "Church Confessor · Buckler Shield · Righteous Fury,
    Flagellant's Zeal"."""
    try:
        d = parse_deck(spec)
    except Exception:  # a deck this build cannot read: show what the view says, in words
        return words(spec.replace(":", " · ").replace("+", ", "))
    sets, cards = set_table(), card_table()
    secondary = secondary_options().get(d.secondary)
    parts = [d.name] + ([sets[secondary].name] if secondary in sets else [])
    return " · ".join(parts + [", ".join(cards[t].name for t in d.tactics if t in cards)])


def sp_words(sp: int, sp_max: int) -> dict[str, Any]:
    """SP never reads as more than its maximum: above it, the extra is said in words (the rules allow it —
    004 §1 Damage Die 6 "Gain 1 SP immediately", Flagellant's Zeal "+5 SP", and a maximum lowered during a turn
    counts from the next refresh; RULINGS "ref §5 Earthquake" plays a 5 SP card on a 4 SP casket)."""
    over = max(0, sp - sp_max)
    note = (f"{over} above its maximum of {sp_max}: SP gained this turn beyond the maximum is kept until the next "
            "refresh (the rules allow it)") if over else ""
    return {"sp": sp, "max": sp_max, "over": over, "note": note,
            "pips": [i < sp for i in range(max(sp_max, 0))]}


def _component_rows(side: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"name": words(k), "damage": v["damage"], "hp": v["hp"], "zone": v["zone"],
             "zone_key": str(v["zone"]).lower().split()[0]} for k, v in side["components"].items()]


# --- the board ------------------------------------------------------------------------------------------------
def _my_casket(seat: int | None, team: list[int], sides: list[dict[str, Any]], acting: int | None,
               turn: int) -> int | None:
    """The casket whose hand the seat's page shows: one-on-one the seat's; in squads the one deciding now when it
    is the seat's, else the one whose turn it is if it is the seat's, else the seat's first still fighting (issue
    16: a seat commands its side)."""
    if seat is None:
        return None
    mine = [c for c, t in enumerate(team) if t == seat]
    if not mine:
        return None
    for c in (acting, turn):
        if c is not None and c in mine:
            return c
    return next((c for c in mine if not sides[c].get("out")), mine[0])


def _side(p: int, s: dict[str, Any], label: str, team: int, mine: bool) -> dict[str, Any]:
    cards = card_table()
    cls = CLASSES.get(str(s["class"]))
    return {"p": p, "team": team, "label": label, "mine": mine, "out": s.get("out", ""),
            "extracted": s.get("extracted", False), "class": cls.label if cls else str(s["class"]),
            "deck_words": deck_words(str(s["deck_spec"])), "sp": sp_words(int(s["sp"]), int(s["sp_max"])),
            "heat": s["heat"], "heat_words": HEAT_WORDS.get(str(s["heat_zone"]), words(str(s["heat_zone"]))),
            "heat_zone": s["heat_zone"], "deck": s["deck"], "hand_size": s["hand_size"],
            "discard": len(s["discard"]), "lost": len(s["graveyard"]),
            "wounds": [WOUNDS[w].name if w in WOUNDS else words(str(w)) for w in s["wounds"]],
            "wound_deck": s["wound_deck"], "runes": s["runes"], "components": _component_rows(s),
            "revealed": [cards[c].name if c in cards else words(str(c)) for c in s.get("revealed", [])],
            "hex": s["hex"], "facing": s["facing"]}


def _casket(m: HexMap, p: int, s: dict[str, Any], label: str, team: int, mine: bool) -> dict[str, Any]:
    pos = m.parse_hex(str(s["hex"]))
    facing = DIRECTIONS.index(str(s["facing"]))
    x, y = hex_xy(m, pos)
    a = math.radians(60 * facing)
    return {"p": p, "team": team, "label": label, "mine": mine, "out": bool(s.get("out")), "pos": pos,
            "facing_i": facing, "x": x, "y": y, "facing": s["facing"],
            "tail_x": round(x + 12 * math.cos(a), 1), "tail_y": round(y + 12 * math.sin(a), 1),
            "nose_x": round(x + SIZE * 0.95 * math.cos(a), 1), "nose_y": round(y + SIZE * 0.95 * math.sin(a), 1)}


def _hand(m: HexMap, side: dict[str, Any], casket: dict[str, Any], by_card: dict[int, list[dict[str, Any]]]
          ) -> list[dict[str, Any]]:
    table = card_table()
    hand = side.get("hand", [])
    copies: dict[str, int] = {}
    for h in hand:
        copies[h["card"]] = copies.get(h["card"], 0) + 1
    out = []
    for k, h in enumerate(hand):
        c = table[h["card"]]
        buttons = by_card.get(h["id"], [])
        out.append({"id": h["id"], "slot": k if k < SLOTS else None, "card": h["card"], "name": h["name"],
                    "cost": h["cost"], "kind": c.kind, "text": c.text, "primary": card_slot(h["card"]) == "primary",
                    "reactive": c.reactive, "attack": c.is_attack, "buttons": buttons, "best": best_odds(buttons),
                    "copies": copies[h["card"]],
                    "reach": reach(m, casket["pos"], casket["facing_i"], h["card"]) if c.is_attack else []})
    return out


def _same_as(hand: list[dict[str, Any]]) -> None:
    """A second copy of a card in hand offers no choice of its own (the engine lists one action per card kind:
    the copies are identical); its card says which copy's buttons stand for it."""
    first: dict[str, dict[str, Any]] = {}
    for h in hand:
        owner = first.setdefault(h["card"], h)
        if owner is not h and not h["buttons"] and owner["buttons"]:
            h.update(same_as=owner["id"], buttons=owner["buttons"], best=owner["best"])


def board_context(seen: Seen) -> dict[str, Any]:
    view = seen.view
    m = load_map(str(seen.options.get("map", "default")))
    sides: list[dict[str, Any]] = view["sides"]
    squad = "teams" in view
    team = [int(t) for t in view["teams"]] if squad else list(range(len(sides)))
    labels = [str(x) for x in view["labels"]] if squad else [f"P{p + 1}" for p in range(len(sides))]
    mine = seen.mine and not seen.terminal
    choices = [read_choice(t) for t in seen.legal] if mine else []
    previews = {ch.text: seen.preview(ch.text) for ch in choices}
    acting = next((int(pv["player"]) for pv in previews.values() if isinstance(pv.get("player"), int)), None)
    me = _my_casket(seen.seat, team, sides, acting, int(view.get("turn_player", -1)))
    caskets = [_casket(m, p, s, labels[p], team[p], seen.seat is not None and team[p] == seen.seat)
               for p, s in enumerate(sides)]
    focus = me if me is not None else max(int(view.get("turn_player", 0)), 0)
    arc = {h for h in range(len(m.terrain))
           if h != caskets[focus]["pos"] and m.in_front_arc(caskets[focus]["pos"], caskets[focus]["facing_i"], h)}
    pending = view.get("pending") if mine else None

    by_card: dict[int, list[dict[str, Any]]] = {}
    moves, controls, prompt_buttons = [], [], []
    loss: dict[str, Any] | None = None
    for ch in choices:
        pv = previews[ch.text]
        if ch.verb in CARD_VERBS and ch.card >= 0:
            b = card_button(ch, pv, labels)
            by_card.setdefault(ch.card, []).append(b)
            if ch.verb in ("lose", "react", "discard"):
                loss = pv if ch.verb == "lose" else loss
                name = next((h["name"] for h in sides[me].get("hand", []) if h["id"] == ch.card), "") \
                    if me is not None else ""
                label = {"lose": name, "discard": name, "react": f"Play {name}"}[ch.verb]
                detail = b["detail"] if ch.verb == "react" else ""  # the prompt says where lost cards go
                if ch.verb == "lose" and pv.get("component_damage"):
                    detail = "★ primary weapon: +1 Component Damage"
                if ch.verb == "lose" and pv.get("damage_die"):
                    detail = "a DAMAGED card: losing it rolls the Damage Die"
                prompt_buttons.append({**b, "label": label, "detail": detail, "card_id": ch.card})
        elif ch.verb == "move" and ch.direction in DIRECTIONS and me is not None:
            moves.append(move_button(m, ch, pv, caskets[me]["pos"]))
        else:
            b = plain_button(ch, pv, labels)
            if ch.verb == "lose":
                loss = pv
                b["detail"] = "unseen until it is turned over"
            if pending in ("mulligan", "react", "rites", "loss", "cost"):
                prompt_buttons.append(b)
            else:
                controls.append(b)
    hand = _hand(m, sides[me], caskets[me], by_card) if me is not None else []
    _same_as(hand)
    for h in hand:
        details = {b["detail"] for b in h["buttons"] if b.get("hit")}
        h["shared"] = details.pop() if len(details) == 1 and all(b.get("hit") for b in h["buttons"]) else ""
        for b in h["buttons"]:
            b["shared"] = bool(h["shared"])
        first = next((b for b in h["buttons"] if b.get("hit")), None)
        if first is not None and me is not None:
            foe = labels.index(first["target_label"]) if first["target_label"] in labels else \
                next(p for p in range(len(sides)) if team[p] != team[me])
            h["tool"] = tool_link(h["card"], first, sides[me], sides[foe], m)
    recent = last_moves(seen, m, caskets)
    prompt = prompt_for(pending, view, prompt_buttons, labels, hand, recent, seen, me, loss)
    for c in caskets:
        c["acting"] = mine and c["p"] == acting
    over = None
    if view.get("over"):
        w = view.get("winner", -1)
        result = f"P{w + 1} wins" if isinstance(w, int) and w >= 0 else "a draw"
        over = f"The battle is over — {view.get('end_reason') or result}."
    return {"pen": {
        "map": map_drawing(str(seen.options.get("map", "default"))), "caskets": caskets, "arc": sorted(arc),
        "arc_edges": arc_edges(m, arc), "focus": focus,
        "focus_label": labels[focus], "sides": [_side(p, s, labels[p], team[p], seen.seat is not None and
                                                    team[p] == seen.seat) for p, s in enumerate(sides)],
        "me": me, "hand": hand, "moves": moves, "controls": controls,
        "rotations": [b for b in controls if b["kind"] == "rotate"],
        "others": [b for b in controls if b["kind"] != "rotate"],
        "mine": mine, "pending": pending, "prompt": prompt, "squad": squad,
        "hand_of": labels[me] if me is not None and squad else "", "round": view.get("round"),
        "recent": recent, "seat": seen.seat, "over": over, "sides_words": SIDE_NAMES,
    }}

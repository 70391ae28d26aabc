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
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from gamewright.games.penance.cards import card_table, set_table
from gamewright.games.penance.components import CLASSES
from gamewright.games.penance.decks import parse_deck, secondary_options
from gamewright.games.penance.hexgrid import COVER, DIRECTIONS, SIDE_NAMES, TERRAIN_NAMES, HexMap, load_map
from gamewright.games.penance.pilot import WOUNDS
from gamewright.web.boards import Seen
from gamewright.web.numbers import decimal, exact_text, percent

TEMPLATE = "penance.html"
SIZE = 20.0  # hex radius in SVG units
ROOT3 = math.sqrt(3)
CARD_VERBS = frozenset(("play", "react", "scrap", "sacrifice", "purge", "lose", "discard"))
ARROWS = {"E": "→", "SE": "↘", "SW": "↙", "W": "←", "NW": "↖", "NE": "↗"}
SLOTS = 12  # hand places the stylesheet can select by CSS alone (penance.css: .slot-0 … .slot-11)
RECENT_MOVES = 16  # at most this many moves are drawn as "the last move"
HEAT_WORDS = {"safe": "safe", "danger": "danger zone: a Strain roll each turn",
              "critical": "critical: automatic failures"}
TERRAIN_WORDS = {"open": "open ground", "rubble": "rubble: light cover, +1 SP to enter",
                 "forest": "forest: heavy cover, +1 SP to enter, blocks sight", "wall": "wall: impassable",
                 "water": "water: −2 Heat a turn for a casket standing in it"}
HIT_TIERS = frozenset(("hit", "strong", "critical", "execution"))
TERRAIN_LETTERS = {"rubble": "r", "forest": "F", "wall": "#", "water": "~"}
SNAKE = re.compile(r"\b([a-z]+(?:_[a-z]+)+)\b")  # a data name inside an engine's line ("at left_arm")
MOVE_TEXT = re.compile(r"\bmoves (E|SE|SW|W|NW|NE) to\b")


# --- geometry ---------------------------------------------------------------------------------------------
def centre(idx: int, cols: int) -> tuple[float, float]:
    """Pixel centre of a hex in odd-row offset layout (the engine's ``offset_to_axial``), pointy-top."""
    row, col = divmod(idx, cols)
    return SIZE * ROOT3 * (col + 0.5 * (row & 1) + 0.5) + 4, SIZE * (1.5 * row + 1) + 4


def corner(x: float, y: float, k: int, scale: float = 1.0) -> tuple[float, float]:
    """Corner ``k`` of a pointy-top hex: corner k and k+1 bound the edge facing direction k (E, SE, … NE)."""
    a = math.radians(60 * k - 30)
    return x + SIZE * scale * math.cos(a), y + SIZE * scale * math.sin(a)


def corners(x: float, y: float, scale: float = 1.0) -> str:
    return " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in (corner(x, y, k, scale) for k in range(6)))


def _xy(m: HexMap, idx: int) -> tuple[float, float]:
    x, y = centre(idx, m.cols)
    return round(x, 1), round(y, 1)


@lru_cache(maxsize=8)
def _map(name: str) -> dict[str, Any]:
    """The map's drawing, the same on every page: each hex's centre and corners, and the terrain layers (the hexes
    and their letters) as ready markup."""
    m = load_map(name)
    hexes: list[dict[str, Any]] = []
    for i, t in enumerate(m.terrain):
        x, y = _xy(m, i)
        hexes.append({"i": i, "name": m.hex_name(i), "terrain": TERRAIN_NAMES[t], "x": x, "y": y,
                      "points": corners(x, y)})
    polygons = "".join(f'<polygon points="{h["points"]}" class="hex t-{h["terrain"]}"><title>{h["name"]}: '
                       f'{h["terrain"]}</title></polygon>' for h in hexes)
    letters = "".join(f'<text x="{h["x"]}" y="{h["y"] + 4}" class="tmark{" on-wall" if h["terrain"] == "wall" else ""}"'
                      f'>{TERRAIN_LETTERS[h["terrain"]]}</text>' for h in hexes if h["terrain"] in TERRAIN_LETTERS)
    return {"hexes": hexes, "width": round(SIZE * ROOT3 * (m.cols + 0.5) + 8, 1),
            "height": round(SIZE * (1.5 * m.rows + 0.5) + 8, 1), "cols": m.cols,
            "polygons": Markup(polygons), "letters": Markup(letters)}  # noqa: S704 - built from the map's own data


def arc_edges(m: HexMap, arc: set[int]) -> list[tuple[float, float, float, float]]:
    """The outline of a set of hexes inside the map: each edge of one of them whose neighbour across it is on the map
    and not in the set."""
    out = []
    for h in sorted(arc):
        x, y = centre(h, m.cols)
        for d, n in enumerate(m.neighbors[h]):
            if n < 0 or n in arc:  # the map's own edge needs no line
                continue
            (x1, y1), (x2, y2) = corner(x, y, d, 0.96), corner(x, y, d + 1, 0.96)
            out.append((round(x1, 1), round(y1, 1), round(x2, 1), round(y2, 1)))
    return out


def reach(m: HexMap, pos: int, facing: int, cid: str) -> list[int]:
    """The hexes an attack card reaches from ``pos``: the engine's distances and its front-three hexes."""
    c = card_table()[cid]
    if c.area == "front3":
        return list(m.front_hexes(pos, facing))
    far = c.radius if c.area == "radius" else c.range
    return [h for h in range(len(m.terrain)) if h != pos and m.dist[pos][h] <= far]


# --- words --------------------------------------------------------------------------------------------------
def words(key: str) -> str:
    """A data name as a person writes it: ``left_arm`` → ``left arm``."""
    return key.replace("_", " ")


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


# --- the actions on the seat's turn ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """One legal action text read back into its parts (the engine's own ``Act.to_text`` format)."""

    text: str
    verb: str
    card: int = -1  # a hand card's id, -1 none ("lose deck": the top of the deck)
    component: str = ""
    target: int = -1  # a casket by index (the text's "on N" is 1-based)
    direction: str = ""


def read_choice(text: str) -> Choice:
    words_ = text.split()
    verb, rest = words_[0], words_[1:]
    target = -1
    if "on" in rest and rest.index("on") + 1 < len(rest) and rest[rest.index("on") + 1].isdigit():
        target = int(rest[rest.index("on") + 1]) - 1
        rest = rest[:rest.index("on")]
    component = ""
    if "at" in rest and rest.index("at") + 1 < len(rest):
        component = rest[rest.index("at") + 1]
        rest = rest[:rest.index("at")]
    if verb in ("move", "rotate") and rest:
        return Choice(text, verb, direction=rest[0])
    if verb in CARD_VERBS and rest and rest[0].isdigit():
        return Choice(text, verb, int(rest[0]), component, target)
    return Choice(text, verb, target=target)


def _attack_button(ch: Choice, pv: dict[str, Any], labels: Sequence[str]) -> dict[str, Any]:
    aim = words(pv["component"]) if pv.get("component") else "where the hit-location die says"
    who = ", ".join(pv["targets"]) if pv.get("targets") else (labels[ch.target] if ch.target >= 0 else "")
    side = words(str(pv.get("side", "")))
    hit, expected = pv["hit"], pv["expected_taken"]
    return {"action": ch.text, "kind": "attack", "label": f"{who} · {aim}" if who else aim.capitalize(),
            "hit": hit, "hit_p": hit["p"], "hit_text": percent(hit), "hit_exact": exact_text(hit),
            "expected": expected, "expected_p": expected["p"], "expected_text": decimal(expected),
            "expected_exact": exact_text(expected), "tn": pv.get("tn"), "side": side, "side_key": pv.get("side"),
            "target_label": pv.get("target", ""),
            "distance": pv.get("distance"), "cost": pv.get("sp_cost"),
            "detail": f"target number {pv.get('tn')} · on its {side} side · range {pv.get('distance')}"}


def _card_button(ch: Choice, pv: dict[str, Any], labels: Sequence[str]) -> dict[str, Any]:
    if pv.get("kind") == "attack":
        return _attack_button(ch, pv, labels)
    names = {"play": "Play", "react": "Play it now", "scrap": "Scrap", "sacrifice": "Sacrifice", "purge": "Purge",
             "lose": "Lose this card", "discard": "Discard this card"}
    label = names.get(ch.verb, ch.verb.capitalize())
    if pv.get("ally"):
        label += f" on {pv['ally']}"
    return {"action": ch.text, "kind": ch.verb, "label": label, "detail": str(pv.get("does", "")),
            "cost": pv.get("sp_cost")}


def _move_button(m: HexMap, ch: Choice, pv: dict[str, Any], pos: int) -> dict[str, Any]:
    d = DIRECTIONS.index(ch.direction)
    dest = m.neighbors[pos][d]
    x, y = _xy(m, dest)
    terrain = str(pv.get("terrain", "open"))
    cost = pv.get("sp_cost", 1)
    free = bool(pv.get("free_hex"))
    cost_words = "free step" if free else f"{cost} SP"
    return {"action": ch.text, "kind": "move", "dir": ch.direction, "arrow": ARROWS[ch.direction],
            "to": m.hex_name(dest), "x": x, "y": y, "cost": cost, "cost_words": cost_words,
            "label": f"{ARROWS[ch.direction]} {ch.direction}",
            "detail": f"step {ch.direction} to {m.hex_name(dest)} ({TERRAIN_WORDS.get(terrain, terrain)}), "
                      f"{cost_words}"}


def _plain_button(ch: Choice, pv: dict[str, Any], labels: Sequence[str]) -> dict[str, Any]:
    names = {"end": "End turn", "keep": "Keep this hand", "mulligan": "Mulligan: draw 6 new", "pass": "Pass",
             "rune": "Spend a Rune (+2 Defense)", "withdraw": "Withdraw from the battle",
             "lose": "The top card of your deck"}
    label = names.get(ch.verb, ch.verb.capitalize())
    if ch.verb == "rotate":
        label = f"{ARROWS.get(ch.direction, '')} {ch.direction}"
    elif ch.verb == "extract" and ch.target >= 0:
        label = f"Extract {labels[ch.target]}'s pilot"
    cost = pv.get("sp_cost")
    return {"action": ch.text, "kind": ch.verb, "label": label, "detail": str(pv.get("does", "")), "cost": cost,
            "cost_words": ("free" if cost == 0 else f"{cost} SP") if cost is not None else ""}


def _best(buttons: list[dict[str, Any]]) -> str:
    """An attack card's odds in one phrase for the card face ("hit 42–72%")."""
    hits = sorted({b["hit"]["float"] for b in buttons if b.get("hit")})
    if not hits:
        return ""
    by_float = {b["hit"]["float"]: b["hit"] for b in buttons if b.get("hit")}
    low, high = percent(by_float[hits[0]]), percent(by_float[hits[-1]])
    return f"hit {low}" if low == high else f"hit {low.rstrip('%')}–{high}"


def tool_link(card: str, button: dict[str, Any], attacker: dict[str, Any], defender: dict[str, Any],
              m: HexMap) -> str:
    """The attack tool (``/tools/penance/attack``) opened on this attack as it stands now: both classes, the range,
    the side, the defender's cover and both movements (the tool rolls the dice)."""
    from urllib.parse import urlencode

    cover = COVER[m.terrain[m.parse_hex(str(defender["hex"]))]]
    return "/tools/penance/attack?" + urlencode({
        "card": card_table()[card].name, "attacker": attacker["class"], "defender": defender["class"],
        "range": button.get("distance") or 1, "side": button.get("side_key") or "front", "cover": cover,
        "moved": attacker.get("moved", 0), "defender_moved": defender.get("moved_last_turn", 0)})


# --- the last moves, drawn on the map ----------------------------------------------------------------------------
def _recent(seen: Seen) -> range:
    """The moves drawn as "the last move": the latest run of moves by one seat and the run before it (so a seat's
    page shows the enemy's whole turn and what its own last decisions did), at most ``RECENT_MOVES``; for a
    spectator the last three."""
    n = len(seen.events) - 1
    if n < 1:
        return range(0)
    if seen.seat is None or len(seen.movers) <= n:
        return range(max(1, n - 2), n + 1)
    k, runs = n, 0
    while k >= 1 and runs < 2:
        who = seen.movers[k]
        while k >= 1 and seen.movers[k] == who:
            k -= 1
        runs += 1
    return range(max(1, k + 1, n - RECENT_MOVES + 1), n + 1)


def _casket_of(e: dict[str, Any]) -> int:
    c = e.get("casket", e.get("player", -1))
    return c if isinstance(c, int) else -1


def last_moves(seen: Seen, m: HexMap, caskets: list[dict[str, Any]]) -> dict[str, Any]:
    """What the last moves did, as the map draws it: each casket's path, each attack's line and flash, the cards
    played and a few short lines of words."""
    paths: dict[int, list[int]] = {}
    strikes: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []
    n = len(caskets)
    for k in _recent(seen):
        for e in seen.events[k]:
            kind, c = e.get("event", e.get("kind")), _casket_of(e)
            if kind in ("move", "push") and 0 <= c < n and isinstance(e.get("to"), int):
                last = lines[-1] if lines else None
                if kind == "move" and last is not None and last["kind"] == "move" and last["casket"] == c:
                    last.update(count=last["count"] + 1, to=e["to"])  # a run of steps reads as one line
                elif kind == "move":
                    lines.append({"kind": "move", "casket": c, "count": 1, "to": e["to"]})
                else:
                    lines.append({"kind": "push", "text": e.get("text", "")})
                path = paths.setdefault(c, [])
                found = MOVE_TEXT.search(str(e.get("text", "")))
                if not path and kind == "move" and found:
                    back = m.neighbors[e["to"]][(DIRECTIONS.index(found.group(1)) + 3) % 6]
                    if back >= 0:
                        path.append(back)
                path.append(e["to"])
            elif kind == "attack" and 0 <= c < n:
                t = e.get("target", 1 - c if n == 2 else -1)
                if isinstance(t, int) and 0 <= t < n:
                    a, d = caskets[c], caskets[t]
                    tier = str(e.get("tier", ""))
                    strikes.append({"x1": a["x"], "y1": a["y"], "x2": d["x"], "y2": d["y"], "hit": tier in HIT_TIERS,
                                    "tier": tier, "words": (f"{tier.upper()} {e.get('damage', 0)}"
                                                            if tier in HIT_TIERS else tier.upper()),
                                    "tx": d["x"], "ty": round(d["y"] - 17, 1)})
                lines.append({"kind": "attack", "text": e.get("text", "")})
            elif kind == "lose" and 0 <= c < n:  # a run of lost cards reads as one line
                last = lines[-1] if lines else None
                if last is not None and last["kind"] == "lose" and last["casket"] == c:
                    last["count"] += 1
                else:
                    lines.append({"kind": "lose", "casket": c, "count": 1})
            elif kind in ("play", "defense", "react", "destroyed", "out", "victory", "extract", "withdraw",
                          "mulligan", "catastrophe", "execution", "major_wound"):
                lines.append({"kind": kind, "text": e.get("text", "")})
    for x in lines:
        if x["kind"] == "lose":
            x["text"] = f"{caskets[x['casket']]['label']} lost {x['count']} card{'s' if x['count'] != 1 else ''}"
        elif x["kind"] == "move":
            x["text"] = (f"{caskets[x['casket']]['label']} moved {x['count']} hex{'es' if x['count'] != 1 else ''} to "
                         f"{m.hex_name(x['to'])}")
    trails = []
    for c, path in paths.items():
        pts = [_xy(m, h) for h in path]
        if len(pts) == 1:  # pushed or moved with no known start: mark where it arrived
            trails.append({"team": caskets[c]["team"], "points": "", "end": pts[0]})
        else:
            trails.append({"team": caskets[c]["team"], "points": " ".join(f"{x},{y}" for x, y in pts),
                           "end": pts[-1]})
    shown = [{**x, "text": SNAKE.sub(lambda w: words(w.group(1)), str(x["text"]))} for x in lines if x["text"]]
    return {"trails": trails, "strikes": strikes[-4:], "lines": shown[-8:]}


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
    x, y = _xy(m, pos)
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
                    "reactive": c.reactive, "attack": c.is_attack, "buttons": buttons, "best": _best(buttons),
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


def _prompt(pending: str | None, view: dict[str, Any], buttons: list[dict[str, Any]], labels: Sequence[str],
            hand: list[dict[str, Any]], recent: dict[str, Any], seen: Seen, me: int | None,
            loss: dict[str, Any] | None) -> dict[str, Any] | None:
    """The decision asked outside the main phase, in words: what is asked, why, and every choice as a button."""
    if pending == "mulligan":
        return {"kind": "mulligan", "title": "Your opening hand",
                "why": "Keep these six cards, or shuffle them back and draw six new ones (once per battle).",
                "buttons": buttons}
    if pending == "react":
        at = view.get("attack") or {}
        who = _who(at, labels)
        card = card_table().get(str(at.get("card", "")))
        part = f" on your {words(_component_name(at.get('component')))}" if _component_name(at.get("component")) else ""
        return {"kind": "react", "title": "You are hit",
                "why": f"{who}'s {card.name if card else 'attack'} hits{part}: {str(at.get('tier', '')).upper()}, "
                       f"{at.get('damage', '?')} damage. Before your defense dice you may "
                       + ", ".join(x for x, kind in (("play one reactive card (it lowers the damage)", "react"),
                                                     ("spend a Rune (+2 Defense)", "rune"))
                                   if any(b["kind"] == kind for b in buttons)) + (", or " if len(buttons) > 1 else "")
                       + "pass.",
                "buttons": buttons}
    if pending == "rites":
        return {"kind": "rites", "title": "An ally is out",
                "why": "Play Last Rites (recover 5 cards from your graveyard) or pass.", "buttons": buttons}
    if pending == "cost":
        return {"kind": "cost", "title": "Dual Wield: discard a card",
                "why": "Dual Wield's attack is made: now discard one card from your hand.",
                "buttons": buttons, "alike": _alike(hand)}
    if pending == "loss" and loss is not None:
        n = loss.get("remaining", 0)
        return {"kind": "loss", "title": f"Lose {n} card{'s' if n != 1 else ''}",
                "why": _loss_why(loss, view, labels, recent, seen, me),
                "how": f"{n} more to lose, one at a time: a card from your hand, or the top card of your deck "
                       "(unseen). Lost cards stay in the graveyard for the rest of the battle.",
                "buttons": buttons, "alike": _alike(hand)}
    return None


def _who(attack: dict[str, Any], labels: Sequence[str]) -> str:
    """The attacking casket's label (the view's attack names it by number)."""
    a = attack.get("attacker")
    return labels[a] if isinstance(a, int) and 0 <= a < len(labels) else "The enemy"


def _component_name(c: Any) -> str:
    from gamewright.games.penance.components import COMPONENTS

    return COMPONENTS[c] if isinstance(c, int) and 0 <= c < len(COMPONENTS) else ""


def _alike(hand: list[dict[str, Any]]) -> str:
    """When the hand holds copies of one card the engine offers one button for them (they are identical): say so."""
    groups = [h for h in hand if h["copies"] > 1 and "same_as" not in h and h["buttons"]]
    if not groups:
        return ""
    names = " and ".join(f"{h['copies']} × {h['name']}" for h in groups)
    return (f"You hold {names}: copies of one card are identical, so one button stands for all of them "
            f"({len(hand)} cards in hand, {len({h['card'] for h in hand})} different).")


def _loss_why(loss: dict[str, Any], view: dict[str, Any], labels: Sequence[str], recent: dict[str, Any],
              seen: Seen, me: int | None) -> str:
    if loss.get("mode") == "attack":
        at = view.get("attack") or {}
        who = _who(at, labels)
        card = card_table().get(str(at.get("card", "")))
        part = _component_name(at.get("component"))
        blocked = _last_event(seen, "defense")
        said = f"{who}'s {card.name if card else 'attack'} hit your {words(part) or 'casket'}: " \
               f"{str(at.get('tier', '')).upper()}, {at.get('damage', '?')} damage"
        if blocked is not None:
            said += f"; your defense dice blocked {blocked.get('blocked', 0)}, so you take {blocked.get('taken', '?')}"
        return said + (". Each primary-weapon card (★) you lose adds +1 Component Damage to your "
                       f"{words(part) or 'hit component'}.")
    cause = None
    for k in reversed(_recent(seen)):
        for e in reversed(seen.events[k]):
            if _casket_of(e) == me and e.get("event") not in ("lose", "draw", "recover") and e.get("text"):
                cause = SNAKE.sub(lambda w: words(w.group(1)), str(e["text"]))
                break
        if cause:
            break
    return f"An effect makes you discard cards (harm): {cause}." if cause else \
        "An effect makes you discard cards (harm)."


def _last_event(seen: Seen, kind: str) -> dict[str, Any] | None:
    for k in reversed(range(max(1, len(seen.events) - RECENT_MOVES), len(seen.events))):
        for e in reversed(seen.events[k]):
            if e.get("event") == kind:
                return e
    return None


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
            b = _card_button(ch, pv, labels)
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
            moves.append(_move_button(m, ch, pv, caskets[me]["pos"]))
        else:
            b = _plain_button(ch, pv, labels)
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
    prompt = _prompt(pending, view, prompt_buttons, labels, hand, recent, seen, me, loss)
    for c in caskets:
        c["acting"] = mine and c["p"] == acting
    over = None
    if view.get("over"):
        w = view.get("winner", -1)
        result = f"P{w + 1} wins" if isinstance(w, int) and w >= 0 else "a draw"
        over = f"The battle is over — {view.get('end_reason') or result}."
    return {"pen": {
        "map": _map(str(seen.options.get("map", "default"))), "caskets": caskets, "arc": sorted(arc),
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

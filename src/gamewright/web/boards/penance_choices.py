"""The seat's choices on Penance's board: each legal action text read back into its parts and shown as a button
with its preview in words and readable numbers, and the prompts outside the main phase (the opening hand, a hit,
a loss, Dual Wield's discard, Last Rites) saying what is asked and why."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from gamewright.games.penance.cards import card_table
from gamewright.games.penance.components import COMPONENTS
from gamewright.games.penance.hexgrid import COVER, DIRECTIONS, HexMap
from gamewright.web.boards import Seen
from gamewright.web.boards.penance_map import RECENT_MOVES, SNAKE, casket_of, hex_xy, recent_moves, words
from gamewright.web.numbers import decimal, exact_text, percent

CARD_VERBS = frozenset(("play", "react", "scrap", "sacrifice", "purge", "lose", "discard"))
ARROWS = {"E": "→", "SE": "↘", "SW": "↙", "W": "←", "NW": "↖", "NE": "↗"}
TERRAIN_WORDS = {"open": "open ground", "rubble": "rubble: light cover, +1 SP to enter",
                 "forest": "forest: heavy cover, +1 SP to enter, blocks sight", "wall": "wall: impassable",
                 "water": "water: −2 Heat a turn for a casket standing in it"}


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


def attack_button(ch: Choice, pv: dict[str, Any], labels: Sequence[str]) -> dict[str, Any]:
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


def card_button(ch: Choice, pv: dict[str, Any], labels: Sequence[str]) -> dict[str, Any]:
    if pv.get("kind") == "attack":
        return attack_button(ch, pv, labels)
    names = {"play": "Play", "react": "Play it now", "scrap": "Scrap", "sacrifice": "Sacrifice", "purge": "Purge",
             "lose": "Lose this card", "discard": "Discard this card"}
    label = names.get(ch.verb, ch.verb.capitalize())
    if pv.get("ally"):
        label += f" on {pv['ally']}"
    return {"action": ch.text, "kind": ch.verb, "label": label, "detail": str(pv.get("does", "")),
            "cost": pv.get("sp_cost")}


def move_button(m: HexMap, ch: Choice, pv: dict[str, Any], pos: int) -> dict[str, Any]:
    d = DIRECTIONS.index(ch.direction)
    dest = m.neighbors[pos][d]
    x, y = hex_xy(m, dest)
    terrain = str(pv.get("terrain", "open"))
    cost = pv.get("sp_cost", 1)
    free = bool(pv.get("free_hex"))
    cost_words = "free step" if free else f"{cost} SP"
    return {"action": ch.text, "kind": "move", "dir": ch.direction, "arrow": ARROWS[ch.direction],
            "to": m.hex_name(dest), "x": x, "y": y, "cost": cost, "cost_words": cost_words,
            "label": f"{ARROWS[ch.direction]} {ch.direction}",
            "detail": f"step {ch.direction} to {m.hex_name(dest)} ({TERRAIN_WORDS.get(terrain, terrain)}), "
                      f"{cost_words}"}


def plain_button(ch: Choice, pv: dict[str, Any], labels: Sequence[str]) -> dict[str, Any]:
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


def best_odds(buttons: list[dict[str, Any]]) -> str:
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

    cover = COVER[m.terrain[m.parse_hex(str(defender["hex"]))]]
    return "/tools/penance/attack?" + urlencode({
        "card": card_table()[card].name, "attacker": attacker["class"], "defender": defender["class"],
        "range": button.get("distance") or 1, "side": button.get("side_key") or "front", "cover": cover,
        "moved": attacker.get("moved", 0), "defender_moved": defender.get("moved_last_turn", 0)})


def prompt_for(pending: str | None, view: dict[str, Any], buttons: list[dict[str, Any]], labels: Sequence[str],
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
    for k in reversed(recent_moves(seen)):
        for e in reversed(seen.events[k]):
            if casket_of(e) == me and e.get("event") not in ("lose", "draw", "recover") and e.get("text"):
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

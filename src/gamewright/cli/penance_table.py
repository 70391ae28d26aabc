"""What a Penance player sees at the table: the board, the pending question and the menu.

Everything here formats what the engine says (``view_for``, ``standing``, ``preview``); no rule is computed
in the front end.
"""

from __future__ import annotations

from typing import Any

from gamewright.games.penance.cards import card_table
from gamewright.games.penance.hexgrid import DIRECTIONS
from gamewright.games.penance.pilot import WOUNDS
from gamewright.games.penance.state import Act, PenanceState

ARROWS = ("→", "↘", "↙", "←", "↖", "↗")  # the six facings, E first (hexgrid.DIRECTIONS order)

HELP = """How to play (the rules are document 004):
  Type a menu number, or the action's text: play <card> [at <component>], move <dir>, rotate <dir>, end,
  keep, mulligan, lose <card>, lose deck, react <card>, rune, pass, sacrifice/purge/scrap <card>.
  Squads: an attack names its enemy (play <card> at <component> on P2a, or the casket's number), Rally Cry
  its ally (play rally cry on P1b); extract on <casket> pulls out a fallen ally's pilot from an adjacent hex.
  withdraw (campaign missions): the casket leaves the battle, its pilot retreats.
  Directions: E, SE, SW, W, NW, NE. Components: head, left_arm, right_arm, chassis, legs.
  Your deck is your hit points: damage makes you lose cards; an empty deck and discard pile loses the battle.
  Attack lines show the hit chance and the cards the enemy is expected to lose (no reactive card assumed);
  '*' marks primary-weapon cards, whose loss to damage also damages the attacked component.
  board — show the board again;  help — this text;  quit — save and leave (resume with --resume)."""


def render(state: PenanceState, seat: int) -> str:
    """The board as the given seat sees it: map, both caskets, own hand with costs, where you stand."""
    view = state.view_for(seat)
    if state.squad:  # P1a facing NE: "1a↗"; a casket out of the battle: "1a×"
        marks = {s.pos: state.label(p)[1:] + ("×" if s.out else ARROWS[s.facing]) for p, s in enumerate(state.sides)}
    else:
        marks = {s.pos: f"{p + 1}{DIRECTIONS[s.facing]:<2}" for p, s in enumerate(state.sides)}
    if state.round == 0:
        lines = ["— Setup: keep the opening hand or mulligan once —"]
    else:
        lines = [f"— Round {state.round}, {state.label(state.turn_player)}'s turn —"]
    lines += state.map.render(marks)
    lines.append("terrain: . open  r rubble (light cover, difficult)  f forest (heavy cover)  # wall  ~ water")
    for p, side in enumerate(view["sides"]):
        comps = "  ".join(f"{k} {v['damage']}/{v['hp']} {v['zone']}" for k, v in side["components"].items())
        if side.get("out"):
            lines.append(f"{side['label']} {side['deck_spec']}: OUT of the battle ({side['out']}), pilot "
                         + ("extracted" if side["extracted"] else "not extracted"))
            continue
        lines.append(
            f"{side.get('label', f'P{p + 1}')} {side['deck_spec']} ({side['class']}) at {side['hex']} "
            f"facing {side['facing']}: "
            f"SP {side['sp']}/{side['sp_max']}  Heat {side['heat']}  deck {side['deck']}  discard "
            f"{len(side['discard'])}  graveyard {len(side['graveyard'])}  removed {len(side['removed'])}  "
            f"hand {side['hand_size']}  runes {side['runes']}"
        )
        lines.append(f"   moved {side['moved']} hex(es) this turn ({side['moved_last_turn']} last turn)"
                     + (f", {side['free_hexes']} free hex(es) left" if side["free_hexes"] else ""))
        lines.append(f"   components: {comps}")
        wounds = ", ".join(WOUNDS[w].name for w in side["wounds"]) or "none"
        taint = f";  Taint {side['taint']}" if side["taint"] else ""  # a campaign pilot's counter (Absolution)
        lines.append(f"   pilot wounds ({len(side['wounds'])}/10): {wounds}{taint}")
        if "hand" in side:
            lines.append("   hand: " + ", ".join(f"[{h['id']}] {h['name']}{_primary_mark(state, h['card'])} "
                                                 f"({_cost_label(h)})" for h in side["hand"]))
        elif side.get("revealed"):
            lines.append("   revealed: " + ", ".join(side["revealed"]))
    if seat in (0, 1):
        lines.append(standing_line(state, seat))
    return "\n".join(lines)


def standing_line(state: PenanceState, seat: int) -> str:
    """Where the seat's casket stands against the enemy it faces (squads: the acting casket, or the seat's
    first still fighting, against the nearest enemy)."""
    me = seat
    if state.squad:
        mine = [c for c, t in enumerate(state.team) if t == seat and not state.sides[c].out]
        me = state.acting_casket if state.acting_casket in mine else (mine or [seat])[0]
        if state.foe(me) < 0:
            return ""
    where = state.standing(me)
    foe = state.label(state.foe(me))
    return (f"{state.label(me)}: range {where['distance']}; you are on {foe}'s {where['side']} side, "
            f"{foe} is on your {where['attacker_side']} side")


def prompt(state: PenanceState) -> str:
    """What the pending decision asks of the player to move."""
    top = state.todo[-1]
    who = state.label(top[1])
    kind = top[0]
    if kind == "mulligan":
        return f"{who}, keep this opening hand or mulligan (shuffle it back, draw 6 new; once):"
    if kind == "react":
        at = state.attack or {}
        rune = " (or spend a Rune)" if state.sides[top[1]].runes else ""
        return (f"{who}, {at.get('damage', 0)} damage is coming: play one reactive card{rune} before the defense "
                "dice, or pass:")
    if kind == "loss":
        why = {"attack": "damage", "forced": "an EXECUTION (from the deck)", "harm": "self-harm"}[top[3]]
        extra = " — primary weapon cards lost add Component Damage" if top[3] == "attack" else ""
        return (f"{who}, lose {top[2]} more card(s) to {why}: one from hand, or 'lose deck' for the top of the "
                f"deck{extra}:")
    if kind == "rites":
        return f"{who}, {state.label(top[2])} is defeated: play Last Rites (recover 5 cards) or pass:"
    if kind == "cost":
        return f"{who}, discard {top[2]} card(s) from hand to the discard pile (Dual Wield):"
    return f"{who}, your action (cards and moves in any order; 'end' ends the turn):"


def _primary_mark(state: PenanceState, cid: str) -> str:
    return "*" if state.slot(cid) == "primary" else ""  # the engine's slot: primary-weapon cards


def _cost_label(h: dict[str, Any]) -> str:
    c = card_table()[h["card"]]
    if c.passive:
        return "passive"
    if c.reactive:
        return "reactive"
    if c.kind == "status":
        return "0 SP: sacrifice or purge"
    return f"{h['cost']} SP"


def menu_line(state: PenanceState, a: Act) -> str:
    """One menu entry: the action, its card, and for an attack the engine's preview in brief."""
    pv = state.preview(a)
    text = a.to_text()
    if "name" in pv:
        text += f"  ({pv['name']}{'*' if pv.get('primary') else ''})"
    if pv.get("kind") == "attack":
        text += (f"  hit {pv['hit']['float']:.0%}, TN {pv['tn']}, expect {pv['expected_taken']['float']:.1f} "
                 f"card(s) lost")
    elif a.kind == "withdraw":
        text += "  (leave the battle: your pilot retreats — a partial success at best)"
    elif pv.get("kind") in ("move", "rotate"):
        terrain = f", {pv['terrain']}" if pv.get("terrain", "open") != "open" else ""
        text += f"  ({pv['sp_cost']} SP{terrain})"
    return text


def menu(state: PenanceState) -> list[str]:
    lines = [f"  {k:>2}. {menu_line(state, a)}" for k, a in enumerate(state.legal_actions())]
    return [*lines, "      help · board · quit (saves)"]

"""What each card does when played, keyed by card id: ``play_effect`` for non-attack cards, ``attack_riders``
for what attack cards do besides damage (the attack itself is resolved by ``combat``). Functions of the state
(``PenanceState``); the numbers come from the card data (``cards``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamewright.core.game import Event
from gamewright.games.penance import heat as heat_mod
from gamewright.games.penance import squad as squad_mod
from gamewright.games.penance.cards import CardDef
from gamewright.games.penance.events import BOTH_SEATS, ev
from gamewright.games.penance.losses import card_name, draw, harm, recover_grave
from gamewright.games.penance.values import exposed, foe

if TYPE_CHECKING:
    from gamewright.games.penance.state import PenanceState


def play_effect(st: PenanceState, p: int, c: CardDef, events: list[Event]) -> None:
    """Every non-attack card's effect (004 §1 tables; ref §2 rulings)."""
    s = st.sides[p]
    cid = c.id
    if st.squad and squad_mod.squad_play(st, p, c, events):
        return
    if c.move:
        s.free_moves += c.move  # ref §2: movement cards replace the per-hex SP cost of their hexes
    if cid == "retreat":
        s.no_attack = True
    if cid == "advance" or cid == "hunker_down":
        s.def_turn += c.defense
    if c.heat and not c.reactive:
        heat_mod.gain_heat(st, p, c.heat, events, c.name)
    if c.vent:
        s.heat = max(0, s.heat - c.vent)
        events.append(ev("heat", f"{st.labels[p]} vents: Heat {s.heat}", player=p, heat=s.heat))
    if c.draw:
        draw(st, p, c.draw, events)
    if cid == "sensor_sweep":  # squads: a card of the nearest enemy's hand, seen by the whole side
        t = foe(st, p)
        e = st.sides[t]
        seen = exposed(st, t)
        hidden = [i for i in e.piles.hand if i not in seen]
        if hidden:
            inst = st.rng.choice(hidden)
            seen.append(inst)
            events.append(ev("reveal", f"{st.labels[p]} sees {card_name(st, t, inst)} in {st.labels[t]}'s hand",
                             BOTH_SEATS, player=p, card=e.piles.cards[inst]))
    elif cid in ("rally_cry", "martyrdom_protocol") or (cid == "shield_wall" and st.rules.shield_wall == "allies"):
        events.append(ev("effect", f"{c.name}: no ally to affect (ref §2 Allies)", player=p))
    elif cid == "feint":
        s.feint += 1
    elif cid == "blood_offering":
        if st.rules.blood_offering == "suffering_die":
            heat_mod.suffer(st, p, events)
        else:
            harm(st, p, 2)
        s.next_dmg += 3
        s.next_bypass += 1
    elif cid == "consecrated_ground":
        st.zones.append([p, s.pos])
        events.append(ev("effect", f"{st.labels[p]} consecrates the ground around {st.map.hex_name(s.pos)}", player=p))
    elif cid == "shield_wall":  # option shield_wall=self: +2 Defense for yourself against front attacks
        s.shield_wall += c.defense
    elif cid == "scrap_armor":
        s.scrap_armor += c.defense
    elif cid == "emergency_repair":
        pl = s.piles
        back = pl.discard[-3:]
        del pl.discard[len(pl.discard) - len(back):]
        pl.deck += back
        st.rng.shuffle(pl.deck)
        events.append(ev("recover", f"{st.labels[p]} recovers {len(back)} card(s) from discard into the deck",
                         player=p, count=len(back)))
    elif cid == "jury_rig":
        pl = s.piles
        n = len(pl.discard)
        pl.deck += pl.discard
        pl.discard = []
        st.rng.shuffle(pl.deck)
        events.append(ev("recover", f"{st.labels[p]} shuffles {n} discards into the deck", player=p, count=n))
    elif cid == "flagellants_zeal":
        if st.rules.flagellants_zeal == "suffering_dice":
            heat_mod.suffer(st, p, events)
            heat_mod.suffer(st, p, events)
        else:
            harm(st, p, 5)
        s.sp += 5
        s.zeal_used = True
        events.append(ev("effect", f"{st.labels[p]} gains 5 SP (SP {s.sp})", player=p, sp=s.sp))
    elif cid == "absolution":
        s.heat = 0
        s.taint += 1
        events.append(ev("heat", f"{st.labels[p]} is absolved: Heat 0, Taint {s.taint}", player=p, heat=0))
        recover_grave(st, p, 3, events, "Absolution")


def attack_riders(st: PenanceState, p: int, c: CardDef, events: list[Event]) -> None:
    """Riders of attack cards that happen whether or not the attack hits."""
    s = st.sides[p]
    if c.id == "anvil_breaker":
        s.no_move = True
    elif c.id == "runic_smash":
        s.runes += 1
        events.append(ev("effect", f"{st.labels[p]} gains a Rune ({s.runes})", player=p, runes=s.runes))
    elif c.id == "earthshaker":
        area = [h for h in range(len(st.map.terrain)) if st.map.dist[s.pos][h] <= 3]
        st.temp_difficult = sorted(set(st.temp_difficult) | set(area))
        events.append(ev("effect", f"{st.labels[p]}: hexes within 3 become difficult terrain this round", player=p))
    elif c.id == "dual_wield":
        # "then discard 1 card" (a cost: to the discard pile); pushed before the attack's own steps, so it
        # resolves after them
        st.todo.append(["cost", p, 1])

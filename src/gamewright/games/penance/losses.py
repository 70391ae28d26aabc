"""Cards moving and damage's consequences: draws, lost cards, harm, component damage, wounds and defeat (004 §1-§5,
§8; ref §2, §3). Functions of the state (``PenanceState``): each changes the battle and reports what happened
as events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamewright.core.game import Event
from gamewright.games.penance import heat as heat_mod
from gamewright.games.penance import pilot as pilot_mod
from gamewright.games.penance import squad as squad_mod
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.components import CHASSIS, COMPONENTS, LEGS, apply_component_damage
from gamewright.games.penance.events import ev
from gamewright.games.penance.piles import DAMAGED
from gamewright.games.penance.values import HAND_SIZE, allies, card_slot, exposed, is_scrap, stopped

if TYPE_CHECKING:
    from gamewright.games.penance.actions import Act
    from gamewright.games.penance.piles import Piles
    from gamewright.games.penance.state import PenanceState

NEURAL_FEEDBACK_AT = 15  # 004 §5 item 4
SEAT_ONLY = (frozenset((0,)), frozenset((1,)))  # an event only that seat may see (frozen: shared safely)


# --- cards moving, losses and harm -------------------------------------------------------------------------
def harm(st: PenanceState, p: int, n: int) -> None:
    """ref §2: "discard N" as harm — the owner chooses hand or deck top; cards go to the graveyard."""
    if n > 0:
        st.todo.append(["loss", p, n, "harm"])


def do_lose(st: PenanceState, p: int, a: Act, top: list[Any], events: list[Event]) -> None:
    """One card of the loss ``top`` asks for: from the hand (``a.card``) or the top of the deck."""
    s = st.sides[p]
    pl = s.piles
    mode = top[3]
    if a.card >= 0:
        pl.hand.remove(a.card)
        inst, where = a.card, "hand"
    else:
        got = pl.take_for_loss()
        if got is None:
            if mode == "forced" and pl.hand:
                inst, where = pl.hand.pop(0), "hand"
            else:
                deck_out(st, p, "deck, discard pile and hand are empty when a card must be lost", events)
                return
        else:
            inst, where = got
    pl.grave.append(inst)
    cid = pl.cards[inst]
    top[2] -= 1
    if top[2] <= 0 and st.todo and st.todo[-1] is top:
        st.todo.pop()
    events.append(ev("lose", f"{st.labels[p]} loses {card_table()[cid].name} from {where} to the graveyard",
                     player=p,
                     card=cid, source=where))
    check_decks(st, events)  # 004 §9: defeated the moment a loss empties deck and discard (RULINGS)
    if stopped(st, p):
        return
    if mode in ("attack", "forced") and st.attack is not None and card_slot(cid) == "primary" \
            and not is_scrap(st, p, cid):
        st.attack["primary_lost"] += 1  # 004 §2 step 6
    if cid == DAMAGED:  # 004 §1: a DAMAGED card discarded by damage rolls the Damage Die
        heat_mod.damage_die(st, p, events)


def move_card(st: PenanceState, p: int, inst: int, to: str) -> None:
    pl = st.sides[p].piles
    pl.hand.remove(inst)
    (pl.discard if to == "discard" else pl.grave).append(inst)


def recover_grave(st: PenanceState, p: int, n: int, events: list[Event], why: str) -> None:
    """ref §2 "Recover N cards" with no source: graveyard → discard pile."""
    pl = st.sides[p].piles
    back = pl.grave[-n:] if n else []
    if back:
        del pl.grave[len(pl.grave) - len(back):]
        pl.discard += back
    events.append(ev("recover", f"{st.labels[p]} {why}: recovers {len(back)} card(s) from the graveyard", player=p,
                     count=len(back)))


def refill(st: PenanceState, p: int, events: list[Event]) -> None:
    s = st.sides[p]
    n = HAND_SIZE - len(s.piles.hand)
    if n > 0:
        draw(st, p, n, events)


def draw(st: PenanceState, p: int, n: int, events: list[Event]) -> None:
    pl = st.sides[p].piles
    seen = exposed(st, p)  # the cards of this hand Sensor Sweep showed (one list, changed in place)
    if 0 < n <= len(pl.deck):
        got = _draw_from_deck(pl, n, seen)  # no reshuffle and no deck-out on the way
    else:
        got = []
        for _ in range(n):
            if not pl.deck and pl.discard:
                events.append(ev("reshuffle", f"{st.labels[p]} reshuffles {len(pl.discard)} discards into a new "
                                 "deck", player=p, count=len(pl.discard)))
                if st.rules.reshuffle_damage_card:  # 004 §8's older rule (option)
                    pl.add_damaged()
            inst = pl.draw(st.rng)
            if inst is None:
                deck_out(st, p, "deck and discard pile are empty when a card must be drawn", events)
                return
            if inst in seen:  # a fresh draw: what Sensor Sweep showed of it is out of date
                seen.remove(inst)
            got.append(pl.cards[inst])
    if got:  # everyone sees how many; only the drawing seat sees which (hidden information)
        table = card_table()
        events.append(ev("draw_public", f"{st.labels[p]} draws {len(got)} card(s)", player=p, count=len(got)))
        events.append(ev("draw", f"{st.labels[p]} draws {', '.join([table[c].name for c in got])}",
                         SEAT_ONLY[st.team[p]],
                         player=p, count=len(got), cards=got))


def _draw_from_deck(pl: Piles, n: int, seen: list[int]) -> list[str]:
    """``n`` cards from a deck holding at least ``n`` (``Piles.draw_top``); their card ids."""
    drawn = pl.draw_top(n)
    if seen:
        for inst in drawn:
            if inst in seen:  # a fresh draw: what Sensor Sweep showed of it is out of date
                seen.remove(inst)
    cards = pl.cards
    return [cards[i] for i in drawn]


def card_name(st: PenanceState, p: int, inst: int) -> str:
    return card_table()[st.sides[p].piles.cards[inst]].name


# --- components and the pilot ------------------------------------------------------------------------------
def component_damage(st: PenanceState, p: int, c: int, points: int, events: list[Event]) -> None:
    s = st.sides[p]
    if s.destroyed[c]:
        return
    zones = s.cls.zones[c]
    before = s.comp[c]
    after, wounds, destroyed = apply_component_damage(zones, before, points)
    s.comp[c] = after
    events.append(ev("component", f"{st.labels[p]} {COMPONENTS[c]} +{points} Component Damage: {before} → {after} "
                     f"({zones.zone(after)})", player=p, component=c, before=before, after=after))
    if wounds:
        events.append(ev("exposure", f"{st.labels[p]} pilot exposed: +{wounds} Wound(s)", player=p, wounds=wounds))
        pilot_mod.flip_wounds(st, p, wounds, events)
    if destroyed and not stopped(st, p):
        destroy(st, p, c, events)
    if not stopped(st, p) and not s.neural and sum(s.comp) >= NEURAL_FEEDBACK_AT:
        s.neural = True  # 004 §5 item 4, once (ref §2)
        events.append(ev("neural", f"{st.labels[p]} neural feedback: +1 Wound", player=p))
        pilot_mod.flip_wounds(st, p, 1, events)


def destroy(st: PenanceState, p: int, c: int, events: list[Event]) -> None:
    """004 §3 "Component Destroyed"; chassis: +3 Wounds, ejection save, the casket is inert (ref §3)."""
    s = st.sides[p]
    s.destroyed[c] = True
    events.append(ev("destroyed", f"{st.labels[p]}'s {COMPONENTS[c]} is DESTROYED", player=p, component=c))
    if c == CHASSIS:
        pilot_mod.flip_wounds(st, p, 3, events)
        if stopped(st, p):
            return
        r = st.rng.die(6)
        events.append(ev("roll", f"{st.labels[p]} ejection save {r}" + (": +2 Wounds" if r <= 2 else ": survives"),
                         player=p, roll=r))
        if r <= 2:
            pilot_mod.flip_wounds(st, p, 2, events)
        defeat(st, p, "chassis is destroyed", events)
    elif c != LEGS:
        pilot_mod.flip_wounds(st, p, 1, events)


# --- the end of the battle ---------------------------------------------------------------------------------
def check_decks(st: PenanceState, events: list[Event]) -> None:
    """ref §4 Victory, 004 §9: a casket whose deck and discard are both empty is defeated."""
    for p, s in enumerate(st.sides):
        if not s.piles.deck and not s.piles.discard and not s.out:
            deck_out(st, p, "deck and discard pile are both empty", events)
            if st.over:
                return


def deck_out(st: PenanceState, p: int, reason: str, events: list[Event]) -> None:
    """The casket's HP deck is gone. 004 §5 item 5 (option ``deck_out_save``, set by campaign missions): the
    pilot rolls a save first, 1d6: 1-3 +2 Wounds, 4-6 survives extraction."""
    if st.rules.deck_out_save and not stopped(st, p):
        r = st.rng.die(6)
        events.append(ev("roll", f"{st.labels[p]} deck-out save {r}" + (": +2 Wounds" if r <= 3 else
                         ": survives extraction"), player=p, roll=r))
        if r <= 3:
            pilot_mod.flip_wounds(st, p, 2, events)
    defeat(st, p, reason, events)


def defeat(st: PenanceState, p: int, reason: str, events: list[Event], withdrawn: bool = False) -> None:
    """Casket ``p`` is out of the battle (``withdrawn``: its pilot retreated, it was not defeated); its side
    loses when it was the side's last (issue 16 §1)."""
    if stopped(st, p):
        return
    if st.squad:
        squad_mod.put_out(st, p, reason, events, withdrawn)
        if allies(st, p):  # its side still fights
            return
    st.over = True
    loser = st.team[p]
    st.winner = 1 - loser
    st.end_reason = f"P{2 - loser} wins: {st.labels[p]}'s {reason}"  # ``reason`` completes "P1's …"
    st.todo = []
    st.attack = None
    events.append(ev("victory", st.end_reason, winner=1 - loser, loser=loser, reason=reason))

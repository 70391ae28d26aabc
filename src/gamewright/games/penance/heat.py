"""Heat, Strain and the self-harm dice (004 §1 Damage Die, §6 Suffering Dice, §7 Heat; ref §1-§2).

Functions of the state (``PenanceState``): they change one casket and report what happened as events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamewright.core.game import Event
from gamewright.games.penance import losses as losses_mod
from gamewright.games.penance import pilot as pilot_mod
from gamewright.games.penance.components import COMPONENTS, HIT_LOCATION
from gamewright.games.penance.dice import DAMAGE_DIE, SUFFERING_DIE, strain_result
from gamewright.games.penance.events import ev

if TYPE_CHECKING:
    from gamewright.games.penance.state import PenanceState


DANGER_HEAT = 5  # 004 §7 Heat Zones: Danger Zone (5+ Heat) rolls Strain at the start of the turn
CRITICAL_HEAT = 10  # 004 §7: Critical (10+ Heat), automatic system failures (ref §2: Strain's 12+ row, unrolled)


def heat_zone(heat: int) -> str:
    """004 §7 Heat Zones: ``safe`` (0-4, no penalties), ``danger`` (5+, Strain each turn), ``critical`` (10+)."""
    if heat >= CRITICAL_HEAT:
        return "critical"
    return "danger" if heat >= DANGER_HEAT else "safe"


def strain(st: PenanceState, p: int, events: list[Event]) -> None:
    """004 §7 Strain (ref §2): 1d6 + Heat; at 10+ Heat the 12+ result applies without a roll."""
    s = st.sides[p]
    if s.heat >= CRITICAL_HEAT:
        total, roll = 12, None
    else:
        roll = st.rng.die(6)
        total = roll + s.heat
    result = strain_result(total)
    text = f"{st.labels[p]} Strain ({'Heat 10+' if roll is None else f'{roll}+{s.heat}={total}'}): "
    if result == "heat":
        text += "+1 Heat"
    elif result == "sp":
        s.sp = max(0, s.sp - 1)
        text += "-1 SP this turn"
    elif result == "damage":
        text += "take 2 damage (discard 2)"
    else:
        text += "component malfunction"
    events.append(ev("strain", text, player=p, roll=roll, total=total, result=result))
    if result == "heat":
        gain_heat(st, p, 1, events, "Strain")
    elif result == "damage":
        losses_mod.harm(st, p, 2)
    elif result == "component":
        loc = HIT_LOCATION[st.rng.die(6)]
        events.append(ev("roll", f"{st.labels[p]} hit location: {COMPONENTS[loc]}", player=p, component=loc))
        if not s.destroyed[loc]:
            losses_mod.destroy(st, p, loc, events)

def gain_heat(st: PenanceState, p: int, n: int, events: list[Event], why: str) -> None:
    s = st.sides[p]
    if n <= 0:
        return
    if "cracked_rib" in s.wounds:
        n += 1  # wound: each time you gain Heat, +1 more
    s.heat += n
    events.append(ev("heat", f"{st.labels[p]} +{n} Heat ({why}): Heat {s.heat}", player=p, heat=s.heat, gained=n))

def damage_die(st: PenanceState, p: int, events: list[Event]) -> None:
    """004 §1 Damage Die."""
    s = st.sides[p]
    r = st.rng.die(6)
    name, text = DAMAGE_DIE[r]
    events.append(ev("damage_die", f"{st.labels[p]} Damage Die {r}: {name} — {text}", player=p, roll=r))
    if r == 1:
        gain_heat(st, p, 1, events, name)
    elif r == 2:
        s.sp_loss_next += 1
    elif r == 3:
        s.discard_next += 1
    elif r == 4:
        s.struct_weak += 1
    elif r == 5:
        pilot_mod.flip_wounds(st, p, 1, events)
    else:
        s.sp += 1

def suffer(st: PenanceState, p: int, events: list[Event]) -> None:
    """004 §6 Suffering Die (ref §1 numbering)."""
    s = st.sides[p]
    r = st.rng.die(6)
    name, text = SUFFERING_DIE[r]
    events.append(ev("suffering", f"{st.labels[p]} Suffering Die {r}: {name} — {text}", player=p, roll=r))
    if r == 2:
        losses_mod.harm(st, p, 2)
    elif r == 3:
        losses_mod.harm(st, p, 1)
        s.turn_dmg += 1
    elif r == 4:
        losses_mod.harm(st, p, 1)
        gain_heat(st, p, 1, events, name)
        s.next_dmg += 2
    elif r == 5:
        losses_mod.harm(st, p, 3)
        s.next_dmg += 3
    elif r == 6:
        losses_mod.harm(st, p, 1)
        pl = s.piles
        if pl.discard:  # recover 1 card from discard: into the draw deck (ref §2)
            pl.deck.append(pl.discard.pop())
            st.rng.shuffle(pl.deck)

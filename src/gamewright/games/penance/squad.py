"""Squads (issue 16 §1): what allies do for one another, and a casket leaving the battle.

Functions of the state (``PenanceState``), used by the rules only when a side has more than one casket: which
enemies an attack reaches, Martyrdom Protocol's redirect, Shield Wall's "allies behind you", Rally Cry,
Last Rites' window when an ally is defeated, and pilot extraction (004 §5 Pilot Death: "Pilot must be
extracted (if allies present)"). ``must_extract`` is the extraction rule in one place for a campaign layer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamewright.core.game import Event
from gamewright.games.penance import heat as heat_mod
from gamewright.games.penance import legality as legality_mod
from gamewright.games.penance import losses as losses_mod
from gamewright.games.penance.events import ev
from gamewright.games.penance.values import allies, foes, is_scrap, stopped

if TYPE_CHECKING:
    from gamewright.games.penance.actions import Act
    from gamewright.games.penance.cards import CardDef
    from gamewright.games.penance.state import PenanceState

BEHIND = frozenset((3, 4, 5))  # your sides 3-5: "behind you" mirrors ref §2's "hexes in front" (sides 6, 1, 2)
RALLY_RANGE = 3  # 004 §1 Rally Cry: "Ally within 3 hexes"
MARTYR_REACH = 1  # Martyrdom Protocol names no range: melee, ref §2 "no stated range is melee (range 1)"
SUPPRESS_TARGETS = 3  # 004 §1 Suppressing Fire: "up to 3 targets"
LAST_RITES = 5  # 004 §1 tactics: Last Rites "recover 5 cards"
EXTRACT_SP = 1  # 004 §5 names no cost; one SP, the price of a step (RULINGS Penance squads)
MARTYR_SUFFERING_PER = 3  # 004 §6: "roll 1 Suffering Die per 3 damage redirected"
# the decisions and steps that belong to a casket (item[1]); they go when it leaves the battle
OWNED = frozenset(("mulligan", "turn", "turn_end", "main", "react", "loss", "cost", "rites", "strike"))


# --- leaving the battle ----------------------------------------------------------------------------------
def put_out(st: PenanceState, c: int, reason: str, events: list[Event], withdrawn: bool = False) -> None:
    """Casket ``c`` is defeated (ref §4 Victory's conditions) or ``withdrawn`` (a campaign retreat): inert where
    it stands, its turns and pending decisions dropped, an attack on it ended; the enemy whose attack did it
    counts a kill (Righteous Fury); allies holding Last Rites get its window when it was defeated."""
    s = st.sides[c]
    s.out = reason
    at = st.attack
    if at is not None and c in (at["target"], at["attacker"]):
        if at["target"] == c and st.team[at["attacker"]] != st.team[c]:
            st.sides[at["attacker"]].kills += 1
        attacker = at["attacker"]
        st.todo = [t for t in st.todo if not (t[0] in ("defense", "attack_end") and t[1] == attacker)]
        st.attack = None
    st.todo = [t for t in st.todo if not (t[0] in OWNED and t[1] == c)]
    events.append(ev("out", f"{st.labels[c]} is out of the battle: {st.labels[c]}'s {reason}", player=c,
                     reason=reason))
    if withdrawn and st.rules.last_rites == "defeat":
        return  # 004 §1 Last Rites: "When ally is defeated"; a withdrawn pilot retreats alive (RULINGS)
    for a in allies(st, c):
        if rites_cards(st, a):
            st.todo.append(["rites", a, c])


def rites_cards(st: PenanceState, a: int) -> list[int]:
    """Last Rites cards ``a`` may play now (not banned by Broken Finger, not SCRAP)."""
    s = st.sides[a]
    return [i for i in s.piles.hand if s.piles.cards[i] == "last_rites" and s.banned != "last_rites"
            and not is_scrap(st, a, "last_rites")]


def last_rites(st: PenanceState, a: int, action: Act, events: list[Event]) -> None:
    """004 §1 Church tactics, Last Rites (0 SP, reactive: when an ally is defeated, recover 5 cards);
    "recover" with no source: graveyard → discard pile (ref §2)."""
    if action.kind == "pass":
        events.append(ev("react", f"{st.labels[a]} plays no Last Rites", player=a, card=None))
        return
    losses_mod.move_card(st, a, action.card, "discard")
    events.append(ev("react", f"{st.labels[a]} plays Last Rites", player=a, card="last_rites"))
    losses_mod.recover_grave(st, a, LAST_RITES, events, "Last Rites")


def must_extract(st: PenanceState, c: int) -> bool:
    """004 §5 Pilot Death: "Pilot must be extracted (if allies present)" — casket ``c`` is out of the battle,
    its pilot not yet pulled out, and an ally of its side is still fighting. Read by a campaign layer at the
    battle's end (a pilot left behind is not extracted)."""
    s = st.sides[c]
    return bool(s.out) and not s.extracted and bool(allies(st, c))


def pilot_report(st: PenanceState) -> list[dict[str, Any]]:
    """Each casket's pilot at this moment, for a campaign layer: side, whether the casket is out (and why), the
    pilot dead (004 §5: ten wounds), extracted, still owed an extraction, its wounds and kills."""
    from gamewright.games.penance.pilot import PILOT_DEATH

    return [{"casket": c, "label": st.labels[c], "side": st.team[c], "out": s.out, "dead": len(s.wounds) >= PILOT_DEATH,
             "extracted": s.extracted, "must_extract": must_extract(st, c), "wounds": list(s.wounds),
             "kills": s.kills} for c, s in enumerate(st.sides)]


def extract_problem(st: PenanceState, p: int, c: int) -> str | None:
    """Why ``p`` cannot extract ``c``'s pilot now (None: it can): an adjacent ally out of the battle."""
    if not 0 <= c < len(st.sides) or c == p or st.team[c] != st.team[p]:
        return "extract names an allied casket"
    s = st.sides[c]
    if not s.out:
        return f"{st.labels[c]} is still fighting"
    if s.extracted:
        return f"{st.labels[c]}'s pilot is already extracted"
    if st.map.dist[st.sides[p].pos][s.pos] != 1:
        return f"extraction needs you adjacent to {st.labels[c]}"
    if st.sides[p].sp < EXTRACT_SP:
        return f"extraction costs {EXTRACT_SP} SP and you have {st.sides[p].sp}"
    return None


def extract(st: PenanceState, p: int, c: int, events: list[Event]) -> None:
    st.sides[p].sp -= EXTRACT_SP
    st.sides[c].extracted = True
    events.append(ev("extract", f"{st.labels[p]} extracts {st.labels[c]}'s pilot ({EXTRACT_SP} SP)", player=p,
                     extracted=c))


# --- attacks ---------------------------------------------------------------------------------------------
def attack_targets(st: PenanceState, p: int, c: CardDef, target: int) -> list[int]:
    """Every enemy one attack rolls against (ref §2: a multi-target attack rolls once per target), the
    primary target first: area cards hit every enemy in their area; Righteous Cleave adds one other enemy
    adjacent to you (the first in casket order); Suppressing Fire adds up to two more enemies in its reach."""
    if c.area != "single":
        return [k for k in foes(st, p) if legality_mod.attack_geometry(st, p, c, k) is None]
    out = [target]
    if c.id == "righteous_cleave":
        here = st.sides[p].pos
        out += [k for k in foes(st, p) if k != target and st.map.dist[here][st.sides[k].pos] == 1][:1]
    elif c.id == "suppressing_fire":
        out += [k for k in foes(st, p) if k != target and legality_mod.attack_geometry(st, p, c, k) is None]
        out = out[:SUPPRESS_TARGETS]
    return out


def redirect(st: PenanceState, p: int, t: int, events: list[Event]) -> int:
    """004 §1 Martyrdom Protocol: "Redirect 1 attack targeting ally to yourself this round" — an ally of the
    target adjacent to it with a redirect left takes the attack (the first in casket order); the attack is
    then resolved against it from where the attacker stands."""
    here = st.sides[t].pos
    for m in allies(st, t):
        s = st.sides[m]
        if s.martyr > 0 and st.map.dist[here][s.pos] <= MARTYR_REACH:
            s.martyr -= 1
            events.append(ev("redirect", f"{st.labels[m]} Martyrdom Protocol: the attack on {st.labels[t]} is "
                             f"redirected to {st.labels[m]}", player=m, ally=t))
            return m
    return t


def martyr_suffering(st: PenanceState, m: int, damage: int, events: list[Event]) -> None:
    """Option ``martyrdom=suffering_dice`` (004 §6): 1 Suffering Die per 3 damage redirected."""
    for _ in range(damage // MARTYR_SUFFERING_PER):
        if stopped(st, m):
            return
        heat_mod.suffer(st, m, events)


def wall_defense(st: PenanceState, d: int) -> int:
    """004 §1 Shield Wall: "Allies behind you get +2 Defense" — each ally with a Shield Wall up that ``d``
    stands behind (adjacent, on the ally's sides 3-5)."""
    here = st.sides[d].pos
    total = 0
    for w in allies(st, d):
        s = st.sides[w]
        if s.guard and st.map.dist[here][s.pos] == 1 and st.map.side_of(s.pos, s.facing, here) in BEHIND:
            total += s.guard
    return total


# --- cards for an ally ------------------------------------------------------------------------------------
ALLY_CARDS = frozenset(("rally_cry",))  # played on a named ally


def ally_problem(st: PenanceState, p: int, cid: str, a: int) -> str | None:
    """Why ``p`` cannot play ``cid`` on ally ``a`` (None: it can)."""
    if cid not in ALLY_CARDS:
        return "only Rally Cry is played on a named ally"
    if not 0 <= a < len(st.sides) or a == p or st.team[a] != st.team[p] or st.sides[a].out:
        return "name an ally still in the battle"
    if st.map.dist[st.sides[p].pos][st.sides[a].pos] > RALLY_RANGE:
        return f"Rally Cry reaches an ally within {RALLY_RANGE} hexes"
    return None


def ally_effect(st: PenanceState, p: int, c: CardDef, a: int, events: list[Event]) -> None:
    """004 §1 Rally Cry: the ally draws 1 card."""
    events.append(ev("effect", f"{st.labels[p]} {c.name}: {st.labels[a]} draws 1 card", player=p, ally=a))
    losses_mod.draw(st, a, 1, events)


def squad_play(st: PenanceState, p: int, c: CardDef, events: list[Event]) -> bool:
    """The squad meaning of a card played with no ally named; False: the one-on-one effect applies."""
    s = st.sides[p]
    if c.id == "martyrdom_protocol":
        s.martyr += 1
        events.append(ev("effect", f"{st.labels[p]} Martyrdom Protocol: the next attack on an adjacent ally "
                         "this round comes to it", player=p))
        return True
    if c.id == "shield_wall" and st.rules.shield_wall == "allies":
        s.guard += c.defense
        events.append(ev("effect", f"{st.labels[p]} Shield Wall: allies behind it +{c.defense} Defense", player=p))
        return True
    if c.id == "rally_cry":
        events.append(ev("effect", f"{c.name}: no ally named (no effect)", player=p))
        return True
    return False

"""The step machine: ``apply_action``, the automatic steps of rounds and turns, and the main phase (004 §7, §8;
ref §4). Functions of the state (``PenanceState``).

The flow is a stack of steps (``todo``): automatic steps (round start, turn start, defense roll, attack end,
turn end, round end) run inside ``apply_action``; decision steps wait for a player (mulligan, the main action phase,
the defender's reactive window, choosing where lost cards come from, a Dual Wield discard).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamewright.core.errors import RuleViolation
from gamewright.core.game import Event
from gamewright.games.penance import heat as heat_mod
from gamewright.games.penance import squad as squad_mod
from gamewright.games.penance.actions import Act
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.combat import do_react, resolve_attack, step_attack_end, step_defense, step_strike
from gamewright.games.penance.components import HEAD
from gamewright.games.penance.effects import play_effect
from gamewright.games.penance.events import ev, squad_events
from gamewright.games.penance.hexgrid import DIRECTIONS, WATER
from gamewright.games.penance.legality import check_shape, listed_copy, validate
from gamewright.games.penance.losses import (
    card_name,
    check_decks,
    defeat,
    do_lose,
    draw,
    harm,
    move_card,
    recover_grave,
    refill,
)
from gamewright.games.penance.piles import DAMAGED
from gamewright.games.penance.values import (
    HAND_SIZE,
    card_cost,
    damaged_zone,
    move_cost,
    prune_exposed,
    rotate_cost,
    sp_max,
    stopped,
)

if TYPE_CHECKING:
    from gamewright.games.penance.state import PenanceState

DECISIONS = frozenset(("mulligan", "main", "react", "loss", "cost", "rites"))


def check_action(st: PenanceState, action: Act) -> None:
    """Raise ``RuleViolation`` unless ``action`` is legal now; reads only (``apply`` and ``preview``)."""
    if not isinstance(action, Act):
        raise RuleViolation(repr(action)[:120], "not a Penance action")
    check_shape(action)
    if st.over:
        raise RuleViolation(action.to_text(), "the battle is over", "004 §9")
    top = st.todo[-1]
    validate(st, action, top[0], top[1], top)


def apply_action(st: PenanceState, action: Act) -> list[Event]:
    for a in st.listed or ():
        if a is action:  # the very value just listed as legal for this position: valid as it is
            break
    else:  # anything else is validated (and a copy of a listed card played as the listed one)
        check_action(st, action)
        action = listed_copy(st, action)
    st.listed = None  # the position changes now
    top = st.todo[-1]
    kind, p = top[0], top[1]
    events: list[Event] = []
    if kind == "main":  # the most common decision first
        _do_main(st, p, action, events)
    elif kind == "mulligan":
        st.todo.pop()
        _do_mulligan(st, p, action.kind == "mulligan", events)
    elif kind == "react":
        st.todo.pop()
        do_react(st, p, action, events)
    elif kind == "rites":
        st.todo.pop()
        squad_mod.last_rites(st, p, action, events)
    elif kind == "loss":
        do_lose(st, p, action, top, events)
    elif kind == "cost":
        st.todo.pop()
        move_card(st, p, action.card, "discard")
        events.append(ev("discard", f"{st.labels[p]} discards {card_name(st, p, action.card)} (Dual Wield)",
                         player=p, card=st.sides[p].piles.cards[action.card]))
    advance(st, events)
    if not st.over:
        check_decks(st, events)
    prune_exposed(st)
    if st.squad:
        squad_events(st, events)
    return events


# --- the step machine -------------------------------------------------------------------------------
def advance(st: PenanceState, events: list[Event]) -> None:
    while not st.over and st.todo:
        top = st.todo[-1]
        kind = top[0]
        if kind in DECISIONS:
            if not _auto_decide(st, top, events):
                return
            continue
        st.todo.pop()
        STEPS[kind](st, top, events)
        if not st.over:
            check_decks(st, events)


def _auto_decide(st: PenanceState, top: list[Any], events: list[Event]) -> bool:
    """Resolve a decision with a single possible answer without asking (True if resolved)."""
    kind, p = top[0], top[1]
    pl = st.sides[p].piles
    if kind == "loss" and (top[3] == "forced" or not pl.hand):
        do_lose(st, p, Act("lose"), top, events)
        return True
    if kind == "cost" and not pl.hand:
        st.todo.pop()
        return True
    return False


# --- round and turn steps --------------------------------------------------------------------------
def step_round_start(st: PenanceState, _: list[Any], events: list[Event]) -> None:
    st.round += 1
    st.temp_difficult = []
    if st.squad:
        _squad_initiative(st, events)
    else:
        rolls: list[int] = [0, 0]
        while True:  # ref §4: 1d6 + class initiative, ties re-rolled
            rolls = [st.rng.die(6) + s.cls.initiative for s in st.sides]
            if rolls[0] != rolls[1]:
                break
        first = 0 if rolls[0] > rolls[1] else 1
        events.append(ev("round", f"Round {st.round}: initiative P1 {rolls[0]}, P2 {rolls[1]} — "
                         f"P{first + 1} first", round=st.round, initiative=rolls, first=first))
        st.todo += [["round_end"], ["turn", 1 - first], ["turn", first]]
    for p, s in enumerate(st.sides):
        if "internal_bleeding" in s.wounds and not s.out:  # wound: at start of each round discard 1 card
            events.append(ev("effect", f"{st.labels[p]} Internal Bleeding: discard 1 card", player=p))
            harm(st, p, 1)


def _squad_initiative(st: PenanceState, events: list[Event]) -> None:
    """ref §4: every casket rolls 1d6 + its class initiative, highest first; ties between enemies are
    re-rolled (every casket rolls again), ties between allies keep deck order. ``activation=side``: the side
    with the best single roll takes all its caskets' turns first, each side in its caskets' roll order."""
    live = [c for c, s in enumerate(st.sides) if not s.out]
    while True:
        rolls = {c: st.rng.die(6) + st.sides[c].cls.initiative for c in live}
        if st.rules.activation == "side":
            best = [max((r for c, r in rolls.items() if st.team[c] == t), default=-99) for t in (0, 1)]
            if best[0] != best[1]:
                break
        elif not any(rolls[a] == rolls[b] and st.team[a] != st.team[b] for a in live for b in live):
            break
    order = sorted(live, key=lambda c: (-rolls[c], c))
    if st.rules.activation == "side":
        lead = 0 if best[0] > best[1] else 1
        order = [c for c in order if st.team[c] == lead] + [c for c in order if st.team[c] != lead]
    names = ", ".join(f"{st.labels[c]} {rolls[c]}" for c in live)
    events.append(ev("round", f"Round {st.round}: initiative {names} — order "
                     + ", ".join(st.labels[c] for c in order), round=st.round,
                     initiative=[rolls.get(c) for c in range(len(st.sides))], first=order[0], order=order))
    st.todo += [["round_end"]] + [["turn", c] for c in reversed(order)]


def step_turn(st: PenanceState, item: list[Any], events: list[Event]) -> None:
    p = item[1]
    s = st.sides[p]
    if s.out:  # a casket put out of the battle earlier this round takes no turn
        return
    st.turn_player = p
    st.turns += 1
    s.moved = s.free_moves = 0
    s.free_rot = s.no_move = s.no_attack = s.acted = False
    s.feint = s.turn_dmg = 0
    s.def_turn = s.shield_wall = 0  # ref §2 Durations: "this turn/round" bonuses end now
    s.martyr = s.guard = 0  # Martyrdom Protocol and Shield Wall for allies: "this round", likewise
    s.sp = sp_max(st, p)
    events.append(ev("turn", f"{st.labels[p]} turn (round {st.round}): SP {s.sp}, Heat {s.heat}", player=p,
                     sp=s.sp, heat=s.heat))
    st.todo += [["turn_end", p], ["main", p]]
    if st.map.terrain[s.pos] == WATER and s.heat:
        s.heat = max(0, s.heat - 2)  # 004 §7: water removes 2 Heat per turn
        events.append(ev("heat", f"{st.labels[p]} stands in water: Heat {s.heat}", player=p, heat=s.heat))
    for owner, centre in st.zones:  # ref §2: "allies" include yourself
        if st.team[owner] == st.team[p] and st.map.dist[centre][s.pos] <= 3:
            recover_grave(st, p, 2, events, "Consecrated Ground")
    if s.heat >= heat_mod.DANGER_HEAT:  # 004 §7: the Danger Zone (5+, ``heat_zone`` not safe) rolls Strain first
        heat_mod.strain(st, p, events)
        if stopped(st, p):
            return
    # ref §4: Refresh (SP, Strain) comes before start-of-turn effects, so a damaged head's Heat is gained
    # after the Strain check (RULINGS)
    head = damaged_zone(st, p, HEAD)
    if head:  # ref §2/§3: head structure +1 Heat per turn, destroyed +2
        heat_mod.gain_heat(st, p, head, events, "damaged head")
    if s.sp_loss_next:
        s.sp = max(0, s.sp - s.sp_loss_next)
        events.append(ev("effect", f"{st.labels[p]} System Glitch: -{s.sp_loss_next} SP", player=p))
        s.sp_loss_next = 0
    if s.discard_next:
        events.append(ev("effect", f"{st.labels[p]} Internal Bleeding (Damage Die): discard {s.discard_next}",
                         player=p))
        harm(st, p, s.discard_next)
        s.discard_next = 0
    if "dissociation" in s.wounds:
        r = st.rng.die(6)
        if r <= 2:
            s.sp = max(0, s.sp - 1)
        events.append(ev("roll", f"{st.labels[p]} Dissociation roll {r}" + (": -1 SP" if r <= 2 else ""), player=p,
                         roll=r))


def step_turn_end(st: PenanceState, item: list[Any], events: list[Event]) -> None:
    p = item[1]
    s = st.sides[p]
    if not s.acted and s.heat > 0:  # 004 §7: passing your turn removes 1 Heat
        s.heat -= 1
        events.append(ev("heat", f"{st.labels[p]} passes: Heat {s.heat}", player=p, heat=s.heat))
    s.moved_last = s.moved
    refill(st, p, events)


def step_round_end(st: PenanceState, _: list[Any], events: list[Event]) -> None:
    for p, s in enumerate(st.sides):  # ref §4: hands discarded except DAMAGED, then refill
        if s.out:
            continue
        pl = s.piles
        keep = [i for i in pl.hand if pl.cards[i] == DAMAGED]
        gone = [i for i in pl.hand if pl.cards[i] != DAMAGED]
        pl.discard += gone
        pl.hand = keep
        events.append(ev("discard", f"{st.labels[p]} discards {len(gone)} cards at the end of the round", player=p,
                         count=len(gone)))
    for p in range(len(st.sides)):
        if not st.sides[p].out:
            refill(st, p, events)
        if st.over:
            return
    st.temp_difficult = []
    st.todo.append(["round_start"])


# --- mulligan --------------------------------------------------------------------------------------
def _do_mulligan(st: PenanceState, p: int, redo: bool, events: list[Event]) -> None:
    pl = st.sides[p].piles
    if redo:  # 004 §8: shuffle the hand back and draw 6 new (once)
        pl.deck += pl.hand
        pl.hand = []
        st.rng.shuffle(pl.deck)
        for _ in range(HAND_SIZE):
            pl.draw(st.rng)
    events.append(ev("mulligan", f"{st.labels[p]} {'mulligans' if redo else 'keeps'}", player=p, mulligan=redo))


# --- the main phase --------------------------------------------------------------------------------
def _do_main(st: PenanceState, p: int, a: Act, events: list[Event]) -> None:
    s = st.sides[p]
    if a.kind == "end":
        st.todo.pop()
        events.append(ev("end", f"{st.labels[p]} ends the turn", player=p))
        return
    s.acted = True
    if a.kind == "withdraw":  # RULINGS: the pilot retreats; the casket leaves the field (004 §9 Campaign)
        events.append(ev("withdraw", f"{st.labels[p]} withdraws from the field", player=p))
        defeat(st, p, "pilot withdraws from the field", events, withdrawn=True)
        return
    if a.kind == "move":
        dest = st.map.neighbors[s.pos][a.arg]
        cost = move_cost(st, p, dest)
        if s.free_moves > 0:
            s.free_moves -= 1
        s.sp -= cost
        s.pos = dest
        s.moved += 1
        events.append(ev("move",
                         f"{st.labels[p]} moves {DIRECTIONS[a.arg]} to {st.map.hex_name(dest)} ({cost} SP)",
                         player=p, to=dest, cost=cost))
    elif a.kind == "rotate":
        cost = rotate_cost(st, p)
        s.free_rot = True
        s.sp -= cost
        s.facing = a.arg
        events.append(ev("rotate", f"{st.labels[p]} turns to face {DIRECTIONS[a.arg]} ({cost} SP)", player=p,
                         facing=a.arg, cost=cost))
    elif a.kind in ("sacrifice", "purge"):
        move_card(st, p, a.card, "discard" if a.kind == "sacrifice" else "grave")
        events.append(ev("damaged", f"{st.labels[p]} {a.kind}s a DAMAGED card", player=p, mode=a.kind))
        heat_mod.damage_die(st, p, events)
    elif a.kind == "extract":
        squad_mod.extract(st, p, a.target, events)
    elif a.kind == "scrap":
        name = card_name(st, p, a.card)
        move_card(st, p, a.card, "discard")
        events.append(ev("scrap", f"{st.labels[p]} cannibalises SCRAP {name}: discard it, draw 1", player=p))
        draw(st, p, 1, events)
    else:
        _play(st, p, a, events)


def _play(st: PenanceState, p: int, a: Act, events: list[Event]) -> None:
    s = st.sides[p]
    pl = s.piles
    cid = pl.cards[a.card]
    c = card_table()[cid]
    cost = card_cost(st, p, cid)
    s.sp -= cost
    pl.hand.remove(a.card)
    events.append(ev("play", f"{st.labels[p]} plays {c.name} ({cost} SP)", player=p, card=cid, cost=cost))
    if c.is_attack:
        pl.discard.append(a.card)
        resolve_attack(st, p, c, a.arg, events, a.target)
        return
    if a.target >= 0:  # squads: the ally the card helps (Rally Cry)
        squad_mod.ally_effect(st, p, c, a.target, events)
    else:
        play_effect(st, p, c, events)
    (pl.removed if c.once else pl.discard).append(a.card)


# the automatic steps ``advance`` runs, by the kind a pending step names
STEPS: dict[str, Callable[[PenanceState, list[Any], list[Event]], None]] = {
    "round_start": step_round_start, "turn": step_turn, "turn_end": step_turn_end, "round_end": step_round_end,
    "strike": step_strike, "defense": step_defense, "attack_end": step_attack_end,
}

"""The fight's course: initiative, turns and rounds, held actions, the Resolve checks after each action, the
end of the fight, and ``apply_action``, which carries out one decision (ref §1 "Initiative", "Combat Turns";
003 "Held Actions", "Resolve"). Functions of the state (``combat.CombatState``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamewright.core.errors import RuleViolation
from gamewright.core.game import Event
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat_actions import approach, npc_use, pc_use
from gamewright.games.affinity.combat_fighters import FREE_MOVE, START_GAP, resolve_event
from gamewright.games.affinity.combat_legality import validate

if TYPE_CHECKING:
    from gamewright.games.affinity.combat import CombatState


def start(st: CombatState) -> list[Event]:
    """Place the sides, roll initiative (ref §1 "Initiative") and begin round 1."""
    events: list[Event] = []
    party = [f for f in st.fighters if f.side == 0]
    foes = [f for f in st.fighters if f.side == 1]
    for i, f in enumerate(party):
        f.x, f.y = 0, i
    for i, f in enumerate(foes):
        f.x, f.y = START_GAP, i
    init_ex = int(st.options.get("initiative_exertion", 0))
    keys: dict[int, tuple[int, ...]] = {}
    for f in st.fighters:
        # initiative exertion (ref §1) only for the conscious: an unconscious sheet pushes nothing, and the
        # "never below 1 HD" clamp must not lift a dying character off 0 HD
        ex = min(init_ex, f.prof) if f.pc and f.status == rs.OK else 0
        faces = st.rng.dice(3 + ex, 6)
        burned = sum(1 for v in faces[3:] if v == 1)
        if burned:
            f.hd = max(1, f.hd - burned)  # initiative burns (never fatal before the fight begins)
        f.initiative = sum(faces)
        keys[f.idx] = (sum(faces), max(faces))
    # ties: highest single die, then re-roll among the still tied
    groups: dict[tuple[int, ...], list[int]] = {}
    for idx, key in keys.items():
        groups.setdefault(key, []).append(idx)
    for key, idxs in groups.items():
        if len(idxs) > 1:
            extra = _reroll_ties(st, idxs)
            for idx in idxs:
                keys[idx] = key + extra[idx]
    st.order = sorted(keys, key=lambda i: keys[i], reverse=True)
    surprised = set(st.options.get("surprised", ()))
    for f in st.fighters:
        # ref §1 Initiative: a non-surprised roll grants +1 Resolve; the unconscious (collapsed or dying on a
        # stored sheet) roll nothing, so a collapsed character is not woken by it (003 "Collapse")
        if f.side not in surprised and not f.mindless and f.status == rs.OK:
            f.resolve = min(f.resolve_max, f.resolve + 1)
            rs.update_status(f)
    for f in st.fighters:
        f.hd_start = f.hd
    text = ", ".join(f"{st.fighters[i].name} {st.fighters[i].initiative}" for i in st.order)
    events.append(Event("initiative", {"order": list(st.order)}, f"Initiative: {text}"))
    next_turn(st, events)
    return events


def _reroll_ties(st: CombatState, idxs: list[int]) -> dict[int, tuple[int, ...]]:
    extra: dict[int, tuple[int, ...]] = {}
    pending = list(idxs)
    while pending:
        rolls = {i: sum(st.rng.dice(3, 6)) for i in pending}
        for i in pending:
            extra[i] = extra.get(i, ()) + (rolls[i],)
        counts: dict[int, int] = {}
        for v in rolls.values():
            counts[v] = counts.get(v, 0) + 1
        pending = [i for i in pending if counts[rolls[i]] > 1]
    length = max(len(v) for v in extra.values())
    return {i: v + (0,) * (length - len(v)) for i, v in extra.items()}


# --- turns -------------------------------------------------------------------------------------------
def check_end(st: CombatState, events: list[Event]) -> bool:
    party = foes = False  # is each side still up: one pass, after every action
    for f in st.fighters:
        if f.status == rs.OK:
            if f.side == 0:
                party = True
            elif f.side == 1:
                foes = True
    if party and foes:
        return False
    st.winner = 0 if party else (1 if foes else -1)
    label = {0: "the party wins", 1: "the creatures win", -1: "nobody is left standing"}[st.winner]
    events.append(Event("end", {"winner": st.winner, "round": st.round}, f"Fight over: {label}"))
    return True


def next_turn(st: CombatState, events: list[Event]) -> None:
    if check_end(st, events):
        return
    while True:
        st.turn_pos += 1
        if st.turn_pos >= len(st.order):
            if _held_turn(st, events):
                return
            st.held_phase = False
            end_round(st, events)
            if check_end(st, events):
                return
            st.turn_pos = 0
        f = st.fighters[st.order[st.turn_pos]]
        f.defend_bonus = 0  # Defend lasts until your next turn, which comes round even if you cannot act
        if f.status != rs.OK:
            continue
        f.shared_turn = False
        f.move_left = FREE_MOVE
        f.expert_used = False
        f.exerted_turn = False
        actions = max(0, f.actions_per_turn - f.parry_debt)
        f.parry_debt = 0
        if f.stunned:  # ref §1 "Conditions": stunned loses its next turn's actions
            f.stunned = False
            events.append(Event("stunned", {"who": f.idx}, f"{f.name} is stunned and loses the turn"))
            continue
        if f.prone:  # standing costs half the movement
            f.prone = f.prone_bonus = False
            f.move_left = FREE_MOVE // 2
        f.actions_left = actions
        if actions <= 0:
            continue
        st.active = f.idx
        events.append(Event("turn", {"who": f.idx, "round": st.round},
                            f"Round {st.round}: {f.name}'s turn ({f.dice_text()}, Resolve {f.resolve})"))
        return


def _held_turn(st: CombatState, events: list[Event]) -> bool:
    """003 "Held Actions": with no trigger by the round's end, held actions serve Basic actions at count 0."""
    for idx in st.order:
        f = st.fighters[idx]
        if f.held > 0:
            actions, f.held = f.held, 0
            if f.status != rs.OK:
                continue
            st.held_phase = True
            st.turn_pos = len(st.order)
            f.actions_left = actions
            f.expert_used = False
            st.active = f.idx
            events.append(Event("turn", {"who": f.idx, "round": st.round, "held": True},
                                f"Round {st.round}, count 0: {f.name} uses {actions} held action(s), "
                                "Basic only"))
            return True
    return False


def end_round(st: CombatState, events: list[Event]) -> None:
    for idx in st.order:
        f = st.fighters[idx]
        if f.status == rs.DYING:  # ref §1: the dying end-of-round check counts as the round's one check
            out = rs.resolve_check(f, st.rng, st.round, rs.DYING_ROUND)
            if out:
                events.append(resolve_event(f, out))
    for f in st.fighters:
        f.hd_lost_round = 0
        f.parry_debt = 0  # a reaction spends an action of this round's turn only
        f.stabilized = False  # Stabilize lasts "this round"
        if f.htl_rounds:
            f.htl_rounds -= 1
        if f.purpose_rounds:
            f.purpose_rounds -= 1
    st.round += 1
    events.append(Event("round", {"round": st.round}, f"--- Round {st.round} ---"))

def after_action(st: CombatState, events: list[Event]) -> None:
    """Resolve checks are rolled after the action that triggered them, one per round (ref §1)."""
    for idx in st.order:
        f = st.fighters[idx]
        if f.pending:
            reason, f.pending = f.pending, ""
            was = f.status
            out = rs.resolve_check(f, st.rng, st.round, reason)
            if out:
                events.append(resolve_event(f, out))
                if f.status != was:
                    events.append(Event("status", {"who": f.idx, "status": f.status}, f"{f.name} is {f.status}"))
    check_end(st, events)


def apply_action(st: CombatState, act: Any) -> list[Event]:
    why = validate(st, act)
    if why:
        what = act.to_text() if hasattr(act, "to_text") else repr(act)
        raise RuleViolation(what, why, "affinity combat")
    f = st.fighters[st.active]
    events: list[Event] = []
    st.log_actions += 1
    if act.verb == "end":
        f.actions_left = 0
        events.append(Event("end_turn", {"who": f.idx}, f"{f.name} ends the turn"))
    elif act.verb == "hold":
        f.held, f.actions_left = f.actions_left, 0
        events.append(Event("hold", {"who": f.idx, "actions": f.held},
                            f"{f.name} holds {f.held} action(s)"))
    elif act.verb == "move":
        approach(st, f, st.fighters[act.target], 1, events)
    elif act.verb == "share":
        e = st.fighters[act.target]
        f.affinity -= act.affinity
        e.affinity += act.affinity
        f.shared_turn = True
        events.append(Event("share", {"who": f.idx, "target": e.idx, "dice": act.affinity},
                            f"{f.name} shares {act.affinity} Affinity dice with {e.name}"))
    elif f.pc:
        pc_use(st, f, act, events)
    else:
        npc_use(st, f, act, events)
    after_action(st, events)
    if st.winner is None and (f.status != rs.OK or f.actions_left <= 0):
        next_turn(st, events)
    return events

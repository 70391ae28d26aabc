"""Which decisions are legal now, and why an illegal one is refused (004 §2, §7, §8; ref §2, §4).

Functions of the state (``PenanceState``); they read it and never change it, except that ``legal_actions``
keeps the list it gives in ``st.listed`` (``flow.apply_action`` takes a listed action without validating it
again)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from gamewright.core.errors import RuleViolation
from gamewright.games.penance import squad as squad_mod
from gamewright.games.penance.actions import Act, act
from gamewright.games.penance.cards import CardDef, card_table
from gamewright.games.penance.components import COMPONENTS, LEFT_ARM, LEGS, RIGHT_ARM
from gamewright.games.penance.hexgrid import DIRECTIONS, WALL
from gamewright.games.penance.piles import DAMAGED
from gamewright.games.penance.values import (
    allies,
    card_cost,
    casket_surcharge,
    foe,
    foes,
    has_tactic,
    is_scrap,
    move_cost,
    rotate_cost,
)

if TYPE_CHECKING:
    from gamewright.games.penance.state import PenanceState

UNPLAYABLE_1V1 = frozenset(("last_rites",))  # its window ("when an ally is defeated") never opens one-on-one

# What each kind of decision carries: its card ("none" = -1, "card" = an instance, "either") and its argument
# ("none" = -1, "direction" = 0-5, "target" = -1 or a component 0-4). Checked before anything else is read.
SHAPES = {
    "keep": ("none", "none"), "mulligan": ("none", "none"), "end": ("none", "none"), "rune": ("none", "none"),
    "pass": ("none", "none"), "move": ("none", "direction"), "rotate": ("none", "direction"),
    "play": ("card", "target"), "lose": ("either", "none"), "react": ("card", "none"),
    "sacrifice": ("card", "none"), "purge": ("card", "none"), "scrap": ("card", "none"), "discard": ("card", "none"),
    "extract": ("none", "none"), "withdraw": ("none", "none"),
}
TARGETED = frozenset(("play", "extract"))  # the kinds that may name a casket (squads)
MAX_CASKETS = 6
ANY_TARGET = -2  # listing legal actions: the card's checks other than its target
REFUSED = "refused"  # a refusal whose text nobody reads (``why=False``)
ARG_RANGE = {"none": (-1, -1), "direction": (0, 5), "target": (-1, 4)}
CARD_LOW = {"none": -1, "card": 0, "either": -1}
_MOVES = tuple(act("move", arg=d) for d in range(6))
_END = act("end")
_ROTATIONS = tuple(tuple(act("rotate", arg=f) for f in range(6) if f != facing) for facing in range(6))
_TARGETED: dict[tuple[int, tuple[bool, ...]], tuple[Act, ...]] = {}
_BY_CARD: dict[str, dict[int, Act]] = {"play": {}, "lose": {}}  # ``_card_act``: shared actions by card instance
_STEPS: dict[tuple[str, int, int, bool], tuple[Act, ...]] = {}  # ``_open_steps`` one-on-one, no temporary terrain


@cache
def not_played() -> frozenset[str]:
    """Cards never played from the hand with "play": passive tactics and reactive cards (``play_problem``
    refuses them first)."""
    return frozenset(cid for cid, c in card_table().items() if c.passive or c.reactive)


def _card_act(kind: str, inst: int) -> Act:
    """``act(kind, inst)`` for a card instance, kept by instance for its kind (a smaller key to build)."""
    shared = _BY_CARD[kind]
    found = shared.get(inst)
    if found is None:
        found = shared[inst] = act(kind, inst)
    return found


def _targeted_plays(inst: int, destroyed: tuple[bool, ...]) -> tuple[Act, ...]:
    """An attack card's plays at each enemy component not yet destroyed (kept per card and damage pattern)."""
    key = (inst, destroyed)
    found = _TARGETED.get(key)
    if found is None:
        found = _TARGETED[key] = tuple(act("play", inst, c) for c in range(5) if not destroyed[c])
    return found


ALLOWED = {  # the kinds of action each decision takes
    "mulligan": ("keep", "mulligan"), "react": ("react", "rune", "pass"), "loss": ("lose",),
    "cost": ("discard",),
    "main": ("end", "move", "rotate", "play", "sacrifice", "purge", "scrap", "extract", "withdraw"),
    "rites": ("react", "pass"),
}


def legal_actions(st: PenanceState) -> list[Act]:
    out = _legal_now(st)
    st.listed = tuple(out)  # ``apply`` accepts these without validating them again, until it changes the state
    return out


def _legal_now(st: PenanceState) -> list[Act]:
    if st.over:
        return []
    top = st.todo[-1]
    kind, p = top[0], top[1]
    if kind == "main":  # the most common decision first
        return _main_actions(st, p)
    s = st.sides[p]
    if kind == "mulligan":
        return [act("keep"), act("mulligan")]
    if kind == "react":
        out = [act("pass")]
        out += [act("react", i) for i in unique_hand(st, p) if reactive_ok(st, p, s.piles.cards[i])]
        if s.runes > 0:
            out.append(act("rune"))
        return out
    if kind == "loss":
        out = [_card_act("lose", i) for i in unique_hand(st, p)] if top[3] != "forced" else []
        if s.piles.deck or s.piles.discard or not out:
            out.append(act("lose"))
        return out
    if kind == "cost":
        return [act("discard", i) for i in unique_hand(st, p)]
    if kind == "rites":
        return [act("pass")] + [act("react", i) for i in squad_mod.rites_cards(st, p)[:1]]
    return _main_actions(st, p)  # (as before: any other step on top is read as a main phase)


def unique_hand(st: PenanceState, p: int) -> list[int]:
    """The first copy of each different card in ``p``'s hand, in hand order."""
    pl = st.sides[p].piles
    seen: set[str] = set()
    out = []
    for i in pl.hand:
        cid = pl.cards[i]
        if cid not in seen:
            seen.add(cid)
            out.append(i)
    return out


def reactive_ok(st: PenanceState, p: int, cid: str) -> bool:
    c = card_table()[cid]
    return c.reactive and cid not in UNPLAYABLE_1V1 and cid != st.sides[p].banned and not is_scrap(st, p, cid)


def _main_actions(st: PenanceState, p: int) -> list[Act]:
    s = st.sides[p]
    out = [_END]
    if not s.no_move and (s.sp > 0 or s.free_moves > 0):  # else every step is refused (its cost is >= 1)
        out += _open_steps(st, p)
    if rotate_cost(st, p) <= s.sp:
        out += _ROTATIONS[s.facing]
    if not st.squad:
        out += _duel_plays(st, p)
        if st.may_withdraw:  # RULINGS Penance campaigns: the pilot may retreat in the main phase
            out.append(act("withdraw"))
        return out
    cards = s.piles.cards
    squad = st.squad
    die_chooses = st.die_aims
    table = card_table()
    destroyed: tuple[bool, ...] | None = None  # the enemy's, read once for every attack card
    never = not_played()
    arms = s.destroyed[RIGHT_ARM] or s.destroyed[LEFT_ARM]  # else no card is SCRAP (``is_scrap``)
    for i in unique_hand(st, p):
        cid = cards[i]
        spent = _spent_card_acts(st, p, i, cid, arms)
        if spent is not None:
            out += spent
            continue
        if cid in never or play_problem(st, p, i, True, ANY_TARGET if squad else -1, False) is not None:
            continue
        c = table[cid]
        if squad:
            out += _squad_plays(st, p, i, c, die_chooses)
        elif not c.is_attack:
            out.append(act("play", i))
        elif die_chooses:
            out.append(act("play", i))  # the hit-location die chooses (ref §2)
        else:
            if destroyed is None:
                destroyed = tuple(st.sides[1 - p].destroyed)
            out += _targeted_plays(i, destroyed)
    if squad:
        out += [act("extract", target=c) for c in range(len(st.sides))
                if st.sides[c].out and squad_mod.extract_problem(st, p, c) is None]
    if st.may_withdraw:  # RULINGS Penance campaigns: the pilot may retreat in the main phase
        out.append(act("withdraw"))
    return out


def _spent_card_acts(st: PenanceState, p: int, i: int, cid: str, arms: bool) -> list[Act] | None:
    """A Damaged card's two actions, or a SCRAP card's one (``arms``: an arm is destroyed, else no card is
    SCRAP); None for any other card."""
    if cid == DAMAGED:
        return [act("sacrifice", i), act("purge", i)]
    if arms and is_scrap(st, p, cid):
        return [act("scrap", i)]
    return None


def _duel_plays(st: PenanceState, p: int) -> list[Act]:
    """One-on-one, the hand's actions in the main phase: ``_main_actions``' loop with ``play_problem``'s checks
    (``why=False``) read once for the whole hand — its SP, the Crusader's Vow discount, the enemy's geometry —
    instead of once per card. Gives the same list in the same order (tests/penance/test_listed_actions.py)."""
    s = st.sides[p]
    pl = s.piles
    cards = pl.cards
    table = card_table()
    never = not_played()
    sp, banned = s.sp, s.banned
    arms = s.destroyed[RIGHT_ARM] or s.destroyed[LEFT_ARM]  # else no card is SCRAP (``is_scrap``)
    vow = len(pl.deck) > 20 and has_tactic(st, p, "crusaders_vow")  # ``card_cost``'s discount (ref §2)
    reach: dict[tuple[str, int, int], bool] = {}  # ``_duel_reach`` by what it reads of a card
    destroyed: tuple[bool, ...] | None = None  # the enemy's, read once for every attack card
    out: list[Act] = []
    seen: set[str] = set()
    for i in pl.hand:  # ``unique_hand``: the first copy of each card, in hand order
        cid = cards[i]
        if cid in seen:
            continue
        seen.add(cid)
        spent = _spent_card_acts(st, p, i, cid, arms)
        if spent is not None:
            out += spent
            continue
        if cid in never or cid == banned:  # passive, reactive; Broken Finger
            continue
        c = table[cid]
        cost = max(0, c.cost - 1) if vow and c.is_attack else c.cost  # ``card_cost``
        if cost > sp or (c.move and s.no_move):
            continue
        if not c.is_attack:
            out.append(_card_act("play", i))
            continue
        if s.no_attack:  # Retreat
            continue
        key = (c.area, c.range, c.radius)
        ok = reach.get(key)
        if ok is None:
            ok = reach[key] = _duel_reach(st, p, c)
        if not ok:
            continue
        if st.die_aims:
            out.append(act("play", i))  # the hit-location die chooses (ref §2)
        else:
            if destroyed is None:
                destroyed = tuple(st.sides[1 - p].destroyed)
            out += _targeted_plays(i, destroyed)
    return out


def _duel_reach(st: PenanceState, p: int, c: CardDef) -> bool:
    """One-on-one, whether attack ``c`` may be aimed at the enemy: ``play_problem``'s ``attack_geometry`` and
    PTSD checks."""
    if attack_geometry(st, p, c, None, False) is not None:
        return False
    s, e = st.sides[p], st.sides[1 - p]
    return not ("ptsd" in s.wounds and st.map.side_of(e.pos, e.facing, s.pos) == 4)


def _open_steps(st: PenanceState, p: int) -> Sequence[Act]:
    """The legal steps: ``move_problem``'s checks for the six directions at once (a caller has checked
    ``no_move`` and that some SP or a free hex is left)."""
    s = st.sides[p]
    if s.destroyed[LEGS] and s.moved >= 2:  # ref §2: destroyed legs, at most 2 hexes per turn
        return []
    # SP left for a hex's own surcharge (difficult terrain) after 1 SP a step and the legs' and wounds' part
    spare = s.sp - casket_surcharge(st, p) - (0 if s.free_moves > 0 else 1)
    if spare < 0:
        return []
    rough_now = st.temp_difficult
    if not rough_now and not st.squad:
        # one-on-one on the map's own terrain the steps depend only on the two hexes and whether a difficult
        # hex's +1 SP is affordable (the map never changes)
        key = (st.map.name, s.pos, st.sides[1 - p].pos, spare > 0)
        found = _STEPS.get(key)
        if found is None:
            found = _STEPS[key] = tuple(_MOVES[d] for d, dest, rough in st.map.exits[s.pos]
                                        if dest != key[2] and (1 if rough else 0) <= spare)
        return found
    taken = [o.pos for o in st.sides]
    return [_MOVES[d] for d, dest, rough in st.map.exits[s.pos]
            if dest not in taken and (1 if rough or dest in rough_now else 0) <= spare]


def _squad_plays(st: PenanceState, p: int, i: int, c: CardDef, die_chooses: bool) -> list[Act]:
    """A card's plays in a squad battle: a single-target attack at each enemy it reaches (and each of its
    components not destroyed), an area attack once per component, Rally Cry on each ally in reach."""
    comps = (-1,) if die_chooses else tuple(range(5))
    if not c.is_attack:
        ally_list = [a for a in allies(st, p) if squad_mod.ally_problem(st, p, c.id, a) is None]
        return [act("play", i)] + [act("play", i, target=a) for a in ally_list]
    if c.area != "single":
        return [act("play", i, k) for k in comps]
    out = []
    for t in foes(st, p):
        if _target_problem(st, p, c, t) is None:
            out += [act("play", i, k, t) for k in comps if k < 0 or not st.sides[t].destroyed[k]]
    return out


# --- why an action is illegal (None = legal) ----------------------------------------------------------------
def move_problem(st: PenanceState, p: int, d: int, casket: int | None = None) -> str | None:
    s = st.sides[p]
    dest = st.map.neighbors[s.pos][d]
    if dest < 0:
        return "that hex is off the map"
    if st.map.terrain[dest] == WALL:  # ``passable`` (dest is on the map)
        return "walls are impassable"
    for o in st.sides:
        if o.pos == dest:
            return "the hex is occupied by a casket" if st.squad else "the hex is occupied by the enemy casket"
    if s.no_move:
        return "Anvil Breaker: you cannot move for the rest of the turn"
    if s.destroyed[LEGS] and s.moved >= 2:
        return "destroyed legs allow at most 2 hexes per turn (ref §2)"
    cost = move_cost(st, p, dest, casket)
    if cost > s.sp:
        return f"moving there costs {cost} SP and you have {s.sp}"
    return None


def attack_geometry(st: PenanceState, p: int, c: CardDef, t: int | None = None, why: bool = True) -> str | None:
    """Range, arc and line of sight of an attack card against enemy ``t`` (default ``foe(st, p)``; None = the
    enemy is a target; ``why=False``: ``REFUSED`` for any refusal, its text not built)."""
    s, e = st.sides[p], st.sides[foe(st, p) if t is None else t]
    dist = st.map.dist[s.pos][e.pos]
    if c.area == "front3":
        if e.pos not in st.map.front_hexes(s.pos, s.facing):
            return "the enemy is not in the 3 hexes in front of you"
        return None
    reach = c.radius if c.area == "radius" else c.range
    if dist > reach:
        return f"the enemy is {dist} hexes away and {c.name} reaches {reach}" if why else REFUSED
    if not st.map.line_of_sight(s.pos, e.pos):
        return "no line of sight to the enemy"
    # a card's range makes it ranged at any distance, adjacent included (RULINGS 004 §2)
    if c.area == "single" and c.ranged and not st.map.in_front_arc(s.pos, s.facing, e.pos):
        return "ranged attacks need the target in your front 180° (ref §4)"
    return None


def _target_problem(st: PenanceState, p: int, c: CardDef, t: int) -> str | None:
    """Why ``p`` cannot aim attack ``c`` at casket ``t`` (None: it can)."""
    if not 0 <= t < len(st.sides) or st.team[t] == st.team[p] or st.sides[t].out:
        return "name an enemy casket still in the battle"
    problem = attack_geometry(st, p, c, t)
    if problem:
        return problem
    e = st.sides[t]
    if "ptsd" in st.sides[p].wounds and st.map.side_of(e.pos, e.facing, st.sides[p].pos) == 4:
        return "PTSD: your pilot cannot attack an enemy from behind"
    return None


def play_problem(st: PenanceState, p: int, inst: int, scrap_checked: bool = False, target: int = -1,
                 why: bool = True) -> str | None:
    """``scrap_checked``: the caller took the card from the hand and already set DAMAGED and SCRAP apart;
    ``target``: the casket named (squads); ``why=False``: a refusal is ``REFUSED``, its text not built (a
    legal-action list only asks whether)."""
    s = st.sides[p]
    pl = s.piles
    if not scrap_checked:
        if inst not in pl.hand:
            return "that card is not in your hand"
        if pl.cards[inst] == DAMAGED:
            return "a DAMAGED card is removed with 'sacrifice' or 'purge', not played"
        if is_scrap(st, p, pl.cards[inst]):
            return "a SCRAP card can only be cannibalised with 'scrap' (its component is destroyed)"
    cid = pl.cards[inst]
    c = card_table()[cid]
    if c.passive:
        return f"{c.name} is a passive tactic, in force all battle; the card itself cannot be played"
    if c.reactive:
        return f"{c.name} is a reactive card: play it on the enemy's turn after a hit, before defense dice"
    if cid == s.banned:
        return f"Broken Finger: {c.name} cannot be played this mission"
    cost = card_cost(st, p, cid)
    if cost > s.sp:
        return f"{c.name} costs {cost} SP and you have {s.sp}" if why else REFUSED
    if c.move and s.no_move:
        return "Anvil Breaker: you cannot move for the rest of the turn"
    squad = st.squad
    if c.is_attack and squad:
        if s.no_attack:
            return "you played Retreat: you cannot attack this turn"
        if c.area != "single":
            if target != -1:
                return f"{c.name} hits every enemy in its area and names no target"
            if not squad_mod.attack_targets(st, p, c, -1):
                return attack_geometry(st, p, c) or "no enemy in the area"
            return None
        if target == ANY_TARGET:
            return None  # the legal-action list checks each target itself
        if target == -1:
            return "name the enemy casket to attack: play <card> at <component> on <casket>"
        return _target_problem(st, p, c, target)
    if squad and target >= 0:
        return squad_mod.ally_problem(st, p, cid, target)
    if c.is_attack:
        if s.no_attack:
            return "you played Retreat: you cannot attack this turn"
        problem = attack_geometry(st, p, c, None, why)
        if problem:
            return problem
        e = st.sides[1 - p]
        if "ptsd" in s.wounds and st.map.side_of(e.pos, e.facing, s.pos) == 4:
            return "PTSD: your pilot cannot attack an enemy from behind"
    return None


def check_shape(a: Act) -> None:
    """Types and value ranges of a hand-built action, before any other check reads it (issue: only
    ``RuleViolation`` leaves ``apply``; exact ``type`` tests so bools, floats and -0.0 are refused)."""
    if type(a.kind) is not str or type(a.card) is not int or type(a.arg) is not int:
        raise RuleViolation(repr(a)[:120], "an action is a kind (text) with a card and a target (whole numbers)")
    shape = SHAPES.get(a.kind)
    if shape is None:
        raise RuleViolation(a.kind[:40], "unknown action; try one of the legal actions")
    lo, hi = ARG_RANGE[shape[1]]
    if not lo <= a.arg <= hi:
        raise RuleViolation(a.to_text(), f"{a.kind} takes " + ("no target" if shape[1] == "none" else
                            f"a {shape[1]} from {max(lo, 0)} to {hi}"))
    if a.card < CARD_LOW[shape[0]] or (shape[0] == "none" and a.card != -1):
        raise RuleViolation(a.to_text(), f"{a.kind} takes " + ("no card" if shape[0] == "none" else
                            "a card number from your hand"))
    if type(a.target) is not int or not -1 <= a.target < MAX_CASKETS or (a.target != -1 and a.kind not in TARGETED):
        raise RuleViolation(a.to_text(), f"{a.kind} takes no casket" if a.kind not in TARGETED else
                            "a casket is named by its number in the battle")


def listed_copy(st: PenanceState, a: Act) -> Act:
    """The copy ``legal_actions`` lists for a card in hand: the first instance of that card. Any other copy
    of it is accepted and played as the listed one, so logs and replays name one instance; everything else
    the action names (component, casket) is kept, so the card is played at the casket named (issue 22 §1)."""
    if type(a.card) is not int or a.card < 0 or st.over or not st.todo:
        return a
    pl = st.sides[st.todo[-1][1]].piles
    if a.card not in pl.hand:
        return a
    cid = pl.cards[a.card]
    first = next(i for i in pl.hand if pl.cards[i] == cid)
    return a if first == a.card else replace(a, card=first)


def validate(st: PenanceState, a: Act, kind: str, p: int, top: list[Any]) -> None:
    """Raise ``RuleViolation`` unless ``a`` answers decision ``top`` (of ``kind``, for casket ``p``) legally."""
    text = a.to_text  # the action's text is built only when refusing it
    allowed = ALLOWED[kind]
    if a.kind not in allowed:
        if a.kind in ("react", "rune"):
            raise RuleViolation(text(), "a reactive card can only be played on the enemy's turn after a "
                                "hit is confirmed and before defense dice (now: " + kind + ")", "ref §4")
        raise RuleViolation(text(), f"player {p + 1} must now choose one of: {', '.join(allowed)}")
    s = st.sides[p]
    pl = s.piles
    if a.card >= 0 and a.card not in pl.hand:
        raise RuleViolation(text(), f"card {a.card} is not in player {p + 1}'s hand", "004 §8")
    if a.kind == "move":
        if not 0 <= a.arg < 6:
            raise RuleViolation(text(), "a direction is one of " + ", ".join(DIRECTIONS))
        problem = move_problem(st, p, a.arg)
        if problem:
            raise RuleViolation(text(), problem, "ref §2 Movement")
    elif a.kind == "rotate":
        if not 0 <= a.arg < 6 or a.arg == s.facing:
            raise RuleViolation(text(), "rotate to one of the five other facings")
        if rotate_cost(st, p) > s.sp:
            raise RuleViolation(text(), "the free rotation is used; another costs 1 SP and you have 0", "ref §2")
    elif a.kind == "play":
        if a.card < 0:
            raise RuleViolation(text(), "name a card from your hand")
        if a.target != -1 and not st.squad:
            raise RuleViolation(text(), "one against one, a card names no casket")
        problem = play_problem(st, p, a.card, target=a.target)
        if problem:
            raise RuleViolation(text(), problem, "004 §2" if "attack" in problem else "004 §7")
        c = card_table()[pl.cards[a.card]]
        if c.is_attack and st.die_aims:
            if a.arg != -1:
                raise RuleViolation(text(), "hit_location=random: the hit-location die chooses the component, "
                                    "so an attack names none", "ref §2")
        elif c.is_attack:
            if not 0 <= a.arg < 5:
                raise RuleViolation(text(), "an attack names a target component: " + ", ".join(COMPONENTS))
            aimed = 1 - p if a.target < 0 else a.target
            if (not st.squad or a.target >= 0) and st.sides[aimed].destroyed[a.arg]:
                raise RuleViolation(text(), f"the enemy's {COMPONENTS[a.arg]} is already destroyed")
        elif a.arg != -1:
            raise RuleViolation(text(), f"{c.name} is not an attack and takes no target")
    elif a.kind in ("sacrifice", "purge"):
        if a.card < 0 or pl.cards[a.card] != DAMAGED:
            raise RuleViolation(text(), "only a DAMAGED card can be sacrificed or purged", "004 §1")
    elif a.kind == "scrap":
        if a.card < 0 or not is_scrap(st, p, pl.cards[a.card]):
            raise RuleViolation(text(), "only a SCRAP card (its component destroyed) can be cannibalised", "004 §3")
    elif a.kind == "extract":
        problem = squad_mod.extract_problem(st, p, a.target) if st.squad else "no ally to extract"
        if problem:
            raise RuleViolation(text(), problem, "004 §5 Pilot Death")
    elif a.kind == "react" and kind == "rites":
        if a.card not in squad_mod.rites_cards(st, p):
            raise RuleViolation(text(), "only Last Rites can be played when an ally is defeated", "004 §1")
    elif a.kind == "react":
        if a.card < 0 or not reactive_ok(st, p, pl.cards[a.card]):
            raise RuleViolation(text(), "that card is not a reactive card you can play against this attack",
                                "ref §4")
    elif a.kind == "rune":
        if s.runes <= 0:
            raise RuleViolation(text(), "no Rune counters left", "ref §5 Runic Armor")
    elif a.kind == "lose":
        if top[3] == "forced" and a.card >= 0:
            raise RuleViolation(text(), "an EXECUTION forces the cards to come from the deck", "ref §2")
        if a.card < 0 and not (pl.deck or pl.discard) and pl.hand:
            raise RuleViolation(text(), "the deck and discard are empty; lose a card from your hand")
    elif a.kind == "withdraw" and not st.may_withdraw:
        raise RuleViolation(text(), "withdrawing is a campaign mission's action (option withdraw=true)", "004 §9")
    elif a.kind == "discard" and a.card < 0:
        raise RuleViolation(text(), "name a card from your hand to discard")

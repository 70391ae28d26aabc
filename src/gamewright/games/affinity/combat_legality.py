"""Legal actions and validation: which abilities are usable, their exertion range, reach and targets, and why a
given action is illegal. Functions of the state (``combat.CombatState``); they never change it."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat_fighters import END, HOLD, SQUARE, Act, Fighter, creature_of, dist, slug
from gamewright.games.affinity.data_files import Ability, Attack, class_data
from gamewright.games.affinity.pools import EXPERT_TIERS, MIN_EXERTION

if TYPE_CHECKING:
    from gamewright.games.affinity.combat import CombatState

_CREATURE_SPECS: dict[str, dict[str, Attack]] = {}
_ABILITY_REACH: dict[tuple[str, str], tuple[int, int]] = {}  # ``reach_of`` by (ability, weapon)
# legal-action lists share their (frozen) actions: the same few recur every turn of every fight
_act = cache(Act)


@cache


def use_acts(key: str, target: int, lo: int, hi: int) -> tuple[Act, ...]:
    """An ability on one target at each exertion from ``lo`` to ``hi``, in the order legal lists give them."""
    return tuple(_act("use", key, target, e, 0) for e in range(lo, hi + 1))


def _ABILITIES() -> dict[str, Ability]:  # noqa: N802 - a cached table, read like a constant
    return class_data().abilities


def act_shape_problem(act: Act) -> str:
    """A hand-built ``Act`` must carry a text verb and ability and whole-number target, exertion and Affinity
    (``1.0``, ``True`` or ``"2"`` are refused), so nothing later meets a value of the wrong type."""
    target, exertion, affinity = act.target, act.exertion, act.affinity
    if (type(act.verb) is str and type(act.ability) is str and type(target) is int and type(exertion) is int
            and type(affinity) is int and -1 <= target <= ACT_NUMBER_MAX and -1 <= exertion <= ACT_NUMBER_MAX
            and -1 <= affinity <= ACT_NUMBER_MAX):
        return _unused_field_problem(act)  # the hot path: one test for a well-formed action
    if type(act.verb) is not str or type(act.ability) is not str:
        return "an action's verb and ability are text"
    for name in ("target", "exertion", "affinity"):
        value = getattr(act, name)
        if type(value) is not int:
            return f"an action's {name} is a whole number, not {type(value).__name__} {value!r:.40}"
        if not -1 <= value <= ACT_NUMBER_MAX:
            return f"an action's {name} is {value!r:.40}, outside -1..{ACT_NUMBER_MAX}"
    return ""


ACT_NUMBER_MAX = 1000  # more than any fight's combatants, exertion or stored Affinity dice


def _unused_field_problem(act: Act) -> str:
    """Fields a verb does not use keep their defaults, so an accepted action is exactly one its text names
    (``move 4`` with ``exertion=-1`` would otherwise be accepted as ``move 4``)."""
    verb = act.verb
    if verb == "use":
        return ""
    if act.ability or act.exertion or (verb != "share" and act.affinity) or (verb in _BARE and act.target != -1):
        return f"{verb} takes {_TAKES.get(verb, 'no ability, target, exertion or Affinity dice')}"
    return ""


_BARE = ("end", "hold")
_TAKES = {"move": "only a target", "share": "only a target and Affinity dice"}


def legal_actions(st: CombatState) -> list[Act]:
    if st.winner is not None:
        return []
    f = st.fighters[st.active]
    living = others(st, f)
    acts = [END] if st.held_phase else [END, HOLD]
    acts += legal_moves(f, living)
    for key, spec, targets, lo, hi in legal_uses(st, f, living):
        uses = [act for target in targets for act in use_acts(key, target, lo, hi)]
        acts += uses
        if f.affinity and spec.tier != "none":  # 003 Spending Affinity Dice: on any roll
            acts += [_act("use", key, a.target, a.exertion, n) for a in uses for n in range(1, f.affinity + 1)]
    if f.affinity and not f.shared_turn:  # 003 Sharing Affinity Dice: a free action, to an ally within 30 yd
        for e, d in living:
            room = e.affinity_cap - e.affinity
            if e.pc and e is not f and e.side == f.side and d <= 30 // SQUARE and room > 0:
                acts += [_act("share", "", e.idx, 0, n) for n in range(1, min(f.affinity, room) + 1)]
    return acts


def others(st: CombatState, f: Fighter) -> list[tuple[Fighter, int]]:
    """Every living combatant with its distance from ``f``."""
    fx, fy = f.x, f.y
    return [(e, max(abs(e.x - fx), abs(e.y - fy))) for e in st.fighters if e.status != rs.DEAD]


def legal_moves(f: Fighter, others: list[tuple[Fighter, int]]) -> list[Act]:
    """Free movement toward each enemy not adjacent, while movement is left."""
    if f.move_left <= 0:
        return []
    side = f.side
    return [_act("move", "", e.idx, 0, 0) for e, d in others if e.side != side and d > 1]


def legal_uses(st: CombatState, f: Fighter, others: list[tuple[Fighter, int]], skip: frozenset[str] = frozenset()
               ) -> Iterator[tuple[str, Ability | Attack, tuple[int, ...], int, int]]:
    """Each usable ability with its targets and exertion range: its actions are ``use_acts(key, target, lo,
    hi)`` for each target in turn, before any with Affinity dice. Abilities in ``skip`` are passed
    over unasked (a policy that never plays them)."""
    if not f.pc:
        specs = creature_specs(st, f)  # ``spec_of``, looked up once for the list
        for key in f.abilities:
            spec = specs.get(key)
            if key in skip or spec is None or unusable(st, f, key, spec):
                continue
            yield key, spec, tuple(targets_of(st, f, key, spec, others)), 0, 0  # ``exertion_range``: none
        return
    abilities, prof = _ABILITIES(), f.prof
    for key in f.abilities:
        ability = abilities.get(key)
        if key in skip or ability is None or unusable(st, f, key, ability):
            continue
        tier = ability.tier  # ``exertion_range`` and ``targets_of`` of a PC's ability, without their dispatch
        yield (key, ability, tuple(ability_targets(f, ability, others)), 0 if tier == "none" else MIN_EXERTION[tier],
               0 if tier == "none" else prof)


def spec_of(st: CombatState, f: Fighter, key: str) -> Ability | Attack | None:
    if f.pc:
        return _ABILITIES().get(key)
    return creature_specs(st, f).get(key)


def creature_specs(st: CombatState, f: Fighter) -> dict[str, Attack]:
    specs = _CREATURE_SPECS.get(f.key)
    if specs is None:
        specs = _CREATURE_SPECS[f.key] = {slug(a.name): a for a in creature_of(st, f).attacks}
    return specs


def unusable(st: CombatState, f: Fighter, key: str, spec: Ability | Attack) -> str:
    tier = spec.tier
    if st.held_phase and tier != "basic":
        return "held actions used at initiative count 0 are Basic only (003 Held Actions)"
    if tier in EXPERT_TIERS:
        if f.expert_used:
            return "only one Expert-or-higher action per turn (003 Exertion Budget)"
        if not rs.can_initiate_expert(f):
            return f"Resolve {f.resolve} is too low to initiate Expert+ actions (003 Resolve Stages)"
    if f.pc:
        assert isinstance(spec, Ability)
        if MIN_EXERTION.get(tier, 0) > f.prof:
            return f"{tier} needs {MIN_EXERTION[tier]} exertion dice but Proficiency is {f.prof} (003)"
        if key in f.uses and f.uses[key] <= 0:
            return f"{spec.name} is used up until the next rest"
        if spec.effect == "steady" and f.hd <= 3:
            return "Steady costs 3 HD and would leave you at 0 HD (RULINGS)"
        if spec.effect == "recover" and f.resolve <= 1:
            return "Efficient Recovery costs 1 Resolve and would collapse you (RULINGS)"
        if spec.resolve_cost and f.resolve <= spec.resolve_cost and spec.effect == "purpose":
            return "Undeniable Purpose costs 2 Resolve and would collapse you (RULINGS)"
    else:
        assert isinstance(spec, Attack)
        if spec.heal is not None and (f.heal_used or f.hd >= f.hd_max):
            return "the heal is used once per combat and only when hurt"
    return ""


def exertion_range(f: Fighter, spec: Ability | Attack) -> tuple[int, int]:
    if not f.pc or spec.tier == "none":
        return 0, 0
    return MIN_EXERTION[spec.tier], f.prof  # each action's own pool ≤ Proficiency (003 Exertion Budget)


def reach_of(f: Fighter, spec: Ability | Attack) -> tuple[int, int]:
    """(squares reached normally, squares reached at long range with −1d6)."""
    if isinstance(spec, Attack):
        return spec.range // SQUARE, spec.range // SQUARE
    key = (spec.key, f.weapon)  # an ability's reach is fixed by the ability and the weapon
    reach = _ABILITY_REACH.get(key)
    if reach is None:
        reach = _ABILITY_REACH[key] = _ability_reach(f, spec)
    return reach


def _ability_reach(f: Fighter, spec: Ability) -> tuple[int, int]:
    if spec.effect in ("attack", "devastate") and spec.range == 0:
        w = class_data().weapons[f.weapon]
        sq = w.range // SQUARE
        return sq, (3 * sq if w.kind == "ranged" else sq)  # ref §3: long range up to 3×, −1d6
    if spec.range:
        return spec.range // SQUARE, spec.range // SQUARE
    return 1, 1


def targets_of(st: CombatState, f: Fighter, key: str, spec: Ability | Attack,
             others: list[tuple[Fighter, int]] | None = None) -> list[int]:
    if others is None:
        others = [(e, dist(f, e)) for e in st.fighters if e.status != rs.DEAD]
    side, mv = f.side, f.move_left
    if isinstance(spec, Attack):
        if spec.heal is not None:
            return [-1]
        far = spec.range // SQUARE + mv
        return [e.idx for e, d in others if e.side != side and d <= far]
    return ability_targets(f, spec, others)


def ability_targets(f: Fighter, spec: Ability, others: list[tuple[Fighter, int]]) -> list[int]:
    """``targets_of`` a PC's ability: who it may name, of ``others`` (the living, with their distances)."""
    kind = spec.target
    if kind in ("self", "none"):
        return [-1]
    side = f.side
    far = reach_of(f, spec)[1] + f.move_left
    if kind == "enemy":
        if spec.effect == "dash":
            return [e.idx for e, d in others if e.side != side and d > 1]
        return [e.idx for e, d in others if e.side != side and d <= far]
    if kind == "ally":
        # Endure may heal anyone of the side, even the fallen; other ally effects need a conscious ally
        if spec.effect == "endure":
            return [e.idx for e, d in others if e.side == side and d <= far]
        return [e.idx for e, d in others if e.side == side and e is not f and e.status == rs.OK and d <= far]
    return [e.idx for e, d in others
            if e.side == side and e.status == rs.DYING and not e.stabilized and d <= far]


def validate(st: CombatState, act: Any) -> str:
    """Why ``act`` is illegal now, or "" if it is legal."""
    if not isinstance(act, Act):
        return "not an Affinity combat action"
    shape = act_shape_problem(act)
    if shape:
        return shape
    if st.winner is not None:
        return "the fight is over"
    f = st.fighters[st.active]
    if act.verb == "end":
        return "" if act == END else "end takes no arguments"
    if act.verb == "hold":
        if act != HOLD:
            return "hold takes no arguments"
        return "held actions cannot be held again" if st.held_phase else ""
    if act.verb == "move":
        if not 0 <= act.target < len(st.fighters):
            return f"no combatant {act.target}"
        e = st.fighters[act.target]
        if f.move_left <= 0:
            return "no free movement left this turn (10 yards per round)"
        if e.side == f.side or e.status == rs.DEAD or dist(f, e) <= 1:
            return "move toward a living enemy that is not adjacent"
        return ""
    if act.verb == "share":
        return _share_problem(st, f, act)
    if act.verb != "use":
        return f"unknown verb {act.verb!r}"
    if not 0 <= act.affinity <= f.affinity:
        return f"{f.name} stores {f.affinity} Affinity dice, cannot spend {act.affinity} (003 Spending)"
    if act.ability not in f.abilities:
        return f"{f.name} has no ability {act.ability!r}; known: {', '.join(f.abilities)}"
    spec = spec_of(st, f, act.ability)
    if spec is None:
        return f"unknown ability {act.ability!r}"
    why = unusable(st, f, act.ability, spec)
    if why:
        return why
    lo, hi = exertion_range(f, spec)
    if not lo <= act.exertion <= hi:
        return f"exertion must be {lo}..{hi} for this action (003 Exertion Budget, Exertion Minimums)"
    target = act.target  # only the named combatant is weighed: each is a target or not on its own
    named = [(e, dist(f, e)) for e in st.fighters[target:target + 1] if target >= 0 and e.status != rs.DEAD]
    if target not in targets_of(st, f, act.ability, spec, named):
        return f"combatant {act.target} is not a valid target in reach"
    if act.affinity and spec.tier == "none":
        return f"{spec.name} has no roll to add Affinity dice to"
    return ""


def _share_problem(st: CombatState, f: Fighter, act: Act) -> str:
    """003 "Sharing Affinity Dice": a free action on your turn (once), to an ally within 30 yards."""
    if act.ability or act.exertion:
        return "share takes a count and an ally: share 1 to 2"
    if f.shared_turn:
        return "Affinity dice are shared once per turn (a free action)"
    if not 0 <= act.target < len(st.fighters):
        return f"no combatant {act.target}"
    e = st.fighters[act.target]
    if not (e.pc and e.side == f.side and e is not f and e.status != rs.DEAD):
        return "share with a living ally"
    if dist(f, e) > 30 // SQUARE:
        return f"{e.name} is more than 30 yards away"
    if not 1 <= act.affinity <= f.affinity:
        return f"{f.name} stores {f.affinity} Affinity dice, cannot share {act.affinity}"
    if act.affinity > e.affinity_cap - e.affinity:
        return f"{e.name} can store only {e.affinity_cap - e.affinity} more (its Level cap)"
    return ""

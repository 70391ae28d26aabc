"""What an action will roll, built once for resolution and preview alike.

``PoolPlan`` names every die an action rolls and why (Proficiency, Rally, Affinity, Mark Prey, Analyze, a prone
target, long range…), its threshold and the successes it needs. ``combat_actions`` rolls the plan; ``combat_preview``
turns the same plan into exact distributions. None of these functions changes the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat_fighters import Act, Fighter, creature_of
from gamewright.games.affinity.combat_legality import reach_of
from gamewright.games.affinity.data_files import Ability, Attack, class_data
from gamewright.games.affinity.pools import TIERS, damage

if TYPE_CHECKING:
    from gamewright.games.affinity.combat import CombatState

Square = tuple[int, int]


class PoolPlan(NamedTuple):
    """One roll: ``safe`` dice (1s cost nothing), ``exertion`` dice (1s burn HD), the faces a Help adds.

    A named tuple rather than a frozen dataclass: policies build one for every action they weigh."""

    safe: int
    exertion: int
    threshold: int
    required: int
    modifiers: tuple[tuple[str, int], ...]  # (why, dice): the pool's terms, named, before the −1d6 cut
    required_modifiers: tuple[tuple[str, int], ...]
    help_faces: tuple[int, ...]


_EXERTION_WHY = "exertion dice: each 1 burns 1 HD (003 Exertion Dice)"
_DIVINE_TERM = ("divine die: an exertion die (ref §3 Weapon of Faith)", 1)  # one die (ref §3 Weapon of Faith)


def rolled_dice(safe: int, exertion: int, net: int) -> tuple[int, int]:
    """(safe, exertion) dice a pool rolls after its ``net`` bonus and penalty dice: a bonus adds safe dice; ref
    §1: "−1d6" removes a safe die first, then an exertion die, never below 0 dice."""
    if net > 0:
        safe += net
    elif net < 0:
        cut = min(-net, safe)
        safe -= cut
        exertion -= min(-net - cut, exertion)
    return safe, exertion


class PoolBase(NamedTuple):
    """A PC ability's roll before its exertion dice are chosen, every term named: the same for each exertion of
    one ability, target and square (previews show it; ``PoolNumbers`` is its numbers alone)."""

    head: tuple[tuple[str, int], ...]  # the named terms before the exertion dice
    safe: int
    divine: bool  # ref §3 Weapon of Faith: one exertion die more
    mods: tuple[tuple[str, int], ...]  # bonus and penalty dice (marks, analysis, prone, long range)
    net: int  # their sum
    threshold: int
    required: int
    required_modifiers: tuple[tuple[str, int], ...]
    help_faces: tuple[int, ...]

    def dice(self, exertion: int) -> tuple[int, int]:
        """(safe, exertion) dice rolled with ``exertion`` chosen."""
        return rolled_dice(self.safe, exertion + self.divine, self.net)

    def plan(self, exertion: int) -> PoolPlan:
        terms = self.head
        if exertion:
            terms += ((_EXERTION_WHY, exertion),)  # the dice chosen (003 Exertion Dice), before any −1d6 cut
        if self.divine:
            terms += (_DIVINE_TERM,)
        safe, dice = self.dice(exertion)
        return PoolPlan(safe, dice, self.threshold, self.required, terms + self.mods, self.required_modifiers,
                        self.help_faces)


def square_dist(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def path_toward(f: Fighter, t: Fighter, reach: int) -> tuple[Square, int]:
    """Where free movement toward ``t`` ends (ref §1 Space: one square a step, diagonals count 1) and the
    squares it takes; the mover stops once within ``reach`` or out of movement."""
    x, y, left, moved = f.x, f.y, f.move_left, 0
    while max(abs(t.x - x), abs(t.y - y)) > reach and left > 0:
        x += (t.x > x) - (t.x < x)
        y += (t.y > y) - (t.y < y)
        left -= 1
        moved += 1
    return (x, y), moved


def pool_mods(f: Fighter, t: Fighter | None, attack: bool = True) -> list[tuple[str, int]]:
    """Bonus (+) and penalty (−) dice from marks, analysis and prone targets (ref §3, §1 Conditions)."""
    mods = []
    if f.analysed >= 0:
        mods.append(("Analyzed: the target of Analyze rolls −1d6 (ref §3 Scholar)", -1))
    if t is not None and t.side != f.side:
        if f.mark == t.idx:
            mods.append(("Mark Prey: +1d6 against the mark (ref §3 Ranger)", 1))
        if t.analysed == f.side:
            mods.append(("Analyze: allies of the analyser +1d6 (ref §3 Scholar)", 1))
        if attack and t.prone_bonus:
            mods.append(("prone target: the next attack +1d6 (ref §1 Conditions)", 1))
    return mods


def pc_plan(f: Fighter, act: Act, spec: Ability, t: Fighter | None, at: Square) -> PoolPlan:
    """The roll of a PC ability with a tier, ``f`` standing on ``at`` when it rolls."""
    return pc_pool(f, spec, t, at, act.affinity).plan(act.exertion)


def pc_pool(f: Fighter, spec: Ability, t: Fighter | None, at: Square, affinity: int) -> PoolBase:
    """Everything of ``pc_plan`` but the exertion dice chosen: one for every exertion of the action."""
    attack = spec.effect in ("attack", "devastate")
    terms: list[tuple[str, int]] = [("Proficiency", f.prof)]
    safe = f.prof
    if f.rally_dice:
        terms.append(("Rally: +1d6 safe on the next action (ref §3 Combatant)", f.rally_dice))
        safe += f.rally_dice
    if affinity:
        terms.append(("Affinity dice: safe, outside the exertion cap (003 Spending Affinity Dice)", affinity))
        safe += affinity
    if spec.effect == "disengage" and "battlefield_awareness" in f.features:
        terms.append(("Battlefield Awareness: +1d6 on positioning (ref §3 Combatant)", 1))
        safe += 1
    mods = pool_mods(f, t, attack)
    if attack and t is not None and spec.range == 0:  # long range is a weapon rule: never Dash (003 Movement)
        near, far = reach_of(f, spec)
        if far > near and square_dist(at, (t.x, t.y)) > near:
            mods.append(("long range: −1d6, weapons only (ref §3 Weapons)", -1))
    base_req = spec.required or (class_data().weapons[f.weapon].required if spec.effect == "attack" else 0)
    extra = rs.extra_required(f, spec.tier)
    req_mods: tuple[tuple[str, int], ...] = (("needs", base_req),)
    if extra:
        req_mods += (("Resolve 2 or lower (Weakened): Advanced+ actions need one more (003 Resolve Stages)",
                      extra),)
    net = 0
    for _, n in mods:
        net += n
    return PoolBase(tuple(terms), safe, spec.divine_die, tuple(mods), net, TIERS[spec.tier], base_req + extra,
                    req_mods, tuple(f.help_faces))


class PoolNumbers(NamedTuple):
    """``pc_pool``'s numbers without its named terms: all that rolling needs (``combat_actions.pc_use``) and all a
    policy weighing many actions reads; the named terms are for previews."""

    safe: int
    divine: int  # ref §3 Weapon of Faith: one exertion die more (0 or 1)
    net: int  # the bonus and penalty dice, summed
    threshold: int
    required: int
    helps: int  # faces a Help adds to the count

    def dice(self, exertion: int) -> tuple[int, int]:
        """(safe, exertion) dice rolled with ``exertion`` chosen, as ``PoolBase.dice``."""
        return rolled_dice(self.safe, exertion + self.divine, self.net)


def pool_numbers(f: Fighter, spec: Ability, t: Fighter | None, far_shot: bool, affinity: int) -> PoolNumbers:
    """The numbers of ``pc_pool(f, spec, t, at, affinity)``, ``far_shot`` saying whether ``at`` is past the
    weapon's normal reach (the long-range −1d6). The same rules as ``pc_pool``, counted without naming them
    (tests/affinity/test_policy_fast_paths.py pins the two together)."""
    attack = spec.effect in ("attack", "devastate")
    safe = f.prof + f.rally_dice + affinity
    if spec.effect == "disengage" and "battlefield_awareness" in f.features:
        safe += 1
    net = -1 if f.analysed >= 0 else 0  # ``pool_mods``
    if t is not None and t.side != f.side:
        if f.mark == t.idx:
            net += 1
        if t.analysed == f.side:
            net += 1
        if attack and t.prone_bonus:
            net += 1
    if far_shot and attack and t is not None and spec.range == 0:
        net -= 1
    base_req = spec.required or (class_data().weapons[f.weapon].required if spec.effect == "attack" else 0)
    return PoolNumbers(safe, 1 if spec.divine_die else 0, net, TIERS[spec.tier],
                       base_req + rs.extra_required(f, spec.tier), len(f.help_faces))


def far_shot(near: int, far: int, left: int) -> bool:
    """A weapon strike with reach ``near`` (``far`` at long range) at a target ``left`` squares away lies past the
    normal reach (ref §3 Weapons: long range, −1d6). Free movement toward a target (``path_toward``) takes one
    square of its distance a step, so ``left`` is the distance less the steps walked."""
    return far > near and left > near


def npc_plan(st: CombatState, f: Fighter, spec: Attack, t: Fighter) -> PoolPlan:
    """A creature attack: its fixed pool (ref §1 NPCs; 1s never burn) with the same named modifiers; its
    reach is the attack's own range, so no long range."""
    terms = [("the attack's pool (ref §4)", spec.pool), *pool_mods(f, t)]
    tr = creature_of(st, f).traits
    if tr.ally_bonus and any(a.side == f.side and a is not f and a.status == rs.OK
                             and square_dist((a.x, a.y), (t.x, t.y)) <= 1 for a in st.fighters):
        terms.append(("an ally adjacent to the target (ref §4 traits)", tr.ally_bonus))
    if tr.below_half_bonus and 2 * f.hd < f.hd_max:
        terms.append(("below half HD (ref §4 traits)", tr.below_half_bonus))
    req_mods = [("needs", spec.required)]
    extra = rs.extra_required(f, spec.tier)
    if extra:
        req_mods.append(("Resolve stage 2 or lower: Advanced+ actions need one more (003 Resolve Stages)", extra))
    return PoolPlan(max(0, sum(n for _, n in terms)), 0, TIERS[spec.tier], spec.required + extra, tuple(terms),
                    tuple(req_mods), ())


def attack_damage(f: Fighter, spec: Ability, t: Fighter, succ: int, required: int, centered: bool) -> int:
    """003 Damage Calculation and the bonuses of ref §3 (Mark, Analyze, Communion, Purpose, Centered)."""
    prof = f.prof
    w = class_data().weapons[f.weapon]
    base = w.base if spec.base < 0 else spec.base
    dmg = damage(base + spec.base_prof * prof, succ, required, prof)  # 003 Damage: bonus capped
    if spec.bonus_vs_mark and f.mark == t.idx:
        dmg += spec.bonus_vs_mark
    if spec.bonus_vs_analysed and t.analysed == f.side:
        dmg += spec.bonus_vs_analysed
    if f.communing:
        dmg += 1 + spec.bonus_communing  # Spirit Communion (Elemental): strikes +1 HD
    if f.purpose_rounds:
        dmg += prof
    if centered:
        dmg += prof
    return dmg


def devastate_hits(f: Fighter, succ: int) -> list[int]:
    """ref §3 Devastating Assault (RULINGS): up to Proficiency strikes, extra successes fill each bonus."""
    w = class_data().weapons[f.weapon]
    n = min(f.prof, succ // w.required)
    extra = succ - n * w.required
    hits = []
    for _ in range(n):
        bonus = min(extra, f.prof)
        extra -= bonus
        hits.append(w.base + bonus)
    return hits

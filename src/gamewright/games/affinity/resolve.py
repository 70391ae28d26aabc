"""Resolve: stages and their penalties, checks and their triggers (one per round), collapse, dying, death.

Works on any object with the ``ResolveHolder`` attributes (combat fighters, and the small test doubles).
Statuses: ``ok`` (conscious), ``collapsed`` (0 Resolve, HD > 0: unconscious, not dying), ``dying`` (0 HD,
Resolve > 0: unconscious, checks at the end of each round), ``dead`` (0 HD and 0 Resolve; mindless at 0 HD).
"""

from __future__ import annotations

from typing import Any, Protocol

OK, COLLAPSED, DYING, DEAD = "ok", "collapsed", "dying", "dead"

# Trigger names (003 "Losing Resolve"; ref §1 "Resolve triggers").
HEAVY_LOSS = "lost Proficiency + 1 HD in a round"
ZERO_HD = "reduced to 0 HD"
HIT_AT_ZERO = "hit while at 0 HD"
MAX_EXERTION = "used maximum exertion"
FAILED_EXPERT = "failed an Expert+ action"
ENEMY_EFFECT = "enemy effect"
DYING_ROUND = "dying: end of round"


class ResolveHolder(Protocol):
    resolve: int
    resolve_max: int
    hd: int
    mindless: bool
    status: str
    checked_round: int
    stabilized: bool
    steadfast: bool
    communing: bool


def stage(f: Any) -> int:
    """ref §1: a creature's stage is 5 − (listed − current) Resolve; for PCs (max 5) it is just Resolve."""
    return 5 - (f.resolve_max - f.resolve)


def can_initiate_expert(f: Any) -> bool:
    """003 "Resolve Stages": below 5 you cannot initiate Expert+ actions. Mindless creatures never lose stages."""
    return f.mindless or stage(f) >= 5


def extra_required(f: Any, tier: str) -> int:
    """003 "Resolve 2 — Weakened" and below: Advanced+ actions need one more success."""
    if f.mindless or tier not in ("advanced", "expert", "legendary", "ultimate"):
        return 0
    return 1 if stage(f) <= 2 else 0


def defence_penalty(f: Any) -> int:
    """003 "Resolve Stages": Shaken and Weakened −1 defence die, Staggering −2 (never below 1 die overall)."""
    if f.mindless:
        return 0
    s = stage(f)
    if s >= 4:
        return 0
    return 1 if s >= 2 else 2


def check_face(face: int) -> int:
    """003 "Resolve Check": 1–4 lose one, 5 hold, 6 gain one."""
    if face <= 4:
        return -1
    return 1 if face == 6 else 0


def resolve_check(f: Any, rng: Any, round_no: int, reason: str) -> dict[str, Any] | None:
    """Roll a check if the one-per-round limit allows (ref §1); returns what happened, or None if none was rolled."""
    if f.mindless or f.status in (DEAD, COLLAPSED) or f.checked_round == round_no:
        return None  # 003 "Collapse": while unconscious (0 Resolve, HD > 0) you do not make Resolve checks
    f.checked_round = round_no
    if f.stabilized:  # 003 "Stabilize": counts as rolling a 5
        f.stabilized = False
        face, how = 5, "stabilized"
    elif f.steadfast:  # ref §3 Combatant level 6: the first check of each combat counts as a 5
        f.steadfast = False
        face, how = 5, "steadfast"
    else:
        face, how = rng.die(6), "rolled"
    delta = check_face(face)
    before = f.resolve
    f.resolve = max(0, min(f.resolve_max, f.resolve + delta))
    ended_concentration = False
    if f.resolve < before and f.communing:  # 003 "Concentration": a lost check ends the effect
        f.communing = False
        ended_concentration = True
    update_status(f)
    return {"reason": reason, "face": face, "how": how, "before": before, "after": f.resolve,
            "status": f.status, "concentration_ended": ended_concentration}


def status_fits(f: Any) -> bool:
    """The status follows from HD and Resolve (003 "The Resolve Stages", "Death & Dying"): the invariant
    ``update_status`` keeps."""
    status = f.status
    if status == OK:
        return bool(f.hd > 0 and (f.resolve > 0 or f.mindless))
    if status == COLLAPSED:
        return bool(f.hd > 0 and f.resolve == 0 and not f.mindless)
    if status == DYING:
        return bool(f.hd == 0 and f.resolve > 0 and not f.mindless)
    return bool(status == DEAD and f.hd == 0)


def update_status(f: Any) -> str:
    """Collapse, dying and death from the current HD and Resolve (003 "Death & Dying", detailed section)."""
    if f.status == DEAD:
        return DEAD
    was = f.status
    if f.hd <= 0:
        if f.mindless or f.resolve <= 0:
            f.status = DEAD
        else:
            f.status = DYING
    elif f.resolve <= 0:
        f.status = COLLAPSED
    else:
        f.status = OK
    if f.status != OK:
        f.communing = False  # 003 "Concentration": ends when unconscious
    if f.status == COLLAPSED and was != COLLAPSED and hasattr(f, "collapses"):
        f.collapses += 1  # counted for the fight's summary
    return f.status


def lose_resolve(f: Any, amount: int) -> None:
    """A cost paid in Resolve without a check (Rush, Smite, Efficient Recovery)."""
    f.resolve = max(0, f.resolve - amount)
    update_status(f)


def restore_resolve(f: Any, amount: int) -> None:
    """A "Restore" effect: Resolve up, capped; a collapsed character with Resolve again wakes (003 Collapse)."""
    if f.status == DEAD:
        return
    f.resolve = min(f.resolve_max, f.resolve + amount)
    update_status(f)

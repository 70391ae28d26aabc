"""Threshold mode: tasks against a difficulty, group rolls, extended tasks (003 "Two Resolution Modes").

ref §1: task difficulties are not action tiers — no exertion minimum, no Expert ban, no failed-Expert check;
"−1d6" removes a safe die first and never goes below 0 dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.affinity.pools import check_threshold, count_successes, successes_dist

DIFFICULTY_NAMES = {"basic": 2, "easy": 2, "advanced": 3, "moderate": 3, "expert": 4, "difficult": 4,
                    "legendary": 5, "extreme": 5, "ultimate": 6}


def parse_threshold(text: str | int) -> int:
    if isinstance(text, int):
        return check_threshold(text)
    t = str(text).strip().lower().rstrip("+")
    if t in DIFFICULTY_NAMES:
        return DIFFICULTY_NAMES[t]
    try:
        return check_threshold(int(t))
    except ValueError:
        raise ConfigError(f"threshold {text!r} is not 2–6 or a tier name ({', '.join(DIFFICULTY_NAMES)})") from None


@dataclass(slots=True)
class Roller:
    """Who rolls: Proficiency dice, exertion dice, safe bonus dice (abilities, support, Affinity), penalty dice."""

    name: str
    proficiency: int
    exertion: int = 0
    bonus: int = 0
    penalty: int = 0

    def dice(self) -> tuple[int, int]:
        """(safe, exertion) after penalties: a penalty removes a safe die first, never below 0 dice."""
        if min(self.proficiency, self.exertion, self.bonus, self.penalty) < 0:
            raise ConfigError(f"{self.name}: dice counts cannot be negative")
        if self.exertion > self.proficiency:  # 003 "Exertion Budget": each action's pool ≤ Proficiency
            raise RuleViolation(f"{self.name}: exert {self.exertion}",
                                f"exertion is at most Proficiency ({self.proficiency}) per roll",
                                "003 Exertion Budget")
        safe, ex = self.proficiency + self.bonus, self.exertion
        cut = min(self.penalty, safe)
        safe -= cut
        ex -= min(self.penalty - cut, ex)
        return safe, ex


def roller_from_sheet(sheet: Any, exertion: int = 0, bonus: int = 0, penalty: int = 0) -> Roller:
    """A stored character rolls its own Proficiency; only the conscious roll (003 Collapse, Death & Dying)."""
    if sheet.status != "ok":
        raise RuleViolation(f"{sheet.name} rolls", f"{sheet.name} is {sheet.status} and cannot act",
                            "003 Death & Dying")
    return Roller(sheet.name, sheet.proficiency, exertion, bonus, penalty)


@dataclass(slots=True)
class RollResult:
    name: str
    faces: list[int]
    safe: int
    successes: int
    burned: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "faces": self.faces, "safe_dice": self.safe, "successes": self.successes,
                "burned": self.burned}


def roll(rng: Any, roller: Roller, threshold: int) -> RollResult:
    safe, ex = roller.dice()
    faces = [rng.die(6) for _ in range(safe + ex)]
    burned = sum(1 for f in faces[safe:] if f == 1)
    return RollResult(roller.name, faces, safe, count_successes(faces, threshold), burned)


@dataclass(slots=True)
class TaskResult:
    threshold: int
    difficulty: int
    rolls: list[RollResult]
    successes: int
    success: bool
    extra: int
    chance: Fraction = Fraction(0)
    days: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"threshold": self.threshold, "difficulty": self.difficulty, "successes": self.successes,
                "success": self.success, "extra": self.extra, "chance": float(self.chance),
                "rolls": [r.to_json() for r in self.rolls], "days": self.days}


def pooled_chance(rollers: list[Roller], threshold: int, difficulty: int) -> Fraction:
    """Exact chance that the pooled successes of everyone reach the difficulty."""
    total_safe = sum(r.dice()[0] for r in rollers)
    total_ex = sum(r.dice()[1] for r in rollers)
    return successes_dist(total_safe, total_ex, threshold).prob_at_least(difficulty)


def threshold_task(rng: Any, roller: Roller, threshold: int, difficulty: int) -> TaskResult:
    """003 "Mode 2": successes ≥ difficulty → success; extra successes reduce time, add quality or information."""
    return group_roll(rng, [roller], threshold, difficulty)


def group_roll(rng: Any, rollers: list[Roller], threshold: int, difficulty: int) -> TaskResult:
    """003 "How Skills Work": everyone rolls, successes are pooled, the party wins or fails together."""
    check_threshold(threshold)
    if difficulty < 1:
        raise ConfigError(f"a task difficulty is at least 1 success (got {difficulty})")
    if not rollers:
        raise ConfigError("a group roll needs at least one roller")
    rolls = [roll(rng, r, threshold) for r in rollers]
    total = sum(r.successes for r in rolls)
    return TaskResult(threshold, difficulty, rolls, total, total >= difficulty, max(0, total - difficulty),
                      pooled_chance(rollers, threshold, difficulty))


def extended_task(rng: Any, roller: Roller, threshold: int, difficulty: int, days: int) -> TaskResult:
    """003 "Example: Crafting": one roll a day, successes accumulate; the task fails if the days run out."""
    if days < 1:
        raise ConfigError("an extended task needs at least one day")
    rolls: list[RollResult] = []
    per_day: list[int] = []
    total = 0
    for _ in range(days):
        r = roll(rng, roller, threshold)
        rolls.append(r)
        per_day.append(r.successes)
        total += r.successes
        if total >= difficulty:
            break
    return TaskResult(threshold, difficulty, rolls, total, total >= difficulty, max(0, total - difficulty),
                      Fraction(0), per_day)

"""Travel: the Journey system (003 "Travel & Journey System"; ref §1: navigator + up to 3 support dice)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.affinity.pools import count_successes, successes_dist

# 003 "Journey Resolution"
REQUIRED = {"short": 2, "medium": 3, "long": 4, "epic": 6, "legendary": 8}
HURDLE_COUNT = {"short": (1, 1), "medium": (2, 2), "long": (3, 3), "epic": (3, 4), "legendary": (3, 4)}
TERRAIN = {"easy": 2, "moderate": 3, "difficult": 4, "extreme": 5}
TERRAIN_ORDER = ("easy", "moderate", "difficult", "extreme")
ROLES = ("scout", "quartermaster", "guard")
# Which support role narratively counters which hurdle (003 "Hurdle Complications"; RULINGS).
HURDLES = {"hostile": "guard", "weather": "quartermaster", "terrain": "scout", "supplies": "quartermaster",
           "time": "scout"}


@dataclass(slots=True)
class Journey:
    distance: str
    terrain: str
    hurdles: list[str]
    navigator_proficiency: int
    navigator_exertion: int = 0
    navigator_bonus: int = 0  # e.g. Nature's Treaty +2 (ref §3 Ranger)
    roles: dict[str, str] = field(default_factory=dict)  # role → who
    supplies: bool = False  # adequate supplies/maps: +1d6
    mounts: bool = False  # one terrain category easier
    natures_treaty: bool = False  # a Ranger with Nature's Treaty in the party: Resolve loss −1

    def validate(self) -> None:
        if self.distance not in REQUIRED:
            raise ConfigError(f"distance {self.distance!r}: choose one of {', '.join(REQUIRED)}")
        if self.terrain not in TERRAIN:
            raise ConfigError(f"terrain {self.terrain!r}: choose one of {', '.join(TERRAIN)}")
        lo, hi = HURDLE_COUNT[self.distance]
        if not lo <= len(self.hurdles) <= hi:
            raise ConfigError(f"a {self.distance} journey has {lo if lo == hi else f'{lo}–{hi}'} hurdle(s), "
                              f"got {len(self.hurdles)}")
        for h in self.hurdles:
            if h not in HURDLES:
                raise ConfigError(f"hurdle {h!r}: choose from {', '.join(HURDLES)}")
        for role in self.roles:
            if role not in ROLES:
                raise ConfigError(f"support role {role!r}: choose from {', '.join(ROLES)}")
        if self.navigator_proficiency < 1 or self.navigator_exertion < 0 or self.navigator_bonus < 0:
            raise ConfigError("the navigator needs Proficiency ≥ 1 and non-negative exertion and bonus dice")
        if self.navigator_exertion > self.navigator_proficiency:  # 003 "Exertion Budget"
            raise RuleViolation(f"navigator: exert {self.navigator_exertion}",
                                f"exertion is at most Proficiency ({self.navigator_proficiency}) per roll",
                                "003 Exertion Budget")
        if sum(self.dice()) == 0:  # a roll of no dice decides nothing: say why instead of failing silently
            missing = self.unaddressed()
            counters = sorted({HURDLES[h] for h in missing})
            n = sum(self._dice_terms())
            raise ConfigError(
                f"the navigator would roll no dice: {n} {'die' if n == 1 else 'dice'} − {len(missing)} for the "
                f"unaddressed hurdle(s) {', '.join(missing)}; take a support role against them "
                f"(--roles {','.join(counters)}), bring --supplies, or add --bonus dice (003 Journey Resolution)")

    @property
    def threshold(self) -> int:
        index = TERRAIN_ORDER.index(self.terrain)
        if self.mounts:
            index = max(0, index - 1)
        return TERRAIN[TERRAIN_ORDER[index]]

    @property
    def required(self) -> int:
        return REQUIRED[self.distance]

    def unaddressed(self) -> list[str]:
        return [h for h in self.hurdles if HURDLES[h] not in self.roles]

    def _dice_terms(self) -> tuple[int, int]:
        """(safe, exertion) before the hurdles: Proficiency, bonus, support +1d6 each (max 3), supplies +1d6."""
        return (self.navigator_proficiency + self.navigator_bonus + min(3, len(self.roles)) + int(self.supplies),
                self.navigator_exertion)

    def dice(self) -> tuple[int, int]:
        """(safe, exertion) of the navigator's roll: ``_dice_terms`` less 1d6 per unaddressed hurdle (a safe die
        first, never below 0)."""
        safe, ex = self._dice_terms()
        penalty = len(self.unaddressed())
        cut = min(penalty, safe)
        return safe - cut, ex - min(penalty - cut, ex)

    def outcome_of(self, successes: int) -> tuple[str, int]:
        """(outcome, Resolve change for every party member)."""
        missed = self.required - successes
        if missed <= 0:
            return "success", 1
        loss = 1 if missed <= 2 else 2
        if self.natures_treaty:
            loss = max(0, loss - 1)
        return ("partial" if missed <= 2 else "failure"), -loss

    def odds(self) -> dict[str, Fraction]:
        safe, ex = self.dice()
        dist = successes_dist(safe, ex, self.threshold)
        out = {"success": Fraction(0), "partial": Fraction(0), "failure": Fraction(0)}
        for s, p in dist.items():
            out[self.outcome_of(s)[0]] += p
        return out


def travel(rng: Any, journey: Journey) -> dict[str, Any]:
    journey.validate()
    safe, ex = journey.dice()
    faces = [rng.die(6) for _ in range(safe + ex)]
    successes = count_successes(faces, journey.threshold)
    burned = sum(1 for f in faces[safe:] if f == 1)
    outcome, change = journey.outcome_of(successes)
    return {"threshold": journey.threshold, "required": journey.required, "faces": faces, "safe_dice": safe,
            "successes": successes, "burned": burned, "outcome": outcome, "resolve_change": change,
            "unaddressed_hurdles": journey.unaddressed(),
            "odds": {k: float(v) for k, v in journey.odds().items()}}

"""Social duels: Composure, stances, preparation, stakes and support roles (003 "Social Duels"; ref §1).

Each round both speakers declare a stance and roll Proficiency + exertion + Preparation (+ class and audience
dice) at Advanced 3+. The higher total wins; a tie does nothing. Damage = min(margin, winner's Proficiency) +
stance bonus, defended by Composure dice exactly like armour (5+ keeps the die, a failure destroys it, the rest
auto-destroy); with Composure gone, damage strikes Resolve. The duel ends on withdrawal, Total Defeat or Broken.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.affinity.defence import Layer, resolve_defence
from gamewright.games.affinity.pools import count_successes

STANCES = ("assert", "reason", "discern")
BASE_THRESHOLD = 3  # Advanced


@dataclass(slots=True)
class Speaker:
    name: str
    proficiency: int
    resolve: int = 5
    class_key: str = ""
    composure_die: int = 6  # Common d6, Practiced d8, Masterful d10
    home_ground: bool = False
    research_hours: int = 0  # pre-duel research, max 3 → Preparation dice
    composure: int = 0
    composure_max: int = 0
    preparation: int = 0
    resolve_start: int = 5
    depleted: bool = False

    def __post_init__(self) -> None:
        if self.proficiency < 1:
            raise ConfigError(f"{self.name}: Proficiency is at least 1")
        if self.class_key == "sovereign" and self.composure_die < 8:
            self.composure_die = 8  # Sovereign: d8 Composure (003 class bonuses)
        self.composure_max = 1 + self.proficiency + (1 if self.home_ground else 0)  # 003 "Base Composure"
        self.composure = self.composure_max
        self.preparation = min(3, max(0, self.research_hours))  # 003 "Pre-Duel Research"
        self.resolve_start = self.resolve

    @property
    def resolve_lost(self) -> int:
        return self.resolve_start - self.resolve

    def stake(self) -> str:
        """003 "Tiered Stakes"."""
        if self.resolve <= 0:
            return "broken"
        if self.resolve_lost >= 3:
            return "total defeat"
        if self.resolve_lost >= 1:
            return "major concession"
        if self.depleted:
            return "minor concession"
        return "none"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "composure": f"{self.composure}d{self.composure_die}",
                "resolve": self.resolve, "preparation": self.preparation, "stake": self.stake()}


@dataclass(slots=True)
class Side:
    """Per-round choices for one speaker."""

    stance: str = "assert"
    exertion: int = 0
    evidence: int = 0  # −1 hard evidence (one step easier), +1 contradicted by evidence
    audience: int = 0  # hostile −1d6 / sympathetic +1d6
    counsel: int = 0  # Proficiency of an ally taking the Counsel role (0: none)
    champion: Speaker | None = None  # intercepts the social damage aimed at this speaker


@dataclass
class Duel:
    a: Speaker
    b: Speaker
    rng: Any
    round: int = 0
    over: bool = False
    result: str = ""
    log: list[dict[str, Any]] = field(default_factory=list)

    def threshold(self, s: Speaker, side: Side) -> int:
        base = BASE_THRESHOLD
        if (s.class_key, side.stance) in (("sovereign", "assert"), ("scholar", "reason")):
            base = 2  # 003 class bonuses: Sovereign Assert / Scholar Reason at 2+
        # 003 "Threshold Modifiers" shift from that base: evidence one step each way (never below 2+)
        return max(2, min(6, base + side.evidence))

    def _roll(self, s: Speaker, side: Side) -> dict[str, Any]:
        if side.stance not in STANCES:
            raise ConfigError(f"stance {side.stance!r}: choose one of {', '.join(STANCES)}")
        if not 0 <= side.exertion <= s.proficiency:
            raise RuleViolation("social roll", f"exertion {side.exertion} is outside 0..{s.proficiency}",
                                "003 Exertion Budget")
        safe = s.proficiency + s.preparation + max(0, side.audience)
        if s.class_key == "scholar" and side.evidence < 0:
            safe += 1  # Scholar: evidence grants +1d6
        ex = side.exertion
        penalty = max(0, -side.audience) + (1 if side.stance == "discern" else 0)
        cut = min(penalty, safe)
        safe -= cut
        ex -= min(penalty - cut, ex)
        faces = [self.rng.die(6) for _ in range(safe + ex)]
        return {"faces": faces, "successes": count_successes(faces, self.threshold(s, side)),
                "burned": sum(1 for f in faces[safe:] if f == 1), "threshold": self.threshold(s, side)}

    def play_round(self, side_a: Side, side_b: Side) -> dict[str, Any]:
        if self.over:
            raise RuleViolation("duel round", f"the duel is over ({self.result})", "003 Tiered Stakes")
        self.round += 1
        ra, rb = self._roll(self.a, side_a), self._roll(self.b, side_b)
        entry: dict[str, Any] = {"round": self.round, "a": {"stance": side_a.stance, **ra},
                                 "b": {"stance": side_b.stance, **rb}}
        if side_a.stance == "discern":
            entry["a"]["sees"] = f"{self.b.composure}d{self.b.composure_die}"
        if side_b.stance == "discern":
            entry["b"]["sees"] = f"{self.a.composure}d{self.a.composure_die}"
        margin = ra["successes"] - rb["successes"]
        if margin == 0:
            entry["winner"] = None  # a tie does nothing (ref §1)
        else:
            win, lose = (self.a, self.b) if margin > 0 else (self.b, self.a)
            wside, lside = (side_a, side_b) if margin > 0 else (side_b, side_a)
            entry["winner"] = win.name
            if wside.stance == "reason":
                win.preparation += 1  # Reason: +1d6 Preparation instead of damage
                entry["effect"] = f"{win.name} gains a Preparation die"
            else:
                dmg = min(abs(margin), win.proficiency)
                if wside.stance == "assert":
                    dmg += 1
                    if win.class_key == "combatant":
                        dmg += 1  # Warrior's Presence (ref §3)
                entry["damage"] = dmg
                entry["defence"] = self._defend(lose, lside, dmg)
        for s, side, key in ((self.a, side_a, "a"), (self.b, side_b, "b")):
            if side.counsel:
                entry[key]["counsel"] = self._counsel(s, side.counsel)
        self.log.append(entry)
        for s in (self.a, self.b):
            if s.stake() in ("total defeat", "broken"):
                self.over = True
                self.result = f"{s.name}: {s.stake()}"
        entry["stakes"] = {self.a.name: self.a.stake(), self.b.name: self.b.stake()}
        return entry

    def _defend(self, s: Speaker, side: Side, dmg: int) -> dict[str, Any]:
        target = side.champion or s
        capacity = max(1, target.proficiency - (1 if side.stance == "assert" else 0))  # Assert: −1 roll
        survive = 4 if target.class_key == "combatant" else 5  # Warrior's Presence: Composure on 4+
        layer = Layer("composure", target.composure_die, target.composure, survive)
        res = resolve_defence([layer], capacity, dmg, self.rng.die)
        target.composure = layer.count
        if target.composure == 0:
            target.depleted = True
        target.resolve = max(0, target.resolve - res.overflow)  # Composure gone: damage strikes Resolve
        return {"defender": target.name, "rolls": res.rolls, "cancelled": res.cancelled, "composure_lost": res.lost,
                "resolve_lost": res.overflow}

    def _counsel(self, s: Speaker, proficiency: int) -> dict[str, Any]:
        """Counsel: Awareness 3+; each success restores a Composure die; any 1 destroys one."""
        faces = [self.rng.die(6) for _ in range(proficiency)]
        restored = min(count_successes(faces, 3), s.composure_max - s.composure)
        s.composure += restored
        destroyed = 1 if 1 in faces and s.composure > 0 else 0
        s.composure -= destroyed
        return {"faces": faces, "restored": restored, "destroyed": destroyed}

    def withdraw(self, who: str) -> str:
        s = self.a if who in ("a", self.a.name) else self.b
        self.over = True
        self.result = f"{s.name} withdraws at {s.stake()}"
        return self.result


def auto_stance(me: Speaker, other: Speaker) -> str:
    """A simple stance policy: a Scholar reasons, others assert, and reason early when out of preparation."""
    if me.class_key == "scholar":
        return "reason"
    if me.preparation == 0 and me.composure > other.composure:
        return "reason"
    return "assert"

"""Typed actions. A turn is planned as a list of steps and executed by ``EndTurn``; each has a text form.

Text forms: ``deploy 7``, ``allocate engines 2``, ``deallocate railgun 4``, ``rotate retrograde``, ``coast``,
``coast scoop``, ``burn light +2``, ``transfer alpha``, ``fire laser P2 P3``, ``fire railgun P2 compensate``,
``fire missiles P2``, ``end``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from gamewright.core.errors import RuleViolation
from gamewright.games.inclinations.board import (
    BH_VELOCITY,
    FACINGS,
    PLANET_VELOCITY,
    SECTORS,
    WELL_INDEX,
    WELLS,
    adjustment_range,
)
from gamewright.games.inclinations.ship import MAX_ENERGY, SUB_INDEX, SUBSYSTEMS

INTENSITIES = {"light": 1, "medium": 2, "heavy": 3}  # 002 Burn table
WEAPONS = ("laser", "railgun", "missiles")


@dataclass(frozen=True, slots=True)
class Deploy:
    sector: int

    def to_text(self) -> str:
        return f"deploy {self.sector}"


@dataclass(frozen=True, slots=True)
class Allocate:
    subsystem: str
    amount: int

    def to_text(self) -> str:
        return f"allocate {self.subsystem} {self.amount}"


@dataclass(frozen=True, slots=True)
class Deallocate:
    subsystem: str
    amount: int

    def to_text(self) -> str:
        return f"deallocate {self.subsystem} {self.amount}"


@dataclass(frozen=True, slots=True)
class Rotate:
    facing: str

    def to_text(self) -> str:
        return f"rotate {self.facing}"


@dataclass(frozen=True, slots=True)
class Coast:
    scoop: bool = False

    def to_text(self) -> str:
        return "coast scoop" if self.scoop else "coast"


@dataclass(frozen=True, slots=True)
class Burn:
    intensity: str
    adjust: int = 0
    scoop: bool = False  # always illegal; kept so "scooping while burning" gets its own message

    def to_text(self) -> str:
        return f"burn {self.intensity} {self.adjust:+d}" + (" scoop" if self.scoop else "")


@dataclass(frozen=True, slots=True)
class Transfer:
    destination: str

    def to_text(self) -> str:
        return f"transfer {self.destination}"


@dataclass(frozen=True, slots=True)
class Fire:
    weapon: str
    targets: tuple[str, ...]
    compensate: bool = False

    def to_text(self) -> str:
        return f"fire {self.weapon} {' '.join(self.targets)}" + (" compensate" if self.compensate else "")


@dataclass(frozen=True, slots=True)
class EndTurn:
    def to_text(self) -> str:
        return "end"


Step = Allocate | Deallocate | Rotate | Coast | Burn | Transfer | Fire
Action = Deploy | Allocate | Deallocate | Rotate | Coast | Burn | Transfer | Fire | EndTurn

# Shared instances of the steps planners list again and again (the classes are frozen, so one value serves all).
DEPLOYS = tuple(Deploy(sector) for sector in range(SECTORS))
COAST = Coast(False)
COAST_SCOOP = Coast(True)
ROTATE = {facing: Rotate(name) for name, facing in FACINGS.items()}  # by the facing turned to
_ADJUSTS = range(min(adjustment_range(v)[0] for v in (*BH_VELOCITY[1:], *PLANET_VELOCITY[1:])),
                 adjustment_range(1)[1] + 1)
BURNS = {(name, adj): Burn(name, adj) for name in INTENSITIES for adj in _ADJUSTS}
TRANSFERS = tuple(Transfer(well) for well in WELLS)  # by well index
# indexed by subsystem, then amount (index 0 unused)
ALLOCATIONS = tuple(tuple(Allocate(name, a) for a in range(MAX_ENERGY[i] + 1)) for i, name in enumerate(SUBSYSTEMS))
DEALLOCATIONS = tuple(tuple(Deallocate(name, a) for a in range(MAX_ENERGY[i] + 1)) for i, name in enumerate(SUBSYSTEMS))

# ids of the shared values above and of fire()'s: well typed, and kept alive by these tables and fire's cache
_SHARED = {id(step) for step in (*DEPLOYS, COAST, COAST_SCOOP, *ROTATE.values(), *BURNS.values(), *TRANSFERS,
                                 *(a for row in ALLOCATIONS for a in row), *(d for row in DEALLOCATIONS for d in row))}


@cache
def fire(weapon: str, targets: tuple[str, ...], compensate: bool = False) -> Fire:
    """The shared ``Fire`` value (planners name the same shots turn after turn)."""
    shot = Fire(weapon, targets, compensate)
    if well_typed(shot):
        _SHARED.add(id(shot))
    return shot


_TEXTS: dict[int, str] = {}  # by id: the text of a shared value above (they live as long as this module)


def step_text(action: Action) -> str:
    """``action.to_text()``, kept for the shared values (a bot's log names them turn after turn)."""
    key = id(action)
    text = _TEXTS.get(key)
    if text is None:
        text = action.to_text()
        if key in _SHARED:
            _TEXTS[key] = text
    return text


ACTION_TYPES = (Deploy, Allocate, Deallocate, Rotate, Coast, Burn, Transfer, Fire, EndTurn)
STEP_TYPES = frozenset(ACTION_TYPES[1:-1])
END = EndTurn()


def _is_int(x: Any) -> bool:
    return type(x) is int


def well_typed(action: Any) -> bool:
    """Fields of the right types, so a hand-built action can only be refused, never crash validation."""
    if id(action) in _SHARED:
        return True
    kind = type(action)
    if kind is Deploy:
        return _is_int(action.sector)
    if kind is Allocate or kind is Deallocate:
        return type(action.subsystem) is str and _is_int(action.amount)
    if kind is Rotate:
        return type(action.facing) is str
    if kind is Coast:
        return type(action.scoop) is bool
    if kind is Burn:
        return type(action.intensity) is str and _is_int(action.adjust) and type(action.scoop) is bool
    if kind is Transfer:
        return type(action.destination) is str
    if kind is Fire:
        return (type(action.weapon) is str and type(action.targets) is tuple
                and all(type(t) is str for t in action.targets) and type(action.compensate) is bool)
    return True


def action_text(action: Any) -> str:
    """The text form, or for a malformed hand-built action its repr."""
    try:
        return str(action.to_text())
    except Exception:  # a malformed hand-built action: show it as built
        return repr(action)


FORMS = {
    "deploy": "deploy SECTOR",
    "allocate": "allocate SUBSYSTEM N",
    "deallocate": "deallocate SUBSYSTEM N",
    "rotate": "rotate prograde|retrograde",
    "coast": "coast [scoop]",
    "burn": "burn light|medium|heavy [ADJUST]",
    "transfer": "transfer WELL",
    "fire": "fire laser|railgun|missiles TARGET... [compensate]",
    "end": "end",
}
HELP = "actions: " + " | ".join(FORMS.values())


def _bad(text: str, why: str) -> RuleViolation:
    return RuleViolation(f"cannot read {text!r}", why, "")


def _int(text: str, word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise _bad(text, f"{what} must be a whole number, not {word!r}") from None


def parse_action(text: str) -> Action:
    """Parse the text form of an action (the inverse of ``to_text``)."""
    words = text.strip().lower().split()
    if not words:
        raise _bad(text, "empty action")
    verb, args = words[0], words[1:]
    if verb == "end" and not args:
        return EndTurn()
    if verb == "deploy" and len(args) == 1:
        return Deploy(_int(text, args[0], "the sector"))
    if verb in ("allocate", "deallocate") and len(args) == 2:
        if args[0] not in SUB_INDEX:
            raise _bad(text, f"unknown subsystem {args[0]!r} (subsystems: {', '.join(SUB_INDEX)})")
        amount = _int(text, args[1], "the amount")
        if amount < 1:
            raise _bad(text, "the amount must be at least 1")
        return (Allocate if verb == "allocate" else Deallocate)(args[0], amount)
    if verb == "rotate" and len(args) == 1:
        if args[0] not in FACINGS:
            raise _bad(text, "facing must be prograde or retrograde")
        return Rotate(args[0])
    if verb == "coast" and args in ([], ["scoop"]):
        return Coast(bool(args))
    if verb == "burn" and 1 <= len(args) <= 3:
        if args[0] not in INTENSITIES:
            raise _bad(text, "burn intensity must be light, medium or heavy")
        rest = args[1:]
        scoop = "scoop" in rest
        rest = [w for w in rest if w != "scoop"]
        adjust = _int(text, rest[0], "the sector adjustment") if rest else 0
        if len(rest) > 1:
            raise _bad(text, "too many words")
        return Burn(args[0], adjust, scoop)
    if verb == "transfer" and len(args) == 1:
        if args[0] not in WELL_INDEX:
            raise _bad(text, f"unknown well {args[0]!r} (wells: {', '.join(WELL_INDEX)})")
        return Transfer(args[0])
    if verb == "fire" and len(args) >= 2:
        if args[0] not in WEAPONS:
            raise _bad(text, "weapon must be laser, railgun or missiles")
        rest = args[1:]
        compensate = rest[-1] == "compensate"
        if compensate:
            rest = rest[:-1]
        if not rest:
            raise _bad(text, "name at least one target")
        return Fire(args[0], tuple(w.upper() for w in rest), compensate)
    if verb == "fire" and len(args) == 1 and args[0] in WEAPONS:
        raise _bad(text, f"name at least one target: fire {args[0]} P2")
    if verb in FORMS:
        raise _bad(text, f"write {FORMS[verb]}")
    raise _bad(text, f"unknown action {verb!r}; {HELP}")

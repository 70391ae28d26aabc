"""What a pilot brings into a battle from earlier missions of a campaign (004 §5 "Wound Card Effects"; RULINGS).

Two rules options say it, so a battle still replays from its rules, seed and actions alone:
``wounds`` names the Wound cards each pilot deploys with face up (``+`` between cards, ``/`` between the
caskets of one side, ``,`` between sides, like ``decks``), and ``taint`` each pilot's Taint counter.
An empty entry carries nothing. Deployment applies them (``deploy_carried``): the cards leave the shuffled
Wound deck face up without being "taken" again, and Ruptured Organ's "start each mission at -5 Casket HP
(discard 5 cards at deployment)" is a harm of 5 that the owner resolves before round 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamewright.core.errors import ConfigError
from gamewright.core.limits import ascii_int
from gamewright.games.penance.pilot import PILOT_DEATH, WOUNDS

if TYPE_CHECKING:
    from gamewright.games.penance.casket import Casket

RUPTURED_ORGAN_LOSS = 5  # 004 §5 Ruptured Organ: -5 Casket HP at deployment
TAINT_MAX = 10**6  # a counter; the bound only keeps a typed number sane


def _entries(text: str, sides: int, per_side: list[int], what: str) -> list[list[str]]:
    """``text`` split into sides (``,``) and caskets (``/``); an empty text or side entry carries nothing."""
    if not text.strip():
        return [[""] * n for n in per_side]
    parts = text.split(",")
    if len(parts) != sides:
        raise ConfigError(f"option {what!r} names {len(parts)} side(s); the battle has {sides} (comma between "
                          "sides, '/' between the caskets of one side)")
    out = []
    for side, (part, n) in enumerate(zip(parts, per_side, strict=True)):
        caskets = part.split("/") if part.strip() else [""] * n
        if len(caskets) != n:
            raise ConfigError(f"option {what!r}: side {side + 1} has {n} casket(s), the option names {len(caskets)}")
        out.append([c.strip() for c in caskets])
    return out


def parse_wounds(text: str, sides: int, per_side: list[int]) -> list[list[tuple[str, ...]]]:
    """The ``wounds`` option: each casket's carried Wound cards, validated (distinct, known, fewer than 10)."""
    out = []
    for side in _entries(text, sides, per_side, "wounds"):
        row = []
        for entry in side:
            names = tuple(w.strip().lower() for w in entry.split("+") if w.strip())
            for w in names:
                if w not in WOUNDS:
                    raise ConfigError(f"option 'wounds': unknown Wound card {w!r}; one of {', '.join(WOUNDS)}")
            if len(set(names)) != len(names):
                raise ConfigError(f"option 'wounds': {entry!r} names a Wound card twice (each card exists once)")
            if len(names) >= PILOT_DEATH:
                raise ConfigError("option 'wounds': a pilot with 10 Wound cards face up is dead (004 §5)")
            row.append(names)
        out.append(row)
    return out


def parse_taint(text: str, sides: int, per_side: list[int]) -> list[list[int]]:
    """The ``taint`` option: each casket's Taint counter (a whole number, empty = 0)."""
    return [[ascii_int(e, "option 'taint'") if e else 0 for e in side]
            for side in _entries(text, sides, per_side, "taint")]


def check_carry(rules: Any, per_side: list[int]) -> None:
    """Refuse a malformed ``wounds``/``taint`` option when the game is configured (one line, exit 2)."""
    parse_wounds(str(rules.wounds), len(per_side), per_side)
    for side in parse_taint(str(rules.taint), len(per_side), per_side):
        for value in side:
            if value > TAINT_MAX:
                raise ConfigError(f"option 'taint': at most {TAINT_MAX}, not {value}")


def deploy_carried(s: Casket, wounds: tuple[str, ...], taint: int) -> bool:
    """Turn the carried Wound cards face up (in the order given) and set Taint; True when Ruptured Organ is among
    them (the caller queues its harm). The deck was shuffled first, so an uncarried battle draws as before."""
    for w in wounds:
        s.wound_deck.remove(w)
        s.wounds.append(w)
    s.taint = taint
    return "ruptured_organ" in wounds

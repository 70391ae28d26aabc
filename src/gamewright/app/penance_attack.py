"""The Penance attack assistant (``penance attack`` and ``/tools/penance/attack``): one attack resolved by the
engine itself.

The inputs are checked here; the attack is then set out on the battlefield (``games.penance.assistant``) and
played through ``PenanceState.apply`` with the attack dice and defense faces the table gave (the rest rolled
from the seed), the defender playing no reactive card and losing its cards from the deck. Everything reported
is read from the engine's events: the roll, the tier and damage, the defense, the cards lost, a Major Wound, a
destroyed component, the attacker's Heat.
"""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.game import Event
from gamewright.core.limits import check_seed
from gamewright.core.rng import Rng
from gamewright.games.penance.actions import Act
from gamewright.games.penance.assistant import attack_position
from gamewright.games.penance.attack import COVER_TN, side_number
from gamewright.games.penance.cards import find_card
from gamewright.games.penance.components import casket_class
from gamewright.games.penance.dice import DEFENSE_FACES, parse_defense_face, roll_attack
from gamewright.games.penance.state import PenanceState

ATTACKER, DEFENDER = 0, 1
DECK_UNKNOWN = 10  # no --defender-deck: Divine Judgment's "10 or fewer" is taken as met (its full damage)
# the defender's decisions inside an attack: no reactive card, each lost card from the top of the deck
ANSWERS = {"react": Act("pass"), "loss": Act("lose")}


class GivenDice(Rng):
    """The seeded stream, except that the dice the table gave (faces of a d6) come first."""

    __slots__ = ("given",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.given: list[int] = []

    def die(self, sides: int) -> int:
        return self.given.pop(0) if self.given else super().die(sides)


def _parse_attack_dice(text: str | None, rng: Rng) -> tuple[list[int], bool]:
    if text is None or text == "":
        return list(roll_attack(rng)), True
    try:
        dice = [int(x) for x in text.split(",")]
    except ValueError as exc:
        raise ConfigError(f"--attack-dice takes two values 0-5 separated by a comma, e.g. 3,4 (got {text!r})") from exc
    if len(dice) != 2 or any(not 0 <= d <= 5 for d in dice):
        raise ConfigError(f"--attack-dice takes exactly two values from 0 to 5, e.g. 3,4 (got {text!r})")
    return dice, False


def _resolve(state: PenanceState, play: Act) -> tuple[list[Event], bool]:
    """The attack played to its end: (every event, whether the engine opened the defender's reactive window)."""
    try:
        events = state.apply(play)
        window = False
        while state.attack is not None:  # the attack waits on one of the defender's decisions
            kind = state.todo[-1][0]
            window = window or kind == "react"
            if kind not in ANSWERS:
                raise ConfigError(f"the attack waits on a {kind!r} decision the assistant cannot answer")
            events += state.apply(ANSWERS[kind])
    except RuleViolation as exc:
        raise ConfigError(str(exc)) from None
    return events, window


def attack_result(card: str, attacker: str, defender: str, range_: int, moved: int = 0, defender_moved: int = 0,
                  side: str = "front", cover: str = "none", attack_dice: str | None = None,
                  defense_dice: str | None = None, defender_deck: int | None = None, seed: int = 0) -> dict[str, Any]:
    """``penance attack --json``'s document: one attack resolved by the engine."""
    c = find_card(card)
    if not c.is_attack:
        raise ConfigError(f"{c.name} is not an attack card")
    casket_class(attacker)
    casket_class(defender)
    if range_ < 1:
        raise ConfigError("--range must be at least 1 (adjacent hexes are range 1)")
    reach = c.radius if c.area == "radius" else c.range
    if range_ > reach:
        raise ConfigError(f"target out of range: {c.name} reaches {reach} hex(es), the target is at {range_}")
    if moved < 0 or defender_moved < 0:
        raise ConfigError("--moved and --defender-moved count hexes and cannot be negative")
    s = side_number(side)
    rng = GivenDice(check_seed(seed, "--seed"))
    cover = cover.lower()
    if cover not in COVER_TN:
        raise ConfigError(f"unknown cover {cover!r}; choose one of: {', '.join(COVER_TN)}")
    dice, rolled = _parse_attack_dice(attack_dice, rng)
    given = [parse_defense_face(f) for f in defense_dice.split(",")] if defense_dice else []
    rng.given = [dice[0] + 1, dice[1] + 1] + [DEFENSE_FACES.index(f) + 1 for f in given]  # a die's value + 1
    state, play = attack_position(c.id, attacker, defender, range_, s, cover, moved, defender_moved,
                                  DECK_UNKNOWN if defender_deck is None else defender_deck, rng)
    events, window = _resolve(state, play)
    return _document(events, window, c.name, rolled, len(given))


def _document(events: list[Event], window: bool, card_name: str, rolled: bool, given: int) -> dict[str, Any]:
    """The assistant's document read from the engine's events (its field order is the exact interface)."""
    roll = next(e.data for e in events if e.kind == "attack")
    defense = next((e.data for e in events if e.kind == "defense"), {})
    faces = list(defense.get("faces", []))
    if given > len(faces) and defense:
        raise ConfigError(f"{given} defense dice given but the attack deals {roll['damage']} damage (one die per "
                          "point)")

    def of(kind: str, player: int) -> list[dict[str, Any]]:
        return [e.data for e in events if e.kind == kind and e.data.get("player") == player]

    pierce = bool(defense.get("pierce", False))
    return {
        "tn": roll["tn"], "sum": roll["sum"], "tier": roll["tier"], "damage": roll["damage"],
        "blocked": defense.get("blocked", 0), "taken": len(of("lose", DEFENDER)),
        "component_damage": defense.get("component_damage", 0), "heat": defense.get("heat", 0), "pierce": pierce,
        "major_wound": bool(of("major_wound", DEFENDER)),
        "attack_dice": list(roll["dice"]), "attack_dice_rolled": rolled, "defense_dice": faces,
        "tn_parts": dict(roll["tn_parts"]), "side_number": roll["side"], "card": card_name,
        "reactive_allowed": window and not pierce,  # a PIERCE cancels a reactive card (ref §2)
        "component_destroyed": bool(of("destroyed", DEFENDER)),
        "attacker_heat": sum(h.get("gained", 0) for h in of("heat", ATTACKER)),
    }

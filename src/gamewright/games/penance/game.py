"""The Penance Game: rules options, deck choice, action parsing (Game protocol of core/game.py)."""

from __future__ import annotations

from typing import Any, ClassVar

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.limits import ascii_int
from gamewright.core.rules import Option, Rules, RulesSpec
from gamewright.games.penance.cards import find_card
from gamewright.games.penance.carry import check_carry
from gamewright.games.penance.components import component_index
from gamewright.games.penance.decks import DeckSpec, parse_sides
from gamewright.games.penance.hexgrid import DIRECTIONS
from gamewright.games.penance.state import Act, PenanceState

RULES = RulesSpec(
    "penance",
    (
        Option("decks", "confessor,ironclad", doc="the two sides, seat 1 first, each 1-3 decks separated by '/' "
               "(name[:secondary][:t1+t2]); e.g. confessor/confessor,ironclad/ironclad for two against two",
               source="ref §5; issue 16 §1"),
        Option("map", "default", choices=("default",), doc="the battlefield", source="ref §4"),
        Option("reshuffle_damage_card", False, doc="add a DAMAGED card on every reshuffle (004 §8's older rule)",
               source="004 §4 / §8"),
        Option("blood_offering", "discard", choices=("discard", "suffering_die"),
               doc="Blood Offering discards 2, or rolls one Suffering Die", source="004 §6"),
        Option("flagellants_zeal", "discard", choices=("discard", "suffering_dice"),
               doc="Flagellant's Zeal discards 5, or rolls two Suffering Dice", source="004 §6"),
        Option("shield_wall", "allies", choices=("allies", "self"),
               doc="Shield Wall helps only allies behind you (none one-on-one), or gives yourself +2 Defense "
                   "against attacks from the front", source="004 §1 Option B; ref §2 Allies"),
        Option("activation", "casket", choices=("casket", "side"),
               doc="squads: every casket takes its own turn in initiative order, or a side's caskets all act "
                   "together when the side's best roll wins", source="ref §4; RULINGS Penance squads"),
        Option("martyrdom", "plain", choices=("plain", "suffering_dice"),
               doc="Martyrdom Protocol redirects an attack, or also rolls 1 Suffering Die per 3 damage redirected",
               source="004 §1, §6"),
        Option("hit_location", "choice", choices=("choice", "random"),
               doc="the attacker chooses the target component, or the hit-location die (1 head, 2 left arm, "
                   "3 right arm, 4-5 chassis, 6 legs) picks it on a hit", source="ref §2"),
        Option("withdraw", False, doc="a casket may withdraw from the field in its main phase (campaign missions: "
                                      "surviving pilots retreat)", source="004 §9 Campaign; RULINGS"),
        Option("last_rites", "defeat", choices=("defeat", "out"),
               doc="Last Rites' window opens when an ally is defeated (a withdrawal is not a defeat: its pilot "
                   "retreats alive), or whenever an ally leaves the battle, a withdrawal included",
               source="004 §1 Church Tactics; RULINGS Penance campaigns"),
        Option("wounds", "", doc="Wound cards each pilot deploys with face up, from earlier missions "
                                 "(card+card per casket, comma between sides)", source="004 §5; RULINGS"),
        Option("deck_out_save", False, doc="a casket whose deck and discard run out rolls its pilot's save: 1d6 1-3 "
                                           "+2 Wounds, 4-6 survives extraction (campaign missions)",
               source="004 §5 item 5"),
        Option("taint", "", doc="each pilot's Taint counter from earlier missions (comma between sides)",
               source="004 §1 Absolution; RULINGS"),
    ),
    {"standard": {}},
    "standard",
)


class PenanceGame:
    name: ClassVar[str] = "penance"

    def __init__(self, ruleset: str | None = None, options: dict[str, Any] | None = None) -> None:
        self.rules: Rules = RULES.resolve(ruleset, options)
        sides = parse_sides(self.rules.decks)
        self.specs: tuple[DeckSpec, ...] = tuple(spec for side in sides for spec in side)
        self.teams: tuple[int, ...] = tuple(t for t, side in enumerate(sides) for _ in side)
        check_carry(self.rules, [len(side) for side in sides])

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self, seed: int = 0) -> PenanceState:
        return PenanceState(self.rules, seed, self.specs, self.teams)

    def state_from_json(self, data: dict[str, Any]) -> PenanceState:
        rules = RULES.from_json(data["rules"])
        return PenanceState.from_json(data, rules)

    def parse_action(self, state: Any, text: str) -> Act:
        """Parse the text form of an action; card names are accepted in place of card numbers."""
        words = text.strip().split()
        if not words:
            raise RuleViolation(repr(text), "empty action; try one of the legal actions")
        verb = words[0].lower()
        rest = words[1:]
        p = state.todo[-1][1] if state.todo and not state.over else -1  # the casket deciding
        target = -1
        if "on" in rest:  # squads: "... on 3" or "... on P2b" names a casket
            k = rest.index("on")
            if k + 2 != len(rest):
                raise RuleViolation(text, "write: play <card> [at <component>] on <casket>")
            target = self._casket_ref(state, rest[k + 1], text)
            rest = rest[:k]
        if verb == "extract" and not rest and target >= 0:
            return Act("extract", target=target)
        if verb in ("end", "keep", "mulligan", "rune", "pass", "withdraw") and not rest:
            return Act(verb)
        if verb in ("move", "rotate") and len(rest) == 1:
            d = rest[0].upper()
            if d not in DIRECTIONS:
                raise RuleViolation(text, "a direction is one of " + ", ".join(DIRECTIONS))
            return Act(verb, arg=DIRECTIONS.index(d))
        if verb == "lose" and rest == ["deck"]:
            return Act("lose")
        if verb in ("play", "lose", "react", "sacrifice", "purge", "scrap", "discard") and rest:
            component = -1
            if "at" in rest:
                k = rest.index("at")
                if k + 2 != len(rest):
                    raise RuleViolation(text, "write: play <card> at <component>")
                try:
                    component = component_index(rest[k + 1])
                except ConfigError as exc:
                    raise RuleViolation(text, str(exc)) from exc
                rest = rest[:k]
            inst = self._card_ref(state, p, " ".join(rest), text)
            return Act(verb, inst, component, target)
        raise RuleViolation(text, "unknown action; try one of the legal actions")

    @staticmethod
    def _casket_ref(state: PenanceState, ref: str, text: str) -> int:
        """A casket by its number in the battle (1 = the first deck) or its label (P1, P2b)."""
        labels = [x.lower() for x in state.labels]
        if ref.lower() in labels:
            return labels.index(ref.lower())
        if ref.isdigit() and ref.isascii() and 1 <= int(ref) <= len(labels):
            return int(ref) - 1
        raise RuleViolation(text, f"no casket {ref!r}; name one of {', '.join(state.labels)} or its number "
                            f"1-{len(labels)}")

    @staticmethod
    def _card_ref(state: PenanceState, p: int, ref: str, text: str) -> int:
        if p < 0:
            raise RuleViolation(text, "nobody is to act")
        pl = state.sides[p].piles
        if ref[:1].isdigit():
            try:
                return ascii_int(ref, "a card number")
            except ConfigError as exc:
                raise RuleViolation(text, str(exc)) from exc
        try:
            cid = find_card(ref).id
        except ConfigError as exc:
            raise RuleViolation(text, str(exc)) from exc
        for i in pl.hand:
            if pl.cards[i] == cid:
                return i
        raise RuleViolation(text, f"{ref} is not in your hand")


def make_game(ruleset: str | None = None, options: dict[str, Any] | None = None) -> PenanceGame:
    return PenanceGame(ruleset, options)

"""Affinity: a d6 dice-pool tabletop RPG of Hit Dice, exertion, layered defence and Resolve (rules/003).

``load_game("affinity", options={...})`` gives a combat encounter between a party (seat 0) and copies of a
creature (seat 1). Options choose the party's classes and level, the creature and its number (0: the medium
encounter budget), and the rules' own alternatives (healing dice, free strikes, Basic creatures' actions; the
Resolve a Rest restores, read by the rests of stored sheets).
"""

from __future__ import annotations

from typing import Any, ClassVar

from gamewright.core.errors import ConfigError
from gamewright.core.rules import Option, RulesSpec
from gamewright.games.affinity import limits

GAME_NAME = "affinity"
_CREATURES = ("pall_wolf", "greenskin_raider", "sellsword", "skeletal_warrior", "wolf_pack", "veteran_sellsword",
              "orc_berserker", "bandit_captain", "wight_lord", "goblin_skulker", "orc_raider", "frostbitten_thrall",
              "ice_wraith")

SPEC = RulesSpec(
    GAME_NAME,
    (
        Option("party", "combatant,priest,ranger,weaver", doc="comma-separated classes of the party",
               source="ref §1 Conformance party"),
        Option("level", 1, doc="the party's level", source="003 Level", minimum=1, maximum=10),
        Option("creature", "pall_wolf", choices=_CREATURES, doc="the creature the party faces", source="ref §4"),
        Option("count", 0, doc="copies of the creature (0: as many as the encounter budget allows)",
               source="ref §4", minimum=0, maximum=30),
        Option("budget", "medium", choices=("easy", "medium", "hard", "deadly"),
               doc="the encounter budget that sets the count when count=0 (deadly: the smallest encounter past "
                   "hard)", source="ref §4 budgets"),
        Option("healing", "sum", choices=("sum", "count"), doc="healing dice restore their total or one per die",
               source="ref §1 Healing dice"),
        Option("free_strikes", False, doc="leaving melee draws a Basic attack from each enemy left",
               source="ref §1 Space"),
        Option("basic_actions", 1, choices=(1, 2), doc="actions per turn of Basic creatures (the table says 1–2)",
               source="ref §1 NPCs"),
        Option("magical_armor", True, doc="Weavers cast Magical Armor (2d12) before the fight", source="ref §3"),
        Option("surprised", "none", choices=("none", "party", "creatures"),
               doc="a surprised side gets no +1 Resolve from its initiative roll", source="ref §1 Initiative"),
        Option("initiative_exertion", 0, doc="exertion dice PCs add to initiative", source="ref §1 Initiative",
               minimum=0, maximum=5),
        Option("rest_resolve", "one", choices=("one", "half", "one_to_half"),
               doc="Resolve a Rest restores: +1 (one), up to half the maximum rounded up, 3 (half), or +1 but not "
                   "above 3 (one_to_half); stored sheets' rests, not fights",
               source="003 Rest & Recovery; Recovering Resolve; Resting (RULINGS)"),
    ),
    {"standard": {}},
    "standard",
)


class AffinityGame:
    name: ClassVar[str] = GAME_NAME

    def __init__(self, ruleset: str | None = None, options: dict[str, Any] | None = None) -> None:
        self.rules = SPEC.resolve(ruleset, options)
        self._fighters: list[Any] | None = None  # a new fight's combatants before it starts (never played)

    @property
    def num_players(self) -> int:
        return 2

    def party(self) -> list[Any]:
        from gamewright.games.affinity.character import conformance_party, new_sheet

        classes = [c.strip() for c in str(self.rules.party).split(",") if c.strip()]
        if not classes:
            raise ConfigError("the party needs at least one class")
        limits.check("party", len(classes), "the party's number of classes")
        level = self.rules.level
        if classes == ["combatant", "priest", "ranger", "weaver"]:
            return conformance_party(level, bool(self.rules.magical_armor))
        sheets = []
        for i, key in enumerate(classes):
            sheet = new_sheet(f"{key.title()} {i + 1}", key, level)
            sheets.append(sheet)
        return sheets

    def new_initial_state(self, seed: int = 0) -> Any:
        from gamewright.games.affinity.combat import encounter_count, fighters_for, start_fight
        from gamewright.games.affinity.data_files import creature

        options = self.rules.as_dict()
        options["surprised"] = {"none": [], "party": [0], "creatures": [1]}[options["surprised"]]
        if self._fighters is None:  # the same for every fight of these rules: built once, copied for each
            party = self.party()
            cdef = creature(self.rules.creature)
            count = self.rules.count or encounter_count(cdef, party, str(self.rules.budget))
            self._fighters = fighters_for(party, cdef.key, count, options)
        state, _ = start_fight([f.copy() for f in self._fighters], seed, options)
        return state

    def parse_action(self, state: Any, text: str) -> Any:
        from gamewright.games.affinity.combat import parse_act

        return parse_act(text)

    def state_from_json(self, data: dict[str, Any]) -> Any:
        from gamewright.games.affinity.combat import CombatState
        from gamewright.games.affinity.state_check import check_state_json

        check_state_json(data)
        try:
            state = CombatState.from_json(data)
            problems = state.invariant_violations()
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
            raise ConfigError(f"not an Affinity fight state: {type(exc).__name__} {exc}") from None
        if problems:
            raise ConfigError(f"not a consistent Affinity fight state: {problems[0]}")
        return state


def make_game(ruleset: str | None = None, options: dict[str, Any] | None = None) -> AffinityGame:
    return AffinityGame(ruleset, options)

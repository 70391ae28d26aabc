"""Affinity's manifest: what the lobby, the API, the CLI, the lab, the agents and the environments know of it.

Cheap to import: the engine, the bots and the pages are named by import path and loaded on first use."""

from __future__ import annotations

from functools import partial
from typing import Any

from gamewright.core.manifest import GameManifest, OptionText, SharedSeat

PARTY = 0  # the party's seat: its characters share it, each with a link of its own


def _bots() -> dict[str, Any]:
    from gamewright.games.affinity import policies

    return {name: partial(policies.make_policy, name) for name in ("greedy", "random")}


def _characters(state: Any) -> list[tuple[int, str]]:
    return [(f.idx, f.name) for f in state.fighters if f.side == PARTY]


def _acting(state: Any) -> int:
    return int(state.active)


MANIFEST = GameManifest(
    name="affinity",
    title="Affinity",
    factory="gamewright.games.affinity:make_game",
    rules="gamewright.games.affinity:SPEC",
    seats=(2, 2),
    option_text={
        "party": OptionText("Party", "The classes of the party's characters, separated by commas.", "common"),
        "level": OptionText("Level", "The party's level, from 1 to 10.", "common"),
        "creature": OptionText("Creature", "The kind of creature the party fights.", "common"),
        "count": OptionText("Number of creatures", "How many creatures appear; 0 lets the difficulty decide.",
                            "common"),
        "budget": OptionText("Difficulty", "How hard an encounter to build when the number of creatures is 0.",
                             "common"),
        "healing": OptionText("Healing dice", "Whether healing dice restore their total, or one Hit Die each."),
        "free_strikes": OptionText("Free strikes", "Whether leaving melee gives every enemy you leave a free basic "
                                   "attack."),
        "basic_actions": OptionText("Basic creatures' actions", "How many actions a Basic creature takes each "
                                    "turn."),
        "magical_armor": OptionText("Magical Armor", "Whether Weavers cast Magical Armor before the fight "
                                    "begins."),
        "rest_resolve": OptionText("Resolve from a rest", "How much Resolve a stored character regains from a "
                                   "Rest: one point, up to half the maximum, or one point but not above half.",
                                   "outside"),  # the character sheets' rests read it, never a fight
        "surprised": OptionText("Surprise", "Which side, if either, is caught by surprise and misses the Resolve "
                                "its initiative would give."),
        "initiative_exertion": OptionText("Initiative exertion", "How many exertion dice the characters add to "
                                          "their initiative roll."),
    },
    seat_labels=("party", "creatures"),
    default_seats=("human", "bot:greedy"),
    bots=_bots,
    best_bot="greedy",
    bot_labels={"greedy": "Hard bot", "random": "Random"},
    shared_seat=SharedSeat(PARTY, _characters, _acting),
    result_summary="gamewright.web.result_words:affinity",  # the result panel's words
    board="gamewright.web.boards.affinity",
    assistants=("gamewright.web.assistants_affinity:router", "gamewright.web.characters_affinity:router"),
    env_encoder="gamewright.envs.encoders.affinity:AffinityEncoder",  # its action catalogue too (by configuration)
    metrics="gamewright.games.affinity.metrics:HOOK",
    standing="gamewright.games.affinity.standing:standing",
    order=40,
    secret_fields=("rng",),  # the state's seeded streams (to_json), never in a view
)

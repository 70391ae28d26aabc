"""Space Prince's manifest: what the lobby, the API, the CLI, the lab, the agents and the environments know of it.

Cheap to import: the engine, the bots and the pages are named by import path and loaded on first use."""

from __future__ import annotations

from functools import partial
from typing import Any

from gamewright.core.manifest import GameManifest, OptionText


def _bots() -> dict[str, Any]:
    from gamewright.games.prince import policies

    return {name: partial(policies.make_policy, name) for name in policies.POLICIES}


def _planets(players: int) -> list[str]:
    """The action catalogue: a turn is the planet played, one of the seven."""
    from gamewright.games.prince.tables import PLANETS

    del players
    return list(PLANETS)


MANIFEST = GameManifest(
    name="prince",
    title="Space Prince",
    factory="gamewright.games.prince.game:PrinceGame",
    rules="gamewright.games.prince.options:SPEC",
    seats=(1, 1),
    option_text={
        "crit": OptionText("Critical hits", "How Luck becomes a chance of a critical hit: the design's rate with "
                           "its cap, or the prototype's higher rate without one."),
        "degradation": OptionText("Degradation", "Whether a planet's damage, healing and luck weaken as its "
                                  "affliction grows."),
        "modality": OptionText("Modality", "Whether cardinal planets strike harder and mutable planets are struck "
                               "harder."),
        "rounding": OptionText("Rounding", "How fractions are settled: each amount rounded half up, or the "
                               "remainder carried over on each planet."),
        "sect": OptionText("Sect", "Whether aspects between planets of the same sect pass on more, or planets in "
                           "sect hold out longer before they burn out."),
        "propagation_base": OptionText("What aspects pass on", "Whether an aspect passes on the rounded amount "
                                       "its planet received, or the exact amount before rounding."),
        "encounters_per_run": OptionText("Encounters per run", "How many encounters a run holds; winning the last "
                                         "one wins the run.", "common"),
        "unlocks": OptionText("Unlocks", "Whether planets and aspects open up over many runs, or everything is "
                              "open from the start.", "common"),
        "opponent_draws": OptionText("Opponents' planets", "How an opponent picks its planets: one weighted draw "
                                     "each turn, or whole sequences drawn when the run begins."),
        "defeat_when": OptionText("Defeat", "Whether the run is lost once every unlocked planet has burned out, "
                                  "or only once all seven have."),
        "metaprogression": OptionText("Progress between runs", "Whether a run adds to the Prince's lasting record "
                                      "of encounters, aspects, illumination and joys."),
    },
    default_seats=("human",),
    bots=_bots,
    best_bot="greedy",
    # greedy looks a turn ahead with the exact preview; greedy-direct with the direct predictions only (weaker)
    bot_labels={"greedy-direct": "Medium bot", "greedy": "Hard bot", "random": "Random"},
    result_summary="gamewright.web.result_words:prince",  # the result panel's words
    board="gamewright.web.boards.prince",
    assistants=("gamewright.web.assistants_prince:router",),
    action_texts=_planets,
    single_agent_env="gamewright.envs.gym:PrinceEnv",
    env_encoder="gamewright.envs.encoders.prince:PrinceEncoder",
    metrics="gamewright.games.prince.metrics:HOOK",
    order=30,
    secret_fields=("seed", "rng", "orng"),  # the state's seeded streams (to_json), never in a view
)

"""Dangerous Inclinations' manifest: what the lobby, the API, the CLI, the lab, the agents and the environments know
of it. Cheap to import: the engine, the bots and the pages are named by import path and loaded on first use."""

from __future__ import annotations

from gamewright.core.manifest import GameManifest, OptionText

MANIFEST = GameManifest(
    name="inclinations",
    title="Dangerous Inclinations",
    factory="gamewright.games.inclinations.game:factory",
    rules="gamewright.games.inclinations.options:SPEC",
    seats=(2, 6),
    option_text={
        "players": OptionText("Players", "How many ships take part, from 2 to 6.", "common"),
        "well_transfer_mass": OptionText("Well transfer cost", "How much reaction mass a ship spends to move "
                                         "from one gravity well to another."),
        "to_hit": OptionText("Hit rolls", "Whether every shot in range hits, or a d10 decides misses and "
                             "critical hits.", "common"),
        "shields_deplete": OptionText("Shields drain", "Whether shields use up their energy as they absorb "
                                      "damage."),
        "missiles": OptionText("Missiles", "Whether missiles strike at once; the designer's later flying "
                               "missiles cannot be played yet."),
        "round_limit": OptionText("Round limit", "After this many rounds the game ends in a draw (0: no limit).",
                                  "common"),  # how long a table's game may last: a table's first question
    },
    default_seats=("human", "bot:easy-bot", "bot:easy-bot"),
    bots="gamewright.games.inclinations.turn_agent:bots",
    best_bot="hard-bot",
    bot_labels={"easy-bot": "Easy bot", "medium-bot": "Medium bot", "hard-bot": "Hard bot", "random-bot": "Random"},
    # a turn is planned in private step by step and executed by one closing action (the plan is the seat's
    # secret until then): the page keeps the draft and posts ``step; step; end`` as one move
    plan_end="end",
    result_summary="gamewright.web.result_words:inclinations",  # the result panel's words
    board="gamewright.web.boards.inclinations",
    assistants=("gamewright.web.assistants_inclinations:router",),
    action_texts="gamewright.games.inclinations.action_catalogue:texts",
    env_encoder="gamewright.envs.encoders.inclinations:InclinationsEncoder",
    metrics="gamewright.games.inclinations.metrics:HOOK",
    standing="gamewright.games.inclinations.standing:standing",
    search_hooks="gamewright.games.inclinations.search_hooks",
    order=20,
    secret_fields=("rng",),  # the state's seeded streams (to_json), never in a view
)

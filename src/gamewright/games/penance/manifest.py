"""Penance's manifest: what the lobby, the API, the CLI, the lab, the agents and the environments know of it.

Cheap to import: the engine, the bots and the pages are named by import path and loaded on first use."""

from __future__ import annotations

from functools import partial
from typing import Any

from gamewright.core.manifest import GameManifest, OptionText


def _bots() -> dict[str, Any]:
    from gamewright.games.penance import bots

    return {name: partial(bots.make_bot, name) for name in bots.BOTS}


MANIFEST = GameManifest(
    name="penance",
    title="Penance",
    factory="gamewright.games.penance:make_game",
    rules="gamewright.games.penance.game:RULES",
    seats=(2, 2),
    option_text={
        "decks": OptionText("Decks", "The mech decks each side brings: one for a duel, or up to three per side "
                            "for a squad battle.", "common"),
        "map": OptionText("Battlefield", "The map the battle is fought on.", "common"),
        "reshuffle_damage_card": OptionText("Damage on reshuffle", "Whether a DAMAGED card joins a deck every time "
                                            "it is reshuffled, as an older version of the rules had it."),
        "blood_offering": OptionText("Blood Offering", "Whether Blood Offering costs two discarded cards or one "
                                     "roll of the Suffering Die."),
        "flagellants_zeal": OptionText("Flagellant's Zeal", "Whether Flagellant's Zeal costs five discarded cards "
                                       "or a roll of two Suffering Dice."),
        "shield_wall": OptionText("Shield Wall", "Whether Shield Wall protects the allies behind you, or gives you "
                                  "+2 Defense against attacks from the front."),
        "last_rites": OptionText("Last Rites", "Whether Last Rites answers only an ally's defeat, or also an ally "
                                 "who leaves the battle by withdrawing."),
        "activation": OptionText("Squad turns", "In a squad battle, whether each casket takes its own turn in "
                                 "initiative order, or a whole side acts together."),
        "martyrdom": OptionText("Martyrdom Protocol", "Whether taking a hit for an ally with Martyrdom Protocol "
                                "also rolls a Suffering Die for every 3 damage taken."),
        "hit_location": OptionText("Hit location", "Whether the attacker picks the component a hit strikes, or a "
                                   "die decides."),
        "withdraw": OptionText("Withdrawal", "Whether a casket may leave the battlefield in its main phase, as "
                               "surviving pilots do in campaign missions."),
        "wounds": OptionText("Carried wounds", "The Wound cards each pilot brings from earlier missions."),
        "deck_out_save": OptionText("Deck-out save", "Whether a casket that runs out of cards rolls for its pilot's "
                                    "survival, as in campaign missions."),
        "taint": OptionText("Taint", "The Taint each pilot carries from earlier missions."),
    },
    default_seats=("human", "bot:heuristic"),
    bots=_bots,
    best_bot="heuristic",
    bot_labels={"heuristic": "Hard bot", "random": "Random"},
    result_summary="gamewright.web.result_words:penance",  # the result panel's words
    board="gamewright.web.boards.penance",
    assistants=("gamewright.web.assistants_penance:router", "gamewright.web.campaigns_penance:router"),
    action_texts="gamewright.games.penance.action_catalogue:texts",
    env_encoder="gamewright.envs.encoders.penance:PenanceEncoder",
    metrics="gamewright.games.penance.metrics:HOOK",
    standing="gamewright.games.penance.standing:standing",
    search_hooks="gamewright.games.penance.search_hooks",
    order=10,
    secret_fields=("rng", "sides.*.piles"),  # the seeded stream; the piles hold the deck order (to_json)
)

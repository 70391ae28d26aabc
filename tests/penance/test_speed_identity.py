"""Speed work changes no result: bot games over fixed seeds replay to the digest the engine gave before it
(every legal-action list in order, every chosen action, every event, and the final state's JSON)."""

from __future__ import annotations

import hashlib
import json

from gamewright.games.penance import make_game
from gamewright.games.penance.bots import make_bot

# sha256 of seeds 0-7, heuristic vs heuristic and heuristic vs random, recorded at 9a2fd47 (before the caches)
DIGEST = "e61fc1dabf004ece114c67583a65b33e981ece7202c6def91f8cf54f9396b201"


# the same over seeds 0-3 of a 2v2 squad battle (issue 16), recorded at 015a240 before the squad-era speed work
SQUAD_DECKS = "confessor/ironclad:C,ironclad/confessor:D:absolution+crusaders_vow"
SQUAD_DIGEST = "19d911a09ece10b45c78ab27aef71807c0e91ddb696b54fb673869744cace974"


def bot_games_digest(seeds: int, decks: str | None = None) -> str:
    game = make_game(options={"decks": decks}) if decks else make_game()
    h = hashlib.sha256()
    for seed in range(seeds):
        for other in ("heuristic", "random"):
            state = game.new_initial_state(seed)
            bots = [make_bot("heuristic", seed), make_bot(other, seed + 1)]
            while not state.is_terminal():
                h.update("|".join(a.to_text() for a in state.legal_actions()).encode())
                action = bots[state.current_player].choose(state)
                h.update(action.to_text().encode())
                for e in state.apply(action):
                    h.update(json.dumps([e.kind, e.data, e.text, sorted(e.visible_to or [])], sort_keys=True).encode())
            h.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return h.hexdigest()


def test_bot_games_replay_to_the_recorded_digest() -> None:
    assert bot_games_digest(8) == DIGEST


def test_squad_bot_games_replay_to_the_recorded_digest() -> None:
    assert bot_games_digest(4, SQUAD_DECKS) == SQUAD_DIGEST

"""The explicit views send what the web sent when it inferred them (issue 23 §9).

Until issue 23 the web built a spectator's view as the part every seat's ``view_for`` agreed on and stripped keys
named ``seed``/``rng`` from every view before the end. The reference below is that code, kept here only to show,
over seeded random playouts of every game and option set, that each game's own ``public_view`` (and its seats'
views, now sent as they are) give spectators and seats exactly what they got before — and that no event ever
held a ``seed``/``rng`` key the web used to strip from events.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamewright.core.game import load_game
from gamewright.core.rng import Rng
from gamewright.testing.conformance import shared_part
from gamewright.web.views import event_json, view_for_viewer

OLD_SECRET_KEYS = frozenset({"seed", "rng"})
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("prince", {}), ("affinity", {}), ("inclinations", {}), ("inclinations", {"players": 3}), ("penance", {}),
    ("penance", {"decks": "confessor/confessor,ironclad/ironclad"}),
    ("penance", {"decks": "confessor,ironclad/ironclad"}),
    ("penance", {"decks": "confessor/ironclad,ironclad", "withdraw": True, "deck_out_save": True,
                 "wounds": "shattered_hand+ptsd/ruptured_organ,", "taint": "2/0,"}),
]
MAX_STEPS = 400  # enough of each game to meet plans, hands, reveals and attacks; not every game to the end


def _old_stripped(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _old_stripped(v) for k, v in value.items() if k not in OLD_SECRET_KEYS}
    if isinstance(value, list):
        return [_old_stripped(v) for v in value]
    return value


def _old_view(state: Any, seat: int | None, num_players: int) -> Any:
    if seat is None:
        view = shared_part([state.view_for(s) for s in range(num_players)])
        view = view if isinstance(view, dict) else {}
    else:
        view = state.view_for(seat)
    return view if state.is_terminal() else _old_stripped(view)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}{o}" for n, o in CONFIGS])
@pytest.mark.parametrize("seed", [1, 2])
def test_explicit_views_send_what_the_inference_sent(name: str, options: dict[str, Any], seed: int) -> None:
    game = load_game(name, options=options)
    state, rng = game.new_initial_state(seed), Rng(seed)
    for step in range(MAX_STEPS + 1):
        for seat in (None, *range(game.num_players)):
            new = view_for_viewer(state, seat, game.num_players)
            assert new == _old_view(state, seat, game.num_players), (step, seat)
            assert list(new) == list(_old_view(state, seat, game.num_players)), (step, seat)  # same key order
        if state.is_terminal() or step == MAX_STEPS:
            break
        for event in state.apply(rng.choice(list(state.legal_actions()))):
            assert event_json(event) == {**_old_stripped(event.to_json()), "text": event.text}

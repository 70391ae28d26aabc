"""One conformance suite, run over every registered game through the Game/State protocol.

Random legal playouts to the end; after every action the game's invariants hold, the state round-trips
through JSON and every seat's view is JSON; the same seed gives the same game; the action log replays through
the text form of actions; a clone is independent; an action that is refused leaves the state unchanged.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamewright.core.errors import GamewrightError, RuleViolation
from gamewright.core.game import CHANCE, TERMINAL, load_game, registered_games
from gamewright.core.rng import Rng

GAMES = sorted(registered_games())
SEEDS = range(3)
# option sets run beside each game's defaults (the default is always run): the Penance squads of issue 16
OPTION_SETS: dict[str, tuple[dict[str, Any], ...]] = {
    "penance": ({"decks": "confessor/confessor,ironclad/ironclad"}, {"decks": "confessor,ironclad/ironclad"},
                # a campaign mission: carried wounds and Taint, withdraw, the deck-out save
                {"decks": "confessor/ironclad,ironclad", "withdraw": True, "deck_out_save": True,
                 "wounds": "shattered_hand+ptsd/ruptured_organ,", "taint": "2/0,"}),
}
CONFIGS = [(name, {}) for name in GAMES] + [(name, opts) for name in GAMES for opts in OPTION_SETS.get(name, ())]
CONFIG_IDS = [name + "".join(f"[{k}={v}]" for k, v in opts.items()) for name, opts in CONFIGS]
MAX_ACTIONS = 20_000


def _snapshot(state: Any) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _playout(game: Any, seed: int, check_every: int = 1) -> tuple[Any, list[str], list[Any]]:
    state = game.new_initial_state(seed)
    rng = Rng(seed * 7919 + 1)
    texts: list[str] = []
    events: list[Any] = []
    seen: list[Any] = []
    while not state.is_terminal():
        assert len(texts) < MAX_ACTIONS, "a random playout did not end"
        legal = list(state.legal_actions())
        assert legal, "a state that is not terminal must offer a legal action"
        action = rng.choice(legal)
        seen.append(action)
        if len(texts) % check_every == 0:
            _check_refusals_leave_state_unchanged(state, legal, seen)
        events.extend(e.to_json() for e in state.apply(action))
        texts.append(action.to_text())
        if len(texts) % check_every == 0:
            _check_state(game, state)
    _check_state(game, state)
    return state, texts, events


def _check_state(game: Any, state: Any) -> None:
    assert state.invariant_violations() == []
    data = state.to_json()
    text = json.dumps(data, sort_keys=True)
    assert json.dumps(game.state_from_json(json.loads(text)).to_json(), sort_keys=True) == text
    for player in range(game.num_players):
        json.dumps(state.view_for(player))
    player = state.current_player
    assert player in (CHANCE, TERMINAL) or 0 <= player < game.num_players


def _check_refusals_leave_state_unchanged(state: Any, legal: list[Any], seen: list[Any]) -> None:
    before = _snapshot(state)
    for candidate in seen[-20:]:
        if candidate in legal:
            continue
        probe = state.clone()
        try:
            probe.apply(candidate)
        except RuleViolation:
            assert _snapshot(probe) == before, f"a refused {candidate.to_text()!r} changed the state"
    assert _snapshot(state) == before


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=CONFIG_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_is_sound_and_replays(name: str, options: dict[str, Any], seed: int) -> None:
    game = load_game(name, **({"options": options} if options else {}))
    state, texts, events = _playout(game, seed, check_every=5)
    returns = state.returns()
    assert len(returns) == game.num_players
    # same seed, same choices, same game — replayed through the actions' text form
    replay = game.new_initial_state(seed)
    replay_events: list[Any] = []
    for text in texts:
        replay_events.extend(e.to_json() for e in replay.apply(game.parse_action(replay, text)))
    assert _snapshot(replay) == _snapshot(state)
    assert json.dumps(replay_events, default=str) == json.dumps(events, default=str)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=CONFIG_IDS)
def test_clone_is_independent(name: str, options: dict[str, Any]) -> None:
    game = load_game(name, **({"options": options} if options else {}))
    state = game.new_initial_state(11)
    before = _snapshot(state)
    clone = state.clone()
    clone.apply(clone.legal_actions()[0])
    assert _snapshot(state) == before


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=CONFIG_IDS)
def test_garbage_action_text_is_a_clear_error(name: str, options: dict[str, Any]) -> None:
    game = load_game(name, **({"options": options} if options else {}))
    state = game.new_initial_state(3)
    before = _snapshot(state)
    with pytest.raises(GamewrightError):
        game.parse_action(state, "this is not an action %%")
    assert _snapshot(state) == before


def test_every_game_has_arrived() -> None:
    assert set(GAMES) >= {"prince", "inclinations", "affinity", "penance"}

"""Penance's search guide: a short candidate list ranked by the heuristic bot, and the bot's memory kept true."""

from __future__ import annotations

from typing import Any

from gamewright.agents.registry import make_agent
from gamewright.core.game import load_game
from gamewright.core.rng import Rng
from gamewright.games.penance import search_hooks
from gamewright.games.penance.bots import HeuristicBot
from gamewright.games.penance.search_guide import (
    MAX_CANDIDATES,
    Guide,
    _is_attack,
    memory,
    memory_after,
    set_memory,
)
from gamewright.games.penance.state import Act


def _bot_game(seed: int) -> list[tuple[Any, HeuristicBot]]:
    """Every decision of a heuristic-against-heuristic battle: (a copy of the state, a copy of the deciding bot)."""
    state = load_game("penance").new_initial_state(seed)
    bots = [HeuristicBot(0), HeuristicBot(1)]
    seen = []
    while not state.is_terminal():
        bot = bots[state.current_player]
        twin = HeuristicBot(0)
        set_memory(twin, memory(bot))
        seen.append((state.clone(), twin))
        state.apply(bot.choose(state))
    return seen


def test_candidates_are_the_bots_choice_first_and_leave_its_memory_as_choosing_does() -> None:
    for state, bot in _bot_game(4)[::3]:
        seat = state.current_player
        plain = HeuristicBot(0)
        set_memory(plain, memory(bot))
        pick = plain.choose(state.clone())
        guide = Guide(0)
        set_memory(guide.bot, memory(bot))
        legal = state.legal_actions()
        ranked = guide.candidates(state.resample(seat, Rng(1)), legal)
        assert ranked[0] == pick  # one's own hand is known exactly: the twin's choice is the real one
        assert len(ranked) == len(set(ranked)) <= MAX_CANDIDATES and all(a in legal for a in ranked)
        assert memory(guide.bot) == memory(plain)  # ranking the rest is read-only


def test_an_overruled_attack_is_forgotten_and_a_played_one_remembered() -> None:
    state = next(s for s, _ in _bot_game(4) if any(_is_attack(s, a) for a in s.legal_actions()))
    attack = next(a for a in state.legal_actions() if _is_attack(state, a))
    before = ((-1, 0), (-1, 0), (state.turns, 2))
    attacked = ((-1, 0), (state.turns, 1), (state.turns, 0))
    # the bot chose an attack (and noted it) but the search ended the turn: the note is undone
    assert memory_after(state, before, attacked, attack, Act("end")) == before
    # the bot chose to end the turn but the search attacked: the attack is noted as the bot notes it
    assert memory_after(state, before, before, Act("end"), attack) == attacked
    assert memory_after(state, before, attacked, attack, attack) == attacked  # its own choice stands as it is


def test_a_search_that_never_overrules_plays_the_bots_battle_exactly() -> None:
    """Nothing overruled (no rival can clear 100 standard errors and a gain of 5): the agent's guide then
    remembers exactly what the real bot does, so the battle is the bots' own, action for action."""
    for me in (0, 1):
        bots: list[Any] = [HeuristicBot(0), HeuristicBot(1)]
        expected = _battle(bots, 6)
        bots = [HeuristicBot(0), HeuristicBot(1)]
        bots[me] = make_agent("penance", "ismcts:iterations=3:z=100:margin=5", 9)
        assert _battle(bots, 6) == expected


def _battle(bots: list[Any], seed: int) -> list[Act]:
    state = load_game("penance").new_initial_state(seed)
    played = []
    while not state.is_terminal():
        action = bots[state.current_player].choose(state)
        played.append(action)
        state.apply(action)
    return played


def test_the_playouts_bot_for_the_seat_starts_from_the_guides_memory() -> None:
    for state, bot in _bot_game(2):
        if state.todo[-1][0] != "main" or bot._waits[1] == 0:
            continue
        seat = state.current_player
        guide = Guide(0)
        set_memory(guide.bot, memory(bot))
        ranked = guide.candidates(state.resample(seat, Rng(1)), state.legal_actions())
        prime = search_hooks.primer(guide, seat)
        fresh, rival = HeuristicBot(5), HeuristicBot(6)
        prime(seat, fresh, [ranked[0]])
        prime(1 - seat, rival, [ranked[0]])
        assert memory(fresh) == memory(guide.bot)  # the bot's own choice: its memory after choosing
        assert memory(rival) == memory(HeuristicBot(6))  # no attack of the rival's in progress: fresh
        return
    raise AssertionError("no decision after a wait in this battle")


def test_ismcts_alone_takes_penances_tuned_settings() -> None:
    agent = make_agent("penance", "ismcts", 1)
    assert (agent.iterations, agent.depth, agent.z) == (200, 3000, 1.0) and agent.rollout is not None
    assert isinstance(agent._guide, Guide) and agent.hooks is search_hooks

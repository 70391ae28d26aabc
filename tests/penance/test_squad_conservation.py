"""Card conservation in squad battles (issue 16): 2v2 and 1v2 bot battles, every casket's cards counted after
every action; no battle raises or stalls.

The number of battles is ``GAMEWRIGHT_SQUAD_BATTLES``: the suite runs 150 (a few seconds; half 2v2, half 1v2,
the heuristic bots keeping a battle to a few hundred actions); ``GAMEWRIGHT_SQUAD_BATTLES=1000`` is the full
acceptance run (about 30 s of one core).
"""

from __future__ import annotations

import os

import pytest

from gamewright.games.penance import make_game
from gamewright.games.penance.bots import make_bot

BATTLES = int(os.environ.get("GAMEWRIGHT_SQUAD_BATTLES", "150"))
LINEUPS = (
    "confessor/confessor,ironclad/ironclad",
    "ironclad,confessor/confessor",
    "confessor:D/ironclad,ironclad:C/confessor:B:last_rites+absolution",
    "confessor:C:last_rites+crusaders_vow,ironclad/confessor:D",
)
OPTIONS = ({}, {"activation": "side"}, {"martyrdom": "suffering_dice", "hit_location": "random"})


def _check(state, i: int, n: int) -> None:  # type: ignore[no-untyped-def]
    for c, s in enumerate(state.sides):
        pl = s.piles
        # hand + deck + discard + graveyard + removed = the deck's cards + DAMAGED cards added
        assert len(pl.hand) + len(pl.deck) + len(pl.discard) + len(pl.grave) + len(pl.removed) == \
            pl.n_base + pl.damaged_added, (i, n, c)


@pytest.mark.slow
def test_cards_are_conserved_in_squad_battles() -> None:
    games = {}
    outcomes = {0: 0, 1: 0}
    for i in range(BATTLES):
        decks = LINEUPS[i % len(LINEUPS)]
        options = OPTIONS[(i // len(LINEUPS)) % len(OPTIONS)]
        key = decks + repr(options)
        game = games.get(key) or games.setdefault(key, make_game(options={"decks": decks, **options}))
        state = game.new_initial_state(i)
        bots = [make_bot("heuristic", i), make_bot("heuristic" if i % 8 else "random", i + 7919)]
        n = 0
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
            n += 1
            _check(state, i, n)
            assert n < 50_000, f"battle {i} ({decks}, {options}) does not end"
        assert not state.invariant_violations(), i
        outcomes[state.winner] += 1
        assert all(s.out for c, s in enumerate(state.sides) if state.team[c] != state.winner)
    assert sum(outcomes.values()) == BATTLES

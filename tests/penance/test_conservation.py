"""Card conservation after every action of 1,000 seeded bot-vs-bot games: both pairings and both mirror matches,
every bot pairing, every secondary equipment option and every Church tactic in rotation; no game raises."""

from __future__ import annotations

from itertools import combinations

from gamewright.games.penance import make_game
from gamewright.games.penance.bots import make_bot

PAIRINGS = (("confessor", "ironclad"), ("ironclad", "confessor"), ("confessor", "confessor"), ("ironclad", "ironclad"))
BOT_PAIRS = (("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"), ("random", "random"))
CHURCH_TACTICS = [f"{a}+{b}" for a, b in combinations(
    ("righteous_fury", "flagellants_zeal", "last_rites", "absolution", "crusaders_vow"), 2)]
GAMES = 1000


def _spec(base: str, i: int, seat: int) -> str:
    secondary = "ABCD"[(i // 16 + seat) % 4]
    if base == "confessor":
        return f"confessor:{secondary}:{CHURCH_TACTICS[(i // 4 + 3 * seat) % len(CHURCH_TACTICS)]}"
    return f"ironclad:{secondary}"


def test_cards_are_conserved_after_every_action() -> None:
    games = {}
    total_actions = 0
    for i in range(GAMES):
        pairing = PAIRINGS[i % 4]
        bots = BOT_PAIRS[(i // 4) % 4]
        decks = ",".join(_spec(base, i, seat) for seat, base in enumerate(pairing))
        game = games.get(decks) or games.setdefault(decks, make_game(options={"decks": decks}))
        state = game.new_initial_state(i)
        players = [make_bot(bots[0], i), make_bot(bots[1], i + 7919)]
        expected = [s.piles.n_base for s in state.sides]
        assert expected == [30, 30]
        n = 0
        while not state.is_terminal():
            state.apply(players[state.current_player].choose(state))
            n += 1
            for s in state.sides:
                pl = s.piles
                # hand + deck + discard + graveyard + removed = the deck's cards + DAMAGED cards added
                assert len(pl.hand) + len(pl.deck) + len(pl.discard) + len(pl.grave) + len(pl.removed) == \
                    pl.n_base + pl.damaged_added, (i, n)
            problems = state.invariant_violations()
            assert not problems, (i, n, problems)
            assert n < 100_000, f"game {i} ({decks}, {bots}) does not end"
        assert state.winner in (0, 1)
        total_actions += n
    assert total_actions > GAMES

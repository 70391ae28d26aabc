"""The engine's fast paths answer as the rules' plain functions do, over many positions reached in play:
one-on-one main-phase card actions (``legality._duel_plays``) against ``play_problem`` card by card, and the
bot's attack figures (``combat.attack_numbers``) against ``attack_setup``."""

from __future__ import annotations

from collections.abc import Iterator

from gamewright.core.rng import Rng
from gamewright.games.penance import make_game
from gamewright.games.penance.actions import Act, act
from gamewright.games.penance.bots import make_bot
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.combat import attack_numbers, attack_setup
from gamewright.games.penance.legality import not_played, play_problem, unique_hand
from gamewright.games.penance.piles import DAMAGED
from gamewright.games.penance.state import PenanceState

# every deck's cards and tactics, Crusader's Vow and Righteous Fury among them, and the hit-location die
SETUPS = (
    {"decks": "confessor,ironclad"},
    {"decks": "confessor:D:crusaders_vow+righteous_fury,confessor:C:crusaders_vow+absolution"},
    {"decks": "confessor:B,ironclad:A", "hit_location": "random"},
)


def main_positions(options: dict[str, str], seeds: int) -> Iterator[PenanceState]:
    """Main-phase positions of random and heuristic battles (random play reaches odd corners: destroyed arms,
    Anvil Breaker, Retreat, wounds)."""
    game = make_game(options=options)
    for seed in range(seeds):
        st = game.new_initial_state(seed)
        bots = [make_bot("heuristic" if seed % 2 else "random", seed), make_bot("random", seed + 1)]
        rng = Rng(seed)
        while not st.is_terminal():
            if st.todo[-1][0] == "main":
                yield st
            action = bots[st.current_player].choose(st)
            st.apply(action if rng.random() < 0.9 else rng.choice(st.legal_actions()))


def reference_plays(st: PenanceState, p: int) -> list[Act]:
    """The hand's main-phase actions one card at a time through ``play_problem`` (the squad path's loop)."""
    s = st.sides[p]
    out: list[Act] = []
    for i in unique_hand(st, p):
        cid = s.piles.cards[i]
        if cid == DAMAGED:
            out += [act("sacrifice", i), act("purge", i)]
        elif st.is_scrap(p, cid):
            out.append(act("scrap", i))
        elif cid not in not_played() and play_problem(st, p, i, True, -1, False) is None:
            c = card_table()[cid]
            if c.is_attack and not st.die_aims:
                out += [act("play", i, k) for k in range(5) if not st.sides[1 - p].destroyed[k]]
            else:
                out.append(act("play", i))
    return out


def test_duel_plays_match_play_problem() -> None:
    checked = 0
    for options in SETUPS:
        for st in main_positions(options, 6):
            p = st.acting_casket
            cards = [a for a in st.legal_actions() if a.card >= 0]
            assert cards == reference_plays(st, p)
            checked += 1
    assert checked > 500


def test_attack_numbers_match_attack_setup() -> None:
    checked = 0
    for options in SETUPS:
        for st in main_positions(options, 4):
            p = st.acting_casket
            for cid in {st.sides[p].piles.cards[i] for i in st.sides[p].piles.hand}:
                c = card_table()[cid]
                if not c.is_attack:
                    continue
                setup = attack_setup(st, p, c, 1 - p)
                assert attack_numbers(st, p, c, 1 - p) == (
                    setup.distance, setup.side, setup.tn, setup.base, setup.rear_bonus,
                    sum(setup.bonus_parts.values()))
                checked += 1
    assert checked > 500

"""Regression tests for issue 22's Penance items: a second copy keeps its target (1), Last Rites and a withdrawal
(3), and the bots' extraction before withdrawing and Shield Wall turn (6)."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance.components import CHASSIS
from gamewright.games.penance.state import Act, PenanceState
from tests.penance.helpers import DEFENSE, place, script, set_hand
from tests.penance.test_squads import HIT, P1A, P1B, P2A, P2B, kinds, squad, turn_of


# --- item 1: any copy of a card plays that card at the casket named ----------------------------------------
def _second_hammer() -> tuple[PenanceState, int, int]:
    """A 2v2 at P2a's turn: P2a (two Hammer Strikes in hand) beside its enemy P1a and its ally P2b."""
    st = squad()
    place(st, P2A, "H11", "W")
    place(st, P1A, "G11", "E")  # in front of P2a
    place(st, P2B, "I11", "W")  # behind P2a: its ally, also adjacent
    place(st, P1B, "A11", "E")
    turn_of(st, P2A)
    first, second = set_hand(st, P2A, ["hammer_strike", "hammer_strike"])
    return st, first, second


def _cards(st: PenanceState, c: int) -> int:
    pl = st.sides[c].piles
    return len(pl.hand) + len(pl.deck) + len(pl.discard)


def test_a_second_copy_hits_the_enemy_named_and_leaves_the_ally_alone() -> None:
    st, first, second = _second_hammer()
    enemy, ally = _cards(st, P1A), _cards(st, P2B)
    script(st, *HIT, *[DEFENSE["flesh"]] * 6)  # a plain hit for 6; six FLESH WOUNDs
    ev = st.apply(Act("play", second, CHASSIS, P1A))
    assert [e.data["target"] for e in kinds(ev, "attack")] == [P1A]
    assert _cards(st, P1A) < enemy and _cards(st, P2B) == ally
    assert st.sides[P2A].piles.hand == [second]  # the listed (first) copy was played
    assert first in st.sides[P2A].piles.discard


def test_a_second_copy_at_an_ally_or_out_of_reach_is_refused_and_the_state_is_unchanged() -> None:
    st, _, second = _second_hammer()
    before = st.to_json()
    for target, why in ((P2B, "name an enemy"), (P2A, "name an enemy"), (P1B, "hexes away")):
        with pytest.raises(RuleViolation, match=why):
            st.apply(Act("play", second, CHASSIS, target))
        assert st.to_json() == before


def test_listed_copy_keeps_the_casket_named() -> None:
    st, first, second = _second_hammer()
    assert st.listed_copy(Act("play", second, CHASSIS, P1A)) == Act("play", first, CHASSIS, P1A)


def test_a_second_copy_previews_the_enemy_named() -> None:
    st, first, second = _second_hammer()
    by_first = st.preview(Act("play", first, CHASSIS, P1A))
    by_second = st.preview(Act("play", second, CHASSIS, P1A))
    assert by_second["legal"] and by_second["target"] == "P1a" and by_second["targets"] == ["P1a"]
    assert {k: v for k, v in by_second.items() if k != "action"} == {k: v for k, v in by_first.items()
                                                                      if k != "action"}
    refused = st.preview(Act("play", second, CHASSIS, P2B))
    assert not refused["legal"] and "enemy" in refused["errors"][0]


def test_the_terminal_table_logs_the_listed_copy_with_the_same_target() -> None:
    from gamewright.cli.penance_loop import run_table
    from gamewright.games.penance import make_game

    st, first, second = _second_hammer()
    script(st, *HIT, *[DEFENSE["flesh"]] * 6)
    saved: list[list[str]] = []

    class Once:
        """Plays the second Hammer Strike at P1a, then leaves the table."""

        asked = 0

        def choose(self, state: PenanceState) -> Act:
            self.asked += 1
            if saved or self.asked > 1:  # played (or refused): leave
                raise _Left
            return Act("play", second, CHASSIS, P1A)

    seat = Once()
    with pytest.raises(_Left):
        run_table(make_game(options={"decks": "confessor/confessor,ironclad/ironclad"}), st, [], [seat, seat],
                  lambda actions: saved.append(list(actions)), "test", "-", quiet=True)
    assert saved and saved[0] == [f"play {first} at chassis on {P1A + 1}"]


class _Left(Exception):
    """The scripted seat has no more actions."""


# --- item 3: a withdrawal is not a defeat, so Last Rites does not answer it --------------------------------
def _withdrawing_beside_last_rites(**options: object) -> PenanceState:
    """A campaign-style 2v2 (withdraw allowed) at P1b's turn; P1a holds Last Rites and has cards to recover."""
    st = squad("confessor:A:last_rites+absolution/confessor,ironclad/ironclad", withdraw=True, **options)
    pl = st.sides[P1A].piles
    pl.grave += [pl.deck.pop() for _ in range(7)]
    pl.hand.append(next(i for i in pl.deck if pl.cards[i] == "last_rites"))
    pl.deck.remove(pl.hand[-1])
    turn_of(st, P1B)
    return st


def test_a_withdrawal_opens_no_last_rites_window() -> None:
    st = _withdrawing_beside_last_rites()
    ev = st.apply(Act("withdraw"))
    assert kinds(ev, "withdraw") and st.sides[P1B].out and not st.over
    assert all(t[0] != "rites" for t in st.todo) and not kinds(ev, "recover")
    assert len(st.sides[P1A].piles.grave) == 7


def test_option_last_rites_out_answers_a_withdrawal_too() -> None:
    st = _withdrawing_beside_last_rites(last_rites="out")
    st.apply(Act("withdraw"))
    assert st.todo[-1][:2] == ["rites", P1A]
    ev = st.apply(Act("react", next(i for i in st.sides[P1A].piles.hand
                                     if st.sides[P1A].piles.cards[i] == "last_rites")))
    assert kinds(ev, "recover")[0].data["count"] == 5 and len(st.sides[P1A].piles.grave) == 2


def test_option_last_rites_is_declared_and_checked() -> None:
    from gamewright.core.errors import ConfigError
    from gamewright.games.penance import make_game

    assert make_game().rules.last_rites == "defeat"
    with pytest.raises(ConfigError):
        make_game(options={"last_rites": "sometimes"})
    st = _withdrawing_beside_last_rites(last_rites="out")
    assert make_game(options={"decks": "confessor,ironclad"}).new_initial_state(0).to_json()["rules"]["options"] \
        .get("last_rites") is None  # the default is left out of a state's JSON (digests unchanged)
    back = make_game().state_from_json(st.to_json())
    assert back.rules.last_rites == "out"


# --- item 6: the campaign bot extracts before it withdraws; the squad bot turns for its Shield Wall ---------
def _pilots() -> list[dict[str, object]]:
    return [{"id": i + 1, "slot": i, "name": f"pilot {i + 1}", "deck": "confessor", "wounds": [], "taint": 0,
             "missions": 0, "kills": 0} for i in range(2)]


def _fallen_beside_a_spent_casket(where: str) -> tuple[PenanceState, list[object]]:
    """A mission's 2v2: P1b out (not extracted) at ``where``; P1a at H11 with 3 cards left in deck and discard
    (the campaign bot's cue to withdraw), at the start of its main phase."""
    from tests.penance.test_squads import knock_out

    st = squad(withdraw=True)
    place(st, P1A, "H11", "E")
    place(st, P1B, where, "E")
    place(st, P2A, "K2", "W")
    place(st, P2B, "L2", "W")
    set_hand(st, P1A, ["survey_the_field"])
    events: list[object] = list(knock_out(st, P1B))
    pl = st.sides[P1A].piles
    pl.grave += pl.deck[3:] + pl.discard
    del pl.deck[3:]
    pl.discard = []
    turn_of(st, P1A)
    return st, events


@pytest.mark.parametrize("where", ["I11", "J11"])  # adjacent; two hexes off (a step, then the extraction)
def test_the_campaign_bot_extracts_a_fallen_ally_before_it_withdraws(where: str) -> None:
    from gamewright.games.penance.campaign import MissionBot, mission_report

    st, events = _fallen_beside_a_spent_casket(where)
    bot = MissionBot("heuristic", 0, campaign_side=True)
    chosen = []
    while not st.is_terminal():
        a = bot.choose(st)
        chosen.append(a.kind)
        events += st.apply(a)
    assert chosen[-2:] == ["extract", "withdraw"] and set(chosen[:-2]) <= {"move"}
    assert st.sides[P1B].extracted and st.winner == 1
    fates = [p["fate"] for p in mission_report(1, _pilots(), st, events, {}, set(), 0).result["pilots"]]
    assert fates == ["withdrew", "extracted"]  # not captured


def test_the_campaign_bot_withdraws_at_once_when_no_fallen_ally_is_in_reach() -> None:
    from gamewright.games.penance.campaign import MissionBot

    st, _ = _fallen_beside_a_spent_casket("A11")  # seven hexes off: more than its SP can walk and extract
    assert MissionBot("heuristic", 0, campaign_side=True).choose(st) == Act("withdraw")


def _wall_in_hand(ally_at: str) -> PenanceState:
    """P1a (Ironclad, Tower Shield) at H11 facing E with only Shield Wall in hand; its ally P1b at ``ally_at``;
    the enemy P2a two hexes west (behind P1a), P2b far off."""
    st = squad("ironclad:B/confessor,confessor/confessor")
    place(st, P1A, "H11", "E")
    place(st, P1B, ally_at, "E")
    place(st, P2A, "F11", "E")
    place(st, P2B, "L2", "W")
    set_hand(st, P1A, ["shield_wall"])
    return st


def _turn(st: PenanceState) -> list[Act]:
    """The heuristic bot's actions for P1a until it ends its turn."""
    from gamewright.games.penance.bots import make_bot

    bot, done = make_bot("heuristic", 1), []
    while not done or done[-1].kind != "end":
        done.append(bot.choose(st))
        st.apply(done[-1])
    return done


def test_the_squad_bot_turns_to_put_its_ally_behind_its_shield_wall() -> None:
    st = _wall_in_hand("H10")  # beside P1a, on a side that turning its shield side to the enemy leaves in front
    m, me = st.map, st.sides[P1A]
    assert m.side_of(me.pos, me.facing, st.sides[P1B].pos) not in (3, 4, 5)
    done = _turn(st)
    assert [a.kind for a in done] == ["rotate", "play", "end"]
    assert st.sides[P1A].piles.cards[done[1].card] == "shield_wall" and me.guard == 2
    assert m.side_of(me.pos, me.facing, st.sides[P1B].pos) in (3, 4, 5)  # the ally stands behind the wall
    assert m.side_of(me.pos, me.facing, st.sides[P2A].pos) in (6, 1, 2)  # and the enemy in front of it
    assert st.defense_flat(P1B, 1) == 2


def test_the_squad_bot_keeps_an_ally_behind_its_wall_when_it_ends_its_turn() -> None:
    st = _wall_in_hand("G11")  # already behind P1a (west), with the enemy; the wall's facing must keep it
    st.sides[P1A].facing = 0
    done = _turn(st)
    me = st.sides[P1A]
    assert "play" in [a.kind for a in done] and me.guard == 2
    assert st.map.side_of(me.pos, me.facing, st.sides[P1B].pos) in (3, 4, 5)

"""Penance campaigns through the CLI and the database: a three-mission campaign whose Severe Injury from mission 1
still applies in mission 3, a dead pilot replaced, outcomes by 004 §9, and ``campaign show`` telling it all."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from gamewright.cli.penance_loop import replay
from gamewright.games.penance.campaign import battle_options, mission_report, mission_seats
from gamewright.games.penance.game import PenanceGame
from gamewright.games.penance.pilot import PILOT_DEATH
from gamewright.games.penance.state import PenanceState
from gamewright.store.campaigns import get_campaign
from tests.core.backends import BACKENDS, backend_url

Cli = Callable[..., tuple[int, str, str]]


def _pilot(deck: str, wounds: list[str] | None = None) -> dict[str, Any]:
    return {"id": 1, "slot": 0, "name": "scout", "deck": deck, "wounds": wounds or [], "taint": 0, "missions": 0,
            "kills": 0}


def _fly(decks: list[str], enemies: list[str], bot: str, seed: int
         ) -> tuple[list[dict[str, Any]], PenanceState, list[Any]]:
    """A bots-only mission played exactly as the CLI plays it: the pilots, the final state and every event."""
    pilots = [{**_pilot(deck), "id": i + 1, "slot": i} for i, deck in enumerate(decks)]
    state = PenanceGame(options=battle_options(pilots, enemies, {}, {})).new_initial_state(seed)
    seats = mission_seats(bot, "heuristic", seed)
    events = []
    while not state.is_terminal():
        seat = seats[state.current_player]
        assert seat is not None
        events += state.apply(state.listed_copy(seat.choose(state)))
    return pilots, state, events


def _search(decks: list[str], enemies: list[str], bot: str, wanted: Callable[[list[dict[str, Any]]], bool],
            limit: int = 400) -> int:
    """The first seed whose bots-only mission tells ``wanted`` pilots (with the default campaign options)."""
    for seed in range(limit):
        pilots, state, events = _fly(decks, enemies, bot, seed)
        if wanted(mission_report(1, pilots, state, events, {}, set(), 0).result["pilots"]):
            return seed
    raise AssertionError(f"no seed below {limit} gives the wanted mission")


def _first_seed(deck: str, bot: str, wanted: Callable[[dict[str, Any]], bool], limit: int = 400) -> int:
    return _search([deck], ["ironclad"], bot, lambda story: wanted(story[0]), limit)


def _replayed(mission: dict[str, Any]) -> tuple[PenanceState, list[Any]]:
    game = PenanceGame(options=mission["config"]["options"])
    return replay(game, mission["seed"], mission["actions"])


def _expected_outcome(state: PenanceState, withdrew: bool, captured: bool = False) -> str:
    """004 §9 Campaign, read off the battle itself: success = primary objective (every enemy out) and a pilot
    survives; partial = objective failed but the pilot survived; failure = all pilots dead or captured."""
    survived = len(state.sides[0].wounds) < PILOT_DEATH and not captured
    if not survived:
        return "failure"
    return "success" if state.winner == 0 and not withdrew else "partial"


@pytest.fixture
def url(backend: str, isolated_database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    with backend_url(backend, isolated_database, monkeypatch) as chosen:
        yield chosen


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_three_mission_campaign_keeps_injuries_replaces_the_dead_and_tells_it(cli: Cli, url: str) -> None:
    hurt = _first_seed("confessor", "heuristic",
                       lambda p: "shattered_hand" in p["kept"] and p["fate"] not in ("dead", "captured"))
    death = _first_seed("confessor", "random", lambda p: p["fate"] == "dead")
    code, out, err = cli("penance", "campaign", "new", "Ash Road", "--pilot", "Sister Varnia=confessor",
                         "--pilot", "Brother Cade=confessor")
    assert code == 0, err
    flights = [("Sister Varnia", "heuristic", hurt), ("Brother Cade", "random", death),
               ("Sister Varnia", "heuristic", 0)]
    for pilot, bot, seed in flights:
        code, out, err = cli("penance", "campaign", "mission", "Ash Road", "--vs", "ironclad", "--pilot", pilot,
                             "--bot", bot, "--seed", str(seed))
        assert code == 0, err
        assert f"(seed {seed})" in out
    campaign = get_campaign("Ash Road")
    assert [m["number"] for m in campaign.missions] == [1, 2, 3]

    # mission 1: the Severe Injury is taken and kept; minor ones recover
    first = campaign.missions[0]["result"]["pilots"][0]
    assert "shattered_hand" in first["taken"] and "shattered_hand" in first["kept"]
    assert all(w not in first["recovered"] for w in first["kept"])

    # mission 3: deployed with it face up, through the battle's own rules, and it applies: -2 SP maximum
    third_mission = campaign.missions[2]
    assert "shattered_hand" in third_mission["config"]["options"]["wounds"]
    state, events = _replayed(third_mission)
    assert "shattered_hand" in state.sides[0].wounds
    opening = PenanceGame(options=third_mission["config"]["options"]).new_initial_state(third_mission["seed"])
    assert opening.sp_max(0) == 6 - 2 - (1 if "concussion" in opening.sides[0].wounds else 0)
    first_turn = next(e for e in events if e.kind == "turn" and e.data["player"] == 0)
    assert first_turn.data["sp"] <= 4  # a Confessor (Scout) has 6 SP; Shattered Hand takes 2 for good
    varnia = next(p for p in campaign.pilots if p["name"] == "Sister Varnia")
    assert "shattered_hand" in varnia["wounds"] and varnia["missions"] == 2

    # mission 2: the pilot died and a recruit took the casket
    cade = next(p for p in campaign.pilots if p["name"] == "Brother Cade")
    recruit = next(p for p in campaign.pilots if p["replaces"] == cade["id"])
    assert cade["status"] == "dead" and cade["ended_in"] == 2 and len(cade["wounds"]) == PILOT_DEATH
    assert recruit["name"] == "Recruit 1" and recruit["status"] == "alive" and recruit["deck"] == cade["deck"]
    assert recruit["wounds"] == [] and recruit["missions"] == 0 and recruit["joined_after"] == 2

    # each outcome is 004 §9's, read off the replayed battle
    for mission in campaign.missions:
        state, events = _replayed(mission)
        withdrew = any(e.kind == "withdraw" for e in events)
        assert mission["outcome"] == _expected_outcome(state, withdrew), mission["number"]
        assert mission["result"]["end"] == state.end_reason
    assert campaign.missions[1]["outcome"] == "failure"

    # the story
    code, out, err = cli("penance", "campaign", "show", "Ash Road")
    assert code == 0, err
    assert "Sister Varnia" in out and "Shattered Hand (severe)" in out
    assert "Brother Cade — confessor" in out and "DEAD in mission 2" in out
    assert "Recruit 1" in out and "replacing Brother Cade" in out and "Recruit 1 takes the casket" in out
    for mission in campaign.missions:
        assert f"{mission['number']}. {mission['outcome'].upper()} vs ironclad" in out
    assert "injuries kept for good: " in out
    code, out, _ = cli("penance", "campaign", "show", "Ash Road", "--json")
    shown = json.loads(out)
    assert [m["outcome"] for m in shown["missions"]] == [m["outcome"] for m in campaign.missions]
    assert len(shown["pilots"]) == 3
    code, out, _ = cli("penance", "campaign", "list")
    assert code == 0 and "Ash Road: 2 of 3 pilots alive; 3 mission(s)" in out


def test_a_pilot_who_withdraws_gives_a_partial_success_and_resumes_after_quitting(cli: Cli) -> None:
    assert cli("penance", "campaign", "new", "Retreat", "--pilot", "Lone=ironclad")[0] == 0
    code, out, err = cli("penance", "campaign", "mission", "Retreat", "--vs", "confessor", "--seed", "5",
                         stdin="keep\nquit\n")
    assert code == 0, err
    assert "mission 1 of Retreat saved; resume with gamewright penance campaign mission Retreat" in out
    code, out, err = cli("penance", "campaign", "mission", "Retreat", "--vs", "confessor")
    assert code == 2 and "in progress" in err
    # back at the table: withdraw at the first main phase (a loss question takes cards from the deck)
    code, out, err = cli("penance", "campaign", "mission", "Retreat", stdin="withdraw\nlose deck\n" * 40)
    assert code == 0, err
    assert "resuming mission 1 of Retreat" in out and "mission 1 over — PARTIAL" in out
    mission = get_campaign("Retreat").missions[0]
    assert mission["actions"][0] == "keep" and mission["actions"][-1] == "withdraw"
    assert mission["result"]["pilots"][0]["fate"] == "withdrew"
    state, events = _replayed(mission)
    assert mission["outcome"] == _expected_outcome(state, withdrew=True) == "partial"
    assert get_campaign("Retreat").pilots[0]["status"] == "alive"


def test_a_squad_mission_extracts_pilots_or_leaves_them_captured(cli: Cli) -> None:
    """Two pilots against two enemies: a pilot whose casket went out while the other fought on, and whom no ally
    extracted, is captured when the side loses (004 §5 "Pilot must be extracted (if allies present)"); the
    last casket out survives extraction (004 §5 item 5); the outcome follows 004 §9."""
    seed = _search(["confessor", "ironclad"], ["ironclad", "confessor"], "heuristic",
                   lambda story: sorted(p["fate"] for p in story) == ["captured", "extracted"])
    assert cli("penance", "campaign", "new", "Pair", "--pilot", "Ana=confessor", "--pilot", "Bo=ironclad")[0] == 0
    code, out, err = cli("penance", "campaign", "mission", "Pair", "--vs", "ironclad", "--vs", "confessor",
                         "--bot", "heuristic", "--seed", str(seed))
    assert code == 0, err
    campaign = get_campaign("Pair")
    mission = campaign.missions[0]
    state, events = _replayed(mission)
    assert state.team == [0, 0, 1, 1] and state.winner == 1
    outs = [e.data["casket"] for e in events if e.kind == "out" and e.data["player"] == 0]
    fates = {p["casket"]: p["fate"] for p in mission["result"]["pilots"]}
    first, last = state.label(outs[0]), state.label(outs[-1])
    assert fates == {first: "captured", last: "extracted"} and not state.sides[outs[0]].extracted
    assert mission["outcome"] == "partial"  # objective failed, a pilot survived
    captured = next(p for p in campaign.pilots if p["status"] == "captured")
    assert any(p["replaces"] == captured["id"] for p in campaign.pilots)
    code, out, _ = cli("penance", "campaign", "show", "Pair")
    assert "CAPTURED in mission 1" in out and "1. PARTIAL vs ironclad" in out


def test_the_campaign_bot_withdraws_a_worn_pilot_for_a_partial_success(cli: Cli) -> None:
    seed = _search(["ironclad"], ["ironclad"], "heuristic", lambda story: story[0]["fate"] == "withdrew")
    assert cli("penance", "campaign", "new", "Worn", "--pilot", "Old Hand=ironclad")[0] == 0
    code, out, err = cli("penance", "campaign", "mission", "Worn", "--vs", "ironclad", "--bot", "heuristic",
                         "--seed", str(seed))
    assert code == 0, err
    assert "withdraws from the field" in out and "— PARTIAL:" in out
    mission = get_campaign("Worn").missions[0]
    state, events = _replayed(mission)
    s = state.sides[0]
    assert mission["actions"][-1] == "withdraw"
    assert len(s.wounds) >= 7 or len(s.piles.deck) + len(s.piles.discard) <= 3  # the bot's reasons to retreat
    assert mission["outcome"] == _expected_outcome(state, withdrew=True) == "partial"


def test_the_campaign_options_change_what_persists_and_who_is_lost() -> None:
    def report(decks: list[str], enemies: list[str], bot: str, seed: int, options: dict[str, Any]) -> Any:
        pilots, state, events = _fly(decks, enemies, bot, seed)
        return mission_report(4, pilots, state, events, options, {"Recruit 1"}, 0)

    # trauma=recover: a Trauma card goes back face down like the Minor ones; Severe Injuries stay
    trauma = _first_seed("ironclad", "heuristic", lambda p: any(w in p["kept"] for w in ("ptsd", "dissociation"))
                         and p["fate"] not in ("dead", "captured"))
    kept = report(["ironclad"], ["ironclad"], "heuristic", trauma, {}).changes[1]["wounds"]
    recovered = report(["ironclad"], ["ironclad"], "heuristic", trauma, {"trauma": "recover"}).changes[1]["wounds"]
    assert recovered == [w for w in kept if w not in ("ptsd", "dissociation")] and recovered != kept

    # left_behind=extracted: the pilot left behind gets out too; nobody is lost, nobody replaced
    squad = _search(["confessor", "ironclad"], ["ironclad", "confessor"], "heuristic",
                    lambda story: sorted(p["fate"] for p in story) == ["captured", "extracted"])
    default = report(["confessor", "ironclad"], ["ironclad", "confessor"], "heuristic", squad, {})
    lenient = report(["confessor", "ironclad"], ["ironclad", "confessor"], "heuristic", squad,
                     {"left_behind": "extracted"})
    assert default.outcome == lenient.outcome == "partial"
    assert [p["fate"] for p in lenient.result["pilots"]] == ["extracted", "extracted"] and lenient.recruits == []
    assert [r["name"] for r in default.recruits] == ["Recruit 2"]  # never a name the roster has

    # replacement=none: the captured pilot stays lost and nobody takes the casket
    alone = report(["confessor", "ironclad"], ["ironclad", "confessor"], "heuristic", squad, {"replacement": "none"})
    assert alone.recruits == [] and sorted(c["status"] for c in alone.changes.values()) == ["alive", "captured"]


@pytest.mark.parametrize("args", [
    ("new", "X", "--pilot", "NoDeck"),
    ("new", "X", "--pilot", "A=nosuchdeck"),
    ("new", "X", "--pilot", "A=confessor", "--pilot", "A=ironclad"),
    ("new", "X", "--option", "trauma=forget"),
    ("new", " "),
    ("show", "nobody"),
    ("mission", "nobody", "--vs", "ironclad"),
])
def test_bad_campaign_arguments_are_one_line_and_exit_2(cli: Cli, args: tuple[str, ...]) -> None:
    code, out, err = cli("penance", "campaign", *args)
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1


def test_bad_mission_arguments_store_nothing(cli: Cli) -> None:
    assert cli("penance", "campaign", "new", "Y", "--pilot", "A=confessor")[0] == 0
    bad = [("--vs", "nosuch"), (), ("--vs", "ironclad") * 4, ("--vs", "ironclad", "--pilot", "Nobody"),
           ("--vs", "ironclad", "--pilot", "A", "--pilot", "A"), ("--vs", "ironclad", "--bot", "genius"),
           ("--vs", "ironclad", "--option", "wounds=ptsd,"), ("--vs", "ironclad", "--seed", "-1"),
           ("--vs", "ironclad", "--json")]
    for args in bad:
        code, _, err = cli("penance", "campaign", "mission", "Y", *args)
        assert code == 2 and err.startswith("error: "), args
    assert get_campaign("Y").missions == []
    code, _, err = cli("penance", "campaign", "new", "Y", "--pilot", "B=confessor")
    assert code == 2 and "already exists" in err


def test_a_bots_mission_with_json_prints_only_its_result(cli: Cli) -> None:
    assert cli("penance", "campaign", "new", "Z", "--pilot", "A=confessor")[0] == 0
    code, out, err = cli("penance", "campaign", "mission", "Z", "--vs", "ironclad", "--bot", "heuristic", "--seed", "4",
                         "--json")
    assert code == 0, err
    told = json.loads(out)  # nothing but the JSON document on stdout
    stored = get_campaign("Z").missions[0]
    assert (told["campaign"], told["mission"], told["seed"]) == ("Z", 1, 4)
    assert told["outcome"] == stored["outcome"] and told["result"] == stored["result"]
    assert [p["name"] for p in told["result"]["pilots"]] == ["A"]

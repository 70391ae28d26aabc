"""``prince play`` through its prompts: the screens a person reads, and input that ends or is refused."""

from __future__ import annotations

import json

from rich.console import Console

from gamewright.cli.prince_view import affliction_table as _affliction_table
from gamewright.cli.prince_view import prediction_table as _prediction_table
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.progression import Progress
from gamewright.games.prince.tables import PLANETS

MINT = ("prince", "mint", "--name", "Ada", "--lat", "51.5", "--lon", "-0.12", "--time", "1990-05-01T12:00:00Z")


def _text(renderable) -> str:  # noqa: ANN001
    console = Console(width=160, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_affliction_after_the_last_turn_of_an_encounter_is_that_turns_not_the_next_encounters() -> None:
    for seed in range(40):
        state = PrinceGame("design", progress=Progress()).new_initial_state(seed)  # one-turn encounters
        events = state.apply(state.legal_actions()[0])
        turn = next(e for e in events if e.kind == "turn")
        after = turn.data["after"]["opponent"]
        if not any(after["affliction"].values()):
            continue
        assert state.encounter == 1 and state.os.affliction == [0] * 7  # the live state has moved on
        row = next(line for line in _text(_affliction_table(turn.data)).splitlines() if "Opponent" in line)
        for p in PLANETS:
            shown = f"{after['affliction'][p]} combust" if p in after["combust"] else str(after["affliction"][p])
            assert shown in row
        you = next(line for line in _text(_affliction_table(turn.data)).splitlines() if "You" in line)
        assert you.count("locked") == 6  # Mercury unlocked after this turn, but was locked during it
        return
    raise AssertionError("no seed afflicted the opponent")


def test_predictions_show_polarity_amounts_crit_chances_and_both_risks() -> None:
    state = PrinceGame("design").new_initial_state(3)
    text = _text(_prediction_table(state))
    predictions = state.predictions()
    assert len(predictions) == 7
    for p in predictions:
        line = next(row for row in text.splitlines() if row.strip().startswith(p["planet"] + " "))
        assert p["polarity"] in line
        assert f"{p['outgoing']['applied']}/" in line and f"{p['incoming']['applied']}/" in line
    assert "Crit" in text and "Risk" in text and "yours/theirs" in text


def test_empty_stdin_is_one_line_and_keeps_the_run(cli) -> None:  # noqa: ANN001
    assert cli(*MINT)[0] == 0
    code, out, err = cli("prince", "play", "Ada", "--seed", "4", stdin="")
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: no more input")
    assert "Send which planet? [Moon]" in out
    runs = json.loads(cli("prince", "history", "Ada", "--json")[1])["runs"]
    assert [(r["status"], r["turns"]) for r in runs] == [("active", 0)]


def test_refusals_in_play_ask_again_and_change_nothing(cli) -> None:  # noqa: ANN001
    assert cli(*MINT)[0] == 0
    code, out, err = cli("prince", "play", "Ada", "--seed", "4", "--json", stdin="\nPluto\nVenus\nmoon\n")
    assert code == 2  # the input ends in the next encounter
    events = [json.loads(line) for line in out.splitlines()]
    refused = [e for e in events if e["event"] == "refused"]
    assert [r["why"].split(";")[0] for r in refused] == [
        "name a planet: one of Sun, Moon, Mercury, Venus, Mars, Jupiter, Saturn",
        "there is no such planet",
        "Venus is still locked (it appears after 3 cumulative encounters)",
    ]
    assert sum(1 for e in events if e["event"] == "turn") == 1

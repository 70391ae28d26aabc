"""Issue 9 §6 for Space Prince: a run's seed rebuilds every opponent planet to come, so it stays secret until
the run is over — not in ``view_for``, events, ``play`` output or messages — and new runs draw it from ``secrets``."""

from __future__ import annotations

import json
from typing import Any

from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.progression import Progress

MINT = ("prince", "mint", "--name", "Ada", "--lat", "51.5", "--lon", "-0.12", "--time", "1990-05-01T12:00:00Z")
SEED = 987654321987654322  # its first turn leaves the run active
SECRET_KEYS = {"seed", "rng", "orng"}


def _keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in _keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in _keys(v)}
    return set()


def test_view_for_and_events_hold_no_seed_or_stream_state() -> None:
    state, events = PrinceGame("design", progress=Progress()).start(SEED)
    for _ in range(3):
        view = state.view_for(0)
        assert not _keys(view) & SECRET_KEYS and str(SEED) not in json.dumps(view)
        events += state.apply(state.legal_actions()[0])
    for event in events:
        assert "seed" not in event.to_json() and str(SEED) not in event.text


def test_play_json_never_shows_the_seed(cli) -> None:  # noqa: ANN001
    assert cli(*MINT)[0] == 0
    code, out, err = cli("prince", "play", "Ada", "--seed", str(SEED), "--auto", "greedy", "--json")
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0]["event"] == "run" and "seed" not in lines[0]
    assert str(SEED) not in out and not set().union(*(_keys(line) for line in lines)) & SECRET_KEYS


def test_play_header_and_run_in_progress_message_hide_the_seed(cli) -> None:  # noqa: ANN001
    assert cli(*MINT)[0] == 0
    code, out, err = cli("prince", "play", "Ada", "--seed", str(SEED), stdin="Moon\n")
    assert code == 2 and "no more input" in err  # the run stays active
    assert "Starting run" in out and str(SEED) not in out + err
    code, out, err = cli("prince", "play", "Ada", "--seed", "5", stdin="")
    assert code == 2 and "in progress" in err and str(SEED) not in out + err


def test_history_hides_an_active_runs_seed_and_shows_it_once_the_run_is_over(cli) -> None:  # noqa: ANN001
    assert cli(*MINT)[0] == 0
    assert cli("prince", "play", "Ada", "--seed", str(SEED), stdin="Moon\n")[0] == 2
    runs = json.loads(cli("prince", "history", "Ada", "--json")[1])["runs"]
    assert runs[0]["status"] == "active" and runs[0]["seed"] is None
    code, out, _ = cli("prince", "history", "Ada")
    assert code == 0 and str(SEED) not in out and "hidden" in out
    assert str(SEED) not in cli("prince", "show", "Ada", "--json")[1]
    assert cli("prince", "play", "Ada", "--auto", "greedy")[0] == 0  # resumes and finishes the run
    runs = json.loads(cli("prince", "history", "Ada", "--json")[1])["runs"]
    assert runs[0]["status"] in ("won", "lost") and runs[0]["seed"] == SEED


def test_new_runs_draw_63_bit_seeds_from_secrets(cli) -> None:  # noqa: ANN001
    """The old derived seeds were below 2**31 and predictable from the Prince's id; two secret 63-bit draws both
    below 2**31 happen with probability 2**-64."""
    assert cli(*MINT)[0] == 0
    for _ in range(2):
        assert cli("prince", "play", "Ada", "--auto", "greedy")[0] == 0
    seeds = [r["seed"] for r in json.loads(cli("prince", "history", "Ada", "--json")[1])["runs"]]
    assert len(set(seeds)) == 2 and all(0 <= s < 2**63 for s in seeds) and max(seeds) >= 2**31

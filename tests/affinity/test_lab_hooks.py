"""What the lab reads: the `budget` game option and a fight's summary in ``view_for``."""

from __future__ import annotations

import pytest

from gamewright.core.errors import ConfigError
from gamewright.core.game import load_game
from gamewright.core.rng import Rng


def test_budget_option_sets_the_count_from_the_creature_budgets() -> None:
    """ref §4: easy 8–12, medium 12–18, hard 18–25, deadly 25+ HD; Pall-Wolves have 4 HD each."""
    counts = {}
    for budget in ("easy", "medium", "hard", "deadly"):
        state = load_game("affinity", options={"budget": budget}).new_initial_state(0)
        counts[budget] = sum(1 for f in state.fighters if f.side == 1)
    assert counts == {"easy": 3, "medium": 4, "hard": 6, "deadly": 7}
    state = load_game("affinity", options={"budget": "deadly", "count": 2}).new_initial_state(0)
    assert sum(1 for f in state.fighters if f.side == 1) == 2  # an explicit count wins
    with pytest.raises(ConfigError):
        load_game("affinity", options={"budget": "lethal"})


def test_a_finished_fight_summarises_rounds_losses_deaths_and_collapses() -> None:
    state = load_game("affinity", options={"budget": "hard"}).new_initial_state(5)
    rng = Rng(5)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    summary = state.view_for(0)["summary"]
    assert summary["over"] and summary["rounds"] == state.round and summary["winner"] == state.winner
    for row, f in zip(summary["fighters"], state.fighters, strict=True):
        assert row["hd_lost"] == row["hd_start"] - f.hd and row["dead"] == (f.status == "dead")
    assert summary["deaths"]["1"] == sum(1 for f in state.fighters if f.side == 1 and f.status == "dead")
    assert sum(summary["hd_lost_by_key"].values()) == sum(r["hd_lost"] for r in summary["fighters"])
    assert summary["collapses"]["0"] >= sum(1 for f in state.fighters if f.side == 0 and f.status == "collapsed")
    assert "rng" not in state.view_for(1)

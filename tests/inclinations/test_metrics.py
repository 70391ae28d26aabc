"""issue 22 §9: the lab's Inclinations "fired" counts shots, as "hits" does, so hits never exceed fired: a laser
volley (one ``fire`` event) names several targets, each its own shot (a hit, a miss or a fizzle)."""

from __future__ import annotations

from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.metrics import record
from gamewright.lab.runner import play_out
from tests.inclinations.helpers import play, ship, state


def test_a_laser_volley_at_two_targets_is_two_shots() -> None:
    st = state(ship("P1", ring=3, sector=0, laser=2), ship("P2", ring=4, sector=1), ship("P3", ring=2, sector=23))
    events = play(st, "fire laser P2 P3")
    metrics = record(st, events)
    assert metrics["fired"] == {"laser": 2} and metrics["hits"] == {"laser": 2}


def test_hits_never_exceed_shots_in_games_with_multi_target_fire() -> None:
    """Six hard bots, seeded games until five of them hold a laser volley at several targets (most do)."""
    with_volleys = 0
    for seed in range(30):
        if with_volleys == 5:
            break
        st = InclinationsGame(None, {"players": 6}).new_initial_state(seed)
        events, _ = play_out("inclinations", st, ["inclinations.hard-bot"] * 6, seed)
        with_volleys += any(e.kind == "fire" and len(e.data["targets"]) > 1 for e in events)
        metrics = record(st, events)
        shots = {w: 0 for w in metrics["fired"]}
        for e in events:
            if e.kind in ("hit", "miss", "fizzle"):
                shots[e.data["weapon"]] += 1
        assert metrics["fired"] == shots  # one per shot resolved
        assert all(metrics["hits"].get(w, 0) <= n for w, n in metrics["fired"].items()), metrics
    assert with_volleys == 5

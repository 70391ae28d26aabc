"""Issue 9 for Inclinations: 64-bit seeds and ids, fresh secret seeds, hand-built actions refused cleanly."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.core.errors import RuleViolation
from gamewright.games.inclinations.actions import (
    Allocate,
    Burn,
    Coast,
    Deallocate,
    Deploy,
    EndTurn,
    Fire,
    Rotate,
    Transfer,
)
from gamewright.games.inclinations.game import InclinationsGame
from tests.inclinations.helpers import ship, state

TOO_BIG = str(2**63)


@pytest.mark.parametrize("args", [
    ("play", "--seats", "random-bot,random-bot", "--seed", TOO_BIG),
    ("play", "--resume", TOO_BIG),
    ("show", TOO_BIG),
    ("show", "-" + TOO_BIG),
    ("simulate", "--seed", str(2**63 - 1), "--games", "2"),
    ("simulate", "--games", "1000000000"),
    ("simulate", "--games", "0"),
    ("play", "--seed", "1_0"),
    ("play", "--seed", "²"),
    ("show", "٣"),
    ("play", "--resume", "1_0"),
    ("play", "--round-limit", "-1"),
])
def test_seeds_and_ids_beyond_64_bits_are_one_line_exit_2(cli, args):
    code, out, err = cli("inclinations", *args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1


def test_the_largest_seed_plays(cli):
    code, out, err = cli("inclinations", "play", "--seats", "random-bot,random-bot", "--seed", str(2**63 - 1),
                         "--round-limit", "2")
    assert code == 0, err
    assert f"(seed {2**63 - 1})" in out


def test_new_games_draw_a_secret_seed_shown_only_when_over(cli):
    cli("inclinations", "play", "--seats", "human,random-bot", stdin="deploy 0\nquit\n")
    code, out, _ = cli("inclinations", "play", "--seats", "human,random-bot", stdin="deploy 0\nquit\n")
    assert code == 0 and "seed" not in out.split("\n")[0]
    games = json.loads(cli("inclinations", "games", "--json")[1])["games"]
    assert [g["seed"] for g in games] == [None, None]
    assert "seed hidden" in cli("inclinations", "games")[1]
    shown = json.loads(cli("inclinations", "show", "1", "--json")[1])
    assert shown["seed"] is None and "rng" not in json.dumps(shown) and "seed" not in json.dumps(shown["state"])
    assert "seed" not in cli("inclinations", "show", "1")[1]
    # two bots-only games run to the end: their seeds are shown now, and they differ
    for _ in range(2):
        code, out, _ = cli("inclinations", "play", "--seats", "random-bot,random-bot", "--round-limit", "3")
        assert code == 0 and "game over" in out and "(seed " in out
    games = json.loads(cli("inclinations", "games", "--json")[1])["games"]
    finished = [g["seed"] for g in games if g["status"] == "finished"]
    assert len(finished) == 2 and finished[0] != finished[1] and all(0 <= s < 2**63 for s in finished)
    assert f"seed {finished[0]}" in cli("inclinations", "show", "3")[1]


def test_view_for_holds_no_seed_or_random_stream():
    st_ = InclinationsGame().new_initial_state(123456789)
    for seat in (0, 1):
        text = json.dumps(st_.view_for(seat))
        assert "rng" not in text and "seed" not in text and "123456789" not in text


_FIELD = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
                   st.text(max_size=8), st.sampled_from(["P2", "P1", "laser", "engines", "light", "alpha"]),
                   st.tuples(st.sampled_from(["P2", "P1", 2])), st.lists(st.just("P2"), max_size=2))


@st.composite
def _hand_built(draw: Any) -> Any:
    kind = draw(st.sampled_from([Deploy, Allocate, Deallocate, Rotate, Coast, Burn, Transfer, Fire, EndTurn]))
    arity = {Deploy: 1, Allocate: 2, Deallocate: 2, Rotate: 1, Coast: 1, Burn: 3, Transfer: 1, Fire: 3,
             EndTurn: 0}[kind]
    return kind(*[draw(_FIELD) for _ in range(arity)])


@settings(max_examples=300, deadline=None)
@given(action=_hand_built(), deploying=st.booleans())
def test_hand_built_actions_are_refused_before_any_change(action, deploying):
    """issue 9 item 5: wrong types or values give RuleViolation only, and nothing changes."""
    if deploying:
        st_ = InclinationsGame().new_initial_state(3)
    else:
        st_ = state(ship(ring=3, laser=2, engines=1, railgun=4), ship("P2", ring=4, sector=1))
    before = json.dumps(st_.to_json(), sort_keys=True)
    answer = st_.preview(action)  # never raises, changes nothing
    assert json.dumps(st_.to_json(), sort_keys=True) == before and set(answer) >= {"action", "legal", "errors"}
    try:
        st_.apply(action)
    except RuleViolation:
        assert json.dumps(st_.to_json(), sort_keys=True) == before
        assert not answer["legal"] and answer["errors"]
    else:  # accepted: it must have been a well-formed legal action, and the preview said so
        assert answer["legal"]
        assert action in InclinationsGame().new_initial_state(3).legal_actions() or not deploying
    assert not st_.invariant_violations()


@pytest.mark.parametrize("args", [("play", "--seats", "human,random-bot", "--seed", "1"), ("turn", "-")])
def test_closed_stdin_is_not_a_traceback(args):
    """issue 9 item 3: stdin closed (`<&-`) is one error line; play says the game is saved and how to resume."""
    import os
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "gamewright", "inclinations", *args], capture_output=True,
                          text=True, env=dict(os.environ), timeout=120, preexec_fn=lambda: os.close(0))
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 2 and proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1
    if args[0] == "play":
        assert "game 1 is saved: resume with gamewright inclinations play --resume 1" in proc.stderr


@pytest.mark.parametrize("action", [
    Allocate("engines", "2"), Deallocate("laser", 1.5), Burn("light", "x"), Burn("light", 0, "yes"),
    Fire("laser", ["P2"]), Fire("laser", ("P2", 7)), Rotate(1), Transfer(None), Allocate("bogus", 1),
    Fire("phaser", ("P2",)), Burn("ludicrous", 0), Transfer("omega"), Rotate("sideways"), "coast", None,
])
def test_apply_hand_built_malformed_actions_raise_rule_violation_only(action):
    """common brief: apply of any action raises only RuleViolation and leaves the state unchanged."""
    st = state(ship(ring=3, laser=2, engines=1), ship("P2", ring=4, sector=1))
    before = st.to_json()
    with pytest.raises(RuleViolation):
        st.apply(action)
    assert st.to_json() == before
    with pytest.raises(RuleViolation):
        st.play_turn([action])
    assert st.to_json() == before

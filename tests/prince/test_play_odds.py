"""Issue 10 §1 and §3 at the table: ``prince play`` shows the engine's preview (combustion, propagation risk,
expected score), both charts and both aspect webs, and the opponent's ready exaltation save as ``ex``."""

from __future__ import annotations

import json
from fractions import Fraction

from gamewright.app import princes
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.progression import Progress
from gamewright.games.prince.resolve import profile_from_chart

MINT = ("prince", "mint", "--name", "Ada", "--lat", "51.5", "--lon", "-0.12", "--time", "1990-05-01T12:00:00Z")


def _rows(out: str) -> dict[str, str]:
    """The prediction table's rows by planet."""
    table = out[out.index("Your planets against it") :]
    return {line.split()[0]: line for line in table.splitlines()[3:] if line.strip() and line.split()[0].isalpha()}


def test_play_shows_propagation_risk_and_expected_score_from_preview(cli) -> None:  # noqa: ANN001
    assert cli(*MINT)[0] == 0
    code, out, err = cli("prince", "play", "Ada", "--seed", "4", stdin="")
    assert code == 2 and "no more input" in err
    assert "Spread" in out and "Score" in out and "any of your other planets combusts" in out
    code, out, err = cli("prince", "play", "Ada", "--json", stdin="")
    choose = next(json.loads(line) for line in out.splitlines() if '"choose"' in line)
    preview = choose["previews"][0]
    assert preview["action"] == "Moon" and preview["legal"]
    assert {"outcomes", "combustion", "propagation_risk", "expected_score", "affliction_change"} <= set(preview)
    assert sum(Fraction(o["p"]["p"]) for o in preview["outcomes"]) == 1


def test_play_shows_both_charts_and_both_aspect_webs(cli) -> None:  # noqa: ANN001
    assert cli(*MINT)[0] == 0
    code, out, _ = cli("prince", "play", "Ada", "--seed", "4", stdin="")
    assert "The charts" in out and "Your sign" in out and "Their sign" in out and "Dignity" in out
    assert "Your active aspects" in out and "Your latent aspects" in out and "Opponent's aspects (all active)" in out
    assert "Saturn (locked)" in out  # a new Prince has only the Moon


def test_an_opponents_ready_exaltation_save_shows_as_ex(cli) -> None:  # noqa: ANN001
    assert cli(*MINT)[0] == 0
    profile = profile_from_chart(princes.get("Ada").chart)
    for seed in range(200):  # a run whose first opponent planet is exalted (the run the CLI will start)
        state, _ = PrinceGame("design", player=profile, progress=Progress()).start(seed)
        if state.opponent is not None and state.opponent.dignities[state.current] == "exaltation":
            break
    else:
        raise AssertionError("no seed sends an exalted opponent planet first")
    code, out, _ = cli("prince", "play", "Ada", "--seed", str(seed), stdin="")
    assert "/0% ex" in _rows(out)["Moon"]

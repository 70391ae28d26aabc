"""Issue 9 for Penance: oversized seeds and ids, Unicode digits — one line and exit 2, or a clear refusal."""

from __future__ import annotations

import pytest

HUGE = str(2**63)


@pytest.mark.parametrize(
    "args",
    [
        ("penance", "play", "--seed", HUGE),
        ("penance", "play", "--resume", HUGE),
        ("penance", "show", HUGE),
        ("penance", "attack", "--card", "Faithful Thrust", "--attacker", "scout", "--defender", "scout",
         "--range", "1", "--side", "front", "--seed", HUGE),
        ("penance", "simulate", "--games", "1", "--seed", HUGE),
    ],
)
def test_seeds_and_ids_past_63_bits_are_one_line(cli, args: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(*args, stdin="")
    assert code == 2
    assert err.startswith("error:") and err.count("\n") == 1 and "Traceback" not in err + out


def test_unicode_digits_are_refused_clearly(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("penance", "play", "--seed", "1", "--seats", "human,bot", stdin="play ²\n²\n٣\nquit\n")
    assert code == 0, err
    refusals = [line for line in out.splitlines() if line.startswith("refused:")]
    assert len(refusals) == 3 and all("whole number" in r for r in refusals)
    assert "Traceback" not in out + err


def test_parse_action_refuses_unicode_digits() -> None:
    from gamewright.core.errors import RuleViolation
    from gamewright.games.penance import make_game

    game = make_game()
    state = game.new_initial_state(1)
    for text in ("play ²", "lose ٣", "play 1" + "0" * 40):
        with pytest.raises(RuleViolation):
            game.parse_action(state, text)

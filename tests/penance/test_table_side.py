"""Issue 10 §3 for Penance: help, quit in the menu, a readable game-over line, one board per loss, literal
deck specs, and the menu's odds from the engine's preview."""

from __future__ import annotations

import re

from tests.penance.helpers import duel


def test_help_command_explains_the_game(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("penance", "play", "--seed", "3", stdin="help\nquit\n")
    assert code == 0 and "How to play" in out and "quit" in out
    assert "refused" not in out


def test_quit_is_in_the_menu(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("penance", "play", "--seed", "3", stdin="quit\n")
    menu_lines = out.split("keep this opening hand", 1)[1].splitlines()
    assert code == 0 and any("quit" in line for line in menu_lines[:6])


def test_game_over_line_reads_well(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("penance", "play", "--seats", "bot,bot", "--seed", "7")
    assert code == 0
    last = out.strip().splitlines()[-1]
    assert re.fullmatch(r"game over — P[12] wins: P[12]'s [a-z ,()0-9]+ \(seed 7\)", last), last


def test_losing_several_cards_prints_one_board(cli) -> None:  # type: ignore[no-untyped-def]
    turn = "end\npass\nlose deck\nlose deck\nlose deck\nlose deck\n"
    code, out, _ = cli("penance", "play", "--seats", "human,bot", "--seed", "2", stdin="keep\n" + turn * 60 + "quit\n")
    assert code == 0
    lines = out.splitlines()
    prompts = [(i, int(m.group(1))) for i, line in enumerate(lines) if (m := re.match(r"P1, lose (\d+) more", line))]
    pairs = [(a, b) for (a, n), (b, m) in zip(prompts, prompts[1:], strict=False) if m == n - 1]
    assert pairs, "no multi-card loss in this game"
    for a, b in pairs:  # the next card of the same loss: the question again, not the whole board
        assert not any(line.startswith("terrain:") for line in lines[a:b]), "\n".join(lines[a:b])


def test_decks_print_specs_literally(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("penance", "decks", "confessor:A:righteous_fury+flagellants_zeal")
    assert code == 0 and "confessor:A:righteous_fury+flagellants_zeal" in out
    code, out, _ = cli("penance", "decks")
    assert "confessor:A:" in out


def test_menu_shows_the_preview_odds_and_primary_marks() -> None:
    from gamewright.cli.penance_table import menu

    st = duel("confessor:D,ironclad", hand=["faithful_thrust", "quick_shot"])
    lines = menu(st)
    thrust = next(line for line in lines if "Faithful Thrust" in line and "at head" in line)
    a = next(a for a in st.legal_actions() if a.kind == "play" and a.arg == 0 and "Faithful" in thrust)
    pv = st.preview(a)
    assert "Faithful Thrust*" in thrust and f"hit {pv['hit']['float']:.0%}" in thrust
    assert f"expect {pv['expected_taken']['float']:.1f}" in thrust
    assert any("Quick Shot)" in line for line in lines)  # a secondary weapon: no mark


def test_escape_keys_are_refused_readably(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("penance", "play", "--seed", "3", stdin="\x1b[4~\nquit\n")
    assert code == 0 and "is a key, not an action" in out and "\x1b" not in out.replace("'\\x1b", "")

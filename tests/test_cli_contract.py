"""Every command of the CLI keeps the same contract: readable help, and a bad argument is one line, exit 2."""

from __future__ import annotations

from typing import Any

import pytest

from gamewright.cli.main import app


def _commands() -> dict[tuple[str, ...], Any]:
    import typer.main

    found: dict[tuple[str, ...], Any] = {}

    def walk(command: Any, path: list[str]) -> None:
        if hasattr(command, "list_commands"):  # a group (the top level imports its sub-apps on demand)
            ctx = command.make_context(command.name, [], resilient_parsing=True)
            for name in command.list_commands(ctx):
                walk(command.get_command(ctx, name), [*path, name])
        else:
            found[tuple(path)] = command

    walk(typer.main.get_command(app), [])
    return found


COMMAND_OBJECTS = _commands()
COMMANDS = [list(path) for path in COMMAND_OBJECTS]
IDS = [" ".join(path) for path in COMMANDS]


def test_every_game_has_a_sub_app() -> None:
    assert {path[0] for path in COMMANDS} >= {"prince", "inclinations", "affinity", "penance", "lab", "demo"}


@pytest.mark.parametrize("path", COMMANDS, ids=IDS)
def test_help_reads(cli, path: list[str]) -> None:
    code, out, err = cli(*path, "--help")
    assert code == 0, err
    assert "Usage:" in out
    assert len(out.strip().splitlines()) >= 3


@pytest.mark.parametrize("path", COMMANDS, ids=IDS)
def test_unknown_option_is_one_line_exit_2(cli, path: list[str]) -> None:
    code, _, err = cli(*path, "--no-such-option-anywhere")
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error:")
    assert "Traceback" not in err


@pytest.mark.parametrize("path", COMMANDS, ids=IDS)
def test_a_bad_seed_is_one_line_exit_2(cli, path: list[str]) -> None:
    command = COMMAND_OBJECTS[tuple(path)]
    if not any("--seed" in getattr(p, "opts", []) for p in command.params):
        pytest.skip("no --seed option")
    code, _, err = cli(*path, "--seed", "not-a-number")
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err


def test_scenario_files_that_are_not_utf8_are_one_line(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{}")
    for command in (("prince", "turn"), ("inclinations", "turn")):
        code, _, err = cli(*command, str(bad), "--json")
        assert code == 2
        assert len(err.strip().splitlines()) == 1

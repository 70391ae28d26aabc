"""``gamewright --help`` starts light: its listing is drawn plain, so neither Rich (with markdown-it, pygments
and rich.traceback, which Typer's rich help imports) nor the store nor a game is loaded; every sub-command keeps
its rich help."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from gamewright.cli.main import SUB_APPS

PROBE = (
    "import sys\n"
    "from gamewright.cli.main import run\n"
    "assert run({args!r}) == 0\n"
    "heavy = ('rich', 'markdown_it', 'pygments', 'sqlalchemy', 'alembic', 'pydantic', 'numpy')\n"
    "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy or m == 'typer.rich_utils'))\n"
)


def _loaded_after(args: list[str]) -> tuple[str, list[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True,
                          env=dict(os.environ), timeout=120)
    assert done.returncode == 0, done.stderr
    *out, modules = done.stdout.strip().splitlines()
    return "\n".join(out), ast.literal_eval(modules)


def test_top_level_help_loads_no_rich_no_sqlalchemy() -> None:
    for args in (["--help"], []):  # no arguments shows the same help
        out, modules = _loaded_after(args)
        assert modules == [], (args, modules)
        assert "Usage: gamewright" in out
        flat = " ".join(out.split())
        for name, (_module, help_text) in SUB_APPS.items():
            assert f"{name} {help_text}" in flat  # each game's whole line, not cut short
        assert "demo A short tour" in flat and "serve Start the web site" in flat


def test_sub_commands_keep_their_rich_help(cli: Callable[..., Any]) -> None:
    code, out, err = cli("prince", "--help")
    assert code == 0, err
    assert "╭─ Commands" in out  # Rich's panels
    code, out, err = cli("prince", "chart", "--help")
    assert code == 0, err
    assert "╭─ Options" in out


ALL_MODULES = (
    "import io, sys\n"
    "from gamewright.cli.main import run\n"
    "out, sys.stdout = sys.stdout, io.StringIO()\n"
    "assert run({args!r}) == 0\n"
    "sys.stdout = out\n"
    "print(sorted(sys.modules))\n"
)


def _all_loaded_after(args: list[str]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", ALL_MODULES.format(args=args)],
                          capture_output=True, text=True, env=dict(os.environ), timeout=120)
    assert done.returncode == 0, done.stderr
    loaded: list[str] = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    return loaded


def test_affinity_odds_table_loads_neither_the_other_commands_nor_the_store_nor_pydantic() -> None:
    loaded = _all_loaded_after(["affinity", "odds", "--table"])
    ours = [m for m in loaded if m.startswith("gamewright.")]
    assert [m for m in ours if m.startswith("gamewright.cli.")] == [
        "gamewright.cli.affinity", "gamewright.cli.common", "gamewright.cli.lazy",
        "gamewright.cli.main"]  # no fight, outside or party commands
    assert [m for m in ours if m.startswith("gamewright.app")] == [
        "gamewright.app", "gamewright.app.affinity_sheets", "gamewright.app.affinity_tools"]  # the tools, light
    assert [m for m in ours if m.startswith("gamewright.games.")] == [
        "gamewright.games.affinity", "gamewright.games.affinity.limits", "gamewright.games.affinity.pools"]
    assert not [m for m in ours if m.startswith(("gamewright.store", "gamewright.lab", "gamewright.agents"))]
    heavy = ("sqlalchemy", "alembic", "numpy", "scipy", "markdown_it", "pygments", "pydantic", "pydantic_core")
    assert [m for m in loaded if m.split(".")[0] in heavy or m == "typer._adapters"] == []
    assert "rich.table" in loaded  # the grid is drawn by Rich
    # the grid's flags in any order, and the help flags of the groups, are read without Typer's pydantic coercion
    for args in (["--json", "--exact", "--table"], ["--exact", "--table", "--json"]):
        loaded = _all_loaded_after(["affinity", "odds", *args])
        assert not [m for m in loaded if m.startswith("pydantic") or m == "typer._adapters"], args


def test_the_grid_flags_print_it_once_whatever_their_order(cli: Callable[..., Any]) -> None:
    outs = set()
    for args in (["--table", "--json"], ["--json", "--table"], ["--json", "--dice", "3", "--table"]):
        code, out, err = cli("affinity", "odds", *args)
        assert code == 0, err
        outs.add(out)
    assert len(outs) == 1 and out.startswith("[{")
    code, out, err = cli("affinity", "odds", "--table", "--help")
    assert code == 0 and "Usage: gamewright affinity odds" in out  # the grid waits for its three flags: help first


@pytest.mark.parametrize("args", [["--table", "--dice", "abc"], ["--table", "extra"],
                                  ["--json", "--table", "--exertion", "x"]])
def test_the_grid_still_refuses_bad_input_beside_it(cli: Callable[..., Any], args: list[str]) -> None:
    code, out, err = cli("affinity", "odds", *args)  # read as usual: one line, exit 2, no grid
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1


def test_affinity_commands_load_from_the_modules_named_for_them(cli: Callable[..., Any]) -> None:
    import importlib

    import typer

    from gamewright.cli.affinity import AffinityCommands

    for module_name in set(AffinityCommands.lazy.values()):
        made = typer.main.get_command(importlib.import_module(module_name).app)
        names = set(getattr(made, "commands", {made.name: made}))
        assert names == {n for n, m in AffinityCommands.lazy.items() if m == module_name}, module_name
    code, out, err = cli("affinity", "--help")
    assert code == 0, err
    listed = [line.split()[1] for line in out.splitlines() if line.startswith("│ ") and not line[2:3].isspace()]
    assert listed[1:] == ["odds", "defend", "fight", "conformance", "task", "travel", "chase", "duel", "rest",
                          "character", "party"]  # Typer's order: commands, then groups (after --help itself)


def test_penance_odds_loads_neither_the_engine_nor_the_store_nor_pydantic(cli: Callable[..., Any]) -> None:
    for args in (["--tn", "6"], ["--json", "--tn", "6"], ["--tn=6", "--json"]):
        loaded = _all_loaded_after(["penance", "odds", *args])
        ours = [m for m in loaded if m.startswith("gamewright.")]
        assert [m for m in ours if m.startswith("gamewright.cli.")] == [
            "gamewright.cli.common", "gamewright.cli.lazy", "gamewright.cli.main", "gamewright.cli.penance"], args
        assert [m for m in ours if m.startswith("gamewright.games.")] == [
            "gamewright.games.penance", "gamewright.games.penance.dice"], args
        assert not [m for m in loaded if m.split(".")[0] in ("sqlalchemy", "pydantic", "numpy")
                    or m == "typer._adapters"], args
    # the same answer as the full path (a value Typer reads itself: a sign before the digits)
    assert cli("penance", "odds", "--tn", "6")[1].replace("6", "N") == cli("penance", "odds", "--tn", "+6")[1].replace(
        "6", "N")


@pytest.mark.parametrize("args", [["--tn", "x"], ["--tn", "6", "extra"], []])
def test_penance_odds_still_refuses_bad_input(cli: Callable[..., Any], args: list[str]) -> None:
    code, out, err = cli("penance", "odds", *args)
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1


def test_penance_commands_load_from_the_modules_named_for_them(cli: Callable[..., Any]) -> None:
    import importlib

    import typer

    from gamewright.cli.penance import PenanceCommands

    for module_name in set(PenanceCommands.lazy.values()):
        made = typer.main.get_command(importlib.import_module(module_name).app)
        assert set(getattr(made, "commands", {})) == {n for n, m in PenanceCommands.lazy.items() if m == module_name}
    code, out, err = cli("penance", "--help")
    assert code == 0, err
    for name in ("odds", *PenanceCommands.lazy):
        assert name in out

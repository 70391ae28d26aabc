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


def test_affinity_odds_table_loads_neither_the_other_commands_nor_the_store() -> None:
    done = subprocess.run([sys.executable, "-c", ALL_MODULES.format(args=["affinity", "odds", "--table"])],
                          capture_output=True, text=True, env=dict(os.environ), timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    ours = [m for m in loaded if m.startswith("gamewright.")]
    assert [m for m in ours if m.startswith("gamewright.cli.")] == [
        "gamewright.cli.affinity", "gamewright.cli.affinity_sheets", "gamewright.cli.common", "gamewright.cli.lazy",
        "gamewright.cli.main"]  # no fight, outside or party commands
    assert [m for m in ours if m.startswith("gamewright.games.")] == [
        "gamewright.games.affinity", "gamewright.games.affinity.limits", "gamewright.games.affinity.pools"]
    assert not [m for m in ours if m.startswith(("gamewright.store", "gamewright.lab", "gamewright.agents"))]
    heavy = ("sqlalchemy", "alembic", "numpy", "scipy", "markdown_it", "pygments")
    assert [m for m in loaded if m.split(".")[0] in heavy] == []
    assert "rich.table" in loaded  # the grid is drawn by Rich


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

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

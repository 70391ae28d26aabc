"""The application layer (issue 27): the web never imports the CLI, and ``app/`` imports neither front end — the
use cases both share live in ``app/``, each front end only parses, calls it and formats."""

from __future__ import annotations

import ast
from pathlib import Path

import gamewright

ROOT = Path(gamewright.__file__).parent


def _imports(package: str) -> dict[str, set[str]]:
    """Every module each file of ``package`` imports (absolute names; ``from . import x`` resolved)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = path.relative_to(ROOT.parent).with_suffix("").parts[: -node.level]
                    base = ".".join((*parts, base)) if base else ".".join(parts)
                names.add(base)
                names.update(f"{base}.{a.name}" for a in node.names)
        found[str(path.relative_to(ROOT))] = names
    return found


def _offenders(package: str, forbidden: tuple[str, ...]) -> list[str]:
    return [f"{file}: {name}" for file, names in _imports(package).items() for name in sorted(names)
            if name.startswith(forbidden)]


def test_the_web_imports_no_cli() -> None:
    assert _offenders("web", ("gamewright.cli",)) == []


def test_the_application_layer_imports_no_front_end() -> None:
    assert (ROOT / "app" / "__init__.py").exists()
    assert _offenders("app", ("gamewright.cli", "gamewright.web")) == []

"""The architecture, enforced: ``lint-imports`` checks the import contracts in pyproject.toml (the layers, the rules
importing only core, no service library in the rules, each game standing alone, the web not importing the CLI)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Contracts written down before the code keeps them: each is checked apart and expected to fail, strictly, so the
# day it passes this test says so and the contract joins the others.
PENDING: dict[str, str] = {}  # a contract id → why it is still broken (none now)


def _contracts() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [c["id"] for c in config["tool"]["importlinter"]["contracts"]]


def _lint_imports(*contracts: str) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on these contracts, for the package the tests import (``PYTHONPATH`` passes through)."""
    script = Path(sys.executable).with_name("lint-imports")
    command = [str(script)] if script.exists() else ["lint-imports"]
    args = [arg for contract in contracts for arg in ("--contract", contract)]
    return subprocess.run([*command, "--no-cache", "--no-logo", *args], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ), timeout=300)


def test_the_import_contracts_are_kept() -> None:
    kept = [c for c in _contracts() if c not in PENDING]
    assert {"layers", "rules-import-only-core", "games-independent"} <= set(kept)
    done = _lint_imports(*kept)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(kept)} kept, 0 broken" in done.stdout


@pytest.mark.parametrize("contract", sorted(PENDING))
def test_a_pending_contract_is_still_broken(contract: str) -> None:
    if _lint_imports(contract).returncode != 0:
        pytest.xfail(PENDING[contract])
    pytest.fail(f"contract {contract} is kept now: remove it from PENDING in {Path(__file__).name}")

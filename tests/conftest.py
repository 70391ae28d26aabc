"""Every test runs against its own SQLite file, never the user's database."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gamewright.store.db import ENV_VAR, reset_engines

CliResult = tuple[int, str, str]


@pytest.fixture(autouse=True)
def isolated_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'gamewright-test.db'}"
    monkeypatch.setenv(ENV_VAR, url)
    reset_engines()
    yield url
    reset_engines()


@pytest.fixture
def cli() -> Callable[..., CliResult]:
    """Run the CLI in-process: ``cli("prince", "list")`` gives (exit code, stdout, stderr)."""
    from gamewright.cli.main import run

    def invoke(*args: str, stdin: str | None = None) -> CliResult:
        out, err = io.StringIO(), io.StringIO()
        old_stdin = sys.stdin
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = run(list(args))
        finally:
            sys.stdin = old_stdin
        return code, out.getvalue(), err.getvalue()

    return invoke


def _run_cli(args: tuple[str, ...], stdin: str | None, timeout: int,
             preexec_fn: Callable[[], None] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m gamewright ARGS`` as a real process with the test's database (its environment)."""
    return subprocess.run(
        [sys.executable, "-m", "gamewright", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=timeout,
        preexec_fn=preexec_fn,
    )


@pytest.fixture
def cli_process() -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run the CLI as a real process (exit codes, concurrency), with the test's database."""

    def invoke(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return _run_cli(args, stdin, timeout=300)

    return invoke


@pytest.fixture
def bounded_cli() -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run the CLI as a process under a 500 MB address-space limit and a 60 s hang guard.

    For inputs that once ran unbounded: the test asserts the answer (a result, or one ``error:`` line and
    exit 2), never a time; the limits only stop a regression from taking the machine down.
    """
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (500 * 2**20, 500 * 2**20))

    def invoke(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return _run_cli(args, stdin, timeout=60, preexec_fn=limit)

    return invoke

"""Every lab run, stored with the code version that ran it (the table and its queries: ``store.lab_runs``).

The request alone reproduces the results: ``lab rerun ID`` runs it again and says whether every byte matches.
"""

from __future__ import annotations

import functools
import subprocess
from pathlib import Path
from typing import Any

from gamewright.store import lab_runs


@functools.cache
def code_version() -> str:
    """The package version, and the git commit when running from a checkout (``+dirty`` with local edits)."""
    from gamewright import __version__

    here = Path(__file__).resolve().parent
    try:
        commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=here, capture_output=True,
                                text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=here,
                               capture_output=True, text=True, timeout=10, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return __version__
    return f"{__version__}+{commit}{'.dirty' if dirty else ''}" if commit else __version__


def save_run(request: dict[str, Any], result: dict[str, Any], workers: int, runner: str, seconds: float) -> int:
    """Store a run with the version of the code that ran it; its id."""
    return lab_runs.save_run(request, result, workers, runner, seconds, code_version())

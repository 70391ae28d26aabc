"""Screenshots of one board element that a live update may swap out while it is taken."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def element_shot(page: Any, selector: str, path: Path, tries: int = 5) -> None:
    """Screenshot ``selector``; when the stream replaces it mid-shot, take the fresh element again."""
    for attempt in range(tries):
        try:
            page.locator(selector).screenshot(path=str(path))
            return
        except Exception as exc:  # playwright's Error; the module is a test extra, imported by the callers
            if "not attached" not in str(exc) or attempt == tries - 1:
                raise
            page.wait_for_timeout(200)  # let the swap settle before the next try

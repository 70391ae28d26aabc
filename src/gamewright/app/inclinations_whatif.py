"""The Inclinations what-if turn, shared by ``gamewright inclinations turn`` and the web page: a scenario's text
or document read and checked, then run through the engine (``games.inclinations.whatif``)."""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.text_input import load_json

MAX_SCENARIO = 16_000  # characters of a scenario typed into the page: a few ships and turns


def answer(scenario: Any) -> dict[str, Any]:
    """The answer to a scenario document (already read as JSON); a malformed one raises ConfigError naming the
    field, an illegal turn is an answer (``{"ok": false, …}``)."""
    from gamewright.games.inclinations.whatif import run_scenario

    return run_scenario(scenario)


def answer_for_text(text: str) -> dict[str, Any]:
    """The answer to a scenario typed as text (the page's form): at most ``MAX_SCENARIO`` characters, read as
    the CLI reads a scenario file."""
    if len(text) > MAX_SCENARIO:
        raise ConfigError(f"the scenario is longer than {MAX_SCENARIO} characters")
    if not text.strip():
        raise ConfigError("paste a scenario (JSON)")
    return answer(load_json(text, "scenario"))

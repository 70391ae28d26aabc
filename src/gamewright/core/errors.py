"""Errors every part of gamewright raises.

Each is a one-line message for a person: the CLI prints ``str(error)`` and exits 2.
"""

from __future__ import annotations


class GamewrightError(Exception):
    """Base of every error gamewright reports to a user (never a traceback)."""


class ConfigError(GamewrightError, ValueError):
    """Bad input: a malformed option, scenario, argument or data file."""


class NotFound(GamewrightError, LookupError):
    """A named thing (a Prince, a saved game, a character) does not exist."""


class Conflict(GamewrightError):
    """The request clashes with stored data (a name or identity already taken)."""


class RuleViolation(GamewrightError):
    """An illegal action: what was tried, why it is illegal, and which rule forbids it.

    Raising it must leave the state untouched; engines validate before they mutate.
    """

    def __init__(self, what: str, why: str, rule: str = "") -> None:
        self.what = what
        self.why = why
        self.rule = rule
        super().__init__(self.message)

    @property
    def message(self) -> str:
        text = f"{self.what}: {self.why}"
        return f"{text} ({self.rule})" if self.rule else text

    def to_json(self) -> dict[str, str]:
        return {"what": self.what, "why": self.why, "rule": self.rule, "message": self.message}

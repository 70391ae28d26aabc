"""Named rulesets and options: a frozen, validated, serialisable configuration.

A game declares its ``Option``s (name, default, allowed values, the rule it comes from) and named presets
(rulesets). ``Rules`` resolves a preset plus overrides into one frozen value that engines read as attributes.

>>> spec = RulesSpec("demo", (Option("crit", "design", choices=("design", "prototype")),), {"design": {}})
>>> spec.resolve("design", {"crit": "prototype"}).crit
'prototype'
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gamewright.core.errors import ConfigError


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    default: Any
    choices: tuple[Any, ...] | None = None  # None: any value of the default's type
    doc: str = ""
    source: str = ""  # the rule this option comes from, e.g. "000 §13a"
    minimum: int | None = None
    maximum: int | None = None

    @property
    def kind(self) -> str:
        """The value's type as a form shows it: ``bool``, ``int`` or ``text`` (a choice keeps its choices' type)."""
        if isinstance(self.default, bool):
            return "bool"
        return "int" if isinstance(self.default, int) else "text"

    def parse(self, text: str) -> Any:
        """A value written as text (``--option NAME=VALUE``, a lobby form field), read by this option's type and
        validated: the one reader of option values for the CLI, the lab and the web."""
        raw = text.strip()
        if self.choices is not None:
            for choice in self.choices:
                if str(choice) == raw:
                    return choice
            return self.validate(raw)  # refused: names the choices
        kind = self.kind
        if kind == "bool":
            if raw.lower() not in ("true", "false"):
                raise ConfigError(f"option {self.name!r} must be true or false, not {raw[:40]!r}")
            return self.validate(raw.lower() == "true")
        if kind == "int":
            from gamewright.core.limits import ascii_int

            return self.validate(ascii_int(raw, f"option {self.name}"))
        if len(raw) >= 2 and raw[0] == raw[-1] == '"':  # a JSON string, as the command line once read values
            with contextlib.suppress(json.JSONDecodeError):
                raw = str(json.loads(raw))
        return self.validate(raw)

    def validate(self, value: Any) -> Any:
        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(map(str, self.choices))
                raise ConfigError(f"option {self.name!r} cannot be {value!r}; choose one of: {allowed}")
            return value
        kind = type(self.default)
        if kind is bool and not isinstance(value, bool):
            raise ConfigError(f"option {self.name!r} must be true or false, not {value!r}")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ConfigError(f"option {self.name!r} must be a whole number, not {value!r}")
        if kind is int:
            if self.minimum is not None and value < self.minimum:
                raise ConfigError(f"option {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise ConfigError(f"option {self.name!r} must be at most {self.maximum}, not {value}")
        return value


@dataclass(frozen=True, slots=True)
class Rules:
    """A resolved configuration: the ruleset's name and every option's value."""

    game: str
    ruleset: str
    values: tuple[tuple[str, Any], ...]

    def __getattr__(self, name: str) -> Any:
        for key, value in object.__getattribute__(self, "values"):
            if key == name:
                return value
        raise AttributeError(name)

    def get(self, name: str) -> Any:
        return self.__getattr__(name)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.values)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "ruleset": self.ruleset, "options": self.as_dict()}


@dataclass(frozen=True)
class RulesSpec:
    game: str
    options: tuple[Option, ...]
    rulesets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    default_ruleset: str = ""

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise ConfigError(f"unknown {self.game} option {name!r}; known options: {known}")

    def resolve(self, ruleset: str | None = None, overrides: Mapping[str, Any] | None = None) -> Rules:
        name = ruleset or self.default_ruleset or next(iter(self.rulesets), "default")
        if self.rulesets and name not in self.rulesets:
            known = ", ".join(self.rulesets)
            raise ConfigError(f"unknown {self.game} ruleset {name!r}; choose one of: {known}")
        values = {opt.name: opt.default for opt in self.options}
        for key, value in {**self.rulesets.get(name, {}), **(overrides or {})}.items():
            values[key] = self.option(key).validate(value)
        return Rules(self.game, name, tuple(values.items()))

    def parse_assignments(self, pairs: Iterable[str]) -> dict[str, Any]:
        """``["to_hit=d10", "round_limit=50"]`` → ``{"to_hit": "d10", "round_limit": 50}``: ``--option NAME=VALUE``
        pairs, each value read by its option's type (``Option.parse``) and validated."""
        return {name: self.option(name).parse(raw) for name, raw in split_assignments(pairs)}

    def from_json(self, data: Mapping[str, Any]) -> Rules:
        return self.resolve(data.get("ruleset"), data.get("options"))


def split_assignments(pairs: Iterable[str]) -> list[tuple[str, str]]:
    """``["to_hit=d10"]`` → ``[("to_hit", "d10")]``: the NAME=VALUE form alone; the option reads the value."""
    out = []
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name.strip():
            raise ConfigError(f"an option is NAME=VALUE, e.g. --option name=value (got {pair!r})")
        out.append((name.strip(), raw))
    return out

"""Sub-apps whose heavier commands load on demand: a command defined in another module is imported only when it
runs (or when the sub-app's help lists every command), so a light command starts without the others' imports."""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

import typer
from typer.core import TyperCommand, TyperGroup

from gamewright.cli.common import SUB_APP_SETTINGS


def command_module() -> typer.Typer:
    """The Typer holding one module's share of a lazy sub-app's commands, configured like every sub-app."""
    return typer.Typer(**SUB_APP_SETTINGS)


class FlagHelpGroup(TyperGroup):
    """A group whose ``--help`` reads False when it is not given. Typer 0.29 leaves it None, and a value that is not
    a bool sends Typer to coerce it with a pydantic TypeAdapter: importing pydantic for that is about a quarter of
    a light command's start (``affinity odds --table``). Help prints exactly as before."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None and option.default is None:
            option.default = False
        return option


class LazyCommands(FlagHelpGroup):
    """A sub-app's group: the commands named in ``lazy`` (command → module with a ``command_module()`` ``app``)
    are built from their module when first resolved. The listing keeps Typer's order: the commands, then the
    groups, each in the order they were declared (the sub-app's own first)."""

    lazy: ClassVar[dict[str, str]] = {}

    def _load(self, module_name: str) -> None:
        made = typer.main.get_command(importlib.import_module(module_name).app)
        found = made.commands if isinstance(made, TyperGroup) else {str(made.name): made}
        for name, command in found.items():
            self.commands.setdefault(name, command)

    def _load_all(self) -> None:
        for module_name in dict.fromkeys(self.lazy.values()):
            self._load(module_name)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands:
            if cmd_name in self.lazy:
                self._load(self.lazy[cmd_name])
            else:  # an unknown name: load everything, so the answer (and a typo's hint) is the full app's
                self._load_all()
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: Any) -> list[str]:
        self._load_all()
        declared = [*(name for name in self.commands if name not in self.lazy), *self.lazy]
        place = {name: i for i, name in enumerate(declared)}
        return sorted(super().list_commands(ctx),
                      key=lambda name: (isinstance(self.commands[name], TyperGroup), place.get(name, len(place))))


COMMAND_LINE = "gamewright command line"  # ctx.meta key: the arguments an ``ArgvCommand`` was given


class ArgvCommand(TyperCommand):
    """A command that keeps the arguments it was given (``ctx.meta[COMMAND_LINE]``), so an eager option's callback
    can answer a light command line itself before Typer reads the other options: Typer 0.29 imports pydantic
    (about 0.05 s) to read any option that is not a flag."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.meta[COMMAND_LINE] = list(args)
        return super().parse_args(ctx, args)

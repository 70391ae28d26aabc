"""The terminal table of a Penance battle: seats played by people (stdin) or bots, one action at a time.

``penance play`` and ``penance campaign mission`` both run their battles here; the caller saves the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import typer

from gamewright.cli.common import InputEnded, read_line
from gamewright.cli.penance_table import HELP, menu, prompt, render
from gamewright.core.errors import ConfigError, GamewrightError, RuleViolation
from gamewright.core.game import events_for
from gamewright.core.limits import ascii_int
from gamewright.games.penance.game import PenanceGame
from gamewright.games.penance.state import Act, PenanceState


class Seat(Protocol):
    def choose(self, state: PenanceState) -> Act: ...


def say(text: str) -> None:
    """Plain output for boards and logs: no wrapping, markup or emoji codes."""
    typer.echo(text)


def menu_pick(legal: list[Act], text: str) -> Act:
    """A menu number (ASCII digits only: ``²`` passes ``isdigit()`` but is no number)."""
    k = ascii_int(text, "a menu choice")
    if not 0 <= k < len(legal):
        raise ConfigError(f"{text}: choose a menu number from 0 to {len(legal) - 1}, or type an action")
    return legal[k]


def replay(game: PenanceGame, seed: int, actions: list[str]) -> tuple[PenanceState, list[Any]]:
    """The position after ``actions`` from ``seed``, and every event on the way."""
    state = game.new_initial_state(seed)
    events = []
    for text in actions:
        events += state.apply(game.parse_action(state, text))
    return state, events


def run_table(game: PenanceGame, state: PenanceState, actions: list[str], bots: list[Seat | None],
              save: Callable[[list[str]], None], label: str, resume: str, quiet: bool = False) -> bool:
    """Play until the battle ends (True) or the person leaves (False); ``save(actions)`` after every action.

    A person sees the board, the question and the menu; with one person at the table the events are filtered
    for that seat, with none or two (hot seat) the table sees public events only. ``quiet`` (bots only, for
    ``--json``) prints nothing.
    """
    humans = [i for i, b in enumerate(bots) if b is None]
    viewer = humans[0] if len(humans) == 1 else None
    shown_for = -1
    losing: tuple[int, int] | None = None
    while not state.is_terminal():
        p = state.current_player
        bot = bots[p]
        if bot is not None:
            action = bot.choose(state)
        else:
            if shown_for != len(actions):
                top = state.todo[-1]
                # one board per question: the cards of one loss are chosen one by one under a single board
                chain = (state.turns, id(top)) if top[0] == "loss" else None
                if chain is None or chain != losing:
                    say(render(state, p))
                losing = chain
                say(prompt(state))
                for entry in menu(state):
                    say(entry)
                shown_for = len(actions)
            try:
                line = read_line("", "action")
            except InputEnded as exc:  # issue 9 item 3: one error line (exit 2); what was played stays saved
                raise InputEnded(f"{exc}; {label} is saved: resume with {resume}") from None
            text = line.strip()
            if not text:
                continue
            if text in ("quit", "exit", "save", "q"):
                say(f"{label} saved; resume with {resume}")
                return False
            if not text.isprintable():  # an arrow or function key sends an escape sequence
                say(f"refused: {text!r} is a key, not an action; type a menu number or 'help'")
                continue
            if text in ("help", "?", "board"):
                say(HELP if text != "board" else render(state, p))
                continue
            legal = state.legal_actions()
            try:
                # a number from the menu, or the action's text
                action = menu_pick(legal, text) if text[0].isdigit() else game.parse_action(state, text)
            except GamewrightError as exc:
                say(f"refused: {exc}")
                continue
        action = state.listed_copy(action)  # another copy of a listed card is logged as the listed one
        try:
            events = state.apply(action)
        except RuleViolation as exc:
            say(f"refused: {exc}")
            continue
        actions.append(action.to_text())
        if not quiet:
            say(f"> P{p + 1}: {action.to_text()}")
            for e in events_for(events, viewer):
                say("  " + e.text)
        save(actions)
    return True

"""Rules goldens, OpenSpiel-playthrough style: seeded random play over every game and a few of its option sets.

Each step records the acting seat, the legal actions, the action chosen and every seat's view after it. Play is
random from a seeded stream (never a bot: a bot's tweak must not change a rules golden), and each action is
applied through its text form, so a golden also pins the parser. Files stay small: at most ``Case.steps``
steps, the views written in full once and then as the leaves that changed (``path = value``, ``- path`` for a
leaf gone), a seat whose changes equal seat 0's saying so.

Write the goldens (after a deliberate rules change, from the repository root):
``python -m gamewright.testing.playthrough --write`` (``--write NAME…`` for some); ``--check`` diffs them.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamewright.core.game import CHANCE, Game, load_game
from gamewright.core.rng import Rng

DIRECTORY = Path("tests") / "golden" / "playthroughs"  # relative to the repository root
WRITE_COMMAND = "python -m gamewright.testing.playthrough --write"


@dataclass(frozen=True)
class Case:
    """One golden: a game, its ruleset and options, the seed of the game and of the random play, a step cap."""

    game: str
    seed: int
    ruleset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    steps: int = 60

    def load(self) -> Game:
        kwargs: dict[str, Any] = {}
        if self.ruleset is not None:
            kwargs["ruleset"] = self.ruleset
        if self.options:
            kwargs["options"] = self.options
        return load_game(self.game, **kwargs)

    def title(self) -> str:
        parts = [self.game]
        if self.ruleset is not None:
            parts.append(f"ruleset={self.ruleset}")
        parts += [f"{k}={json.dumps(v)}" for k, v in sorted(self.options.items())]
        return " ".join([*parts, f"seed={self.seed}", f"steps<={self.steps}"])


# every built-in game, with 1–3 option sets each (a new game adds its own here, or through its manifest)
CASES: dict[str, Case] = {
    "prince_design": Case("prince", 2024, ruleset="design"),
    "prince_prototype": Case("prince", 2024, ruleset="prototype"),
    "inclinations_3_seats": Case("inclinations", 11, options={"players": 3}),
    "affinity_default": Case("affinity", 7, steps=40),
    "penance_1v1": Case("penance", 7),
    "penance_2v2_squads": Case("penance", 5, options={"decks": "confessor/confessor,ironclad/ironclad"}),
}


def flatten(value: Any, path: str = "") -> dict[str, str]:
    """Each leaf of a JSON value as ``{dotted path: compact JSON}``; an empty dict or list is a leaf."""
    if isinstance(value, dict) and value:
        out: dict[str, str] = {}
        for key in sorted(value, key=str):
            out.update(flatten(value[key], f"{path}.{key}" if path else str(key)))
        return out
    if isinstance(value, list) and value:
        out = {}
        for i, item in enumerate(value):
            out.update(flatten(item, f"{path}.{i}" if path else str(i)))
        return out
    return {path or ".": json.dumps(value, sort_keys=True, separators=(",", ":"))}


def changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The leaves that differ, in path order: ``path = value`` (new or changed) and ``- path`` (gone)."""
    out = []
    for path in sorted(before.keys() | after.keys()):
        if path not in after:
            out.append(f"- {path}")
        elif before.get(path) != after[path]:
            out.append(f"{path} = {after[path]}")
    return out


def _views(lines: list[str], game: Game, state: Any, previous: list[dict[str, str]] | None) -> list[dict[str, str]]:
    """Every seat's view: in full where ``previous`` is None, else the changes since; returns the views."""
    views = [flatten(state.view_for(seat)) for seat in range(game.num_players)]
    diffs = [changes(previous[seat] if previous else {}, view) for seat, view in enumerate(views)]
    for seat, diff in enumerate(diffs):
        word = "view" if previous is None else "changes"
        if seat > 0 and diff == diffs[0]:
            lines.append(f"  seat {seat} {word}: as seat 0")
            continue
        lines.append(f"  seat {seat} {word}: {len(diff) if diff else 'none'}")
        lines += [f"    {line}" for line in diff]
    return views


def _seat(player: int) -> str:
    return "chance" if player == CHANCE else f"seat {player}"


def render(case: Case) -> str:
    """The playthrough's text: deterministic from the case alone."""
    game = case.load()
    state = game.new_initial_state(case.seed)
    rng = Rng(f"playthrough/{case.seed}")  # the random play's own stream, apart from the game's
    lines = [f"# playthrough {case.title()}", f"# written by {WRITE_COMMAND}; random play, not bots", "initial"]
    views = _views(lines, game, state, None)
    step = 0
    while not state.is_terminal() and step < case.steps:
        legal = list(state.legal_actions())
        action = rng.choice(legal)
        text = action.to_text()
        lines.append(f"step {step} {_seat(state.current_player)}")
        lines.append(f"  legal {len(legal)}: " + " | ".join(a.to_text() for a in legal))
        lines.append(f"  action: {text}")
        state.apply(game.parse_action(state, text))  # through the text form: the golden pins the parser too
        views = _views(lines, game, state, views)
        step += 1
    if state.is_terminal():
        lines.append(f"end after {step} steps: returns {json.dumps(state.returns())}")
    else:
        lines.append(f"cut after {step} steps")
    return "\n".join(lines) + "\n"


def golden_path(name: str, directory: Path = DIRECTORY) -> Path:
    return directory / f"{name}.txt"


def diff(name: str, directory: Path = DIRECTORY, context_lines: int = 60) -> str | None:
    """None where the golden matches a fresh playthrough; else why not (a missing file, or a unified diff)."""
    path = golden_path(name, directory)
    if not path.exists():
        return f"{path} is missing: write it with `{WRITE_COMMAND} {name}` from the repository root"
    expected = path.read_text(encoding="utf-8")
    now = render(CASES[name])
    if now == expected:
        return None
    lines = list(difflib.unified_diff(expected.splitlines(True), now.splitlines(True), "golden", "now"))
    return (f"{path} differs from a fresh playthrough (if the rules changed on purpose, rewrite it with "
            f"`{WRITE_COMMAND} {name}`):\n" + "".join(lines[:context_lines]))


def write(names: Iterable[str], directory: Path = DIRECTORY) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in names:
        path = golden_path(name, directory)
        path.write_text(render(CASES[name]), encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamewright.testing.playthrough",
                                     description="Write or check the rules goldens (seeded random play).")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="write the goldens named (default: all)")
    mode.add_argument("--check", action="store_true", help="diff the goldens named (default: all)")
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"of {', '.join(CASES)}")
    parser.add_argument("--dir", type=Path, default=DIRECTORY, help=f"where the goldens live (default {DIRECTORY})")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in CASES]
    if unknown:
        parser.error(f"unknown playthrough {', '.join(unknown)}; known: {', '.join(CASES)}")
    names = args.names or list(CASES)
    if args.write:
        for path in write(names, args.dir):
            print(f"wrote {path}")
        return 0
    failed = [problem for problem in (diff(name, args.dir) for name in names) if problem]
    for problem in failed:
        print(problem, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

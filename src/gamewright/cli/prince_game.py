"""``gamewright prince play | turn | history``: runs from the terminal and what-if turns."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer
from rich.text import Text

from gamewright.cli.common import JSON_OPTION, console, err_console, print_json, read_json_file, whole_number
from gamewright.cli.prince_view import charts_view, opponent_line, prediction_table, render_event, render_turn
from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.game import Event
from gamewright.core.limits import check_seed
from gamewright.games.prince.options import SPEC
from gamewright.games.prince.tables import PLANETS


def _parse_options(pairs: list[str] | None) -> dict[str, Any] | None:
    """``-o crit=prototype -o encounters_per_run=5`` → validated overrides."""
    return SPEC.parse_assignments(pairs) if pairs else None


def _number(handle: Any) -> int:
    """The run's number among its Prince's runs (1 for the first)."""
    from gamewright.app.princes import run_history

    return int(next(r["number"] for r in run_history(handle.prince.id) if r["id"] == handle.run_id))


def _label(handle: Any) -> str:
    """``#3 (id 17)``: the run's number beside its id."""
    from gamewright.app.prince_runs import run_label

    return run_label(_number(handle), handle.run_id)


def _pick_run(text: str, runs: list[dict[str, Any]], name: str) -> dict[str, Any]:
    """``--run``: ``#3`` is the Prince's third run, ``id:17`` the run with id 17; a bare number is whichever of
    the two exists (refused when it names two different runs)."""
    from gamewright.core.errors import NotFound
    from gamewright.core.limits import ascii_int

    cleaned = text.strip()
    by_number = {r["number"]: r for r in runs}
    by_id = {r["id"]: r for r in runs}
    if cleaned.startswith("#"):
        found = by_number.get(ascii_int(cleaned[1:], "--run #NUMBER"))
    elif cleaned.lower().startswith("id:"):
        found = by_id.get(ascii_int(cleaned[3:], "--run id:ID"))
    else:
        n = ascii_int(cleaned, "--run (#NUMBER, id:ID or a number)")
        a, b = by_number.get(n), by_id.get(n)
        if a is not None and b is not None and a is not b:
            raise ConfigError(f"--run {n} is ambiguous: say #{n} (id {a['id']}) or id:{n} (#{b['number']})")
        found = a or b
    if found is None:
        raise NotFound(f"Prince {name!r} has no run {cleaned}; `prince history {name}` lists them")
    return found


def _play_loop(handle: Any, policy: Any, auto: str | None, json_out: bool, emit: Any) -> None:
    """Turn after turn until the run ends: the table (or a ``choose`` line), a choice, what happened."""
    from gamewright.app.prince_runs import play_turn

    state = handle.state
    shown = -1  # the encounter whose charts were last shown
    while not state.is_terminal():
        if not json_out and shown != state.encounter:
            console.print(charts_view(state))
            shown = state.encounter
        if json_out:
            choice = {"event": "choose", "opponent_planet": PLANETS[state.current]}
            predictions = state.predictions()
            previews = [state.preview(p["planet"]) for p in predictions]
            print_json({**choice, "predictions": predictions, "previews": previews})
        else:
            console.print(opponent_line(state))
            console.print(prediction_table(state))
        if policy is not None:
            action = policy.choose(state)
            if not json_out:
                console.print(Text(f"{auto} sends ").append(action.planet, style="bold").append("."))
        else:
            action = _ask(handle, json_out)
        emit(play_turn(handle, action))


def _ask(handle: Any, json_out: bool) -> Any:
    """Read planet names from stdin until one may be sent; a refusal changes nothing and asks again."""
    state = handle.state
    names = [PLANETS[i] for i in state.selectable()]
    while True:
        typer.echo(f"Send which planet? [{'/'.join(names)}]: ", nl=False, err=json_out)
        line = sys.stdin.readline() if sys.stdin is not None and not sys.stdin.closed else ""
        if not line:
            raise ConfigError(
                f"no more input: run {_label(handle)} is saved after {state.turns} turns; "
                f"`gamewright prince play {handle.prince.name}` resumes it"
            )
        try:
            action = handle.game.parse_action(state, line)
            problem = state.refusal(action.planet)
            if problem is not None:
                raise problem
            return action
        except RuleViolation as exc:
            if json_out:
                print_json({"event": "refused", **exc.to_json()})
            else:
                refusal = Text.assemble(("Refused:", "red"), f" {exc.message}; nothing changed")
                err_console.print(refusal, soft_wrap=True)


def _turn_help() -> str:
    """``prince turn --help``: the scenario format in words, with a complete example."""
    from rich.markup import escape

    from gamewright.games.prince.scenario import example_text

    return (
        "Resolve one what-if turn from a scenario and show what happened (or --json: the result object).\n\n"
        "A scenario is a JSON object. player_planet and opponent_planet (required) name the planets that meet. "
        "player and opponent are the two sides, each optional: signs (planet → sign; planets left out are in "
        "Taurus), sect (day or night; default night), affliction (planet → whole number 0–1000), combust "
        '(planets), exaltation_save_used (planets), carry (planet → number from -1 to 1, e.g. 0.25 or "1/3"; '
        "used under rounding=carry) and aspects (the active planet pairs; default: all active). rolls are "
        "uniform draws in [0, 1) used in order, the last repeating: your crit roll, the opponent's, then each "
        "combustion check (a draw below the chance is a crit or a combustion); give seed instead to draw them. "
        "ruleset is design (default) or prototype; options holds rule options (see RULINGS.md).\n\n"
        "A complete example (`gamewright prince turn --example` prints it):\n\n" + escape(example_text())
    )


def register(app: typer.Typer) -> None:
    """Add the game commands to the ``prince`` sub-app."""

    @app.command("play")
    def play_command(
        name: str = typer.Argument(..., help="The Prince's name."),
        ruleset: str | None = typer.Option(None, "--ruleset", help="design (default) or prototype."),
        seed: int | None = typer.Option(
            None, "--seed", help="Seed of a new run, 0 to 2^63-1 (default: a secret one, shown once the run is over).",
            parser=whole_number(0, 2**63 - 1, "--seed"),
        ),
        auto: str | None = typer.Option(None, "--auto", help="Play without a person: random or greedy."),
        json_out: bool = typer.Option(False, "--json", help="Stream every event as one JSON object per line."),
        option: list[str] | None = typer.Option(None, "--option", "-o", help="A rules option NAME=VALUE."),
        abandon: bool = typer.Option(False, "--abandon", help="Abandon the run in progress and start a new one."),
    ) -> None:
        """Play a run of a Prince (resumes the run in progress).

        Each encounter shows both charts and both aspect webs (yours active and latent). Each turn shows the
        opponent planet and, for every planet you may send, the polarity, amounts, crit chances, combustion risks,
        the chance that its aspects burn another of your planets and the expected score (the engine's exact
        preview); then what happened: direct amounts, crits, every propagation step, combustion rolls and the
        affliction of all fourteen planets. Ctrl-C leaves the run saved; play resumes it."""
        from gamewright.app.prince_runs import open_run
        from gamewright.games.prince.options import RULESETS
        from gamewright.games.prince.policies import make_policy

        if ruleset is not None and ruleset not in RULESETS:
            raise ConfigError(f"unknown ruleset {ruleset!r}; choose one of: {', '.join(RULESETS)}")
        if seed is not None:
            check_seed(seed, "--seed")
        policy = make_policy(auto, 0) if auto else None
        if policy is None and (sys.stdin is None or sys.stdin.closed):
            raise ConfigError("stdin is closed: nothing to read your planet choices from; pipe them in or use --auto")
        handle = open_run(name, ruleset, seed, _parse_options(option), abandon=abandon)
        state = handle.state
        if policy is not None and hasattr(policy, "rng"):
            policy.rng = policy.rng.split(f"{handle.run_id}/{state.seed}/{state.turns}")

        def emit(events: list[Event]) -> None:
            for event in events:
                if json_out:
                    print_json(event.to_json())
                else:
                    render_event(event)

        header = {
            "event": "run",
            "run_id": handle.run_id,
            "number": _number(handle),
            "prince": handle.prince.name,
            "ruleset": handle.game.rules.ruleset,
            "resumed": handle.resumed,
        }
        if json_out:
            print_json(header)
        else:
            verb = "Resuming" if handle.resumed else "Starting"
            line = Text(f"{verb} run {_label(handle)} of Prince ")
            console.print(line.append(handle.prince.name, style="bold").append(f" ({header['ruleset']})."))
        emit(handle.events if not handle.resumed else [e for e in handle.events if e.kind == "run_start"])
        try:
            _play_loop(handle, policy, auto, json_out, emit)
        except KeyboardInterrupt:
            # Ctrl-C: every finished turn is already stored (each in its own transaction)
            console.print()  # end the prompt's line
            err_console.print(
                Text(
                    f"interrupted: run {_label(handle)} is saved after its last finished turn; "
                    f"`gamewright prince play {handle.prince.name}` resumes it"
                ),
                soft_wrap=True,
            )
            raise typer.Exit(130) from None
        if not json_out:
            line = Text(f"Run {_label(handle)}: ")
            console.print(line.append(state.status, style="bold").append(f", Distance {state.distance}."))

    @app.command("turn", help=_turn_help())
    def turn_command(
        scenario: Path | None = typer.Argument(None, help="Scenario JSON file, or - for stdin."),
        json_out: bool = JSON_OPTION,
        example: bool = typer.Option(False, "--example", help="Print a complete, valid scenario and stop."),
    ) -> None:
        from gamewright.games.prince.scenario import example_text, run_scenario

        if example:
            sys.stdout.write(example_text() + "\n")
            return
        if scenario is None:
            raise ConfigError("give a scenario file (or - for stdin); `gamewright prince turn --example` prints one")
        try:
            data = read_json_file(scenario, "scenario")
        except UnicodeDecodeError:
            raise ConfigError(f"scenario file {str(scenario)!r} is not UTF-8 text") from None
        result = run_scenario(data)
        if json_out:
            print_json(result)
            return
        render_turn(result)

    @app.command("history")
    def history_command(
        name: str = typer.Argument(..., help="The Prince's name."),
        run: str | None = typer.Option(
            None,
            "--run",
            help="Show one run's turns (replayed from its seed): #3 for the Prince's third run, id:17 for the run "
            "with id 17 (a bare number is either, when only one of them exists).",
        ),
        json_out: bool = JSON_OPTION,
    ) -> None:
        """The Prince's runs (seed, ruleset, result, Distance), or one run's events with --run."""
        from gamewright.app.prince_runs import replay_run
        from gamewright.app.princes import get, run_history
        from gamewright.cli.prince_progress import runs_table

        record = get(name)
        runs = run_history(record.id)
        if run is None:
            if json_out:
                print_json({"prince": record.name, "runs": runs})
                return
            if not runs:
                console.print(Text(f"Prince {record.name} has no runs yet: `gamewright prince play {record.name}`."))
                return
            console.print(runs_table(runs, f"Runs of {record.name}", started=True))
            return
        picked = _pick_run(run, runs, record.name)
        events = replay_run(record, picked["id"])
        if json_out:
            doc = {"prince": record.name, "run": picked["id"], "number": picked["number"]}
            print_json({**doc, "events": [e.to_json() for e in events]})
            return
        for e in events:
            console.print(Text(e.text))


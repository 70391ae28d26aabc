"""``gamewright prince play | turn | history``: runs from the terminal and what-if turns."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import typer
from rich import box
from rich.console import Group, JustifyMethod
from rich.table import Table
from rich.text import Text

from gamewright.cli.common import JSON_OPTION, console, err_console, print_json, read_json_file
from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.game import Event
from gamewright.games.prince.options import SPEC
from gamewright.games.prince.tables import PLANETS, SIGN_ELEMENT, SIGN_MODALITY, SIGNS

POLARITY_STYLE = {"testimony": "green", "friction": "yellow", "affliction": "red"}


def _parse_options(pairs: list[str] | None) -> dict[str, Any] | None:
    """``-o crit=prototype -o encounters_per_run=5`` → validated overrides."""
    return SPEC.parse_assignments(pairs) if pairs else None


def _pct(x: float) -> str:
    value = 100 * x
    return f"{value:.0f}%" if abs(value - round(value)) < 0.05 else f"{value:.1f}%"


def _roll(roll: float) -> str:
    """A roll to three decimals, cut (not rounded) so that 0.9996 never reads as 1.000."""
    return f"{math.floor(roll * 1000) / 1000:.3f}"


def _opponent_line(state: Any) -> Text:
    o = state.current
    prof = state.opponent
    sign = prof.signs[o]
    text = Text()
    text.append(f"Encounter {state.encounter + 1}/{state.cfg.encounters_per_run}, turn {state.turn + 1}", style="bold")
    if not state.cfg.prebuilt:
        text.append(f" of {state.length}")
    text.append(" · Distance so far ")
    text.append(str(state.distance), style="bold")
    text.append("\nOpponent sends ")
    text.append(PLANETS[o], style="bold red")
    text.append(
        f" in {SIGNS[sign]} ({SIGN_ELEMENT[sign]}, {SIGN_MODALITY[sign]}, {prof.dignities[o]}),"
        f" affliction {state.os.affliction[o]}"
    )
    return text


def _risk(chance: dict[str, Any] | None, save_ready: bool) -> str:
    return f"{_pct(chance['float'] if chance else 0.0)}{' ex' if save_ready else ''}"


def _prediction_table(state: Any) -> Table:
    """One row per planet you may send: the matchup (``predictions``) and its odds (``preview``)."""
    table = Table(
        title="Your planets against it",
        title_justify="left",
        caption="Deal/Take: applied without/with a crit (− heals) · Crit: chance yours/theirs · "
        "Risk: the sent planet combusts, yours/theirs (ex: exaltation save ready) · "
        "Spread: any of your other planets combusts through the sent planet's aspects · Score: expected",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 1, 0, 0),  # one space between columns keeps the table inside 80 columns
    )
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Planet", "left"),
        ("Aff", "right"),
        ("Polarity", "left"),
        ("Deal", "right"),
        ("Take", "right"),
        ("Crit", "right"),
        ("Risk", "right"),
        ("Spread", "right"),
        ("Score", "right"),
    )
    for col, justify in columns:
        table.add_column(col, justify=justify, overflow="fold")  # wrap, never cut
    o = state.current
    their_save = state.opponent.dignities[o] == "exaltation" and not state.os.save_used[o]
    for p in state.predictions():
        i = PLANETS.index(p["planet"])
        odds = state.preview(p["planet"])
        out, inc = p["outgoing"], p["incoming"]
        sign = "−" if p["polarity"] == "testimony" else "+"
        saves = state.player.dignities[i] == "exaltation" and not state.ps.save_used[i]
        crit = odds["crit_chance"]
        table.add_row(
            p["planet"],
            str(state.ps.affliction[i]),
            Text(p["polarity"], style=POLARITY_STYLE[p["polarity"]]),
            f"{sign}{out['applied']}/{sign}{out['crit_applied']}",
            f"{sign}{inc['applied']}/{sign}{inc['crit_applied']}",
            f"{_pct(crit['player']['float'])}/{_pct(crit['opponent']['float'])}",
            f"{_risk(odds['combustion']['player'].get(p['planet']), saves)}/"
            f"{_risk(odds['combustion']['opponent'].get(PLANETS[o]), their_save)}",
            _pct(odds["propagation_risk"]["float"]),
            f"{odds['expected_score']['float']:.1f}",
        )
    return table


def _aspect_line(label: str, aspects: list[dict[str, Any]]) -> Text:
    text = Text(f"{label}: ", style="bold")
    if not aspects:
        return text.append("none", style="dim")
    for n, a in enumerate(aspects):
        text.append(" · " if n else "")
        text.append(f"{'–'.join(a['planets'])} {a['aspect']}", style="green" if a["active"] else "dim")
    return text


def _charts_view(state: Any) -> Group:
    """Both charts side by side (signs and dignities) and both aspect webs: yours active and latent (000 §12),
    the opponent's all active (ref §2)."""
    from gamewright.games.prince.progression import aspect_web

    table = Table(title="The charts", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("Planet", "Your sign", "Dignity", "Their sign", "Dignity"):
        table.add_column(col)
    mine, theirs = state.player, state.opponent
    for i, planet in enumerate(PLANETS):
        locked = not state.unlocked[i]
        table.add_row(
            Text(planet + (" (locked)" if locked else ""), style="dim" if locked else ""),
            SIGNS[mine.signs[i]],
            mine.dignities[i],
            SIGNS[theirs.signs[i]],
            theirs.dignities[i],
        )
    web = aspect_web(mine, state.ps.active)
    open_ = {p for p, u in zip(PLANETS, state.unlocked, strict=True) if u}
    web = [a for a in web if set(a["planets"]) <= open_]  # aspects of locked planets are not in play yet
    return Group(
        table,
        _aspect_line("Your active aspects (they propagate)", [a for a in web if a["active"]]),
        _aspect_line("Your latent aspects (send both planets in one encounter)", [a for a in web if not a["active"]]),
        _aspect_line("Opponent's aspects (all active)", aspect_web(theirs, state.os.active)),
    )


def _affliction_table(data: dict[str, Any]) -> Table:
    """The affliction of all fourteen planets right after the turn (from the turn event, not the live state,
    which may already be in the next encounter)."""
    table = Table(title="Affliction after the turn", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("")
    for p in PLANETS:
        table.add_column(p, justify="right")
    unlocked = set(data.get("unlocked", PLANETS))
    for label, side, open_ in (("You", "player", unlocked), ("Opponent", "opponent", set(PLANETS))):
        after = data["after"][side]
        cells: list[Any] = []
        for p in PLANETS:
            if p not in open_:
                cells.append(Text("locked", style="dim"))
            elif p in after["combust"]:
                cells.append(Text(f"{after['affliction'][p]} combust", style="bold red"))
            else:
                cells.append(str(after["affliction"][p]))
        table.add_row(label, *cells)
    return table


def _render_turn(data: dict[str, Any]) -> None:
    """What a turn did (a played turn or a what-if): crits, direct amounts, every propagation step, every
    combustion roll, the affliction of all fourteen planets and the turn's score."""
    d, crits = data["direct"], data["crits"]
    head = Text()
    head.append(f"{d['player']['planet']} meets {d['opponent']['planet']}: ", style="bold")
    head.append(data["polarity"], style=POLARITY_STYLE[data["polarity"]])
    console.print(head)
    rolls = " · ".join(
        f"{who} {_pct(data['crit_chances'][side])}, roll {_roll(data['crit_rolls'][side])} → "
        f"{'CRIT' if crits[side] else 'no crit'}"
        for side, who in (("player", "yours"), ("opponent", "theirs"))
    )
    console.print(Text(f"Crit rolls: {rolls}", style="bold magenta" if any(crits.values()) else ""))
    steps = Table(box=box.SIMPLE_HEAD, title="What happened", title_justify="left")
    for col in ("Side", "Step", "Planet", "Exact", "Change"):
        steps.add_column(col)
    for side, other, label in (("player", "opponent", "you"), ("opponent", "player", "opponent")):
        crit = " (crit)" if crits[other] else ""
        step = f"direct from {d[other]['planet']}{crit}"
        steps.add_row(label, step, d[side]["planet"], d[side]["amount"], f"{d[side]['delta']:+d}")
    for s in data["propagation"]:
        label = "you" if s["side"] == "player" else "opponent"
        steps.add_row(
            label, f"{s['aspect']} from {s['from']} ({s['polarity']})", s["to"], s["amount"], f"{s['delta']:+d}"
        )
    console.print(steps)
    for c in data["combustion_checks"]:
        who = "Your" if c["side"] == "player" else "Opponent's"
        outcome = "COMBUSTS" if c["combusted"] else ("saved by exaltation" if c["saved"] else "holds")
        style = "bold red" if c["combusted"] else ("bold yellow" if c["saved"] else "")
        console.print(
            Text(
                f"Combustion check: {who} {c['planet']} {c['affliction']}/{c['threshold']} {c['dignity']}: "
                f"P {_pct(c['probability'])}, roll {_roll(c['roll'])} → {outcome}",
                style=style,
            )
        )
    console.print(_affliction_table(data))
    score = data["score"]
    console.print(f"Score: affliction {score['affliction']} + testimony {score['testimony']} = {score['turn']}")


def _render_event(event: Event) -> None:
    if event.kind == "turn":
        _render_turn(event.data)
    elif event.kind in ("encounter_start", "run_end", "encounter_end"):
        console.rule(event.text)
    elif event.kind in ("aspect_activated", "houses_illuminated", "planet_unlocked", "joy_achieved"):
        console.print(Text(event.text, style="cyan"))
    elif event.kind == "run_start":
        console.print(Text(event.text, style="bold"))


def _ask(handle: Any, json_out: bool) -> Any:
    """Read planet names from stdin until one may be sent; a refusal changes nothing and asks again."""
    state = handle.state
    names = [PLANETS[i] for i in state.selectable()]
    while True:
        typer.echo(f"Send which planet? [{'/'.join(names)}]: ", nl=False, err=json_out)
        line = sys.stdin.readline() if sys.stdin is not None and not sys.stdin.closed else ""
        if not line:
            raise ConfigError(
                f"no more input: run #{handle.run_id} is saved after {state.turns} turns; "
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


def register(app: typer.Typer) -> None:
    """Add the game commands to the ``prince`` sub-app."""

    @app.command("play")
    def play_command(
        name: str = typer.Argument(..., help="The Prince's name."),
        ruleset: str | None = typer.Option(None, "--ruleset", help="design (default) or prototype."),
        seed: int | None = typer.Option(None, "--seed", help="Seed of a new run (default: one per run)."),
        auto: str | None = typer.Option(None, "--auto", help="Play without a person: random or greedy."),
        json_out: bool = typer.Option(False, "--json", help="Stream every event as one JSON object per line."),
        option: list[str] | None = typer.Option(None, "--option", "-o", help="A rules option NAME=VALUE."),
        abandon: bool = typer.Option(False, "--abandon", help="Abandon the run in progress and start a new one."),
    ) -> None:
        """Play a run of a Prince (resumes the run in progress).

        Each turn shows the opponent planet and, for every planet you may send, the predicted polarity, amounts,
        crit chances and combustion risks; then what happened: direct amounts, crits, every propagation step,
        combustion rolls and the affliction of all fourteen planets."""
        from gamewright.games.prince.options import RULESETS
        from gamewright.games.prince.policies import make_policy
        from gamewright.games.prince.run import open_run, play_turn

        if ruleset is not None and ruleset not in RULESETS:
            raise ConfigError(f"unknown ruleset {ruleset!r}; choose one of: {', '.join(RULESETS)}")
        if seed is not None and not -(2**63) <= seed < 2**63:
            raise ConfigError(f"--seed {seed} is out of range: use a whole number of at most 63 bits")
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
                    _render_event(event)

        header = {
            "event": "run",
            "run_id": handle.run_id,
            "prince": handle.prince.name,
            "ruleset": handle.game.rules.ruleset,
            "resumed": handle.resumed,
        }
        if json_out:
            print_json(header)
        else:
            verb = "Resuming" if handle.resumed else "Starting"
            console.print(Text.assemble(
                f"{verb} run #{handle.run_id} of Prince ", (handle.prince.name, "bold"),
                f" ({header['ruleset']}).",
            ))
        emit(handle.events if not handle.resumed else [e for e in handle.events if e.kind == "run_start"])
        shown = -1  # the encounter whose charts were last shown
        while not state.is_terminal():
            if not json_out and shown != state.encounter:
                console.print(_charts_view(state))
                shown = state.encounter
            if json_out:
                choice = {"event": "choose", "opponent_planet": PLANETS[state.current]}
                predictions = state.predictions()
                previews = [state.preview(p["planet"]) for p in predictions]
                print_json({**choice, "predictions": predictions, "previews": previews})
            else:
                console.print(_opponent_line(state))
                console.print(_prediction_table(state))
            if policy is not None:
                action = policy.choose(state)
                if not json_out:
                    console.print(Text.assemble(f"{auto} sends ", (action.planet, "bold"), "."))
            else:
                action = _ask(handle, json_out)
            emit(play_turn(handle, action))
        if not json_out:
            end = Text.assemble(f"Run #{handle.run_id}: ", (state.status, "bold"), f", Distance {state.distance}.")
            console.print(end)

    @app.command("turn")
    def turn_command(
        scenario: Path = typer.Argument(..., help="Scenario JSON file, or - for stdin."),
        json_out: bool = JSON_OPTION,
    ) -> None:
        """Resolve one what-if turn from a scenario (signs, sect, affliction, combust, saves, carry, rolls)."""
        from gamewright.games.prince.scenario import run_scenario

        try:
            data = read_json_file(scenario, "scenario")
        except UnicodeDecodeError:
            raise ConfigError(f"scenario file {str(scenario)!r} is not UTF-8 text") from None
        result = run_scenario(data)
        if json_out:
            print_json(result)
            return
        _render_turn(result)

    @app.command("history")
    def history_command(
        name: str = typer.Argument(..., help="The Prince's name."),
        run: int | None = typer.Option(None, "--run", help="Show one run's turns (replayed from its seed)."),
        json_out: bool = JSON_OPTION,
    ) -> None:
        """The Prince's runs (seed, ruleset, result, Distance), or one run's events with --run."""
        from gamewright.games.prince import registry
        from gamewright.games.prince.progression import run_history, runs_table

        record = registry.get(name)
        runs = run_history(record.id)
        if run is None:
            if json_out:
                print_json({"prince": record.name, "runs": runs})
                return
            if not runs:
                console.print(f"Prince {record.name} has no runs yet: `gamewright prince play {record.name}`.")
                return
            console.print(runs_table(runs, f"Runs of {record.name}", started=True))
            return
        events = _replay_run(record, run, runs)
        if json_out:
            print_json({"prince": record.name, "run": run, "events": [e.to_json() for e in events]})
            return
        for e in events:
            console.print(e.text)


def _replay_run(record: Any, run_id: int, runs: list[dict[str, Any]]) -> list[Event]:
    from sqlalchemy import select

    from gamewright.core.errors import NotFound
    from gamewright.games.prince.game import PrinceGame
    from gamewright.games.prince.progression import Progress
    from gamewright.games.prince.resolve import profile_from_chart
    from gamewright.store.db import session_scope
    from gamewright.store.models import PrinceRun

    if run_id not in {r["id"] for r in runs}:
        raise NotFound(f"Prince {record.name!r} has no run #{run_id}; `prince history {record.name}` lists them")
    with session_scope() as session:
        row = session.scalars(select(PrinceRun).where(PrinceRun.id == run_id)).one()
        seed, ruleset, options, actions = row.seed, row.ruleset, dict(row.options or {}), list(row.actions or [])
    # Unlocks depend on the progress the run started from, which is kept with the Prince's progress.
    start = Progress.from_json(_start_progress(record.id, run_id))
    game = PrinceGame(ruleset, options, player=profile_from_chart(record.chart), progress=start)
    state, events = game.start(seed)
    for text in actions:
        events += state.apply(game.parse_action(state, text))
    return events


def _start_progress(prince_id: int, run_id: int) -> dict[str, Any] | None:
    from gamewright.games.prince.progression import load_data
    from gamewright.store.db import session_scope

    with session_scope() as session:
        data = load_data(session, prince_id)
    return (data.get("run_starts") or {}).get(str(run_id))

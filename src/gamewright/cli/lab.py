"""``gamewright lab``: seeded batches, paired A/B comparisons and parameter sweeps over any game, on every core
or a Ray cluster, each stored with its configuration so that it can be reported on and re-run exactly."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.table import Table
from typer.core import TyperCommand, TyperOption

from gamewright.cli.common import JSON_OPTION, RULE_OPTION, console, err_console, print_json, whole_number
from gamewright.cli.common import sub_app as _sub_app
from gamewright.core.errors import ConfigError
from gamewright.core.game import registered_games
from gamewright.core.limits import bounded, check_seed

app = _sub_app("lab", "The lab: simulate, compare rule variants, sweep parameters and rank agents over seeded "
                      "batches of any game.")


MAX_GAMES = 10_000_000  # per configuration: every game's record is kept in memory until the run is merged


def _every_agent() -> str:
    from gamewright.agents.registry import agent_names

    names: list[str] = []
    for game in sorted(registered_games()):
        names += [n for n in agent_names(game) if n not in names]
    return ", ".join(names)


AGENTS_HELP = ("Comma-separated agents, one per seat (default: random in every seat). "
               "`gamewright lab agents GAME` lists a game's.")
AGENTS_OPTION = typer.Option("", "--agents", help=AGENTS_HELP)


class ListsAgents(TyperCommand):
    """A command whose --help names every agent, looked up only when help is asked for (importing every
    game's bots would slow every other command's start)."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        for param in self.params:
            if param.name == "agents" and isinstance(param, TyperOption):
                param.help = f"{AGENTS_HELP} Agents: {_every_agent()}."
        super().format_help(ctx, formatter)


GAMES_OPTION = typer.Option(100, "--games", "-n", help="Games per configuration (seeds SEED … SEED+N-1).")
SEED_OPTION = typer.Option(0, "--seed", help="First seed; game i of every configuration uses seed SEED+i.",
                           parser=whole_number(0, 2**63 - 1, "--seed"))
WORKERS_OPTION = typer.Option(None, "--workers", help="Processes to spread the games over (default: every core "
                              "this process may use). The results are identical for any number.")
RAY_OPTION = typer.Option(None, "--ray", help="Run the games as Ray tasks: `auto` (the running cluster), a cluster "
                          "address such as ray://head:10001, or `local` (start one here). Needs gamewright[ray].")
REPORT_OPTION = typer.Option(None, "--report", help="Also write a self-contained HTML report to this file.")
QUESTION_OPTION = typer.Option(None, "--question", help="The question this run answers (shown in the report).")
RULESET_OPTION = typer.Option(None, "--ruleset", help="Ruleset name, where the game has several.")
ENGINE_OPTION = typer.Option("scalar", "--engine", help="scalar (the game's engine, one game at a time) or batch "
                             "(prince only: many runs at once as arrays, random or greedy agent; validated "
                             "statistically against scalar). Recorded with the run.")


@app.command("games")
def games_command(json_out: bool = JSON_OPTION) -> None:
    """List the games the lab can run."""
    names = sorted(registered_games())
    if json_out:
        print_json({"games": names})
    else:
        for name in names:
            console.print(name)


@app.command("agents")
def agents_command(game: str = typer.Argument(..., help="Game name."), json_out: bool = JSON_OPTION) -> None:
    """List the agents a game's seats may take: the generic ones, then the game's own bots."""
    from gamewright.agents.registry import agent_names, game_bot_names

    _check_game(game)
    names = agent_names(game)
    if json_out:
        print_json({"game": game, "agents": names, "bots": game_bot_names(game)})
        return
    for name in names:
        console.print(name, highlight=False)


def _check_game(game: str) -> None:
    from gamewright.core.game import load_game

    load_game(game)  # NotFound names the known games


def _options(game: str, pairs: list[str]) -> dict[str, Any]:
    """``--option NAME=VALUE`` pairs, each read by the game's option of that name (its type, its choices)."""
    if not pairs:
        return {}
    from gamewright.core.manifest import manifest_for

    return manifest_for(game).parse_options(pairs)


def _rules(game: str) -> Any:
    from gamewright.core.manifest import manifest_for

    return manifest_for(game).rules_spec()


def _agents(text: str) -> list[str]:
    names = [a.strip() for a in text.split(",")] if text.strip() else []
    if any(not n for n in names):
        raise ConfigError(f"--agents takes comma-separated agent names, one per seat (got {text!r})")
    return names


@contextmanager
def progress_bar(total: int, enabled: bool) -> Iterator[Any]:
    """A progress bar with an ETA on stderr (a terminal only); the callback advances it by the games a chunk
    finished."""
    if not enabled or not err_console.is_terminal:
        yield None
        return
    # imported only when a bar is shown: a piped or --json run does not pay for it at start-up
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("eta"),
               TimeRemainingColumn())
    with Progress(*columns, console=err_console, transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda n: bar.advance(task, n)


def _execute(request: dict[str, Any], workers: int | None, ray: str | None, json_out: bool | None,
             report: Path | None) -> dict[str, Any]:
    """Validate, run with a progress bar, store in history, write the report, print (JSON, tables, or nothing
    when ``json_out`` is None); the result."""
    from gamewright.lab import experiments, history
    from gamewright.lab.runner import default_workers
    from gamewright.store.lab_runs import get_run

    bounded(request["games"], 1, MAX_GAMES, "--games")
    check_seed(request["seed"], "--seed")
    check_seed(request["seed"] + request["games"] - 1, "--seed + --games - 1 (the last seed)")
    if workers is not None:
        bounded(workers, 1, 1024, "--workers")
    found, _ = experiments.batches(request)  # every mistake is reported before anything runs
    total = sum(b.games for b in found)
    start = time.perf_counter()
    with progress_bar(total, enabled=json_out is False) as advance:
        result = experiments.run(request, workers, ray, advance)
    seconds = time.perf_counter() - start
    used = workers or default_workers()
    run_id = history.save_run(request, result, used, f"ray:{ray}" if ray else "local", seconds)
    if report is not None:
        _write_report(result, get_run(run_id), report)
    if json_out:
        print_json(result)
    elif json_out is False:
        show_result(result)
        err_console.print(f"stored as lab run {run_id} ({total} games in {seconds:.1f} s on {used} workers)",
                          highlight=False)
    return result


def _write_report(result: dict[str, Any], stored: dict[str, Any] | None, path: Path) -> None:
    from gamewright.lab.report import render

    try:
        Path(path).write_text(render(result, stored), encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot write the report to {str(path)!r}: {exc.strerror}") from exc


@app.command("simulate", cls=ListsAgents)
def simulate_command(
    game: str = typer.Argument(..., help="Game name (see `gamewright lab games`)."),
    games: int = GAMES_OPTION,
    seed: int = SEED_OPTION,
    agents: str = AGENTS_OPTION,
    ruleset: str = RULESET_OPTION,
    option: list[str] = RULE_OPTION,
    workers: int = WORKERS_OPTION,
    ray: str = RAY_OPTION,
    report: Path = REPORT_OPTION,
    question: str = QUESTION_OPTION,
    engine: str = ENGINE_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Play GAMES seeded games and summarise win rates (95% intervals), game length and the game's metrics."""
    request = {"kind": "simulate", "game": game, "games": games, "seed": seed, "agents": _agents(agents),
               "ruleset": ruleset, "options": _options(game, option), "question": question,
               "engine": engine.strip()}
    _execute(request, workers, ray, json_out, report)


@app.command("compare", cls=ListsAgents)
def compare_command(
    game: str = typer.Argument(..., help="Game name (see `gamewright lab games`)."),
    a: list[str] = typer.Option([], "--a", help="Variant A: one NAME=VALUE per flag (repeatable); ruleset=NAME too."),
    b: list[str] = typer.Option([], "--b", help="Variant B: one NAME=VALUE per flag (repeatable); ruleset=NAME too."),
    games: int = GAMES_OPTION,
    seed: int = SEED_OPTION,
    agents: str = AGENTS_OPTION,
    ruleset: str = RULESET_OPTION,
    option: list[str] = RULE_OPTION,
    workers: int = WORKERS_OPTION,
    ray: str = RAY_OPTION,
    report: Path = REPORT_OPTION,
    question: str = QUESTION_OPTION,
    engine: str = ENGINE_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Paired A/B: both variants play the same seeds; per-seat win rates, the paired difference B − A with its
    95% interval and an exact McNemar test, game length and the game's metrics. --option sets both sides."""
    from gamewright.lab.experiments import variant

    base = _options(game, option)
    spec = _rules(game) if a or b else None
    request = {"kind": "compare", "game": game, "games": games, "seed": seed, "agents": _agents(agents),
               "a": variant(a, base, ruleset, spec), "b": variant(b, base, ruleset, spec), "question": question,
               "engine": engine.strip()}
    _execute(request, workers, ray, json_out, report)


@app.command("sweep", cls=ListsAgents)
def sweep_command(
    game: str = typer.Argument(..., help="Game name (see `gamewright lab games`)."),
    param: str = typer.Option(..., "--param", help="The option to vary (or `ruleset`)."),
    values: str = typer.Option(..., "--values", help="Comma-separated values, e.g. 1,2,3."),
    games: int = GAMES_OPTION,
    seed: int = SEED_OPTION,
    agents: str = AGENTS_OPTION,
    ruleset: str = RULESET_OPTION,
    option: list[str] = RULE_OPTION,
    workers: int = WORKERS_OPTION,
    ray: str = RAY_OPTION,
    report: Path = REPORT_OPTION,
    question: str = QUESTION_OPTION,
    engine: str = ENGINE_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """One row per value of an option, every value on the same seeds; the report plots each metric against it."""
    from gamewright.lab.experiments import parse_values

    name = param.strip()
    request = {"kind": "sweep", "game": game, "games": games, "seed": seed, "agents": _agents(agents),
               "ruleset": ruleset, "options": _options(game, option), "param": name,
               "values": parse_values(values, None if name == "ruleset" else _rules(game).option(name)),
               "question": question, "engine": engine.strip()}
    _execute(request, workers, ray, json_out, report)


@app.command("ladder", cls=ListsAgents)
def ladder_command(
    game: str = typer.Argument(..., help="Game name (see `gamewright lab games`); a two-seat table."),
    agents: str = typer.Option(..., "--agents", help="Two or more agents, comma-separated; every pair plays."),
    games: int = typer.Option(100, "--games", "-n", help="Games per pair (seeds SEED … SEED+N-1, seats "
                                                         "alternated)."),
    seed: int = SEED_OPTION,
    ruleset: str = RULESET_OPTION,
    option: list[str] = RULE_OPTION,
    workers: int = WORKERS_OPTION,
    ray: str = RAY_OPTION,
    report: Path = REPORT_OPTION,
    question: str = QUESTION_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Round-robin: every pair of agents plays the same seeded games, seats alternated; openskill ratings with
    intervals and the pairwise wins with 95% intervals. --json: {"game", "games_per_pair", "ratings", "pairs"}."""
    request = {"kind": "ladder", "game": game, "games": games, "seed": seed, "agents": _agents(agents),
               "ruleset": ruleset, "options": _options(game, option),
               "question": question or f"How do {', '.join(_agents(agents))} rank at {game}?"}
    _execute(request, workers, ray, json_out, report)


@app.command("runs")
def runs_command(
    game: str = typer.Option(None, "--game", help="Only this game's runs."),
    limit: int = typer.Option(50, "--limit", min=1, max=10_000, help="How many of the latest runs."),
    json_out: bool = JSON_OPTION,
) -> None:
    """The stored lab runs, latest first."""
    from gamewright.store.lab_runs import list_runs

    rows = list_runs(game, limit)
    if json_out:
        print_json({"runs": rows})
        return
    table = Table(title="lab runs")
    for column in ("id", "when", "kind", "game", "games", "seed", "question"):
        table.add_column(column)
    for r in rows:
        table.add_row(str(r["id"]), r["created_at"], r["kind"], r["game"], str(r["games"]), str(r["seed"]),
                      r["question"])
    console.print(table)


@app.command("show")
def show_command(run_id: int = typer.Argument(..., help="Run id (see `gamewright lab runs`)."),
                 json_out: bool = JSON_OPTION) -> None:
    """A stored run: its configuration, code version and results."""
    from gamewright.store.lab_runs import get_run

    row = get_run(run_id)
    if json_out:
        print_json(row)
        return
    console.print(f"lab run {row['id']} · {row['created_at']} · code {row['code_version']} · "
                  f"{row['workers']} workers ({row['runner']}) · {row['seconds']:.1f} s", highlight=False)
    show_result(row["result"])


@app.command("report")
def report_command(run_id: int = typer.Argument(..., help="Run id (see `gamewright lab runs`)."),
                   out: Path = typer.Option(..., "--out", help="The HTML file to write.")) -> None:
    """Write a stored run's self-contained HTML report."""
    from gamewright.store.lab_runs import get_run

    row = get_run(run_id)
    _write_report(row["result"], row, out)
    console.print(f"wrote {out}", highlight=False)


@app.command("rerun")
def rerun_command(
    run_id: int = typer.Argument(..., help="Run id (see `gamewright lab runs`)."),
    workers: int = WORKERS_OPTION,
    ray: str = RAY_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Run a stored configuration again (stored as a new run) and say whether the results are identical."""
    from gamewright.cli.common import dumps
    from gamewright.store.lab_runs import get_run

    row = get_run(run_id)
    result = _execute(row["request"], workers, ray, None, None)
    same = dumps(result) == dumps(row["result"])
    if json_out:
        print_json({"id": run_id, "identical": same, "code_version": row["code_version"]})
    else:
        verdict = "identical to" if same else "DIFFERENT from"
        console.print(f"re-ran lab run {run_id}: results {verdict} the stored ones", highlight=False)
    if not same:
        raise typer.Exit(1)


@app.command("train")
def train_command(
    game: str = typer.Argument(..., help="Game name: prince (one seat) or a two-seat game such as penance."),
    algo: str = typer.Option("ppo", "--algo", help="ppo (clipped surrogate, several epochs per rollout) or a2c."),
    minutes: float = typer.Option(10.0, "--minutes", help="Wall minutes of training (checkpoints every minute)."),
    steps: int = typer.Option(None, "--steps", help="Stop after this many learner decisions (whichever comes "
                              "first with --minutes).", parser=whole_number(1, 10**12, "--steps")),
    seed: int = SEED_OPTION,
    out: Path = typer.Option(..., "--out", help="Directory for the checkpoint (policy.npz, policy.json) and "
                             "eval.json; play it with the agent policy:DIR."),
    against: str = typer.Option("", "--against", help="Agents to evaluate against, comma-separated (default: the "
                                "game's random agent); also the other seat's agent while training."),
    eval_games: int = typer.Option(400, "--eval-games", help="Evaluation games per agent (seeds from "
                                   "--eval-seed; seats alternated in a two-seat game).",
                                   parser=whole_number(0, MAX_GAMES, "--eval-games")),
    eval_seed: int = typer.Option(1_000_000, "--eval-seed", help="First evaluation seed (apart from training's).",
                                  parser=whole_number(0, 2**63 - 1, "--eval-seed")),
    envs: int = typer.Option(None, "--envs", help="Games stepped side by side (default: the game's).",
                             parser=whole_number(1, 4096, "--envs")),
    ruleset: str = RULESET_OPTION,
    option: list[str] = RULE_OPTION,
    workers: int = WORKERS_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Train a masked policy (JAX on CPU; needs `pip install 'gamewright[train]'`), checkpoint it to --out, then
    evaluate it against --against with the lab's paired statistics; writes OUT/eval.json."""
    import json

    from gamewright.lab.train import config_for, require_train_extra, train
    from gamewright.lab.train_eval import default_opponents, evaluate

    opponents = _agents(against) if against.strip() else []
    config = config_for(game, algo=algo, minutes=minutes, steps=steps, seed=seed, ruleset=ruleset,
                        options=_options(game, option), envs=envs, opponents=tuple(opponents) or None)
    from gamewright.lab.train import check

    check(config)
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out must be a directory (a file is at {str(out)[:200]!r})")
    require_train_extra()
    opponents = opponents or default_opponents(game)
    from gamewright.agents.registry import make_agent

    for name in opponents:
        make_agent(game, name, 0)  # an unknown agent is refused before the training, not after it

    def progress(point: dict[str, Any]) -> None:
        if not json_out:
            err_console.print(f"{point['seconds']:>7.1f} s  {point['steps']:>9} steps  {point['episodes']:>6} "
                              f"games  mean return (last 100) {point['mean_return_last_100']}", highlight=False)

    meta = train(config, out, progress)
    result: dict[str, Any] = {"train": {k: meta[k] for k in ("game", "algo", "seed", "steps", "episodes",
                                                              "wall_seconds", "cpu_seconds")}}
    if eval_games:
        result["eval"] = evaluate(game, str(out), opponents, eval_games, eval_seed, workers, config.ruleset,
                                  dict(config.options))
        (out / "eval.json").write_text(json.dumps({**result["eval"], "train": result["train"]}, indent=2,
                                                  sort_keys=True) + "\n", encoding="utf-8")
    if json_out:
        print_json(result)
        return
    t = result["train"]
    console.print(f"trained {t['algo']} on {t['game']}: {t['steps']} decisions, {t['episodes']} games, "
                  f"{t['wall_seconds']:.0f} s wall, {t['cpu_seconds']:.0f} s CPU; checkpoint in {out}",
                  highlight=False)
    if "eval" in result:
        _show_training_eval(result["eval"])


def _show_training_eval(result: dict[str, Any]) -> None:
    table = Table(title=f"policy v agents at {result['game']}: {result['games']} games each from seed "
                        f"{result['seed']}")
    for column in ("against", "measure", "policy", "agent", "policy − agent [95%]"):
        table.add_column(column)
    for row in result["rows"]:
        if row["seats_alternated"]:
            w, p = row["win_rate"], row["paired"]["wins"]
            table.add_row(row["against"], "win rate (seats alternated)",
                          f"{w['rate']:.1%} [{w['low95']:.1%}, {w['high95']:.1%}]", "",
                          f"{p['delta']:+.1%} [{p['low95']:+.1%}, {p['high95']:+.1%}]")
        for name, d in row.get("paired", {}).items() if not row["seats_alternated"] else ():
            means = row["means"][name]
            table.add_row(row["against"], f"mean {name}", f"{means['policy']:.1f}", f"{means['against']:.1f}",
                          f"{d['delta']:+.1f} [{d['low95']:+.1f}, {d['high95']:+.1f}]")
    console.print(table)


# --- text output -----------------------------------------------------------------------------------------
def _seat(seat: int) -> str:
    from gamewright.lab.analysis import seat_label

    return seat_label(seat)


def _rate(row: dict[str, Any]) -> str:
    return f"{row['rate']:.1%} [{row['low95']:.1%}–{row['high95']:.1%}]"


def _win_delta(d: dict[str, Any]) -> str:
    return f"{d['delta']:+.1%} [{d['low95']:+.1%}, {d['high95']:+.1%}]"


def _length(side: dict[str, Any]) -> str:
    ln = side["length"]
    return (f"{ln['mean']:.1f} {side.get('length_unit', 'actions')} (median {ln['median']:g}, "
            f"p10 {ln['p10']:g}, p90 {ln['p90']:g})")


def _paired_length(d: dict[str, Any], unit: str) -> str:
    return (f"{d['delta']:+.3g} {unit} [{d['low95']:+.3g}, {d['high95']:+.3g}], p = {d['p']:.3g} "
            f"(longer in {d['longer']}, shorter in {d['shorter']}, the same in {d['same']} games)")


def _headline(metrics: dict[str, Any]) -> str:
    parts = [f"{name} {p['value']:.3g} [{p['low95']:.3g}–{p['high95']:.3g}]"
             for name, p in metrics.get("headline", {}).items()]
    return "; ".join(parts)


def _outcomes(side: dict[str, Any]) -> str:
    """Draws for a game of several seats; a solo game's runs are won or lost (issue 22 item 9)."""
    if len(side["win_rates"]) == 1:
        from gamewright.lab.report import solo_losses

        return f"won {side['win_rates'][0]['wins']}, lost {solo_losses(side)}"
    return f"draws {side['draws']}"


def _seat_test(test: dict[str, Any]) -> str:
    return (f"is a seat different? chi-square {test['chi2']:.3g} (df {test['df']}), p = {test['p']:.3g}, over the "
            f"{test['decided']} games one seat won (per seat: exact binomial, Holm)")


def _text_tables(game: str, metrics: dict[str, Any]) -> None:
    """The metrics the game's hook asks to print (nested rates: section → label → rate)."""
    from gamewright.lab.hooks import metrics_hook

    for name in metrics_hook(game).text_tables:
        section = metrics.get(name)
        if not section:
            continue
        table = Table(title=name.replace("_", " "))
        for column in ("", "", "win rate [95%]", "n"):
            table.add_column(column)
        for group, rows in section.items():
            for label, row in rows.items():
                table.add_row(group, label, _rate(row), str(row["n"]))
        console.print(table)


def show_result(result: dict[str, Any]) -> None:
    """A result as tables (the same for a fresh run and `lab show`; runs stored before a field was added
    print without it)."""
    console.print(result["question"], style="bold", highlight=False)
    if result.get("engine") == "batch":
        console.print("played by the batch engine (--engine batch)", style="dim", highlight=False)
    kind = result["kind"]
    agents = result["agents"]
    if kind == "simulate":
        test = result.get("seat_test")
        table = Table(title=f"{result['game']}: {result['games']} games from seed {result['seed']}")
        for column in ("seat", "agent", "win rate [95%]", "mean return", *(["vs equal share, p (Holm)"] if test
                                                                            else [])):
            table.add_column(column)
        for w, ret in zip(result["win_rates"], result["mean_returns"], strict=True):
            extra = [f"{test['seats'][w['seat']]['p_holm']:.3g}"] if test else []
            table.add_row(_seat(w["seat"]), agents[w["seat"]], _rate(w), f"{ret:.3f}", *extra)
        console.print(table)
        console.print(_outcomes(result), highlight=False)
        if test:
            console.print(_seat_test(test), highlight=False)
        console.print(f"length: {_length(result)}", highlight=False)
        if _headline(result["metrics"]):
            console.print(_headline(result["metrics"]), highlight=False)
        _text_tables(result["game"], result["metrics"])
    elif kind == "compare":
        table = Table(title=f"{result['game']}: {result['games']} paired games from seed {result['seed']}")
        for column in ("seat", "agent", "A [95%]", "B [95%]", "B − A [95% exact]", "McNemar p"):
            table.add_column(column)
        for d in result["difference"]:
            s = d["seat"]
            table.add_row(_seat(s), agents[s], _rate(result["a"]["win_rates"][s]), _rate(result["b"]["win_rates"][s]),
                          _win_delta(d), f"{d['mcnemar_p']:.3g}")
        console.print(table)
        if "paired_length" in result:
            unit = result["a"].get("length_unit", "actions")
            console.print(f"length, paired B − A: {_paired_length(result['paired_length'], unit)}", highlight=False)
        for name, d in result.get("paired_metrics", {}).items():
            console.print(f"{name}, paired B − A: {d['delta']:+.3g} [{d['low95']:+.3g}, {d['high95']:+.3g}]",
                          highlight=False)
        for label in ("a", "b"):
            line = f"{label.upper()}: length {_length(result[label])}; {_outcomes(result[label])}"
            headline = _headline(result[label]["metrics"])
            console.print(line + (f"; {headline}" if headline else ""), highlight=False)
    elif kind == "ladder":
        _show_ladder(result)
    else:
        table = Table(title=f"{result['game']}: {result['param']} over {result['games']} games per value")
        table.add_column(result["param"])
        for s in range(len(agents)):
            table.add_column(f"{_seat(s)} wins [95%]")
        table.add_column("mean length")
        table.add_column("headline")
        for row in result["rows"]:
            table.add_row(str(row["value"]), *(_rate(w) for w in row["win_rates"]), f"{row['length']['mean']:.1f}",
                          _headline(row["metrics"]))
        console.print(table)
        if result.get("steps"):
            _steps(result)


def _show_ladder(result: dict[str, Any]) -> None:
    """A ladder's ratings and its pairwise wins."""
    ratings = Table(title=f"{result['game']}: {result['games_per_pair']} games per pair from seed {result['seed']}")
    for column in ("rank", "agent", "rating mu [mu ± 1.96 sigma]", "sigma"):
        ratings.add_column(column)
    for r in result["ratings"]:
        ratings.add_row(str(r["rank"]), r["agent"], f"{r['mu']:.2f} [{r['low95']:.2f}, {r['high95']:.2f}]",
                        f"{r['sigma']:.2f}")
    console.print(ratings)
    pairs = Table(title="pairs (seats alternated; share of the games one of the two won, Wilson 95%)")
    for column in ("A", "B", "A wins", "B wins", "draws", "A's share [95%]"):
        pairs.add_column(column)
    for p in result["pairs"]:
        share = "—" if p["a_share"] is None else (f"{p['a_share']:.1%} [{p['interval'][0]:.1%}, "
                                                  f"{p['interval'][1]:.1%}]")
        pairs.add_row(p["a"], p["b"], str(p["a_wins"]), str(p["b_wins"]), str(p["draws"]), share)
    console.print(pairs)


def _steps(result: dict[str, Any]) -> None:
    """A sweep's paired step-to-step differences: every value plays the same seeds."""
    unit = result["rows"][0].get("length_unit", "actions")
    table = Table(title="step to step, paired on the same seeds (next − previous, 95%)")
    table.add_column(f"{result['param']} step")
    for s in range(len(result["agents"])):
        table.add_column(f"{_seat(s)} wins, exact [McNemar p]")
    table.add_column(f"length ({unit}), t [p]")
    for name in result["steps"][0]["paired_metrics"]:
        table.add_column(f"{name}, t")
    for step in result["steps"]:
        ln = step["length"]
        table.add_row(f"{step['from']} → {step['to']}",
                      *(f"{_win_delta(d)} [{d['mcnemar_p']:.3g}]" for d in step["difference"]),
                      f"{ln['delta']:+.3g} [{ln['low95']:+.3g}, {ln['high95']:+.3g}] [{ln['p']:.3g}]",
                      *(f"{d['delta']:+.3g} [{d['low95']:+.3g}, {d['high95']:+.3g}]"
                        for d in step["paired_metrics"].values()))
    console.print(table)

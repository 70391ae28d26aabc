"""The lab's three experiments — simulate, compare (paired A/B), sweep — from a request to a result.

A request is plain JSON (what history stores): running the same request again gives the same result, byte
for byte, whatever the worker count or whether Ray ran it. Results hold no timing and no worker count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.rules import Option, RulesSpec, split_assignments
from gamewright.lab.analysis import paired_difference, paired_length, paired_metrics, paired_step, side_summary
from gamewright.lab.runner import Batch, ruleset_name, run_batches, validate

KINDS = ("simulate", "compare", "sweep", "ladder")
Progress = Callable[[int], None]


def variant(assignments: Sequence[str], base: dict[str, Any] | None = None, ruleset: str | None = None,
            spec: RulesSpec | None = None) -> dict[str, Any]:  # {"ruleset": str | None, "options": dict}
    """``["basic_actions=2", "ruleset=prototype"]`` → ``{"ruleset": …, "options": {…}}`` over ``base``; each
    value read by the game's option of that name (``spec``, needed where there are options to read)."""
    options = dict(base or {})
    for name, raw in split_assignments(assignments):
        if name == "ruleset":
            ruleset = raw.strip()
        elif spec is None:
            raise ConfigError(f"option {name!r}: no game's options to read it by")
        else:
            options[name] = spec.option(name).parse(raw)
    return {"ruleset": ruleset, "options": options}


def parse_values(text: str, option: Option | None = None) -> list[Any]:
    """``"1,2,3"`` → ``[1, 2, 3]``: each value read by ``option`` (its type, its choices); a ruleset's names
    (``option`` None) as text."""
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise ConfigError(f"--values takes comma-separated values, e.g. 1,2,3 (got {text!r})")
    return [option.parse(p) if option is not None else p for p in parts]


def _batch(request: dict[str, Any], side: dict[str, Any]) -> Batch:
    return validate(Batch(request["game"], side.get("ruleset"), dict(side.get("options") or {}),
                          tuple(request.get("agents") or ()), int(request["seed"]), int(request["games"]),
                          engine=str(request.get("engine") or "scalar")))


def batches(request: dict[str, Any]) -> tuple[list[Batch], list[dict[str, Any]]]:
    """The batches a request runs and the variant each stands for (validated before anything runs)."""
    kind = request.get("kind")
    sides: list[dict[str, Any]]
    if kind == "ladder":  # one batch per pair of agents, each under the request's one configuration
        from gamewright.lab.ladder import ladder_batches

        pair_batches = ladder_batches(request)
        return pair_batches, [{"ruleset": request.get("ruleset"), "options": request.get("options") or {}}
                              for _ in pair_batches]
    if kind == "simulate":
        sides = [{"ruleset": request.get("ruleset"), "options": request.get("options") or {}}]
    elif kind == "compare":
        sides = [request["a"], request["b"]]
    elif kind == "sweep":
        param = request["param"]
        if not request["values"]:
            raise ConfigError("--values needs at least one value")
        sides = [variant([], request.get("options"), request.get("ruleset")) for _ in request["values"]]
        for side, value in zip(sides, request["values"], strict=True):
            if param == "ruleset":
                side["ruleset"] = str(value)
            else:
                side["options"][param] = value
    else:
        raise ConfigError(f"unknown experiment {kind!r}; one of: {', '.join(KINDS)}")
    found = [_batch(request, side) for side in sides]
    return found, sides


def run(request: dict[str, Any], workers: int | None = None, ray_address: str | None = None,
        on_games: Progress | None = None) -> dict[str, Any]:
    """Run a request; the result is the JSON the CLI prints and history stores."""
    found, sides = batches(request)
    records = run_batches(found, workers, ray_address, on_games)
    game = request["game"]
    agents = list(request["agents"]) if request["kind"] == "ladder" else list(found[0].agents)
    head = {"kind": request["kind"], "game": game, "games": int(request["games"]), "seed": int(request["seed"]),
            "agents": agents, "question": request.get("question") or question(request)}
    if "engine" in request:  # requests stored before engines were chosen re-run to their very bytes
        head["engine"] = request["engine"]
    if request["kind"] == "ladder":
        from gamewright.lab.ladder import ladder_result

        return {**head, "games_per_pair": int(request["games"]), "ruleset": ruleset_name(found[0]),
                "options": dict(request.get("options") or {}), **ladder_result(request, records)}
    summaries = [side_summary(game, games, side["options"], ruleset_name(batch))
                 for games, side, batch in zip(records, sides, found, strict=True)]
    if request["kind"] == "simulate":
        return {**head, **summaries[0]}
    if request["kind"] == "compare":
        difference = paired_difference(records[0], records[1], len(agents))
        return {**head, "a": summaries[0], "b": summaries[1], "difference": difference, "paired": True,
                "paired_metrics": paired_metrics(game, records[0], records[1]),
                "paired_length": paired_length(records[0], records[1])}
    rows = [{"value": value, **summary} for value, summary in zip(request["values"], summaries, strict=True)]
    # every value plays the same seeds: each step to the next value is a paired comparison
    steps = [{"from": request["values"][i], "to": request["values"][i + 1],
              **paired_step(game, records[i], records[i + 1], len(agents))} for i in range(len(records) - 1)]
    return {**head, "param": request["param"], "values": list(request["values"]), "rows": rows, "steps": steps}


def question(request: dict[str, Any]) -> str:
    """The designer's question a request answers, in words (when none was given)."""
    game = request["game"]
    if request["kind"] == "compare":
        return f"What changes in {game} from A ({_describe(request['a'])}) to B ({_describe(request['b'])})?"
    if request["kind"] == "sweep":
        values = ", ".join(map(str, request["values"]))
        return f"How does {game} change as {request['param']} takes {values}?"
    return f"How does {game} play under {_describe(request)}?"


def _describe(side: dict[str, Any]) -> str:
    parts = [f"ruleset={side['ruleset']}"] if side.get("ruleset") else []
    parts += [f"{k}={v}" for k, v in (side.get("options") or {}).items()]
    return ", ".join(parts) or "the default rules"

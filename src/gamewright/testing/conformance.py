"""The conformance suite as code: every game, built-in or new, checked through the Game/State protocol.

``check_game(name_or_game)`` runs all of it; each ``check_*`` function is one part, for a test to call alone.

- Random legal playouts to the end; after every few actions the state's invariants hold (where it declares
  ``invariant_violations``), the state round-trips through JSON, every seat's view is JSON, the player to move
  is a seat, ``CHANCE`` or ``TERMINAL``; an action that is refused leaves the state unchanged.
- The same seed and the actions' text forms replay the same game, event for event.
- A clone is independent; garbage action text is a clear ``GamewrightError`` that changes nothing.
- Declared capabilities (``core.capabilities``), on states sampled from a random playout: ``preview`` answers
  every legal action as legal and refuses what ``apply`` refuses, never raises, changes nothing;
  ``resample`` keeps the seat's view, leaves the state alone, is determined by the view and the rng, and its
  twin is sound and playable; ``public_view`` is JSON, the same on any seat's twin, changes nothing; a game's
  search hooks offer macro-actions that start with a legal action.
- Views (every game defines ``public_view``): the public view shows nothing that not every seat's ``view_for``
  shows alike (it is part of what all seats share), and before the end no view — public or a seat's — holds a
  field the game's manifest declares secret (``secret_fields``).

Failures raise ``ConformanceError`` (an ``AssertionError``, so pytest reports it as a failed check).
Run from a shell: ``python -m gamewright.testing.conformance GAME [--seeds N] [--option key=value ...]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamewright.core.capabilities import (
    Previewable,
    PublicView,
    Resamplable,
    SelfChecking,
    capabilities_of,
    load_search_hooks,
)
from gamewright.core.errors import GamewrightError, NotFound, RuleViolation
from gamewright.core.game import CHANCE, TERMINAL, Game, load_game
from gamewright.core.manifest import manifest_for
from gamewright.core.rng import Rng

MAX_ACTIONS = 20_000  # a random playout that runs longer is taken not to end
REFUSAL_WINDOW = 20  # actions seen lately that are tried again where they are no longer legal
SAMPLED_STATES = 6  # states per seed on which the capabilities are checked
PREVIEWS_PER_STATE = 3  # legal actions previewed on each sampled state (plus the last one listed)
HOOK_STATES = 2  # states on which a game's search hooks are asked for candidates (they plan: slow)


class ConformanceError(AssertionError):
    """A game broke the protocol: the message names the game, where and what."""


@dataclass
class ConformanceReport:
    """What ``check_game`` checked (it raises at the first failure, so a report means all of it held)."""

    game: str
    capabilities: set[str] = field(default_factory=set)
    search_hooks: bool = False
    playouts: int = 0
    checks: list[str] = field(default_factory=list)


def _fail(game: Any, where: str, what: str) -> ConformanceError:
    return ConformanceError(f"{_name(game)}: {where}: {what}")


def _check(ok: bool, game: Any, where: str, what: str) -> None:
    if not ok:
        raise _fail(game, where, what)


def _name(game: Any) -> str:
    return str(getattr(game, "name", type(game).__name__))


def snapshot(state: Any) -> str:
    """The state's JSON as one canonical string: two equal snapshots are the same state."""
    return json.dumps(state.to_json(), sort_keys=True)


def _is_json(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def resolve_game(name_or_game: str | Game, options: dict[str, Any] | None = None) -> Game:
    """A game from its registered name (with ``options``) or the game itself."""
    if isinstance(name_or_game, str):
        return load_game(name_or_game, **({"options": options} if options else {}))
    if options:
        raise ConformanceError("options go with a game's name; a game object comes with its own")
    return name_or_game


# ---- one state ----------------------------------------------------------------------------------------------

def check_state(game: Game, state: Any, where: str = "a state") -> None:
    """Invariants (where declared), the JSON round trip, every seat's view as JSON, a sound player to move."""
    if isinstance(state, SelfChecking):
        problems = state.invariant_violations()
        _check(problems == [], game, where, f"invariant violations {problems}")
    text = snapshot(state)
    back = json.dumps(game.state_from_json(json.loads(text)).to_json(), sort_keys=True)
    _check(back == text, game, where, "state_from_json(to_json()) is a different state")
    for seat in range(game.num_players):
        _check(_is_json(state.view_for(seat)), game, where, f"the view of seat {seat} is not JSON")
    player = state.current_player
    _check(player in (CHANCE, TERMINAL) or 0 <= player < game.num_players, game, where,
           f"current_player {player} is neither a seat, CHANCE nor TERMINAL")


def check_refusals_leave_state_unchanged(game: Game, state: Any, legal: Sequence[Any], recent: Iterable[Any],
                                         where: str = "a state") -> None:
    """Actions not listed now (``recent``: ones that were legal before) are refused without a change, and a
    declared ``preview`` agrees with ``apply`` on whether each is legal."""
    before = snapshot(state)
    for candidate in recent:
        if candidate in legal:
            continue
        probe = state.clone()
        try:
            probe.apply(candidate)
            accepted = True
        except RuleViolation:
            accepted = False
            _check(snapshot(probe) == before, game, where, f"a refused {candidate.to_text()!r} changed the state")
        if isinstance(state, Previewable):
            answer = _preview(game, state, candidate, where)
            _check(answer.get("legal") is accepted, game, where,
                   f"preview of {candidate.to_text()!r} says legal={answer.get('legal')}, apply "
                   f"{'accepted' if accepted else 'refused'} it")
    _check(snapshot(state) == before, game, where, "trying refused actions changed the state")


# ---- playouts -----------------------------------------------------------------------------------------------

def random_playout(game: Game, seed: int, check_every: int = 1, *,
                   sample: int = 0) -> tuple[Any, list[str], list[Any], list[Any]]:
    """A seeded random game to the end, checked every ``check_every`` actions: the final state, the actions'
    texts, the events (as JSON) and up to ``sample`` clones of states met on the way (for capability checks)."""
    state = game.new_initial_state(seed)
    rng = Rng(seed * 7919 + 1)
    texts: list[str] = []
    events: list[Any] = []
    seen: list[Any] = []
    states: list[Any] = []
    while not state.is_terminal():
        where = f"seed {seed}, after {len(texts)} actions"
        _check(len(texts) < MAX_ACTIONS, game, where, f"a random playout did not end within {MAX_ACTIONS} actions")
        legal = list(state.legal_actions())
        _check(bool(legal), game, where, "a state that is not terminal offers no legal action")
        action = rng.choice(legal)
        seen.append(action)
        if len(texts) % check_every == 0:
            check_refusals_leave_state_unchanged(game, state, legal, seen[-REFUSAL_WINDOW:], where)
        if sample and len(texts) % 7 == 3:
            states.append(state.clone())
        events.extend(e.to_json() for e in state.apply(action))
        texts.append(action.to_text())
        if len(texts) % check_every == 0:
            check_state(game, state, f"seed {seed}, after {len(texts)} actions")
    check_state(game, state, f"seed {seed}, at the end")
    return state, texts, events, _spread(states, sample)


def _spread(items: list[Any], n: int) -> list[Any]:
    """At most ``n`` of ``items``, spread evenly from the first to the last."""
    if len(items) <= n:
        return items
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)] if n > 1 else items[:1]


def check_random_playout(game: Game, seed: int, check_every: int = 1) -> tuple[Any, list[Any]]:
    """A random playout is sound, ends with a return per seat, and replays from the seed and the action texts
    (same final state, same events). Returns the final state and some states met on the way."""
    state, texts, events, sampled = random_playout(game, seed, check_every, sample=SAMPLED_STATES)
    returns = state.returns()
    _check(len(returns) == game.num_players, game, f"seed {seed}", f"returns {returns} do not give every seat")
    replay = game.new_initial_state(seed)
    replay_events: list[Any] = []
    for i, text in enumerate(texts):
        try:
            action = game.parse_action(replay, text)
        except GamewrightError as exc:
            raise _fail(game, f"seed {seed}, replay of action {i}", f"{text!r} does not parse: {exc}") from exc
        replay_events.extend(e.to_json() for e in replay.apply(action))
    _check(snapshot(replay) == snapshot(state), game, f"seed {seed}",
           "replaying the action texts from the seed gives a different final state")
    _check(json.dumps(replay_events, default=str) == json.dumps(events, default=str), game, f"seed {seed}",
           "replaying the action texts from the seed gives different events")
    return state, sampled


def check_clone_is_independent(game: Game, seed: int = 11) -> None:
    state = game.new_initial_state(seed)
    before = snapshot(state)
    clone = state.clone()
    clone.apply(clone.legal_actions()[0])
    _check(snapshot(state) == before, game, f"seed {seed}", "applying an action to a clone changed the original")


def check_garbage_action_text(game: Game, seed: int = 3) -> None:
    state = game.new_initial_state(seed)
    before = snapshot(state)
    try:
        game.parse_action(state, "this is not an action %%")
    except GamewrightError:
        pass
    else:
        raise _fail(game, f"seed {seed}", "parse_action accepted garbage text instead of raising a GamewrightError")
    _check(snapshot(state) == before, game, f"seed {seed}", "parsing garbage text changed the state")


# ---- declared capabilities ----------------------------------------------------------------------------------

def _preview(game: Game, state: Any, action: Any, where: str) -> dict[str, Any]:
    """``state.preview(action)``, which must not raise and must answer a dict."""
    try:
        answer = state.preview(action)
    except Exception as exc:  # the exact interface: preview never raises
        raise _fail(game, where, f"preview({action!r}) raised {type(exc).__name__}: {exc}") from exc
    _check(isinstance(answer, dict), game, where, f"preview({action!r}) is not a dict")
    return answer


def check_preview(game: Game, state: Any, where: str = "a state") -> None:
    """``preview`` answers listed actions as legal (its ``action`` their text, no ``errors``) and garbage as a
    refusal (never raising); every answer is JSON and nothing changes, the random stream included."""
    before = snapshot(state)
    legal = list(state.legal_actions()) if not state.is_terminal() else []
    for action in [*legal[:PREVIEWS_PER_STATE], *legal[-1:]]:
        answer = _preview(game, state, action, where)
        _check(_is_json(answer), game, where,
               f"preview of {action.to_text()!r} is not a JSON object")
        _check(answer.get("legal") is True and answer.get("action") == action.to_text()
               and answer.get("errors") == [], game, where,
               f"preview of the listed {action.to_text()!r} is not a clean legal answer: "
               f"legal={answer.get('legal')}, action={answer.get('action')!r}, errors={answer.get('errors')}")
    for garbage in (None, "this is not an action %%", 42):
        answer = _preview(game, state, garbage, where)
        _check(answer.get("legal") is False and bool(answer.get("errors")) and isinstance(answer.get("action"), str),
               game, where, f"preview({garbage!r}) is not a refusal with errors: {answer}")
    _check(snapshot(state) == before, game, where, "preview changed the state")


def check_resample(game: Game, state: Any, index: int = 0, where: str = "a state") -> None:
    """The twin keeps the seat's view, leaves the state alone, is determined by view and rng, is sound and can
    be played on."""
    seat = state.current_player
    if seat < 0:
        return
    before = snapshot(state)
    twin = state.resample(seat, Rng(index))
    _check(twin.view_for(seat) == state.view_for(seat), game, where, f"resample changed seat {seat}'s view")
    _check(snapshot(state) == before, game, where, "resample changed the state")
    _check(snapshot(twin.resample(seat, Rng(1000 + index))) == snapshot(state.resample(seat, Rng(1000 + index))),
           game, where, "resample is not determined by the seat's view and the rng")
    check_state(game, twin, f"{where}, a resampled twin")
    rng = Rng(f"twin/{index}")
    for _ in range(10):
        if twin.is_terminal():
            break
        twin.apply(rng.choice(list(twin.legal_actions())))


def check_public_view(game: Game, state: Any, where: str = "a state") -> None:
    """JSON, no change, and the same on a twin resampled for any seat (what all may see, no seat can doubt)."""
    before = snapshot(state)
    view = state.public_view()
    _check(isinstance(view, dict) and _is_json(view), game, where, "public_view is not a JSON object")
    _check(snapshot(state) == before, game, where, "public_view changed the state")
    seat = state.current_player
    if isinstance(state, Resamplable) and seat >= 0:
        twin = state.resample(seat, Rng(7))
        _check(isinstance(twin, PublicView) and twin.public_view() == view, game, where,
               "public_view differs on a resampled twin: it shows something hidden")


_MISSING = object()


def shared_part(values: Sequence[Any]) -> Any:
    """What all ``values`` agree on: equal values as they are, dicts key by key, equal-length lists item by item
    (an item they disagree on is None); anything else is missing (the caller drops it)."""
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values):
        out = {}
        for key in first:
            if all(key in v for v in values):
                part = shared_part([v[key] for v in values])
                if part is not _MISSING:
                    out[key] = part
        return out
    if all(isinstance(v, list) and len(v) == len(first) for v in values):
        items = [shared_part([v[i] for v in values]) for i in range(len(first))]
        return [None if item is _MISSING else item for item in items]
    return _MISSING


def not_shared(public: Any, shared: Any, path: str = "") -> str | None:
    """The first place where ``public`` shows something ``shared`` (all seats' common part) does not; None: it
    shows nothing more."""
    if shared is _MISSING:
        return path or "the whole view"
    if public == shared:
        return None
    if isinstance(public, dict) and isinstance(shared, dict):
        for key, value in public.items():
            where = f"{path}.{key}" if path else str(key)
            found = not_shared(value, shared[key], where) if key in shared else where
            if found:
                return found
        return None
    if isinstance(public, list) and isinstance(shared, list) and len(public) == len(shared):
        for i, (p, s) in enumerate(zip(public, shared, strict=True)):
            found = not_shared(p, _MISSING if s is None and p is not None else s, f"{path}[{i}]")
            if found:
                return found
        return None
    return path or "the whole view"


def secret_paths(value: Any, fields: Sequence[str], path: tuple[str, ...] = ()) -> list[str]:
    """Where ``value`` holds a secret field: a key name at any depth, or a dotted path (``*``: any key or item)."""
    found = []
    if isinstance(value, dict | list):
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            here = (*path, str(key))
            if any(_matches(here, f) for f in fields):
                found.append(".".join(here))
            else:
                found += secret_paths(item, fields, here)
    return found


def _matches(path: tuple[str, ...], field_: str) -> bool:
    if "." not in field_:
        return path[-1] == field_
    parts = field_.split(".")
    return len(parts) == len(path) and all(p in ("*", q) for p, q in zip(parts, path, strict=True))


def secret_fields_of(game: Game) -> tuple[str, ...]:
    """The secret fields the game's manifest declares (none for a game object no manifest registers)."""
    try:
        return tuple(manifest_for(_name(game)).secret_fields)
    except NotFound:
        return ()


def check_views(game: Game, state: Any, where: str = "a state") -> None:
    """The public view is part of what every seat's view shares, and no view holds a secret before the end."""
    _check(isinstance(state, PublicView), game, where,
           "the state has no public_view(): every game says itself what a spectator may see")
    public = state.public_view()
    views = [state.view_for(seat) for seat in range(game.num_players)]
    leak = not_shared(public, shared_part(views))
    _check(leak is None, game, where, f"public_view shows {leak}, which not every seat's view_for shows alike: "
           "a spectator would see what some seat holds private")
    if state.is_terminal():
        return
    fields = secret_fields_of(game)
    for who, view in [("public_view", public), *((f"view_for({s})", v) for s, v in enumerate(views))]:
        found = secret_paths(view, fields)
        _check(not found, game, where, f"{who} holds {', '.join(found)}, which the manifest declares secret")


def check_search_hooks(game: Game, hooks: Any, states: Sequence[Any], seed: int = 0) -> None:
    """The hooks' settings are a dict; their candidates on a few states (None, or macro-actions each starting with
    a legal action) leave the state alone; ``turn_key`` answers."""
    _check(isinstance(hooks.DEFAULTS, dict), game, "search hooks", "DEFAULTS is not a dict")
    guide = hooks.guide(seed)
    for i, state in enumerate([s for s in states if s.current_player >= 0][:HOOK_STATES]):
        where = f"search hooks, sampled state {i}"
        before = snapshot(state)
        macros = hooks.macro_actions(state, state.current_player, Rng(seed + i), guide)
        hooks.turn_key(state)
        _check(snapshot(state) == before, game, where, "macro_actions changed the state")
        if macros is None:
            continue
        legal = list(state.legal_actions())
        _check(bool(macros) and all(macros), game, where, "macro_actions gave an empty list or an empty macro")
        for macro in macros:
            _check(macro[0] in legal, game, where, f"a macro starts with {macro[0].to_text()!r}, which is not legal")


def check_capabilities(game: Game, states: Sequence[Any], *, hooks_of: str | None = None,
                       report: ConformanceReport | None = None) -> set[str]:
    """Every capability the states declare, checked on each of ``states``; ``hooks_of``: a game name whose search
    hooks (if it has them) are checked too. Returns the capabilities found."""
    found: set[str] = set()
    for i, state in enumerate(states):
        caps = capabilities_of(state)
        found |= caps
        where = f"sampled state {i}"
        if "preview" in caps:
            check_preview(game, state, where)
        if "resample" in caps:
            check_resample(game, state, i, where)
        if "public_view" in caps:
            check_public_view(game, state, where)
        check_views(game, state, where)
    hooks = load_search_hooks(hooks_of) if hooks_of else None
    if hooks is not None:
        check_search_hooks(game, hooks, states)
    if report is not None:
        report.capabilities |= found
        report.search_hooks = report.search_hooks or hooks is not None
    return found


def check_game(name_or_game: str | Game, *, options: dict[str, Any] | None = None, seeds: Iterable[int] = range(3),
               check_every: int = 1, capabilities: bool = True) -> ConformanceReport:
    """Every check above on one game (a registered name with ``options``, or a game object): a random playout
    per seed with its replay, the clone and garbage-text checks, and the declared capabilities on states from
    those playouts. Raises ``ConformanceError`` at the first failure; returns what was checked."""
    game = resolve_game(name_or_game, options)
    report = ConformanceReport(_name(game))
    sampled: list[Any] = []
    for seed in seeds:
        state, states = check_random_playout(game, seed, check_every)
        report.playouts += 1
        sampled.extend(states)
    report.checks.append("random playouts and replay")
    check_clone_is_independent(game)
    check_garbage_action_text(game)
    report.checks += ["clone independence", "garbage action text"]
    if capabilities:
        hooks_of = name_or_game if isinstance(name_or_game, str) else _name(game)
        check_capabilities(game, sampled, hooks_of=hooks_of, report=report)
        report.checks.append("capabilities: " + (", ".join(sorted(report.capabilities)) or "none declared"))
        if report.search_hooks:
            report.checks.append("search hooks")
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamewright.testing.conformance", description=__doc__.split(
        "\n")[0])
    parser.add_argument("game")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.option)
    try:
        report = check_game(args.game, options=options or None, seeds=range(args.seeds))
    except ConformanceError as exc:
        print(f"FAILED {exc}", file=sys.stderr)
        return 1
    print(f"{report.game}: {report.playouts} playouts; " + "; ".join(report.checks))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A stateful fuzzer for the Game/State protocol, shared by tests/test_fuzz.py and benchmarks/fuzz_protocol.py.

It plays seeded random games and, between legal moves, throws at ``apply()`` what a buggy client or a hostile
one would send: stale actions (legal earlier, not now), foreign ones (another game's, another configuration's),
another seat's, mutated ones (a field replaced by a wrong type or value), hand-built recombinations, and text
through ``parse_action`` (valid, garbage, mutated). The protocol promises, and this checks after every probe:
- a refusal is a ``RuleViolation`` (``parse_action`` may also say ``ConfigError``) and leaves the state, its
  JSON and its random streams exactly as they were;
- an accepted action is listed, or does what a listed one does under another name (a copy of a listed card):
  a client cannot reach a state the game's own list cannot, and no field is silently ignored (``end`` with
  ``arg=5`` is not ``end``);
- after every change the invariants hold, the JSON round-trips and every seat's view is JSON.
Everything is drawn from one seeded ``random.Random``: a failure is replayed by its game, options and seed.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import random
import re
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.game import CHANCE, TERMINAL, Game, load_game
from gamewright.core.rng import Rng

# Values a field should never hold, whatever its type: signs, widths, float oddities, other types.
HOSTILE_VALUES: tuple[Any, ...] = (
    -1, -2, 2**31, 2**63, 2**63 - 1, -(2**63), 10**100, -0.0, 0.0, 1.0, 0.5, math.nan, math.inf, -math.inf,
    None, True, False, "", "x", "1", "-1", "²", "\x00", "[/bold]", " ", "end", (), ("P2",), ["P2"], {}, b"1",
    1 + 0j,
)
GARBAGE_TEXTS: tuple[str, ...] = (
    "", " ", "\x00", "%%", "[/bold]", "[red]x", "play", "play ²", "play 1 at", "play 1 at at", "move", "move ZZ",
    "deploy", "deploy -1", "deploy 99999999999999999999999999999999999999", "deploy ²", "deploy 1e9",
    "allocate engines 0", "allocate engines -3", "allocate engines ٣", "burn light +99999", "fire laser",
    "fire", "fire laser compensate", "coast coast", "end end", "sun moon", "Sol", "attack 1 99", "use", "use x",
    "lose -0", "lose nan", "keep 5", "\u202e", "🅰", "a" * 10_000, "1" * 5000, "Sun\x00", "\udcff",
)
# Each game in a few configurations (the suite and the benchmark share them).
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "prince": [
        {},
        {"crit": "prototype", "rounding": "carry", "opponent_draws": "prebuilt", "encounters_per_run": 2},
        {"unlocks": "progression", "defeat_when": "all_seven", "sect": "durability", "propagation_base": "raw"},
    ],
    "inclinations": [
        {},
        {"players": 4, "to_hit": "d10", "round_limit": 30},
        {"players": 3, "well_transfer_mass": 3, "shields_deplete": False, "round_limit": 60},
    ],
    "affinity": [
        {},
        {"level": 5, "creature": "bandit_captain", "count": 3, "free_strikes": True, "surprised": "party"},
        {"party": "priest,weaver", "creature": "goblin_skulker", "healing": "count", "basic_actions": 2,
         "magical_armor": False, "initiative_exertion": 2},
    ],
    "penance": [
        {},
        {"decks": "ironclad:C,confessor:D:absolution+crusaders_vow", "reshuffle_damage_card": True,
         "blood_offering": "suffering_die", "flagellants_zeal": "suffering_dice"},
        {"decks": "confessor,confessor:B", "shield_wall": "self"},
    ],
}
REFUSALS = (RuleViolation,)
PARSE_REFUSALS = (RuleViolation, ConfigError)


@dataclass
class Failure:
    game: str
    options: dict[str, Any]
    seed: int
    step: int
    probe: str
    action: str
    problem: str
    history: list[str] = field(default_factory=list)

    def short(self) -> str:
        where = f"{self.game} {self.options} seed={self.seed} step={self.step}"
        return f"{where} [{self.probe}] {self.action}: {self.problem}"


@dataclass
class Report:
    actions: int = 0
    refused: int = 0
    accepted: int = 0
    games: int = 0
    failures: list[Failure] = field(default_factory=list)
    by_probe: dict[str, int] = field(default_factory=dict)


def _rngs(state: Any) -> list[Any]:
    names = [n for klass in type(state).__mro__ for n in getattr(klass, "__slots__", ())]
    names += list(getattr(state, "__dict__", {}))
    return [getattr(state, n) for n in names if isinstance(getattr(state, n, None), Rng)]


def fingerprint(state: Any) -> tuple[str, list[Any]]:
    """The state's JSON text and its random streams' positions: a refusal must leave both alone."""
    return json.dumps(state.to_json(), sort_keys=True), [r.get_state() for r in _rngs(state)]


def _describe(action: Any) -> str:
    try:
        text = action.to_text()
    except Exception as exc:  # a mutated action may not even print; say so, and show its repr
        text = f"<to_text failed: {type(exc).__name__}>"
    return f"{text!r} = {action!r}"[:400]


def mutations(action: Any, rng: random.Random, pool: dict[tuple[type, str], list[Any]]) -> Iterator[Any]:
    """``action`` with one field replaced: by a hostile value, or by a sibling action's value of that field."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return
    fields = dataclasses.fields(action)
    if not fields:
        return
    f = rng.choice(fields)
    current = getattr(action, f.name)
    options: list[Any] = list(HOSTILE_VALUES)
    if isinstance(current, int) and not isinstance(current, bool):
        options += [current + 1, current - 1, -current, float(current), str(current), current + 2**64]
    if isinstance(current, str):
        options += [current.upper(), current + " ", current[:-1], current * 2]
    if isinstance(current, tuple):
        lowered = tuple(x.lower() for x in current if isinstance(x, str))
        options += [list(current), current * 2, (*current, "P9"), lowered]
    options += pool.get((type(action), f.name), [])
    yield dataclasses.replace(action, **{f.name: rng.choice(options)})


def hand_built(rng: random.Random, pool: dict[tuple[type, str], list[Any]], kinds: list[type]) -> Any | None:
    """A new action of a kind the game uses, each field drawn from values that field has held anywhere."""
    if not kinds:
        return None
    kind = rng.choice(kinds)
    values = {}
    for f in dataclasses.fields(kind):
        seen = pool.get((kind, f.name), [])
        values[f.name] = rng.choice(seen) if seen and rng.random() < 0.9 else rng.choice(HOSTILE_VALUES)
    return kind(**values)


def mutate_text(text: str, rng: random.Random) -> str:
    """Edit an action's text form the way a typo, a paste or an attacker would."""
    words = text.split()
    how = rng.randrange(9)
    if how == 0 and words:
        words[rng.randrange(len(words))] = rng.choice(["²", "٣", "-0", "nan", "1e400", "9" * 40, "-1", "", "\x00"])
    elif how == 1:
        words.append(rng.choice(["at", "chassis", "1", "scoop", "compensate", "P2", "+3", "x"]))
    elif how == 2 and words:
        words.pop(rng.randrange(len(words)))
    elif how == 3:
        return text.upper() if rng.random() < 0.5 else text.swapcase()
    elif how == 4 and text:
        i = rng.randrange(len(text))
        return text[:i] + chr(rng.choice([0, 7, 0x1B, 0x202E, 0xFF, 0xFFFD, 0x10FFFF, ord("["), ord(":")])) + text[i:]
    elif how == 5:
        return "  " + text + "\t\n"
    elif how == 6 and words:
        words = [w + w for w in words]
    elif how == 7:
        return text + " " + text
    else:
        rng.shuffle(words)
    return " ".join(words)


def _record(pool: dict[tuple[type, str], list[Any]], action: Any) -> None:
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return
    for f in dataclasses.fields(action):
        seen = pool.setdefault((type(action), f.name), [])
        value = getattr(action, f.name)
        if len(seen) < 64 and value not in seen:
            seen.append(value)


@functools.lru_cache(maxsize=8)
def foreign_actions(seed: int) -> list[Any]:
    """Actions taken from every registered game (this one included, in another configuration and seed)."""
    from gamewright.core.game import registered_games

    found: list[Any] = []
    rng = random.Random(seed ^ 0x5EED)
    for other in sorted(registered_games()):
        game = load_game(other)  # this game too: its default configuration, another seed
        state = game.new_initial_state(seed + 1000)
        for _ in range(150):
            if state.is_terminal():
                break
            legal = list(state.legal_actions())
            found.extend(rng.sample(legal, min(3, len(legal))))
            state.apply(rng.choice(legal))
    return found


class Fuzzer:
    """One game configuration, fuzzed from successive seeds until ``budget`` actions have been sent."""

    def __init__(self, name: str, options: dict[str, Any], seed: int = 0, *, deep_every: int = 1) -> None:
        self.name = name
        self.options = options
        self.game: Game = load_game(name, options=options)
        self.seed = seed
        self.rng = random.Random(f"fuzz/{name}/{sorted(options.items())}/{seed}")
        self.report = Report()
        self.pool: dict[tuple[type, str], list[Any]] = {}
        self.kinds: list[type] = []
        self.history: list[tuple[int, Any]] = []  # (seat, action) of every action applied so far
        self.foreign = foreign_actions(seed)
        self.deep_every = deep_every  # round trips and views after every n-th change (1: every one)
        self._changes = 0
        self.texts: list[str] = []  # text forms of the current game's applied actions (a failure's replay)
        self.game_seed = seed
        self._kinds: dict[str, int] = {}

    # --- the loop -----------------------------------------------------------------------------------
    def run(self, budget: int, max_failures: int = 100_000) -> Report:
        game_seed = self.seed
        while self.report.actions < budget and len(self.report.failures) < max_failures:
            self.play_one(game_seed, budget)
            game_seed += 1
        return self.report

    def play_one(self, game_seed: int, budget: int) -> None:
        state = self.game.new_initial_state(game_seed)
        self.report.games += 1
        self.texts = []
        self.game_seed = game_seed
        self._check_state(state, "start", None)
        moves = 0
        while not state.is_terminal() and self.report.actions < budget:
            moves += 1
            if moves > 20_000:
                self._fail("loop", None, "a random game did not end within 20,000 moves")
                return
            legal = list(state.legal_actions())
            if not legal:
                self._fail("legal", None, "a state that is not terminal offers no legal action")
                return
            for _ in range(self.rng.choice((0, 1, 1, 2, 3))):
                state = self.probe(state, legal)
                if state.is_terminal():
                    return
                legal = list(state.legal_actions())
            action = self.rng.choice(legal)
            state = self.send(state, action, "legal", legal)

    def probe(self, state: Any, legal: list[Any]) -> Any:
        kind = self.rng.choice(("stale", "foreign", "seat", "mutated", "mutated", "hand", "text", "text", "garbage"))
        rng = self.rng
        if kind == "text":
            base = rng.choice(legal)
            text = base.to_text() if rng.random() < 0.4 else mutate_text(base.to_text(), rng)
            return self.send_text(state, text, legal)
        if kind == "garbage":
            return self.send_text(state, rng.choice(GARBAGE_TEXTS), legal)
        seat = state.current_player
        candidate: Any
        if kind == "stale" and self.history:
            candidate = rng.choice(self.history)[1]
        elif kind == "seat" and self.history:
            others = [a for s, a in self.history[-200:] if s != seat]
            candidate = rng.choice(others) if others else rng.choice(self.history)[1]
        elif kind == "foreign":
            candidate = rng.choice(self.foreign)
        elif kind == "hand":
            candidate = hand_built(rng, self.pool, self.kinds)
        else:
            candidate = next(mutations(rng.choice(legal), rng, self.pool), None)
            kind = "mutated"
        if candidate is None:
            return state
        return self.send(state, candidate, kind, legal)

    # --- sending one action -------------------------------------------------------------------------
    def send_text(self, state: Any, text: str, legal: list[Any]) -> Any:
        self.report.actions += 1
        self._count("text")
        try:
            action = self.game.parse_action(state, text)
        except PARSE_REFUSALS:
            self.report.refused += 1
            return state
        except Exception as exc:
            self._fail("text", text, f"parse_action raised {type(exc).__name__}: {exc}"[:300], exc)
            return state
        self.report.actions -= 1  # the parsed action is counted once, by send
        return self.send(state, action, "text", legal, text=text)

    def send(self, state: Any, action: Any, kind: str, legal: list[Any], text: str | None = None) -> Any:
        self.report.actions += 1
        if kind != "text":
            self._count(kind)
        seat = state.current_player
        before = fingerprint(state)
        listed = _listed(action, legal)
        try:
            events = state.apply(action)
        except REFUSALS:
            self.report.refused += 1
            if listed:
                self._fail(kind, action, "a listed legal action was refused", text=text)
            after = fingerprint(state)
            if after != before:
                what = "its JSON" if after[0] != before[0] else "its random stream"
                self._fail(kind, action, f"a refused action changed {what}", text=text)
                return self._restore(before)
            return state
        except Exception as exc:
            changed = fingerprint(state) != before
            self._fail(kind, action, f"apply raised {type(exc).__name__}: {str(exc)[:200]}"
                       + (" after changing the state" if changed else ""), exc, text=text)
            return self._restore(before)
        self.report.accepted += 1
        if not listed:
            if _text_of(action) in {_text_of(a) for a in legal}:
                self._fail(kind, action, "an unlisted twin of a listed action (same text, other field values) was "
                           "accepted", text=text)
            elif not self._same_as_some_legal(before, state, legal):
                self._fail(kind, action, "an action the legal list does not offer was accepted, with an effect no "
                           "listed action has", text=text)
        self.history.append((seat, action))
        _record(self.pool, action)
        if type(action) not in self.kinds and dataclasses.is_dataclass(action):
            self.kinds.append(type(action))
        self.texts.append(_text_of(action))
        try:
            json.dumps([e.to_json() for e in events])
        except Exception as exc:
            self._fail(kind, action, f"an event is not JSON: {type(exc).__name__}: {exc}"[:300], exc)
        self._check_state(state, kind, action)
        return state

    def _same_as_some_legal(self, before: tuple[str, list[Any]], after_state: Any, legal: list[Any]) -> bool:
        target = fingerprint(after_state)[0]
        for candidate in legal:
            trial = self._restore(before)
            try:
                trial.apply(candidate)
            except Exception:  # noqa: S112 - a listed action that fails is reported when it is sent itself
                continue
            if fingerprint(trial)[0] == target:
                return True
        return False

    def _restore(self, snapshot: tuple[str, list[Any]]) -> Any:
        return self.game.state_from_json(json.loads(snapshot[0]))

    # --- checks -------------------------------------------------------------------------------------
    def _check_state(self, state: Any, kind: str, action: Any) -> None:
        problems = state.invariant_violations()
        if problems:
            self._fail(kind, action, f"invariants broken: {problems[:3]}")
        player = state.current_player
        if not (player in (CHANCE, TERMINAL) or 0 <= player < self.game.num_players):
            self._fail(kind, action, f"current_player is {player!r}")
        self._changes += 1
        if self._changes % self.deep_every:
            return
        text = json.dumps(state.to_json(), sort_keys=True)
        try:
            again = json.dumps(self.game.state_from_json(json.loads(text)).to_json(), sort_keys=True)
        except Exception as exc:
            self._fail(kind, action, f"state_from_json raised {type(exc).__name__}: {exc}"[:300], exc)
            return
        if again != text:
            self._fail(kind, action, "the JSON does not round-trip")
        for seat in range(self.game.num_players):
            try:
                json.dumps(state.view_for(seat))
            except Exception as exc:
                self._fail(kind, action, f"view_for({seat}) is not JSON: {type(exc).__name__}: {exc}"[:300], exc)

    def _count(self, kind: str) -> None:
        self.report.by_probe[kind] = self.report.by_probe.get(kind, 0) + 1

    def _fail(self, probe: str, action: Any, problem: str, exc: BaseException | None = None,
              text: str | None = None) -> None:
        if exc is not None:
            frames = traceback.extract_tb(exc.__traceback__)
            if frames:
                last = frames[-1]
                problem += f" [at {last.filename.rsplit('/src/', 1)[-1]}:{last.lineno} {last.name}]"
        shown = action if isinstance(action, str) or action is None else _describe(action)
        if text is not None:
            shown = f"text {text!r} → {shown}"
        kind = failure_kind(problem)
        self._kinds[kind] = self._kinds.get(kind, 0) + 1
        history = list(self.texts) if self._kinds[kind] <= 3 else []  # replays for the first few of each kind
        self.report.failures.append(Failure(self.name, self.options, self.game_seed, len(self.texts), probe,
                                            str(shown), problem, history))


def failure_kind(problem: str) -> str:
    """A failure's problem without its particulars (values, types), to group many reports of one bug."""
    return re.sub(r"'[^']*'|\{.*\}|\[\(.*\)\]|\d+", "…", problem)


def _listed(action: Any, legal: list[Any]) -> bool:
    """Is ``action`` one of ``legal``, field types included (``amount=2.0`` is not ``amount=2``)?"""
    shown = repr(action)
    return any(repr(a) == shown for a in legal)


def _text_of(action: Any) -> str:
    try:
        return str(action.to_text())
    except Exception:
        return repr(action)


def run_fuzz(name: str, options: dict[str, Any], budget: int, seed: int = 0, deep_every: int = 1,
             progress: Callable[[Report], None] | None = None) -> Report:
    fuzzer = Fuzzer(name, options, seed, deep_every=deep_every)
    report = fuzzer.run(budget)
    if progress:
        progress(report)
    return report

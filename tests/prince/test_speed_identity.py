"""Speed work changes no Space Prince result: seeded runs under several rule sets replay to the digest the engine
gave before it (every legal-action list, chosen action, event kind/data/text/visibility, the final state's JSON),
and the charts of fixed moments (their ``--json``, their wheel SVG, the signs play reads) are byte-identical."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from gamewright.core.rng import Rng
from gamewright.games.prince.chart import chart_signs, compute_chart
from gamewright.games.prince.encounter import random_moment
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.policies import make_policy
from gamewright.games.prince.svg import chart_svg

from .test_chart_skyfield import skyfield_moments

# recorded at adab9ea, before the speed work
RUNS_DIGEST = "a681c40fbca5265abd590f6b72ab981a60628c7921114d7937cb0cc3a72c74e2"
CHARTS_DIGEST = "bd51a8e138f12cc65a8eeb6dbf53dbd9fee732daa60677b6f724e5f690fc79d7"
SIGNS_DIGEST = "5862f112183eaa525932bedb3ce94ad013b55d34869dd0946418fdd728a50c39"

RULES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("design", {}),
    ("prototype", {}),
    ("design", {"opponent_draws": "prebuilt", "rounding": "carry", "propagation_base": "raw"}),
    ("prototype", {"crit": "design", "sect": "propagation", "unlocks": "progression", "metaprogression": True}),
)


def _event_bytes(events: list[Any]) -> bytes:
    return b"".join(
        json.dumps([e.kind, e.data, e.text, sorted(e.visible_to or [])], sort_keys=True).encode() for e in events
    )


def runs_digest(seeds: int) -> str:
    h = hashlib.sha256()
    for ruleset, options in RULES:
        game = PrinceGame(ruleset, options)
        for seed in range(seeds):
            for policy_name in ("random", "greedy"):
                if policy_name == "greedy" and seed % 3:
                    continue  # greedy reads the exact preview: a few runs are enough
                policy = make_policy(policy_name, seed)
                state, events = game.start(seed)
                h.update(_event_bytes(events))
                while not state.is_terminal():
                    h.update("|".join(a.to_text() for a in state.legal_actions()).encode())
                    action = policy.choose(state)
                    h.update(action.to_text().encode())
                    h.update(_event_bytes(state.apply(action)))
                h.update(json.dumps(state.to_json(), sort_keys=True).encode())
                h.update(json.dumps(state.view_for(0), sort_keys=True).encode())
    return h.hexdigest()


def charts_digest() -> str:
    h = hashlib.sha256()
    for n, moment in enumerate(skyfield_moments()):
        chart = getattr(compute_chart, "__wrapped__", compute_chart)(moment)
        h.update(json.dumps(chart.to_json()).encode())
        if n % 20 == 0:
            h.update(chart_svg(chart).encode())
    return h.hexdigest()


def signs_digest(count: int) -> str:
    rng = Rng(2024)
    h = hashlib.sha256()
    for _ in range(count):
        moment = random_moment(rng)
        h.update(repr(getattr(chart_signs, "__wrapped__", chart_signs)(moment)).encode())
    return h.hexdigest()


def test_seeded_runs_replay_to_the_recorded_digest() -> None:
    assert runs_digest(6) == RUNS_DIGEST


def test_charts_of_the_skyfield_moments_are_byte_identical() -> None:
    assert charts_digest() == CHARTS_DIGEST


def test_opponent_signs_are_identical() -> None:
    assert signs_digest(1500) == SIGNS_DIGEST

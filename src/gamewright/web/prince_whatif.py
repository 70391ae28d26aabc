"""The Space Prince what-if tool's form: a scenario (the JSON shape of ``games/prince/scenario.py``) as form fields
and back, a game's position as a scenario, and a resolved turn told in words with readable numbers.

The form covers what a player thinks in: the ruleset, each side's day or night chart, every planet's sign,
affliction and burn-out, the two planets that meet and the dice (rolls or a seed). Whatever else a scenario
holds (options, spent exaltation rescues, carries, which aspects are active) rides along unchanged in a hidden
``base`` field; the JSON text box, under "Advanced", edits all of it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.limits import ascii_int, check_seed
from gamewright.core.text_input import check_depth
from gamewright.games.prince.scenario import DEFAULT_SIGN, example_text
from gamewright.games.prince.svg import PLANET_GLYPHS
from gamewright.games.prince.tables import PLANETS, SIGNS

SIDES = (("you", "player"), ("them", "opponent"))  # form prefix, scenario key
WHOSE = {"player": "your", "opponent": "their"}
TOP_COVERED = ("ruleset", "player_planet", "opponent_planet", "rolls", "seed")
SIDE_COVERED = ("signs", "sect", "affliction", "combust")
MAX_ROLLS = 64
MAX_BASE = 20_000  # characters, as the JSON box
MEETING = {"testimony": "both heal", "friction": "both hurt, at half strength", "affliction": "both hurt"}
RULESETS = ("design", "prototype")


# --- presets and a game's position ------------------------------------------------------------------------------
def scenario_of_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """A game's position (its public view) as a scenario: both charts and conditions, the table's rules, the planet
    the opponent sends now and the first planet the player could answer with; the dice left to the reader."""
    data: dict[str, Any] = {}
    rules = view.get("rules") or {}
    data["ruleset"] = rules.get("ruleset", "design")
    if rules.get("options"):
        data["options"] = dict(rules["options"])
    for key in ("player", "opponent"):
        side = view.get(key) or {}
        chart = side.get("chart") or {}
        out: dict[str, Any] = {}
        if chart.get("signs"):
            out["signs"] = dict(chart["signs"])
            out["sect"] = chart.get("sect", "night")
        out["affliction"] = {p: int(a) for p, a in (side.get("affliction") or {}).items() if a}
        out["combust"] = list(side.get("combust") or [])
        if side.get("exaltation_save_used"):
            out["exaltation_save_used"] = list(side["exaltation_save_used"])
        carry = {p: c for p, c in (side.get("carry") or {}).items() if str(c) not in ("0", "0/1")}
        if carry:
            out["carry"] = carry
        data[key] = out
    active = (view.get("progress") or {}).get("active_aspects")
    if active is not None:  # the Prince's own links; an opponent has all of its links (000 §12)
        data["player"]["aspects"] = [list(pair) for pair in active]
    ready = [p for p in view.get("unlocked") or PLANETS if p not in data["player"]["combust"]]
    data["player_planet"] = ready[0] if ready else PLANETS[0]
    standing = [p for p in PLANETS if p not in data["opponent"]["combust"]]
    data["opponent_planet"] = view.get("current") or (standing[0] if standing else PLANETS[0])
    return data


@cache
def _new_run() -> dict[str, Any]:
    from gamewright.core.game import load_game

    state = load_game("prince").new_initial_state(1)
    return scenario_of_view(state.public_view())  # type: ignore[attr-defined]  # a PrinceState


PRESETS: dict[str, tuple[str, Callable[[], dict[str, Any]]]] = {
    "example": ("The documented example (a bruised Mars, scripted dice)", lambda: json.loads(example_text())),
    "new-run": ("The first turn of a new run (the lobby's seeded Prince, seed 1)", _new_run),
}


def preset(name: str) -> dict[str, Any]:
    label_and_make = PRESETS.get(name) or PRESETS["example"]
    return json.loads(json.dumps(label_and_make[1]()))  # a copy: presets are shared


# --- the form, both ways ----------------------------------------------------------------------------------------
def _text(value: Any, default: str) -> str:
    return value if isinstance(value, str) else default


def _planet_name(value: Any, default: str) -> str:
    if isinstance(value, str):
        for p in PLANETS:
            if p.lower() == value.strip().lower():
                return p
    return default


def _sign_name(value: Any) -> str:
    if isinstance(value, str):
        for s in SIGNS:
            if s.lower() == value.strip().lower():
                return s
    return SIGNS[DEFAULT_SIGN]


def base_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario without the fields the form shows (what the hidden ``base`` carries)."""
    base = {k: v for k, v in data.items() if k not in TOP_COVERED}
    for _, key in SIDES:
        if isinstance(base.get(key), dict):
            rest = {k: v for k, v in base[key].items() if k not in SIDE_COVERED}
            if rest:
                base[key] = rest
            else:
                del base[key]
    return base


def fields_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The form's values for a scenario (anything the form cannot show as given is shown as its default)."""
    sides = {}
    for prefix, key in SIDES:
        side = data.get(key) if isinstance(data.get(key), dict) else {}
        assert isinstance(side, dict)
        signs = side.get("signs") if isinstance(side.get("signs"), dict) else {}
        affliction = side.get("affliction") if isinstance(side.get("affliction"), dict) else {}
        combust = side.get("combust") if isinstance(side.get("combust"), list) else []
        assert isinstance(signs, dict) and isinstance(affliction, dict) and isinstance(combust, list)
        signs = {_planet_name(k, ""): v for k, v in signs.items()}
        affliction = {_planet_name(k, ""): v for k, v in affliction.items()}
        burnt = {_planet_name(v, "") for v in combust}
        rows = [{"planet": p, "glyph": PLANET_GLYPHS[p], "sign": _sign_name(signs.get(p)),
                 "affliction": affliction.get(p) if isinstance(affliction.get(p), int) else 0, "burnt": p in burnt}
                for p in PLANETS]
        sides[prefix] = {"sect": "day" if side.get("sect") == "day" else "night", "rows": rows,
                         "whose": WHOSE[key]}
    rolls = data.get("rolls")
    return {
        "ruleset": data.get("ruleset") if data.get("ruleset") in RULESETS else "design",
        "player_planet": _planet_name(data.get("player_planet"), PLANETS[0]),
        "opponent_planet": _planet_name(data.get("opponent_planet"), PLANETS[0]),
        "rolls": " ".join(str(r) for r in rolls) if isinstance(rolls, list) else "",
        "seed": str(data["seed"]) if isinstance(data.get("seed"), int) and not isinstance(data["seed"], bool) else "",
        "base": json.dumps(base_of(data), separators=(",", ":")), "sides": sides,
    }


def _rolls(text: str) -> list[float]:
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    if len(words) > MAX_ROLLS:
        raise ConfigError(f"at most {MAX_ROLLS} rolls")
    out = []
    for w in words:
        try:
            if len(w) > 30:
                raise ValueError
            out.append(float(w))
        except ValueError:
            raise ConfigError(
                f"the rolls are numbers from 0 up to (not including) 1, like 0.25; {w[:30]!r} is not") from None
    return out


def scenario_of_form(query: Mapping[str, str], strict: bool = True) -> dict[str, Any]:
    """The scenario the form describes: the hidden ``base`` with every shown field laid over it. ``strict`` False
    never refuses (a bad number reads 0, a damaged base is dropped): the form shown again around an error."""

    def whole(text: str, what: str) -> int:
        try:
            return ascii_int(text, what)
        except ConfigError:
            if strict:
                raise
            return 0

    text = query.get("base", "") or "{}"
    try:
        if len(text) > MAX_BASE:
            raise ConfigError(f"the form's hidden scenario is longer than {MAX_BASE} characters")
        try:
            base = json.loads(text, parse_int=lambda digits: ascii_int(digits, "a number in the scenario"))
        except (json.JSONDecodeError, RecursionError):
            raise ConfigError("the form's hidden scenario is damaged: open the tool again") from None
        check_depth(base, "the scenario")
        if not isinstance(base, dict):
            raise ConfigError("the form's hidden scenario is damaged: open the tool again")
    except ConfigError:
        if strict:
            raise
        base = {}
    data: dict[str, Any] = dict(base)
    data["ruleset"] = query.get("ruleset") or "design"
    for prefix, key in SIDES:
        side = dict(base[key]) if isinstance(base.get(key), dict) else {}
        side["sect"] = query.get(f"{prefix}_sect") or "night"
        side["signs"] = {p: query.get(f"{prefix}_sign_{p}") or SIGNS[DEFAULT_SIGN] for p in PLANETS}
        side["affliction"] = {
            p: whole(query.get(f"{prefix}_aff_{p}") or "0", f"{WHOSE[key]} {p}'s affliction") for p in PLANETS}
        side["combust"] = [p for p in PLANETS if query.get(f"{prefix}_burnt_{p}")]
        data[key] = side
    data["player_planet"] = query.get("player_planet") or PLANETS[0]
    data["opponent_planet"] = query.get("opponent_planet") or PLANETS[0]
    seed = (query.get("seed") or "").strip()
    try:
        rolls = _rolls(query.get("rolls") or "")
    except ConfigError:
        if strict:
            raise
        rolls = []
    if seed:
        try:
            data["seed"] = check_seed(ascii_int(seed, "seed"))  # at most 30 digits read
        except ConfigError:
            if strict:
                raise
    elif rolls:
        data["rolls"] = rolls
    return data


# --- the result in words ----------------------------------------------------------------------------------------
def _change(delta: int) -> str:
    return f"+{delta}" if delta > 0 else (f"−{-delta}" if delta < 0 else "±0")


def told(data: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
    """The resolved turn as the page tells it: who met whom, the crits, what each planet took, the spread, the
    burn-out checks and the score; chances and amounts stay exact values the template shows readably."""
    sent, against = result["direct"]["player"]["planet"], result["direct"]["opponent"]["planet"]

    def sign_of(key: str, planet: str) -> str:
        side = data.get(key)
        signs = side.get("signs") if isinstance(side, dict) else None
        return _sign_name(signs.get(planet) if isinstance(signs, dict) else None)

    crits = [{"who": "you" if side == "player" else "them", "chance": result["crit_chances"][side],
              "roll": result["crit_rolls"][side], "hit": bool(result["crits"][side])}
             for side in ("player", "opponent")]
    direct = [{"who": f"{WHOSE[side].capitalize()} {d['planet']}", "change": _change(int(d["delta"])),
               "amount": d["amount"]} for side, d in result["direct"].items()]
    spread = [{"who": WHOSE[s["side"]].capitalize(), "from": s["from"], "to": s["to"], "aspect": s["aspect"],
               "polarity": s["polarity"], "change": _change(int(s["delta"])), "amount": s["amount"]}
              for s in result.get("propagation", [])]
    checks = [{"who": f"{WHOSE[c['side']]} {c['planet']}", "affliction": c["affliction"], "limit": c["threshold"],
               "dignity": c["dignity"], "chance": c["probability"], "roll": c["roll"],
               "outcome": "saved by its exaltation" if c["saved"] else ("burns out" if c["combusted"] else "holds")}
              for c in result.get("combustion_checks", [])]
    after = []
    for side in ("player", "opponent"):
        before_side = data.get(side) if isinstance(data.get(side), dict) else {}
        assert isinstance(before_side, dict)
        before = before_side.get("affliction") if isinstance(before_side.get("affliction"), dict) else {}
        assert isinstance(before, dict)
        now = result["after"][side]
        after.append({"whose": WHOSE[side], "rows": [
            {"planet": p, "glyph": PLANET_GLYPHS[p], "before": before.get(p, 0) if isinstance(before.get(p, 0), int)
             else 0, "after": now["affliction"][p], "burnt": p in now["combust"]} for p in PLANETS]})
    return {
        "sent": sent, "against": against, "sent_glyph": PLANET_GLYPHS[sent], "against_glyph": PLANET_GLYPHS[against],
        "sent_sign": sign_of("player", sent), "against_sign": sign_of("opponent", against),
        "polarity": result["polarity"], "meeting": MEETING.get(str(result["polarity"]), ""),
        "crits": crits, "direct": direct, "spread": spread, "checks": checks,
        "burnt": [f"{WHOSE[c['side']]} {c['planet']}" for c in result.get("combusted", [])],
        "saved": [f"{WHOSE[c['side']]} {c['planet']}" for c in result.get("exaltation_saves", [])],
        "score": result["score"], "after": after,
    }


def roll_text(roll: Any) -> str:
    """A die roll as read: three decimals (the exact draw stays in the JSON)."""
    return f"{float(roll):.3f}" if isinstance(roll, (int, float)) else str(roll)

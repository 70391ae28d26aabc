"""Affinity's table tools, shared by the CLI and the web: exact pool odds and one attack against layered defence
as documents (``affinity odds --json``, ``affinity defend --json`` and the assistant pages), a rest, heal or
potion on a sheet, and a social duel's after-effects on the speakers' stored sheets.

Imported when ``affinity odds`` starts, so the engine modules load inside the functions that use them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gamewright.core.dice import fraction_text
from gamewright.core.errors import ConfigError
from gamewright.core.limits import ascii_int, bounded
from gamewright.core.rng import Rng
from gamewright.core.text_input import parse_int_list
from gamewright.games.affinity import limits as lim


def prob(value: Fraction, exact: bool) -> Any:
    """A probability as the documents write it: an exact ``a/b`` string, or a float."""
    return fraction_text(value) if exact else float(value)


def odds_doc(dice: int, threshold: int, exertion: int, required: int | None,
             exact: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """``affinity odds --json``'s document (and the engine's result), checked as the command checks its options."""
    from gamewright.games.affinity import pools

    lim.check_all(**{"--dice": ("dice", dice), "--exertion": ("dice", exertion)})
    lim.check("dice", dice + exertion, "--dice + --exertion")
    if required is not None:
        bounded(required, 0, 2 * lim.MAX_ODDS_DICE, "--required")
    result = pools.odds(dice, exertion, threshold, required)
    doc: dict[str, Any] = {"at_least": {str(k): prob(v, exact) for k, v in result["at_least"].items()},
                           "expected": prob(result["expected"], exact)}
    if required is not None:
        doc["success"] = prob(result["success"], exact)
    if exertion:
        doc["burn"] = {str(k): prob(v, exact) for k, v in result["burn"].items()}
    return doc, result


def defend_doc(layers: str, capacity: int, damage: int, rolls: str | None, bonus: int, show_odds: bool,
               seed: int) -> tuple[dict[str, Any], Any, list[Any]]:
    """``affinity defend --json``'s document (with the engine's result and the parsed layers)."""
    from gamewright.games.affinity.defence import parse_layers, resolve_defence, scripted_roller
    from gamewright.games.affinity.pools import defence_outcomes

    lim.check_all(**{"--capacity": ("capacity", capacity), "--damage": ("damage", damage),
                     "--bonus": ("defence_bonus", bonus), "--seed": ("seed", seed)})
    parsed = parse_layers(layers)
    given = parse_int_list(rolls, "--rolls")
    roller = scripted_roller(given) if given is not None else Rng(seed).die
    start = [(la.sides, la.count) for la in parsed]
    result = resolve_defence(parsed, capacity, damage, roller, bonus)
    doc: dict[str, Any] = {"layers": result.layers, "cancelled": result.cancelled, "lost": result.lost,
                           "overflow": result.overflow, "rolls": result.bonus_rolls + result.rolls}
    if bonus:
        doc["bonus_rolls"] = result.bonus_rolls
    if show_odds:  # the exact distribution, extra d6 included
        dist = defence_outcomes(tuple((s, c, la.survive) for (s, c), la in zip(start, parsed, strict=True)),
                                capacity, damage, bonus)
        total = sum(c for _, c in start)
        doc["odds_lost"] = {str(k): float(v) for k, v in dist.map(lambda o: total - sum(o[0])).items()}
    return doc, result, parsed


# --- rest and healing ------------------------------------------------------------------------------------------
def parse_heal(text: str) -> tuple[int, int]:
    """``2d8`` → (2, 8), both within the rules' bounds."""
    bits = text.lower().split("d")
    if len(bits) != 2:
        raise ConfigError(f"--heal {text[:40]!r} is not dice like 2d8")
    count = lim.check("heal_dice", ascii_int(bits[0], "--heal dice"), "--heal: the number of dice")
    sides = lim.check("sides", ascii_int(bits[1], "--heal die size"), "--heal: the die size")
    return count, sides


def rest_action(sheet: Any, rng: Rng, kind: str, mend: bool | None, dice: tuple[int, int] | None,
                potion: str | None, healing: str, rest_resolve: str = "one") -> dict[str, Any]:
    """One rest, heal or potion on a sheet: a potion if one is named, else healing dice if given, else the rest
    ``kind`` (rest, recover or wake); ``rest_resolve`` is the ruling's option for a Rest's Resolve (RULINGS)."""
    from gamewright.games.affinity import rest as rr

    rr.rest_resolve(0, rest_resolve)  # an unknown rule is refused whatever the kind
    if potion:
        return rr.drink(sheet, rng, potion, healing)
    if dice:
        return rr.heal(sheet, rng, dice[0], dice[1], healing)
    if kind == "rest":
        return rr.rest(sheet, mend, rest_resolve)
    if kind == "recover":
        return rr.recover(sheet)
    if kind == "wake":
        return rr.wake(sheet)
    raise ConfigError(f"--kind {kind[:40]!r}: choose rest, recover or wake")


# --- social duels ----------------------------------------------------------------------------------------------
def duel_after_effects(log: list[dict[str, Any]], speakers: dict[str, Any], sheets: dict[str, Any]) -> None:
    """What a duel leaves on the stored speakers' sheets (``sheets`` by side, ``a`` and ``b``; a speaker given
    as NAME:PROF has none): 003 Exertion Dice — each exertion 1 burns a body HD; lost Resolve stays lost."""
    for side, sheet in sheets.items():
        sheet.hd = max(0, sheet.hd - sum(entry[side]["burned"] for entry in log))
        sheet.resolve = speakers[side].resolve


def save_duel(log: list[dict[str, Any]], speakers: dict[str, Any], sheets: dict[str, Any],
              loaded: dict[str, dict[str, Any]]) -> None:
    """A duel's after-effects written back to the stored sheets in one transaction (``duel --save``), refused
    when another command changed a sheet while the duel ran (``loaded``: each sheet as it was read)."""
    from gamewright.app.affinity_sheets import write_back

    duel_after_effects(log, speakers, sheets)
    if sheets:
        write_back(list(sheets.values()), [loaded[side] for side in sheets])

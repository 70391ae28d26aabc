"""Layered defence, one die per point of damage (ref §1): capacity in a fight, +N and −N defence dice, and the
`affinity defend` exact interface."""

from __future__ import annotations

import json

import pytest

from gamewright.core.errors import ConfigError
from gamewright.games.affinity.combat import Act
from gamewright.games.affinity.defence import Layer, parse_layers, resolve_defence, scripted_roller

from .helpers import adjacent, scenario, turn_of


def _run(layers: str, capacity: int, damage: int, rolls: list[int], bonus: int = 0):
    parsed = parse_layers(layers)
    return resolve_defence(parsed, capacity, damage, scripted_roller(rolls), bonus)


def test_example_defense_sequence_as_the_reference_reads_it() -> None:
    # 003 "Example Defense Sequence": 5d10 body + 2d8 armour, DC 2, 4 damage, rolls 6 and 3.
    # The document ends at 3d10 body (4 lost); ref §1 rules one die per point: 4d10 body, 3 lost.
    res = _run("armor:2d8,body:5d10", 2, 4, [6, 3])
    assert res.layers == {"armor": 0, "body": 4}
    assert (res.cancelled, res.lost, res.overflow, res.rolls) == (1, 3, 0, [6, 3])


def test_example_defense_with_armor_older_model_not_followed() -> None:
    # 003 "Example Defense with Armor" (Level 5 Combatant, heavy 2d10 + shield d12, Prof 3, 4 damage, rolls
    # 7, 3, 5 …): ref §1 calls the roll-a-layer-then-the-body model older. One die per point, outermost first:
    # the shield's 7 cancels, its 3 destroys it, the armour's 5 cancels, the last point destroys an armour die.
    res = _run("shield:1d12,armor:2d10,body:13d10", 3, 4, [7, 3, 5, 8, 4, 6])
    assert res.layers == {"shield": 0, "armor": 1, "body": 13}
    assert (res.cancelled, res.lost, res.rolls) == (2, 2, [7, 3, 5])


def test_overflow_when_every_layer_is_gone() -> None:
    res = _run("body:2d6", 1, 5, [6])
    assert res.layers == {"body": 0} and (res.cancelled, res.lost, res.overflow) == (1, 2, 2)
    res = _run("body:2d6", 1, 5, [2])
    assert res.layers == {"body": 0} and res.lost == 2 and res.overflow == 3


def test_bonus_dice_rolled_first_and_cost_nothing() -> None:
    res = _run("body:3d8", 1, 2, [5, 1, 8])
    assert res.bonus_rolls == [] and res.cancelled == 1
    res = _run("body:3d8", 1, 2, [5, 2, 8], bonus=2)
    assert res.bonus_rolls == [5, 2] and res.rolls == [8] and res.lost == 0 and res.cancelled == 2


def test_survive_threshold_per_layer() -> None:
    layers = [Layer("armor", 10, 2, survive=4), Layer("body", 10, 3)]
    res = resolve_defence(layers, 2, 2, scripted_roller([4, 4]))
    assert res.cancelled == 2 and res.lost == 0


def test_cli_exact_interface(cli) -> None:
    code, out, err = cli("affinity", "defend", "--layers", "armor:2d8,body:5d10", "--capacity", "2", "--damage", "4",
                         "--rolls", "6,3", "--json")
    assert code == 0, err
    assert json.loads(out) == {"layers": {"armor": 0, "body": 4}, "cancelled": 1, "lost": 3, "overflow": 0,
                               "rolls": [6, 3]}


def test_cli_extra_rolls_ignored_and_seeded_rolls(cli) -> None:
    code, out, _ = cli("affinity", "defend", "--layers", "armor:2d8,body:5d10", "--capacity", "2", "--damage", "4",
                       "--rolls", "6,3,1,1,1", "--json")
    assert json.loads(out)["rolls"] == [6, 3]
    a = cli("affinity", "defend", "--layers", "spell:2d12,body:4d6", "--capacity", "1", "--damage", "3",
            "--seed", "5", "--json")[1]
    b = cli("affinity", "defend", "--layers", "spell:2d12,body:4d6", "--capacity", "1", "--damage", "3",
            "--seed", "5", "--json")[1]
    assert a == b and len(json.loads(a)["rolls"]) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--layers", "armor:2d8", "--capacity", "2", "--damage", "2", "--rolls", "9"], "not a face of the d8"),
        (["--layers", "armor:2d8", "--capacity", "2", "--damage", "2", "--rolls", "2"], "ran out"),
        (["--layers", "armor2d8", "--capacity", "2", "--damage", "2"], "LABEL:NdS"),
        (["--layers", "a:1d6,a:1d6", "--capacity", "2", "--damage", "2"], "used twice"),
        (["--layers", "a:1d6", "--capacity", "0", "--damage", "2"], "from 1 to"),
        (["--layers", "a:1d6", "--capacity", "1", "--damage", "1", "--rolls", "x"], "whole numbers"),
    ],
)
def test_cli_bad_input_one_line(cli, args: list[str], message: str) -> None:
    code, out, err = cli("affinity", "defend", *args, "--json")
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_parse_layers_errors() -> None:
    with pytest.raises(ConfigError):
        parse_layers("")


def test_defence_capacity_with_stage_and_analyze_never_below_one() -> None:
    """ref §1 Defence: DC = Proficiency (≥ 1); Resolve stages and Analyze take rolls away, never below 1 die."""
    state = scenario(level=5, creature="veteran_sellsword")
    vet = state.fighters[4]  # Proficiency 3, listed Resolve 3
    assert state.incoming(vet, 4, "slashing", False)[1] == 3
    vet.resolve = 1  # stage 5 − (3 − 1) = 3, Shaken: −1
    assert state.incoming(vet, 4, "slashing", False)[1] == 2
    vet.analysed = 0  # Analyze: −1 more
    assert state.incoming(vet, 4, "slashing", False)[1] == 1
    vet.resolve = 0  # stage 2 (−1) and Analyze (−1) from 3 → 1
    assert state.incoming(vet, 4, "slashing", False)[1] == 1
    bram = state.fighters[0]
    bram.resolve = 1  # Staggering −2 from Proficiency 3
    assert state.incoming(bram, 4, "slashing", False)[1] == 1


def test_plus_n_defence_dice_rolled_first_failures_cost_nothing() -> None:
    """ref §1 "Defence dice from effects": Defend's +2d6 are rolled first; each 5+ cancels, a failure costs nothing."""
    state = scenario()
    bram = state.fighters[0]
    turn_of(state, 0)
    state.apply(Act("use", "defend"))
    assert bram.defend_bonus == 2
    adjacent(state, 4, 0)
    # knife 2, 2 → 2 successes → 1 + min(1, 1) = 2 damage; extra d6 1 (nothing), 5 (cancels); shield d12 3 → lost
    turn_of(state, 4, dice=[2, 2, 1, 5, 3])
    events = state.apply(Act("use", "knife", 0))
    dmg = next(e for e in events if e.kind == "damage")
    assert dmg.data["bonus_rolls"] == [1, 5] and dmg.data["rolls"] == [3]
    assert (dmg.data["cancelled"], dmg.data["lost"]) == (1, 1)
    assert [la.count for la in bram.layers] == [0, 2] and bram.hd == 5


def test_minus_n_defence_dice_swarm_vs_area() -> None:
    """ref §4 Wolf Pack: +2d6 defence vs single targets, −2 defence dice vs area (never below 1 roll)."""
    state = scenario(creature="wolf_pack")
    pack = state.fighters[4]
    _, cap, bonus, _ = state.incoming(pack, 2, "slashing", False)
    assert (cap, bonus) == (1, 2)
    _, cap, bonus, _ = state.incoming(pack, 2, "fire", True)
    assert (cap, bonus) == (1, 0)

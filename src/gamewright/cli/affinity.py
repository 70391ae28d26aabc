"""``gamewright affinity``: exact odds, defence, character sheets, fights, tasks, travel, chases, duels, rest."""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table

from gamewright.app.affinity_sheets import (
    create_sheet,
    edit_sheets,
    level_up_stored,
    list_sheets,
    load_sheet,
    sheet_doc,
)
from gamewright.app.affinity_tools import defend_doc, odds_doc
from gamewright.app.affinity_tools import prob as _prob
from gamewright.cli.common import JSON_OPTION, SEED_OPTION, console, print_json, sub_app
from gamewright.cli.lazy import COMMAND_LINE, ArgvCommand, LazyCommands
from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.affinity import limits as lim


class AffinityCommands(LazyCommands):
    # the fights and the commands outside combat live in their own modules, imported only when one of them runs
    lazy = {"fight": "gamewright.cli.affinity_fight", "conformance": "gamewright.cli.affinity_fight",
            **dict.fromkeys(("task", "travel", "chase", "duel", "rest"), "gamewright.cli.affinity_outside"),
            "party": "gamewright.cli.affinity_party"}


app = sub_app("affinity", "Affinity: exact dice-pool odds, layered defence, characters, fights and adventures.",
              AffinityCommands)
character_app = sub_app("character", "Create, show, list and level up stored Affinity character sheets.")
app.add_typer(character_app, name="character")


# --- odds ------------------------------------------------------------------------------------------------------

def designer_grid(exact: bool, json_out: bool) -> None:
    """Print the designer's grid (``odds --table``)."""
    from gamewright.games.affinity import pools

    rows = pools.designer_grid()
    if json_out:
        print_json([{**r, "success": _prob(r["success"], exact)} for r in rows])
        return
    out = Table(title="Chance of success, easiest first (safe dice only)")
    for col in ("dice", "threshold", "required", "success"):
        out.add_column(col, justify="right")
    for r in rows:
        out.add_row(str(r["dice"]), f"{r['threshold']}+", str(r["required"]),
                    f"{float(r['success']):.4%}" if not exact else _prob(r["success"], True))
    console.print(out)


_GRID_FLAGS = "affinity odds flags"
_GRID_ONLY = {"--table", "--exact", "--json"}


def _grid_first(ctx: typer.Context, param: typer.CallbackParam, value: bool) -> bool:
    """``--table``, ``--exact`` and ``--json`` are eager flags, read before the other options: when they are all
    the command line holds, ``--table`` prints the grid and stops, like ``--help``. Anything else on the line is
    read as usual (a bad value or an extra argument is refused, exit 2) and the grid is printed after."""
    if ctx.resilient_parsing:
        return value
    flags = ctx.meta.setdefault(_GRID_FLAGS, {})
    flags[param.name] = value
    if len(flags) == 3 and flags["table"] and set(ctx.meta.get(COMMAND_LINE, ["?"])) <= _GRID_ONLY:
        designer_grid(flags["exact"], flags["json_out"])
        raise typer.Exit()
    return value


@app.command(cls=ArgvCommand)
def odds(
    dice: int = typer.Option(0, "--dice", help=f"Safe dice (proficiency, bonus, Affinity): 1s cost nothing. "
                             f"{lim.help_range('dice')}, with --exertion at most {lim.MAX_ODDS_DICE} in all."),
    threshold: int = typer.Option(None, "--threshold", help="Success threshold 2–6 (Basic 2+ … Ultimate 6)."),
    exertion: int = typer.Option(0, "--exertion", help=f"Exertion dice: each 1 burns one HD. "
                                 f"{lim.help_range('dice')}."),
    required: int = typer.Option(None, "--required", help=f"Required successes: adds the chance of success "
                                 f"(0–{2 * lim.MAX_ODDS_DICE}: a die gives at most 2)."),
    exact: bool = typer.Option(False, "--exact", help="Print every probability as an exact a/b string.",
                               is_eager=True, callback=_grid_first),
    table: bool = typer.Option(False, "--table", help="The designer's grid: dice 1–10 × threshold × required.",
                               is_eager=True, callback=_grid_first),
    json_out: bool = typer.Option(False, "--json", help=JSON_OPTION.help, is_eager=True, callback=_grid_first),
) -> None:
    """Exact odds of an action pool: successes (6s count two) and HD burned by exertion dice."""
    if table:  # with other options on the command line (``_grid_first`` prints it when there are none)
        designer_grid(exact, json_out)
        return
    if threshold is None:
        raise ConfigError("--threshold is required (2–6), or use --table for the designer's grid")
    doc, result = odds_doc(dice, threshold, exertion, required, exact)
    if json_out:
        print_json(doc)
        return
    title = f"{dice} safe + {exertion} exertion dice at {threshold}+"
    out = Table(title=title)
    out.add_column("successes ≥", justify="right")
    out.add_column("chance", justify="right")
    for k, v in result["at_least"].items():
        out.add_row(str(k), _prob(v, True) if exact else f"{float(v):.4%}")
    console.print(out)
    console.print(f"expected successes: {float(result['expected']):.4f}")
    if required is not None:
        console.print(f"chance of ≥ {required} (success): {float(result['success']):.4%}")
    if exertion:
        burn = ", ".join(f"{k}: {float(v):.2%}" for k, v in result["burn"].items())
        console.print(f"HD burned: {burn}")


# --- defend ----------------------------------------------------------------------------------------------------
@app.command()
def defend(
    layers: str = typer.Option(..., "--layers", help="Layers outermost first, LABEL:NdS, e.g. armor:2d8,body:5d10."),
    capacity: int = typer.Option(..., "--capacity", help="Defence capacity: rolls per attack (Proficiency, ≥ 1), "
                                 f"{lim.help_range('capacity')}."),
    damage: int = typer.Option(..., "--damage", help=f"Incoming damage in HD, {lim.help_range('damage')} (past "
                               "every die of the largest defender each point is overflow)."),
    rolls: str = typer.Option(None, "--rolls", help="The defence rolls in use order, e.g. 6,3 (extra ones ignored)."),
    bonus: int = typer.Option(0, "--bonus", help="Extra d6 defence dice rolled first (Defend, shields, swarms), "
                              f"{lim.help_range('defence_bonus')}."),
    show_odds: bool = typer.Option(False, "--odds", help="Add the exact distribution of dice lost."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Resolve one attack against layered defence: one die per point of damage (ref §1 Defence).

    Layers: at most 5 (spell, shield, armour, temp, body), each 0–50 dice of d2–d20."""
    doc, result, parsed = defend_doc(layers, capacity, damage, rolls, bonus, show_odds, seed)
    if json_out:
        print_json(doc)
        return
    console.print(f"rolls {doc['rolls']}: {result.cancelled} cancelled, {result.lost} dice lost, "
                  f"{result.overflow} overflow")
    for la in parsed:
        console.print(f"  {la.label}: {la.count}d{la.sides}")
    if show_odds:
        console.print("dice lost: " + ", ".join(f"{k}: {v:.2%}" for k, v in doc["odds_lost"].items()))


# --- characters ------------------------------------------------------------------------------------------------
@character_app.command("new")
def character_new(
    name: str = typer.Argument(..., help="The character's name (unique)."),
    cls: str = typer.Option(..., "--class", help="combatant, priest, ranger, scholar, weaver, shaman or sovereign."),
    level: int = typer.Option(1, "--level", help=f"Level {lim.help_range('level')}."),
    virtue: str = typer.Option("guardian", "--virtue", help="Defining Virtue (memory, communion, guardian, …)."),
    weapon: str = typer.Option(None, "--weapon", help="Weapon key (default: the class kit's)."),
    armour: str = typer.Option(None, "--armour", help="none, light, medium or heavy (default: the kit's)."),
    shield: bool = typer.Option(None, "--shield/--no-shield", help="Carry a shield (default: the kit's)."),
    way: str = typer.Option("", "--way", help="The Way chosen at level 1 (from the class document)."),
    way_node: list[str] = typer.Option([], "--way-node", help="A Way node taken (one per level; repeatable)."),
    path_feat: list[str] = typer.Option([], "--path-feat", help="A Path feat (levels 1, 3, 6, 9, 10; repeatable)."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Create and store a character sheet with its class kit."""
    sheet = create_sheet(name, cls, level, virtue, weapon, armour, shield, way, way_node, path_feat)
    if json_out:
        print_json(sheet_doc(sheet))
    else:
        console.print(sheet.notation(), highlight=False)


@character_app.command("show")
def character_show(name: str = typer.Argument(...), json_out: bool = JSON_OPTION) -> None:
    """Show a stored character sheet in the document's notation."""
    sheet = load_sheet(name)
    if json_out:
        print_json(sheet_doc(sheet))
    else:
        console.print(sheet.notation(), highlight=False)


@character_app.command("list")
def character_list(json_out: bool = JSON_OPTION) -> None:
    """List stored character sheets."""
    rows = list_sheets()
    if json_out:
        print_json([{"name": s.name, "class": s.class_key, "level": s.level, "hd": s.hd, "hd_max": s.hd_max,
                     "resolve": s.resolve, "status": s.status, "affinity": s.affinity} for s in rows])
        return
    out = Table(title="Affinity characters")
    for col in ("name", "class", "level", "HD", "Resolve", "status", "Affinity"):
        out.add_column(col)
    for s in rows:
        out.add_row(s.name, s.cls.name, str(s.level), f"{s.hd}d{s.hd_die}/{s.hd_max}", str(s.resolve), s.status,
                    f"{s.affinity}/{s.affinity_cap}")
    console.print(out)


@character_app.command("level-up")
def character_level_up(
    name: str = typer.Argument(...),
    way_node: list[str] = typer.Option([], "--way-node", help="The Way node this level grants."),
    path_feat: list[str] = typer.Option([], "--path-feat", help="The Path feat (at levels 3, 6, 9, 10)."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Advance a stored character one level (Hit Dice, abilities, a Way node, Path feats at 3, 6, 9, 10)."""
    sheet, gained = level_up_stored(name, way_node, path_feat)
    if json_out:
        print_json({**sheet_doc(sheet), "gained": gained})
    else:
        console.print(f"{sheet.name} is now level {sheet.level}: " + "; ".join(gained), highlight=False)


@character_app.command("magical-armor")
def character_magical_armor(name: str = typer.Argument(...), json_out: bool = JSON_OPTION) -> None:
    """Perform the Weaver's 10-minute Magical Armor ritual: a 2d12 outermost layer until depleted."""
    with edit_sheets(name) as (sheet,):
        if "magical_armor" not in sheet.features:
            raise RuleViolation("Magical Armor", f"{sheet.name} does not know the ritual", "ref §3 Weaver")
        sheet.spell_armour = 2  # one at a time per caster: a new casting replaces the old layer
    if json_out:
        print_json(sheet_doc(sheet))
    else:
        console.print(sheet.notation(), highlight=False)


@character_app.command("affinity")
def character_affinity(
    name: str = typer.Argument(...),
    verb: str = typer.Argument(..., help="gain | spend | share | betray | new-day"),
    count: int = typer.Option(1, "--count", help=f"Dice to spend or share, {lim.help_range('affinity')} (the "
                              "Level caps what is stored)."),
    to: str = typer.Option(None, "--to", help="The ally who receives shared dice."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Affinity dice: gain (≤ Proficiency a day), spend, share with an ally, lose all by betrayal."""
    check_affinity_verb(name, verb, count, to)
    with edit_sheets(*([name, to] if verb == "share" else [name])) as sheets:
        doc = affinity_verb(sheets, verb, count)
        sheet = sheets[0]
    if json_out:
        print_json(doc)
    else:
        console.print(f"{sheet.name}: {sheet.affinity}/{sheet.affinity_cap} Affinity dice stored", highlight=False)


def check_affinity_verb(name: str, verb: str, count: int, to: str | None) -> None:
    lim.check("affinity", count, "--count")
    if verb not in AFFINITY_VERBS:
        raise ConfigError(f"unknown verb {verb!r}; choose {', '.join(AFFINITY_VERBS)}")
    if verb == "share" and not to:
        raise ConfigError("share needs --to ALLY")
    if verb == "share" and to == name:  # 003 Sharing: to an ally (a self-share would lose the dice on saving)
        raise RuleViolation("share Affinity", "share with an ally, not yourself", "003 Sharing Affinity Dice")


AFFINITY_VERBS = ("gain", "spend", "share", "betray", "new-day")


def affinity_verb(sheets: list[Any], verb: str, count: int) -> dict[str, Any]:
    """One Affinity-dice verb on ``sheets[0]`` (``sheets[1]`` receives a share), as 003 limits it."""
    from gamewright.games.affinity import character as ch

    sheet = sheets[0]
    doc: dict[str, Any] = {"name": sheet.name}
    if verb == "gain":
        ch.gain_affinity(sheet)
    elif verb == "spend":
        ch.spend_affinity(sheet, count)
    elif verb == "share":
        ch.share_affinity(sheet, sheets[1], count)
        doc["to"] = {"name": sheets[1].name, "affinity": sheets[1].affinity}
    elif verb == "betray":
        doc["lost"] = ch.betray_virtue(sheet)
    else:
        ch.new_day(sheet)
    return {**doc, "affinity": sheet.affinity, "cap": sheet.affinity_cap}


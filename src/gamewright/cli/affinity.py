"""``gamewright affinity``: exact odds, defence, character sheets, fights, tasks, travel, chases, duels, rest."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from gamewright.cli.common import JSON_OPTION, SEED_OPTION, console, parse_int_list, print_json, progress, sub_app
from gamewright.core.dice import fraction_text
from gamewright.core.errors import ConfigError, Conflict, NotFound, RuleViolation
from gamewright.core.limits import check_name
from gamewright.core.rng import Rng

app = sub_app("affinity", "Affinity: exact dice-pool odds, layered defence, characters, fights and adventures.")
character_app = sub_app("character", "Create, show, list and level up stored Affinity character sheets.")
app.add_typer(character_app, name="character")


def _prob(value: Fraction, exact: bool) -> Any:
    return fraction_text(value) if exact else float(value)


# --- odds ------------------------------------------------------------------------------------------------------
MAX_ODDS_DICE = 100


@app.command()
def odds(
    dice: int = typer.Option(0, "--dice", help="Safe dice (proficiency, bonus, Affinity): 1s cost nothing."),
    threshold: int = typer.Option(None, "--threshold", help="Success threshold 2–6 (Basic 2+ … Ultimate 6)."),
    exertion: int = typer.Option(0, "--exertion", help="Exertion dice: each 1 burns one HD."),
    required: int = typer.Option(None, "--required", help="Required successes: adds the chance of success."),
    exact: bool = typer.Option(False, "--exact", help="Print every probability as an exact a/b string."),
    table: bool = typer.Option(False, "--table", help="The designer's grid: dice 1–10 × threshold × required."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Exact odds of an action pool: successes (6s count two) and HD burned by exertion dice."""
    from gamewright.games.affinity import pools

    if table:
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
        return
    if threshold is None:
        raise ConfigError("--threshold is required (2–6), or use --table for the designer's grid")
    if dice < 0 or exertion < 0:
        raise ConfigError("--dice and --exertion cannot be negative")
    if dice + exertion > MAX_ODDS_DICE:  # an exact table this size takes minutes; no table needs it
        raise ConfigError(f"--dice + --exertion is at most {MAX_ODDS_DICE} (got {dice + exertion})")
    result = pools.odds(dice, exertion, threshold, required)
    doc: dict[str, Any] = {"at_least": {str(k): _prob(v, exact) for k, v in result["at_least"].items()},
                           "expected": _prob(result["expected"], exact)}
    if required is not None:
        doc["success"] = _prob(result["success"], exact)
    if exertion:
        doc["burn"] = {str(k): _prob(v, exact) for k, v in result["burn"].items()}
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
    capacity: int = typer.Option(..., "--capacity", help="Defence capacity: rolls per attack (Proficiency, ≥ 1)."),
    damage: int = typer.Option(..., "--damage", help="Incoming damage in HD."),
    rolls: str = typer.Option(None, "--rolls", help="The defence rolls in use order, e.g. 6,3 (extra ones ignored)."),
    bonus: int = typer.Option(0, "--bonus", help="Extra d6 defence dice rolled first (Defend, shields, swarms)."),
    show_odds: bool = typer.Option(False, "--odds", help="Add the exact distribution of dice lost."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Resolve one attack against layered defence: one die per point of damage (ref §1 Defence)."""
    from gamewright.games.affinity.defence import parse_layers, resolve_defence, scripted_roller
    from gamewright.games.affinity.pools import defence_distribution

    parsed = parse_layers(layers)
    if capacity < 1:
        raise ConfigError("--capacity is at least 1 (you always roll at least one defence die)")
    if damage < 0 or bonus < 0:
        raise ConfigError("--damage and --bonus cannot be negative")
    given = parse_int_list(rolls, "--rolls")
    roller = scripted_roller(given) if given is not None else Rng(seed).die
    start = [(la.sides, la.count) for la in parsed]
    result = resolve_defence(parsed, capacity, damage, roller, bonus)
    doc: dict[str, Any] = {"layers": result.layers, "cancelled": result.cancelled, "lost": result.lost,
                           "overflow": result.overflow, "rolls": result.bonus_rolls + result.rolls}
    if bonus:
        doc["bonus_rolls"] = result.bonus_rolls
    if show_odds:
        dist = defence_distribution(start, capacity, damage)
        doc["odds_lost"] = {str(k): float(v) for k, v in dist.marginal(0).items()}
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
def _load_sheet(name: str) -> Any:
    from gamewright.games.affinity.character import RECORD_KIND, Sheet
    from gamewright.store import get_record

    try:
        return Sheet.from_json(get_record(RECORD_KIND, name))
    except NotFound:
        raise NotFound(f"no Affinity character named {name!r}; see `gamewright affinity character list`") from None


def _save_sheet(sheet: Any, replace: bool = True) -> None:
    from gamewright.games.affinity.character import RECORD_KIND
    from gamewright.store import put_record

    put_record(RECORD_KIND, sheet.name, sheet.to_json(), replace=replace)


@contextmanager
def _edit_sheets(*names: str) -> Iterator[list[Any]]:
    """Stored sheets locked for one transaction: what the block changes (or puts in the list) is saved when it
    ends, and no other process can change them in between (a read-modify-write that loses nothing)."""
    from gamewright.games.affinity.character import RECORD_KIND, Sheet
    from gamewright.store import edit_records

    opened = False
    try:
        with edit_records(RECORD_KIND, names) as docs:
            opened = True
            sheets = [Sheet.from_json(docs[n]) for n in names]
            yield sheets
            docs.update({n: sheet.to_json() for n, sheet in zip(names, sheets, strict=True)})
    except NotFound as exc:
        if opened:
            raise
        missing = next((n for n in names if str(exc).startswith(f"no {RECORD_KIND} named {n!r}")), names[0])
        raise NotFound(f"no Affinity character named {missing!r}; see `gamewright affinity character list`") from None


def _write_back(sheets: list[Any], loaded: list[dict[str, Any]]) -> None:
    """Save sheets that a long command (a fight, a duel) changed, unless another command changed them since
    it read them: then nothing is written and the clash is reported."""
    with _edit_sheets(*(s.name for s in sheets)) as stored:
        for now, before in zip(stored, loaded, strict=True):
            if now.to_json() != before:
                raise Conflict(f"{now.name}'s stored sheet changed while this ran (another command saved it); "
                               "nothing was written back")
        stored[:] = sheets


def _sheet_doc(sheet: Any) -> dict[str, Any]:
    return {**sheet.to_json(), "proficiency": sheet.proficiency, "hd_max": sheet.hd_max, "hd_die": sheet.hd_die,
            "abilities": sheet.abilities, "features": sheet.features,
            "pending": sheet.pending_choices(), "notation": sheet.notation()}


@character_app.command("new")
def character_new(
    name: str = typer.Argument(..., help="The character's name (unique)."),
    cls: str = typer.Option(..., "--class", help="combatant, priest, ranger, scholar, weaver, shaman or sovereign."),
    level: int = typer.Option(1, "--level", help="Level 1–10."),
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
    from gamewright.games.affinity.character import new_sheet

    name = check_name(name, "a character's name")
    sheet = new_sheet(name, cls, level, virtue, weapon, armour, shield, way, way_node, path_feat)
    _save_sheet(sheet, replace=False)
    if json_out:
        print_json(_sheet_doc(sheet))
    else:
        console.print(sheet.notation(), highlight=False)


@character_app.command("show")
def character_show(name: str = typer.Argument(...), json_out: bool = JSON_OPTION) -> None:
    """Show a stored character sheet in the document's notation."""
    sheet = _load_sheet(name)
    if json_out:
        print_json(_sheet_doc(sheet))
    else:
        console.print(sheet.notation(), highlight=False)


@character_app.command("list")
def character_list(json_out: bool = JSON_OPTION) -> None:
    """List stored character sheets."""
    from gamewright.games.affinity.character import RECORD_KIND, Sheet
    from gamewright.store import list_records

    rows = [Sheet.from_json(data) for _, data in list_records(RECORD_KIND)]
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
    from gamewright.games.affinity.character import level_up

    with _edit_sheets(name) as (sheet,):
        gained = level_up(sheet, way_node, path_feat)
    if json_out:
        print_json({**_sheet_doc(sheet), "gained": gained})
    else:
        console.print(f"{sheet.name} is now level {sheet.level}: " + "; ".join(gained), highlight=False)


@character_app.command("magical-armor")
def character_magical_armor(name: str = typer.Argument(...), json_out: bool = JSON_OPTION) -> None:
    """Perform the Weaver's 10-minute Magical Armor ritual: a 2d12 outermost layer until depleted."""
    with _edit_sheets(name) as (sheet,):
        if "magical_armor" not in sheet.features:
            raise RuleViolation("Magical Armor", f"{sheet.name} does not know the ritual", "ref §3 Weaver")
        sheet.spell_armour = 2  # one at a time per caster: a new casting replaces the old layer
    if json_out:
        print_json(_sheet_doc(sheet))
    else:
        console.print(sheet.notation(), highlight=False)


@character_app.command("affinity")
def character_affinity(
    name: str = typer.Argument(...),
    verb: str = typer.Argument(..., help="gain | spend | share | betray | new-day"),
    count: int = typer.Option(1, "--count", help="Dice to spend or share."),
    to: str = typer.Option(None, "--to", help="The ally who receives shared dice."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Affinity dice: gain (≤ Proficiency a day), spend, share with an ally, lose all by betrayal."""
    from gamewright.games.affinity import character as ch

    if verb == "share" and not to:
        raise ConfigError("share needs --to ALLY")
    if verb == "share" and to == name:  # 003 Sharing: to an ally (a self-share would lose the dice on saving)
        raise RuleViolation("share Affinity", "share with an ally, not yourself", "003 Sharing Affinity Dice")
    with _edit_sheets(*([name, to] if verb == "share" else [name])) as sheets:
        sheet = sheets[0]
        doc: dict[str, Any] = {"name": sheet.name}
        if verb == "gain":
            ch.gain_affinity(sheet)
        elif verb == "spend":
            ch.spend_affinity(sheet, count)
        elif verb == "share":
            other = sheets[1]
            ch.share_affinity(sheet, other, count)
            doc["to"] = {"name": other.name, "affinity": other.affinity}
        elif verb == "betray":
            doc["lost"] = ch.betray_virtue(sheet)
        elif verb == "new-day":
            ch.new_day(sheet)
        else:
            raise ConfigError(f"unknown verb {verb!r}; choose gain, spend, share, betray or new-day")
    doc["affinity"] = sheet.affinity
    doc["cap"] = sheet.affinity_cap
    if json_out:
        print_json(doc)
    else:
        console.print(f"{sheet.name}: {sheet.affinity}/{sheet.affinity_cap} Affinity dice stored", highlight=False)


# --- fights ----------------------------------------------------------------------------------------------------
def _party(sheets: str | None, party: str, level: int) -> list[Any]:
    from gamewright.games.affinity import AffinityGame

    if sheets:
        names = [n.strip() for n in sheets.split(",") if n.strip()]
        if not names or len(set(names)) != len(names):
            raise ConfigError("--sheets lists stored characters once each, e.g. Bram,Ilse")
        members = [_load_sheet(n) for n in names]
        for m in members:
            if m.status == "dead":
                raise RuleViolation("fight", f"{m.name} is dead", "003 Death: 0 HD and 0 Resolve")
        if all(m.status != "ok" for m in members):
            raise RuleViolation("fight", "nobody in the party is conscious", "003 Death & Dying")
        return members
    return AffinityGame(options={"party": party, "level": level}).party()


def _describe(state: Any) -> str:
    lines = []
    width = max(len(f.dice_text()) for f in state.fighters)
    for f in state.fighters:
        mark = "▶ " if f.idx == state.active else "  "
        lines.append(f"{mark}[{f.idx}] {f.name:<20} {f.dice_text():<{width}} R{f.resolve} {f.status:<9} "
                     f"({f.x},{f.y})")
    return "\n".join(lines)


def _hint(state: Any, act: Any) -> str:
    """Tier, required successes and the exact chance of success (and expected damage) of a PC action."""
    from gamewright.games.affinity.data_files import class_data
    from gamewright.games.affinity.pools import TIERS
    from gamewright.games.affinity.tactics import expected_damage

    if act.verb != "use":
        return ""
    f = state.fighters[state.active]
    spec = state._spec(f, act.ability)
    if spec is None or spec.tier == "none" or not f.pc:
        return f"  — {spec.name}" if spec is not None else ""
    weapon = class_data().weapons[f.weapon]
    required = spec.required or (weapon.required if spec.effect == "attack" else 0)
    safe = f.prof + f.rally_dice + act.affinity
    ev, p_ok, burn = expected_damage(safe, act.exertion + (1 if spec.divine_die else 0), TIERS[spec.tier],
                                     required, (weapon.base if spec.base < 0 else spec.base) + spec.base_prof * f.prof,
                                     f.prof)
    text = f"  — {spec.name}: {spec.tier} {TIERS[spec.tier]}+, needs {required}, {p_ok:.0%}"
    if spec.effect == "attack":
        text += f", ~{ev:.1f} HD"
    if burn:
        text += f", burns ~{burn:.2f} HD"
    return text


def _ask(state: Any) -> Any:
    from gamewright.games.affinity.combat import parse_act

    acts = state.legal_actions()
    f = state.fighters[state.active]
    console.print(_describe(state), highlight=False, soft_wrap=True)
    console.print(f"{f.name}: {f.actions_left} action(s), {f.move_left * 5} yd of movement left", highlight=False)
    for i, a in enumerate(acts):
        console.print(f"  {i:>3}. {a.to_text()}{_hint(state, a)}", highlight=False)
    while True:
        console.print("choose a number or type an action: ", end="")
        line = sys.stdin.readline()
        if not line:
            raise ConfigError("input ended before the fight did")
        text = line.strip()
        if not text:
            continue
        if text.isdigit():
            if int(text) < len(acts):
                return acts[int(text)]
            console.print(f"  choose a number from 0 to {len(acts) - 1}", highlight=False)
            continue
        try:
            act = parse_act(text)
        except RuleViolation as exc:
            console.print(f"  {exc}", highlight=False)
            continue
        why = state.validate(act)
        if not why:
            return act
        console.print(f"  not legal: {why}", highlight=False)


@app.command()
def fight(
    creature: str = typer.Option("pall_wolf", "--creature", help="The creature (see the reference table)."),
    count: int = typer.Option(0, "--count", help="How many (0: up to the medium encounter budget)."),
    level: int = typer.Option(1, "--level", help="Level of the default party."),
    party: str = typer.Option("combatant,priest,ranger,weaver", "--party", help="Classes of the default party."),
    sheets: str = typer.Option(None, "--sheets", help="Stored characters instead, e.g. Bram,Ilse."),
    policy: str = typer.Option(None, "--policy", help="greedy or random runs the party; omit to choose yourself."),
    creature_policy: str = typer.Option("greedy", "--creature-policy", help="greedy or random."),
    free_strikes: bool = typer.Option(False, "--free-strikes", help="Leaving melee draws free strikes."),
    basic_actions: int = typer.Option(1, "--basic-actions", help="Actions per turn of Basic creatures (1 or 2)."),
    surprised: str = typer.Option("none", "--surprised", help="none, party or creatures: no +1 Resolve."),
    save: bool = typer.Option(False, "--save", help="Write HD, Resolve and armour back to the stored sheets."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Fight an encounter: you choose the party's actions each turn (or a policy does); creatures by a policy."""
    from gamewright.games.affinity.combat import budget_count, build_fight, fighter_from_sheet
    from gamewright.games.affinity.data_files import creature as get_creature
    from gamewright.games.affinity.data_files import creature_data
    from gamewright.games.affinity.policies import make_policy

    if basic_actions not in (1, 2):
        raise ConfigError("--basic-actions is 1 or 2")
    if not 0 <= count <= 30:
        raise ConfigError("--count is 0 (the medium encounter budget) to 30")
    members = _party(sheets, party, level)
    loaded = [m.to_json() for m in members] if save and sheets else []
    cdef = get_creature(creature)
    n = count or budget_count(cdef, members, creature_data().budgets["medium"])
    sides = {"none": [], "party": [0], "creatures": [1]}
    if surprised not in sides:
        raise ConfigError("--surprised is none, party or creatures")
    options = {"free_strikes": free_strikes, "basic_actions": basic_actions, "magical_armor": sheets is None,
               "surprised": sides[surprised]}
    state, events = build_fight(members, cdef.key, n, seed, options)
    party_policy = make_policy(policy, seed) if policy else None
    foe_policy = make_policy(creature_policy, seed + 1)
    if party_policy is None and json_out:
        raise ConfigError("--json needs --policy (an interactive fight prints as it goes)")
    log: list[dict[str, Any]] = [e.to_json() for e in events]
    if not json_out:
        for e in events:
            console.print(e.text, highlight=False)
    while not state.is_terminal():
        if state.current_player == 0:
            act = party_policy.choose(state) if party_policy else _ask(state)
        else:
            act = foe_policy.choose(state)
        events = state.apply(act)
        log.append({"action": act.to_text()})
        log += [e.to_json() for e in events]
        if not json_out:
            console.print(f"> {act.to_text()}", highlight=False)
            for e in events:
                console.print(f"  {e.text}", highlight=False)
    if save and sheets:
        for sheet, f in zip(members, state.fighters, strict=False):
            sheet.hd, sheet.resolve, sheet.affinity = f.hd, f.resolve, f.affinity
            for la in f.layers:
                if la.label == "armor":
                    sheet.armour_dice = la.count
                elif la.label == "shield":
                    sheet.shield_dice = la.count
                elif la.label == "spell":
                    sheet.spell_armour = la.count
            fresh = fighter_from_sheet(sheet.__class__.from_json({**sheet.to_json(), "uses_spent": {}}), 0, False)
            sheet.uses_spent = {k: fresh.uses[k] - v for k, v in f.uses.items() if fresh.uses.get(k, 0) > v}
        _write_back(members, loaded)
    assert state.winner is not None  # the loop above ends only when the fight is over
    result = {"winner": {0: "party", 1: "creatures", -1: "nobody"}[state.winner], "rounds": state.round,
              "creature": cdef.key, "count": n, "seed": seed,
              "fighters": [{"name": f.name, "status": f.status, "hd": f.hd, "resolve": f.resolve}
                           for f in state.fighters]}
    if json_out:
        print_json({**result, "log": log})
    else:
        console.print(_describe(state), highlight=False, soft_wrap=True)
        console.print(f"Winner: {result['winner']} after {state.round} round(s)", highlight=False)


@app.command()
def conformance(
    fights: int = typer.Option(1000, "--fights", help="How many seeded fights (spread over every matchup)."),
    policy: str = typer.Option("greedy", "--policy", help="The party's policy: greedy or random."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Run the conformance fights and summarise: win rate, rounds, HD lost per character, with 95% intervals."""
    from gamewright.games.affinity.conformance import iter_fights, summarise

    if fights < 1:
        raise ConfigError("--fights is at least 1")
    records = list(progress(iter_fights(fights, seed, policy), fights, "fights", enabled=not json_out))
    summary = summarise(records)
    if json_out:
        print_json(summary)
        return
    out = Table(title=f"{summary['fights']} conformance fights (party policy: {policy}, seed {seed}); "
                "HD lost per character: mean ± 95% half-width")
    classes = sorted({c for r in summary["matchups"] for c in r["hd_lost"]})
    for col in ("lvl", "creature", "n", "fights", "win rate [95%]", "rounds [95%]", *classes):
        out.add_column(col)
    for r in summary["matchups"]:
        hd = [f"{r['hd_lost'][c]['mean']:.1f}±{r['hd_lost'][c]['high'] - r['hd_lost'][c]['mean']:.1f}"
              if c in r["hd_lost"] else "" for c in classes]
        out.add_row(str(r["level"]), r["creature"], str(r["count"]), str(r["fights"]),
                    f"{r['win_rate']:.0%} [{r['win_low']:.0%}–{r['win_high']:.0%}]",
                    f"{r['rounds']['mean']:.1f} [{r['rounds']['low']:.1f}–{r['rounds']['high']:.1f}]", *hd)
    wide = console if console.is_terminal else Console(width=160, markup=False, emoji=False, highlight=False)
    wide.print(out)
    wide.print(f"overall: win rate {summary['win_rate']:.1%} [{summary['win_low']:.1%}–{summary['win_high']:.1%}], "
                  f"rounds {summary['rounds']['mean']:.2f} [{summary['rounds']['low']:.2f}–"
                  f"{summary['rounds']['high']:.2f}], exceptions {summary['exceptions']}, "
                  f"rule violations {summary['violations']}", highlight=False)


# --- outside combat --------------------------------------------------------------------------------------------
@app.command()
def task(
    threshold: str = typer.Option(..., "--threshold", help="2–6 or a tier name (basic, advanced, expert, …)."),
    difficulty: int = typer.Option(..., "--difficulty", help="Successes needed."),
    proficiency: int = typer.Option(1, "--proficiency", help="Proficiency dice."),
    exertion: int = typer.Option(0, "--exertion", help="Exertion dice (1s burn HD)."),
    bonus: int = typer.Option(0, "--bonus", help="Safe bonus dice (abilities, Affinity)."),
    penalty: int = typer.Option(0, "--penalty", help="−Nd6 (a safe die goes first)."),
    group: str = typer.Option(None, "--group", help="A group roll: NAME:PROF[:EXERTION[:BONUS]],… pooled."),
    days: int = typer.Option(0, "--days", help="An extended task: one roll a day, successes accumulate."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """A threshold task (003 Mode 2): one roller, a pooled group roll, or an extended task over days."""
    from gamewright.games.affinity.tasks import Roller, extended_task, group_roll, parse_threshold

    t = parse_threshold(threshold)
    rng = Rng(seed)
    if group:
        rollers = []
        for part in group.split(","):
            bits = part.split(":")
            try:
                nums = [int(b) for b in bits[1:]]
            except ValueError:
                raise ConfigError(f"group member {part!r} is not NAME:PROF[:EXERTION[:BONUS]]") from None
            if not 1 <= len(nums) <= 3:
                raise ConfigError(f"group member {part!r} is not NAME:PROF[:EXERTION[:BONUS]]")
            rollers.append(Roller(bits[0], *nums))
        result = group_roll(rng, rollers, t, difficulty)
    elif days:
        result = extended_task(rng, Roller("roller", proficiency, exertion, bonus, penalty), t, difficulty, days)
    else:
        result = group_roll(rng, [Roller("roller", proficiency, exertion, bonus, penalty)], t, difficulty)
    doc = result.to_json()
    if json_out:
        print_json(doc)
        return
    for r in result.rolls:
        console.print(f"{r.name}: {r.faces} → {r.successes}" + (f" ({r.burned} HD burned)" if r.burned else ""),
                      highlight=False)
    verdict = "success" if result.success else "failure"
    console.print(f"{result.successes} vs {difficulty} at {t}+: {verdict}"
                  + (f", {result.extra} extra" if result.extra else "")
                  + (f" (chance {float(result.chance):.1%})" if not days else ""), highlight=False)


@app.command()
def travel(
    distance: str = typer.Option("medium", "--distance", help="short, medium, long, epic or legendary."),
    terrain: str = typer.Option("moderate", "--terrain", help="easy, moderate, difficult or extreme."),
    hurdles: str = typer.Option("hostile,weather", "--hurdles", help="hostile, weather, terrain, supplies, time."),
    proficiency: int = typer.Option(1, "--proficiency", help="The navigator's Proficiency."),
    exertion: int = typer.Option(0, "--exertion", help="The navigator's exertion dice."),
    bonus: int = typer.Option(0, "--bonus", help="Bonus dice (Nature's Treaty +2 on Wilderness)."),
    roles: str = typer.Option("", "--roles", help="Support roles taken: scout, quartermaster, guard."),
    supplies: bool = typer.Option(False, "--supplies", help="Adequate supplies or maps: +1d6."),
    mounts: bool = typer.Option(False, "--mounts", help="Mounts: one terrain category easier."),
    natures_treaty: bool = typer.Option(False, "--natures-treaty", help="A Ranger's Nature's Treaty: −1 Resolve loss."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """A journey (003 Travel & Journey System): navigator, support roles, hurdles, outcome and Resolve."""
    from gamewright.games.affinity.travel import Journey
    from gamewright.games.affinity.travel import travel as go

    role_list = [r.strip() for r in roles.split(",") if r.strip()]
    journey = Journey(distance, terrain, [h.strip() for h in hurdles.split(",") if h.strip()], proficiency,
                      exertion, bonus, {r: r for r in role_list}, supplies, mounts, natures_treaty)
    doc = go(Rng(seed), journey)
    if json_out:
        print_json(doc)
        return
    console.print(f"Navigator rolls {doc['faces']} at {doc['threshold']}+: {doc['successes']} of "
                  f"{doc['required']} → {doc['outcome']} (Resolve {doc['resolve_change']:+d} for everyone)",
                  highlight=False)
    console.print("odds: " + ", ".join(f"{k} {v:.1%}" for k, v in doc["odds"].items()), highlight=False)


@app.command()
def chase(
    lead: int = typer.Option(1, "--lead", help="The Lead's Proficiency."),
    lead_exertion: int = typer.Option(0, "--lead-exertion"),
    lead_bonus: int = typer.Option(0, "--lead-bonus"),
    chaser: int = typer.Option(1, "--chase", help="The Chase's Proficiency."),
    chase_exertion: int = typer.Option(0, "--chase-exertion"),
    chase_bonus: int = typer.Option(0, "--chase-bonus"),
    familiar: str = typer.Option("", "--familiar", help="lead or chase knows the terrain (+1d6)."),
    mount: str = typer.Option("", "--mount", help="lead or chase has the superior mount (+2d6)."),
    darkness: bool = typer.Option(False, "--darkness", help="Darkness or cover: Lead +1d6."),
    crowded: bool = typer.Option(False, "--crowded", help="Crowded or urban: both −1d6."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """A chase as one contested roll (003 Chase Mechanics), with the exact odds of each outcome."""
    from gamewright.games.affinity.chase import ChaseSetup, run_chase
    from gamewright.games.affinity.tasks import Roller

    for side in (familiar, mount):
        if side not in ("", "lead", "chase"):
            raise ConfigError("--familiar and --mount take lead or chase")
    setup = ChaseSetup(Roller("lead", lead, lead_exertion, lead_bonus), Roller("chase", chaser, chase_exertion,
                                                                                 chase_bonus),
                       familiar, mount, darkness, crowded)
    doc = run_chase(Rng(seed), setup)
    if json_out:
        print_json(doc)
        return
    console.print(f"Lead {doc['lead']['faces']} → {doc['lead']['successes']}, Chase {doc['chase']['faces']} → "
                  f"{doc['chase']['successes']}: {doc['outcome']}", highlight=False)
    console.print("odds: " + ", ".join(f"{k} {v:.1%}" for k, v in doc["odds"].items()), highlight=False)


@app.command()
def duel(
    a: str = typer.Option("A:1", "--a", help="First speaker NAME:PROF[:CLASS] or a stored character's name."),
    b: str = typer.Option("B:1", "--b", help="Second speaker, the same way."),
    stance_a: str = typer.Option("auto", "--stance-a", help="assert, reason, discern or auto."),
    stance_b: str = typer.Option("auto", "--stance-b", help="assert, reason, discern or auto."),
    exertion_a: int = typer.Option(0, "--exertion-a", help="Exertion dice each round (≤ Proficiency; 1s burn HD)."),
    exertion_b: int = typer.Option(0, "--exertion-b"),
    research_a: int = typer.Option(0, "--research-a", help="Hours of research (max 3): Preparation dice."),
    research_b: int = typer.Option(0, "--research-b"),
    evidence_a: int = typer.Option(0, "--evidence-a", help="-1 hard evidence (a step easier), +1 contradicted."),
    evidence_b: int = typer.Option(0, "--evidence-b"),
    audience_a: int = typer.Option(0, "--audience-a", help="+1 sympathetic or -1 hostile audience (±1d6)."),
    audience_b: int = typer.Option(0, "--audience-b"),
    home: str = typer.Option("", "--home", help="a or b argues on home ground (+1 Composure die)."),
    counsel_a: int = typer.Option(0, "--counsel-a", help="Proficiency of an ally in the Counsel role (0: none)."),
    counsel_b: int = typer.Option(0, "--counsel-b"),
    withdraw_after: int = typer.Option(0, "--withdraw-after", help="Speaker b withdraws after this round (0: never)."),
    rounds: int = typer.Option(10, "--rounds", help="Stop after this many rounds if nobody has lost."),
    save: bool = typer.Option(False, "--save", help="Write exertion burns and lost Resolve back to stored sheets."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """A social duel (003 Social Duels): Composure, stances, preparation and tiered stakes."""
    from gamewright.games.affinity.character import class_def
    from gamewright.games.affinity.social import STANCES, Duel, Side, Speaker, auto_stance

    def speaker(text: str, research: int, at_home: bool) -> Speaker:
        bits = text.split(":")
        if len(bits) == 1:
            sheet = _load_sheet(text)
            return Speaker(sheet.name, sheet.proficiency, sheet.resolve, sheet.class_key, home_ground=at_home,
                           research_hours=research)
        if len(bits) > 3 or not bits[1].strip().isdigit():
            raise ConfigError(f"speaker {text!r} is not NAME:PROF[:CLASS]")
        key = bits[2].strip().lower() if len(bits) > 2 else ""
        if key:
            class_def(key)  # an unknown class is an error, not a silent "no class bonus"
        return Speaker(bits[0], int(bits[1]), 5, key, home_ground=at_home, research_hours=research)

    for s in (stance_a, stance_b):
        if s != "auto" and s not in STANCES:
            raise ConfigError(f"stance {s!r}: choose auto, {', '.join(STANCES)}")
    if home not in ("", "a", "b"):
        raise ConfigError("--home is a or b")
    for v in (evidence_a, evidence_b, audience_a, audience_b):
        if v not in (-1, 0, 1):
            raise ConfigError("--evidence-* and --audience-* are -1, 0 or 1")
    sa, sb = speaker(a, research_a, home == "a"), speaker(b, research_b, home == "b")
    sheets = {k: _load_sheet(text) for k, text in (("a", a), ("b", b)) if ":" not in text}
    loaded = {k: sheet.to_json() for k, sheet in sheets.items()}
    if save and len(sheets) == 2 and sheets["a"].name == sheets["b"].name:
        raise ConfigError("--save needs two different characters")
    d = Duel(sa, sb, Rng(seed))
    while not d.over and d.round < rounds:
        d.play_round(Side(stance_a if stance_a != "auto" else auto_stance(sa, sb), exertion_a, evidence_a,
                          audience_a, counsel_a),
                     Side(stance_b if stance_b != "auto" else auto_stance(sb, sa), exertion_b, evidence_b,
                          audience_b, counsel_b))
        if withdraw_after and d.round >= withdraw_after and not d.over:
            d.withdraw("b")
    doc = {"rounds": d.log, "result": d.result or "undecided", "a": sa.to_json(), "b": sb.to_json()}
    if save:  # 003 Exertion Dice: 1s burn body HD; lost Resolve stays lost — as `fight --save` writes back
        for k, who in (("a", sa), ("b", sb)):
            if k in sheets:
                sheet = sheets[k]
                sheet.hd = max(0, sheet.hd - sum(e[k]["burned"] for e in d.log))
                sheet.resolve = who.resolve
        if sheets:
            _write_back(list(sheets.values()), list(loaded.values()))
    if json_out:
        print_json(doc)
        return
    for e in d.log:
        line = (f"round {e['round']}: {sa.name} {e['a']['stance']} {e['a']['successes']} vs "
                f"{sb.name} {e['b']['stance']} {e['b']['successes']}")
        burns = [f"{who.name} burns {e[k]['burned']} HD" for who, k in ((sa, "a"), (sb, "b")) if e[k]["burned"]]
        if burns:
            line += " (" + ", ".join(burns) + ")"
        if e.get("damage"):
            line += f" → {e['damage']} damage to {e['defence']['defender']}"
        elif e.get("effect"):
            line += f" → {e['effect']}"
        console.print(line, highlight=False)
    console.print(f"{doc['result']}; {sa.name}: {sa.stake()}, {sb.name}: {sb.stake()}", highlight=False)


@app.command()
def rest(
    name: str = typer.Argument(..., help="A stored character."),
    kind: str = typer.Option("rest", "--kind",
                             help="rest (threatened, 2 a day), recover (safe, full) or wake (collapsed → 1 Resolve)."),
    mend: bool = typer.Option(None, "--mend/--no-mend", help="A mending ability restores the armour on a Rest."),
    heal: str = typer.Option(None, "--heal", help="Healing dice instead, e.g. 2d8."),
    potion: str = typer.Option(None, "--potion", help="Drink a potion instead (healing_salve, resolve_tonic, …)."),
    healing: str = typer.Option("sum", "--healing", help="Healing dice restore their sum or one per die (count)."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Rest, Recover, heal or drink a potion; the stored sheet is updated."""
    from gamewright.games.affinity import rest as rr

    rng = Rng(seed)
    with _edit_sheets(name) as (sheet,):
        if potion:
            doc = rr.drink(sheet, rng, potion, healing)
        elif heal:
            bits = heal.lower().split("d")
            if len(bits) != 2 or not all(b.isdigit() for b in bits):
                raise ConfigError(f"--heal {heal!r} is not dice like 2d8")
            doc = rr.heal(sheet, rng, int(bits[0]), int(bits[1]), healing)
        elif kind == "rest":
            doc = rr.rest(sheet, mend)
        elif kind == "recover":
            doc = rr.recover(sheet)
        elif kind == "wake":
            doc = rr.wake(sheet)
        else:
            raise ConfigError(f"--kind {kind!r}: choose rest, recover or wake")
    if json_out:
        print_json(doc)
    else:
        console.print(sheet.notation(), highlight=False)

"""``gamewright affinity fight`` and ``conformance``: play an encounter (each listed action with the engine's
preview) or run the seeded conformance fights."""

from __future__ import annotations

import sys
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from gamewright.app.affinity_sheets import load_sheet, write_back
from gamewright.cli.common import JSON_OPTION, SEED_OPTION, console, print_json, progress
from gamewright.cli.lazy import command_module
from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.affinity import limits as lim

app = command_module()  # ``gamewright affinity``'s commands of this module (cli.affinity loads it lazily)


# --- fights ----------------------------------------------------------------------------------------------------
def _party(sheets: str | None, party: str, level: int) -> list[Any]:
    from gamewright.games.affinity import AffinityGame

    if sheets:
        names = [n.strip() for n in sheets.split(",") if n.strip()]
        lim.check("party", len(names), "--sheets: the number of characters")
        if not names or len(set(names)) != len(names):
            raise ConfigError("--sheets lists stored characters once each, e.g. Bram,Ilse")
        members = [load_sheet(n) for n in names]
        for m in members:
            if m.status == "dead":
                raise RuleViolation("fight", f"{m.name} is dead", "003 Death: 0 HD and 0 Resolve")
        if all(m.status != "ok" for m in members):
            raise RuleViolation("fight", "nobody in the party is conscious", "003 Death & Dying")
        return members
    lim.check("level", level, "--level")
    return AffinityGame(options={"party": party, "level": level}).party()


def _describe(state: Any) -> str:
    lines = []
    width = max(len(f.dice_text()) for f in state.fighters)
    for f in state.fighters:
        mark = "▶ " if f.idx == state.active else "  "
        lines.append(f"{mark}[{f.idx}] {f.name:<20} {f.dice_text():<{width}} R{f.resolve} {f.status:<9} "
                     f"({f.x},{f.y})")
    return "\n".join(lines)


def _odds_text(pv: dict[str, Any]) -> str:
    """The engine's preview of one listed action, in a line: its pool with every modifier, the chance of
    success, HD burned, the Resolve check it triggers and the HD its target loses (``CombatState.preview``)."""
    if not pv["legal"]:
        return f"  — not legal: {pv['errors'][0]}"
    parts = []
    if "move" in pv:
        parts.append(f"moves {pv['move']['yards']} yd")
    if "dice" in pv:
        d = pv["dice"]
        mods = [f"{t['why'].split(':')[0]} {t['dice']:+d}" for t in d["terms"][1:] if t["dice"]]
        pool = f"{d['safe']}+{d['exertion']}ex" if d["exertion"] else f"{d['safe']}"
        parts.append(f"{pool} dice at {d['threshold']}+" + (f" ({', '.join(mods)})" if mods else "")
                     + f", needs {d['required']}: {pv['success']['float']:.0%}")
        burn = sum(int(k) * v["float"] for k, v in pv["hd_burned"].items())
        if burn:
            parts.append(f"burns ~{burn:.2f} HD")
        check = pv["resolve_check"]["p"]["float"]
        if check:
            parts.append(f"Resolve check {check:.0%}")
    for t in pv.get("targets", []):
        parts.append(f"{t['name']} loses ~{t['expected_hd_lost']['float']:.1f} HD")
    if "effect" in pv and "dice" not in pv:
        parts.append(pv["effect"])
    name = pv.get("ability", {}).get("name", "")
    return f"  — {name + ': ' if name else ''}{', '.join(parts)}" if parts else ""


def read_line(what: str) -> str:
    """One line of the player's input, stripped; a closed or ended stdin ends the command in one line."""
    stream = sys.stdin
    try:
        line = stream.readline() if stream is not None else ""
    except (OSError, ValueError):  # a closed descriptor (``<&-``) or a closed file
        line = ""
    except UnicodeDecodeError:
        return "\ufffd"  # not text: answered like any other unreadable line
    if not line:
        raise ConfigError(f"input ended before {what} did")
    return line.strip()


def _ask(state: Any) -> Any:
    from gamewright.games.affinity.combat import parse_act

    acts = state.legal_actions()
    f = state.fighters[state.active]
    console.print(_describe(state), highlight=False, soft_wrap=True)
    console.print(f"{f.name}: {f.actions_left} action(s), {f.move_left * 5} yd of movement left", highlight=False)
    for i, a in enumerate(acts):
        console.print(f"  {i:>3}. {a.to_text()}{_odds_text(state.preview(a))}", highlight=False)
    while True:
        console.print("choose a number or type an action: ", end="")
        text = read_line("the fight")
        if not text:
            continue
        if text.isascii() and text.isdigit():
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
    count: int = typer.Option(0, "--count", help=f"How many, {lim.help_range('count')} (0: as many as --budget "
                              "allows)."),
    budget: str = typer.Option("medium", "--budget", help="Encounter budget when --count is 0: easy, medium, hard or "
                               "deadly (ref §4; deadly: the smallest encounter past hard)."),
    level: int = typer.Option(1, "--level", help=f"Level of the default party, {lim.help_range('level')}."),
    party: str = typer.Option("combatant,priest,ranger,weaver", "--party", help="Classes of the default party "
                              f"(at most {lim.MAX_PARTY})."),
    sheets: str = typer.Option(None, "--sheets", help=f"Stored characters instead, e.g. Bram,Ilse (at most "
                               f"{lim.MAX_PARTY})."),
    policy: str = typer.Option(None, "--policy", help="greedy or random runs the party; omit to choose yourself."),
    creature_policy: str = typer.Option("greedy", "--creature-policy", help="greedy or random."),
    free_strikes: bool = typer.Option(False, "--free-strikes", help="Leaving melee draws free strikes."),
    basic_actions: int = typer.Option(1, "--basic-actions", help="Actions per turn of Basic creatures (1 or 2)."),
    surprised: str = typer.Option("none", "--surprised", help="none, party or creatures: no +1 Resolve."),
    save: bool = typer.Option(False, "--save", help="Write HD, Resolve and armour back to the stored sheets."),
    with_party: str = typer.Option(None, "--with-party", help="A stored party: its living members fight; every "
                                   "change is written back (as --save) and the fight enters the party's log."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Fight an encounter: you choose the party's actions each turn (or a policy does); creatures by a policy."""
    from gamewright.games.affinity.combat import build_fight, encounter_count
    from gamewright.games.affinity.combat_fighters import sheet_after_fight
    from gamewright.games.affinity.data_files import creature as get_creature
    from gamewright.games.affinity.policies import make_policy

    if basic_actions not in (1, 2):
        raise ConfigError("--basic-actions is 1 or 2")
    lim.check_all(**{"--count": ("count", count), "--seed": ("seed", seed)})
    if with_party:
        from gamewright.cli.affinity_party_play import fight_roster

        sheets, save = fight_roster(with_party, sheets), True
    members = _party(sheets, party, level)
    loaded = [m.to_json() for m in members] if save and sheets else []
    cdef = get_creature(creature)
    n = count or encounter_count(cdef, members, budget)
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
            sheet_after_fight(sheet, f)
        write_back(members, loaded)
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
    if with_party:  # after the sheets are written: the log says what happened to them
        from gamewright.cli.affinity_party_play import log_fight

        log_fight(with_party, loaded, members, result, cdef.name, json_out)


@app.command()
def conformance(
    fights: int = typer.Option(1000, "--fights", help="How many seeded fights (spread over every matchup), "
                               f"{lim.help_range('fights')}."),
    policy: str = typer.Option("greedy", "--policy", help="The party's policy: greedy or random."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Run the conformance fights and summarise: win rate, rounds, HD lost per character, with 95% intervals."""
    from gamewright.lab.affinity_conformance import iter_fights, summarise

    lim.check_all(**{"--fights": ("fights", fights), "--seed": ("seed", seed)})
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

"""``gamewright penance campaign``: a roster of persistent pilots and the missions they fly (004 §5, §9).

The rules of a campaign live in games/penance/campaign.py; this module asks, stores (store/campaigns.py) and
tells the story. A mission is played at the same terminal table as ``penance play`` (cli/penance_loop.py).
"""

from __future__ import annotations

import secrets
from typing import Any

import typer

from gamewright.cli.common import JSON_OPTION, RULE_OPTION, print_json, sub_app, whole_number
from gamewright.cli.penance_loop import Seat, replay, run_table, say
from gamewright.core.errors import ConfigError
from gamewright.core.limits import SEED_MAX, bounded, check_name, check_seed
from gamewright.games.penance.bots import BOTS
from gamewright.games.penance.campaign import (
    ALIVE,
    CAMPAIGN_RULES,
    OUTCOMES,
    PILOTS_PER_MISSION,
    battle_options,
    mission_report,
    mission_seats,
)
from gamewright.games.penance.decks import base_decks, parse_deck
from gamewright.games.penance.game import RULES, PenanceGame
from gamewright.games.penance.pilot import WOUNDS

app = sub_app("campaign", "Penance campaigns: a roster of pilots whose wounds, Taint and deaths carry over.")

DEFAULT_ROSTER = ("Sister Varnia=confessor", "Thane Brokk=ironclad")
ROSTER_MAX = 6


def _roster(pilots: list[str]) -> list[tuple[str, str]]:
    """``NAME=DECK`` entries → validated (name, deck spec) pairs."""
    out: list[tuple[str, str]] = []
    bounded(len(pilots), 1, ROSTER_MAX, "the number of pilots (--pilot)")
    for entry in pilots:
        name, sep, deck = entry.partition("=")
        if not sep:
            decks = ", ".join(base_decks())
            raise ConfigError(f"--pilot takes NAME=DECK, e.g. 'Sister Varnia=confessor' (decks: {decks}); "
                              f"got {entry!r}")
        name = check_name(name, "a pilot's name")
        if any(name == n for n, _ in out):
            raise ConfigError(f"two pilots are named {name!r}; each pilot needs their own name")
        out.append((name, parse_deck(deck).spec_text()))
    return out


@app.command("new")
def new(
    name: str = typer.Argument(..., help="The campaign's name."),
    pilot: list[str] = typer.Option(list(DEFAULT_ROSTER), "--pilot",
                                    help="A pilot as NAME=DECK (repeat for each; deck spec as in `penance decks`)."),
    option: list[str] = RULE_OPTION,
) -> None:
    """Start a campaign with its roster of pilots."""
    from gamewright.store.campaigns import create_campaign

    options = CAMPAIGN_RULES.parse_assignments(option)
    roster = _roster(pilot)
    create_campaign(check_name(name, "the campaign's name"), options, roster)
    say(f"campaign {name!r}: " + ", ".join(f"{n} ({d})" for n, d in roster))
    say(f"fly its first mission: gamewright penance campaign mission {_quoted(name)} --vs ironclad --bot heuristic")


def _quoted(name: str) -> str:
    return f"'{name}'" if " " in name else name


@app.command("list")
def list_campaigns(json_out: bool = JSON_OPTION) -> None:
    """Every campaign: its pilots alive and its missions."""
    from gamewright.store.campaigns import list_campaigns as rows

    out = [{"name": c.name, "pilots_alive": sum(p["status"] == ALIVE for p in c.pilots), "pilots": len(c.pilots),
            "missions": len(c.missions), "outcomes": [m["outcome"] for m in c.missions if m["outcome"]]}
           for c in rows()]
    if json_out:
        print_json(out)
        return
    for c in out:
        tally = ", ".join(f"{c['outcomes'].count(o)} {o}" for o in OUTCOMES if o in c["outcomes"]) or "none finished"
        say(f"{c['name']}: {c['pilots_alive']} of {c['pilots']} pilots alive; {c['missions']} mission(s) ({tally})")
    if not out:
        say("no Penance campaigns; start one with: gamewright penance campaign new NAME")


def _wound_names(ids: list[str]) -> str:
    return ", ".join(f"{WOUNDS[w].name} ({WOUNDS[w].category})" for w in ids) or "none"


def story_lines(campaign: Any) -> list[str]:
    """The campaign told for people: roster, then each mission's outcome, injuries, taint, deaths, replacements."""
    names = {p["id"]: p["name"] for p in campaign.pilots}
    opts = CAMPAIGN_RULES.resolve(None, campaign.options).as_dict()
    lines = [f"Campaign {campaign.name} — options " + ", ".join(f"{k}={v}" for k, v in opts.items()), "Roster:"]
    for p in campaign.pilots:
        status = p["status"] if p["status"] == ALIVE else f"{p['status'].upper()} in mission {p['ended_in']}"
        joined = f"; joined after mission {p['joined_after']}, replacing {names[p['replaces']]}" if p["replaces"] \
            else ""
        lines.append(f"  {p['name']} — {p['deck']} ({parse_deck(p['deck']).casket}): {status}; "
                     f"missions {p['missions']}, kills {p['kills']}, "
                     f"Taint {p['taint']}{joined}")
        lines.append(f"      wounds kept face up ({len(p['wounds'])}/10): {_wound_names(p['wounds'])}")
    lines.append("Missions:" if campaign.missions else "Missions: none yet")
    for m in campaign.missions:
        if m["status"] != "finished":
            lines.append(f"  {m['number']}. in progress ({len(m['actions'])} actions so far)")
            continue
        r = m["result"]
        lines.append(f"  {m['number']}. {r['outcome'].upper()} vs {', '.join(r['enemies'])} — {r['end']} "
                     f"(round {r['rounds']}; seed {m['seed']})")
        for p in r["pilots"]:
            lines.append(f"      {p['name']}: {p['fate']}; wounds taken: {_wound_names(p['taken'])}")
            if p["kept"]:
                lines.append(f"        injuries kept for good: {_wound_names(p['kept'])}")
            if p["recovered"]:
                lines.append(f"        recovered after the mission: {_wound_names(p['recovered'])}")
            taint = f"Taint {p['taint'][0]} → {p['taint'][1]}" if p["taint"][0] != p["taint"][1] else ""
            extra = "; ".join(x for x in (taint, f"kills {p['kills']}" if p["kills"] else "") if x)
            if extra:
                lines.append(f"        {extra}")
            if p.get("replaced_by"):
                lines.append(f"        {p['name']} is {p['fate']}: {p['replaced_by']} takes the casket")
    return lines


def _public(campaign: Any) -> dict[str, Any]:
    """The campaign as JSON; a mission's seed (it rebuilds every hidden card) only once the mission is over."""
    missions = [{k: v for k, v in m.items() if k != "seed" or m["status"] == "finished"} for m in campaign.missions]
    return {"name": campaign.name, "options": CAMPAIGN_RULES.resolve(None, campaign.options).as_dict(),
            "pilots": campaign.pilots, "missions": missions}


@app.command()
def show(name: str = typer.Argument(..., help="The campaign's name."), json_out: bool = JSON_OPTION) -> None:
    """The story so far: roster, every mission's outcome, injuries, Taint, deaths and replacements."""
    from gamewright.store.campaigns import get_campaign

    campaign = get_campaign(name)
    if json_out:
        print_json(_public(campaign))
        return
    for line in story_lines(campaign):
        say(line)


def _pick_pilots(campaign: Any, wanted: list[str]) -> list[dict[str, Any]]:
    alive = [p for p in sorted(campaign.pilots, key=lambda p: p["slot"]) if p["status"] == ALIVE]
    if not wanted:
        return alive[:PILOTS_PER_MISSION]
    if len(set(wanted)) != len(wanted):
        raise ConfigError("--pilot names a pilot twice; each pilot flies one casket")
    out = []
    for name in wanted:
        found = next((p for p in campaign.pilots if p["name"] == name), None)
        if found is None:
            raise ConfigError(f"no pilot named {name!r} in {campaign.name!r}; the roster: "
                              + ", ".join(p["name"] for p in campaign.pilots))
        if found["status"] != ALIVE:
            raise ConfigError(f"{name} is {found['status']} and cannot fly")
        out.append(found)
    return out


def _seat(name: str | None, what: str) -> str | None:
    if name is not None and name not in BOTS:
        raise ConfigError(f"{what}: unknown bot {name!r}; choose one of: {', '.join(BOTS)}")
    return name


@app.command()
def mission(
    name: str = typer.Argument(..., help="The campaign's name."),
    vs: list[str] = typer.Option([], "--vs", help="An enemy casket's deck spec, e.g. ironclad (repeat for up to 3)."),
    pilot: list[str] = typer.Option([], "--pilot", help="A pilot who flies (repeat for a squad of up to 3; default: "
                                    "the first three alive in roster order)."),
    bot: str = typer.Option(None, "--bot", help="A bot flies the campaign's side (heuristic or random); "
                            "without it you play at the terminal like `penance play`."),
    enemy: str = typer.Option("heuristic", "--enemy", help="The bot flying the enemies: heuristic or random."),
    seed: int = typer.Option(None, "--seed", help="Seed of the mission (default: a fresh secret one, shown when the "
                             "mission is over). 0 to 2^63-1.", parser=whole_number(0, 2**63 - 1, "--seed")),
    option: list[str] = RULE_OPTION,
    json_out: bool = typer.Option(False, "--json", help="With --bot: print only the mission's result as JSON."),
) -> None:
    """Fly the next mission (an Arena: defeat every enemy; `withdraw` retreats), or resume the one in progress."""
    from gamewright.store.campaigns import finish_mission, get_campaign, save_mission, start_mission

    tell = (lambda _text: None) if json_out else say
    campaign = get_campaign(name)
    active = campaign.active_mission()
    if json_out and (bot is None if active is None else active["config"]["seats"]["campaign"] is None):
        raise ConfigError("--json needs a bot flying the campaign's side (--bot heuristic): a mission flown at "
                          "the terminal shows its board instead")
    config: dict[str, Any]
    actions: list[str]
    if active is not None:
        if vs or pilot or option or seed is not None:
            raise ConfigError(f"mission {active['number']} of {name!r} is in progress: run the command with the "
                              "campaign's name alone to resume it")
        number, seed, config, actions = active["number"], active["seed"], active["config"], list(active["actions"])
        tell(f"resuming mission {number} of {name} after {len(actions)} actions")
    else:
        if not vs:
            raise ConfigError("name the enemy with --vs DECK, e.g. --vs ironclad")
        seats = {"campaign": _seat(bot, "--bot"), "enemy": _seat(enemy, "--enemy")}
        enemies = [parse_deck(v).spec_text() for v in vs]
        assignments = RULES.parse_assignments(option)
        seed = secrets.randbelow(SEED_MAX + 1) if seed is None else check_seed(seed, "--seed")

        def build(roster: Any) -> dict[str, Any]:  # the roster as it stands under the campaign's lock
            chosen = _pick_pilots(roster, pilot)
            options = battle_options(chosen, enemies, roster.options, assignments)
            PenanceGame(options=options)  # refuses a bad configuration before anything is stored
            return {"pilots": [p["id"] for p in chosen], "options": options, "seats": seats}

        number, campaign, config = start_mission(name, seed, build)
        actions = []
    flying = [next(p for p in campaign.pilots if p["id"] == i) for i in config["pilots"]]
    if active is None:
        tell(f"mission {number} of {name}: " + ", ".join(p["name"] for p in flying) + " vs "
            + ", ".join(config["options"]["decks"].split(",")[1].split("/")) + " (Arena: defeat every enemy; "
            "`withdraw` retreats)")
    game = PenanceGame(options=config["options"])
    state = replay(game, seed, actions)[0]
    tell("pilots: " + ", ".join(f"{state.label(c)} {p['name']}" for c, p in enumerate(flying)))  # side 1 first
    own, foe = config["seats"]["campaign"], config["seats"]["enemy"]
    bots: list[Seat | None] = list(mission_seats(own, foe, seed))
    human = own is None

    def save(log: list[str]) -> None:
        if human:  # a bots-only mission is stored when it ends: replaying it costs less than a save per action
            save_mission(name, number, log, len(log) - 1)

    label = f"mission {number} of {name}"
    if not run_table(game, state, actions, bots, save, label, f"gamewright penance campaign mission {_quoted(name)}",
                     quiet=json_out):
        return
    state, events = replay(game, seed, actions)
    report = mission_report(number, flying, state, events, campaign.options, {p["name"] for p in campaign.pilots},
                            campaign.recruits)
    finish_mission(name, number, actions, len(actions) if human else 0, report.outcome, report.result,
                   report.changes, report.recruits)
    tell(f"mission {number} over — {report.outcome.upper()}: {state.end_reason} (seed {seed})")
    if json_out:
        print_json({"campaign": name, "mission": number, "seed": seed, "outcome": report.outcome,
                    "result": report.result, "recruits": report.recruits})
        return
    for p in report.result["pilots"]:
        kept = report.changes[p["id"]]["wounds"]
        say(f"  {p['name']}: {p['fate']}; wounds taken {_wound_names(p['taken'])}; face up for the next mission: "
            + ("—" if p["fate"] in ("dead", "captured") else _wound_names(kept)))
        if p.get("replaced_by"):
            say(f"  {p['replaced_by']} joins the roster in {p['name']}'s casket")

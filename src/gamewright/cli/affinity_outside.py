"""``gamewright affinity`` outside combat: tasks, journeys, chases, social duels, rest and healing."""

from __future__ import annotations

from typing import Any

import typer

from gamewright.app.affinity_sheets import load_sheet, rest_stored
from gamewright.app.affinity_tools import parse_heal, save_duel
from gamewright.cli import affinity_party_play as party_play
from gamewright.cli.affinity_fight import read_line
from gamewright.cli.common import JSON_OPTION, SEED_OPTION, console, print_json
from gamewright.cli.lazy import command_module
from gamewright.core.errors import ConfigError
from gamewright.core.limits import ascii_int, bounded
from gamewright.core.rng import Rng
from gamewright.games.affinity import limits as lim

app = command_module()  # ``gamewright affinity``'s commands of this module (cli.affinity loads it lazily)


def checked_roller(name: str, proficiency: int, exertion: int, bonus: int, penalty: int) -> Any:
    """A roller whose every number lies within the rules' bounds (``games.affinity.limits``)."""
    from gamewright.games.affinity.tasks import Roller

    lim.check_all(**{f"{name}'s Proficiency": ("proficiency", proficiency),
                     f"{name}'s exertion": ("exertion", exertion), f"{name}'s bonus dice": ("bonus", bonus),
                     f"{name}'s penalty dice": ("penalty", penalty)})
    return Roller(name, proficiency, exertion, bonus, penalty)


SHEETS_HELP = "Stored characters who roll their own Proficiency, e.g. Bram,Ilse (instead of the raw numbers)."


def load_sheets(text: str, what: str = "--sheets") -> list[Any]:
    """Stored characters named once each, at most a party's worth."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    lim.check("party", len(names), f"{what}: the number of characters")
    if len(set(names)) != len(names):
        raise ConfigError(f"{what} lists stored characters once each, e.g. Bram,Ilse")
    return [load_sheet(n) for n in names]


def _report(doc: dict[str, Any], json_out: bool, line: str) -> None:
    """A roll's JSON, or its line and the exact odds of each outcome."""
    if json_out:
        print_json(doc)
        return
    console.print(line, highlight=False)
    console.print("odds: " + ", ".join(f"{k} {v:.1%}" for k, v in doc["odds"].items()), highlight=False)


def parse_group(text: str) -> list[Any]:
    """``NAME:PROF[:EXERTION[:BONUS]],…`` → rollers, each checked, at most ``MAX_PARTY``."""
    parts = text.split(",")
    lim.check("party", len(parts), "--group: the number of members")
    rollers = []
    for part in parts:
        bits = part.split(":")
        if not 2 <= len(bits) <= 4 or not bits[0].strip():
            raise ConfigError(f"group member {part[:40]!r} is not NAME:PROF[:EXERTION[:BONUS]]")
        nums = [ascii_int(b, f"group member {bits[0].strip()[:40]!r}") for b in bits[1:]] + [0, 0]
        rollers.append(checked_roller(bits[0].strip(), nums[0], nums[1], nums[2], 0))
    return rollers


@app.command()
def task(
    threshold: str = typer.Option(..., "--threshold", help="2–6 or a tier name (basic, advanced, expert, …)."),
    difficulty: int = typer.Option(..., "--difficulty", help=f"Successes needed, {lim.help_range('difficulty')}."),
    proficiency: int = typer.Option(1, "--proficiency", help=f"Proficiency dice, {lim.help_range('proficiency')}."),
    exertion: int = typer.Option(0, "--exertion", help="Exertion dice (1s burn HD), at most the Proficiency."),
    bonus: int = typer.Option(0, "--bonus", help=f"Safe bonus dice (abilities, Affinity), {lim.help_range('bonus')}."),
    penalty: int = typer.Option(0, "--penalty", help=f"−Nd6 (a safe die goes first), {lim.help_range('penalty')}."),
    group: str = typer.Option(None, "--group", help="A group roll: NAME:PROF[:EXERTION[:BONUS]],… pooled "
                              f"(at most {lim.MAX_PARTY} members)."),
    days: int = typer.Option(0, "--days", help="An extended task: one roll a day, successes accumulate "
                             f"({lim.help_range('days')}; 0: a single roll)."),
    sheets: str = typer.Option(None, "--sheets", help=SHEETS_HELP + " Several pool their successes; --exertion, "
                               "--bonus and --penalty apply to each."),
    affinity: list[str] = typer.Option([], "--affinity", help=party_play.AFFINITY_HELP),
    with_party: str = typer.Option(None, "--with-party", help="A stored party: its conscious members pool "
                                   "their roll (or those --sheets names); HD burned is written back, the task logged."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """A threshold task (003 Mode 2): one roller, a pooled group roll, or an extended task over days."""
    from gamewright.games.affinity.tasks import extended_task, group_roll, parse_threshold, roller_from_sheet

    t = parse_threshold(threshold)
    lim.check_all(**{"--difficulty": ("difficulty", difficulty), "--days": ("days", days), "--seed": ("seed", seed),
                     "--exertion": ("exertion", exertion), "--bonus": ("bonus", bonus),
                     "--penalty": ("penalty", penalty)})
    rng = Rng(seed)
    if with_party:
        sheets = party_play.task_rollers(with_party, sheets, group)
    spend = party_play.affinity_spend(with_party, affinity, [n.strip() for n in (sheets or "").split(",")])
    if sheets:
        if group:
            raise ConfigError("give --sheets or --group, not both")
        rollers = [roller_from_sheet(s, exertion, bonus + spend.get(s.name, 0), penalty) for s in load_sheets(sheets)]
        if days and len(rollers) > 1:
            raise ConfigError("an extended task (--days) has one roller: name one character in --sheets")
        result = (extended_task(rng, rollers[0], t, difficulty, days) if days
                  else group_roll(rng, rollers, t, difficulty))
    elif group:
        result = group_roll(rng, parse_group(group), t, difficulty)
    elif days:
        result = extended_task(rng, checked_roller("roller", proficiency, exertion, bonus, penalty), t, difficulty,
                               days)
    else:
        result = group_roll(rng, [checked_roller("roller", proficiency, exertion, bonus, penalty)], t, difficulty)
    doc = result.to_json()
    if with_party:
        party_play.settle_task(with_party, result, spend)
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
    proficiency: int = typer.Option(1, "--proficiency", help=f"The navigator's Proficiency, "
                                    f"{lim.help_range('proficiency')}."),
    exertion: int = typer.Option(0, "--exertion", help="The navigator's exertion dice, at most the Proficiency."),
    bonus: int = typer.Option(0, "--bonus", help=f"Bonus dice (Nature's Treaty +2 on Wilderness), "
                              f"{lim.help_range('bonus')}."),
    roles: str = typer.Option("", "--roles", help="Support roles taken: scout, quartermaster, guard."),
    supplies: bool = typer.Option(False, "--supplies", help="Adequate supplies or maps: +1d6."),
    mounts: bool = typer.Option(False, "--mounts", help="Mounts: one terrain category easier."),
    natures_treaty: bool = typer.Option(False, "--natures-treaty", help="A Ranger's Nature's Treaty: −1 Resolve loss."),
    sheets: str = typer.Option(None, "--sheets", help="Stored characters: the navigator first (its Proficiency "
                               "rolls), then the party; the --roles go to the others in order, and a Ranger's "
                               "Nature's Treaty is found on the sheets."),
    role: list[str] = typer.Option([], "--role", help="With --with-party, ROLE=MEMBER (repeatable): navigator "
                                   "(required), scout, quartermaster, guard; one role each."),
    affinity: list[str] = typer.Option([], "--affinity", help=party_play.AFFINITY_HELP),
    with_party: str = typer.Option(None, "--with-party", help="A stored party travels: --role assigns its roles; the "
                                   "navigator's burns and everyone's Resolve are written back and the journey logged."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """A journey (003 Travel & Journey System): navigator, support roles, hurdles, outcome and Resolve.

    A roll of no dice is refused with the reason (the defaults, Proficiency 1 against two unaddressed hurdles,
    are such a roll)."""
    from gamewright.games.affinity.tasks import roller_from_sheet
    from gamewright.games.affinity.travel import Journey
    from gamewright.games.affinity.travel import travel as go

    lim.check_all(**{"--seed": ("seed", seed)})
    role_list = [r.strip() for r in roles.split(",") if r.strip()]
    takers = {r: r for r in role_list}
    if (role or affinity) and not with_party:
        raise ConfigError("--role and --affinity need --with-party (without a party: --sheets, --roles, --bonus)")
    if with_party:
        navigator, takers, treaty = party_play.journey_party(with_party, role, sheets, roles)
        spend = party_play.affinity_spend(with_party, affinity, [navigator.name])
        bonus += spend.get(navigator.name, 0)
        proficiency = roller_from_sheet(navigator, exertion, bonus).proficiency
        natures_treaty = natures_treaty or treaty
    elif sheets:
        party = load_sheets(sheets)
        proficiency = roller_from_sheet(party[0], exertion, bonus).proficiency
        if len(role_list) > len(party) - 1:
            raise ConfigError(f"{len(role_list)} support role(s) need as many characters besides the navigator "
                              f"{party[0].name}; --sheets names {len(party) - 1}")
        takers = {r: s.name for r, s in zip(role_list, party[1:], strict=False)}
        natures_treaty = natures_treaty or any("natures_treaty" in s.features for s in party)
    checked_roller("navigator", proficiency, exertion, bonus, 0)
    journey = Journey(distance, terrain, [h.strip() for h in hurdles.split(",") if h.strip()], proficiency,
                      exertion, bonus, takers, supplies, mounts, natures_treaty)
    doc = go(Rng(seed), journey)
    if with_party:
        party_play.settle_journey(with_party, navigator.name, takers, spend, doc, f"{distance}, {terrain}", True)
    _report(doc, json_out, f"Navigator rolls {doc['faces']} at {doc['threshold']}+: {doc['successes']} of "
            f"{doc['required']} → {doc['outcome']} (Resolve {doc['resolve_change']:+d} for everyone)")


@app.command()
def chase(
    lead: int = typer.Option(1, "--lead", help=f"The Lead's Proficiency, {lim.help_range('proficiency')}."),
    lead_exertion: int = typer.Option(0, "--lead-exertion", help="The Lead's exertion dice, at most its Proficiency."),
    lead_bonus: int = typer.Option(0, "--lead-bonus", help=f"The Lead's bonus dice, {lim.help_range('bonus')}."),
    chaser: int = typer.Option(1, "--chase", help=f"The Chase's Proficiency, {lim.help_range('proficiency')}."),
    chase_exertion: int = typer.Option(0, "--chase-exertion", help="The Chase's exertion dice, at most its "
                                       "Proficiency."),
    chase_bonus: int = typer.Option(0, "--chase-bonus", help=f"The Chase's bonus dice, {lim.help_range('bonus')}."),
    familiar: str = typer.Option("", "--familiar", help="lead or chase knows the terrain (+1d6)."),
    mount: str = typer.Option("", "--mount", help="lead or chase has the superior mount (+2d6)."),
    darkness: bool = typer.Option(False, "--darkness", help="Darkness or cover: Lead +1d6."),
    crowded: bool = typer.Option(False, "--crowded", help="Crowded or urban: both −1d6."),
    sheets: str = typer.Option(None, "--sheets", help="Two stored characters, LEAD,CHASE: their Proficiencies "
                               "replace --lead and --chase (one roller per side, ref §1)."),
    party_side: str = typer.Option(None, "--side", help="With --with-party: lead (the party is pursued, the "
                                   "default) or chase (the party pursues)."),
    roller: str = typer.Option(None, "--roller", help="With --with-party: the member who rolls (default: the "
                               "conscious one with the highest Proficiency)."),
    affinity: list[str] = typer.Option([], "--affinity", help=party_play.AFFINITY_HELP),
    with_party: str = typer.Option(None, "--with-party", help="A stored party is one side (--side); its "
                                   "roller's burns are written back and the chase logged."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """A chase as one contested roll (003 Chase Mechanics), with the exact odds of each outcome."""
    from gamewright.games.affinity.chase import ChaseSetup, run_chase
    from gamewright.games.affinity.tasks import roller_from_sheet

    for side in (familiar, mount):
        if side not in ("", "lead", "chase"):
            raise ConfigError("--familiar and --mount take lead or chase")
    lim.check_all(**{"--seed": ("seed", seed)})
    names = {"lead": "lead", "chase": "chase"}
    if (party_side or roller or affinity) and not with_party:
        raise ConfigError("--side, --roller and --affinity need --with-party")
    spent = 0
    if with_party:
        who, party_side, spent = party_play.party_chase(with_party, sheets, party_side, roller, affinity)
        names[party_side] = who.name
        if party_side == "lead":
            lead, lead_bonus = who.proficiency, lead_bonus + spent
        else:
            chaser, chase_bonus = who.proficiency, chase_bonus + spent
    elif sheets:
        pair = load_sheets(sheets)
        if len(pair) != 2:
            raise ConfigError("--sheets names two characters for a chase: LEAD,CHASE")
        lead, chaser = (roller_from_sheet(s).proficiency for s in pair)
        names = {"lead": pair[0].name, "chase": pair[1].name}
    setup = ChaseSetup(checked_roller(names["lead"], lead, lead_exertion, lead_bonus, 0),
                       checked_roller(names["chase"], chaser, chase_exertion, chase_bonus, 0), familiar, mount,
                       darkness, crowded)
    doc = run_chase(Rng(seed), setup)
    if with_party and party_side:
        party_play.settle_chase(with_party, names[party_side], party_side, spent, doc)
    _report(doc, json_out, f"Lead {names['lead']} {doc['lead']['faces']} → {doc['lead']['successes']}, Chase "
            f"{names['chase']} {doc['chase']['faces']} → {doc['chase']['successes']}: {doc['outcome']}")


@app.command()
def duel(
    a: str = typer.Option("A:1", "--a", help="First speaker NAME:PROF[:CLASS] or a stored character's name "
                          f"(Proficiency {lim.help_range('proficiency')})."),
    b: str = typer.Option("B:1", "--b", help="Second speaker, the same way."),
    policy: str = typer.Option(None, "--policy", help="auto: both stances chosen automatically (or fixed by "
                               "--stance-a/-b) and the duel runs to its end; omit to declare a's stance each round."),
    stance_a: str = typer.Option("auto", "--stance-a", help="assert, reason, discern or auto (with --policy)."),
    stance_b: str = typer.Option("auto", "--stance-b", help="assert, reason, discern or auto."),
    exertion_a: int = typer.Option(0, "--exertion-a", help="Exertion dice each round (≤ Proficiency; 1s burn HD)."),
    exertion_b: int = typer.Option(0, "--exertion-b", help="The same for b."),
    research_a: int = typer.Option(0, "--research-a", help=f"Hours of research, {lim.help_range('research')}: "
                                   "Preparation dice."),
    research_b: int = typer.Option(0, "--research-b", help="The same for b."),
    evidence_a: int = typer.Option(0, "--evidence-a", help="-1 hard evidence (a step easier), +1 contradicted."),
    evidence_b: int = typer.Option(0, "--evidence-b", help="The same for b."),
    audience_a: int = typer.Option(0, "--audience-a", help="+1 sympathetic or -1 hostile audience (±1d6)."),
    audience_b: int = typer.Option(0, "--audience-b", help="The same for b."),
    home: str = typer.Option("", "--home", help="a or b argues on home ground (+1 Composure die)."),
    counsel_a: int = typer.Option(0, "--counsel-a", help="Proficiency of an ally in the Counsel role (0: none), "
                                  f"{lim.help_range('counsel')}."),
    counsel_b: int = typer.Option(0, "--counsel-b", help="The same for b."),
    withdraw_after: int = typer.Option(0, "--withdraw-after", help="Speaker b withdraws after this round (0: never), "
                                       f"0–{lim.MAX_DUEL_ROUNDS}."),
    rounds: int = typer.Option(10, "--rounds", help=f"Stop after this many rounds if nobody has lost, "
                               f"{lim.help_range('rounds')}."),
    save: bool = typer.Option(False, "--save", help="Write exertion burns and lost Resolve back to stored sheets."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """A social duel (003 Social Duels): Composure, stances, preparation and tiered stakes.

    Each round both speakers declare a stance and roll at the stance's threshold (003 Mode 2). Without --policy
    you declare a's stance each round (assert, reason, discern, or withdraw); b follows --stance-b."""
    from gamewright.games.affinity.character import class_def
    from gamewright.games.affinity.social import STANCES, Duel, Side, Speaker, auto_stance

    def speaker(text: str, research: int, at_home: bool) -> Speaker:
        bits = text.split(":")
        if len(bits) == 1:
            sheet = load_sheet(text)
            return Speaker(sheet.name, sheet.proficiency, sheet.resolve, sheet.class_key, home_ground=at_home,
                           research_hours=research)
        if len(bits) > 3:
            raise ConfigError(f"speaker {text[:40]!r} is not NAME:PROF[:CLASS]")
        prof = lim.check("proficiency", ascii_int(bits[1], f"speaker {bits[0][:40]!r}'s Proficiency"),
                         f"speaker {bits[0][:40]!r}'s Proficiency")
        key = bits[2].strip().lower() if len(bits) > 2 else ""
        if key:
            class_def(key)  # an unknown class is an error, not a silent "no class bonus"
        return Speaker(bits[0], prof, 5, key, home_ground=at_home, research_hours=research)

    lim.check_all(**{"--exertion-a": ("exertion", exertion_a), "--exertion-b": ("exertion", exertion_b),
                     "--research-a": ("research", research_a), "--research-b": ("research", research_b),
                     "--counsel-a": ("counsel", counsel_a), "--counsel-b": ("counsel", counsel_b),
                     "--rounds": ("rounds", rounds), "--seed": ("seed", seed)})
    bounded(withdraw_after, 0, lim.MAX_DUEL_ROUNDS, "--withdraw-after")
    if policy not in (None, "auto"):
        raise ConfigError(f"--policy {policy[:20]!r}: the one policy is auto (omit it to declare stances yourself)")
    if policy is None and json_out:
        raise ConfigError("--json needs --policy auto (an interactive duel prints as it goes)")
    for s in (stance_a, stance_b):
        if s != "auto" and s not in STANCES:
            raise ConfigError(f"stance {s!r}: choose auto, {', '.join(STANCES)}")
    if home not in ("", "a", "b"):
        raise ConfigError("--home is a or b")
    for v in (evidence_a, evidence_b, audience_a, audience_b):
        if v not in (-1, 0, 1):
            raise ConfigError("--evidence-* and --audience-* are -1, 0 or 1")
    sa, sb = speaker(a, research_a, home == "a"), speaker(b, research_b, home == "b")
    sheets = {k: load_sheet(text) for k, text in (("a", a), ("b", b)) if ":" not in text}
    loaded = {k: sheet.to_json() for k, sheet in sheets.items()}
    if save and len(sheets) == 2 and sheets["a"].name == sheets["b"].name:
        raise ConfigError("--save needs two different characters")
    d = Duel(sa, sb, Rng(seed))
    while not d.over and d.round < rounds:
        if policy is None:
            declared = _declare_stance(d, sa, sb)
            if declared == "withdraw":
                d.withdraw("a")
                break
            chosen_a = declared
        else:
            chosen_a = stance_a if stance_a != "auto" else auto_stance(sa, sb)
        entry = d.play_round(Side(chosen_a, exertion_a, evidence_a, audience_a, counsel_a),
                             Side(stance_b if stance_b != "auto" else auto_stance(sb, sa), exertion_b, evidence_b,
                                  audience_b, counsel_b))
        if policy is None and not json_out:
            console.print(_round_line(entry, sa, sb), highlight=False)
        if withdraw_after and d.round >= withdraw_after and not d.over:
            d.withdraw("b")
    doc = {"rounds": d.log, "result": d.result or "undecided", "a": sa.to_json(), "b": sb.to_json()}
    if save:  # burns and lost Resolve written back, as `fight --save` does
        save_duel(d.log, {"a": sa, "b": sb}, sheets, loaded)
    if json_out:
        print_json(doc)
        return
    if policy is not None:
        for e in d.log:
            console.print(_round_line(e, sa, sb), highlight=False)
    console.print(f"{doc['result']}; {sa.name}: {sa.stake()}, {sb.name}: {sb.stake()}", highlight=False)


def _round_line(e: dict[str, Any], sa: Any, sb: Any) -> str:
    line = (f"round {e['round']}: {sa.name} {e['a']['stance']} {e['a']['successes']} vs "
            f"{sb.name} {e['b']['stance']} {e['b']['successes']}")
    burns = [f"{who.name} burns {e[k]['burned']} HD" for who, k in ((sa, "a"), (sb, "b")) if e[k]["burned"]]
    if burns:
        line += " (" + ", ".join(burns) + ")"
    if e.get("damage"):
        line += f" → {e['damage']} damage to {e['defence']['defender']}"
    elif e.get("effect"):
        line += f" → {e['effect']}"
    return line


_STANCE_WORDS = {"a": "assert", "r": "reason", "d": "discern", "w": "withdraw"}


def _declare_stance(d: Any, sa: Any, sb: Any) -> str:
    """Ask for a's stance this round (003 Social Duels: each round both declare a stance)."""
    console.print(f"round {d.round + 1}: {sa.name} Composure {sa.composure}d{sa.composure_die}, Resolve "
                  f"{sa.resolve}, Preparation {sa.preparation} | {sb.name} Composure {sb.composure}d"
                  f"{sb.composure_die}, Resolve {sb.resolve}", highlight=False)
    while True:
        console.print(f"{sa.name}'s stance — assert (damage +1), reason (a Preparation die), discern (−1d6, see "
                      "their Composure) or withdraw: ", end="", highlight=False)
        word = read_line("the duel").lower()
        stance = _STANCE_WORDS.get(word[:1], "") if word else ""
        if stance and stance.startswith(word):
            return stance
        console.print("  choose assert, reason, discern or withdraw (a, r, d, w)", highlight=False)


@app.command()
def rest(
    name: str = typer.Argument(..., help="A stored character."),
    kind: str = typer.Option("rest", "--kind",
                             help="rest (threatened, 2 a day), recover (safe, full) or wake (collapsed → 1 Resolve; "
                             "a conscious character is told so and left as it is)."),
    mend: bool = typer.Option(None, "--mend/--no-mend", help="A mending ability restores the armour on a Rest."),
    heal: str = typer.Option(None, "--heal", help=f"Healing dice instead, e.g. 2d8 ({lim.help_range('heal_dice')} "
                             f"dice of d{lim.help_range('sides')})."),
    potion: str = typer.Option(None, "--potion", help="Drink a potion instead (healing_salve, resolve_tonic, …)."),
    healing: str = typer.Option("sum", "--healing", help="Healing dice restore their sum or one per die (count)."),
    rest_resolve: str = typer.Option("one", "--rest-resolve", help="Resolve a Rest restores (RULINGS): one (+1), "
                                     "half (up to 3) or one_to_half (+1, not above 3)."),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Rest, Recover, heal or drink a potion; the stored sheet is updated."""
    lim.check_all(**{"--seed": ("seed", seed)})
    dice = parse_heal(heal) if heal else None
    sheet, doc = rest_stored(name, Rng(seed), kind, mend, dice, potion, healing, rest_resolve)
    if json_out:
        print_json(doc)
        return
    if "note" in doc:
        console.print(doc["note"], highlight=False)
    else:
        console.print(f"{sheet.name}: " + ", ".join(doc["changed"]), highlight=False)
        console.print(sheet.notation(), highlight=False)

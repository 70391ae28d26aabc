"""What ``prince play`` and ``prince turn`` show: the matchup table with the engine's odds, both charts and aspect
webs, and the report of a resolved turn. Formatting only: every number comes from the engine."""

from __future__ import annotations

import math
from typing import Any

from rich import box
from rich.console import Group, JustifyMethod
from rich.table import Table
from rich.text import Text

from gamewright.cli.common import console
from gamewright.core.game import Event
from gamewright.games.prince.tables import PLANETS, SIGN_ELEMENT, SIGN_MODALITY, SIGNS

POLARITY_STYLE = {"testimony": "green", "friction": "yellow", "affliction": "red"}


def pct(x: float) -> str:
    value = 100 * x
    return f"{value:.0f}%" if abs(value - round(value)) < 0.05 else f"{value:.1f}%"


def roll(roll: float) -> str:
    """A roll to three decimals, cut (not rounded) so that 0.9996 never reads as 1.000."""
    return f"{math.floor(roll * 1000) / 1000:.3f}"


def opponent_line(state: Any) -> Text:
    o = state.current
    prof = state.opponent
    sign = prof.signs[o]
    text = Text()
    text.append(f"Encounter {state.encounter + 1}/{state.cfg.encounters_per_run}, turn {state.turn + 1}", style="bold")
    if not state.cfg.prebuilt:
        text.append(f" of {state.length}")
    text.append(" · Distance so far ")
    text.append(str(state.distance), style="bold")
    text.append("\nOpponent sends ")
    text.append(PLANETS[o], style="bold red")
    text.append(
        f" in {SIGNS[sign]} ({SIGN_ELEMENT[sign]}, {SIGN_MODALITY[sign]}, {prof.dignities[o]}),"
        f" affliction {state.os.affliction[o]}"
    )
    return text


def risk(chance: dict[str, Any] | None, save_ready: bool) -> str:
    return f"{pct(chance['float'] if chance else 0.0)}{' ex' if save_ready else ''}"


def prediction_table(state: Any) -> Table:
    """One row per planet you may send: the matchup (``predictions``) and its odds (``preview``)."""
    table = Table(
        title="Your planets against it",
        title_justify="left",
        caption="Deal/Take: applied without/with a crit (− heals) · Crit: chance yours/theirs · "
        "Risk: the sent planet combusts, yours/theirs (ex: exaltation save ready) · "
        "Spread: any of your other planets combusts through the sent planet's aspects · Score: expected",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 1, 0, 0),  # one space between columns keeps the table inside 80 columns
    )
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Planet", "left"),
        ("Aff", "right"),
        ("Polarity", "left"),
        ("Deal", "right"),
        ("Take", "right"),
        ("Crit", "right"),
        ("Risk", "right"),
        ("Spread", "right"),
        ("Score", "right"),
    )
    for col, justify in columns:
        table.add_column(col, justify=justify, overflow="fold")  # wrap, never cut
    o = state.current
    their_save = state.opponent.dignities[o] == "exaltation" and not state.os.save_used[o]
    for p in state.predictions():
        i = PLANETS.index(p["planet"])
        odds = state.preview(p["planet"])
        out, inc = p["outgoing"], p["incoming"]
        sign = "−" if p["polarity"] == "testimony" else "+"
        saves = state.player.dignities[i] == "exaltation" and not state.ps.save_used[i]
        crit = odds["crit_chance"]
        table.add_row(
            p["planet"],
            str(state.ps.affliction[i]),
            Text(p["polarity"], style=POLARITY_STYLE[p["polarity"]]),
            f"{sign}{out['applied']}/{sign}{out['crit_applied']}",
            f"{sign}{inc['applied']}/{sign}{inc['crit_applied']}",
            f"{pct(crit['player']['float'])}/{pct(crit['opponent']['float'])}",
            f"{risk(odds['combustion']['player'].get(p['planet']), saves)}/"
            f"{risk(odds['combustion']['opponent'].get(PLANETS[o]), their_save)}",
            pct(odds["propagation_risk"]["float"]),
            f"{odds['expected_score']['float']:.1f}",
        )
    return table


def aspect_line(label: str, aspects: list[dict[str, Any]]) -> Text:
    text = Text(f"{label}: ", style="bold")
    if not aspects:
        return text.append("none", style="dim")
    for n, a in enumerate(aspects):
        text.append(" · " if n else "")
        text.append(f"{'–'.join(a['planets'])} {a['aspect']}", style="green" if a["active"] else "dim")
    return text


def charts_view(state: Any) -> Group:
    """Both charts side by side (signs and dignities) and both aspect webs: yours active and latent (000 §12),
    the opponent's all active (ref §2)."""
    from gamewright.games.prince.progression import aspect_web

    table = Table(title="The charts", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("Planet", "Your sign", "Dignity", "Their sign", "Dignity"):
        table.add_column(col, overflow="fold")
    mine, theirs = state.player, state.opponent
    for i, planet in enumerate(PLANETS):
        locked = not state.unlocked[i]
        table.add_row(
            Text(planet + (" (locked)" if locked else ""), style="dim" if locked else ""),
            SIGNS[mine.signs[i]],
            mine.dignities[i],
            SIGNS[theirs.signs[i]],
            theirs.dignities[i],
        )
    web = aspect_web(mine, state.ps.active)
    open_ = {p for p, u in zip(PLANETS, state.unlocked, strict=True) if u}
    web = [a for a in web if set(a["planets"]) <= open_]  # aspects of locked planets are not in play yet
    return Group(
        table,
        aspect_line("Your active aspects (they propagate)", [a for a in web if a["active"]]),
        aspect_line("Your latent aspects (send both planets in one encounter)", [a for a in web if not a["active"]]),
        aspect_line("Opponent's aspects (all active)", aspect_web(theirs, state.os.active)),
    )


def affliction_table(data: dict[str, Any]) -> Table:
    """The affliction of all fourteen planets right after the turn (from the turn event, not the live state,
    which may already be in the next encounter)."""
    table = Table(title="Affliction after the turn", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("", overflow="fold")
    for p in PLANETS:
        table.add_column(p, justify="right", overflow="fold")
    unlocked = set(data.get("unlocked", PLANETS))
    for label, side, open_ in (("You", "player", unlocked), ("Opponent", "opponent", set(PLANETS))):
        after = data["after"][side]
        cells: list[Any] = []
        for p in PLANETS:
            if p not in open_:
                cells.append(Text("locked", style="dim"))
            elif p in after["combust"]:
                cells.append(Text(f"{after['affliction'][p]} combust", style="bold red"))
            else:
                cells.append(str(after["affliction"][p]))
        table.add_row(label, *cells)
    return table


def render_turn(data: dict[str, Any]) -> None:
    """What a turn did (a played turn or a what-if): crits, direct amounts, every propagation step, every
    combustion roll, the affliction of all fourteen planets and the turn's score."""
    d, crits = data["direct"], data["crits"]
    head = Text()
    head.append(f"{d['player']['planet']} meets {d['opponent']['planet']}: ", style="bold")
    head.append(data["polarity"], style=POLARITY_STYLE[data["polarity"]])
    console.print(head)
    rolls = " · ".join(
        f"{who} {pct(data['crit_chances'][side])}, roll {roll(data['crit_rolls'][side])} → "
        f"{'CRIT' if crits[side] else 'no crit'}"
        for side, who in (("player", "yours"), ("opponent", "theirs"))
    )
    console.print(Text(f"Crit rolls: {rolls}", style="bold magenta" if any(crits.values()) else ""))
    steps = Table(box=box.SIMPLE_HEAD, title="What happened", title_justify="left")
    for col in ("Side", "Step", "Planet", "Exact", "Change"):
        steps.add_column(col, overflow="fold")
    for side, other, label in (("player", "opponent", "you"), ("opponent", "player", "opponent")):
        crit = " (crit)" if crits[other] else ""
        step = f"direct from {d[other]['planet']}{crit}"
        steps.add_row(label, step, d[side]["planet"], d[side]["amount"], f"{d[side]['delta']:+d}")
    for s in data["propagation"]:
        label = "you" if s["side"] == "player" else "opponent"
        steps.add_row(
            label, f"{s['aspect']} from {s['from']} ({s['polarity']})", s["to"], s["amount"], f"{s['delta']:+d}"
        )
    console.print(steps)
    for c in data["combustion_checks"]:
        who = "Your" if c["side"] == "player" else "Opponent's"
        outcome = "COMBUSTS" if c["combusted"] else ("saved by exaltation" if c["saved"] else "holds")
        style = "bold red" if c["combusted"] else ("bold yellow" if c["saved"] else "")
        console.print(
            Text(
                f"Combustion check: {who} {c['planet']} {c['affliction']}/{c['threshold']} {c['dignity']}: "
                f"P {pct(c['probability'])}, roll {roll(c['roll'])} → {outcome}",
                style=style,
            )
        )
    console.print(affliction_table(data))
    score = data["score"]
    console.print(f"Score: affliction {score['affliction']} + testimony {score['testimony']} = {score['turn']}")


def render_event(event: Event) -> None:
    if event.kind == "turn":
        render_turn(event.data)
    elif event.kind in ("encounter_start", "run_end", "encounter_end"):
        console.rule(event.text)
    elif event.kind in ("aspect_activated", "houses_illuminated", "planet_unlocked", "joy_achieved"):
        console.print(Text(event.text, style="cyan"))
    elif event.kind == "run_start":
        console.print(Text(event.text, style="bold"))

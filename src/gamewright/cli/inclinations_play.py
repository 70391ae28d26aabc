"""The terminal table for ``gamewright inclinations play``: prompts, the saved session, and how the engine's
preview and reach answers are written for a person. Every figure shown comes from the engine."""

from __future__ import annotations

import sys
from typing import Any

from gamewright.cli.common import InputEnded, read_line
from gamewright.core.errors import RuleViolation
from gamewright.core.game import Event, events_for
from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import HELP, Allocate, Burn, Deallocate, Deploy, EndTurn, parse_action
from gamewright.games.inclinations.bots import make_bot
from gamewright.games.inclinations.render import render_board, render_ships
from gamewright.games.inclinations.state import InclinationsState
from gamewright.store import update_game

PLAN_HELP = (
    "Plan your turn one step at a time; each step is checked at once and kept (quit and resume keep it).\n"
    f"  {HELP}\n"
    "  plan | preview (the turn so far: where you end, heat, each shot's exact odds) | undo | clear | board\n"
    "  legal | reach [P2] (where P2 can hit you from next turn, where you can get to) | execute (or end)\n"
    "  quit (saves; resume later with --resume)"
)
DEPLOY_HELP = (
    "Deployment: each seat in turn places its ship on a free sector of black-hole ring 4, facing prograde\n"
    "(ref Table and players). Ring 4 drifts 2 sectors a turn towards higher numbers. A ship's railgun fires\n"
    "1-6 sectors ahead along its own ring, its laser at the adjacent rings within 2 sectors, its missiles\n"
    "within 2 rings and 3 sectors: a sector just ahead of an enemy is in its railgun's arc.\n"
    "  type a sector number (or 'deploy N') | board | reach (the sectors the ships placed can hit) | quit"
)


def out(text: str = "") -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def read(prompt: str) -> str:
    """The next line typed; closed or ended stdin is ``InputEnded`` (the game is saved, the caller says so)."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    try:
        return read_line("", "move").strip()
    except InputEnded:
        out()
        raise  # closed or ended stdin: one error line (the caller adds that the game is saved)


def show(state: InclinationsState) -> None:
    out(render_board(state.ships))
    out(render_ships(state.ships, state.ships[state.current].id if not state.is_terminal() else None))


def log(events: list[Event], seat: int | None = None) -> None:
    for e in events_for(events, seat):
        out(f"  {e.text}")


def spans(numbers: list[int]) -> str:
    """[0, 1, 2, 4] -> '0-2, 4'."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(f"{a}-{b}" if b > a else f"{a}" for a, b in runs)


def legal_summary(actions: list[Any]) -> list[str]:
    """Legal next steps grouped for reading: 'allocate: engines 1-3, laser 1-4', 'burn light: -1..+3'."""
    groups: dict[str, dict[str, list[int]]] = {}
    singles: list[str] = []
    for a in actions:
        if isinstance(a, (Allocate, Deallocate)):
            verb = "allocate" if isinstance(a, Allocate) else "deallocate"
            groups.setdefault(verb, {}).setdefault(a.subsystem, []).append(a.amount)
        elif isinstance(a, Burn):
            groups.setdefault("burn", {}).setdefault(a.intensity, []).append(a.adjust)
        else:
            singles.append(a.to_text())
    rows = []
    for verb in ("deallocate", "allocate"):
        if verb in groups:
            rows.append(f"{verb}: " + ", ".join(f"{name} {spans(n)}" for name, n in groups[verb].items()))
    for intensity, adjusts in groups.get("burn", {}).items():
        rows.append(f"burn {intensity} with adjustment {min(adjusts):+d}..{max(adjusts):+d}")
    rows.append(" | ".join(singles))
    return rows


def _pct(p: dict[str, Any]) -> str:
    if p["p"] in ("0/1", "1/1"):
        return f"{p['float']:.0%}"
    return f"{p['p']} ({p['float']:.0%})"


def _span(low: int, high: int) -> str:
    return f"{low}" if low == high else f"{low}-{high}"


def format_preview(answer: dict[str, Any]) -> list[str]:
    """The engine's ``preview`` answer as lines: where the ship ends, its heat, each shot's exact odds."""
    if not answer["legal"]:
        return ["rejected: " + "; ".join(answer["errors"])]
    ship = answer["ship"]
    harm = answer["ship"].get("hull_damage_next_turn", 0)
    warn = f" ({harm} hull damage at your next turn)" if harm else ""
    lines = [f"-> {ship['well']} R{ship['ring']} S{ship['sector']} {ship['facing']}, heat {ship['heat']}{warn}, "
             f"mass {ship['mass']}, free energy {ship['free']}" + (" (with the orbital drift)" if answer.get("drift")
                                                                   else "")]
    for shot in answer.get("shots", []):
        damage = shot["hull_damage"]
        lines.append(f"   {shot['weapon']} at {shot['target']}: hit {_pct(shot['hit'])}, crit {_pct(shot['crit'])}, "
                     f"hull damage {_span(damage['min'], damage['max'])}"
                     + (f", fizzles {_pct(shot['fizzle'])}" if shot["fizzle"]["float"] else ""))
    for tid, t in answer.get("targets", {}).items():
        heat = t.get("heat")  # issue 22 §2: "destroyed" counts the heat steps of the turn passing on
        lines.append(f"   {tid} after your shots: hull {_span(t['hull']['min'], t['hull']['max'])}"
                     + (f", heat {_span(heat['min'], heat['max'])}" if heat else "")
                     + f", destroyed {_pct(t['destroyed'])} once the turn passes on")
    return lines


def _by_ring(places: list[dict[str, Any]]) -> list[str]:
    rings: dict[tuple[str, int], list[int]] = {}
    for p in places:
        rings.setdefault((p["well"], p["ring"]), []).append(p["sector"])
    return [("" if well == "blackhole" else f"{well} ") + f"R{ring} S{spans(sectors)}"
            for (well, ring), sectors in sorted(rings.items())]


def format_reach(answer: dict[str, Any]) -> list[str]:
    """The engine's ``reach`` answer as lines, grouped by ring."""
    me, other, end = answer["ship"], answer["other"], answer["end"]
    lines = [f"{other} can hit you next turn (you end at {end['well']} R{end['ring']} S{end['sector']}) from "
             "(black-hole rings unless a planet is named):"]
    by_weapon: dict[str, list[dict[str, Any]]] = {}
    for t in answer["threats"]:
        for w in t["weapons"]:
            by_weapon.setdefault(w, []).append(t)
    lines += [f"   {w}: {'; '.join(_by_ring(places))}" for w, places in sorted(by_weapon.items())] or ["   nowhere"]
    moves = answer["moves"]
    lines.append(f"{me} can reach this turn (from where the turn began): {'; '.join(_by_ring(moves))}")
    hits = [m for m in moves if m["can_hit"]]
    safe = [m for m in moves if not m["exposed"]]
    lines.append(f"   from which you can hit {other} (as it stands): {'; '.join(_by_ring(hits)) or 'none'}")
    lines.append(f"   where {other} cannot hit you next turn: {'; '.join(_by_ring(safe)) or 'none'}")
    return lines


class Session:
    """A saved game being played: every accepted action (plan steps included) is logged and saved at once."""

    def __init__(self, game_id: int, seats: list[str], seed: int, state: InclinationsState, actions: list[str]):
        self.game_id = game_id
        self.seed = seed
        self.seats = seats
        self.state = state
        self.log = actions
        self.saved = list(actions)  # the log as last read or saved: a save must build on exactly this
        self.warned = False  # the deploy warnings are shown once, then on 'help'
        self.bots = {
            i: make_bot(kind, Rng(seed).split(f"bot{i}/{len(actions)}")) for i, kind in enumerate(seats)
            if kind != "human"
        }

    def save(self) -> None:
        s = self.state
        update_game(self.game_id, actions=self.log, previous=self.saved, snapshot=s.to_json(),
                    status="finished" if s.is_terminal() else "active",
                    result=s.result() if s.is_terminal() else None)
        self.saved = list(self.log)

    def commit(self, actions: list[Any]) -> list[Event]:
        events: list[Event] = []
        for a in actions:
            events.extend(self.state.apply(a))
            self.log.append(a.to_text())
        self.save()
        return events

    def undo(self) -> str | None:
        step = self.state.undo_step()
        if step is None:
            return None
        self.log.pop()
        self.save()
        return step.to_text()

    def bot_turn(self) -> None:
        s = self.state
        bot = self.bots[s.current]
        who = s.ships[s.current].id
        if s.phase == "deploy":
            log(self.commit([bot.deploy(s)]))
            return
        plan = bot.choose_turn(s)
        out(f"{who} ({self.seats[s.current]}) plays:")
        log(self.commit([*plan, EndTurn()]))

    def reach(self, line: str) -> None:
        s = self.state
        words = line.split()
        ids = [x.id for x in s.ships]
        if len(words) > 1:
            if words[1].upper() not in ids:
                out(f"  no ship {words[1]!r}; ships: {', '.join(ids)}")
                return
            others = [ids.index(words[1].upper())]
        else:
            others = [i for i, x in enumerate(s.ships) if i != s.current and x.hull > 0 and x.ring]
        if not others:
            out("  no enemy ship is on the board yet")
            return
        for other in others:
            if other == s.current or not s.ships[other].ring:
                out(f"  {ids[other]} is you or not on the board")
                continue
            try:
                rows = format_reach(s.reach(other))
            except RuleViolation as exc:
                rows = [str(exc)]
            for row in rows:
                out("  " + row)

    def deploy_danger(self) -> None:
        """From the engine's deploy previews: the free sectors the ships already placed can hit next turn."""
        s = self.state
        hit: dict[tuple[str, str], list[int]] = {}
        for action in s.legal_actions():
            if not isinstance(action, Deploy):
                continue
            for t in s.preview(action).get("threats", []):
                if t["damage"]:
                    hit.setdefault((t["ship"], ", ".join(t["weapons"])), []).append(action.sector)
        for (ship, weapons), sectors in sorted(hit.items()):
            out(f"  {ship} (moving first) can hit a ship deployed at S{spans(sectors)} with {weapons}")

    def human_deploy(self, who: str) -> bool:
        s = self.state
        free = [a.sector for a in s.legal_actions() if isinstance(a, Deploy)]  # the deploy phase offers only these
        if any(x.ring for x in s.ships) and not self.warned:
            self.warned = True
            self.deploy_danger()
        line = read(f"{who} deploy on black-hole ring 4 (free sectors {spans(free)}; 'deploy N', 'help')> ")
        if line in ("quit", "save"):
            return False
        if line in ("help", "?"):
            out(DEPLOY_HELP)
            self.deploy_danger()
        elif line == "board":
            show(s)
        elif line.startswith("reach"):
            self.deploy_danger()
        else:
            try:
                action = parse_action(line if line.startswith("deploy") else f"deploy {line}")
                if not isinstance(action, Deploy):
                    raise RuleViolation(line, "deploy first: 'deploy SECTOR'", "ref Deployment")
                log(self.commit([action]))
            except RuleViolation as exc:
                out(f"  rejected: {exc} (type 'help')")
        return True

    def human_turn(self) -> bool:
        """Returns False when the player quits."""
        s = self.state
        who = s.ships[s.current].id
        if s.phase == "deploy":
            return self.human_deploy(who)
        out(f"--- round {s.round}: {who} to plan (type 'help') ---")
        show(s)
        if s.plan:
            out("  pending (kept from before): " + "; ".join(a.to_text() for a in s.plan))
        while True:
            line = read(f"{who} plan[{len(s.plan)}]> ")
            if line in ("quit", "save"):
                return False
            if not line:
                continue
            if line in ("help", "?"):
                out(PLAN_HELP)
            elif line == "board":
                show(s)
            elif line == "plan":
                out("  pending: " + ("; ".join(a.to_text() for a in s.plan) or "(nothing: a coast)"))
            elif line == "undo":
                removed = self.undo()
                if removed:
                    out(f"  removed: {removed}")
            elif line == "clear":
                while self.undo():
                    pass
            elif line == "legal":
                for row in legal_summary(s.legal_actions()):
                    out("  " + row)
            elif line == "preview":
                out("  pending result, if you end the turn now:")
                for row in format_preview(s.preview(EndTurn())):
                    out("  " + row)
            elif line.startswith("reach"):
                self.reach(line)
            elif line in ("execute", "end", "done"):
                log(self.commit([EndTurn()]))
                return True
            else:
                self.plan_step(line)

    def plan_step(self, line: str) -> None:
        s = self.state
        try:
            step = parse_action(line)
        except RuleViolation as exc:
            out(f"  rejected: {exc} (type 'help' for the action forms)")
            return
        if isinstance(step, (Deploy, EndTurn)):
            out(f"  rejected: {line}: not a planning step (type 'help' for the action forms)")
            return
        answer = s.preview(step)
        if not answer["legal"]:
            out("  rejected: " + "; ".join(answer["errors"]))
            return
        self.commit([step])
        out(f"  ok. pending: {'; '.join(a.to_text() for a in s.plan)}")
        for row in format_preview(answer):
            out("  " + row)

    def run(self) -> None:
        try:
            self._run()
        except InputEnded as exc:
            raise InputEnded(f"{exc}; game {self.game_id} is saved: resume with gamewright inclinations play "
                             f"--resume {self.game_id}") from None

    def _run(self) -> None:
        s = self.state
        while not s.is_terminal():
            if self.seats[s.current] == "human":
                if not self.human_turn():
                    out(f"game {self.game_id} saved; resume with: gamewright inclinations play --resume "
                        f"{self.game_id}")
                    return
            else:
                self.bot_turn()
        show(s)
        result = s.result()
        out(f"game over after {result['rounds']} rounds: "
            + (f"{result['winner']} wins" if result["winner"] else "a draw") + f" (seed {self.seed})")

"""``gamewright inclinations``: play (humans and bots, saved and resumable), what-if turns, simulations."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

from gamewright.cli.common import JSON_OPTION, SEED_OPTION, console, print_json, read_json_file, sub_app
from gamewright.cli.lab import progress_bar
from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import HELP, Allocate, Burn, Deallocate, Deploy, EndTurn, parse_action
from gamewright.games.inclinations.board import WELLS
from gamewright.games.inclinations.bots import make_bot
from gamewright.games.inclinations.render import render_board, render_ships
from gamewright.games.inclinations.session import parse_options, parse_seats, replay
from gamewright.games.inclinations.ship import DISSIPATION
from gamewright.games.inclinations.state import InclinationsState
from gamewright.games.inclinations.whatif import run_scenario
from gamewright.lab.runner import Batch, run_batches, validate
from gamewright.store import create_game, get_game, list_games, update_game

app = sub_app(
    "inclinations",
    "Dangerous Inclinations: orbital ship combat around a black hole and six planets (2-6 seats).",
)

PLAN_HELP = (
    "Plan your turn one step at a time; each step is checked at once.\n"
    f"  {HELP}\n"
    "  plan | preview | undo | clear | board | legal | execute (or end) | quit (saves; resume later)"
)


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _read(prompt: str) -> str | None:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        _out()
        return None
    return line.strip()


def _show(state: InclinationsState) -> None:
    _out(render_board(state.ships))
    _out(render_ships(state.ships, state.ships[state.current].id if not state.is_terminal() else None))


def _log(events: list[Any]) -> None:
    for e in events:
        _out(f"  {e.text}")


def _spans(numbers: list[int]) -> str:
    """[0, 1, 2, 4] -> '0-2, 4'."""
    spans: list[list[int]] = []
    for n in numbers:
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(f"{a}-{b}" if b > a else f"{a}" for a, b in spans)


def _legal_summary(actions: list[Any]) -> list[str]:
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
            rows.append(f"{verb}: " + ", ".join(f"{name} {_spans(sorted(n))}" for name, n in groups[verb].items()))
    for intensity, adjusts in groups.get("burn", {}).items():
        rows.append(f"burn {intensity} with adjustment {min(adjusts):+d}..{max(adjusts):+d}")
    rows.append(" | ".join(singles))
    return rows


class _Session:
    def __init__(self, game_id: int, seats: list[str], seed: int, state: InclinationsState, log: list[str]):
        self.game_id = game_id
        self.seats = seats
        self.state = state
        self.log = log
        self.bots = {
            i: make_bot(kind, Rng(seed).split(f"bot{i}/{len(log)}")) for i, kind in enumerate(seats) if kind != "human"
        }

    def save(self) -> None:
        s = self.state
        update_game(self.game_id, actions=self.log, snapshot=s.to_json(),
                    status="finished" if s.is_terminal() else "active",
                    result=s.result() if s.is_terminal() else None)

    def commit(self, actions: list[Any]) -> list[Any]:
        events: list[Any] = []
        for a in actions:
            events.extend(self.state.apply(a))
            self.log.append(a.to_text())
        self.save()
        return events

    def bot_turn(self) -> None:
        s = self.state
        bot = self.bots[s.current]
        who = s.ships[s.current].id
        if s.phase == "deploy":
            _log(self.commit([bot.deploy(s)]))
            return
        plan = bot.choose_turn(s)
        _out(f"{who} ({self.seats[s.current]}) plays:")
        _log(self.commit([*plan, EndTurn()]))

    def human_turn(self) -> bool:
        """Returns False when the player quits."""
        s = self.state
        who = s.ships[s.current].id
        if s.phase == "deploy":
            free = [a.sector for a in s.legal_actions() if isinstance(a, Deploy)]  # the deploy phase offers only these
            line = _read(f"{who} deploy on black-hole ring 4 (free sectors {_spans(free)}; 'deploy N')> ")
            if line is None or line in ("quit", "save"):
                return False
            try:
                action = parse_action(line if line.startswith("deploy") else f"deploy {line}")
                if not isinstance(action, Deploy):
                    raise RuleViolation(line, "deploy first: 'deploy SECTOR'", "ref Deployment")
                _log(self.commit([action]))
            except RuleViolation as exc:
                _out(f"  rejected: {exc}")
            return True
        _out(f"--- round {s.round}: {who} to plan (type 'help') ---")
        _show(s)
        plan: list[Any] = []
        while True:
            line = _read(f"{who} plan[{len(plan)}]> ")
            if line is None or line in ("quit", "save"):
                return False
            if not line:
                continue
            if line == "help":
                _out(PLAN_HELP)
            elif line == "board":
                _show(s)
            elif line == "plan":
                _out("  pending: " + ("; ".join(a.to_text() for a in plan) or "(nothing: a coast)"))
            elif line == "undo":
                if plan:
                    _out(f"  removed: {plan.pop().to_text()}")
            elif line == "clear":
                plan.clear()
            elif line == "legal":
                probe = s.clone()
                for a in plan:
                    probe.apply(a)
                for row in _legal_summary(probe.legal_actions()):
                    _out("  " + row)
            elif line == "preview":
                result = s.preview(plan)
                if not result.ok:
                    _out("  errors: " + "; ".join(result.errors))
                else:
                    _out("  pending result (no crits assumed; hits marked random may differ):")
                    _log(result.events)
                    _out(render_board(result.ships))
                    _out(render_ships(result.ships, who))
            elif line in ("execute", "end", "done"):
                _log(self.commit([*plan, EndTurn()]))
                return True
            else:
                try:
                    step = parse_action(line)
                    if isinstance(step, (Deploy, EndTurn)):
                        raise RuleViolation(line, "not a planning step", "")
                    result = s.preview([*plan, step])
                    if not result.ok:
                        _out("  rejected: " + "; ".join(result.errors))
                        continue
                    plan.append(step)
                    me = next(x for x in result.ships if x.id == who)
                    warn = (f" ({me.heat - DISSIPATION} hull damage at your next turn)"
                            if me.heat > DISSIPATION else "")
                    _out(f"  ok. pending: {'; '.join(a.to_text() for a in plan)}  -> {WELLS[me.well]} R{me.ring} "
                         f"S{me.sector} heat {me.heat}{warn} mass {me.mass} free energy {me.free}")
                except RuleViolation as exc:
                    _out(f"  rejected: {exc} (type 'help' for the action forms)")

    def run(self) -> None:
        s = self.state
        while not s.is_terminal():
            if self.seats[s.current] == "human":
                if not self.human_turn():
                    _out(f"game {self.game_id} saved; resume with: gamewright inclinations play --resume "
                         f"{self.game_id}")
                    return
            else:
                self.bot_turn()
        _show(s)
        result = s.result()
        _out(f"game over after {result['rounds']} rounds: "
             + (f"{result['winner']} wins" if result["winner"] else "a draw"))


@app.command()
def play(
    seats: str = typer.Option("human,hard-bot", "--seats",
                              help="Comma-separated seats: human, random-bot, easy-bot, medium-bot, hard-bot (2-6)."),
    seed: int = SEED_OPTION,
    resume: int | None = typer.Option(None, "--resume", help="Resume the saved game with this id."),
    option: list[str] = typer.Option([], "--option", help="Rule option NAME=VALUE (repeatable), e.g. to_hit=d10."),
    round_limit: int | None = typer.Option(
        None, "--round-limit", help="Rounds before a draw (default: none with humans, 200 for bots only)."),
    name: str | None = typer.Option(None, "--name", help="A name for the saved game."),
) -> None:
    """Play a game in the terminal: plan each turn step by step with live checks and a preview."""
    if resume is not None:
        row = get_game(resume, "inclinations")
        seat_list = row.config["seats"]
        state = replay(row.config, row.seed, row.actions)
        session = _Session(row.id, seat_list, row.seed, state, list(row.actions))
        _out(f"resuming game {row.id} ({', '.join(seat_list)}), {len(row.actions)} actions replayed")
    else:
        seat_list = parse_seats(seats)
        options = parse_options(option)
        options["players"] = len(seat_list)
        if round_limit is not None:
            options["round_limit"] = round_limit
        elif "round_limit" not in options and "human" in seat_list:
            options["round_limit"] = 0  # ref Further rulings: no round limit for human play unless set
        from gamewright.games.inclinations.game import InclinationsGame

        state = InclinationsGame(None, options).new_initial_state(seed)
        config = {"seats": seat_list, "options": state.rules.as_dict()}
        game_id = create_game("inclinations", seed, config, name)
        session = _Session(game_id, seat_list, seed, state, [])
        session.save()
        _out(f"game {game_id}: {', '.join(seat_list)} (seed {seed})")
    session.run()


@app.command()
def games(as_json: bool = JSON_OPTION) -> None:
    """List saved games (id, seats, status, result)."""
    rows = list_games("inclinations")
    data: list[dict[str, Any]] = [
        {"id": r.id, "name": r.name, "seed": r.seed, "seats": r.config.get("seats"), "status": r.status,
         "actions": len(r.actions), "result": r.result} for r in rows]
    if as_json:
        print_json({"games": data})
        return
    if not data:
        _out("no saved games; start one with: gamewright inclinations play --seats human,hard-bot")
    for d in data:
        result = d["result"] or {}
        outcome = (f"{result.get('winner')} won" if result.get("winner") else "draw") if d["status"] == "finished" \
            else "in progress"
        _out(f"{d['id']:>4}  {','.join(d['seats'] or []):40} seed {d['seed']:<6} {d['actions']:>5} actions  {outcome}"
             + (f"  ({d['name']})" if d["name"] else ""))


@app.command()
def show(game_id: int = typer.Argument(..., help="Saved game id."), as_json: bool = JSON_OPTION) -> None:
    """Show a saved game's board, ships and action log."""
    row = get_game(game_id, "inclinations")
    state = replay(row.config, row.seed, row.actions)
    if as_json:
        print_json({"id": row.id, "seats": row.config["seats"], "seed": row.seed, "actions": row.actions,
                    "state": state.view_for(0), "result": state.result()})
        return
    _show(state)
    _out("actions: " + "; ".join(row.actions))


@app.command()
def turn(
    scenario: Path = typer.Argument(..., help="Scenario JSON file ('-' reads stdin)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """What-if: run planned turns on a scenario; print the ships after, or the errors.

    Scenario fields:
    - ships: id, well, ring, sector, facing, hull, heat, mass, ammo, energy
    - turns: a ship id and its actions: allocate, deallocate, rotate,
      burn (+ adjust), coast (+ scoop), transfer, fire (+ targets, compensate)
    - options: well_transfer_mass, to_hit (always/d10), shields_deplete, missiles
    - rolls: uniform draws from 0 up to 1, in order, the last repeating; or seed

    Answer: ok true, every ship after the turns and the events; or ok false,
    the index of the first rejected turn, its errors and the ships before it.
    Malformed input is a one-line error naming the field (exit code 2).
    """
    answer = run_scenario(read_json_file(scenario))
    if as_json:
        print_json(answer)
        return
    from gamewright.games.inclinations.ship import Ship

    ships = [Ship.from_json(s) for s in answer["ships"]]
    if answer["ok"]:
        for e in answer["events"]:
            if "text" in e:
                _out(f"  {e['text']}")
            else:
                _out(f"  turn {e['turn']}: {e['ship']} skipped ({e['reason']})")
    else:
        _out(f"turn {answer['turn']} rejected:")
        for err in answer["errors"]:
            _out(f"  - {err}")
    _out(render_board(ships))
    _out(render_ships(ships))


@app.command()
def rules(as_json: bool = JSON_OPTION) -> None:
    """The rule options (by the reference's names), the board and the well-transfer table."""
    from gamewright.games.inclinations.board import BH_VELOCITY, PLANET_VELOCITY, transfer_table
    from gamewright.games.inclinations.options import SPEC
    from gamewright.games.inclinations.ship import MAX_ENERGY, MIN_ENERGY, SUBSYSTEMS

    options = [{"name": o.name, "default": o.default, "choices": list(o.choices) if o.choices else None,
                "doc": o.doc, "source": o.source} for o in SPEC.options]
    subsystems = {n: {"min": lo, "max": hi} for n, lo, hi in zip(SUBSYSTEMS, MIN_ENERGY, MAX_ENERGY, strict=True)}
    table = transfer_table()
    if as_json:
        print_json({"options": options, "subsystems": subsystems,
                    "velocities": {"blackhole": list(BH_VELOCITY[1:]), "planet": list(PLANET_VELOCITY[1:])},
                    "transfers": table})
        return
    _out("options (--option NAME=VALUE):")
    for o in options:
        choices = f" ({' | '.join(map(str, o['choices']))})" if o["choices"] else ""
        _out(f"  {o['name']:20} default {o['default']!s:8}{choices}  {o['doc']}")
    _out("subsystems (min-max energy): " + ", ".join(f"{n} {v['min']}-{v['max']}" for n, v in subsystems.items()))
    _out(f"velocities: black hole rings 1-5 {list(BH_VELOCITY[1:])}, planet rings 1-3 {list(PLANET_VELOCITY[1:])}")
    _out("well transfers (engines 3, from the outermost ring):")
    for row in table:
        (r1, s1, r2, s2), (r3, s3, r4, s4) = row["outbound"], row["return"]
        _out(f"  {row['planet']:8} out: BH R{r1} S{s1:<2} -> R{r2} S{s2}   back: R{r3} S{s3} -> BH R{r4} S{s4}")


@app.command()
def simulate(
    seats: str = typer.Option("hard-bot,random-bot", "--seats", help="Comma-separated bot seats (2-6)."),
    games_count: int = typer.Option(200, "--games", "-n", min=1, help="Number of games."),
    seed: int = SEED_OPTION,
    option: list[str] = typer.Option([], "--option", help="Rule option NAME=VALUE (repeatable)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Run N seeded bot-vs-bot games (seeds SEED..SEED+N-1) and print win rates per seat."""
    seat_list = parse_seats(seats)
    if "human" in seat_list:
        raise ConfigError("--seats: simulations take bots only")
    options = parse_options(option)
    # a thin call into the lab: every seat's bot through the protocol, seeds SEED..SEED+N-1
    agents = tuple(f"inclinations.{kind}" for kind in seat_list)
    batch = validate(Batch("inclinations", None, {**options, "players": len(seat_list)}, agents, seed, games_count,
                           alternate=False))
    with progress_bar(games_count, enabled=not as_json) as advance:
        records = run_batches([batch], on_games=advance)[0]
    wins = {f"P{i + 1}": 0 for i in range(len(seat_list))}
    draws = 0
    rounds = 0
    for record in records:
        rounds += record["length"]
        if record["wins"]:
            wins[f"P{record['wins'][0] + 1}"] += 1
        else:
            draws += 1
    rates = {k: v / games_count for k, v in wins.items()}
    data = {"seats": seat_list, "games": games_count, "seed": seed, "options": options, "wins": wins,
            "draws": draws, "win_rates": rates, "draw_rate": draws / games_count,
            "mean_rounds": rounds / games_count}
    if as_json:
        print_json(data)
        return
    for i, kind in enumerate(seat_list):
        seat = f"P{i + 1}"
        console.print(f"{seat} {kind:11} wins {wins[seat]:>5} / {games_count}  ({rates[seat]:.1%})")
    console.print(f"draws {draws} ({draws / games_count:.1%}); mean length {rounds / games_count:.1f} rounds")

"""``gamewright inclinations``: play (humans and bots, saved and resumable), what-if turns, simulations."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import typer

from gamewright.app import inclinations_whatif as whatif
from gamewright.cli.common import (
    JSON_OPTION,
    SEED_OPTION,
    console,
    print_json,
    read_json_file,
    sub_app,
    whole_number,
)
from gamewright.cli.inclinations_play import Session
from gamewright.cli.inclinations_play import log as log_events
from gamewright.cli.inclinations_play import out as _out
from gamewright.cli.inclinations_play import show as show_board
from gamewright.cli.lab import progress_bar
from gamewright.core.errors import ConfigError
from gamewright.core.limits import ID_MAX, SEED_MAX, bounded, check_seed
from gamewright.games.inclinations.render import render_board, render_ships
from gamewright.games.inclinations.session import parse_options, parse_seats, replay_events
from gamewright.games.inclinations.whatif import example_text
from gamewright.lab.runner import Batch, run_batches, validate
from gamewright.store import create_game, get_game, list_games

NEW_SEED_OPTION = typer.Option(
    None, "--seed", help=f"Seed of the random stream, 0 to {SEED_MAX} (default: a fresh random seed, shown once the "
    "game is over).", parser=whole_number(0, SEED_MAX, "--seed"))
GAME_ID = "game id"
MAX_ROUNDS = 10**6  # far past any game: a ship's reaction mass and hull do not last that long
MAX_GAMES = 100_000  # bounds one command's work before it starts (a few hundred bot games a second per core)

app = sub_app(
    "inclinations",
    "Dangerous Inclinations: orbital ship combat around a black hole and six planets (2-6 seats).",
)



def _since_last_human_turn(seats: list[str], history: list[tuple[int, str, list[Any]]]) -> None:
    """On resume: what the bots did after the last turn a person ended (or deployed), as it was shown then."""
    last = max((i for i, (seat, text, _) in enumerate(history)
                if seats[seat] == "human" and (text == "end" or text.startswith("deploy"))), default=-1)
    since = [(seat, events) for seat, _, events in history[last + 1:] if seats[seat] != "human"]
    if since:
        _out("since your last turn:")
        for seat, events in since:
            log_events(events, seat)


@app.command()
def play(
    seats: str = typer.Option("human,hard-bot", "--seats",
                              help="Comma-separated seats: human, random-bot, easy-bot, medium-bot, hard-bot (2-6)."),
    seed: int | None = NEW_SEED_OPTION,
    resume: int | None = typer.Option(None, "--resume", help="Resume the saved game with this id.",
                                      parser=whole_number(1, ID_MAX, "--resume")),
    option: list[str] = typer.Option([], "--option", help="Rule option NAME=VALUE (repeatable), e.g. to_hit=d10."),
    round_limit: int | None = typer.Option(
        None, "--round-limit", help=f"Rounds before a draw, 0 (none) to {MAX_ROUNDS:,} (default: none with humans, "
        "200 for bots only).", parser=whole_number(0, MAX_ROUNDS, "--round-limit")),
    name: str | None = typer.Option(None, "--name", help="A name for the saved game."),
) -> None:
    """Play a game in the terminal: plan each turn step by step with live checks and a preview."""
    if resume is not None:
        row = get_game(bounded(resume, 1, ID_MAX, f"--resume: the {GAME_ID}"), "inclinations")
        seat_list = row.config["seats"]
        state, history = replay_events(row.config, row.seed, row.actions)
        session = Session(row.id, seat_list, row.seed, state, list(row.actions))
        _out(f"resuming game {row.id} ({', '.join(seat_list)}), {len(row.actions)} actions replayed")
        _since_last_human_turn(seat_list, history)
    else:
        seat_list = parse_seats(seats)
        options = parse_options(option)
        options["players"] = len(seat_list)
        if round_limit is not None:
            options["round_limit"] = round_limit
        elif "round_limit" not in options and "human" in seat_list:
            options["round_limit"] = 0  # ref Further rulings: no round limit for human play unless set
        from gamewright.games.inclinations.game import InclinationsGame

        given = seed is not None
        # issue 9: a fresh secret seed unless one is given; it is shown only to whoever gave it, or at the end
        seed = check_seed(seed, "--seed") if seed is not None else secrets.randbelow(SEED_MAX + 1)
        state = InclinationsGame(None, options).new_initial_state(seed)
        config = {"seats": seat_list, "options": state.rules.as_dict()}
        game_id = create_game("inclinations", seed, config, name)
        session = Session(game_id, seat_list, seed, state, [])
        session.save()
        _out(f"game {game_id}: {', '.join(seat_list)}" + (f" (seed {seed})" if given else ""))
    session.run()


TURN_HELP = f"""What-if: run planned turns on a scenario; print the ships after, or the errors.

\b
Scenario (JSON; --example prints this one):
{example_text()}

\b
Fields:
- ships: id, ring and sector are required; well (blackhole, alpha..zeta),
  facing (prograde, retrograde), hull, heat, mass, ammo and energy
  ({{"laser": 2, ...}}) default to a fresh ship in the black hole
- turns: in order, each {{"ship": ID, "actions": [...]}}; an action is one of
  {{"allocate": {{SUBSYSTEM: N}}}}, {{"deallocate": {{SUBSYSTEM: N}}}},
  {{"rotate": FACING}}, {{"burn": "light|medium|heavy", "adjust": N}},
  {{"coast": {{"scoop": BOOL}}}}, {{"transfer": WELL}},
  {{"fire": WEAPON, "targets": [ID, ...], "compensate": BOOL}};
  a turn without a movement coasts (orbital drift); each turn starts with
  the ship's heat step
- options: well_transfer_mass, to_hit (always, d10), shields_deplete, missiles
- rolls: uniform draws in [0, 1), used in order, the last repeating; a shot
  reads one draw u as a d10 (floor(10u) + 1), a critical hit one more; or
  seed: a seeded random stream instead

Answer: ok true, every ship after the turns and the events; or ok false, the index of the first rejected turn, \
its errors and the ships before it. Malformed input is a one-line error naming the field and, for a wrong shape, \
the right one (exit code 2).
"""


def _public_seed(row: Any) -> int | None:
    """issue 9: a game's seed (with its log it rebuilds every future roll) is shown only once the game is over."""
    return int(row.seed) if row.status == "finished" else None


@app.command()
def games(as_json: bool = JSON_OPTION) -> None:
    """List saved games (id, seats, status, result)."""
    rows = list_games("inclinations")
    data: list[dict[str, Any]] = [
        {"id": r.id, "name": r.name, "seed": _public_seed(r), "seats": r.config.get("seats"), "status": r.status,
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
        seed = "hidden" if d["seed"] is None else d["seed"]
        _out(f"{d['id']:>4}  {','.join(d['seats'] or []):40} seed {seed!s:<6} {d['actions']:>5} actions  {outcome}"
             + (f"  ({d['name']})" if d["name"] else ""))


@app.command()
def show(game_id: int = typer.Argument(..., help="Saved game id.", parser=whole_number(1, ID_MAX, GAME_ID)),
         as_json: bool = JSON_OPTION) -> None:
    """Show a saved game's board, ships and action log (the seed once the game is over)."""
    row = get_game(bounded(game_id, 1, ID_MAX, GAME_ID), "inclinations")
    state, history = replay_events(row.config, row.seed, row.actions)
    # a spectator's view: the seat to play keeps its pending plan to itself until it is executed
    pending = len(state.plan)
    shown = history[:len(history) - pending]
    view = state.view_for(0)
    view["plan"] = []
    if as_json:
        print_json({"id": row.id, "seats": row.config["seats"], "seed": _public_seed(row),
                    "actions": [text for _, text, _ in shown], "pending_steps": pending,
                    "state": view, "result": state.result()})
        return
    show_board(state)
    _out(f"actions ({len(shown)}):")
    for i, (seat, text, _) in enumerate(shown, 1):
        _out(f"  {i:>4}  P{seat + 1}  {text}")
    if pending:
        _out(f"  (P{state.current + 1} has {pending} planned step{'s' if pending > 1 else ''} pending, not shown)")
    if row.status == "finished":
        _out(f"seed {row.seed}")


@app.command(help=TURN_HELP)
def turn(
    scenario: Path | None = typer.Argument(None, help="Scenario JSON file ('-' reads stdin)."),
    example: bool = typer.Option(False, "--example", help="Print a complete valid scenario and exit."),
    as_json: bool = JSON_OPTION,
) -> None:
    if example:
        _out(example_text())
        return
    if scenario is None:
        raise ConfigError("give a scenario file (or '-' for stdin); "
                          "'gamewright inclinations turn --example' prints a complete one")
    answer = whatif.answer(read_json_file(scenario))
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
    games_count: int = typer.Option(200, "--games", "-n", help=f"Number of games (1 to {MAX_GAMES:,}).",
                                    parser=whole_number(1, MAX_GAMES, "--games")),
    seed: int = SEED_OPTION,
    option: list[str] = typer.Option([], "--option", help="Rule option NAME=VALUE (repeatable)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Run N seeded bot-vs-bot games (seeds SEED..SEED+N-1) and print win rates per seat."""
    seat_list = parse_seats(seats)
    if "human" in seat_list:
        raise ConfigError("--seats: simulations take bots only")
    bounded(games_count, 1, MAX_GAMES, "--games")
    check_seed(seed, "--seed")
    check_seed(seed + games_count - 1, "--seed + --games - 1 (the last game's seed)")
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

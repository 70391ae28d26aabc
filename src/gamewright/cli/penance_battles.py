"""``gamewright penance``'s heavier commands: play battles (saved and resumable), simulate bot games, the table
assistant ``attack``, cards and decks, and the campaign sub-app (``cli.penance`` imports this module on demand)."""

from __future__ import annotations

import secrets
from typing import Any

import typer

from gamewright.app.penance_attack import attack_result
from gamewright.cli.common import JSON_OPTION, RULE_OPTION, SEED_OPTION, print_json, whole_number
from gamewright.cli.lazy import command_module
from gamewright.cli.penance_loop import replay, run_table, say
from gamewright.cli.penance_table import render
from gamewright.core.errors import ConfigError
from gamewright.core.limits import ID_MAX, SEED_MAX, bounded, check_seed
from gamewright.games.penance.bots import BOTS, make_bot
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.decks import base_decks, build_cards, parse_deck, secondary_options
from gamewright.games.penance.game import RULES, PenanceGame

app = command_module()  # ``gamewright penance``'s commands but ``odds`` (cli.penance loads this module lazily)

SEATS = ("human", *BOTS)


# ====================================================================================================
# the table assistant ``attack`` (``odds`` lives in cli.penance: it starts without these imports)
# ====================================================================================================
@app.command()
def attack(
    card: str = typer.Option(..., "--card", help="Attack card, e.g. \"Faithful Thrust\"."),
    attacker: str = typer.Option(..., "--attacker", help="Attacker's casket class: scout, warden, vanguard, colossus."),
    defender: str = typer.Option(..., "--defender", help="Defender's casket class."),
    range_: int = typer.Option(..., "--range", help="Distance in hexes (adjacent = 1)."),
    moved: int = typer.Option(0, "--moved", help="Hexes the attacker moved this turn."),
    defender_moved: int = typer.Option(0, "--defender-moved", help="Hexes the defender moved in its last turn."),
    side: str = typer.Option(..., "--side", help="front, weapon, weapon-flank, rear, shield-flank or shield."),
    cover: str = typer.Option("none", "--cover", help="Cover of the defender's hex: none, light or heavy."),
    attack_dice: str = typer.Option(None, "--attack-dice", help="The two attack dice by value 0-5, e.g. 3,4."),
    defense_dice: str = typer.Option(
        None, "--defense-dice", help="Defense dice by name: shield, absorb, flesh, critical, pierce, heat."
    ),
    defender_deck: int = typer.Option(
        None, "--defender-deck", help="Cards in the defender's draw deck (Divine Judgment needs 10 or fewer)."
    ),
    seed: int = SEED_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Resolve one attack: target number, roll, tier, damage, defense dice and what the defender takes.

    The engine resolves it as in a battle between two fresh caskets: the defender plays no reactive card and
    loses plain cards from its deck, and the attack aims at the legs (dice not given are rolled from --seed)."""
    out = attack_result(card, attacker, defender, range_, moved, defender_moved, side, cover, attack_dice,
                        defense_dice, defender_deck, seed)
    tn, dmg, hit = out["tn"], out["damage"], out["tier"] not in ("miss", "catastrophic")
    dice, tier, faces, parts = out["attack_dice"], out["tier"], out["defense_dice"], out["tn_parts"]
    destroyed = out["component_destroyed"]
    if json_out:
        print_json(out)
        return
    say(f"{out['card']}: TN {tn} ({', '.join(f'{k} {v:+d}' for k, v in parts.items() if v and k != 'base')})")
    say(f"Attack dice {dice[0]} + {dice[1]} = {out['sum']} → {tier.upper()}")
    if hit:
        say(f"Damage {dmg}; defense dice: {', '.join(faces) or 'none'}")
        say(f"Blocked {out['blocked']}, taken {out['taken']}, Component Damage {out['component_damage']}, "
                      f"Heat {out['heat']}" + (", PIERCE" if out["pierce"] else "")
                      + (", MAJOR WOUND" if out["major_wound"] else "")
                      + (", component destroyed" if destroyed else ""))


# ====================================================================================================
# decks and cards
# ====================================================================================================
@app.command()
def cards(json_out: bool = JSON_OPTION) -> None:
    """Every card: set, cost, damage and text."""
    rows = [{"id": c.id, "name": c.name, "set": c.set, "kind": c.kind, "cost": c.cost, "damage": c.damage,
             "range": c.range, "text": c.text} for c in card_table().values()]
    if json_out:
        print_json(rows)
        return
    for r in rows:
        dmg = f" dmg {r['damage']}" if r["damage"] else ""
        say(f"{r['name']:<20} {r['set']:<16} {r['cost']} SP{dmg:<8} {r['text']}")


@app.command()
def decks(
    deck: str = typer.Argument(None, help="A deck spec to check, e.g. confessor:D:absolution+crusaders_vow."),
    json_out: bool = JSON_OPTION,
) -> None:
    """The example decks and their options, or one deck spec validated and listed."""
    if deck:
        spec = parse_deck(deck)
        listing = build_cards(spec)
        data: dict[str, Any] = {
            "deck": spec.spec_text(), "name": spec.name, "casket": spec.casket, "cards": len(listing),
            "list": {cid: listing.count(cid) for cid in dict.fromkeys(listing)}}
        if json_out:
            print_json(data)
            return
        say(f"{spec.name} ({spec.casket}) — {spec.spec_text()}: {len(listing)} cards")
        for cid, n in data["list"].items():
            say(f"  {n} × {card_table()[cid].name}")
        return
    data = {"decks": {k: v.spec_text() for k, v in base_decks().items()}, "secondary": secondary_options()}
    if json_out:
        print_json(data)
        return
    for k, v in base_decks().items():
        say(f"{k}: {v.name}, {v.casket}, default {v.spec_text()}")
    say("secondary options: " + ", ".join(f"{k} = {v}" for k, v in sorted(secondary_options().items())))


# ====================================================================================================
# simulation
# ====================================================================================================
@app.command()
def simulate(
    games: int = typer.Option(100, "--games", "-n", help="Number of games."),
    decks_: str = typer.Option("confessor,ironclad", "--decks",
                               help="Two sides' deck specs, seat 1 first; '/' joins a squad's decks "
                                    "(confessor/confessor,ironclad/ironclad)."),
    bots: str = typer.Option("heuristic,random", "--bots", help="Two bots, seat 1 first: random or heuristic."),
    swap: bool = typer.Option(False, "--swap", help="Alternate seats every game (bots keep their decks)."),
    seed: int = SEED_OPTION,
    option: list[str] = RULE_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Play N seeded bot-vs-bot games and report win rates."""
    from gamewright.cli.lab import progress_bar  # the lab and the store load only for commands that use them
    from gamewright.lab.runner import Batch, run_batches, validate

    bounded(games, 1, 10**6, "--games")
    check_seed(seed, "--seed")
    names = [b.strip() for b in bots.split(",")]
    deck_list = [d.strip() for d in decks_.split(",")]
    if len(names) != 2 or len(deck_list) != 2:
        raise ConfigError("--bots and --decks each take two comma-separated values")
    for bot_name in names:
        if bot_name not in BOTS:
            raise ConfigError(f"unknown bot {bot_name!r}; choose one of: {', '.join(BOTS)}")
    rules = RULES.parse_assignments(option)
    # a thin call into the lab: with --swap the decks change seats every other game and the bots with them
    agents = tuple(f"penance.{n}" for n in names)
    batch = validate(Batch("penance", None, {**rules, "decks": ",".join(deck_list)}, agents, seed, games,
                           alternate=swap, swap_agents=swap))
    with progress_bar(games, enabled=not json_out) as advance:
        records = run_batches([batch], on_games=advance)[0]
    wins = [0, 0]
    draws = actions = rounds = 0
    reasons: dict[str, int] = {}
    for record in records:
        actions += record["actions"]
        rounds += record["length"]
        if not record["wins"]:
            draws += 1
        else:
            wins[(1 - record["wins"][0]) if record["swapped"] else record["wins"][0]] += 1
        why = record["metrics"]["cause"]
        reasons[why] = reasons.get(why, 0) + 1
    out = {
        "games": games, "seed": seed, "decks": deck_list, "bots": names, "swap": swap, "options": rules,
        "wins": wins,
        "win_rate": [wins[0] / games, wins[1] / games], "draws": draws,
        "mean_actions": actions / games, "mean_rounds": rounds / games, "end_reasons": reasons,
    }
    if json_out:
        print_json(out)
        return
    for i in (0, 1):
        say(f"{names[i]} with {deck_list[i]}: {wins[i]} wins ({wins[i] / games:.1%})")
    say(f"draws {draws}; mean {actions / games:.0f} actions, {rounds / games:.1f} rounds per game")


# ====================================================================================================
# play
# ====================================================================================================
@app.command()
def play(
    decks_: str = typer.Option("confessor,ironclad", "--decks",
                               help="Two sides' deck specs, seat 1 first; '/' joins a squad's decks "
                                    "(confessor/confessor,ironclad/ironclad)."),
    seats: str = typer.Option("human,bot", "--seats", help="Two seats: human, bot (heuristic), heuristic, random."),
    seed: int = typer.Option(None, "--seed", help="Seed of the random stream (default: a fresh secret one; shown "
                             "when the game is over). 0 to 2^63-1.", parser=whole_number(0, 2**63 - 1, "--seed")),
    resume: int = typer.Option(None, "--resume", help="Resume the saved game with this id."),
    name: str = typer.Option(None, "--name", help="A name for the saved game."),
    option: list[str] = RULE_OPTION,
) -> None:
    """Play a battle in the terminal; each line of stdin is one action (a number from the menu or its text).

    The game is saved after every action; `quit` (or the end of input) leaves it to be resumed with --resume.
    """
    from gamewright.store import create_game, get_game, update_game

    seed = secrets.randbelow(SEED_MAX + 1) if seed is None else check_seed(seed, "--seed")
    if resume is not None:
        row = get_game(bounded(resume, 1, ID_MAX, "--resume"), "penance")
        decks_, seats, seed = row.config["decks"], row.config["seats"], row.seed
        rules = dict(row.config.get("options", {}))
        actions = list(row.actions)
        game_id = resume
        if row.status == "finished":
            say(f"game {resume} is finished: {(row.result or {}).get('reason', '')} (seed {row.seed})")
            return
    else:
        rules = RULES.parse_assignments(option)
        actions = []
        game_id = None
    seat_list = [s.strip().lower() for s in seats.split(",")]
    if len(seat_list) != 2 or any(s not in (*SEATS, "bot") for s in seat_list):
        raise ConfigError(f"--seats takes two of: human, bot, heuristic, random (got {seats!r})")
    game = PenanceGame(options={**rules, "decks": decks_})
    state = replay(game, seed, actions)[0]
    if game_id is None:
        game_id = create_game("penance", seed, {"decks": decks_, "seats": seats, "options": rules}, name)
        say(f"saved game {game_id} (resume with: gamewright penance play --resume {game_id})")
    else:
        say(f"resumed game {game_id} after {len(actions)} actions")
    bots = [None if s == "human" else make_bot("heuristic" if s == "bot" else s, seed + 17 * i)
            for i, s in enumerate(seat_list)]
    # bots are stateless apart from their stream; replaying keeps their streams in step only approximately,
    # which does not matter: their saved actions are replayed, not re-chosen.
    saved_id = game_id

    def save(log: list[str]) -> None:
        update_game(saved_id, actions=log, base=len(log) - 1)

    if not run_table(game, state, actions, list(bots), save, f"game {game_id}",
                     f"gamewright penance play --resume {game_id}"):
        return
    result = {"winner": state.winner, "reason": state.end_reason, "rounds": state.round}
    update_game(game_id, actions=actions, base=len(actions), status="finished", result=result)
    say(f"game over — {state.end_reason} (seed {seed})")


def _public_seed(row: Any) -> int | None:
    """A game's seed rebuilds every hidden card: it is shown only once the game is over."""
    return int(row.seed) if row.status == "finished" else None


@app.command("list")
def list_saved(json_out: bool = JSON_OPTION) -> None:
    """Saved Penance games."""
    from gamewright.store import list_games

    rows = [{"id": r.id, "name": r.name, "seed": _public_seed(r), "decks": r.config.get("decks"),
             "seats": r.config.get("seats"), "actions": len(r.actions), "status": r.status, "result": r.result}
            for r in list_games("penance")]
    if json_out:
        print_json(rows)
        return
    for r in rows:
        name = f" ({r['name']})" if r["name"] else ""
        say(f"{r['id']:>4}  {r['status']:<8} {r['decks']:<22} {r['seats']:<16} {r['actions']} actions{name}")
    if not rows:
        say("no saved Penance games; start one with: gamewright penance play")


@app.command()
def show(
    game_id: int = typer.Argument(..., help="Saved game id."),
    seat: int = typer.Option(1, "--seat", help="Whose view (1 or 2): the other hand stays hidden."),
    json_out: bool = JSON_OPTION,
) -> None:
    """A saved game's current position as one seat sees it."""
    from gamewright.store import get_game

    if seat not in (1, 2):
        raise ConfigError("--seat is 1 or 2")
    row = get_game(bounded(game_id, 1, ID_MAX, "game id"), "penance")
    game = PenanceGame(options={**row.config.get("options", {}), "decks": row.config["decks"]})
    state = replay(game, row.seed, list(row.actions))[0]
    if json_out:
        print_json({"id": game_id, "status": row.status, "seed": _public_seed(row), "view": state.view_for(seat - 1)})
        return
    say(render(state, seat - 1))
    if row.status == "finished":
        say(f"game over — {state.end_reason} (seed {row.seed})")


from gamewright.cli.penance_campaign import app as campaign_app  # noqa: E402 - the sub-app joins the app last

app.add_typer(campaign_app, name="campaign")

__all__ = ["app", "render"]

"""Issue 9 hidden information for Penance: draws only to their seat, secret seeds, no seed before the end."""

from __future__ import annotations

import json

from gamewright.core.game import events_for
from gamewright.games.penance import make_game
from gamewright.games.penance.bots import make_bot
from gamewright.store import get_game


def test_draws_are_visible_only_to_their_seat() -> None:
    state = make_game().new_initial_state(21)
    bots = [make_bot("heuristic", 1), make_bot("random", 2)]
    private = 0
    while not state.is_terminal():
        events = state.apply(bots[state.current_player].choose(state))
        for e in events:
            if "cards" in e.data or e.kind in ("draw", "reveal"):
                assert e.visible_to is not None
                private += 1
        for seat in (0, 1):
            for e in events_for(events, seat):
                assert not (e.kind == "draw" and e.data["player"] != seat)
        assert all(e.visible_to is None for e in events_for(events, None))
    assert private > 10


def test_view_holds_no_seed_or_stream() -> None:
    state = make_game().new_initial_state(123456789)
    text = json.dumps(state.view_for(0)) + json.dumps(state.view_for(1))
    assert "123456789" not in text and "rng" not in text and "seed" not in text


def _hand(cli, game_id: int) -> list[str]:  # type: ignore[no-untyped-def]
    code, out, _ = cli("penance", "show", str(game_id), "--json")
    return [h["card"] for h in json.loads(out)["view"]["sides"][0]["hand"]]


def test_games_without_a_seed_deal_different_hands(cli) -> None:  # type: ignore[no-untyped-def]
    for _ in range(2):
        assert cli("penance", "play", "--seats", "human,bot", stdin="quit\n")[0] == 0
    seeds = {get_game(1).seed, get_game(2).seed}
    assert len(seeds) == 2 and 0 not in seeds
    assert _hand(cli, 1) != _hand(cli, 2)


def test_no_seed_in_any_output_before_the_end(cli) -> None:  # type: ignore[no-untyped-def]
    code, play_out, _ = cli("penance", "play", "--seats", "human,bot", stdin="keep\nquit\n")
    assert code == 0
    seed = str(get_game(1).seed)
    outputs = [play_out, cli("penance", "list", "--json")[1], cli("penance", "list")[1],
               cli("penance", "show", "1", "--json")[1], cli("penance", "show", "1", "--seat", "2")[1],
               cli("penance", "play", "--resume", "1", stdin="quit\n")[1]]
    assert all(seed not in out for out in outputs)
    assert json.loads(outputs[1])[0]["seed"] is None
    # a finished game shows it
    code, out, _ = cli("penance", "play", "--seats", "bot,bot")
    assert code == 0 and f"seed {get_game(2).seed}" in out
    assert json.loads(cli("penance", "list", "--json")[1])[1]["seed"] == get_game(2).seed


def test_the_cli_shows_a_bot_s_draws_as_a_count_only(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("penance", "play", "--seats", "human,bot", "--seed", "4",
                       stdin="keep\n" + "end\n" * 6 + "quit\n")
    assert code == 0
    p2_draws = [line for line in out.splitlines() if line.strip().startswith("P2 draws")]
    p1_draws = [line for line in out.splitlines() if line.strip().startswith("P1 draws")]
    assert p2_draws and all(line.strip().endswith("card(s)") for line in p2_draws)
    assert any(not line.strip().endswith("card(s)") for line in p1_draws)

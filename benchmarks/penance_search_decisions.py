"""Penance ismcts, decision by decision: where does the search overrule the heuristic bot, and does it gain?

Whole games are a slow and noisy yardstick (one different action reshuffles every later die). This takes
positions from seeded heuristic-against-heuristic games (every ``EVERY``-th decision with a choice), lets each
``ismcts`` spec decide there with the deciding bot's memory, and where the spec plays something else than the
bot, measures both actions on the *true* position (nothing redrawn but the dice): ``R`` paired playouts, the
heuristic bot on both sides with the memories the real bots would have. The gain is the mean difference in the
seat's return (win 1, loss -1); a spec's mean gain per decision sums its overrules' gains over all positions.

``python benchmarks/penance_search_decisions.py POSITIONS R SPEC [SPEC ...]``. Reports, never asserts.
"""

from __future__ import annotations

import math
import sys
import time
from typing import Any

from gamewright.agents.registry import make_agent
from gamewright.core.game import load_game
from gamewright.core.rng import Rng, derive_seed
from gamewright.games.penance.bots import HeuristicBot
from gamewright.games.penance.search_guide import Memory, memory, memory_after, set_memory

EVERY = 7  # a position every seventh decision with a choice, so positions spread over many games

Position = tuple[Any, int, Memory, Memory, Any, Memory, Memory]  # state, seat, memories, the bot's pick...


def positions(count: int) -> list[Position]:
    """(state, seat, own memory before, opponent memory, the bot's pick, own memory after it) from bot games."""
    game = load_game("penance")
    found: list[Position] = []
    g = 0
    seen = 0
    while len(found) < count:
        state = game.new_initial_state(derive_seed(g, "decisions"))
        bots = [HeuristicBot(0), HeuristicBot(1)]
        while not state.is_terminal() and len(found) < count:
            seat = state.current_player
            bot = bots[seat]
            before = memory(bot)
            probe = state.clone()
            pick = bot.choose(state)
            if len(state.legal_actions()) > 1:
                seen += 1
                if seen % EVERY == 0:
                    found.append((probe, seat, before, memory(bots[1 - seat]), pick, memory(bot), before))
            state.apply(pick)
        g += 1
    return found


def value(pos: Position, action: Any, seed: int) -> float:
    """The seat's return after ``action`` on the true position, dice from ``seed``, heuristic bots after it."""
    state, seat, before, rival, pick, after, _ = pos
    sim = state.clone()
    sim.rng = Rng(seed)
    bots = [HeuristicBot(0), HeuristicBot(1)]
    set_memory(bots[seat], memory_after(state, before, after, pick, action))
    set_memory(bots[1 - seat], rival)
    sim.apply(action)
    while not sim.is_terminal():
        sim.apply(bots[sim.current_player].choose(sim))
    return float(sim.returns()[seat])


def gain(pos: Position, action: Any, rounds: int, salt: int) -> float:
    pick = pos[4]
    return sum(value(pos, action, derive_seed(salt, f"r{r}")) - value(pos, pick, derive_seed(salt, f"r{r}"))
               for r in range(rounds)) / rounds


def main() -> None:
    count, rounds = int(sys.argv[1]), int(sys.argv[2])
    specs = sys.argv[3:]
    found = positions(count)
    cache: dict[tuple[int, str], float] = {}
    for spec in specs:
        gains, over, spent = [], 0, 0.0
        for i, pos in enumerate(found):
            agent = make_agent("penance", spec, derive_seed(i, "decider"))
            set_memory(agent._guide.bot, pos[2])
            start = time.process_time()
            chosen = agent.choose(pos[0].clone())
            spent += time.process_time() - start
            if chosen == pos[4]:
                gains.append(0.0)
                continue
            over += 1
            key = (i, chosen.to_text())
            if key not in cache:
                cache[key] = gain(pos, chosen, rounds, i)
            gains.append(cache[key])
            print(f"  position {i} {pos[0].todo[-1][0]}: {pos[4].to_text()} -> {chosen.to_text()} "
                  f"gain {cache[key]:+.3f}", flush=True)
        mean = sum(gains) / len(gains)
        sd = math.sqrt(sum((x - mean) ** 2 for x in gains) / max(1, len(gains) - 1))
        print(f"{spec}: overruled {over}/{len(gains)}, mean gain per decision {mean:+.4f} "
              f"(s.e. {sd / math.sqrt(len(gains)):.4f}), CPU s/decision {spent / len(gains):.3f}", flush=True)


if __name__ == "__main__":
    main()

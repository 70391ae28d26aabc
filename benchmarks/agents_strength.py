"""One 1-v-1 strength pairing over many seeded games, seats alternated, game by game (issue 15 acceptance).

``python benchmarks/agents_strength.py GAME AGENT OPPONENT [GAMES=200] [K/N=0/1] [FROM=0]`` (positional): plays
games 0..GAMES-1 (with K/N only those with index ≡ K mod N, so N processes share the work; FROM skips the
games below it), printing one line per game (points of AGENT — win 1, draw 1/2 — and CPU seconds per decision)
and a summary with the 95% Wilson interval. Partial logs combine with ``--sum LOG ...`` (a game logged twice
counts once). Reports, never asserts.
"""

from __future__ import annotations

import sys

from agents_ladder import play

from gamewright.lab.stats import wilson_interval


def summary(lines: list[str]) -> str:
    """The pooled result of ``game`` lines: points, interval, mean and longest CPU seconds per decision."""
    by_game = {line.split()[1]: line.split() for line in reversed(lines) if line.startswith("game ")}
    rows = list(by_game.values())
    points = sum(float(r[2]) for r in rows)
    n = len(rows)
    if not n:
        return "no games"
    decisions = sum(int(r[5]) for r in rows)
    mean = sum(float(r[4]) * int(r[5]) for r in rows) / max(1, decisions)
    longest = max(float(r[7]) for r in rows)
    low, high = wilson_interval(round(points), n)
    return (f"{points:g}/{n} = {points / n:.1%} [95% Wilson {low:.1%}, {high:.1%}]; CPU s/decision mean {mean:.3f}, "
            f"longest {longest:.3f}")


def main() -> None:
    if sys.argv[1] == "--sum":
        lines = []
        for path in sys.argv[2:]:
            with open(path, encoding="utf-8") as log:
                lines.extend(log)
        print(summary(lines))
        return
    game, a, b = sys.argv[1:4]
    games = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    k, n = (int(x) for x in (sys.argv[5] if len(sys.argv) > 5 else "0/1").split("/"))
    start = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    print(f"# {game}: {a} vs {b}, games {k} mod {n} of {games} from {start}", flush=True)
    done: list[str] = []
    for g in range(k, games, n):
        if g < start:
            continue
        won, spent, longest, made = play(game, a, b, g)
        line = f"game {g} {won:g} s/decision {spent[0] / max(1, made[0]):.4f} {made[0]} longest {longest[0]:.3f}"
        done.append(line)
        print(line, flush=True)
    print("# " + summary(done), flush=True)


if __name__ == "__main__":
    main()

"""A variant known to matter, at full size: Affinity's Basic creatures acting twice (`basic_actions=2`) against
the party, 400 paired games, random and greedy players. Prints the paired difference and the McNemar p-value."""

from __future__ import annotations

from gamewright.lab.experiments import run


def main() -> None:
    for agents in (["random", "random"], ["affinity.greedy", "affinity.greedy"]):
        result = run({"kind": "compare", "game": "affinity", "games": 400, "seed": 0, "agents": agents,
                      "a": {"options": {}}, "b": {"options": {"basic_actions": 2}}})
        party = result["difference"][0]
        a, b = result["a"]["win_rates"][0]["rate"], result["b"]["win_rates"][0]["rate"]
        print(f"{','.join(agents)}: party wins {a:.1%} -> {b:.1%}, delta {party['delta']:+.3f} "
              f"[{party['low95']:+.3f}, {party['high95']:+.3f}], exact McNemar p = {party['mcnemar_p']:.3g}")


if __name__ == "__main__":
    main()

"""The greedy policy's fast paths give what the rules' own functions give: ``pool_numbers`` and ``far_shot`` the
numbers of ``pc_pool`` from where ``path_toward`` ends, and ``choose`` the first best ``score`` of the whole legal
list (the policy weighs each action's parts once, not each action from scratch)."""

from __future__ import annotations

from collections.abc import Iterator

from gamewright.games.affinity.character import conformance_party
from gamewright.games.affinity.combat import END, CombatState, budget_count, build_fight
from gamewright.games.affinity.combat_legality import reach_of
from gamewright.games.affinity.combat_pools import far_shot, path_toward, pc_pool, pool_numbers, square_dist
from gamewright.games.affinity.data_files import class_data, creature_data
from gamewright.games.affinity.policies import GreedyPolicy
from gamewright.lab.affinity_conformance import matchups


def _decisions(fights: int) -> Iterator[tuple[CombatState, GreedyPolicy]]:
    """Every decision of seeded greedy fights over the conformance matchups, before it is played."""
    pairs = matchups()
    for i in range(fights):
        level, key = pairs[(i * 5) % len(pairs)]
        party = conformance_party(level)
        count = budget_count(creature_data().creatures[key], party, creature_data().budgets["medium"])
        state, _ = build_fight(party, key, count, 100 + i)
        policy = GreedyPolicy()
        while not state.is_terminal():
            yield state, policy
            state.apply(policy.choose(state))


def test_pool_numbers_and_far_shot_are_pc_pools_numbers() -> None:
    abilities = class_data().abilities
    seen = 0
    for state, _ in _decisions(6):
        f = state.fighters[state.active]
        if not f.pc:
            continue
        for key in f.abilities:
            spec = abilities[key]
            if spec.tier == "none":
                continue
            for t in [None, *state.fighters]:
                at, moved = (f.x, f.y), 0
                if t is not None:
                    near, far = reach_of(f, spec)
                    at, moved = path_toward(f, t, near)
                    left = square_dist((f.x, f.y), (t.x, t.y)) - moved
                    assert left == square_dist(at, (t.x, t.y))  # each step takes one square off
                    assert far_shot(near, far, left) == (far > near and square_dist(at, (t.x, t.y)) > near)
                shot = t is not None and far_shot(near, far, left)
                for affinity in (0, 2):
                    pool = pc_pool(f, spec, t, at, affinity)
                    assert tuple(pool_numbers(f, spec, t, shot, affinity)) == (
                        pool.safe, int(pool.divine), pool.net, pool.threshold, pool.required, len(pool.help_faces))
                    seen += 1
    assert seen > 1000


def test_choose_is_the_first_best_score_of_the_legal_list() -> None:
    for state, policy in _decisions(4):
        f = state.fighters[state.active]
        best, best_score = END, 0.0
        for act in state.legal_actions():
            if act.verb in ("end", "hold"):
                continue
            score = policy.score(state, f, act)
            if score > best_score:
                best, best_score = act, score
        assert policy.choose(state) == best

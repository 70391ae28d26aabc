"""issue 22 §2: a preview's ``targets[T].destroyed`` is the exact probability that T is destroyed by the end of
everything ``end`` resolves: the shots, then the turn passing on through the next seats' start-of-turn heat steps
(002 Heat Dissipation), where the heat of critical hits (002 Critical Hits: "can cascade heat damage") and of
absorbed damage can finish a ship. Checked against an exact enumeration of ``apply(end)`` over every outcome of
its dice (each draw answered with each of its faces in turn, on a copy of the state)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeVar

from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import EndTurn, Fire, parse_action
from gamewright.games.inclinations.ship import MAX_ENERGY, REACTOR, SUBSYSTEMS
from gamewright.games.inclinations.state import InclinationsState
from tests.inclinations.helpers import ship, state

T = TypeVar("T")


class Faces:
    """A random stream that answers draw i with face ``script[i]`` (0 past the script) and records each draw's
    number of faces. Resolving a turn draws only dice and choices."""

    def __init__(self, script: Sequence[int]) -> None:
        self.script = list(script)
        self.sizes: list[int] = []

    def _face(self, faces: int) -> int:
        i = len(self.sizes)
        self.sizes.append(faces)
        return self.script[i] if i < len(self.script) else 0

    def die(self, sides: int) -> int:
        return self._face(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self._face(len(items))]


def destroyed_by_enumeration(st: InclinationsState) -> dict[str, Fraction]:
    """Every ship's exact probability of having hull 0 once ``apply(end)`` returns, over every outcome of its
    dice (recursively: a script's unscripted draws took face 0; each of their other faces is a branch)."""
    out = {s.id: Fraction(0) for s in st.ships}

    def walk(script: list[int]) -> None:
        trial = st.clone()
        rng = Faces(script)
        trial.rng = rng  # type: ignore[assignment]
        trial.apply(EndTurn())
        p = Fraction(1)
        for n in rng.sizes:
            p /= n
        for s in trial.ships:
            if s.hull <= 0:
                out[s.id] += p
        faces = [*script, *[0] * (len(rng.sizes) - len(script))]
        for depth in range(len(script), len(rng.sizes)):
            for face in range(1, rng.sizes[depth]):
                walk([*faces[:depth], face])

    walk([])
    return out


def _preview_destroyed(st: InclinationsState) -> dict[str, Fraction]:
    answer = st.preview(EndTurn())
    assert answer["legal"], answer
    return {tid: Fraction(t["destroyed"]["p"]) for tid, t in answer["targets"].items()}


def _audit_state() -> InclinationsState:
    """The audit's example: P1 at hull 10 and heat 5 (laser 2 and missiles 3 powered); P2 fires its laser and
    missiles at it. Hull 5 after the shots; when both crit (1/10 each: the second takes the other subsystem),
    5 more heat: 10 at the start of P1's turn, 5 hull damage, destroyed inside the same ``apply(end)``."""
    st = state(ship("P1", ring=4, sector=1, hull=10, heat=5, laser=2, missiles=3),
               ship("P2", ring=3, sector=0, laser=2, missiles=2), current=1)
    for text in ("fire laser P1", "fire missiles P1"):
        st.apply(parse_action(text))
    return st


def test_the_audits_example_counts_the_crit_heat() -> None:
    st = _audit_state()
    answer = st.preview(EndTurn())
    target = answer["targets"]["P1"]
    assert target["hull"] == {"min": 5, "max": 5}  # after the shots, as before
    assert target["destroyed"] == {"p": "1/100", "float": 0.01}
    assert target["destroyed_by_shots"]["p"] == "0/1" and target["heat"] == {"min": 5, "max": 10}
    assert target["hull_after_end"] == {"min": 0, "max": 5}
    assert destroyed_by_enumeration(st)["P1"] == Fraction(1, 100)


def test_a_heat_death_passes_the_turn_to_the_next_seats_heat_step() -> None:
    """P1's laser at P2 and P3 (hull 4 -> 2 each). P2 (heat 6) dies at the start of its turn only on a crit (its
    engines' 3 energy: heat 9, 4 damage); then P3's heat step runs in the same ``end``, and P3 (heat 5) dies only
    if it was critted too (heat 7 or 9). If P2 survives, P3's heat is not checked yet: P3 1/100, P2 1/10."""
    st = state(ship("P1", ring=3, sector=0, laser=2),
               ship("P2", ring=4, sector=1, hull=4, heat=6, engines=3),
               ship("P3", ring=2, sector=23, hull=4, heat=5, engines=2, railgun=4))
    st.apply(parse_action("fire laser P2 P3"))
    exact = destroyed_by_enumeration(st)
    assert exact == {"P1": 0, "P2": Fraction(1, 10), "P3": Fraction(1, 100)}
    assert _preview_destroyed(st) == {"P2": Fraction(1, 10), "P3": Fraction(1, 100)}


def test_the_round_limit_ends_the_game_before_the_next_heat_step() -> None:
    """P2 acts last in round 200 of 200: the game ends as a draw before P1's heat step, so P1's heat does not
    destroy it in this ``end``."""
    st = _audit_state()
    st.round = st.round_limit = 200
    assert _preview_destroyed(st) == {"P1": Fraction(0)} == {"P1": destroyed_by_enumeration(st)["P1"]}


def _random_ship(rng: Rng, sid: str, ring: int, sector: int) -> Any:
    energy: dict[str, int] = {}
    free = REACTOR
    for i in range(len(SUBSYSTEMS)):
        if free and rng.random() < 0.5:
            amount = rng.randint(1, min(free, MAX_ENERGY[i]))
            energy[SUBSYSTEMS[i]] = amount
            free -= amount
    return ship(sid, ring=ring, sector=sector, facing=rng.choice(["prograde", "retrograde"]),
                hull=rng.randint(1, 10), heat=rng.randint(0, 10), **energy)


def _random_states(count: int) -> list[InclinationsState]:
    """Three ships close together with random hull, heat and energy; the acting seat plans a random set of the
    shots it may take (each listed by the state's own legal_actions)."""
    rng = Rng("issue22/preview-heat")
    out: list[InclinationsState] = []
    while len(out) < count:
        places = [(rng.randint(2, 4), rng.randint(0, 3)) for _ in range(3)]
        if len(set(places)) < 3:
            continue
        ships = [_random_ship(rng, f"P{i + 1}", ring, sector) for i, (ring, sector) in enumerate(places)]
        current = rng.randint(0, 2)
        if rng.random() < 0.6:
            ships[current].energy = [0] * len(SUBSYSTEMS)  # room for the weapons
        st = state(*ships, current=current, to_hit=rng.choice(["always", "d10"]),
                   shields_deplete=rng.random() < 0.7)
        if rng.random() < 0.2:
            st.round = st.round_limit  # the last round: the turn passing on may end the game first
        for weapon, amount in (("laser", 2), ("missiles", 2)):
            step = f"allocate {weapon} {amount}"
            if rng.random() < 0.8 and step in {a.to_text() for a in st.legal_actions()}:
                st.apply(parse_action(step))
        for _ in range(2):
            fires = [a for a in st.legal_actions() if type(a) is Fire and not a.compensate]
            if fires:
                st.apply(rng.choice(fires))
        if any(type(a) is Fire for a in st.plan):
            out.append(st)
    return out


def test_random_states_preview_the_exact_enumerated_destruction() -> None:
    states = _random_states(100)
    answers = []
    for st in states:
        exact = destroyed_by_enumeration(st)
        previewed = _preview_destroyed(st)
        assert previewed == {tid: exact[tid] for tid in previewed}, (st.to_json(), previewed, exact)
        answers.append(st.preview(EndTurn()))
    # the heat steps matter in a good share of these states
    assert sum(any(t["destroyed"] != t["destroyed_by_shots"] for t in a["targets"].values()) for a in answers) >= 20

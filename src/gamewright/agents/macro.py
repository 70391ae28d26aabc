"""Root search over macro-actions for ``ismcts``: a game's own candidate moves, judged by determinized playouts.

Where a game offers search hooks (``gamewright.games.<game>.search_hooks``), the root of the information-set
search holds the hook's *macro-actions* — whole turn plans in Dangerous Inclinations, single actions in Penance —
with the game bot's own choice first. Each determinization (``state.resample(seat, rng)``) is drawn once per
seed and shared by every candidate (common random numbers: the same hidden cards, the same future dice, the
same rollout bots), so candidates are compared on equal footing. The budget is spread by sequential halving
(Karnin, Koren & Somekh 2013): every round plays each remaining candidate on the same fresh determinizations
and keeps the better half. The bot's own choice is never dropped and is only overruled by a candidate whose
mean value beats it by ``margin`` — a noisy estimate must not talk the agent out of a sound default.

The agent emits a chosen plan one action at a time; every decision reads only ``resample`` twins, so it
depends only on what the seat may know.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from gamewright.core.limits import SEED_MAX
from gamewright.core.rng import Rng

Macro = list[Any]  # actions applied in order by the seat on move
Value = Callable[[Any, int], float]
Prime = Callable[[int, Any, Macro], None]  # (mover, a fresh rollout bot, the candidate): sets what the bot recalls


class SearchHooks(Protocol):
    """What a game lends the search (game logic stays in ``games/``)."""

    DEFAULTS: dict[str, Any]  # the game's ismcts settings where a spec leaves them out
    def guide(self, seed: int) -> Any:
        """The game bot whose choice comes first; the agent keeps it for the whole game (bots remember)."""
        ...

    def macro_actions(self, state: Any, seat: int, rng: Rng, guide: Any) -> list[Macro] | None:
        """Candidates for ``seat`` on move, ``guide``'s own choice first, drawn from ``resample`` twins only;
        None where the plain tree search should decide."""
        ...

    def turn_key(self, state: Any) -> Any:
        """Equal while one macro is being played out (a plan's remaining steps stay valid)."""
        ...

    # Optional, where the game's bots remember from decision to decision (Penance):
    # ``primer(guide, seat) -> Prime`` sets a fresh rollout bot to what that seat's bot would recall after the
    # candidate; ``chosen(guide, macro)`` tells the guide which candidate the search played.


def load_hooks(game: str) -> SearchHooks | None:
    """The game's search hooks module (its manifest's ``search_hooks``), if it has one."""
    from gamewright.core.errors import NotFound
    from gamewright.core.manifest import manifest_for

    try:
        hooks: SearchHooks | None = manifest_for(game).load("search_hooks")
    except NotFound:
        return None
    return hooks


def _playout(state: Any, seat: int, macro: Macro, seed: int, rollout: Callable[[int], Any] | None,
             random_policy: Callable[[Any, Rng], Any], depth: int, value: Value, prime: Prime | None = None) -> float:
    """One candidate on the determinization ``seed`` names: the macro, then rollout bots (``prime``d, where the
    game remembers for them) for at most ``depth`` actions; the seat's value of where that leaves the game."""
    rng = Rng(seed)
    sim = state.resample(seat, rng)
    for action in macro:
        if sim.is_terminal():
            break
        sim.apply(action)
    bots: dict[int, Any] = {}
    for _ in range(depth):
        if sim.is_terminal():
            break
        mover = sim.current_player
        if rollout is None or mover < 0:
            sim.apply(random_policy(sim, rng))
            continue
        if mover not in bots:
            bots[mover] = rollout(seed + 7919 * (mover + 1))
            if prime is not None:
                prime(mover, bots[mover], macro)
        sim.apply(bots[mover].choose(sim))
    return value(sim, seat)


def choose_macro(state: Any, seat: int, macros: Sequence[Macro], budget: int, rng: Rng,
                 rollout: Callable[[int], Any] | None, random_policy: Callable[[Any, Rng], Any], depth: int,
                 value: Value, margin: float, z: float = 0.0, prime: Prime | None = None) -> int:
    """The index of the macro to play: sequential halving over ``budget`` playouts, index 0 kept throughout
    and preferred unless another's mean beats it by ``margin`` and by ``z`` standard errors of the paired
    differences (both play the same determinizations)."""
    n = len(macros)
    if n == 1:
        return 0
    totals = [0.0] * n
    counts = [0] * n
    squares = [0.0] * n  # sums of squared differences from index 0 on the same determinization
    alive = list(range(n))
    rounds = max(1, math.ceil(math.log2(n)))
    left = budget
    for r in range(rounds):
        per_round = left // (rounds - r)
        dets = max(1, per_round // len(alive))
        for _ in range(dets):
            seed = rng.randint(0, SEED_MAX - 10**6)
            values = {i: _playout(state, seat, macros[i], seed, rollout, random_policy, depth, value, prime)
                      for i in alive}
            for i, v in values.items():
                totals[i] += v
                counts[i] += 1
                squares[i] += (v - values[0]) ** 2
        left -= dets * len(alive)
        if len(alive) <= 2:
            continue
        ranked = sorted(alive, key=lambda i: (-totals[i] / counts[i], i))
        keep = ranked[: max(2, math.ceil(len(alive) / 2))]
        alive = sorted(set(keep) | {0})
    best = max(alive, key=lambda i: (totals[i] / counts[i], -i))
    gain = totals[best] / counts[best] - totals[0] / counts[0]
    k = counts[best]
    spread = math.sqrt(max(0.0, squares[best] / k - gain * gain) / max(1, k - 1))  # standard error of the gain
    if best != 0 and (gain < margin or gain < z * spread or gain <= 0):
        return 0
    return best

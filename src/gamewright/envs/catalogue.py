"""Fixed-size discrete action spaces: index ↔ action.

Where a game's actions form a small finite set, the catalogue lists every action's text form once, so index
``i`` means the same action in every state (Space Prince: the 7 planets; Penance: each kind of decision by card
instance, component and direction; Dangerous Inclinations: every step and deployment for the table's size).
Affinity's actions (ability × target × exertion × affinity) are too many to list, so its index ``i`` is the
``i``-th legal action in text order (``SlotCatalogue``).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from gamewright.agents.search import action_key

PENANCE_INSTANCES = 48  # a deck's 30 cards plus DAMAGED cards added by Major Wounds, with room to spare
AFFINITY_SLOTS = 96


class TextCatalogue:
    """Index ``i`` is the action whose text form is ``texts[i]`` (stable across states and games)."""

    stable = True

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.size = len(texts)
        self._index = {t: i for i, t in enumerate(texts)}

    def legal_map(self, state: Any) -> dict[int, Any]:
        out = {}
        for action in state.legal_actions():
            i = self._index.get(action_key(action))
            if i is not None:
                out[i] = action
        return out


class SlotCatalogue:
    """Index ``i`` is the ``i``-th legal action in text order; legal actions past ``size`` are not offered."""

    stable = False

    def __init__(self, size: int) -> None:
        self.size = size

    def legal_map(self, state: Any) -> dict[int, Any]:
        ordered = sorted(state.legal_actions(), key=action_key)
        return dict(enumerate(ordered[: self.size]))


def _prince() -> list[str]:
    from gamewright.games.prince.tables import PLANETS

    return list(PLANETS)


def _penance() -> list[str]:
    from gamewright.games.penance.actions import Act
    from gamewright.games.penance.legality import MAX_CASKETS

    cards = range(PENANCE_INSTANCES)
    acts = [Act("play", c, a) for c in cards for a in range(-1, 5)]
    acts += [Act(k, -1, d) for k in ("move", "rotate") for d in range(6)]
    acts += [Act("lose", c) for c in range(-1, PENANCE_INSTANCES)]
    acts += [Act(k, c) for k in ("react", "sacrifice", "purge", "scrap", "discard") for c in cards]
    acts += [Act(k) for k in ("end", "keep", "mulligan", "rune", "pass")]
    # squads (issue 16): plays naming a casket, and extraction; listed last, so one-on-one indices stay put
    caskets = range(MAX_CASKETS)
    acts += [Act("play", c, a, t) for t in caskets for c in cards for a in range(-1, 5)]
    acts += [Act("extract", target=t) for t in caskets]
    acts.append(Act("withdraw"))  # campaign battles (option withdraw); last, so the indices above stay put
    return [a.to_text() for a in acts]


def _inclinations(players: int) -> list[str]:
    from gamewright.games.inclinations import actions as a
    from gamewright.games.inclinations.board import FACINGS, SECTORS, WELLS
    from gamewright.games.inclinations.ship import MAX_ENERGY, SUBSYSTEMS

    steps: list[Any] = [a.Deploy(s) for s in range(SECTORS)]
    for sub, most in zip(SUBSYSTEMS, MAX_ENERGY, strict=True):
        steps += [kind(sub, n) for kind in (a.Allocate, a.Deallocate) for n in range(1, most + 1)]
    steps += [a.Rotate(f) for f in FACINGS] + [a.Coast(False), a.Coast(True)]
    steps += [a.Burn(name, adj) for name in a.INTENSITIES for adj in range(-8, 4)]
    steps += [a.Transfer(w) for w in WELLS]
    ids = [f"P{i + 1}" for i in range(players)]
    targets = [t for n in (1, 2) for t in permutations(ids, n)]
    steps += [a.Fire(w, t, comp) for w in a.WEAPONS for t in targets for comp in (False, True)]
    steps.append(a.EndTurn())
    return list(dict.fromkeys(s.to_text() for s in steps))


def catalogue_for(game: str, players: int) -> TextCatalogue | SlotCatalogue:
    if game == "prince":
        return TextCatalogue(_prince())
    if game == "penance":
        return TextCatalogue(_penance())
    if game == "inclinations":
        return TextCatalogue(_inclinations(players))
    return SlotCatalogue(AFFINITY_SLOTS)

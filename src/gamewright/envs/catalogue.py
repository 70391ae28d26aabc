"""Fixed-size discrete action spaces: index ↔ action.

A game's manifest lists every action's text form once (``action_texts(players)``), so index ``i`` means the same
action in every state (Space Prince: the 7 planets; Penance: each kind of decision by card instance, component
and direction; Dangerous Inclinations: every step and deployment for the table's size). Where the list depends on
more than the number of players, the game's encoder builds it from the loaded game (``env_encoder.action_texts
(game)``; Affinity: every ability of the fight's fighters by target slot, exertion and Affinity dice). A game with
neither gets ``SlotCatalogue``: index ``i`` is the ``i``-th legal action in text order (``action_slots`` of them).
"""

from __future__ import annotations

from typing import Any

from gamewright.agents.search import action_key
from gamewright.core.manifest import manifest_for


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


def catalogue_for(game: str, players: int, loaded: Any = None) -> TextCatalogue | SlotCatalogue:
    """The action catalogue of ``game`` for ``players`` seats; ``loaded`` is the game with its options, where the
    catalogue depends on them (default: the game with its default options)."""
    manifest = manifest_for(game)
    texts = manifest.load("action_texts")
    if texts is not None:
        return TextCatalogue(list(texts(players)))
    own = getattr(manifest.load("env_encoder"), "action_texts", None)
    if own is not None:
        from gamewright.core.game import load_game

        return TextCatalogue(list(own(loaded if loaded is not None else load_game(game))))
    return SlotCatalogue(manifest.action_slots)

"""Fixed-size discrete action spaces: index ↔ action.

Where a game's actions form a small finite set, its manifest's ``action_texts`` lists every action's text form
once, so index ``i`` means the same action in every state (Space Prince: the 7 planets; Penance: each kind of
decision by card instance, component and direction; Dangerous Inclinations: every step and deployment for the
table's size). Where they are too many to list (Affinity: ability × target × exertion × affinity), index ``i`` is
the ``i``-th legal action in text order (``SlotCatalogue`` of the manifest's ``action_slots``).
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


def catalogue_for(game: str, players: int) -> TextCatalogue | SlotCatalogue:
    manifest = manifest_for(game)
    texts = manifest.load("action_texts")
    if texts is None:
        return SlotCatalogue(manifest.action_slots)
    return TextCatalogue(list(texts(players)))

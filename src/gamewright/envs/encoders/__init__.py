"""Observations made for learning: each game's encoder turns ``view_for(seat)`` (and, on the seat's own turn, the
``preview`` of its legal actions) into named, bounded fields.

A game names its encoder in its manifest (``env_encoder``: a class built as ``Encoder(game, texts)`` from the
loaded game and its action catalogue's texts). An encoder gives:

- ``space``: a ``gymnasium.spaces.Dict`` of ``Box`` fields, every value in [0, 1] or [−1, 1];
- ``flat_space``: the same fields flattened into one ``Box`` (``flatten``'s vector; fixed size per configuration);
- ``max_steps``: the environments' truncation for this configuration (random play rarely reaches it);
- ``previews_wanted(view, legal)``: the legal action ids whose ``preview`` it reads (none for most games);
- ``encode(view, previews)``: the observation, ``previews`` keyed by action id (empty off the seat's turn);
- ``flatten(obs)``: the flat vector.

Where the action catalogue depends on the game's options (Affinity: its fighters and their abilities), the class
also has ``action_texts(game) -> list[str]``. A game without an encoder is observed through its hashed view
(``observation.encode_view``), squeezed into [−1, 1].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
from gymnasium import spaces

from gamewright.envs.encoders.fields import Field, FieldTable, Obs
from gamewright.envs.observation import encode_view

Previews = Mapping[int, dict[str, Any]]
NO_PREVIEWS: Previews = {}


@runtime_checkable
class Encoder(Protocol):
    space: spaces.Dict
    flat_space: spaces.Box
    max_steps: int

    def previews_wanted(self, view: dict[str, Any], legal: Sequence[int]) -> Sequence[int]: ...

    def encode(self, view: dict[str, Any], previews: Previews = NO_PREVIEWS) -> Obs: ...

    def flatten(self, obs: Mapping[str, np.ndarray]) -> np.ndarray: ...


class TableEncoder:
    """The base of the games' encoders: a ``FieldTable``, the catalogue's texts and their ids."""

    max_steps = 5000

    def __init__(self, table: FieldTable, texts: Sequence[str]) -> None:
        self.table = table
        self.texts = list(texts)
        self.ids = {t: i for i, t in enumerate(self.texts)}
        self.space = table.space
        self.flat_space = table.flat_space

    def previews_wanted(self, view: dict[str, Any], legal: Sequence[int]) -> Sequence[int]:
        del view, legal
        return ()

    def encode(self, view: dict[str, Any], previews: Previews = NO_PREVIEWS) -> Obs:
        raise NotImplementedError

    def flatten(self, obs: Mapping[str, np.ndarray]) -> np.ndarray:
        return self.table.flatten(obs)


class HashedEncoder(TableEncoder):
    """A game without an encoder of its own: its hashed view (``observation.encode_view``) with each entry ``x``
    squeezed to ``x / (1 + |x|)``, so it lies in (−1, 1) like every other field."""

    def __init__(self, texts: Sequence[str], size: int = 256, max_steps: int = 5000) -> None:
        super().__init__(FieldTable([Field("view", (size,), "the hashed view, x / (1 + |x|)", -1.0)]), texts)
        self.size = size
        self.max_steps = max_steps

    def encode(self, view: dict[str, Any], previews: Previews = NO_PREVIEWS) -> Obs:
        del previews
        x = encode_view(view, self.size).astype(np.float64)
        obs = self.table.blank()
        obs["view"][:] = x / (1.0 + np.abs(x))
        return obs


def encoder_class(game_name: str) -> Any:
    """The class the game's manifest names as its ``env_encoder``, or None."""
    from gamewright.core.manifest import manifest_for

    return manifest_for(game_name).load("env_encoder")


def encoder_for(game_name: str, game: Any, texts: Sequence[str]) -> Encoder | None:
    """The game's own encoder for this configuration (``game`` loaded with its options), or None."""
    cls = encoder_class(game_name)
    return None if cls is None else cls(game, list(texts))  # type: ignore[no-any-return]


__all__ = ["Encoder", "Field", "FieldTable", "HashedEncoder", "NO_PREVIEWS", "Obs", "Previews", "TableEncoder",
           "encoder_for"]

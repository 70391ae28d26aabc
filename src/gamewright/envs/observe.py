"""What an environment shows a seat: ``{"observation": …, "action_mask": …}`` in the form asked for.

- ``obs="dict"`` (the default): the game's encoder's fields, a ``Dict`` of bounded ``Box`` fields (``encoders``);
- ``obs="flat"``: the same fields as one float32 vector (``encoder.flatten``);
- ``obs="hash"``: the hashed view of ``observation.encode_view`` (``obs_size`` slots, clipped at ±1e6).

The observation is built from ``view_for(seat)`` and, when the seat is on move, the ``preview`` of the legal
actions its encoder reads (``previews=False`` leaves those fields 0, for speed). ``action_mask`` has a 1 for each
legal action of the seat on move (all 0 for any other seat).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from gamewright.core.errors import ConfigError
from gamewright.envs.catalogue import SlotCatalogue, TextCatalogue, catalogue_for
from gamewright.envs.encoders import NO_PREVIEWS, Encoder, HashedEncoder, encoder_for
from gamewright.envs.observation import encode_view, observation_space

OBS_FORMS = ("dict", "flat", "hash")
DEFAULT_MAX_STEPS = 5000  # a game whose encoder names no truncation of its own


class Observer:
    """The catalogue, the encoder and the observation space of one game configuration."""

    def __init__(self, game_name: str, game: Any, obs: str = "dict", obs_size: int = 256,
                 previews: bool = True) -> None:
        if obs not in OBS_FORMS:
            raise ConfigError(f"obs must be one of {', '.join(OBS_FORMS)}, not {obs!r}")
        self.form = obs
        self.obs_size = obs_size
        self.previews = previews
        self.catalogue: TextCatalogue | SlotCatalogue = catalogue_for(game_name, game.num_players, game)
        texts = self.catalogue.texts if isinstance(self.catalogue, TextCatalogue) else []
        own = encoder_for(game_name, game, texts)
        self.own_encoder = own is not None
        self.encoder: Encoder = own if own is not None else HashedEncoder(texts, obs_size, DEFAULT_MAX_STEPS)
        self.max_steps = int(self.encoder.max_steps)
        size = self.catalogue.size
        if obs == "hash":
            self.space = observation_space(obs_size, size)
        else:
            inner = self.encoder.space if obs == "dict" else self.encoder.flat_space
            self.space = spaces.Dict({"observation": inner, "action_mask": spaces.Box(0, 1, (size,), np.int8)})

    def observe(self, state: Any, seat: int, legal: dict[int, Any] | None) -> dict[str, Any]:
        """``legal``: the legal-action map of the seat on move when ``seat`` is on move, else None."""
        mask = np.zeros(self.catalogue.size, dtype=np.int8)
        if legal:
            mask[list(legal)] = 1
        view = state.view_for(seat)
        if self.form == "hash":
            return {"observation": encode_view(view, self.obs_size), "action_mask": mask}
        previews = NO_PREVIEWS
        if legal and self.previews:
            wanted = self.encoder.previews_wanted(view, list(legal))
            if wanted:
                previews = {i: state.preview(legal[i]) for i in wanted if i in legal}
        obs = self.encoder.encode(view, previews)
        return {"observation": obs if self.form == "dict" else self.encoder.flatten(obs), "action_mask": mask}

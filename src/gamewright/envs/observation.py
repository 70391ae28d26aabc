"""A fixed-length numeric vector from ``view_for(seat)`` by feature hashing (Weinberger et al. 2009).

Every leaf of the view is named by its path (``sides/1/heat``, list positions included). A number adds its value
at the slot its path hashes to; a string adds 1 at the slot of ``path=value``. The hash is blake2b, so a vector
is the same on every machine and Python version. Only the seat's view goes in: no hidden information.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

import numpy as np
from gymnasium import spaces

BOUND = 1e6  # every entry is clipped to ±BOUND so it lies in the declared Box


@lru_cache(maxsize=65536)
def _slot(key: str, size: int) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big") % size


def encode_view(view: Any, size: int) -> np.ndarray:
    vec = np.zeros(size, dtype=np.float64)
    stack: list[tuple[str, Any]] = [("", view)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((f"{path}/{k}", v) for k, v in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((f"{path}/{i}", v) for i, v in enumerate(value))
        elif isinstance(value, (bool, int, float)):
            vec[_slot(path, size)] += float(value)
        elif isinstance(value, str):
            vec[_slot(f"{path}={value}", size)] += 1.0
    return np.clip(vec, -BOUND, BOUND).astype(np.float32)


def observation_space(obs_size: int, actions: int) -> spaces.Dict:
    """The observation dict every environment here gives: the hashed view and the legal-action mask."""
    return spaces.Dict({
        "observation": spaces.Box(-BOUND, BOUND, (obs_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (actions,), np.int8),
    })

"""``gamewright prince``: charts, the Prince registry, runs and what-if turns.

The commands live in two modules: ``prince_chart`` (chart, mint, list, show) and ``prince_game`` (play, turn,
history); each exposes ``register(app)``.
"""

from __future__ import annotations

import importlib

from gamewright.cli.common import sub_app

app = sub_app("prince", "Space Prince: natal charts from real birth moments, the Prince registry, and runs.")

for _module in ("gamewright.cli.prince_chart", "gamewright.cli.prince_game"):
    try:
        importlib.import_module(_module).register(app)
    except ModuleNotFoundError as exc:  # a part that has not arrived yet
        if exc.name != _module:
            raise

"""Each game's board: server-rendered SVG and controls drawn from the engine's view, legal actions and previews.

A game's board is the module its manifest names (``board``: ``gamewright.web.boards.<game>`` for the built-in
games); it defines ``TEMPLATE`` (a template under ``templates/boards/``) and ``board_context(rt, state,
viewer_seat, draft) -> dict``, built only from what ``viewer_seat`` may know (``view_for``, ``legal_actions``,
``preview`` when it is that seat's turn). A game without a board module is shown by the generic page alone.
"""

from __future__ import annotations

from typing import Any


def board_module(game: str) -> Any | None:
    from gamewright.core.manifest import manifest_for

    return manifest_for(game).load("board")


def board_for(rt: Any, state: Any, seat: int | None, draft: list[str]) -> dict[str, Any] | None:
    """The board of ``rt``'s game as ``seat`` may see it (``state`` is the state shown: the draft applied)."""
    module = board_module(rt.name)
    if module is None:
        return None
    return {"template": f"boards/{module.TEMPLATE}", **module.board_context(rt, state, seat, draft)}

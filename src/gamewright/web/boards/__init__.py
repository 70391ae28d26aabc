"""Each game's board: server-rendered SVG and controls drawn from what the viewing seat may see.

A game's board is the module its manifest names (``board``: ``gamewright.web.boards.<game>`` for the built-in
games); it defines ``TEMPLATE`` (a template under ``templates/boards/``) and ``board_context(seen: Seen) ->
dict``. A board never receives the game state: ``Seen`` carries the seat's view (a spectator's: the public
view), the legal action texts and previews when it is that seat's turn, and the events this viewer may see.
A game without a board module is shown by the generic page alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from gamewright.web.views import events_json, view_for_viewer


class VisibleEvents(Sequence[list[dict[str, Any]]]):
    """Each move's events as one viewer may see them (``[k]`` is move k's; ``[0]`` the setup), read on demand so
    a board that looks at the last move only does not pay for the whole history."""

    def __init__(self, moves: Sequence[Sequence[Any]], seat: int | None) -> None:
        self._moves, self._seat = moves, seat
        self._cache: dict[int, list[dict[str, Any]]] = {}

    def __len__(self) -> int:
        return len(self._moves)

    def _one(self, k: int) -> list[dict[str, Any]]:
        if k not in self._cache:
            self._cache[k] = events_json(self._moves[k], self._seat)
        return self._cache[k]

    @overload
    def __getitem__(self, k: int) -> list[dict[str, Any]]: ...
    @overload
    def __getitem__(self, k: slice) -> list[list[dict[str, Any]]]: ...
    def __getitem__(self, k: int | slice) -> Any:
        if isinstance(k, slice):
            return [self._one(i) for i in range(len(self))[k]]
        return self._one(range(len(self))[k])


@dataclass(frozen=True)
class Seen:
    """Everything a board may draw from: one viewer's share of one position."""

    game_id: str
    game: str  # the manifest's name
    seat: int | None  # the viewer's seat; None for a spectator
    num_players: int
    options: Mapping[str, Any]  # the table's rule options (open to everyone)
    seq: int  # moves made so far
    view: dict[str, Any]  # view_for(seat) of the position shown (the seat's draft applied), or the public view
    mine: bool  # it is this viewer's turn
    terminal: bool
    current: int  # the seat to act (-1 when over or chance)
    legal: tuple[str, ...]  # the legal actions' texts when ``mine``, else ()
    draft: tuple[str, ...]  # the seat's private plan steps already taken this turn
    # every move's events as this viewer may see them: events[k] is move k's (events[0] the setup)
    events: Sequence[list[dict[str, Any]]] = ()
    movers: Sequence[int] = ()  # the seat that made each move (movers[0] = -1)
    _preview: Callable[[str], dict[str, Any]] | None = field(default=None, repr=False)

    def preview(self, action: str) -> dict[str, Any]:
        """The exact preview of one of ``legal`` (only on this viewer's turn)."""
        if self._preview is None or action not in self.legal:
            raise KeyError(f"no preview for {action!r}")
        return self._preview(action)


def board_module(game: str) -> Any | None:
    from gamewright.core.manifest import manifest_for

    return manifest_for(game).load("board")


def rules_of(game: Any) -> dict[str, Any]:
    """The table's rule options by name (every option is public)."""
    rules = getattr(game, "rules", None)
    as_dict = getattr(rules, "as_dict", None)
    return dict(as_dict()) if as_dict is not None else {}


def seen_by(rt: Any, state: Any, seat: int | None, draft: Sequence[str]) -> Seen:
    """What ``seat`` (None: a spectator) may see of ``state`` (the position shown, its draft applied)."""
    terminal = bool(state.is_terminal())
    current = int(state.current_player)
    mine = seat is not None and not terminal and current == seat
    legal_actions = list(state.legal_actions()) if mine else []
    by_text = {a.to_text(): a for a in legal_actions}
    preview = getattr(state, "preview", None)

    def preview_of(text: str) -> dict[str, Any]:
        return dict(preview(by_text[text]))  # type: ignore[misc]

    upto = rt.seq + 1
    return Seen(
        game_id=rt.game_id, game=rt.name, seat=seat, num_players=rt.num_players,
        options=rules_of(rt.game), seq=rt.seq,
        view=view_for_viewer(state, seat, rt.num_players), mine=mine, terminal=terminal, current=current,
        legal=tuple(by_text), draft=tuple(draft),
        events=VisibleEvents(rt.events[:upto], seat), movers=list(rt.movers[:upto]),
        _preview=preview_of if (mine and preview is not None) else None,
    )


def board_for(rt: Any, state: Any, seat: int | None, draft: Sequence[str]) -> dict[str, Any] | None:
    """The board of ``rt``'s game as ``seat`` may see it (``state`` is the position shown: the draft applied)."""
    module = board_module(rt.name)
    if module is None:
        return None
    return {"template": f"boards/{module.TEMPLATE}", **module.board_context(seen_by(rt, state, seat, draft))}

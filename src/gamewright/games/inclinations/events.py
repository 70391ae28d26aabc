"""The engine's events, cheaper to make: the text is written when first read.

A turn played through ``apply`` (the table, the lab) makes several events; the lab's metrics read only their
kind and data, and a simulation reads no text at all. ``LazyTextEvent`` keeps the text's template and the values it
is written from (copied at the moment of the event: ints and strings) and writes it on first access, so what is
read is identical to writing it at once. It also sets its slots directly (``Event`` is a frozen dataclass, whose
``__init__`` sets each field through ``object.__setattr__``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamewright.core.game import DeferredEvent, Event

# the setters and getter of Event's own slots (their member descriptors, bound once): this class's ``text``
# property shadows the ``text`` slot, which holds (template, values) until first read, then the text
_SET_KIND: Any = Event.__dict__["kind"].__set__
_SET_DATA: Any = Event.__dict__["data"].__set__
_SET_TEXT: Any = Event.__dict__["text"].__set__
_GET_TEXT: Any = Event.__dict__["text"].__get__

Template = str | Callable[..., str]


class LazyTextEvent(DeferredEvent):
    """A public ``Event`` whose text is ``template.format(*values)`` (or ``template(*values)``), written on first
    read."""

    __slots__ = ()
    visible_to = None  # public: the class's value shadows the slot, one less to set

    def __init__(self, kind: str, data: dict[str, Any], template: Template, *values: Any) -> None:
        _SET_KIND(self, kind)
        _SET_DATA(self, data)
        _SET_TEXT(self, (template, values))

    @property  # type: ignore[override]
    def text(self) -> str:
        text = _GET_TEXT(self, LazyTextEvent)
        if type(text) is str:
            return text
        template, values = text
        written: str = template.format(*values) if type(template) is str else template(*values)
        _SET_TEXT(self, written)  # and let go of the values
        return written

"""One side of a Penance battle: a casket's piles, position, resources, components and pilot."""

from __future__ import annotations

from typing import Any, ClassVar

from gamewright.games.penance.components import CLASSES, CasketClass, casket_class
from gamewright.games.penance.piles import Piles


class Casket:
    """One side: piles, position, resources, components, pilot and the short-lived modifiers."""

    __slots__ = (
        "deck_spec", "cls_name", "piles", "pos", "facing", "sp", "heat", "comp", "destroyed", "wound_deck",
        "wounds", "neural", "moved", "moved_last", "free_moves", "free_rot", "no_move", "no_attack", "acted",
        "next_dmg", "next_bypass", "feint", "turn_dmg", "cat_penalty", "def_turn", "shield_wall", "scrap_armor",
        "struct_weak", "sp_loss_next", "discard_next", "runes", "taint", "banned", "revealed", "zeal_used",
        "out", "extracted", "martyr", "guard", "kills",
    )
    # squad-only values (issue 16 §1), written to JSON only when set, so one-on-one states read as before
    SQUAD_DEFAULTS: ClassVar[dict[str, Any]] = {"out": "", "extracted": False, "martyr": 0, "guard": 0, "kills": 0}
    _LISTS = ("comp", "destroyed", "wound_deck", "wounds", "revealed")

    def __init__(self) -> None:
        self.deck_spec = ""
        self.cls_name = "scout"
        self.piles = Piles([])
        self.pos = self.facing = 0
        self.sp = self.heat = 0
        self.comp = [0] * 5
        self.destroyed = [False] * 5
        self.wound_deck: list[str] = []
        self.wounds: list[str] = []
        self.neural = False
        self.moved = self.moved_last = self.free_moves = 0
        self.free_rot = self.no_move = self.no_attack = self.acted = False
        self.next_dmg = self.next_bypass = self.feint = self.turn_dmg = self.cat_penalty = 0
        self.def_turn = self.shield_wall = self.scrap_armor = self.struct_weak = 0
        self.sp_loss_next = self.discard_next = self.runes = self.taint = 0
        self.banned = ""
        self.revealed: list[int] = []
        self.zeal_used = False
        self.out = ""  # why the casket is out of the battle ("" while it fights)
        self.extracted = False  # its pilot was pulled out by an adjacent ally (004 §5 Pilot Death)
        self.martyr = 0  # Martyrdom Protocol redirects left until the start of its next turn
        self.guard = 0  # Shield Wall's Defense for allies behind it, until the start of its next turn
        self.kills = 0  # enemy caskets its attacks put out of the battle (Righteous Fury)

    @property
    def cls(self) -> CasketClass:
        found = CLASSES.get(self.cls_name)  # the common case without the lower-casing lookup
        return found if found is not None else casket_class(self.cls_name)

    def clone(self) -> Casket:
        c = Casket.__new__(Casket)
        for k in Casket.__slots__:
            setattr(c, k, getattr(self, k))
        c.piles = self.piles.clone()
        for k in Casket._LISTS:
            setattr(c, k, list(getattr(self, k)))
        return c

    def to_json(self) -> dict[str, Any]:
        out = {k: getattr(self, k) for k in Casket.__slots__
               if k != "piles" and not (k in Casket.SQUAD_DEFAULTS and getattr(self, k) == Casket.SQUAD_DEFAULTS[k])}
        for k in Casket._LISTS:
            out[k] = list(out[k])
        out["piles"] = self.piles.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Casket:
        c = cls.__new__(cls)
        for k in cls.__slots__:
            if k in cls.SQUAD_DEFAULTS:
                setattr(c, k, data.get(k, cls.SQUAD_DEFAULTS[k]))
            elif k != "piles":
                setattr(c, k, data[k])
        for k in cls._LISTS:
            setattr(c, k, list(data[k]))
        c.piles = Piles.from_json(data["piles"])
        return c

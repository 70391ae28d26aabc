"""The data every layer of ``CombatState`` shares, typed once for the mixins that read and change it.

``CombatState`` (``combat``) owns the slots; ``LegalityMixin``, ``ActionsMixin`` and ``DamageMixin`` all derive
from ``CombatBase`` so each can see the state's attributes and the methods the other layers provide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamewright.core.game import Event
from gamewright.core.rng import Rng
from gamewright.games.affinity.combat_fighters import Fighter
from gamewright.games.affinity.data_files import Ability, Attack, CreatureDef


class CombatBase:
    """Annotations only: the slots themselves are declared on ``CombatState``, so the layout is unchanged."""

    __slots__ = ()

    fighters: list[Fighter]
    order: list[int]
    turn_pos: int
    active: int
    round: int
    rng: Rng
    winner: int | None
    options: dict[str, Any]
    log_actions: int
    _cdefs: dict[str, CreatureDef]
    held_phase: bool

    if TYPE_CHECKING:  # provided by another layer; declared here for the checker only
        def cdef(self, f: Fighter) -> CreatureDef: ...  # combat
        def _check_end(self, events: list[Event]) -> bool: ...  # combat
        def _spec(self, f: Fighter, key: str) -> Ability | Attack | None: ...  # combat_legality
        def _reach(self, f: Fighter, spec: Ability | Attack) -> tuple[int, int]: ...  # combat_legality
        def _hit(self, a: Fighter, t: Fighter, dmg: int, dtype: str, area: bool, events: list[Event]
                 ) -> int: ...  # combat_damage
        def _body_loss(self, f: Fighter, lost: int) -> None: ...  # combat_damage
        def _trigger(self, f: Fighter, reason: str) -> None: ...  # combat_damage
        def _drop_to_zero(self, f: Fighter, events: list[Event]) -> None: ...  # combat_damage
        def _heal(self, f: Fighter, amount: int) -> int: ...  # combat_damage
        def incoming(self, t: Fighter, dmg: int, dtype: str, area: bool
                     ) -> tuple[int, int, int, list[str]]: ...  # combat_damage
        def validate(self, act: Any) -> str: ...  # combat_legality

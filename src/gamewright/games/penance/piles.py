"""The three piles (004 §1, §4, §8) plus the hand and the removed pile, per casket.

Cards are instance numbers; ``cards[i]`` is the card id of instance ``i``. DAMAGED cards added by Major
Wounds get new instance numbers, so conservation reads: every instance is in exactly one pile.
"""

from __future__ import annotations

from typing import Any

from gamewright.core.rng import Rng

DAMAGED = "damaged"


class Piles:
    __slots__ = ("cards", "n_base", "deck", "hand", "discard", "grave", "removed")

    def __init__(self, cards: list[str]) -> None:
        self.cards = list(cards)
        self.n_base = len(cards)
        self.deck = list(range(len(cards)))  # the top of the deck is the END of the list
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.grave: list[int] = []
        self.removed: list[int] = []

    @property
    def damaged_added(self) -> int:
        return len(self.cards) - self.n_base

    def total(self) -> int:
        return len(self.deck) + len(self.hand) + len(self.discard) + len(self.grave) + len(self.removed)

    def conservation_errors(self, label: str) -> list[str]:
        every = sorted(self.deck + self.hand + self.discard + self.grave + self.removed)
        if every != list(range(len(self.cards))):
            return [f"{label}: piles hold {len(every)} cards, expected the deck's {self.n_base} plus "
                    f"{self.damaged_added} DAMAGED = {len(self.cards)}, each once"]
        return []

    def add_damaged(self) -> int:
        """A Major Wound adds a DAMAGED card to the discard pile (004 §1)."""
        self.cards.append(DAMAGED)
        inst = len(self.cards) - 1
        self.discard.append(inst)
        return inst

    def reshuffle(self, rng: Rng) -> None:
        """The discard pile becomes the new draw deck; the graveyard stays apart (004 §4)."""
        self.deck = self.discard + self.deck
        self.discard = []
        rng.shuffle(self.deck)

    def draw(self, rng: Rng) -> int | None:
        """One card to hand, reshuffling if needed; None when deck and discard are both empty."""
        if not self.deck:
            if not self.discard:
                return None
            self.reshuffle(rng)
        inst = self.deck.pop()
        self.hand.append(inst)
        return inst

    def draw_top(self, n: int) -> list[int]:
        """``n`` cards to hand at once from a deck holding at least ``n`` (no reshuffle can happen): the ones
        ``draw`` would take one by one, in that order."""
        deck = self.deck
        drawn = deck[-1:-n - 1:-1]
        del deck[-n:]
        self.hand += drawn
        return drawn

    def take_for_loss(self) -> tuple[int, str] | None:
        """The card a loss "from the deck" takes: the top of the deck, else of the discard pile (004 §4)."""
        if self.deck:
            return self.deck.pop(), "deck"
        if self.discard:
            return self.discard.pop(), "discard"
        return None

    def to_json(self) -> dict[str, object]:
        return {
            "cards": list(self.cards), "n_base": self.n_base, "deck": list(self.deck), "hand": list(self.hand),
            "discard": list(self.discard), "grave": list(self.grave), "removed": list(self.removed),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Piles:
        p = cls.__new__(cls)
        p.cards = list(data["cards"])
        p.n_base = int(data["n_base"])
        for key in ("deck", "hand", "discard", "grave", "removed"):
            setattr(p, key, list(data[key]))
        return p

    def clone(self) -> Piles:
        p = Piles.__new__(Piles)
        p.cards = list(self.cards)
        p.n_base = self.n_base
        p.deck, p.hand, p.discard = list(self.deck), list(self.hand), list(self.discard)
        p.grave, p.removed = list(self.grave), list(self.removed)
        return p

"""Penance's observation: every casket as the seat sees it, the attack under way, the deciding casket's hand by card
instance, and each attack's preview (hit odds, expected cards lost).

Read from ``view_for(seat)`` — the seat's own hands, the enemy's hand sizes and cards revealed to the seat, every
pile count, the public discard and graveyard, face-up wounds — and, on the seat's turn, ``preview`` of its legal
attacks (plays of an attack card from its own hand; 004 §2 attack odds). Casket axis (N = 2 × the most caskets a
side brings): the seat's own side first, in casket order, then the enemy's; a slot with no casket is all 0. Card
axis (C): the card kinds of ``cards.toml`` in file order (``damaged`` last). Instance axis (I = 48): a deck's card
instances, the ids the actions name (``play 12``: instance 12 of the deciding casket).

| field | shape | range | what it holds |
|---|---|---|---|
| `pending` | (6,) | 0/1 | the decision asked, one-hot (mulligan, main, react, loss, cost, rites) |
| `my_turn` | (1,) | 0/1 | the casket whose turn it is belongs to the seat |
| `round` | (1,) | [0, 1) | the round r as r / (r + 10) |
| `deciding` | (N,) | 0/1 | the casket deciding now, one-hot (squads: off the seat's turn only in a main phase) |
| `turn_casket` | (N,) | 0/1 | the casket whose turn it is, one-hot |
| `attack` | (1,) | 0/1 | an attack is under way |
| `attack_attacker` | (N,) | 0/1 | its attacker, one-hot |
| `attack_target` | (N,) | 0/1 | its target (squads; else the attacker's enemy), one-hot |
| `attack_card` | (C,) | 0/1 | its card, one-hot |
| `attack_component` | (5,) | 0/1 | the component it strikes, one-hot (head, left arm, right arm, chassis, legs) |
| `attack_side` | (6,) | 0/1 | the side of the target it lands on, one-hot (sides 1–6 of 004 §4) |
| `attack_roll` | (3,) | [0, 1] | its target number ÷ 12, its 2d6 total ÷ 12, its damage ÷ 20 (clipped) |
| `attack_tier` | (6,) | 0/1 | its tier, one-hot (miss, hit, strong, critical, execution, catastrophic) |
| `casket` | (N, 3) | 0/1 | present; out of the battle; its pilot extracted |
| `casket_index` | (N, K) | 0/1 | the casket's number (K caskets in all), one-hot: the `on K` of squad actions |
| `casket_class` | (N, 4) | 0/1 | its class, one-hot (scout, warden, vanguard, colossus) |
| `position` | (N, 2) | [0, 1] | its hex: row ÷ (rows − 1), column ÷ (columns − 1) |
| `position_plane` | (2, rows, cols) | 0/1 | the seat's caskets' hexes; the enemy's |
| `facing` | (N, 6) | 0/1 | its facing, one-hot (E, SE, SW, W, NW, NE) |
| `sp` | (N, 2) | [0, 1] | SP ÷ 10, SP maximum ÷ 10 (clipped) |
| `heat` | (N, 4) | [0, 1] | Heat ÷ 20 (clipped); its zone, one-hot (safe, danger, critical) |
| `piles` | (N, 5) | [0, 1] | deck, hand, discard, graveyard and removed counts ÷ 48 (hand ÷ 12), clipped |
| `component_damage` | (N, 5) | [0, 1] | each component's damage ÷ its HP |
| `component_hp` | (N, 5) | [0, 1] | each component's HP ÷ 16 |
| `component_zone` | (N, 5, 4) | 0/1 | each component's zone, one-hot (AP, Structure, Pilot Exposure, Destroyed) |
| `wounds` | (N, 10) | 0/1 | the pilot's face-up wounds (`pilot.WOUND_CARDS` order) |
| `pilot` | (N, 3) | [0, 1] | wound deck ÷ 10, Runes ÷ 10, Taint ÷ 10 (clipped) |
| `movement` | (N, 3) | [0, 1] | hexes moved this turn, last turn, free hexes left, each ÷ 10 (clipped) |
| `squad` | (N, 3) | [0, 1] | kills ÷ 6, Martyrdom ÷ 3, guard ÷ 4 (clipped; 0 one-on-one) |
| `discard_cards` | (N, C) | [0, 1] | copies of each card kind in the discard pile ÷ 4 (clipped) |
| `graveyard_cards` | (N, C) | [0, 1] | the same for the graveyard |
| `removed_cards` | (N, C) | [0, 1] | the same for cards removed from the game |
| `known_hand` | (N, C) | [0, 1] | the same for the hand: the seat's own whole, the enemy's cards revealed to it |
| `hand` | (I, C) | 0/1 | the deciding casket's hand by card instance: the instance's kind, one-hot |
| `hand_cost` | (I,) | [0, 1] | each instance's SP cost now ÷ 10 (0 off the hand) |
| `action_preview` | (A, 5) | [0, 1] | per action id, from its `preview` (legal attacks on the seat's turn) — below |

``action_preview`` columns: 0 a legal attack (previewed); 1 its chance to hit (any tier from hit to execution);
2 its chance of a critical or an execution; 3 its chance of a catastrophic failure; 4 the expected number of cards
the defender loses ÷ 20, clipped (the preview assumes no reactive card; ref §4). A card's SP cost is `hand_cost`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gamewright.envs.encoders import NO_PREVIEWS, Previews, TableEncoder
from gamewright.envs.encoders.fields import Field, FieldTable, Obs, index_of, one_hot, probability, saturate, unit
from gamewright.games.penance.action_catalogue import INSTANCES
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.components import CLASSES, COMPONENTS
from gamewright.games.penance.dice import TIERS
from gamewright.games.penance.hexgrid import DIRECTIONS, load_map
from gamewright.games.penance.pilot import WOUND_CARDS

PENDING = ("mulligan", "main", "react", "loss", "cost", "rites")
ZONES = ("AP", "Structure", "Pilot Exposure", "Destroyed")
HEAT_ZONES = ("safe", "danger", "critical")
WOUNDS = tuple(w.id for w in WOUND_CARDS)
CLASS_NAMES = tuple(CLASSES)
PILES = ("deck", "hand_size", "discard", "graveyard", "removed")
PREVIEW_COLUMNS = ("attack", "hit", "critical", "catastrophic", "expected_lost")
SP_SCALE = 10.0  # SP and card costs: a casket's SP maximum is at most 6 (004 §3), one turn's gain a few more
HEAT_SCALE = 20.0  # Heat: critical from 10 (004 §7); twice that is kept apart before the clip
COPIES = 4.0  # copies of one card kind in a pile
LOST_SCALE = 20.0  # cards lost to one attack
ROUND_HALF = 10.0
CASKETS_STEPS = 5000  # truncation per casket: random duels end within 7,200 actions, 2v2 within 10,500


class PenanceEncoder(TableEncoder):
    """Penance's encoder for one game configuration (its decks fix the caskets per side; see the module)."""

    def __init__(self, game: Any, texts: list[str]) -> None:
        teams = tuple(getattr(game, "teams", (0, 1)))
        self.caskets = len(teams)
        self.per_side = max(teams.count(0), teams.count(1))
        self.cards = tuple(card_table())
        hexmap = load_map(game.rules.map)
        self.rows, self.cols = hexmap.rows, hexmap.cols
        n, c = 2 * self.per_side, len(self.cards)
        table = FieldTable([
            Field("pending", (len(PENDING),), "the decision asked"),
            Field("my_turn", (1,), "the turn is the seat's"),
            Field("round", (1,), "round r / (r + 10)"),
            Field("deciding", (n,), "the deciding casket"),
            Field("turn_casket", (n,), "the casket whose turn it is"),
            Field("attack", (1,), "an attack is under way"),
            Field("attack_attacker", (n,), "its attacker"),
            Field("attack_target", (n,), "its target"),
            Field("attack_card", (c,), "its card"),
            Field("attack_component", (5,), "its component"),
            Field("attack_side", (6,), "its side"),
            Field("attack_roll", (3,), "TN, 2d6 total, damage"),
            Field("attack_tier", (len(TIERS),), "its tier"),
            Field("casket", (n, 3), "present, out, extracted"),
            Field("casket_index", (n, self.caskets), "the casket's number"),
            Field("casket_class", (n, len(CLASS_NAMES)), "its class"),
            Field("position", (n, 2), "row, column"),
            Field("position_plane", (2, self.rows, self.cols), "own and enemy hexes"),
            Field("facing", (n, 6), "its facing"),
            Field("sp", (n, 2), "SP, SP maximum"),
            Field("heat", (n, 4), "Heat and its zone"),
            Field("piles", (n, len(PILES)), "pile counts"),
            Field("component_damage", (n, 5), "damage ÷ HP"),
            Field("component_hp", (n, 5), "HP ÷ 16"),
            Field("component_zone", (n, 5, len(ZONES)), "zones"),
            Field("wounds", (n, len(WOUNDS)), "face-up wounds"),
            Field("pilot", (n, 3), "wound deck, Runes, Taint"),
            Field("movement", (n, 3), "moved, moved last turn, free hexes"),
            Field("squad", (n, 3), "kills, Martyrdom, guard"),
            Field("discard_cards", (n, c), "discard pile by kind"),
            Field("graveyard_cards", (n, c), "graveyard by kind"),
            Field("removed_cards", (n, c), "removed by kind"),
            Field("known_hand", (n, c), "known hand by kind"),
            Field("hand", (INSTANCES, c), "the deciding casket's hand by instance"),
            Field("hand_cost", (INSTANCES,), "cost by instance"),
            Field("action_preview", (len(texts), len(PREVIEW_COLUMNS)), "per action: its preview"),
        ])
        super().__init__(table, texts)
        self.teams = teams
        self.card_index = {card: i for i, card in enumerate(self.cards)}
        # the card instance each play names (``play 12 at head on 3``: 12), to preview the attacks only
        self.play_instance = {i: int(t.split()[1]) for i, t in enumerate(self.texts) if t.startswith("play ")}
        table_ = card_table()
        self.attack_cards = frozenset(card for card in self.cards if table_[card].kind == "attack")
        self.max_steps = CASKETS_STEPS * self.caskets

    # --- which previews -------------------------------------------------------------------------------
    def previews_wanted(self, view: dict[str, Any], legal: Any) -> list[int]:
        hand = self._hand_kinds(view)
        wanted = [i for i in legal if hand.get(self.play_instance.get(i, -1)) in self.attack_cards]
        if self.per_side > 1 and view.get("pending") != "main" and legal and not wanted:
            wanted = [min(legal)]  # squads: any preview names the deciding casket (``player``)
        return wanted

    def _hand_kinds(self, view: dict[str, Any]) -> dict[int, str]:
        """Card kind by instance in the hands the seat sees (the deciding casket's among them)."""
        if view.get("pending") != "main":
            return {}  # cards are played in the main phase only
        sides = view.get("sides", [])
        turn = int(view.get("turn_player", -1))
        mine = sides[turn] if 0 <= turn < len(sides) else {}
        return {int(card["id"]): card["card"] for card in mine.get("hand", ())}

    # --- the observation ------------------------------------------------------------------------------
    def _slots(self, seat: int) -> list[int]:
        """Casket index of each slot: the seat's side first, then the enemy's (-1: an empty slot)."""
        own = [k for k, t in enumerate(self.teams) if t == seat]
        enemy = [k for k, t in enumerate(self.teams) if t != seat]
        pad = [-1] * self.per_side
        return (own + pad)[: self.per_side] + (enemy + pad)[: self.per_side]

    def encode(self, view: dict[str, Any], previews: Previews = NO_PREVIEWS) -> Obs:
        obs = self.table.blank()
        seat = int(view.get("player", 0))
        slots = self._slots(seat)
        slot_of = {k: s for s, k in enumerate(slots) if k >= 0}
        one_hot(obs["pending"], index_of(PENDING, view.get("pending")))
        turn = int(view.get("turn_player", -1))
        obs["my_turn"][0] = 0 <= turn < len(self.teams) and self.teams[turn] == seat
        obs["round"][0] = saturate(view.get("round", 0), ROUND_HALF)
        one_hot(obs["turn_casket"], slot_of.get(turn))
        deciding = self._deciding(view, turn, previews)
        one_hot(obs["deciding"], slot_of.get(deciding) if deciding is not None else None)
        self._attack(obs, view.get("attack"), slot_of)
        sides = view.get("sides", [])
        for k, side in enumerate(sides):
            s = slot_of.get(k)
            if s is not None:
                self._casket(obs, s, k, side, own=s < self.per_side)
        if deciding is not None and 0 <= deciding < len(sides):
            for card in sides[deciding].get("hand", ()):
                i = int(card["id"])
                if 0 <= i < INSTANCES:
                    one_hot(obs["hand"][i], self.card_index.get(card["card"]))
                    obs["hand_cost"][i] = unit(card.get("cost", 0), SP_SCALE)
        for action_id, preview in previews.items():
            self._preview(obs["action_preview"], action_id, preview)
        return obs

    def _deciding(self, view: dict[str, Any], turn: int, previews: Previews) -> int | None:
        if self.per_side == 1:
            on_move = int(view.get("current_player", -1))
            return on_move if on_move in (0, 1) else None  # one casket a side: the seat on move's own decides
        if view.get("pending") == "main" and turn >= 0:
            return turn
        for preview in previews.values():
            if "player" in preview:
                return int(preview["player"])
        return None

    def _attack(self, obs: Obs, attack: dict[str, Any] | None, slot_of: dict[int, int]) -> None:
        if not attack:
            return
        obs["attack"][0] = 1.0
        attacker = int(attack.get("attacker", -1))
        one_hot(obs["attack_attacker"], slot_of.get(attacker))
        target = attack.get("target")
        if target is None and self.caskets == 2 and attacker in (0, 1):
            target = 1 - attacker
        one_hot(obs["attack_target"], slot_of.get(int(target)) if target is not None else None)
        one_hot(obs["attack_card"], self.card_index.get(str(attack.get("card"))))
        one_hot(obs["attack_component"], attack.get("component"))
        side = attack.get("side")
        one_hot(obs["attack_side"], side - 1 if isinstance(side, int) else None)
        dice = attack.get("dice") or ()
        obs["attack_roll"][:] = (unit(attack.get("tn", 0), 12), unit(sum(dice), 12),
                                 unit(attack.get("damage", 0) or 0, LOST_SCALE))
        one_hot(obs["attack_tier"], index_of(TIERS, attack.get("tier")))

    def _casket(self, obs: Obs, s: int, k: int, side: dict[str, Any], own: bool) -> None:
        out = bool(side.get("out"))
        obs["casket"][s] = (1.0, out, bool(side.get("extracted")))
        one_hot(obs["casket_index"][s], k)
        one_hot(obs["casket_class"][s], index_of(CLASS_NAMES, side.get("class")))
        row, col = self._hex(side.get("hex", ""))
        if row is not None and col is not None:
            obs["position"][s] = (unit(row, self.rows - 1), unit(col, self.cols - 1))
            if not out:
                obs["position_plane"][0 if own else 1, row, col] = 1.0
        one_hot(obs["facing"][s], index_of(DIRECTIONS, side.get("facing")))
        obs["sp"][s] = (unit(side.get("sp", 0), SP_SCALE), unit(side.get("sp_max", 0), SP_SCALE))
        obs["heat"][s, 0] = unit(side.get("heat", 0), HEAT_SCALE)
        one_hot(obs["heat"][s, 1:], index_of(HEAT_ZONES, side.get("heat_zone")))
        counts = (side.get("deck", 0), side.get("hand_size", 0), len(side.get("discard", ())),
                  len(side.get("graveyard", ())), len(side.get("removed", ())))
        obs["piles"][s] = [unit(x, 12 if name == "hand_size" else INSTANCES) for x, name in zip(counts, PILES,
                                                                                              strict=True)]
        components = side.get("components", {})
        for j, name in enumerate(COMPONENTS):
            comp = components.get(name) or {}
            hp = comp.get("hp", 0) or 1
            obs["component_damage"][s, j] = unit(comp.get("damage", 0), hp)
            obs["component_hp"][s, j] = unit(comp.get("hp", 0), 16)
            one_hot(obs["component_zone"][s, j], index_of(ZONES, comp.get("zone")))
        for wound in side.get("wounds", ()):
            one_hot(obs["wounds"][s], index_of(WOUNDS, wound))
        obs["pilot"][s] = (unit(side.get("wound_deck", 0), 10), unit(side.get("runes", 0), 10),
                           unit(side.get("taint", 0), 10))
        obs["movement"][s] = (unit(side.get("moved", 0), 10), unit(side.get("moved_last_turn", 0), 10),
                              unit(side.get("free_hexes", 0), 10))
        obs["squad"][s] = (unit(side.get("kills", 0), 6), unit(side.get("martyr", 0), 3),
                           unit(side.get("guard", 0), 4))
        self._count(obs["discard_cards"][s], side.get("discard", ()))
        self._count(obs["graveyard_cards"][s], side.get("graveyard", ()))
        self._count(obs["removed_cards"][s], side.get("removed", ()))
        if "hand" in side:
            self._count(obs["known_hand"][s], [card["card"] for card in side["hand"]])
        else:
            self._count(obs["known_hand"][s], side.get("revealed", ()))

    def _count(self, row: np.ndarray, cards: Any) -> None:
        for card in cards:
            i = self.card_index.get(card)
            if i is not None:
                row[i] += 1.0
        np.minimum(row / COPIES, 1.0, out=row)

    def _hex(self, name: str) -> tuple[int | None, int | None]:
        """``H12`` → (row 11, column 7): the letter is the column, the number the row from 1 (``HexMap.hex_name``)."""
        if len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
            return None, None
        col, row = ord(name[0].upper()) - ord("A"), int(name[1:]) - 1
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            return None, None
        return row, col

    @staticmethod
    def _preview(table: np.ndarray, action_id: int, preview: dict[str, Any]) -> None:
        if not 0 <= action_id < table.shape[0] or not preview.get("legal"):
            return
        if preview.get("kind") != "attack":
            return
        row = table[action_id]
        tiers = preview.get("tiers", {})
        row[0] = 1.0
        row[1] = probability(preview.get("hit", 0.0))
        row[2] = unit(probability(tiers.get("critical", 0.0)) + probability(tiers.get("execution", 0.0)), 1.0)
        row[3] = probability(tiers.get("catastrophic", 0.0))
        row[4] = unit(float(preview.get("expected_taken", {}).get("float", 0.0)), LOST_SCALE)

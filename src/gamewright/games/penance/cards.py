"""Card definitions (data/cards.toml, data/sets.toml), validated on load, and the cards' effects in code,
keyed by card id (``play_effect`` for non-attack cards, ``attack_riders`` for what attack cards do besides
damage; the attack itself is resolved by the engine). The data gives every number the effects read.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from gamewright.core.errors import ConfigError
from gamewright.core.game import Event
from gamewright.games.penance import squad as squad_mod
from gamewright.games.penance.events import BOTH_SEATS, ev

if TYPE_CHECKING:
    from gamewright.games.penance.base import StateBase
    from gamewright.games.penance.flow import Flow

KINDS = frozenset((
    "movement", "reactive", "heat", "utility", "support", "combat", "attack", "defense", "special", "passive",
    "status",
))
AREAS = frozenset(("single", "front3", "radius"))
SLOTS = ("universal", "primary", "secondary", "tactics")
_INT_FIELDS = ("cost", "damage", "range", "radius", "move", "heat", "vent", "draw", "reduce", "defense")
_BOOL_FIELDS = ("reactive", "passive", "once")
_KNOWN = frozenset(("id", "name", "set", "kind", "text", "area", *_INT_FIELDS, *_BOOL_FIELDS))
# Effects the engine implements; every card in the data must be one of them (so a new card fails loudly).
IMPLEMENTED = frozenset(
    (
        "desperate_lunge", "brace_for_impact", "emergency_vent", "sensor_sweep", "overextend", "rally_cry",
        "survey_the_field", "feint", "retreat", "breathe_the_core", "blood_offering", "faithful_thrust",
        "righteous_cleave", "martyrdom_protocol", "divine_judgment", "consecrated_ground", "deflect", "bash",
        "hunker_down", "wall_of_iron", "shield_wall", "advance", "emergency_repair", "scrap_armor", "jury_rig",
        "quick_shot", "dual_wield", "suppressing_fire", "righteous_fury", "flagellants_zeal", "last_rites",
        "absolution", "crusaders_vow", "hammer_strike", "ground_slam", "crushing_blow", "runic_smash",
        "earthquake", "anvil_breaker", "runic_armor", "earthshaker", "damaged",
    )
)


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    set: str
    kind: str
    cost: int
    text: str
    damage: int = 0
    range: int = 1  # ref §2: a card with no stated range is melee
    area: str = "single"
    radius: int = 0
    reactive: bool = False
    passive: bool = False
    once: bool = False
    move: int = 0
    heat: int = 0
    vent: int = 0
    draw: int = 0
    reduce: int = 0
    defense: int = 0
    # derived once (read per card in every legal-action list): an attack card; a ranged one (range above 1)
    is_attack: bool = field(init=False, repr=False, compare=False)
    ranged: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_attack", self.kind == "attack")
        object.__setattr__(self, "ranged", self.range > 1)


@dataclass(frozen=True, slots=True)
class CardSet:
    id: str
    name: str
    slot: str
    cards: tuple[tuple[str, int], ...]
    option: str = ""

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)


def _read(name: str) -> dict[str, Any]:
    path = resources.files(__package__).joinpath(f"data/{name}")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"penance data file data/{name} is missing") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"penance data file data/{name} is not valid TOML: {exc}") from exc


def parse_cards(data: dict[str, Any], where: str = "data/cards.toml") -> dict[str, CardDef]:
    """Validate the card table: required fields, types, known kinds and areas, implemented effects."""
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{where}: expected a list of [[card]] tables")
    out: dict[str, CardDef] = {}
    for n, entry in enumerate(entries, 1):
        label = f"{where}: card #{n} ({entry.get('id', '?')})"
        if not isinstance(entry, dict):
            raise ConfigError(f"{label}: must be a table")
        unknown = set(entry) - _KNOWN
        if unknown:
            raise ConfigError(f"{label}: unknown field(s) {', '.join(sorted(unknown))}")
        for key in ("id", "name", "set", "kind", "text"):
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise ConfigError(f"{label}: field {key!r} must be a non-empty string")
        if "cost" not in entry:
            raise ConfigError(f"{label}: field 'cost' is required")
        for key in _INT_FIELDS:
            if key in entry and (isinstance(entry[key], bool) or not isinstance(entry[key], int) or entry[key] < 0):
                raise ConfigError(f"{label}: field {key!r} must be a whole number ≥ 0, not {entry[key]!r}")
        for key in _BOOL_FIELDS:
            if key in entry and not isinstance(entry[key], bool):
                raise ConfigError(f"{label}: field {key!r} must be true or false")
        if entry["kind"] not in KINDS:
            raise ConfigError(f"{label}: kind {entry['kind']!r} is not one of {', '.join(sorted(KINDS))}")
        if entry.get("area", "single") not in AREAS:
            raise ConfigError(f"{label}: area {entry['area']!r} is not one of {', '.join(sorted(AREAS))}")
        if entry["kind"] == "attack" and entry.get("damage", 0) <= 0:
            raise ConfigError(f"{label}: an attack card needs a positive 'damage'")
        if entry["id"] in out:
            raise ConfigError(f"{label}: duplicate card id {entry['id']!r}")
        if entry["id"] not in IMPLEMENTED:
            raise ConfigError(f"{label}: no effect is implemented for card id {entry['id']!r}")
        out[entry["id"]] = CardDef(**entry)
    return out


def parse_sets(data: dict[str, Any], cards: dict[str, CardDef], where: str = "data/sets.toml") -> dict[str, CardSet]:
    entries = data.get("set")
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{where}: expected a list of [[set]] tables")
    out: dict[str, CardSet] = {}
    for entry in entries:
        label = f"{where}: set {entry.get('id', '?')!r}"
        if entry.get("slot") not in SLOTS:
            raise ConfigError(f"{label}: slot must be one of {', '.join(SLOTS)}")
        members = entry.get("cards")
        if not isinstance(members, dict) or not members:
            raise ConfigError(f"{label}: 'cards' must map card ids to copies")
        for cid, copies in members.items():
            if cid not in cards:
                raise ConfigError(f"{label}: unknown card {cid!r}")
            if cards[cid].set != entry["id"]:
                raise ConfigError(f"{label}: card {cid!r} belongs to set {cards[cid].set!r}")
            if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
                raise ConfigError(f"{label}: copies of {cid!r} must be a whole number ≥ 1")
        out[entry["id"]] = CardSet(
            entry["id"], str(entry.get("name", entry["id"])), entry["slot"], tuple(members.items()),
            str(entry.get("option", "")),
        )
    return out


@cache
def card_table() -> dict[str, CardDef]:
    return parse_cards(_read("cards.toml"))


@cache
def set_table() -> dict[str, CardSet]:
    return parse_sets(_read("sets.toml"), card_table())


def card(cid: str) -> CardDef:
    try:
        return card_table()[cid]
    except KeyError as exc:
        raise ConfigError(f"unknown Penance card {cid!r}") from exc


def find_card(name: str) -> CardDef:
    """A card by id or by printed name, case- and punctuation-insensitive ("Faithful Thrust")."""
    key = "".join(ch for ch in name.lower() if ch.isalnum())
    for c in card_table().values():
        if key in ("".join(ch for ch in c.id if ch.isalnum()), "".join(ch for ch in c.name.lower() if ch.isalnum())):
            return c
    known = ", ".join(c.name for c in card_table().values() if c.id != "damaged")
    raise ConfigError(f"unknown card {name!r}; known cards: {known}")


# ====================================================================================================
# effects
# ====================================================================================================
def play_effect(st: Flow, p: int, c: CardDef, events: list[Event]) -> None:
    """Every non-attack card's effect (004 §1 tables; ref §2 rulings)."""
    s = st.sides[p]
    cid = c.id
    if st.squad and squad_mod.squad_play(st, p, c, events):
        return
    if c.move:
        s.free_moves += c.move  # ref §2: movement cards replace the per-hex SP cost of their hexes
    if cid == "retreat":
        s.no_attack = True
    if cid == "advance" or cid == "hunker_down":
        s.def_turn += c.defense
    if c.heat and not c.reactive:
        st._gain_heat(p, c.heat, events, c.name)
    if c.vent:
        s.heat = max(0, s.heat - c.vent)
        events.append(ev("heat", f"{st.label(p)} vents: Heat {s.heat}", player=p, heat=s.heat))
    if c.draw:
        st._draw(p, c.draw, events)
    if cid == "sensor_sweep":  # squads: a card of the nearest enemy's hand, seen by the whole side
        t = st.foe(p)
        e = st.sides[t]
        seen = st.exposed(t)
        hidden = [i for i in e.piles.hand if i not in seen]
        if hidden:
            inst = st.rng.choice(hidden)
            seen.append(inst)
            events.append(ev("reveal", f"{st.label(p)} sees {st._name(t, inst)} in {st.label(t)}'s hand", BOTH_SEATS,
                             player=p, card=e.piles.cards[inst]))
    elif cid in ("rally_cry", "martyrdom_protocol") or (cid == "shield_wall" and st.rules.shield_wall == "allies"):
        events.append(ev("effect", f"{c.name}: no ally to affect (ref §2 Allies)", player=p))
    elif cid == "feint":
        s.feint += 1
    elif cid == "blood_offering":
        if st.rules.blood_offering == "suffering_die":
            st._suffer(p, events)
        else:
            st._harm(p, 2)
        s.next_dmg += 3
        s.next_bypass += 1
    elif cid == "consecrated_ground":
        st.zones.append([p, s.pos])
        events.append(ev("effect", f"{st.label(p)} consecrates the ground around {st.map.hex_name(s.pos)}", player=p))
    elif cid == "shield_wall":  # option shield_wall=self: +2 Defense for yourself against front attacks
        s.shield_wall += c.defense
    elif cid == "scrap_armor":
        s.scrap_armor += c.defense
    elif cid == "emergency_repair":
        pl = s.piles
        back = pl.discard[-3:]
        del pl.discard[len(pl.discard) - len(back):]
        pl.deck += back
        st.rng.shuffle(pl.deck)
        events.append(ev("recover", f"{st.label(p)} recovers {len(back)} card(s) from discard into the deck",
                         player=p, count=len(back)))
    elif cid == "jury_rig":
        pl = s.piles
        n = len(pl.discard)
        pl.deck += pl.discard
        pl.discard = []
        st.rng.shuffle(pl.deck)
        events.append(ev("recover", f"{st.label(p)} shuffles {n} discards into the deck", player=p, count=n))
    elif cid == "flagellants_zeal":
        if st.rules.flagellants_zeal == "suffering_dice":
            st._suffer(p, events)
            st._suffer(p, events)
        else:
            st._harm(p, 5)
        s.sp += 5
        s.zeal_used = True
        events.append(ev("effect", f"{st.label(p)} gains 5 SP (SP {s.sp})", player=p, sp=s.sp))
    elif cid == "absolution":
        s.heat = 0
        s.taint += 1
        events.append(ev("heat", f"{st.label(p)} is absolved: Heat 0, Taint {s.taint}", player=p, heat=0))
        st._recover_grave(p, 3, events, "Absolution")

def attack_riders(st: StateBase, p: int, c: CardDef, events: list[Event]) -> None:
    """Riders of attack cards that happen whether or not the attack hits."""
    s = st.sides[p]
    if c.id == "anvil_breaker":
        s.no_move = True
    elif c.id == "runic_smash":
        s.runes += 1
        events.append(ev("effect", f"{st.label(p)} gains a Rune ({s.runes})", player=p, runes=s.runes))
    elif c.id == "earthshaker":
        area = [h for h in range(len(st.map.terrain)) if st.map.dist[s.pos][h] <= 3]
        st.temp_difficult = sorted(set(st.temp_difficult) | set(area))
        events.append(ev("effect", f"{st.label(p)}: hexes within 3 become difficult terrain this round", player=p))
    elif c.id == "dual_wield":
        # "then discard 1 card" (a cost: to the discard pile); pushed before the attack's own steps, so it
        # resolves after them
        st.todo.append(["cost", p, 1])

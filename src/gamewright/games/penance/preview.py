"""``preview_action(st, action)``: what a decision will do before it is made (issue 10 §1's exact interface).

Everything comes from the code that resolves the action: ``attack_setup`` (distance, side, TN terms, damage
terms), ``tier_odds`` over ``attack_tier``, ``taken_distribution`` over ``resolve_defense``, ``move_cost``,
``rotate_cost`` and ``check_action``. It reads public values and the acting seat's own hand only, and never
touches the state or its random stream.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gamewright.core.dice import Dist, fraction_text
from gamewright.core.errors import RuleViolation
from gamewright.games.penance import squad as squad_mod
from gamewright.games.penance.actions import Act
from gamewright.games.penance.attack import taken_distribution
from gamewright.games.penance.cards import CardDef, card_table
from gamewright.games.penance.combat import attack_setup, defense_flat, geometry
from gamewright.games.penance.components import COMPONENTS, HIT_LOCATION
from gamewright.games.penance.dice import DAMAGE_DIE, tier_odds
from gamewright.games.penance.flow import check_action
from gamewright.games.penance.hexgrid import COVER, DIFFICULT, DIRECTIONS, SIDE_NAMES, TERRAIN_NAMES
from gamewright.games.penance.legality import listed_copy
from gamewright.games.penance.piles import DAMAGED
from gamewright.games.penance.values import card_cost, card_slot, foe, is_scrap, move_cost, rotate_cost

if TYPE_CHECKING:
    from gamewright.games.penance.state import PenanceState

NO_REACTIVE = "assumes the defender plays no reactive card and spends no Rune (it may: ref §4)"
ONE_IN_SIX = Fraction(1, 6)


def prob(x: Fraction) -> dict[str, Any]:
    """A probability in the preview contract's form."""
    return {"p": fraction_text(x), "float": float(x)}


def _text(action: object) -> str:
    if isinstance(action, Act) and type(action.kind) is str:
        return str(action.to_text())
    return repr(action)[:120]


def preview_action(st: PenanceState, action: Act) -> dict[str, Any]:
    out: dict[str, Any] = {"action": _text(action), "legal": True, "errors": []}
    try:
        check_action(st, action)
    except RuleViolation as exc:
        out.update(legal=False, errors=[str(exc)])
        return out
    action = listed_copy(st, action)
    p = int(st.todo[-1][1])
    out["player"] = p
    out.update(_what(st, p, action))
    return out


def _what(st: PenanceState, p: int, a: Act) -> dict[str, Any]:
    s = st.sides[p]
    if a.kind == "play":
        c = card_table()[s.piles.cards[a.card]]
        if c.is_attack:
            return attack_preview(st, p, c, a.arg, a.target)
        ally = {"ally": st.labels[a.target]} if a.target >= 0 else {}  # squads: Rally Cry's ally
        return {"kind": "card", **_card_facts(st, p, c), **ally, "does": c.text}
    if a.kind == "move":
        return _move_preview(st, p, a.arg)
    if a.kind == "rotate":
        return {"kind": "rotate", "sp_cost": rotate_cost(st, p), "facing": DIRECTIONS[a.arg],
                "does": f"turn to face {DIRECTIONS[a.arg]}"}
    if a.kind == "end":
        cool = not s.acted and s.heat > 0
        return {"kind": "end", "heat_after": s.heat - 1 if cool else s.heat,
                "does": "end the turn" + ("; a turn with no card, move or rotation removes 1 Heat (004 §7)"
                                          if cool else "") + "; refill the hand to 6"}
    if a.kind in ("sacrifice", "purge"):
        where = "discard pile" if a.kind == "sacrifice" else "graveyard"
        return {"kind": a.kind, "sp_cost": 0, "does": f"the DAMAGED card goes to the {where}; roll the Damage "
                "Die (004 §1)", "damage_die": {f"{k} {v[0]}": {**prob(ONE_IN_SIX), "effect": v[1]}
                                               for k, v in DAMAGE_DIE.items()}}
    if a.kind == "lose":
        return _lose_preview(st, p, a)
    if a.kind == "react" and st.todo[-1][0] == "rites":
        return {"kind": "react", **_card_facts(st, p, c := card_table()[s.piles.cards[a.card]]),
                "does": f"{c.name}: recover 5 cards from the graveyard to the discard pile (004 §1)"}
    if a.kind == "extract":
        return {"kind": "extract", "sp_cost": squad_mod.EXTRACT_SP, "casket": st.labels[a.target],
                "does": f"pull {st.labels[a.target]}'s pilot out of its casket (004 §5)"}
    if a.kind == "react":
        c = card_table()[s.piles.cards[a.card]]
        return {"kind": "react", **_card_facts(st, p, c), "reduce": c.reduce,
                "does": f"the attack's damage -{c.reduce} before the defense dice" + (f", +{c.heat} Heat"
                                                                                      if c.heat else "")}
    words = {
        "keep": "keep this opening hand", "mulligan": "shuffle the hand back and draw 6 new (once, 004 §8)",
        "rune": "spend a Rune: +2 Defense against this attack (a PIERCE cancels it; ref §5)",
        "pass": "play no reactive card: the defense dice are rolled", "scrap": "discard this SCRAP card, draw 1",
        "discard": "discard this card to the discard pile (Dual Wield)",
    }
    return {"kind": a.kind, "does": words.get(a.kind, a.kind)}


def standing(st: PenanceState, p: int, t: int | None = None) -> dict[str, Any]:
    """Where ``p`` stands against the enemy: distance, the enemy's side ``p`` is on (where ``p``'s attacks
    land) and ``p``'s side the enemy is on (where the enemy's would)."""
    dist, theirs, yours = geometry(st, p, t)
    return {"distance": dist, "side": SIDE_NAMES[theirs - 1], "attacker_side": SIDE_NAMES[yours - 1]}


def _card_facts(st: PenanceState, p: int, c: CardDef) -> dict[str, Any]:
    return {"card": c.id, "name": c.name, "sp_cost": card_cost(st, p, c.id),
            "primary": card_slot(c.id) == "primary"}


def _move_preview(st: PenanceState, p: int, direction: int) -> dict[str, Any]:
    s = st.sides[p]
    dest = st.map.neighbors[s.pos][direction]
    terrain = st.map.terrain[dest]
    return {
        "kind": "move", "sp_cost": move_cost(st, p, dest), "free_hex": s.free_moves > 0,
        "path": [st.map.hex_name(s.pos), st.map.hex_name(dest)], "terrain": TERRAIN_NAMES[terrain],
        "cover": COVER[terrain], "difficult": terrain in DIFFICULT or dest in st.temp_difficult,
        "does": f"step {DIRECTIONS[direction]} to {st.map.hex_name(dest)}",
    }


def _lose_preview(st: PenanceState, p: int, a: Act) -> dict[str, Any]:
    pl = st.sides[p].piles
    top = st.todo[-1]
    out: dict[str, Any] = {"kind": "lose", "remaining": top[2], "mode": top[3]}
    if a.card >= 0:
        cid = pl.cards[a.card]
        out.update(card=cid, name=card_table()[cid].name, source="hand", damage_die=cid == DAMAGED,
                   primary=card_slot(cid) == "primary",
                   component_damage=top[3] == "attack" and card_slot(cid) == "primary"
                   and not is_scrap(st, p, cid))
        out["does"] = f"{out['name']} from your hand to the graveyard"
    else:  # the card is unknown until it is turned over
        out.update(source="deck" if pl.deck else "discard" if pl.discard else "none",
                   does="the top card of the deck to the graveyard (unknown until turned)")
    return out


def attack_preview(st: PenanceState, p: int, c: CardDef, comp: int, target: int = -1) -> dict[str, Any]:
    """An attack card against ``comp`` (-1: the hit-location die) of ``target`` (-1: the enemy one-on-one;
    in squads an area attack's first target): geometry, every TN term, the tiers' exact odds as
    ``penance odds`` names them, and the exact distribution of cards the defender loses."""
    d = target if target >= 0 else foe(st, p)
    if st.squad and target < 0:
        d = next(iter(squad_mod.attack_targets(st, p, c, -1)), d)
    e = st.sides[d]
    setup = attack_setup(st, p, c, d)
    tiers = tier_odds(setup.tn)
    flat = defense_flat(st, d, setup.side)
    taken: dict[int, Fraction] = {}
    for tier, pt in tiers.items():
        for k, q in _taken_given(tier, setup.damage(tier), flat, setup.bypass_for(tier)).items():
            taken[k] = taken.get(k, Fraction(0)) + pt * q
    dist = Dist(taken)
    out: dict[str, Any] = {
        "kind": "attack", **_card_facts(st, p, c), **standing(st, p, d), "side_number": setup.side,
        "component": COMPONENTS[comp] if comp >= 0 else None,
        "tn": setup.tn, "tn_terms": dict(setup.tn_parts),
        "tiers": {t: prob(x) for t, x in tiers.items()},
        "hit": prob(1 - tiers["miss"] - tiers["catastrophic"]),
        "damage_by_tier": {t: setup.damage(t) for t in ("hit", "strong", "critical", "execution")},
        "damage_terms": {"card": setup.base, "weapon_side": 1 if setup.side == 2 else 0,
                         "rear": setup.rear_bonus if setup.side == 4 else 0, **setup.bonus_parts},
        "flat_defense": flat, "bypass": setup.bypass,
        "taken": {str(k): prob(x) for k, x in dist.items()}, "expected_taken": prob(dist.mean()),
        "structural_weakness": e.struct_weak, "assumes": NO_REACTIVE,
    }
    if st.squad:
        out["target"] = st.labels[d]
        out["targets"] = [st.labels[k] for k in squad_mod.attack_targets(st, p, c, d)]
    if comp < 0:
        out["hit_location"] = {COMPONENTS[k]: prob(x) for k, x in _location_odds(st, d).items()}
    return out


def _taken_given(tier: str, damage: int, flat: int, bypass: int) -> Dist:
    if tier in ("miss", "catastrophic"):
        return Dist({0: 1})
    if tier == "execution":  # ref §1: no defense dice; every point is taken from the deck
        return Dist({damage: 1})
    return taken_distribution(damage, flat, bypass)


def _location_odds(st: PenanceState, d: int) -> Dist:
    """``hit_location=random``: the table's faces, re-rolled past destroyed components."""
    return Dist([(loc, 1) for loc in HIT_LOCATION.values() if not st.sides[d].destroyed[loc]])

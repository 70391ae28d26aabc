"""Attack resolution: the roll, the reactive window, the defense roll and the attack's end (004 §1, §2; ref §1-§4).

Functions of the state (``PenanceState``); the attack in progress lives in ``st.attack``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamewright.core.game import Event
from gamewright.games.penance import attack as atk
from gamewright.games.penance import heat as heat_mod
from gamewright.games.penance import squad as squad_mod
from gamewright.games.penance.attack import AttackSetup
from gamewright.games.penance.cards import CardDef, card_table
from gamewright.games.penance.components import CHASSIS, COMPONENTS, HEAD, HIT_LOCATION
from gamewright.games.penance.dice import ATTACK_FACES, DEFENSE_LABELS, attack_tier, roll_attack, roll_defense
from gamewright.games.penance.effects import attack_riders
from gamewright.games.penance.events import ev
from gamewright.games.penance.hexgrid import SIDE_NAMES
from gamewright.games.penance.legality import reactive_ok
from gamewright.games.penance.losses import component_damage, destroy, move_card
from gamewright.games.penance.values import attack_arm, card_slot, damaged_zone, foe, has_tactic, stopped

if TYPE_CHECKING:
    from gamewright.games.penance.actions import Act
    from gamewright.games.penance.state import PenanceState

CLEAVE_SECOND = 2  # 004 §1 Righteous Cleave: "2 damage to adjacent enemy"


def geometry(st: PenanceState, p: int, t: int | None = None) -> tuple[int, int, int]:
    """Distance to enemy ``t`` (default: ``foe(p)``), the enemy's side ``p`` stands on, and ``p``'s side the
    enemy stands on (ref §4 sides 1-6: the first is what ``p``'s attacks land on, the second what the
    enemy's would)."""
    s, e = st.sides[p], st.sides[foe(st, p) if t is None else t]
    return (st.map.dist[s.pos][e.pos], st.map.side_of(e.pos, e.facing, s.pos),
            st.map.side_of(s.pos, s.facing, e.pos))


def attack_setup(st: PenanceState, p: int, c: CardDef, t: int | None = None, base: int | None = None) -> AttackSetup:
    """What an attack by ``p`` with ``c`` on enemy ``t`` (default ``foe(p)``) fixes before its dice (004 §2
    steps 1-3): read-only, shared by the resolution below and by ``preview``. ``base``: the card's damage
    against a secondary target (Righteous Cleave's 2)."""
    t = foe(st, p) if t is None else t
    s, e = st.sides[p], st.sides[t]
    dist, side = st.map.dist[s.pos][e.pos], st.map.side_of(e.pos, e.facing, s.pos)  # ``geometry``'s first two
    # ref §2/§3: a damaged head is TN +1 for ranged attacks, a destroyed head TN +2; a card's range makes it
    # ranged, at any distance (RULINGS 004 §2)
    extra = damaged_zone(st, p, HEAD) if c.ranged else 0
    tn = atk.target_number(dist, s.moved, e.moved_last, side, st.map.cover(e.pos), extra=extra)
    terms = {"next_attack": s.next_dmg, "feint": s.feint, "this_turn": s.turn_dmg,
             "weapon_jam": -s.cat_penalty, "arm_structure": 0, "dislocated_shoulder": 0}
    arm = attack_arm(c.id)
    if arm >= 0 and damaged_zone(st, p, arm) == 1:
        terms["arm_structure"] = -1  # ref §3: arm structure -1 damage
    if "dislocated_shoulder" in s.wounds:
        terms["dislocated_shoulder"] = -2
    if s.kills and has_tactic(st, p, "righteous_fury"):
        terms["righteous_fury"] = s.kills  # 004 §1 tactics: +1 damage per enemy killed this mission
    return AttackSetup.for_card(c, dist, side, tn, defender_deck=len(e.piles.deck), bonus_parts=terms,
                                bypass=s.next_bypass, base=base)


def attack_numbers(st: PenanceState, p: int, c: CardDef, t: int) -> tuple[int, int, int, int, int, int]:
    """``attack_setup``'s figures without its breakdowns, for a bot valuing many attacks: (distance, side, TN,
    base damage, rear bonus, the damage bonuses summed). The same terms as ``attack_setup`` (004 §2 steps 1-3;
    ref §2/§3), summed instead of named (tests/penance/test_fast_paths.py holds the two together)."""
    s, e = st.sides[p], st.sides[t]
    m = st.map
    dist, side = m.dist[s.pos][e.pos], m.side_of(e.pos, e.facing, s.pos)
    extra = damaged_zone(st, p, HEAD) if c.ranged else 0  # ref §2/§3: a damaged head, ranged attacks
    tn = atk.target_total(dist, s.moved, e.moved_last, side, m.cover(e.pos), extra)
    bonus = s.next_dmg + s.feint + s.turn_dmg - s.cat_penalty
    arm = attack_arm(c.id)
    if arm >= 0 and damaged_zone(st, p, arm) == 1:
        bonus -= 1  # ref §3: arm structure -1 damage
    if "dislocated_shoulder" in s.wounds:
        bonus -= 2
    if s.kills and has_tactic(st, p, "righteous_fury"):
        bonus += s.kills  # 004 §1 tactics: +1 damage per enemy killed this mission
    base = c.damage
    if c.id == "divine_judgment" and len(e.piles.deck) > 10:
        base = 0  # deals its 8 only if the target has 10 or fewer cards in deck (``AttackSetup.for_card``)
    return dist, side, tn, base, 2 if c.id == "faithful_thrust" else 0, bonus


def defense_flat(st: PenanceState, d: int, side: int) -> int:
    """Flat Defense the defender has against an attack on ``side`` before any reactive (ref §2), with
    the Shield Walls of allies it stands behind (squads)."""
    s = st.sides[d]
    flat = s.def_turn + s.scrap_armor + (s.shield_wall if side in (6, 1, 2) else 0)
    return flat + squad_mod.wall_defense(st, d) if st.squad else flat


def resolve_attack(st: PenanceState, p: int, c: CardDef, comp: int, events: list[Event], target: int = -1) -> None:
    """An attack card played: one roll per target (ref §2), the first now, the others as ``strike``
    steps after it."""
    targets = squad_mod.attack_targets(st, p, c, target) if st.squad else [1 - p]
    if len(targets) > 1:
        for k in reversed(targets[1:]):
            part = comp if comp < 0 or not st.sides[k].destroyed[comp] else CHASSIS
            st.todo.append(["strike", p, k, part, c.id])
    aimed = targets[0]
    if st.squad and c.area == "single":
        targets[0] = squad_mod.redirect(st, p, aimed, events)
    if comp >= 0 and st.sides[targets[0]].destroyed[comp]:
        comp = CHASSIS  # a squad's area attack or redirect: the named component is gone on this casket
    strike(st, p, c, targets[0], comp, events, True)
    if targets[0] != aimed and st.attack is not None:
        st.attack["martyr"] = True


def step_strike(st: PenanceState, item: list[Any], events: list[Event]) -> None:
    """A further target of a multi-target attack (Righteous Cleave's adjacent enemy, Suppressing Fire,
    area attacks): its own roll (ref §2)."""
    p, t, comp, cid = item[1], item[2], item[3], item[4]
    if st.sides[t].out:
        return
    c = card_table()[cid]
    strike(st, p, c, t, comp, events, False)


def strike(st: PenanceState, p: int, c: CardDef, d: int, comp: int, events: list[Event], first: bool) -> None:
    s, e = st.sides[p], st.sides[d]
    base = CLEAVE_SECOND if c.id == "righteous_cleave" and not first else None
    setup = attack_setup(st, p, c, d, base)
    side, dist, tn, parts = setup.side, setup.distance, setup.tn, setup.tn_parts
    a, b = roll_attack(st.rng)
    tier = attack_tier(a, b, tn)
    # next-attack modifiers are spent by this attack, hit or miss
    s.next_dmg = s.next_bypass = s.feint = s.cat_penalty = 0
    dmg = setup.damage(tier)
    bypass = setup.bypass_for(tier)
    hit = tier not in ("miss", "catastrophic")
    if hit and comp < 0:
        comp = roll_location(st, d, events)
    weak = 0
    if hit:  # 004 §1 Damage Die 4: this is the next attack that hits; one rolled during it waits for the next
        weak, e.struct_weak = e.struct_weak, 0
    at_text = COMPONENTS[comp] if comp >= 0 else "a random location"
    on = f" on {st.labels[d]}" if st.squad else ""
    events.append(ev(
        "attack",
        f"{st.labels[p]} {c.name}{on} at {at_text} from the {SIDE_NAMES[side - 1]} side, range {dist}: "
        f"needs {tn}+, rolls {ATTACK_FACES[a]} ({a}) + {ATTACK_FACES[b]} ({b}) = {a + b} → {tier.upper()}"
        + (f", {dmg} damage" if hit else ""),
        player=p, card=c.id, component=comp, side=side, range=dist, tn=tn, tn_parts=parts, dice=[a, b],
        sum=a + b, tier=tier, damage=dmg,
    ))
    if st.squad:
        events[-1].data["target"] = d
    st.attack = {"attacker": p, "card": c.id, "component": comp, "side": side, "tn": tn, "dice": [a, b],
                 "tier": tier, "damage": dmg, "bypass": bypass, "reduce": 0, "react_heat": 0, "rune": False,
                 "taken": 0, "crit": 0, "primary_lost": 0, "faces": [], "pierce": False, "weak": weak,
                 "target": d}
    if first:
        attack_riders(st, p, c, events)
    if tier == "catastrophic":  # ref §1
        pl = s.piles
        jammed = [i for i in pl.hand if card_slot(pl.cards[i]) == "primary"]
        for i in jammed:
            pl.hand.remove(i)
            pl.discard.append(i)
        s.cat_penalty = 2
        events.append(ev("catastrophe", f"{st.labels[p]} weapon jams: discards {len(jammed)} primary card(s), "
                         "+2 Heat, next attack -2 damage", player=p, discarded=len(jammed)))
        heat_mod.gain_heat(st, p, 2, events, "weapon overload")
        st.attack = None
        return
    if tier == "miss":
        st.attack = None
        return
    if tier == "execution":  # ref §1: no defense, no reactive; destroy; damage forced from the deck
        st.todo.append(["attack_end", p])
        if dmg > 0:
            st.todo.append(["loss", d, dmg, "forced"])
        st.attack["taken"] = dmg
        return
    st.todo += [["attack_end", p], ["defense", p]]
    if side in atk.REACTIVE_SIDES and dmg > 0 and can_react(st, d):
        st.todo.append(["react", d])


def roll_location(st: PenanceState, d: int, events: list[Event]) -> int:
    """``hit_location=random``: ref §2's hit-location die, re-rolled past destroyed components (RULINGS)."""
    while True:
        loc = HIT_LOCATION[st.rng.die(6)]
        if not st.sides[d].destroyed[loc]:
            events.append(ev("roll", f"hit location: {st.labels[d]}'s {COMPONENTS[loc]}", player=d, component=loc))
            return loc


def can_react(st: PenanceState, d: int) -> bool:
    s = st.sides[d]
    if s.runes > 0:
        return True
    return any(reactive_ok(st, d, s.piles.cards[i]) for i in s.piles.hand)


def do_react(st: PenanceState, d: int, a: Act, events: list[Event]) -> None:
    s = st.sides[d]
    at = st.attack
    assert at is not None
    if a.kind == "pass":
        events.append(ev("react", f"{st.labels[d]} plays no reactive card", player=d, card=None))
        return
    if a.kind == "rune":
        s.runes -= 1
        at["rune"] = True
        events.append(ev("react", f"{st.labels[d]} spends a Rune: +2 Defense against this attack ({s.runes} left)",
                         player=d, card="runic_armor"))
        return
    cid = s.piles.cards[a.card]
    c = card_table()[cid]
    move_card(st, d, a.card, "discard")
    at["reduce"] = c.reduce
    events.append(ev("react", f"{st.labels[d]} reacts with {c.name}: damage -{c.reduce}", player=d, card=cid))
    if c.heat:
        heat_mod.gain_heat(st, d, c.heat, events, c.name)


def step_defense(st: PenanceState, item: list[Any], events: list[Event]) -> None:
    at = st.attack
    assert at is not None
    d = at["target"]
    dice_n = max(0, at["damage"] - at["reduce"])
    faces = roll_defense(st.rng, dice_n)
    flat = defense_flat(st, d, at["side"])
    pierce = "pierce" in faces
    if at["rune"] and not pierce:
        flat += 2
    res = atk.resolve_defense(faces, flat, at["bypass"], at["reduce"])
    at.update(faces=faces, taken=res.taken, crit=res.component_damage, pierce=pierce)
    events.append(ev(
        "defense",
        f"{st.labels[d]} rolls {dice_n} defense: {', '.join(DEFENSE_LABELS[f] for f in faces) or 'none'} → blocks "
        f"{res.blocked}, takes {res.taken}" + (" (PIERCE: the reactive is cancelled)" if pierce and
                                              (at['reduce'] or at['rune']) else ""),
        player=d, faces=faces, blocked=res.blocked, taken=res.taken, component_damage=res.component_damage,
        heat=res.heat, pierce=pierce,
    ))
    if res.heat:
        heat_mod.gain_heat(st, d, res.heat, events, "HEAT faces")
    if res.taken > 0:
        st.todo.append(["loss", d, res.taken, "attack"])


def step_attack_end(st: PenanceState, item: list[Any], events: list[Event]) -> None:
    at = st.attack
    assert at is not None
    p = item[1]
    d = at["target"]
    s = st.sides[d]
    comp = at["component"]
    tier = at["tier"]
    taken = at["taken"]
    if tier == "execution":  # the Weakness it found is used up: the component is destroyed anyway (RULINGS)
        if not s.destroyed[comp]:
            events.append(ev("execution", f"EXECUTION: {st.labels[d]}'s {COMPONENTS[comp]} is destroyed outright",
                             player=d, component=comp))
            destroy(st, d, comp, events)
    else:
        points = at["crit"] + at["primary_lost"] + at.get("weak", 0)
        if points:
            component_damage(st, d, comp, points, events)
        if at["card"] == "crushing_blow" and tier == "critical" and not s.destroyed[comp] \
                and not stopped(st, d):
            events.append(ev("effect", f"Crushing Blow: {st.labels[d]}'s {COMPONENTS[comp]} is destroyed",
                             player=d))
            destroy(st, d, comp, events)
    if stopped(st, d):
        st.attack = None
        return
    if taken > 0 and s.scrap_armor:
        s.scrap_armor = 0  # ref §2: Scrap Armor lasts until you are next damaged
    if taken >= s.cls.major_wound:  # ref §2 Major Wound by class
        s.piles.add_damaged()
        events.append(ev("major_wound", f"{st.labels[d]} Major Wound ({taken} damage): a DAMAGED card joins the "
                         "discard pile", player=d, taken=taken))
    if at["card"] == "bash":  # push 1 hex on a hit
        push(st, p, d, events)
    st.attack = None
    if at.get("martyr") and st.rules.martyrdom == "suffering_dice":
        squad_mod.martyr_suffering(st, d, at["damage"], events)


def push(st: PenanceState, p: int, d: int, events: list[Event]) -> None:
    """Bash: push the target 1 hex straight away from the attacker, if that hex is free (not a move)."""
    s, e = st.sides[p], st.sides[d]
    for direction in range(6):
        if st.map.neighbors[s.pos][direction] == e.pos:
            dest = st.map.neighbors[e.pos][direction]
            if dest >= 0 and st.map.passable(dest) and all(o.pos != dest for o in st.sides):
                e.pos = dest
                events.append(ev("push", f"{st.labels[d]} is pushed to {st.map.hex_name(dest)}", player=d,
                                 to=dest))
            return

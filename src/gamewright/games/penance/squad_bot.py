"""The heuristic bot's squad play (issue 16 §1): focus fire, protecting a damaged ally, ally cards, extraction,
turning to put an adjacent ally behind a Shield Wall (issue 22 §6) and keeping it there at the turn's end.

One-on-one ``focus`` is simply the other casket, so the bot's one-on-one play is unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamewright.games.penance import values
from gamewright.games.penance.actions import Act, act
from gamewright.games.penance.hexgrid import DEFENDER_PREFERENCE
from gamewright.games.penance.squad import BEHIND, EXTRACT_SP, MARTYR_REACH, must_extract

if TYPE_CHECKING:
    from gamewright.games.penance.state import PenanceState

# cards with no use to keep in hand when losing cards; ally cards are live in squads
DEAD_CARDS = frozenset(("righteous_fury", "crusaders_vow", "runic_armor", "sensor_sweep", "retreat"))
FOCUS_BONUS = 0.75  # an attack on the side's focus is worth this much more expected damage
STEP_WEIGHT = 2  # a hex of distance counts as two cards left in choosing the focus
WALL_REACH = 4  # an enemy this near can come at an ally before a Shield Wall drops (as Hunker Down's reach)


def cards_left(st: PenanceState, c: int) -> int:
    """What stands between a casket and defeat by damage: its hand, deck and discard."""
    pl = st.sides[c].piles
    return len(pl.hand) + len(pl.deck) + len(pl.discard)


def focus(st: PenanceState, p: int) -> int:
    """The enemy ``p`` fights: one-on-one the other casket; in squads the living enemy with the fewest cards
    left, distance counted in (allies standing together pick the same one: focus fire)."""
    if not st.squad:
        return 1 - p
    here = st.sides[p].pos
    foes = values.foes(st, p)
    if not foes:
        return values.foe(st, p)
    return min(foes, key=lambda k: (cards_left(st, k) + STEP_WEIGHT * st.map.dist[here][st.sides[k].pos], k))


def blockers(st: PenanceState, goals: list[int]) -> tuple[int, ...]:
    """The hexes a walk must go round: every other casket, wrecks included (not the goals themselves)."""
    me = st.todo[-1][1] if st.todo else -1
    return tuple(sorted({o.pos for c, o in enumerate(st.sides) if c != me} - set(goals)))


def free_hexes(st: PenanceState, p: int, hexes: list[int]) -> list[int]:
    """The hexes no other casket (or its wreck) holds: no place to attack from otherwise."""
    held = {o.pos for c, o in enumerate(st.sides) if c != p}
    return [h for h in hexes if h not in held] or hexes


def target_value(st: PenanceState, p: int, t: int, value: float) -> float:
    """An attack's value on casket ``t``: more on the focus, and more the nearer ``t`` is to defeat."""
    bonus = FOCUS_BONUS if t == focus(st, p) else 0.0
    return value + bonus + 1.0 / max(1, cards_left(st, t))


def wall_facing(st: PenanceState, p: int) -> int | None:
    """The facing that puts an adjacent ally behind ``p`` (its sides 3-5: Shield Wall's "allies behind you")
    while every enemy within ``WALL_REACH`` stays on ``p``'s front sides (6, 1, 2): the most allies behind,
    then the enemies on the sides best for ``p`` (its shield side first), then the facing it has. None: no
    such facing, or no enemy near enough for a wall to help."""
    s = st.sides[p]
    m = st.map
    near = [st.sides[k].pos for k in values.foes(st, p) if m.dist[s.pos][st.sides[k].pos] <= WALL_REACH]
    mates = [st.sides[a].pos for a in values.allies(st, p) if m.dist[s.pos][st.sides[a].pos] == 1]
    if not near or not mates:
        return None
    best, best_key = None, (0, 0, False, 0)
    for f in range(6):
        behind = sum(m.side_of(s.pos, f, h) in BEHIND for h in mates)
        shown = [m.side_of(s.pos, f, h) for h in near]
        if not behind or any(x in BEHIND for x in shown):
            continue
        key = (-behind, sum(DEFENDER_PREFERENCE[x] for x in shown), f != s.facing, f)
        if best is None or key < best_key:
            best, best_key = f, key
    return best


def _wall_turn(st: PenanceState, p: int, legal: list[Act], cost: int) -> Act | None:
    """A rotation that puts an ally behind ``p`` before its Shield Wall (of SP ``cost``), when the SP covers
    both and the enemies stay in front (``wall_facing``)."""
    s = st.sides[p]
    f = wall_facing(st, p)
    if f is None or f == s.facing or s.sp - values.rotate_cost(st, p) < cost:
        return None
    turn = act("rotate", arg=f)
    return turn if turn in legal else None


def ally_behind(st: PenanceState, p: int) -> bool:
    """An adjacent ally stands behind ``p`` now (where its Shield Wall covers it)."""
    s = st.sides[p]
    return any(st.map.dist[s.pos][st.sides[a].pos] == 1
               and st.map.side_of(s.pos, s.facing, st.sides[a].pos) in BEHIND for a in values.allies(st, p))


def _hurt_neighbour(st: PenanceState, p: int) -> bool:
    """An adjacent ally with fewer cards left than ``p``: worth taking its next hit."""
    s = st.sides[p]
    mine = cards_left(st, p)
    return any(st.map.dist[s.pos][st.sides[a].pos] <= MARTYR_REACH and cards_left(st, a) < mine
               for a in values.allies(st, p))


def rescue_step(st: PenanceState, p: int, legal: list[Act]) -> Act | None:
    """A step toward a fallen ally whose pilot is owed an extraction, when the walk leaves the SP for it."""
    s = st.sides[p]
    goals = [h for c in range(len(st.sides)) if st.team[c] == st.team[p] and must_extract(st, c)
             for h in st.map.neighbors[st.sides[c].pos] if h >= 0 and st.map.passable(h)]
    goals = free_hexes(st, p, goals) if goals else []
    if not goals or s.no_move:
        return None
    walk = st.map.walk_distances(tuple(goals), blockers(st, goals))
    here = walk.get(s.pos, 999)
    if here == 0 or here + EXTRACT_SP > s.sp + s.free_moves:
        return None
    steps = [a for a in legal if a.kind == "move" and walk.get(st.map.neighbors[s.pos][a.arg], 999) < here]
    return steps[0] if steps else None


def support(st: PenanceState, p: int, legal: list[Act]) -> Act | None:
    """Leftover SP for allies: pull out a downed ally's pilot (walking to it when the SP allows), Rally Cry an
    ally, Martyrdom Protocol beside a damaged ally, Shield Wall with an ally behind (turning first to put an
    adjacent ally behind, when the enemies near stay in front)."""
    s = st.sides[p]
    cards = s.piles.cards
    for a in legal:
        if a.kind == "extract":
            return a
    rescue = rescue_step(st, p, legal)
    if rescue is not None:
        return rescue
    for a in legal:
        if a.kind != "play":
            continue
        cid = cards[a.card]
        if cid == "rally_cry" and a.target >= 0:
            return a
        if cid == "martyrdom_protocol" and s.martyr == 0 and _hurt_neighbour(st, p):
            return a
        if cid == "shield_wall" and s.guard == 0 and st.rules.shield_wall == "allies":
            if ally_behind(st, p):
                return a
            turn = _wall_turn(st, p, legal, values.card_cost(st, p, cid))
            if turn is not None:
                return turn
    return None

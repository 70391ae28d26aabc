"""Penance bots: uniformly random legal play, and a heuristic player.

The heuristic bot closes in, steps round to a flank or the rear before a melee attack when the walk leaves
the SP for it, spends its SP on the attack with the best expected damage (Feint first when it can afford
both), targets the enemy's most weakened component (the chassis ends the battle), vents Heat before the
next Refresh would bring Strain (counting a damaged head), cannibalises SCRAP, plays its strongest reactive
against real damage (not Wall of Iron when its Heat would bring Strain), turns its shield side to the enemy
at the end of its turn, and loses dead cards from hand before it risks the deck.
Against an opponent who only ends turns it still comes in, so such a battle ends.
"""

from __future__ import annotations

import math
from functools import cache

from gamewright.core.rng import Rng
from gamewright.games.penance import attack as atk
from gamewright.games.penance import squad_bot
from gamewright.games.penance.actions import Act, act
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.casket import Casket
from gamewright.games.penance.combat import attack_numbers
from gamewright.games.penance.components import CHASSIS, HEAD, LEFT_ARM, RIGHT_ARM
from gamewright.games.penance.dice import TIER_BONUS, tier_odds
from gamewright.games.penance.hexgrid import WATER
from gamewright.games.penance.piles import DAMAGED
from gamewright.games.penance.squad_bot import focus
from gamewright.games.penance.state import PenanceState
from gamewright.games.penance.values import card_cost, card_slot, casket_surcharge, damaged_zone, hex_cost, is_scrap

# the weapon arm first (a destroyed right arm turns the whole primary weapon to SCRAP), then the chassis
_TARGET_BIAS = {CHASSIS: 3}
_BIAS = tuple(_TARGET_BIAS.get(k, 0) for k in range(5))  # by component
_SIDE_RANK = {4: 0, 3: 1, 5: 1, 2: 2, 1: 3, 6: 4}
_RANKED: dict[tuple[str, int, int], list[int]] = {}  # (map, enemy hex, enemy facing) → its neighbours, best first
_SHIELD: dict[tuple[str, int, int], int | None] = {}  # (map, own hex, enemy hex) → the facing that shows side 6
# one-on-one ``_flank_goal`` by everything it reads: the map, both hexes, the enemy's facing, the hexes walked,
# the SP to spare, the casket's surcharge, the bot's flank_gain and the temporary difficult hexes
_FLANK: dict[tuple[object, ...], int] = {}
# one-on-one ``_first_within`` for ``_attack_hexes``: (map, enemy hex, enemy facing, own hex, budget) → hex or -1
_APPROACH: dict[tuple[str, int, int, int, int], int] = {}
DEAD_CARDS = frozenset(("rally_cry", "martyrdom_protocol", "last_rites", "righteous_fury", "crusaders_vow",
                        "runic_armor", "sensor_sweep", "retreat"))


@cache
def _odds(tn: int) -> tuple[float, dict[str, float]]:
    t = tier_odds(tn)
    return float(1 - t["miss"] - t["catastrophic"]), {k: float(v) for k, v in t.items()}


@cache
def _expected_damage(tn: int, base: int, side: int, rear_bonus: int, bonus: int) -> float:
    """The attack's damage averaged over its tiers at target number ``tn`` (one answer per set of terms)."""
    tiers = _odds(tn)[1]
    return sum(tiers[t] * atk.attack_damage(base, t, side, rear_bonus=rear_bonus, bonus=bonus) for t in TIER_BONUS)


class RandomBot:
    """Uniformly random legal actions from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: PenanceState) -> Act:
        return self.rng.choice(state.legal_actions())


class HeuristicBot:
    name = "heuristic"
    patience = 5  # turns to wait two hexes away before stepping in without an attack
    run_bonus = 2.0
    flank = True  # step round to a better side before a melee attack
    flank_gain = 1  # by at least this much lower a target number
    hot = 4  # Heat at which water comes before attacking

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)
        self._scraps = (-1, 0)  # (turn, SCRAP cards cannibalised this turn): never cycle the deck forever
        self._turn_attacks = (-1, 0)  # (turn, attacks made this turn)
        self._waits = (-1, 0)  # (last turn counted, turns spent waiting two hexes away)

    # ------------------------------------------------------------------------------------------------
    def choose(self, state: PenanceState) -> Act:
        top = state.todo[-1]
        kind, p = top[0], top[1]  # ``acting_casket``: one-on-one the seat; in squads the seat's casket that decides
        legal = state.legal_actions()
        if kind == "main":  # the most common decision first
            return self._main(state, p, legal)
        if kind == "mulligan":
            return act("keep")
        if kind == "react":
            return self._react(state, p, legal)
        if kind == "rites":  # an ally is defeated: Last Rites recovers 5 cards
            return next((a for a in legal if a.kind == "react"), act("pass"))
        if kind in ("loss", "cost"):
            return self._lose(state, p, legal, kind)
        return self._main(state, p, legal)

    # --- defender decisions ---------------------------------------------------------------------------
    def _react(self, st: PenanceState, p: int, legal: list[Act]) -> Act:
        at = st.attack
        dmg = at["damage"] if at else 0
        pl = st.sides[p].piles
        best, best_red = act("pass"), 0
        for a in legal:
            if a.kind == "react":
                c = card_table()[pl.cards[a.card]]
                red = min(c.reduce, dmg)
                if c.heat and self._heat_at_refresh(st, p) + c.heat >= 5:
                    red -= 2  # Wall of Iron's Heat would bring Strain at the next Refresh (004 §7)
                if red > best_red:
                    best, best_red = a, red
            elif a.kind == "rune" and dmg >= 3 and best_red < 2:
                best, best_red = a, 2
        return best if dmg >= 2 else act("pass")

    def _lose(self, st: PenanceState, p: int, legal: list[Act], kind: str) -> Act:
        pl = st.sides[p].piles
        # once our turn of this round is over, the hand is discarded at the round's end anyway (ref §4)
        hand_spent = st.turn_player != p and not any(t[0] == "turn" and t[1] == p for t in st.todo)

        # what every card's worth reads, read once for the whole list
        dead = squad_bot.DEAD_CARDS if st.squad else DEAD_CARDS
        banned = st.sides[p].banned
        judged = len(st.sides[focus(st, p)].piles.deck) > 10
        loss = kind == "loss"
        table = card_table()

        def worth(a: Act) -> int:
            if a.card < 0:
                return 50
            cid = pl.cards[a.card]
            if is_scrap(st, p, cid) or cid in dead or cid == banned or self._no_ally_card(st, cid):
                return 0
            if cid == "divine_judgment" and judged:
                return 10
            if cid == DAMAGED:
                return 60 if loss else 5  # losing DAMAGED to damage rolls the Damage Die
            if loss and card_slot(cid) == "primary":
                return 100  # losing it from hand is Component Damage for sure; the deck only maybe
            return (20 if hand_spent else 40) + table[cid].cost

        return min(legal, key=worth)

    # --- the action phase ------------------------------------------------------------------------------
    def _main(self, st: PenanceState, p: int, legal: list[Act]) -> Act:
        s, e = st.sides[p], st.sides[focus(st, p)]
        pl = s.piles
        table, cards = card_table(), pl.cards
        attacks = []  # the plays of attack cards, in list order
        first_play: dict[str, Act] = {}  # each card's first play in the list (the one chosen by card name)
        scrap = None  # the first SCRAP card listed
        moves = []  # the legal steps, in list order (``_step`` chooses among them)
        last, is_attack = -1, False  # the card of the play before (a card's plays are listed together)
        for a in legal:
            kind = a.kind
            if kind == "move":
                moves.append(a)
            elif kind == "play":
                if a.card != last:
                    last = a.card
                    cid = cards[last]
                    if cid not in first_play:
                        first_play[cid] = a
                    is_attack = table[cid].is_attack
                if is_attack:
                    attacks.append(a)
            elif kind == "scrap" and scrap is None:
                scrap = a
        turn, used = self._scraps
        if turn != st.turns:
            used = 0
        if used < 6 and pl.deck and scrap is not None:
            self._scraps = (st.turns, used + 1)
            return scrap
        # Heat first: Strain starts at 5 at the next Refresh (004 §7), after a damaged head heats (ref §3)
        dry_heat = s.heat + damaged_zone(st, p, HEAD)  # next Refresh's Heat out of the water
        if s.heat >= 3 or self._heat_at_refresh(st, p, dry_heat) >= 5:
            for cid in ("emergency_vent", "breathe_the_core", "absolution"):
                if cid in first_play:
                    return first_play[cid]
        # running hot (a damaged head heats every turn): reach water first when it is in range this turn
        in_water = st.map.terrain[s.pos] == WATER
        if dry_heat >= self.hot and not in_water and not s.no_move:
            water = [h for h in st.map.water if h != e.pos]
            if self._bfs(st, water, e.pos, (s.pos,)).get(s.pos, 999) <= s.sp + s.free_moves:
                step = self._step(st, p, moves, water, closer=True)
                if step is not None:
                    return step
        if attacks:
            best, value = self._best_attack(st, p, attacks)
            if value > 0.5:
                cost = card_cost(st, p, pl.cards[best.card])
                for cid, a in first_play.items():  # the first play of each card, as the list has them
                    if cid == "feint" and s.feint == 0 and s.sp - card_cost(st, p, cid) >= cost:
                        return a
                    if cid == "blood_offering" and s.next_dmg == 0 and len(pl.deck) >= 12 and value > 2.5:
                        return a
                flank = self._flank_step(st, p, moves, best, cost)
                if flank is not None:
                    return flank
                self._turn_attacks = (st.turns, 1)
                self._waits = (st.turns, 0)
                return best
        dist = st.map.dist[s.pos][e.pos]
        # hot and nothing to vent with: cool off in water (-2 Heat a turn, 004 §7)
        if dry_heat >= self.hot and not s.no_move and not in_water:
            step = self._step_toward(st, p, moves, water=True)
            if step is not None:
                return step
        # close in only when an attack can follow this turn; otherwise wait out of reach, and step away
        # after attacking (hit and run); a hot casket stays in its water
        if not s.no_move and not (in_water and s.heat >= 2):
            attacked = self._turn_attacks[0] == st.turns
            # the hexes to attack from matter only further than adjacent and before attacking this turn
            goals, reachable = self._attack_hexes(st, p) if dist > 1 and not attacked else ([], False)
            if dist > 1 and reachable and not attacked:
                if s.free_moves == 0 and dist - 1 >= 2:
                    for cid in ("desperate_lunge", "overextend", "advance"):
                        if cid == "overextend" and s.heat >= 2:
                            continue
                        if cid in first_play and s.sp - card_cost(st, p, cid) >= self._cheapest_attack(st, p):
                            return first_play[cid]
                step = self._step(st, p, moves, goals, closer=True)
                if step is not None:
                    return step
            elif dist > 2 and not attacked:
                # no attack this turn: end two hexes away, one step short of its melee reach
                step = self._step(st, p, moves, list(st.map.ring(e.pos, 2)), closer=True)
                if step is not None:
                    return step
            elif dist == 2 and not attacked:
                # waited out of reach for two turns already: step in so next turn's SP all goes to attacks
                if self._waits[0] != st.turns:
                    self._waits = (st.turns, self._waits[1] + 1)
                if self._waits[1] > self.patience:
                    step = self._step(st, p, moves, goals, closer=True)
                    if step is not None:
                        self._waits = (st.turns, 0)
                        return step
            elif dist <= 1 and attacked:
                step = self._step(st, p, moves, [e.pos], closer=False)
                if step is not None:
                    return step
        # leftover SP: defence, heat, cards
        if st.squad:
            support = squad_bot.support(st, p, legal)
            if support is not None:
                return support
        for cid in ("hunker_down", "shield_wall", "scrap_armor", "emergency_vent", "breathe_the_core",
                    "survey_the_field", "emergency_repair"):
            if cid not in first_play:  # not playable now: nothing below could choose it
                continue
            if cid == "emergency_vent" and s.heat < 2:
                continue
            if cid == "breathe_the_core" and s.heat < 1:
                continue
            if cid == "emergency_repair" and len(pl.discard) < 6:
                continue
            if cid in ("hunker_down", "shield_wall") and (dist > 4 or self._no_ally_card(st, cid)):
                continue
            return first_play[cid]
        # face the enemy with the shield side (side 6) before ending
        want = self._shield_facing(st, p)
        if st.squad and s.guard and squad_bot.ally_behind(st, p):
            want = squad_bot.wall_facing(st, p)  # keep the ally behind the Shield Wall (None: stay as it is)
        if want is not None and want != s.facing and not s.free_rot:
            return act("rotate", arg=want)
        return act("end")

    @staticmethod
    def _no_ally_card(st: PenanceState, cid: str) -> bool:
        """Shield Wall does nothing one-on-one unless the option gives its Defense to the caster (in squads
        ``squad_bot.support`` decides when it helps)."""
        return cid == "shield_wall" and st.rules.shield_wall == "allies"

    @staticmethod
    def _heat_at_refresh(st: PenanceState, p: int, dry: int | None = None) -> int:
        """Heat at this casket's next Strain check if it does nothing more: a damaged head adds 1 (destroyed 2),
        water takes 2 off (ref §2-§3; 004 §7). ``dry``: its Heat with the head's, when the caller has it."""
        s = st.sides[p]
        heat = s.heat + damaged_zone(st, p, HEAD) if dry is None else dry
        return max(0, heat - 2) if st.map.terrain[s.pos] == WATER else heat

    def _cheapest_attack(self, st: PenanceState, p: int) -> int:
        """The lowest cost of an attack card in hand that is not SCRAP (-1: none)."""
        table, s = card_table(), st.sides[p]
        cards = s.piles.cards
        arms = s.destroyed[RIGHT_ARM] or s.destroyed[LEFT_ARM]  # else no card is SCRAP (``is_scrap``)
        low = -1
        for i in s.piles.hand:
            cid = cards[i]
            if table[cid].is_attack and not (arms and is_scrap(st, p, cid)):
                cost = card_cost(st, p, cid)
                if low < 0 or cost < low:
                    low = cost
        return low

    def _best_attack(self, st: PenanceState, p: int, attacks: list[Act]) -> tuple[Act, float]:
        """The attack of highest value (the first of equals) and its value: the card's value against its casket
        (once per card and casket: the same for each component) less the component term; in squads the focus
        of the side's fire is worth more (``squad_bot.focus``)."""
        foe = focus(st, p)
        per_card: dict[tuple[int, int], float | None] = {}  # one card's value before its target term
        weak: dict[int, list[float]] = {}  # each target's component terms, read once
        best, value = attacks[0], -math.inf
        for a in attacks:
            t = a.target if a.target >= 0 else foe
            key = (a.card, t)
            if key in per_card:
                ev = per_card[key]
            else:
                ev = self._card_value(st, p, a.card, t)
                if st.squad and ev is not None:
                    ev = squad_bot.target_value(st, p, t, ev or 0.0)
                per_card[key] = ev
            if ev is None:
                v = 0.0  # Divine Judgment against a deck above 10 cards deals nothing: not worth its SP
            elif a.arg >= 0:  # target choice: most weakened component; the chassis ends the battle
                terms = weak.get(t)  # (with hit_location=random the die chooses: no component term)
                if terms is None:
                    terms = weak[t] = self._component_terms(st, t)
                v = ev - terms[a.arg]
            else:
                v = ev
            if v > value:
                best, value = a, v
        return best, value

    @staticmethod
    def _component_terms(st: PenanceState, t: int) -> list[float]:
        """What aiming at each of casket ``t``'s components takes off an attack's value: a little for each point
        of structure it has left, less for the chassis."""
        e = st.sides[t]
        zones = e.cls.zones
        comp = e.comp
        return [0.01 * (zones[k].hp - comp[k] - _BIAS[k]) for k in range(5)]

    def _card_value(self, st: PenanceState, p: int, inst: int, t: int) -> float | None:
        """Expected damage of an attack with card ``inst``, adjusted for hit and run and cost (None: it
        deals nothing)."""
        s = st.sides[p]
        c = card_table()[s.piles.cards[inst]]
        dist, side, tn, base, rear_bonus, bonus = attack_numbers(st, p, c, t)  # the engine's own terms
        if not base:
            return None
        ev = _expected_damage(tn, base, side, rear_bonus, bonus)  # ``AttackSetup.damage`` per tier
        ev = ev * 0.55  # about half the dice block or are taken
        cost = card_cost(st, p, c.id)
        if dist == 1 and s.sp + s.free_moves - cost >= 1 and c.id != "anvil_breaker":
            ev += self.run_bonus  # SP left to step out of reach afterwards (hit and run)
        # prefer spending SP fully: value per SP matters little when SP is lost at the end of the turn
        ev -= 0.05 * cost
        return ev

    def _flank_step(self, st: PenanceState, p: int, moves: list[Act], best: Act, cost: int) -> Act | None:
        """Before a melee attack, a step toward an adjacent hex with a lower target number (a flank or the
        rear, 004 §2 "Hex-Side Facing") when the walk still leaves the SP for the attack."""
        s, e = st.sides[p], st.sides[best.target if best.target >= 0 else focus(st, p)]
        c = card_table()[s.piles.cards[best.card]]
        if not self.flank or c.range > 1 or c.area != "single" or s.no_move or st.map.dist[s.pos][e.pos] != 1:
            return None
        spare = s.sp + s.free_moves - cost
        casket = casket_surcharge(st, p)  # the part of each hex's cost that is the same for all of them
        if st.squad:  # the walk goes round every other casket: no key short enough to keep the answer by
            goal = self._flank_goal(st, p, e, spare, casket)
        else:
            # one-on-one the answer is a function of these values and the map (which never changes)
            key = (st.map.name, s.pos, s.moved, e.pos, e.facing, e.moved_last, spare, casket, self.flank_gain,
                   tuple(st.temp_difficult))
            goal = _FLANK.get(key, -2)
            if goal == -2:
                if len(_FLANK) >= 65536:  # bounded memory
                    _FLANK.clear()
                goal = _FLANK[key] = self._flank_goal(st, p, e, spare, casket)
        if goal < 0:
            return None
        return self._step(st, p, moves, [goal], closer=True)

    def _flank_goal(self, st: PenanceState, p: int, e: Casket, spare: int, casket: int) -> int:
        """The hex next to enemy ``e`` to step round to (-1: none): the first with a target number lower by
        ``flank_gain`` than the best so far, within ``spare`` SP of walking (hex surcharges with ``casket``)."""
        s, m = st.sides[p], st.map
        cover = m.cover(e.pos)

        def tn_from(h: int, walked: int) -> int:
            return atk.target_total(1, s.moved + walked, e.moved_last, m.side_of(e.pos, e.facing, h), cover)

        now = tn_from(s.pos, 0)
        walk = self._bfs(st, [s.pos], e.pos, m.open_neighbors[e.pos])
        goal, goal_tn = -1, now
        for h in m.neighbors[e.pos]:
            if h < 0 or h == s.pos or not m.passable(h) or walk.get(h, 99) + hex_cost(st, p, h, casket) > spare:
                continue
            t = tn_from(h, walk[h])
            if t <= goal_tn - self.flank_gain:
                goal, goal_tn = h, t
        return goal

    def _step_toward(self, st: PenanceState, p: int, moves: list[Act], water: bool = False) -> Act | None:
        e = st.sides[focus(st, p)]
        goals = [h for h in st.map.water if h != e.pos] if water else [e.pos]
        return self._step(st, p, moves, goals, closer=True)

    def _step(self, st: PenanceState, p: int, moves: list[Act], goals: list[int], closer: bool) -> Act | None:
        """The move (of the legal ``moves``) that brings us closer to (or farther from) the goal hexes, if any
        does."""
        if not moves:
            return None
        s, e = st.sides[p], st.sides[focus(st, p)]
        dist_to = self._bfs(st, goals, e.pos if e.pos not in goals else -1, (s.pos, *st.map.open_neighbors[s.pos]))
        sign = 1 if closer else -1
        best, best_d = None, sign * dist_to.get(s.pos, 999)
        around = st.map.neighbors[s.pos]
        for a in moves:
            d = sign * dist_to.get(around[a.arg], 999)
            if d < best_d:
                best, best_d = a, d
        return best

    def _attack_hexes(self, st: PenanceState, p: int) -> tuple[list[int], bool]:
        """Hexes next to the enemy, best side first (rear, flanks, weapon side, front, shield side): the
        best one we can reach this turn with SP left for an attack (True), else all of them (False)."""
        s, e = st.sides[p], st.sides[focus(st, p)]
        m = st.map
        key = (m.name, e.pos, e.facing)
        if key not in _RANKED:
            _RANKED[key] = sorted(
                (h for h in m.neighbors[e.pos] if h >= 0 and m.passable(h)),
                key=lambda h: _SIDE_RANK[m.side_of(e.pos, e.facing, h)],
            )
        ranked = list(_RANKED[key])
        if st.squad:
            ranked = squad_bot.free_hexes(st, p, ranked)
        cheapest = self._cheapest_attack(st, p)
        if cheapest < 0:
            return ranked, False
        budget = s.sp + s.free_moves - cheapest
        budget += 1 if "desperate_lunge" in map(s.piles.cards.__getitem__, s.piles.hand) else 0
        if st.squad:  # the walk goes round every other casket
            h = self._first_within(st, s.pos, e.pos, ranked, budget)
        else:  # one-on-one the answer is a function of the map, both hexes, the enemy's facing and the budget
            key2 = (m.name, e.pos, e.facing, s.pos, budget)
            h = _APPROACH.get(key2, -2)
            if h == -2:
                if len(_APPROACH) >= 65536:  # bounded memory
                    _APPROACH.clear()
                h = _APPROACH[key2] = self._first_within(st, s.pos, e.pos, ranked, budget)
        return ([h], True) if h >= 0 else (ranked, False)

    def _first_within(self, st: PenanceState, here: int, enemy: int, ranked: list[int], budget: int) -> int:
        """The first of the ``ranked`` hexes within ``budget`` steps of ``here`` (around walls and the enemy's
        hex), or -1."""
        from_me = self._bfs(st, [here], enemy, tuple(ranked))
        for h in ranked:
            if from_me.get(h, 999) <= budget:
                return h
        return -1

    @staticmethod
    def _bfs(st: PenanceState, goals: list[int], blocked: int,
             wanted: tuple[int, ...] | None = None) -> dict[int, int]:
        """Walking distance (in hexes) to the nearest goal, around walls and the enemy, for (at least) the
        ``wanted`` hexes that can reach one (None: every hex; the map caches it: do not change the dict)."""
        return st.map.walk_distances(tuple(goals), squad_bot.blockers(st, goals) if st.squad else blocked, wanted)

    @staticmethod
    def _shield_facing(st: PenanceState, p: int) -> int | None:
        s, e = st.sides[p], st.sides[focus(st, p)]
        key = (st.map.name, s.pos, e.pos)
        if key not in _SHIELD:  # the map never changes: one answer per pair of hexes
            _SHIELD[key] = next((f for f in range(6) if st.map.side_of(s.pos, f, e.pos) == 6), None)
        return _SHIELD[key]


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str, seed: int | str = 0) -> RandomBot | HeuristicBot:
    from gamewright.core.errors import ConfigError

    if name not in BOTS:
        raise ConfigError(f"unknown bot {name!r}; choose one of: {', '.join(BOTS)}")
    return BOTS[name](seed)


def play_bots(game, seed: int, bots, check=None, max_actions: int = 200_000):  # type: ignore[no-untyped-def]
    """Play one seeded game between two bots; ``check(state)`` runs after every action."""
    state = game.new_initial_state(seed)
    n = 0
    while not state.is_terminal():
        action = bots[state.current_player].choose(state)
        state.apply(action)
        n += 1
        if check is not None:
            check(state)
        if n > max_actions:
            raise RuntimeError(f"game {seed} did not end within {max_actions} actions")
    return state, n

"""Arranging Penance positions for tests: hands, deck tops, positions, scripted dice, and a one-on-one duel with
its shortcuts."""

from __future__ import annotations

from gamewright.core.rng import ScriptedRng
from gamewright.games.penance import make_game
from gamewright.games.penance.piles import DAMAGED
from gamewright.games.penance.state import Act, PenanceState

ATTACK = {v: v + 1 for v in range(6)}  # attack die value → d6 roll
DEFENSE = {"shield": 1, "absorb": 2, "flesh": 3, "critical": 4, "pierce": 5, "heat": 6}


def fresh(decks: str = "confessor,ironclad", seed: int = 0) -> PenanceState:
    """A battle at P1's action phase in round 1, P1 moving first; both mulligans declined."""
    st = make_game(options={"decks": decks}).new_initial_state(seed)
    st.apply(Act("keep"))
    st.apply(Act("keep"))
    st.todo = [["round_end"], ["turn", 1], ["turn_end", 0], ["main", 0]]
    st.turn_player = 0
    st.round = 1
    for p, s in enumerate(st.sides):
        s.sp = st.sp_max(p)
        s.moved = s.moved_last = 0
        s.heat = 0
    return st


def instances(st: PenanceState, p: int, cid: str) -> list[int]:
    pl = st.sides[p].piles
    return [i for i, c in enumerate(pl.cards) if c == cid]


def _take(st: PenanceState, p: int, cid: str, used: set[int]) -> int:
    pl = st.sides[p].piles
    for i in instances(st, p, cid):
        if i not in used and (i in pl.deck or i in pl.hand):
            used.add(i)
            return i
    raise AssertionError(f"no free {cid} for player {p + 1}")


def set_hand(st: PenanceState, p: int, cids: list[str], top: list[str] | tuple[str, ...] = ()) -> list[int]:
    """Put exactly these cards in hand and ``top`` (first = top) on top of the deck; the rest in the deck."""
    pl = st.sides[p].piles
    pl.deck += pl.hand
    pl.hand = []
    used: set[int] = set()
    hand = [_take(st, p, c, used) for c in cids]
    tops = [_take(st, p, c, used) for c in top]
    for i in hand + tops:
        pl.deck.remove(i)
    pl.hand = hand
    pl.deck += list(reversed(tops))  # the end of the list is the top
    return hand


def place(st: PenanceState, p: int, hex_name: str, facing: str) -> None:
    from gamewright.games.penance.hexgrid import DIRECTIONS

    st.sides[p].pos = st.map.parse_hex(hex_name)
    st.sides[p].facing = DIRECTIONS.index(facing)


def script(st: PenanceState, *dice: int) -> ScriptedRng:
    rng = ScriptedRng(dice=dice)
    st.rng = rng
    return rng


def hand_card(st: PenanceState, p: int, cid: str) -> int:
    pl = st.sides[p].piles
    return next(i for i in pl.hand if pl.cards[i] == cid)


def duel(decks: str = "confessor,ironclad", hand=(), enemy=("feint",), top=()):  # type: ignore[no-untyped-def]
    """P1 at H11 facing E, P2 adjacent at I11 facing W (P1 is on P2's front), P1 to act, no Runes."""
    st = fresh(decks)
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    st.sides[0].runes = st.sides[1].runes = 0
    set_hand(st, 0, list(hand))
    set_hand(st, 1, list(enemy), top=list(top))
    for s in st.sides:
        s.wound_deck = ["ptsd"] * 10  # a wound deck with no side effects, so only the counts matter
    return st


def play(st, cid: str, comp: int = -1, p: int = 0):  # type: ignore[no-untyped-def]
    return st.apply(Act("play", hand_card(st, p, cid), comp))


def faces(*names: str) -> list[int]:
    return [DEFENSE[n] for n in names]


def event(evs, kind: str):  # type: ignore[no-untyped-def]
    return next(e for e in evs if e.kind == kind)


def lose_from_deck(st, n: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(n):
        st.apply(Act("lose"))


def damaged_in(st, p: int) -> int:  # type: ignore[no-untyped-def]
    pl = st.sides[p].piles
    return sum(1 for i in pl.discard if pl.cards[i] == DAMAGED)

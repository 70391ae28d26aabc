"""One attack set out on the battlefield for the ``penance attack`` table assistant, so that the engine resolves
it exactly as in a battle (``PenanceState.apply``): no second copy of the rules.

Two fresh caskets of the classes named (no damage, Heat, wounds or modifiers) stand where the attack has the
distance, the side and the cover asked for; the attacker holds the card; the dice come from the stream given.
What the table does not say is fixed so that it adds nothing to the attack: the defender's cards are plain
universal cards (a lost card is no weapon card and no DAMAGED card, 004 §2 step 6 and §1 Damage Die), a discard
pile of spares means no loss ends the battle, and the attack aims at the legs, whose damage never wounds the
pilot (ref §3: no exposure zone; 004 §3: a destroyed leg is no Wound).
"""

from __future__ import annotations

from functools import cache

from gamewright.core.errors import ConfigError
from gamewright.core.rng import Rng
from gamewright.games.penance.actions import Act
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.components import LEGS, casket_class
from gamewright.games.penance.game import PenanceGame
from gamewright.games.penance.hexgrid import SIDE_NAMES, load_map
from gamewright.games.penance.piles import Piles
from gamewright.games.penance.state import PenanceState

PLAIN = "survey_the_field"  # a universal utility card: losing it changes nothing else
REACTIVE = "brace_for_impact"  # in the defender's hand: the engine opens the reactive window wherever it may
SPARES = 30  # more cards than any attack takes (Divine Judgment's 8 +2 EXECUTION +1 weapon side is 11)
TARGET = LEGS  # the component every assistant attack names (hit_location=choice)


def _piles(hand: list[str], deck: int, discard: int) -> Piles:
    """``hand`` in hand, ``deck`` plain cards in the draw deck and ``discard`` in the discard pile."""
    piles = Piles([*hand, *[PLAIN] * (deck + discard)])
    piles.hand = list(range(len(hand)))
    piles.deck = list(range(len(hand), len(hand) + deck))
    piles.discard = list(range(len(hand) + deck, len(piles.cards)))
    return piles


@cache
def placement(distance: int, side: int, cover: str) -> tuple[int, int, int, int]:
    """(defender hex, its facing, attacker hex, its facing) on the default map: the attacker ``distance`` hexes
    away with line of sight, on the defender's side ``side`` (1-6), the defender's hex of ``cover``, and the
    defender in the attacker's front arc and front hexes (so ranged and front-three attacks may reach it)."""
    m = load_map("default")
    for d in range(len(m.terrain)):
        if not m.passable(d) or m.cover(d) != cover:
            continue
        for a in m.ring(d, distance):
            if not m.line_of_sight(a, d):
                continue
            aim = next((f for f in range(6) if m.in_front_arc(a, f, d)
                        and (distance > 1 or d in m.front_hexes(a, f))), None)
            facing = next((f for f in range(6) if m.side_of(d, f, a) == side), None)
            if aim is not None and facing is not None:
                return d, facing, a, aim
    raise ConfigError(f"no two hexes of the battlefield are {distance} apart with the defender in {cover} cover "
                      f"and the attacker on its {SIDE_NAMES[side - 1]} side")


def attack_position(card: str, attacker: str, defender: str, distance: int, side: int, cover: str,
                    moved: int, defender_moved: int, defender_deck: int, dice: Rng) -> tuple[PenanceState, Act]:
    """A battle at the attacker's (P1's) main phase, and the action that plays ``card`` (an id) at the target
    component: the attacker moved ``moved`` hexes this turn, the defender ``defender_moved`` in its last turn and
    holds ``defender_deck`` cards in its draw deck; ``dice`` is the battle's random stream from now on."""
    st = PenanceGame(options={"decks": "confessor,confessor"}).new_initial_state(0)
    st.todo = [["round_end"], ["turn_end", 0], ["main", 0]]
    st.round, st.turn_player, st.listed = 1, 0, None
    first, second = st.sides
    first.cls_name, second.cls_name = casket_class(attacker).name, casket_class(defender).name
    first.runes = second.runes = 0
    first.piles = _piles([card], SPARES, 0)
    second.piles = _piles([REACTIVE], defender_deck, SPARES)
    second.pos, second.facing, first.pos, first.facing = placement(distance, side, cover)
    first.moved, second.moved_last = moved, defender_moved
    first.sp = max(st.sp_max(0), card_table()[card].cost)  # the assistant asks about the roll, not the SP
    st.rng = dice
    return st, Act("play", 0, TARGET)

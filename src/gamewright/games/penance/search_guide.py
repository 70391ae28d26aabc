"""The heuristic bot as the search's guide (issue 15 §2): a short candidate list, and the bot's memory kept true.

The root search in Penance weighs a few candidates, not every legal action: spread over fifteen or more actions,
a second's playouts leave each one or two, too few to tell a better action from luck. ``candidates`` ranks
them the way the bot itself would: its own choice, then what it picks when that choice is taken away, and one
of each kind the bot would otherwise never weigh here (its best attack, stepping in or away, turning the
shield side to the enemy). Nothing here changes what the bot chooses.

The bot remembers, from decision to decision, whether it attacked this turn (hit and run), how long it has
waited out of reach, and how many SCRAP cards it cannibalised. ``Guide`` keeps that memory true when the search
plays something else than the bot's choice, and hands it to the playouts' bot for the same seat (a fresh bot
would not step away after an attack it does not know of).
"""

from __future__ import annotations

from gamewright.games.penance.bots import HeuristicBot
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.squad_bot import focus
from gamewright.games.penance.state import Act, PenanceState

Memory = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]  # (scraps, attacks this turn, waits)
MAX_CANDIDATES = 6  # so that a second's playouts give each tens of them


def memory(bot: HeuristicBot) -> Memory:
    return bot._scraps, bot._turn_attacks, bot._waits


def set_memory(bot: HeuristicBot, mem: Memory) -> None:
    bot._scraps, bot._turn_attacks, bot._waits = mem


def _is_attack(state: PenanceState, action: Act) -> bool:
    if action.kind != "play":
        return False
    p = state.acting_casket
    return bool(card_table()[state.sides[p].piles.cards[action.card]].is_attack)


def memory_after(state: PenanceState, before: Memory, picked_mem: Memory, picked: Act, played: Act) -> Memory:
    """The bot's memory had it played ``played`` where it chose ``picked`` (``before``/``picked_mem``: its
    memory before and after choosing): what the bot notes when it attacks or cannibalises, moved over."""
    if played == picked:
        return picked_mem
    scraps, attacks, waits = picked_mem
    if picked.kind == "scrap":
        scraps = before[0]
    if _is_attack(state, picked):
        attacks, waits = before[1], before[2]
    if played.kind == "scrap":
        turn, used = scraps
        scraps = (state.turns, (used if turn == state.turns else 0) + 1)
    if _is_attack(state, played):
        attacks, waits = (state.turns, 1), (state.turns, 0)
    return scraps, attacks, waits


def _kinds(bot: HeuristicBot, st: PenanceState, legal: list[Act]) -> list[Act | None]:
    """One action of each kind the search should weigh besides the bot's preferences (None: none here)."""
    if st.todo[-1][0] != "main":
        return []
    p = st.acting_casket
    s, e = st.sides[p], st.sides[focus(st, p)]
    attacks = [a for a in legal if _is_attack(st, a)]
    facing = bot._shield_facing(st, p)
    return [  # not ending the turn: with SP left it lost (on the true position) nearly wherever it differed
        bot._best_attack(st, p, attacks)[0] if attacks else None,
        bot._step(st, p, legal, [e.pos], closer=True),
        bot._step(st, p, legal, [e.pos], closer=False),
        Act("rotate", arg=facing) if facing is not None and facing != s.facing else None,
    ]


def _choice_among(bot: HeuristicBot, st: PenanceState, legal: list[Act]) -> Act | None:
    """What the bot picks among ``legal`` only (None where its choice does not read the list)."""
    kind, p = st.todo[-1][0], st.acting_casket
    if kind == "main":
        return bot._main(st, p, legal)
    if kind in ("loss", "cost"):
        return bot._lose(st, p, legal, kind)
    if kind == "react":
        return bot._react(st, p, legal)
    return None


class Guide:
    """The agent's heuristic bot for the whole game and what it chose at the decision being searched."""

    def __init__(self, seed: int) -> None:
        self.bot = HeuristicBot(seed)
        self._context: tuple[PenanceState, Memory, Memory, Act] | None = None

    def candidates(self, twin: PenanceState, legal: list[Act], limit: int = MAX_CANDIDATES) -> list[Act]:
        """Up to ``limit`` distinct legal actions, the bot's own choice first (``twin``: a resampled twin)."""
        bot = self.bot
        before = memory(bot)
        picked = bot.choose(twin)
        after = memory(bot)
        self._context = (twin, before, after, picked)
        ranked = [picked] if picked in legal else []
        rest = [a for a in legal if a not in ranked]
        if rest and len(ranked) < limit:  # the bot's choice with its first preference taken away
            set_memory(bot, before)
            second = _choice_among(bot, twin, rest)
            set_memory(bot, after)
            if second is not None and second in rest:
                ranked.append(second)
        for a in _kinds(bot, twin, legal):
            if a is not None and a in legal and a not in ranked and len(ranked) < limit:
                ranked.append(a)
        return ranked

    def memory_for(self, played: Act) -> Memory | None:
        """The bot's memory once ``played`` is played at the decision searched (None: no decision yet)."""
        if self._context is None:
            return None
        twin, before, after, picked = self._context
        return memory_after(twin, before, after, picked, played)

    def rival_memory(self, mover: int) -> Memory | None:
        """What the bot for another seat recalls, where the board shows it: an attack of its own in progress
        means it attacked this turn (it will step away after it, hit and run)."""
        if self._context is None:
            return None
        twin = self._context[0]
        at = twin.attack
        if at is None or twin.team[at["attacker"]] != mover or twin.team[twin.turn_player] != mover:
            return None
        return (-1, 0), (twin.turns, 1), (twin.turns, 0)

    def played(self, action: Act) -> None:
        """The agent played ``action``: the bot remembers it as its own."""
        mem = self.memory_for(action)
        if mem is not None:
            set_memory(self.bot, mem)
        self._context = None

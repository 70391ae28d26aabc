"""Each built-in game's ``result_summary`` hook: how its game ended, told from the final public view and the
returns (never the state, so a game's internals may change freely under it). Every read of the view is
defensive: a key a later version renames leaves a shorter summary, never an error on the result page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamewright.core.outcome import Outcome
from gamewright.web.numbers import decimal


def and_list(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def prince(view: Mapping[str, Any], returns: Sequence[float]) -> Outcome:
    """Space Prince (one seat): the run won or lost, its Distance and the encounters won."""
    won = view.get("status") == "won"
    reached = int(view.get("encounter") or 0)  # encounters begun; the count moves past the one that was lost
    options = (view.get("rules") or {}).get("options") or {}
    per_run = options.get("encounters_per_run")
    beaten = reached if won else max(0, reached - 1)
    lines = [f"Distance {decimal(view.get('distance', 0))}",
             f"Encounters won: {beaten}" + (f" of {per_run}" if per_run else "")]
    words = "won the run" if won else f"lost the run in encounter {max(reached, 1)}"
    return Outcome((0,) if won else (), said="The run is won" if won else "The run is lost", seats=(words,),
                   lines=tuple(lines))


def penance(view: Mapping[str, Any], returns: Sequence[float]) -> Outcome:
    """Penance: who is still standing, and in a squad battle how many caskets each side lost."""
    sides = list(view.get("sides") or [])
    winner = view.get("winner")
    winners = (int(winner),) if isinstance(winner, int) and winner >= 0 else ()
    teams = list(view.get("teams") or range(len(sides)))
    labels = list(view.get("labels") or [])
    words = []
    for seat in range(len(returns)):
        mine = [i for i, team in enumerate(teams) if team == seat and i < len(sides)]
        if len(mine) > 1:  # a squad: caskets lost, and which still stand
            lost = [i for i in mine if sides[i].get("out")]
            standing = [labels[i] if i < len(labels) else f"casket {i + 1}" for i in mine if i not in lost]
            text = f"{len(lost)} of {len(mine)} caskets lost"
            words.append(text + (f"; standing: {and_list(standing)}" if standing else ""))
        else:
            words.append("still standing" if seat in winners else ("defeated" if winners else "no winner"))
    reason = str(view.get("end_reason") or "").partition(": ")[2]  # "P2 wins: P1's chassis is destroyed"
    lines = (reason[0].upper() + reason[1:] + ".",) if reason else ()
    return Outcome(winners, draw=not winners, seats=tuple(words), lines=lines)


def inclinations(view: Mapping[str, Any], returns: Sequence[float]) -> Outcome:
    """Dangerous Inclinations: the ships destroyed and who survives (a draw at the round limit)."""
    ships = list(view.get("ships") or [])
    winner = view.get("winner")
    winners = (int(winner),) if isinstance(winner, int) and winner >= 0 else ()
    names = [str(s.get("id") or f"P{i + 1}") for i, s in enumerate(ships)]
    destroyed = [names[i] for i, s in enumerate(ships) if s.get("destroyed") or (s.get("hull") or 0) <= 0]
    alive = [n for n in names if n not in destroyed]
    words = tuple("destroyed" if names[i] in destroyed else f"survives, hull {s.get('hull')}"
                  for i, s in enumerate(ships))
    lines = [f"Ships destroyed: {and_list(destroyed) if destroyed else 'none'}",
             f"Surviving: {and_list(alive) if alive else 'no ship'}"]
    if not winners and alive:
        lines.append(f"The round limit ended the game in round {view.get('round')}: a draw" if view.get("round")
                     else "A draw")
    return Outcome(winners, draw=not winners, seats=words, lines=tuple(lines))


AFFINITY_SAID = {0: "The party wins", 1: "The creatures win", -1: "Nobody is left standing"}


def affinity(view: Mapping[str, Any], returns: Sequence[float]) -> Outcome:
    """Affinity: the party's survivors and the foes left standing."""
    fighters = list(view.get("fighters") or [])

    def side(n: int) -> list[Mapping[str, Any]]:
        return [f for f in fighters if f.get("side") == n]

    def standing(group: list[Mapping[str, Any]]) -> list[str]:
        return [str(f.get("name")) for f in group if f.get("status") == "ok"]

    party, foes = side(0), side(1)
    up, left = standing(party), standing(foes)
    down = [f"{f.get('name')} ({f.get('status')})" for f in party if f.get("status") != "ok"]
    winner = view.get("winner")
    winners = (int(winner),) if winner in (0, 1) else ()
    words = (f"{len(up)} of {len(party)} characters standing", f"{len(left)} of {len(foes)} creatures left")
    lines = [f"The party's survivors: {and_list(up) if up else 'none'}"
             + (f" (down: {and_list(down)})" if down else ""),
             f"Foes left: {and_list(left) if left else 'none'}"]
    key = winner if isinstance(winner, int) else -1
    return Outcome(winners, draw=not winners, said=AFFINITY_SAID.get(key, ""), seats=words, lines=tuple(lines))


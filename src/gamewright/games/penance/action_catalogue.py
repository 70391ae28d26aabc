"""Every Penance action's text, once: index ``i`` of an RL environment's action space is ``texts()[i]`` in every
state (each kind of decision by card instance, component and direction)."""

from __future__ import annotations

INSTANCES = 48  # a deck's 30 cards plus DAMAGED cards added by Major Wounds, with room to spare


def texts(players: int) -> list[str]:
    from gamewright.games.penance.actions import Act
    from gamewright.games.penance.legality import MAX_CASKETS

    del players  # two sides, whatever the squads
    cards = range(INSTANCES)
    acts = [Act("play", c, a) for c in cards for a in range(-1, 5)]
    acts += [Act(k, -1, d) for k in ("move", "rotate") for d in range(6)]
    acts += [Act("lose", c) for c in range(-1, INSTANCES)]
    acts += [Act(k, c) for k in ("react", "sacrifice", "purge", "scrap", "discard") for c in cards]
    acts += [Act(k) for k in ("end", "keep", "mulligan", "rune", "pass")]
    # squads (issue 16): plays naming a casket, and extraction; listed last, so one-on-one indices stay put
    caskets = range(MAX_CASKETS)
    acts += [Act("play", c, a, t) for t in caskets for c in cards for a in range(-1, 5)]
    acts += [Act("extract", target=t) for t in caskets]
    acts.append(Act("withdraw"))  # campaign battles (option withdraw); last, so the indices above stay put
    return [a.to_text() for a in acts]

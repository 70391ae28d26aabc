"""Penance campaigns: persistent pilots, the Arena mission and what a mission leaves behind (004 §5, §9; RULINGS).

A pilot is a plain dict (the store's ``PILOT_FIELDS``). A mission is an ordinary battle whose rules carry each
deployed pilot's kept Wound cards and Taint (options ``wounds``/``taint``, applied at deployment by carry.py)
and allow ``withdraw``; this module builds those rules, and reads the finished battle into the mission's outcome
by 004 §9's definitions and every pilot's new record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.game import Event
from gamewright.core.rules import Option, RulesSpec
from gamewright.games.penance.actions import Act, act
from gamewright.games.penance.bots import make_bot
from gamewright.games.penance.decks import MAX_SQUAD, parse_deck
from gamewright.games.penance.pilot import PILOT_DEATH, WOUNDS
from gamewright.games.penance.squad_bot import rescue_step
from gamewright.games.penance.state import PenanceState

CAMPAIGN_RULES = RulesSpec(
    "penance-campaign",
    (
        Option("trauma", "keep", choices=("keep", "recover"),
               doc="Trauma cards stay face up after a mission (only Minor Injuries are 'Recoverable'), or recover "
                   "like them", source="004 §5"),
        Option("left_behind", "captured", choices=("captured", "extracted"),
               doc="a living pilot whose casket went out while allies fought on, and whom no ally extracted, is "
                   "captured when the side loses the field (lost like the dead), or gets out anyway",
               source="004 §5 Pilot Death, §9"),
        Option("replacement", "recruit", choices=("recruit", "none"),
               doc="a dead or captured pilot is replaced by a new one in the same casket, or the roster shrinks",
               source="004 §5 Pilot Death"),
        Option("withdraw", True, doc="pilots may withdraw from a mission for a partial success",
               source="004 §9 Campaign"),
    ),
    {"standard": {}},
    "standard",
)
OUTCOMES = ("success", "partial", "failure")  # 004 §9 Campaign
ALIVE = "alive"
SIDE = 0  # the campaign's pilots deploy as the battle's first side, the enemies as the second
PILOTS_PER_MISSION = MAX_SQUAD  # 1-3 caskets a side (issue 16 §1 squads)


def kept_categories(options: dict[str, Any]) -> frozenset[str]:
    """Wound categories that stay face up after a mission: Severe is "PERMANENT" (004 §5); Trauma by option."""
    rules = CAMPAIGN_RULES.resolve(None, options)
    return frozenset(("severe", "trauma") if rules.trauma == "keep" else ("severe",))


def battle_options(pilots: list[dict[str, Any]], enemies: list[str], options: dict[str, Any],
                   extra: dict[str, Any]) -> dict[str, Any]:
    """The battle's rules options for these pilots against these enemy decks."""
    if not pilots:
        raise ConfigError("no pilot of this campaign is alive to fly the mission")
    if len(pilots) > PILOTS_PER_MISSION or not 1 <= len(enemies) <= PILOTS_PER_MISSION:
        raise ConfigError(f"a mission fields 1 to {PILOTS_PER_MISSION} caskets a side: at most {PILOTS_PER_MISSION} "
                          f"pilots (--pilot) and 1 to {PILOTS_PER_MISSION} enemy decks (--vs)")
    for spec in enemies:
        parse_deck(spec)
    for key in ("decks", "wounds", "taint", "withdraw", "deck_out_save"):
        if key in extra:
            raise ConfigError(f"option {key!r} is set by the campaign (its roster and options), not by --option")
    campaign = CAMPAIGN_RULES.resolve(None, options)
    return {
        **extra,
        "decks": ",".join(["/".join(p["deck"] for p in pilots), "/".join(enemies)]),
        "wounds": "/".join("+".join(p["wounds"]) for p in pilots) + ",",
        "taint": "/".join(str(p["taint"]) for p in pilots) + ",",
        "withdraw": bool(campaign.withdraw),
        "deck_out_save": True,  # 004 §5 item 5: the pilot's save when the casket's deck runs out
    }


@dataclass(frozen=True)
class Report:
    """What a finished mission leaves: the outcome, its story, each pilot's new record and the recruits."""

    outcome: str
    result: dict[str, Any]
    changes: dict[int, dict[str, Any]]
    recruits: list[dict[str, Any]]


def _casket(e: Event) -> int:
    """The casket an event is about (squads move it to ``casket`` and put the seat in ``player``)."""
    return int(e.data.get("casket", e.data["player"]))


def _left_alone(state: PenanceState, events: list[Event]) -> set[int]:
    """The caskets that went out of the battle with no ally of their side still fighting (read off the
    events: squads announce each casket going out; one-on-one, the loser was alone)."""
    out: set[int] = set()
    alone: set[int] = set()
    for e in events:
        if e.kind == "out":
            c = _casket(e)
            if not any(k not in out for k in range(len(state.team)) if k != c and state.team[k] == state.team[c]):
                alone.add(c)
            out.add(c)
    if not state.squad:
        alone |= {c for c in (0, 1) if state.winner not in (-1, state.team[c])}
    return alone


def _fate(state: PenanceState, c: int, withdrew: set[int], alone: set[int], left_behind: str) -> str:
    """What became of casket ``c``'s pilot."""
    s = state.sides[c]
    if len(s.wounds) >= PILOT_DEATH:
        return "dead"  # 004 §5: all 10 Wound cards face up
    if c in withdrew:
        return "withdrew"
    if not s.out and state.winner == state.team[c]:
        return "standing"
    if s.extracted:
        return "extracted"  # pulled out by an adjacent ally (004 §5 Pilot Death)
    if state.winner == state.team[c]:
        return "recovered"  # the side holds the field
    if c in alone:
        return "extracted"  # 004 §5 item 5: the last casket out "survive[s] extraction"
    # 004 §5 "Pilot must be extracted (if allies present)": allies were there and none did it
    return "captured" if left_behind == "captured" else "extracted"


LOST = ("dead", "captured")


def outcome_of(objective: bool, fates: list[str]) -> str:
    """004 §9 Campaign: success = primary objective and at least 1 pilot survives; partial = objective failed but
    pilots survived (can retreat); failure = all pilots dead or captured."""
    if all(f in LOST for f in fates):
        return "failure"
    return "success" if objective else "partial"


def _kills(state: PenanceState, c: int, withdrew: set[int]) -> int:
    """Enemy caskets this pilot put out of the battle (squads count them on the attacker); one-on-one, the
    winner's enemy, unless it withdrew (a retreat is no kill)."""
    if state.squad:
        return int(state.sides[c].kills)
    enemy = 1 - c
    return 1 if state.winner == state.team[c] and enemy not in withdrew else 0


def _recruit(pilot: dict[str, Any], number: int, names: set[str], first: int) -> dict[str, Any]:
    """004 §5 "Campaign: Pilot is dead, roll new character": a new pilot in the same casket and deck."""
    n = first
    while f"Recruit {n}" in names:
        n += 1
    names.add(f"Recruit {n}")
    return {"slot": pilot["slot"], "name": f"Recruit {n}", "deck": pilot["deck"], "wounds": [], "taint": 0,
            "missions": 0, "kills": 0, "status": ALIVE, "joined_after": number, "replaces": pilot["id"]}


def mission_report(number: int, pilots: list[dict[str, Any]], state: PenanceState, events: list[Event],
                   options: dict[str, Any], roster_names: set[str], recruits_so_far: int) -> Report:
    """Read a finished battle (``events`` = every event of it, in order) into the mission's record; ``pilots``
    flew the campaign side's caskets in order."""
    campaign = CAMPAIGN_RULES.resolve(None, options)
    withdrew = {_casket(e) for e in events if e.kind == "withdraw"}
    alone = _left_alone(state, events)
    # Arena: the primary objective is every enemy out of the fight (004 §9 Arena: defeat or surrender)
    objective = state.winner == SIDE
    keep = kept_categories(options)
    caskets = [c for c in range(len(state.team)) if state.team[c] == SIDE]
    fates: list[str] = []
    changes: dict[int, dict[str, Any]] = {}
    recruits: list[dict[str, Any]] = []
    story: list[dict[str, Any]] = []
    names = set(roster_names)
    for c, pilot in zip(caskets, pilots, strict=True):
        s = state.sides[c]
        fate = _fate(state, c, withdrew, alone, campaign.left_behind)
        kills = _kills(state, c, withdrew)
        fates.append(fate)
        carried = list(pilot["wounds"])
        taken = s.wounds[len(carried):]
        lost = fate in LOST
        kept = [w for w in s.wounds if WOUNDS[w].category in keep]
        changes[pilot["id"]] = {
            "wounds": list(s.wounds) if fate == "dead" else kept,  # the dead keep all 10, their record
            "taint": s.taint, "missions": pilot["missions"] + 1, "kills": pilot["kills"] + kills,
            "status": fate if lost else ALIVE, "ended_in": number if lost else None,
        }
        entry = {"id": pilot["id"], "name": pilot["name"], "deck": pilot["deck"], "casket": state.label(c),
                 "fate": fate, "carried": carried, "taken": taken, "kept": [w for w in kept if w not in carried],
                 "recovered": [w for w in taken if w not in kept], "taint": [pilot["taint"], s.taint],
                 "kills": kills}
        if lost and campaign.replacement == "recruit":
            recruits.append(_recruit(pilot, number, names, recruits_so_far + len(recruits) + 1))
            entry["replaced_by"] = recruits[-1]["name"]
        story.append(entry)
    outcome = outcome_of(objective, fates)
    result = {"outcome": outcome, "objective": objective, "end": state.end_reason, "rounds": state.round,
              "enemies": state.rules.decks.split(",")[1].split("/"), "pilots": story}
    return Report(outcome, result, changes, recruits)


class MissionBot:
    """A bot for one side of a mission: the game's bot, plus when to withdraw. The campaign's side withdraws a
    pilot who has ``withdraw_at`` Wound cards face up, or whose casket has ``low_cards`` or fewer cards left in
    deck and discard (before the deck-out save can cost 2 Wounds); the enemies fight to the end. Before it
    withdraws it pulls out a fallen ally's pilot it can reach this turn (a withdrawal costs nothing and can
    wait for the walk): one left behind is captured when the side loses the field (004 §5 Pilot Death)."""

    def __init__(self, name: str, seed: int, campaign_side: bool, withdraw_at: int = 7, low_cards: int = 3) -> None:
        self.inner = make_bot(name, seed)
        self.campaign_side = campaign_side
        self.withdraw_at = withdraw_at
        self.low_cards = low_cards

    def choose(self, state: PenanceState) -> Act:
        top = state.todo[-1]
        if self.campaign_side and top[0] == "main" and state.rules.withdraw:
            s = state.sides[top[1]]
            if len(s.wounds) >= self.withdraw_at or len(s.piles.deck) + len(s.piles.discard) <= self.low_cards:
                return self._rescue_first(state, top[1]) or act("withdraw")
        choice = self.inner.choose(state)
        return act("end") if choice.kind == "withdraw" else choice

    @staticmethod
    def _rescue_first(state: PenanceState, p: int) -> Act | None:
        """Extracting an adjacent fallen ally, or a step toward one reachable with the SP to extract it."""
        if not state.squad:
            return None
        legal = state.legal_actions()
        extract = next((a for a in legal if a.kind == "extract"), None)
        return extract or rescue_step(state, p, legal)


def mission_seats(own: str | None, foe: str, seed: int) -> list[MissionBot | None]:
    """The two sides' players: the campaign's bot (None: a person) and the enemies' bot, streams from ``seed``."""
    return [None if own is None else MissionBot(own, seed + 17, campaign_side=True),
            MissionBot(foe, seed + 34, campaign_side=False)]

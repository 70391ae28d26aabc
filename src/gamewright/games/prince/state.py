"""A run of Space Prince as a single-player State: encounters of turns, carry-over, defeat and victory.

The player's one decision each turn is which planet to send (000 §13 "Planet Selection as Action"); the opponent
planet is drawn before it, from the opponent stream. A run is lost when the defeat rule bites, won after the
last encounter. Under ``unlocks=progression`` the run also advances the Prince's metaprogression (000 §12).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from typing import Any

from gamewright.core.capabilities import Previewable, PublicView, Resamplable, SelfChecking
from gamewright.core.errors import RuleViolation
from gamewright.core.game import TERMINAL, Event
from gamewright.core.rng import Rng
from gamewright.games.prince.chart import Moment
from gamewright.games.prince.encounter import (
    cross_weights,
    draw_opponent_planet,
    prebuilt_sequence,
    profile_of_moment,
    random_moment,
)
from gamewright.games.prince.events import LazyEvent, OpponentPlanetEvent
from gamewright.games.prince.options import Config
from gamewright.games.prince.preview import branches, summarize
from gamewright.games.prince.progression import Progress
from gamewright.games.prince.resample import resample_state
from gamewright.games.prince.resolution_tables import PLANET_INDEX, UNLOCK_AT
from gamewright.games.prince.resolve import (
    ALL_ASPECTS,
    Profile,
    SideState,
    TurnResult,
    pair_bit,
    predict,
    profile_from_json,
)
from gamewright.games.prince.run_events import encounter_payload, opponent_planet_payload, turn_event
from gamewright.games.prince.tables import JOYS, PLANETS
from gamewright.games.prince.turn import resolve_turn

RULE_SELECT = "000 §13"


@dataclass(frozen=True, slots=True)
class Deploy:
    """Send one planet into this turn."""

    planet: str

    def to_text(self) -> str:
        return self.planet


DEPLOY = {p: Deploy(p) for p in PLANETS}
_DEPLOY_AT = tuple(DEPLOY[p] for p in PLANETS)


def parse_planet(text: str) -> str:
    """A planet name, case-insensitive; a clear refusal for anything else."""
    cleaned = text.strip()
    if not cleaned:
        raise RuleViolation("send", f"name a planet: one of {', '.join(PLANETS)}", "000 §13")
    for p in PLANETS:
        if p.lower() == cleaned.lower():
            return p
    raise RuleViolation(f"send {cleaned!r}", f"there is no such planet; the planets are {', '.join(PLANETS)}", "000 §2")


@lru_cache(maxsize=256)
def _mask_of(planets: tuple[bool, ...]) -> int:
    m = 0
    for i in range(7):
        for j in range(i + 1, 7):
            if planets[i] and planets[j]:
                m |= pair_bit(i, j)
    return m


def _mask(planets: list[bool]) -> int:
    """Aspect bits among the given planets only."""
    return _mask_of(tuple(planets))


# each planet's pair bits with the six others
_PAIRS_OF: tuple[int, ...] = tuple(sum(pair_bit(i, j) for j in range(7) if j != i) for i in range(7))


class PrinceState(Previewable, PublicView, Resamplable, SelfChecking):  # core.capabilities
    """One run. Mutable; ``clone`` copies what an action can change."""

    __slots__ = (
        "cfg",
        "rules_json",
        "seed",
        "player",
        "ps",
        "progress",
        "unlocked",
        "encounter",
        "length",
        "turn",
        "deployed",
        "opponent_moment",
        "opponent",
        "os",
        "weights",
        "prebuilt",
        "position",
        "current",
        "distance",
        "turns",
        "status",
        "rng",
        "orng",
        "last",
    )
    cfg: Config
    rules_json: dict[str, Any]
    seed: int
    player: Profile
    ps: SideState  # the player's side
    progress: Progress
    unlocked: list[bool]
    encounter: int
    length: int
    turn: int
    deployed: int  # bit set of planets deployed this encounter
    opponent_moment: Moment | None
    opponent: Profile | None
    os: SideState  # the opponent's side
    weights: list[int]
    prebuilt: list[tuple[Moment, Profile, list[int]]]
    position: int
    current: int
    distance: int
    turns: int
    status: str
    rng: Rng
    orng: Rng
    last: TurnResult | None

    def __init__(self) -> None:
        self.last: TurnResult | None = None

    # ------------------------------------------------------------------------------------------------------
    # construction
    # ------------------------------------------------------------------------------------------------------
    @classmethod
    def start(
        cls, cfg: Config, rules_json: dict[str, Any], seed: int, player: Profile, progress: Progress
    ) -> tuple[PrinceState, list[Event]]:
        s = cls()
        s.cfg = cfg
        s.rules_json = rules_json
        s.seed = seed
        s.player = player
        s.ps = SideState()
        s.progress = progress.clone()
        s.unlocked = [True] * 7
        s.encounter = 0
        s.length = 0
        s.turn = 0
        s.deployed = 0
        s.opponent_moment = None
        s.opponent = None
        s.os = SideState()
        s.weights = [0] * 7
        s.prebuilt = []
        s.position = 0
        s.current = -1
        s.distance = 0
        s.turns = 0
        s.status = "active"
        s.rng = Rng.child(seed, "turns")  # ref §2: turn draws have their own stream …
        s.orng = Rng.child(seed, "opponents")  # … and opponent charts and draws theirs
        if cfg.prebuilt:
            # ref §3: every encounter's opponent chart and planet sequence is built when the run starts.
            for _ in range(cfg.encounters_per_run):
                moment = random_moment(s.orng)
                profile = profile_of_moment(moment)
                s.prebuilt.append((moment, profile, prebuilt_sequence(s.orng, player, profile)))
        # issue 9 §6: the seed rebuilds the hidden opponent sequence, so no event carries it
        events = [Event("run_start", {"rules": rules_json}, "Run begins.")]
        events += s._start_encounter()
        return s, events

    # ------------------------------------------------------------------------------------------------------
    # protocol
    # ------------------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.status != "active" else 0

    def is_terminal(self) -> bool:
        return self.status != "active"

    def returns(self) -> list[float]:
        return [1.0 if self.status == "won" else 0.0]

    def selectable(self) -> list[int]:
        """Planets the player may send: unlocked and not combust (000 §12, §11)."""
        unlocked, combust = self.unlocked, self.ps.combust
        return [i for i in range(7) if unlocked[i] and not combust[i]]

    def legal_actions(self) -> list[Deploy]:
        if self.status != "active":
            return []
        # the planets unlocked and not combust, in order (unlocked > combust): legal lists are asked for every turn
        return list(compress(_DEPLOY_AT, map(operator.gt, self.unlocked, self.ps.combust)))

    def refusal(self, planet: str) -> RuleViolation | None:
        """Why sending ``planet`` is refused now, or None when it is legal."""
        if self.status != "active":
            return RuleViolation(f"send {planet}", f"the run is over ({self.status})", "000 §11")
        if planet not in PLANET_INDEX:
            return RuleViolation(
                f"send {planet!r}", f"there is no such planet; the planets are {', '.join(PLANETS)}", "000 §2"
            )
        i = PLANET_INDEX[planet]
        if not self.unlocked[i]:
            return RuleViolation(
                f"send {planet}",
                f"{planet} is still locked (it appears after {UNLOCK_AT[planet]} cumulative encounters)",
                "000 §12",
            )
        if self.ps.combust[i]:
            return RuleViolation(f"send {planet}", f"{planet} is combust and cannot act", "000 §11")
        return None

    def apply(self, action: Deploy) -> list[Event]:
        field = getattr(action, "planet", None)
        planet = field if isinstance(field, str) else repr(action)
        pi = PLANET_INDEX.get(planet, -1)
        if pi < 0 or self.status != "active" or not self.unlocked[pi] or self.ps.combust[pi]:
            problem = self.refusal(planet)
            if problem is not None:
                raise problem  # validated before anything changes
        oi = self.current
        opponent = self.opponent
        assert opponent is not None  # set by every encounter start, before the run is active
        result = resolve_turn(self.cfg, (self.player, opponent), (self.ps, self.os), (pi, oi), self.rng)
        self.last = result
        affliction, testimony = result.score
        self.distance += affliction + testimony  # 001 §13: Distance accumulates every turn's score
        self.turns += 1
        self.turn += 1
        events: list[Event] = [turn_event(self, result, planet, PLANETS[oi])]
        self.deployed |= 1 << pi
        cfg = self.cfg
        if cfg.metaprogression and not cfg.all_unlocked:  # aspects activate only under progression (000 §12)
            events += self._activate(pi)
        events += self._advance()
        return events

    def clone(self) -> PrinceState:
        c = PrinceState.__new__(PrinceState)
        for name in PrinceState.__slots__:
            setattr(c, name, getattr(self, name))
        c.ps = self.ps.clone()
        c.os = self.os.clone()
        c.progress = self.progress.clone()
        c.unlocked = list(self.unlocked)
        c.weights = list(self.weights)
        c.rng = self.rng.clone()
        c.orng = self.orng.clone()
        return c

    # ------------------------------------------------------------------------------------------------------
    # flow
    # ------------------------------------------------------------------------------------------------------
    def _activate(self, pi: int) -> list[Event]:
        """000 §12: an aspect activates once both its planets (``pi`` just now) are deployed in one encounter
        (from next turn)."""
        events = []
        # when every pair of ``pi`` is active already (a veteran's), nothing can activate
        candidates = range(7) if self.progress.aspects & _PAIRS_OF[pi] != _PAIRS_OF[pi] else range(0)
        for j in candidates:
            if (self.deployed >> j) & 1 and self.player.aspects[pi][j] is not None:
                bit = pair_bit(pi, j)
                if not self.progress.aspects & bit:
                    self.progress.aspects |= bit
                    a, b = sorted((PLANETS[pi], PLANETS[j]), key=PLANET_INDEX.__getitem__)
                    kind = self.player.aspects[pi][j]
                    events.append(
                        Event("aspect_activated", {"planets": [a, b], "aspect": kind}, f"The {a}–{b} {kind} activates.")
                    )
        self.ps.active = self.progress.aspects & _mask(self.unlocked)
        return events

    def _defeated(self) -> bool:
        # ref §2 defeat_when: every unlocked planet combust (or all seven); a player with no planet left to
        # send has lost as well, so the game never stalls.
        combust = self.ps.combust
        if True not in combust and True in self.unlocked:
            return False  # nothing combust and a planet unlocked: it can still act (most turns)
        if self.cfg.defeat_all_seven and all(combust):
            return True
        return not any(map(operator.gt, self.unlocked, combust))  # no planet unlocked and not combust

    def _advance(self) -> list[Event]:
        """After a turn: defeat, the next opponent planet, or the end of the encounter."""
        if self._defeated():
            self.status = "lost"
            return self._end_encounter("lost")
        nxt = self._next_opponent_planet()
        if nxt is None:
            return self._end_encounter("completed")
        return nxt

    def _next_opponent_planet(self) -> list[Event] | None:
        if self.cfg.prebuilt:
            sequence = self.prebuilt[self.encounter][2]
            while self.position < len(sequence) and self.os.combust[sequence[self.position]]:
                self.position += 1  # ref §3: entries whose planet is already combust are skipped
            if self.position >= len(sequence):
                return None
            self.current = sequence[self.position]
            self.position += 1
        else:
            if self.turn >= self.length:
                return None
            drawn = draw_opponent_planet(self.orng, self.weights, self.os.combust)
            if drawn is None:  # ref §2: no opponent planet left, the encounter ends early (completed)
                return None
            self.current = drawn
        return [OpponentPlanetEvent(opponent_planet_payload, self.encounter + 1, self.turn + 1, PLANETS[self.current])]

    def _start_encounter(self) -> list[Event]:
        cfg = self.cfg
        if cfg.all_unlocked:
            self.unlocked = [True] * 7
            self.ps.active = ALL_ASPECTS
        else:
            # ref §2: unlocks earned during a run take effect here; latent aspects do not propagate.
            self.unlocked = self.progress.unlocked_mask()
            self.ps.active = self.progress.aspects & _mask(self.unlocked)
        if cfg.prebuilt:
            moment, profile, _ = self.prebuilt[self.encounter]
            self.length = len(self.prebuilt[self.encounter][2])
        else:
            moment = random_moment(self.orng)
            profile = profile_of_moment(moment)
            self.length = sum(self.unlocked)  # 000 §13: encounter length = number of unlocked planets
        self.opponent_moment = moment
        self.opponent = profile
        self.os = SideState()  # ref §3: opponent affliction, carry and saves reset each encounter
        self.position = 0
        self.turn = 0
        self.deployed = 0
        # ref §2: N counts the player's unlocked planets (combust ones included), fixed at encounter start
        self.weights = cross_weights(self.player, profile, [i for i in range(7) if self.unlocked[i]])
        events: list[Event] = [LazyEvent("encounter_start", encounter_payload(self, moment, profile))]
        nxt = self._next_opponent_planet()
        if nxt is None:  # cannot happen at the start (the opponent has seven fresh planets); kept for safety
            return events + self._end_encounter("completed")
        return events + nxt

    def _end_encounter(self, result: str) -> list[Event]:
        self.current = -1
        events = [
            Event(
                "encounter_end",
                {"encounter": self.encounter + 1, "result": result},
                f"Encounter {self.encounter + 1} {result}.",
            )
        ]
        if self.cfg.metaprogression:
            events += self._progress_after_encounter()
        self.encounter += 1
        if self.status == "lost":
            return events + self._end_run()
        if self.encounter >= self.cfg.encounters_per_run:
            self.status = "won"
            return events + self._end_run()
        return events + self._start_encounter()

    def _progress_after_encounter(self) -> list[Event]:
        """000 §12 / ref §2: lost encounters count too — cumulative count, unlocks, illumination, joys."""
        p = self.progress
        before = p.unlocked_mask()
        p.encounters += 1
        events = []
        lit = {self.player.house(i) for i in range(7) if (self.deployed >> i) & 1}
        houses = sorted(h for h in lit if h is not None)
        for h in houses:
            p.illumination[h - 1] += 1  # ruling: one count per house per encounter
        if houses:
            events.append(Event("houses_illuminated", {"houses": houses}, f"Houses illuminated: {houses}."))
        after = p.unlocked_mask()
        for i in range(7):
            if after[i] and not before[i]:
                events.append(
                    Event(
                        "planet_unlocked",
                        {"planet": PLANETS[i], "cumulative_encounters": p.encounters},
                        f"{PLANETS[i]} appears (from the next encounter).",
                    )
                )
        for i, planet in enumerate(PLANETS):
            if planet in p.joys or not after[i] or self.player.asc_sign is None:
                continue
            if p.illumination[JOYS[planet] - 1] > 0:
                p.joys.append(planet)
                events.append(
                    Event(
                        "joy_achieved",
                        {"planet": planet, "house": JOYS[planet]},
                        f"{planet} rejoices in house {JOYS[planet]}.",
                    )
                )
        p.joys.sort(key=PLANET_INDEX.__getitem__)
        return events

    def _end_run(self) -> list[Event]:
        return [
            Event(
                "run_end",
                {"result": self.status, "distance": self.distance, "turns": self.turns},
                f"Run {self.status}; Distance {self.distance}.",
            )
        ]

    # ------------------------------------------------------------------------------------------------------
    # views
    # ------------------------------------------------------------------------------------------------------
    def predictions(self) -> list[dict[str, Any]]:
        """For each selectable planet, the predicted matchup against the current opponent planet (ref §4)."""
        if self.status != "active":
            return []
        opponent = self.opponent
        assert opponent is not None  # set by every encounter start, before the run is active
        return [
            predict(self.cfg, (self.player, opponent), (self.ps, self.os), (i, self.current)) for i in self.selectable()
        ]

    def preview(self, action: Any) -> dict[str, Any]:
        """What sending ``action`` will do (issue 10 §1, an exact interface): the exact distribution over the
        turn's chance outcomes of every planet's affliction change (propagation included), each planet's
        combustion chance and the expected turn score, from the very resolution ``apply`` runs (see
        ``preview``). Never raises; changes neither the state nor its random streams."""
        field = getattr(action, "planet", action)
        planet = field if isinstance(field, str) else repr(action)
        problem = self.refusal(planet)
        out: dict[str, Any] = {"action": planet, "legal": problem is None, "errors": []}
        if problem is not None:
            out["errors"] = [problem.message]
            return out
        opponent = self.opponent
        assert opponent is not None  # set by every encounter start, before the run is active
        acting = (PLANET_INDEX[planet], self.current)
        found = branches(self.cfg, (self.player, opponent), (self.ps, self.os), acting)
        out["opponent_planet"] = PLANETS[self.current]
        out.update(summarize(found, acting))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "prince",
            "rules": self.rules_json,
            "seed": self.seed,
            "status": self.status,
            "player": {"chart": self.player.to_json(), **self.ps.to_json()},
            "progress": self.progress.to_json(),
            "unlocked": [p for p, u in zip(PLANETS, self.unlocked, strict=True) if u],
            "encounter": self.encounter,
            "length": self.length,
            "turn": self.turn,
            "deployed": self.deployed,
            "opponent": {
                "moment": None if self.opponent_moment is None else self.opponent_moment.to_json(),
                "chart": None if self.opponent is None else self.opponent.to_json(),
                **self.os.to_json(),
            },
            "weights": list(self.weights),
            "prebuilt": [
                {"moment": m.to_json(), "chart": prof.to_json(), "sequence": [PLANETS[o] for o in seq]}
                for m, prof, seq in self.prebuilt
            ],
            "position": self.position,
            "current": None if self.current < 0 else PLANETS[self.current],
            "distance": self.distance,
            "turns": self.turns,
            "rng": self.rng.get_state(),
            "orng": self.orng.get_state(),
        }

    @classmethod
    def from_json(cls, cfg: Config, data: dict[str, Any]) -> PrinceState:
        s = cls()
        s.cfg = cfg
        s.rules_json = data["rules"]
        s.seed = data["seed"]
        s.status = data["status"]
        s.player = profile_from_json(data["player"]["chart"])
        s.ps = SideState.from_json(data["player"])
        s.progress = Progress.from_json(data["progress"])
        s.unlocked = [p in data["unlocked"] for p in PLANETS]
        s.encounter = data["encounter"]
        s.length = data["length"]
        s.turn = data["turn"]
        s.deployed = data["deployed"]
        opp = data["opponent"]
        s.opponent_moment = None if opp["moment"] is None else Moment.from_json(opp["moment"])
        s.opponent = None if opp["chart"] is None else profile_from_json(opp["chart"])
        s.os = SideState.from_json(opp)
        s.weights = list(data["weights"])
        s.prebuilt = [
            (Moment.from_json(e["moment"]), profile_from_json(e["chart"]), [PLANET_INDEX[o] for o in e["sequence"]])
            for e in data["prebuilt"]
        ]
        s.position = data["position"]
        s.current = -1 if data["current"] is None else PLANET_INDEX[data["current"]]
        s.distance = data["distance"]
        s.turns = data["turns"]
        s.rng = Rng(0)
        s.rng.set_state(data["rng"])
        s.orng = Rng(0)
        s.orng.set_state(data["orng"])
        return s

    def resample(self, seat: int, rng: Rng) -> PrinceState:  # issue 15 §1: a twin for determinized search
        return resample_state(self, seat, rng)  # type: ignore[no-any-return]

    def view_for(self, player: int) -> dict[str, Any]:
        """The one seat sees the table as a spectator does: the run against a scripted opponent hides nothing
        from its player that it shows anyone else."""
        return self.public_view()

    def public_view(self) -> dict[str, Any]:
        """Everything but the seed, the random streams, the opponent's upcoming prebuilt sequence and the opponents
        of encounters not yet begun (issue 9 §6: the seed and the streams rebuild every opponent planet to come)."""
        data = self.to_json()
        del data["seed"], data["rng"], data["orng"]
        # ref §3 builds every encounter at the start; the player meets each opponent only when its encounter begins
        met = data["prebuilt"][: self.encounter + 1]
        data["prebuilt"] = [{"moment": e["moment"], "chart": e["chart"]} for e in met]
        return data

    def invariant_violations(self) -> list[str]:
        problems = []
        for side, st in (("player", self.ps), ("opponent", self.os)):
            for p, a in zip(PLANETS, st.affliction, strict=True):
                if a < 0:
                    problems.append(f"{side} {p} has negative affliction {a}")
            if self.cfg.carry:
                for p, c in zip(PLANETS, st.carry, strict=True):
                    if not -1 <= 2 * c <= 1:
                        problems.append(f"{side} {p} carry {c} is outside [-1/2, 1/2]")
        if self.status == "active":
            if not self.selectable():
                problems.append("the run is active but no planet can be sent")
            if self.current < 0 or self.os.combust[self.current]:
                problems.append("the current opponent planet is missing or combust")
        for i in range(7):
            if not self.unlocked[i] and (self.ps.affliction[i] or self.ps.combust[i]):
                problems.append(f"locked {PLANETS[i]} has been touched")
        if self.ps.active & ~_mask(self.unlocked):
            problems.append("an aspect of a locked planet is active")
        return problems

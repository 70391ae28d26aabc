"""The conformance suite (``gamewright.testing.conformance``) over every built-in game and its option sets.

The checks themselves ship as code so a new game's author runs them on their game; this file only lists what
to run them on, and shows on a tiny game of its own that a broken game fails them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from gamewright.core.capabilities import capabilities_of
from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.game import TERMINAL, Event, registered_games
from gamewright.core.manifest import GameManifest, register_game, unregister_game
from gamewright.core.rules import RulesSpec
from gamewright.testing import conformance
from gamewright.testing.conformance import ConformanceError, resolve_game

GAMES = sorted(registered_games())  # the games to check: swap for the manifest registry's names
SEEDS = range(3)
# option sets run beside each game's defaults (the default is always run): the Penance squads of issue 16
OPTION_SETS: dict[str, tuple[dict[str, Any], ...]] = {
    "penance": ({"decks": "confessor/confessor,ironclad/ironclad"}, {"decks": "confessor,ironclad/ironclad"},
                # a campaign mission: carried wounds and Taint, withdraw, the deck-out save
                {"decks": "confessor/ironclad,ironclad", "withdraw": True, "deck_out_save": True,
                 "wounds": "shattered_hand+ptsd/ruptured_organ,", "taint": "2/0,"}),
}
CONFIGS = [(name, {}) for name in GAMES] + [(name, opts) for name in GAMES for opts in OPTION_SETS.get(name, ())]
CONFIG_IDS = [name + "".join(f"[{k}={v}]" for k, v in opts.items()) for name, opts in CONFIGS]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=CONFIG_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_is_sound_and_replays(name: str, options: dict[str, Any], seed: int) -> None:
    game = resolve_game(name, options)
    state, sampled = conformance.check_random_playout(game, seed, check_every=5)
    conformance.check_capabilities(game, sampled, hooks_of=name if seed == 0 and not options else None)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=CONFIG_IDS)
def test_clone_is_independent(name: str, options: dict[str, Any]) -> None:
    conformance.check_clone_is_independent(resolve_game(name, options))


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=CONFIG_IDS)
def test_garbage_action_text_is_a_clear_error(name: str, options: dict[str, Any]) -> None:
    conformance.check_garbage_action_text(resolve_game(name, options))


def test_every_game_has_arrived() -> None:
    assert set(GAMES) >= {"prince", "inclinations", "affinity", "penance"}


@pytest.mark.parametrize("name", ["prince", "affinity", "penance", "inclinations"])
def test_every_built_in_state_declares_its_capabilities(name: str) -> None:
    state = resolve_game(name).new_initial_state(0)
    assert capabilities_of(state) >= {"preview", "resample", "invariant_violations", "public_view"}


# ---- the checker on a tiny game of its own: two seats add 1 to 3 to a count; who reaches GOAL wins -------------

GOAL = 9

@dataclass(frozen=True)
class Add:
    n: int

    def to_text(self) -> str:
        return f"add {self.n}"


@dataclass
class CountState:
    count: int = 0
    turn: int = 0
    broken: str = ""  # which rule this state breaks, for the checker to find
    log: list[int] = field(default_factory=list)

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Add]:
        return [Add(n) for n in (1, 2, 3) if self.count + n <= GOAL]

    def apply(self, action: Any) -> list[Event]:
        if action not in self.legal_actions():
            if self.broken == "refusal":
                self.count -= 1  # changes the state before refusing
            raise RuleViolation(str(action), "not legal")
        self.count += action.n
        self.log.append(action.n)
        self.turn = 1 - self.turn
        return [Event("added", {"n": action.n})]

    def is_terminal(self) -> bool:
        return self.count >= GOAL

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, -1.0] if self.turn == 1 else [-1.0, 1.0]

    def clone(self) -> CountState:
        return CountState(self.count, self.turn, self.broken, list(self.log))

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "turn": self.turn, "broken": self.broken, "log": self.log}

    def view_for(self, player: int) -> dict[str, Any]:
        # each seat sees its own last move: seat-private, so no spectator may see it
        mine = [n for i, n in enumerate(self.log) if i % 2 == player][-1:]
        return {"count": self.count, "mine": mine, **({"seed": 0} if self.broken == "secret" else {})}

    def public_view(self) -> dict[str, Any]:
        if self.broken == "public_view":  # leaks seat 0's private field to spectators
            return {"count": self.count, "mine": self.view_for(0)["mine"]}
        return {"count": self.count}

    def preview(self, action: Any) -> dict[str, Any]:
        if self.broken == "preview":
            raise ValueError("preview raised")
        ok = action in self.legal_actions()
        text = action.to_text() if isinstance(action, Add) else str(action)
        return {"action": text, "legal": ok, "errors": [] if ok else ["not legal"]}


@dataclass
class CountGame:
    broken: str = ""
    name: ClassVar[str] = "count"
    num_players: int = 2

    def new_initial_state(self, seed: int = 0) -> CountState:
        return CountState(broken=self.broken)

    def parse_action(self, state: Any, text: str) -> Add:
        if text not in ("add 1", "add 2", "add 3"):
            raise ConfigError(f"not an action: {text!r}")
        return Add(int(text[-1]))

    def state_from_json(self, data: dict[str, Any]) -> CountState:
        return CountState(data["count"], data["turn"], data["broken"], list(data["log"]))


def test_a_sound_tiny_game_passes_and_its_preview_is_checked() -> None:
    report = conformance.check_game(CountGame(), seeds=range(2))  # type: ignore[arg-type]
    assert report.game == "count" and report.capabilities == {"preview", "public_view"} and report.playouts == 2


@pytest.mark.parametrize(("broken", "message"), [
    ("refusal", "changed the state"), ("preview", "raised"),
    ("public_view", r"public_view shows mine\[0\], which not every seat.s view_for shows alike")])
def test_a_broken_tiny_game_fails_with_a_clear_message(broken: str, message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        conformance.check_game(CountGame(broken), seeds=range(2))  # type: ignore[arg-type]


@dataclass
class SecretCountGame(CountGame):
    """The tiny game, registered with a manifest that declares ``seed`` secret, whose views show it anyway."""

    name: ClassVar[str] = "count_secret"


def test_a_view_holding_a_field_the_manifest_declares_secret_fails() -> None:
    rules = RulesSpec("count_secret", (), {"standard": {}}, "standard")
    register_game(GameManifest(name="count_secret", title="Count (leaky)", factory=lambda **_: SecretCountGame(),
                               rules=rules, seats=(2, 2), secret_fields=("seed",)))
    try:
        conformance.check_game(SecretCountGame(), seeds=range(1))  # type: ignore[arg-type]  # sound: no secret
        with pytest.raises(ConformanceError, match=r"view_for\(0\) holds seed, which the manifest declares secret"):
            conformance.check_game(SecretCountGame("secret"), seeds=range(1))  # type: ignore[arg-type]
    finally:
        unregister_game("count_secret")


def test_secret_fields_match_a_key_anywhere_or_a_dotted_path() -> None:
    view = {"seed": 1, "sides": [{"deck": 3, "piles": {"deck": [4, 5]}}], "rng": {"state": 1}}
    assert conformance.secret_paths(view, ("seed", "sides.*.piles")) == ["seed", "sides.0.piles"]
    assert conformance.secret_paths(view, ("state",)) == ["rng.state"]
    assert conformance.secret_paths(view, ("sides.deck",)) == []

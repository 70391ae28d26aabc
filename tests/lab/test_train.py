"""The baseline that learns: ``lab train`` (a seconds-long smoke run where the train extra is installed),
``policy:DIR`` as a lab agent (legal actions only, deterministic given its seed; NumPy alone, no JAX), and the web
seating a trained policy only under the name its operator registered at start (``serve --policy NAME=DIR``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="policy:DIR observes through the environments (the rl extra)")

from fastapi.testclient import TestClient  # noqa: E402

from gamewright.agents.registry import make_agent  # noqa: E402
from gamewright.core.game import load_game  # noqa: E402
from gamewright.core.manifest import manifest_for, unregister_bot  # noqa: E402
from gamewright.envs import policy as policy_io  # noqa: E402
from gamewright.envs.observe import Observer  # noqa: E402
from gamewright.web.app import create_app  # noqa: E402
from tests.web.conftest import with_csrf  # noqa: E402


def write_policy(directory: Path, game: str, seed: int = 0, previews: bool = False) -> Path:
    """A checkpoint of random weights in the shape ``lab train`` writes (no training, no JAX)."""
    observer = Observer(game, load_game(game), "flat", previews=previews)
    size, actions = int(observer.space["observation"].shape[0]), observer.catalogue.size
    _, columns = policy_io.action_rows(observer.encoder, actions)
    words = policy_io.ActionWords(list(observer.catalogue.texts), observer.encoder)
    rng = np.random.default_rng(seed)
    params = {"w1": rng.normal(0, 0.1, (size, 16)), "b1": np.zeros(16), "w2": rng.normal(0, 1.0, (16, actions)),
              "b2": np.zeros(actions), "u": rng.normal(0, 1.0, max(1, columns)),
              "wk": rng.normal(0, 1.0, (16, words.static.shape[1])), "bk": np.zeros(words.static.shape[1]),
              "wd": rng.normal(0, 1.0, (16, words.columns)), "bd": np.zeros(words.columns)}
    policy_io.save(directory, params, {"game": game, "ruleset": None, "options": {}, "algo": "ppo", "seed": seed,
                                       "steps": 0, "obs": "flat", "obs_size": size, "actions": actions,
                                       "previews": previews})
    return directory


def play(game: str, agents: list[Any], seed: int, limit: int) -> list[str]:
    """Up to ``limit`` actions of a seeded game, each checked legal; their texts."""
    state = load_game(game).new_initial_state(seed)
    texts = []
    while not state.is_terminal() and len(texts) < limit:
        action = agents[state.current_player].choose(state)
        assert action.to_text() in {a.to_text() for a in state.legal_actions()}
        texts.append(action.to_text())
        state.apply(action)
    return texts


@pytest.mark.parametrize("game", ["prince", "penance"])
def test_a_policy_picks_only_legal_actions_and_is_deterministic_given_its_seed(game: str, tmp_path: Path) -> None:
    directory = write_policy(tmp_path / game, game, previews=game == "prince")
    spec = f"policy:{directory}"

    def agents(seed: int) -> list[Any]:
        other = [] if game == "prince" else [make_agent(game, "penance.random", seed + 1)]
        return [make_agent(game, spec, seed), *other]

    first = play(game, agents(5), 11, 150)
    assert len(first) > 10
    assert play(game, agents(5), 11, 150) == first  # the same seed: the same choices
    assert play(game, agents(6), 11, 150) != first  # another seed: another draw from the same policy


def test_a_policy_refuses_a_missing_checkpoint_or_another_game(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    from gamewright.core.errors import ConfigError

    with pytest.raises(ConfigError, match="no trained policy"):
        make_agent("penance", f"policy:{tmp_path / 'none'}", 0)
    directory = write_policy(tmp_path / "p", "prince")
    with pytest.raises(ConfigError, match="trained on prince"):
        make_agent("penance", f"policy:{directory}", 0)
    code, out, err = cli("lab", "simulate", "penance", "--agents", f"policy:{tmp_path / 'none'},random", "-n", "1",
                         "--workers", "1")
    assert code == 2 and err.startswith("error:") and err.count("\n") == 1


def test_lab_train_refuses_bad_arguments_in_one_line(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "file").write_text("")
    for args, out in ((["nosuchgame"], "x"), (["prince", "--algo", "dqn"], "x"), (["prince", "--minutes", "0"], "x"),
                      (["prince", "--against", "smart"], "x"), (["prince"], "file")):
        code, _, err = cli("lab", "train", *args, "--out", str(tmp_path / out))
        assert code == 2 and err.count("\n") == 1, (args, err)


def test_without_the_train_extra_lab_train_says_what_to_install(cli, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "jax", None)  # as if JAX were not installed: importing it fails
    code, _, err = cli("lab", "train", "prince", "--minutes", "0.1", "--out", str(tmp_path / "x"))
    assert code == 2 and err.count("\n") == 1
    assert "pip install 'gamewright[train]'" in err


def test_lab_train_smoke_trains_checkpoints_and_evaluates(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("jax", reason="lab train needs the train extra (pip install 'gamewright[train]')")
    pytest.importorskip("optax", reason="lab train needs the train extra (pip install 'gamewright[train]')")
    pytest.importorskip("rlax", reason="lab train needs the train extra (pip install 'gamewright[train]')")
    out = tmp_path / "prince"
    code, stdout, err = cli("lab", "train", "prince", "--minutes", "2", "--steps", "32", "--envs", "2", "--seed",
                            "3", "--out", str(out), "--eval-games", "6", "--workers", "1", "--json")
    assert code == 0, err
    meta = json.loads((out / "policy.json").read_text())
    assert meta["game"] == "prince" and meta["algo"] == "ppo" and meta["seed"] == 3 and meta["steps"] >= 32
    assert {"obs_size", "actions", "options", "previews"} <= set(meta)
    evaluation = json.loads((out / "eval.json").read_text())
    row = evaluation["rows"][0]
    assert row["against"] == "prince.random" and row["games"] == 6
    assert set(row["paired"]["distance"]) >= {"delta", "low95", "high95", "n"}
    assert json.loads(stdout)["eval"]["rows"][0]["against"] == "prince.random"
    play("prince", [make_agent("prince", f"policy:{out}", 1)], 4, 60)
    code, stdout, err = cli("lab", "train", "prince", "--algo", "a2c", "--minutes", "2", "--steps", "16", "--envs",
                            "2", "--out", str(tmp_path / "a2c"), "--eval-games", "0", "--json")
    assert code == 0, err
    assert json.loads(stdout)["train"]["algo"] == "a2c" and not (tmp_path / "a2c" / "eval.json").exists()


def test_a_two_seat_source_gives_the_learner_only_its_own_choices() -> None:
    """Penance's experience (no JAX): the learner's seat alternates, every mask offers two or more legal actions
    (forced moves are played for it), rewards are finite and a finished game reports the learner's return."""
    from gamewright.lab.train_sources import SeatSource

    source = SeatSource("penance", 2, 0, {}, None, ["penance.random"], previews=False)
    obs, mask = source.reset()
    assert obs.shape[0] == 2 and mask.shape == (2, source.observer.catalogue.size)
    assert {slot["learner"] for slot in source.slots} == {0}  # games 0 and 1 seat the learner first, 2 and 3 second
    rng = np.random.default_rng(0)
    for _ in range(300):
        assert (mask.sum(axis=1) >= 2).all()
        step = source.step(np.array([rng.choice(np.flatnonzero(m)) for m in mask]))
        assert np.isfinite(step.reward).all() and all(r in (-1.0, 1.0, 0.0) for r in step.returns)
        obs, mask = step.obs, step.mask


# --- the web: a trained policy is a bot only when the operator registered it at start ----------------------
@pytest.fixture
def registered(tmp_path: Path) -> Iterator[Path]:
    from gamewright.cli.main import register_policies

    directory = write_policy(tmp_path / "trained", "penance")
    assert register_policies([f"trained-one={directory}"]) == [("penance", "trained-one")]
    try:
        yield directory
    finally:
        unregister_bot("penance", "trained-one")


def test_serve_policy_seats_the_registered_policy_and_lists_it(registered: Path) -> None:
    assert ("trained-one", "Trained policy trained-one") in manifest_for("penance").bot_choices()
    with TestClient(create_app(allowed_hosts=["testserver"])) as raw:
        client = with_csrf(raw)
        body = {"game": "penance", "seed": 3, "seats": ["human", "bot:trained-one"], "timer": None}
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        assert r.json()["seats"][1]["bot"] == "trained-one"
        assert "bot:trained-one" in client.get("/lobby/form?game=penance").text  # the table's bot picker


def test_a_web_request_naming_a_path_is_refused(registered: Path) -> None:
    with TestClient(create_app(allowed_hosts=["testserver"])) as raw:
        client = with_csrf(raw)
        for seat in (f"bot:policy:{registered}", f"bot:{registered}", "bot:policy:trained-one"):
            r = client.post("/api/games", json={"game": "penance", "seed": 3, "seats": ["human", seat]})
            assert 400 <= r.status_code < 500, (seat, r.status_code)
            assert "error" in r.json()


def test_serve_policy_refuses_a_bad_spec_before_the_site_starts(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    directory = write_policy(tmp_path / "p", "penance")
    for spec in ("nameonly", f"Bad Name={directory}", f"x={tmp_path / 'missing'}", f"random={directory}"):
        code, _, err = cli("serve", "--policy", spec, "--port", "1")
        assert code == 2 and err.startswith("error:") and err.count("\n") == 1, (spec, err)

"""A trained policy: its checkpoint on disk, its forward pass in NumPy, and the lab agent that plays it.

Training needs the ``train`` extra (JAX; ``lab.train``); playing a trained policy needs only NumPy and the
environments' encoders (the ``rl`` extra), so ``policy:DIR`` works wherever the environments do.

A checkpoint directory holds ``policy.npz`` (the weights) and ``policy.json`` (what they were trained on: game,
ruleset, options, algorithm, seed, steps, the observation form and size, the action catalogue's size).

The network: a masked categorical policy over the game's action catalogue. With ``h = tanh(W1 · x + b1)`` an MLP's
hidden layer on the flat observation ``x`` (less its per-action block), the logit of action ``a`` is

    W2[:, a] · h + b2[a]                       its own weight
    + F[a] · u                                 its row of the encoder's ``action_preview`` (the per-action features)
    + S[a] · (Wk · h + bk)                     its words: the catalogue text's verb, ``at`` part and ``on`` (``play``,
                                               ``at:head``, ``on``), one-hot in S — what holds for every play
    + R[i(a)] · (Wd · h + bd)                  the observation's row for the card instance the action names (Penance:
                                               ``hand[i]``, the instance's kind, and ``hand_cost[i]``)

so what the policy learns of one action carries over to actions alike (one planet's preview to every planet's,
one card kind's play to every copy). Illegal actions get no probability.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gamewright.core.errors import ConfigError

WEIGHTS = "policy.npz"
META = "policy.json"
PARAMS = ("w1", "b1", "w2", "b2", "u", "wk", "bk", "wd", "bd")
FORMAT = 1
ACTION_FIELD = "action_preview"  # the encoders' per-action features, one row per action id
INSTANCE_FIELDS = ("hand", "hand_cost")  # rows by card instance, which actions name (``play 12``: instance 12)
NAME = re.compile(r"[a-z][a-z0-9-]{0,31}")


@dataclass(frozen=True)
class Checkpoint:
    """Weights and what they were trained on."""

    params: dict[str, np.ndarray]
    meta: dict[str, Any]

    @property
    def game(self) -> str:
        return str(self.meta["game"])


def action_rows(encoder: Any, actions: int) -> tuple[int, int]:
    """Where the per-action features sit in the flat observation: (offset, columns); (0, 0) where the encoder has
    none keyed by every action id."""
    table = getattr(encoder, "table", None)
    if table is None or ACTION_FIELD not in table.offsets:
        return 0, 0
    shape = table.field(ACTION_FIELD).shape
    if len(shape) != 2 or shape[0] != actions:
        return 0, 0
    return int(table.offsets[ACTION_FIELD]), int(shape[1])


def flat_size(observer: Any) -> int:
    """The length of an observer's flat observation."""
    shape = observer.space["observation"].shape
    return int(shape[0]) if shape else 0


class ActionWords:
    """What every action of the catalogue says, as features: S, the words of its text one-hot (A, F), and for an
    action naming a card instance (its second word a number, ``play 12 at head``) that instance's rows of the
    observation (``INSTANCE_FIELDS``). Built from the catalogue's texts and the encoder's table alone, so the trainer
    and ``PolicyAgent`` build the same."""

    def __init__(self, texts: list[str], encoder: Any) -> None:
        vocab: dict[str, int] = {}
        rows: list[list[int]] = []
        for text in texts:
            parts = text.split()
            words = [parts[0]] if parts else ["-"]
            for k, part in enumerate(parts[:-1]):
                if part in ("at", "on"):
                    words.append(f"at:{parts[k + 1]}" if part == "at" else "on")
            rows.append([vocab.setdefault(w, len(vocab)) for w in words])
        self.vocab = list(vocab)
        self.static = np.zeros((len(texts), max(1, len(vocab))), np.float32)
        for a, row in enumerate(rows):
            self.static[a, row] = 1.0
        table = getattr(encoder, "table", None)
        self.fields: list[tuple[int, int, int]] = []  # (offset, instances, columns) of each instance field
        instances = 0
        for name in INSTANCE_FIELDS:
            if table is not None and name in table.offsets:
                shape = table.field(name).shape
                instances = instances or shape[0]
                if shape[0] == instances:
                    self.fields.append((int(table.offsets[name]), int(shape[0]),
                                        int(np.prod(shape[1:])) if len(shape) > 1 else 1))
        self.instances = instances
        self.columns = max(1, sum(c for _, _, c in self.fields))
        index = np.full(len(texts), instances, np.int32)  # ``instances``: a row of zeros (no instance named)
        if self.fields:
            for a, text in enumerate(texts):
                parts = text.split()
                if len(parts) > 1 and parts[1].isdigit() and int(parts[1]) < instances:
                    index[a] = int(parts[1])
        self.index = index

    def instance_rows(self, x: Any, xp: Any = np) -> Any:
        """(B, I + 1, K): each instance's rows of the observation, then a row of zeros (``xp``: numpy or jax.numpy)."""
        batch = x.shape[0]
        if not self.fields:
            return xp.zeros((batch, 1, 1), x.dtype)
        parts = [x[:, off:off + n * c].reshape(batch, n, c) for off, n, c in self.fields]
        rows = xp.concatenate(parts, axis=2)
        return xp.concatenate([rows, xp.zeros((batch, 1, rows.shape[2]), x.dtype)], axis=1)

    def logits(self, params: Any, hidden: Any, x: Any, xp: Any = np) -> Any:
        """The words' and the instances' share of the logits (B, A)."""
        by_words = (hidden @ params["wk"] + params["bk"]) @ self.static.T
        if not self.fields:
            return by_words
        per_instance = xp.einsum("bik,bk->bi", self.instance_rows(x, xp), hidden @ params["wd"] + params["bd"])
        return by_words + per_instance[:, self.index]


class Net:
    """The forward pass in NumPy. The MLP reads only the observation's positions outside the per-action block
    (``w1``'s rows there are 0; skipping them makes a Penance decision ~5× cheaper: 2,921 inputs, not 14,566)."""

    def __init__(self, params: dict[str, np.ndarray], rows: tuple[int, int], actions: int,
                 words: ActionWords) -> None:
        offset, columns = rows
        self.params = params
        self.words = words
        self.rows = rows
        self.actions = actions
        size = params["w1"].shape[0]
        self.keep = np.r_[0:offset, offset + actions * columns:size] if columns else np.arange(size)
        self.w1 = np.ascontiguousarray(params["w1"][self.keep])
        self.b1, self.w2, self.b2, self.u = params["b1"], params["w2"], params["b2"], params["u"]

    def logits(self, x: np.ndarray) -> np.ndarray:
        """The unmasked logits of a batch of flat observations ``x`` (B, D) → (B, A), in float64."""
        x = np.asarray(x, np.float64)
        hidden = np.tanh(x[:, self.keep] @ self.w1 + self.b1)
        out = hidden @ self.w2 + self.b2
        offset, columns = self.rows
        if columns:
            feats = x[:, offset:offset + self.actions * columns].reshape(x.shape[0], self.actions, columns)
            out = out + feats @ self.u
        return np.asarray(out + self.words.logits(self.params, hidden, x))


def masked_probabilities(raw: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Softmax over the legal actions only (``mask`` 1 = legal); each row sums to 1 where any action is legal."""
    legal = np.asarray(mask) > 0
    z = np.where(legal, raw, -np.inf)
    top = np.max(z, axis=-1, keepdims=True)
    e = np.where(legal, np.exp(z - np.where(np.isfinite(top), top, 0.0)), 0.0)
    total = e.sum(axis=-1, keepdims=True)
    return np.asarray(np.where(total > 0, e / np.where(total > 0, total, 1.0), 0.0))


def save(directory: Path, params: dict[str, Any], meta: dict[str, Any]) -> None:
    """Write the checkpoint (the weights first, then the JSON, each through a temporary file and a rename, so a
    reader never sees half a checkpoint)."""
    directory.mkdir(parents=True, exist_ok=True)
    arrays = {k: np.asarray(params[k], np.float32) for k in PARAMS}
    tmp = directory / (WEIGHTS + ".tmp.npz")
    np.savez(tmp, **arrays)  # type: ignore[arg-type]
    tmp.replace(directory / WEIGHTS)
    text = json.dumps({"format": FORMAT, **meta}, indent=2, sort_keys=True)
    tmp_meta = directory / (META + ".tmp")
    tmp_meta.write_text(text + "\n", encoding="utf-8")
    tmp_meta.replace(directory / META)


_LOADED: dict[tuple[str, float, float], Checkpoint] = {}


def load(directory: str | Path) -> Checkpoint:
    """The checkpoint in ``directory`` (read once per process while its files are unchanged)."""
    path = Path(directory).expanduser()
    weights, meta_path = path / WEIGHTS, path / META
    if not weights.is_file() or not meta_path.is_file():
        raise ConfigError(f"no trained policy in {str(directory)[:200]!r} (it needs {WEIGHTS} and {META}; "
                          "`gamewright lab train` writes them)")
    key = (str(path.resolve()), weights.stat().st_mtime, meta_path.stat().st_mtime)
    known = _LOADED.get(key)
    if known is not None:
        return known
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        with np.load(weights, allow_pickle=False) as data:
            params = {k: np.asarray(data[k], np.float64) for k in PARAMS}
    except (OSError, ValueError, KeyError) as exc:
        raise ConfigError(f"the trained policy in {str(directory)[:200]!r} cannot be read: {exc}") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT or not isinstance(meta.get("game"), str):
        raise ConfigError(f"{meta_path} is not a gamewright policy checkpoint (format {FORMAT})")
    checkpoint = Checkpoint(params, meta)
    _LOADED[key] = checkpoint
    return checkpoint


_PREPARED: dict[int, tuple[Any, Net]] = {}


def _prepared(checkpoint: Checkpoint, directory: str) -> tuple[Any, Net]:
    """The observer (encoder, catalogue) and the forward pass of a checkpoint, built once per process (~50 ms for
    Penance's catalogue; a web bot makes a new agent for every move)."""
    from gamewright.core.game import load_game
    from gamewright.envs.observe import Observer

    known = _PREPARED.get(id(checkpoint))  # checkpoints stay in ``_LOADED``, so an id is never reused
    if known is not None:
        return known
    meta = checkpoint.meta
    loaded = load_game(meta["game"], ruleset=meta.get("ruleset"), options=dict(meta.get("options") or {}))
    observer = Observer(meta["game"], loaded, "flat", previews=bool(meta.get("previews", True)))
    size = flat_size(observer)
    actions = int(observer.catalogue.size)
    if size != int(meta.get("obs_size", -1)) or actions != int(meta.get("actions", -1)):
        raise ConfigError(f"the policy in {directory[:200]!r} was trained on observations of "
                          f"{meta.get('obs_size')} values and {meta.get('actions')} actions; this game "
                          f"configuration has {size} and {actions}")
    texts = list(getattr(observer.catalogue, "texts", [])) or [str(i) for i in range(actions)]
    words = ActionWords(texts, observer.encoder)
    prepared = observer, Net(checkpoint.params, action_rows(observer.encoder, actions), actions, words)
    _PREPARED[id(checkpoint)] = prepared
    return prepared


class PolicyAgent:
    """A trained policy as a lab agent: ``choose(state)`` observes the state as the environments do (the same
    encoder and catalogue the policy was trained on), masks the illegal actions and draws one from the policy's
    probabilities with its own seeded stream (``greedy``: the most probable, lowest id on a tie)."""

    name = "policy"

    def __init__(self, directory: str | Path, seed: int = 0, game: str | None = None, greedy: bool = False) -> None:
        self.checkpoint = load(directory)
        if game is not None and game != self.checkpoint.game:
            raise ConfigError(f"the policy in {str(directory)[:200]!r} was trained on {self.checkpoint.game}, "
                              f"not {game}")
        self.observer, self.net = _prepared(self.checkpoint, str(directory))
        self.greedy = greedy
        self.rng = np.random.default_rng(np.random.SeedSequence([int(seed) % 2**63, 0x5EED]))

    def probabilities(self, state: Any) -> tuple[dict[int, Any], np.ndarray]:
        """The legal actions by id and the policy's probability of each action id."""
        seat = state.current_player
        legal = self.observer.catalogue.legal_map(state)
        seen = self.observer.observe(state, seat, legal)
        raw = self.net.logits(seen["observation"][None, :])[0]
        return legal, masked_probabilities(raw, seen["action_mask"])

    def choose(self, state: Any) -> Any:
        legal, p = self.probabilities(state)
        if not legal:  # the catalogue names none of the legal actions: play the first (never seen in our games)
            return state.legal_actions()[0]
        ids = sorted(legal)
        weights = p[ids]
        if self.greedy or not math.isfinite(float(weights.sum())) or weights.sum() <= 0:
            return legal[ids[int(np.argmax(weights))]]
        pick = self.rng.choice(len(ids), p=weights / weights.sum())
        return legal[ids[int(pick)]]


def policy_agent(game: str, directory: str, seed: int) -> PolicyAgent:
    """``policy:DIR`` of ``agents.registry.make_agent``."""
    if not directory:
        raise ConfigError("policy:DIR needs the directory of a trained policy (`gamewright lab train … --out DIR`)")
    return PolicyAgent(directory, seed, game=game)


def register(name: str, directory: str | Path) -> str:
    """Make the trained policy in ``directory`` a bot of its game under ``name`` (``serve --policy NAME=DIR``):
    the web then seats it as ``bot:NAME`` and lists it in the game's bot picker. Returns the game."""
    from gamewright.core.manifest import manifest_for, register_bot

    if not NAME.fullmatch(name):
        raise ConfigError(f"a policy's name is 1-32 lower-case letters, digits or '-', starting with a letter "
                          f"(got {name[:40]!r})")
    checkpoint = load(directory)
    game = checkpoint.game
    PolicyAgent(directory, 0, game=game)  # the checkpoint fits this game's observations: refused now, not mid-game
    if name in manifest_for(game).bot_names():
        raise ConfigError(f"{game} already has a bot named {name!r}; choose another name for the policy")
    path = str(Path(directory).expanduser().resolve())
    register_bot(game, name, lambda seed: PolicyAgent(path, seed, game=game), f"Trained policy {name}")
    return game


def parse_registration(spec: str) -> tuple[str, str]:
    """``NAME=DIR`` → (NAME, DIR)."""
    name, eq, directory = spec.partition("=")
    if not eq or not name.strip() or not directory.strip():
        raise ConfigError(f"--policy takes NAME=DIR (got {spec[:80]!r})")
    return name.strip(), directory.strip()

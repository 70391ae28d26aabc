"""``gamewright lab train``: train a masked categorical policy on a game, checkpoint it, evaluate it.

Training runs on JAX (CPU) with optax's Adam and rlax's losses and advantage estimates — the ``train`` extra
(``pip install 'gamewright[train]'``). The environments step in NumPy/Python (``lab.train_sources``); the policy
is the network of ``envs.policy`` (an MLP on the flat observation plus a score shared by every action from its
own preview features), with a value head on the same hidden layer.

Algorithms: ``ppo`` (clipped surrogate, several epochs of minibatches per rollout) and ``a2c`` (one plain
policy-gradient step per rollout); both with generalized advantage estimates and an entropy bonus.
The run stops at ``minutes`` of wall time or ``steps`` learner decisions, whichever comes first, and writes a
checkpoint every ``checkpoint_seconds`` and at the end (``envs.policy.save``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from gamewright.core.errors import ConfigError

ALGOS = ("ppo", "a2c")
TRAIN_EXTRA = "training needs the train extra: pip install 'gamewright[train]' (JAX, optax, rlax)"


def require_train_extra() -> None:
    """A one-line ConfigError where JAX, optax or rlax is missing."""
    try:
        import jax  # noqa: F401
        import optax  # noqa: F401
        import rlax  # noqa: F401
    except ImportError:
        raise ConfigError(TRAIN_EXTRA) from None


@dataclass(frozen=True)
class TrainConfig:
    game: str
    algo: str = "ppo"
    minutes: float = 10.0
    steps: int | None = None  # learner decisions (rows of experience); None: until ``minutes``
    seed: int = 0
    ruleset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    opponents: tuple[str, ...] = ()  # the other seats' agents (default: the game's random agent)
    envs: int = 16  # games stepped side by side
    rollout: int = 32  # steps per game between two updates
    hidden: int = 64
    learning_rate: float = 5e-4
    gamma: float = 0.99
    gae_lambda: float = 0.95
    clip: float = 0.2
    epochs: int = 4
    minibatches: int = 4
    entropy: float = 0.01
    value_coef: float = 0.5
    reward_scale: float = 1.0
    env_options: dict[str, Any] = field(default_factory=dict)  # the one-seat environment's own (reward=…)
    previews: bool = True
    checkpoint_seconds: float = 60.0


# per game: what suits it (Space Prince's Distance per turn is ~10, so it is scaled to ~0.1; Penance's previews
# cost ~3 ms a decision, ten times the rest of its step, and its rewards are ±1 at the end)
GAME_DEFAULTS: dict[str, dict[str, Any]] = {
    "prince": {"env_options": {"reward": "distance"}, "reward_scale": 0.01, "gamma": 0.99, "envs": 8,
               "rollout": 16, "learning_rate": 3e-3, "minibatches": 2},
    "penance": {"previews": False, "gamma": 0.995, "envs": 8, "rollout": 64},
}


def config_for(game: str, **given: Any) -> TrainConfig:
    """The game's defaults under what was given (None: not given)."""
    chosen = {**GAME_DEFAULTS.get(game, {}), **{k: v for k, v in given.items() if v is not None}}
    return TrainConfig(game=game, **chosen)


def check(config: TrainConfig) -> None:
    """Refuse a bad configuration before anything runs (one ConfigError line)."""
    from gamewright.core.game import load_game, registered_games

    if config.game not in registered_games():
        raise ConfigError(f"unknown game {config.game!r}; choose one of: {', '.join(sorted(registered_games()))}")
    if config.algo not in ALGOS:
        raise ConfigError(f"--algo must be one of: {', '.join(ALGOS)} (got {config.algo!r})")
    if not 0 < config.minutes <= 24 * 60:
        raise ConfigError(f"--minutes must be above 0 and at most 1440 (got {config.minutes})")
    if config.steps is not None and config.steps < 1:
        raise ConfigError(f"--steps must be at least 1 (got {config.steps})")
    if not 1 <= config.envs <= 4096:
        raise ConfigError(f"--envs must be within 1..4096 (got {config.envs})")
    load_game(config.game, ruleset=config.ruleset, options=dict(config.options))


def _layout(config: TrainConfig) -> tuple[int, int, tuple[int, int], Any]:
    """Observation size, action count and where the per-action features lie (the observer ``policy:DIR`` uses)."""
    from gamewright.core.game import load_game
    from gamewright.envs.observe import Observer
    from gamewright.envs.policy import ActionWords, action_rows, flat_size

    game = load_game(config.game, ruleset=config.ruleset, options=dict(config.options))
    observer = Observer(config.game, game, "flat", previews=config.previews)
    size = flat_size(observer)
    actions = int(observer.catalogue.size)
    texts = list(getattr(observer.catalogue, "texts", [])) or [str(i) for i in range(actions)]
    return size, actions, action_rows(observer.encoder, actions), ActionWords(texts, observer.encoder)


def make_source(config: TrainConfig) -> Any:
    from gamewright.core.game import load_game
    from gamewright.lab.train_sources import SeatSource, VectorSource

    seats = load_game(config.game, ruleset=config.ruleset, options=dict(config.options)).num_players
    if seats == 1:
        return VectorSource(config.game, config.envs, config.seed, dict(config.options), config.ruleset,
                            dict(config.env_options))
    opponents = list(config.opponents) or [f"{config.game}.random"]
    return SeatSource(config.game, config.envs, config.seed, dict(config.options), config.ruleset, opponents,
                      config.previews)


def init_params(key: Any, size: int, actions: int, rows: tuple[int, int], hidden: int, words: Any
                ) -> dict[str, Any]:
    """Weights: the MLP (w1, b1 → w2, b2), the shared per-action scorer u, the words' and the instances' heads
    (wk, bk; wd, bd: ``envs.policy.ActionWords``), the value head (v, vb). The MLP reads
    the observation less the per-action features (those go through u), so ``w1`` has ``size − actions × columns``
    rows."""
    import jax
    import jax.numpy as jnp

    offset, columns = rows
    inputs = size - actions * columns
    k1, k2, k3, k4, k5 = jax.random.split(key, 5)
    return {
        "w1": jax.random.normal(k1, (inputs, hidden)) * jnp.sqrt(1.0 / max(1, inputs)),
        "b1": jnp.zeros(hidden),
        "w2": jax.random.normal(k2, (hidden, actions)) * 0.01,
        "b2": jnp.zeros(actions),
        "u": jnp.zeros(max(1, columns)),
        "wk": jax.random.normal(k4, (hidden, words.static.shape[1])) * 0.01,
        "bk": jnp.zeros(words.static.shape[1]),
        "wd": jax.random.normal(k5, (hidden, words.columns)) * 0.01,
        "bd": jnp.zeros(words.columns),
        "v": jax.random.normal(k3, (hidden,)) * 0.01,
        "vb": jnp.zeros(()),
    }


def train(config: TrainConfig, out: Path, on_progress: Callable[[dict[str, Any]], None] | None = None
          ) -> dict[str, Any]:
    """Train until the time or step budget; the checkpoint in ``out``; a summary of the run."""
    require_train_extra()
    check(config)
    import jax
    import jax.numpy as jnp
    import optax
    import rlax

    from gamewright.envs import policy as policy_io

    started = time.monotonic()
    cpu_started = time.process_time()
    source = make_source(config)
    size, actions, rows, words = _layout(config)
    offset, columns = rows
    feat_stop = offset + actions * columns

    def split(x: Any) -> tuple[Any, Any]:
        """The MLP's input (the observation less the per-action block) and the per-action features (B, A, C)."""
        if not columns:
            return x, None
        body = jnp.concatenate([x[:, :offset], x[:, feat_stop:]], axis=1)
        return body, x[:, offset:feat_stop].reshape(x.shape[0], actions, columns)

    def forward(params: dict[str, Any], x: Any, mask: Any) -> tuple[Any, Any]:
        body, feats = split(x)
        hidden = jnp.tanh(body @ params["w1"] + params["b1"])
        logits = hidden @ params["w2"] + params["b2"]
        if feats is not None:
            logits = logits + feats @ params["u"]
        logits = logits + words.logits(params, hidden, x, jnp)
        logits = jnp.where(mask > 0, logits, -1e9)  # the mask: illegal actions get no probability
        return logits, hidden @ params["v"] + params["vb"]

    def loss_fn(params: dict[str, Any], batch: dict[str, Any]) -> tuple[Any, Any]:
        logits, value = forward(params, batch["obs"], batch["mask"])
        logp_all = jax.nn.log_softmax(logits)
        logp = jnp.take_along_axis(logp_all, batch["action"][:, None], axis=1)[:, 0]
        adv = batch["adv"]
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        weight = batch["weight"]
        if config.algo == "ppo":
            ratio = jnp.exp(logp - batch["logp"])
            pg = rlax.clipped_surrogate_pg_loss(ratio * weight + (1 - weight), adv * weight, config.clip)
        else:
            pg = rlax.policy_gradient_loss(logits, batch["action"], adv, weight)
        entropy = rlax.entropy_loss(logits, weight)
        value_loss = jnp.sum(weight * (value - batch["target"]) ** 2) / jnp.maximum(weight.sum(), 1.0)
        total = pg + config.entropy * entropy + config.value_coef * value_loss
        return total, (pg, value_loss, entropy)

    optimizer = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(config.learning_rate))

    @jax.jit
    def act(params: dict[str, Any], x: Any, mask: Any) -> tuple[Any, Any]:
        logits, value = forward(params, x, mask)
        return jax.nn.log_softmax(logits), value

    @jax.jit
    def update(params: dict[str, Any], opt_state: Any, batch: dict[str, Any]) -> tuple[Any, Any, Any]:
        (_, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, aux

    gae = jax.jit(jax.vmap(rlax.truncated_generalized_advantage_estimation, in_axes=(1, 1, None, 1), out_axes=1))

    params = init_params(jax.random.PRNGKey(config.seed % 2**31), size, actions, rows, config.hidden, words)
    opt_state = optimizer.init(params)
    rng = np.random.default_rng(np.random.SeedSequence([config.seed % 2**63, 0x7EA1]))
    obs, mask = source.reset()
    n, t_len = config.envs, config.rollout
    decisions = 0
    updates = 0
    finished: list[float] = []
    curve: list[dict[str, Any]] = []
    last_checkpoint = time.monotonic()
    deadline = started + config.minutes * 60.0

    def meta() -> dict[str, Any]:
        return {"game": config.game, "ruleset": config.ruleset, "options": dict(config.options),
                "algo": config.algo, "seed": config.seed, "steps": decisions, "updates": updates,
                "episodes": len(finished), "obs": "flat", "obs_size": size, "actions": actions,
                "previews": config.previews, "action_features": {"offset": offset, "columns": columns},
                "hidden": config.hidden, "action_words": words.vocab, "config": {k: v for k, v in asdict(config).items()
                                                    if k not in ("game", "options")},
                "wall_seconds": round(time.monotonic() - started, 3),
                "cpu_seconds": round(time.process_time() - cpu_started, 3), "curve": curve[-200:]}

    def checkpoint() -> None:
        policy_params = dict(params)
        if columns:  # envs.policy.logits reads the whole observation: spread w1 back over every position
            w1 = np.zeros((size, config.hidden), np.float32)
            keep = np.r_[0:offset, feat_stop:size]
            w1[keep] = np.asarray(params["w1"])
            policy_params["w1"] = w1
        policy_io.save(out, {k: np.asarray(policy_params[k]) for k in policy_io.PARAMS}, meta())

    while time.monotonic() < deadline and (config.steps is None or decisions < config.steps):
        buf_obs = np.zeros((t_len, n, size), np.float32)
        buf_mask = np.zeros((t_len, n, actions), np.int8)
        buf_act = np.zeros((t_len, n), np.int32)
        buf_logp = np.zeros((t_len, n), np.float32)
        buf_val = np.zeros((t_len + 1, n), np.float32)
        buf_rew = np.zeros((t_len, n), np.float32)
        buf_disc = np.zeros((t_len, n), np.float32)
        buf_w = np.zeros((t_len, n), np.float32)
        for t in range(t_len):
            logp_all, value = act(params, obs, mask)
            probs = np.exp(np.asarray(logp_all, np.float64)) * (mask > 0)
            total = probs.sum(axis=1, keepdims=True)
            # a lane with no legal action (its game just ended; its next step is the reset) takes action 0, unweighted
            probs = np.divide(probs, total, out=np.zeros_like(probs), where=total > 0)
            chosen = (probs.cumsum(axis=1) > rng.random((n, 1))).argmax(axis=1)
            buf_obs[t], buf_mask[t], buf_act[t] = obs, mask, chosen
            buf_logp[t] = np.asarray(logp_all)[np.arange(n), chosen]
            buf_val[t] = np.asarray(value)
            step = source.step(chosen)
            buf_rew[t] = step.reward * config.reward_scale
            buf_disc[t] = np.where(step.done, 0.0, config.gamma)
            buf_w[t] = step.valid
            finished.extend(step.returns)
            decisions += int(step.valid.sum())
            obs, mask = step.obs, step.mask
        _, last_value = act(params, obs, mask)
        buf_val[t_len] = np.asarray(last_value)
        adv = np.asarray(gae(jnp.asarray(buf_rew), jnp.asarray(buf_disc), config.gae_lambda, jnp.asarray(buf_val)))
        target = adv + buf_val[:t_len]
        flat: dict[str, np.ndarray] = {
                "obs": buf_obs.reshape(t_len * n, size), "mask": buf_mask.reshape(t_len * n, actions),
                "action": buf_act.reshape(-1), "logp": buf_logp.reshape(-1), "adv": adv.reshape(-1),
                "target": target.reshape(-1), "weight": buf_w.reshape(-1)}
        epochs, parts = (config.epochs, config.minibatches) if config.algo == "ppo" else (1, 1)
        total = t_len * n
        for _ in range(epochs):
            order = rng.permutation(total)
            for part in np.array_split(order, parts):
                batch = {k: jnp.asarray(v[part]) for k, v in flat.items()}
                params, opt_state, aux = update(params, opt_state, batch)
                updates += 1
        recent = finished[-100:]
        point = {"steps": decisions, "episodes": len(finished), "seconds": round(time.monotonic() - started, 1),
                 "mean_return_last_100": round(float(np.mean(recent)), 4) if recent else None,
                 "entropy": round(float(-aux[2]), 4)}
        curve.append(point)
        if on_progress is not None:
            on_progress(point)
        if time.monotonic() - last_checkpoint >= config.checkpoint_seconds:
            checkpoint()
            last_checkpoint = time.monotonic()
    checkpoint()
    return meta()

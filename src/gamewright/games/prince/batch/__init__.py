"""A batch Space Prince engine: many runs at once as NumPy arrays (one row per run), for the lab's sweeps.

The scalar engine (``PrinceState``) stays the reference; this one plays the same rules options for the random
agent and the preview-greedy policy, and is validated against it turn by turn and statistically
(tests/prince/test_batch_engine.py). A run's result depends only on its seed and the rules.
"""

from gamewright.games.prince.batch.engine import BATCH_POLICIES, BatchResult, play_runs, policy_for

__all__ = ["BATCH_POLICIES", "BatchResult", "play_runs", "policy_for"]

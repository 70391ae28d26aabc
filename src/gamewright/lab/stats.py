"""Interval estimates for seeded batches: proportions (Wilson) and means (normal approximation)."""

from __future__ import annotations

from gamewright.core.stats import mean_interval, wilson_interval

__all__ = ["mean_interval", "wilson_interval"]

"""Simulation runs, statistics and reports."""

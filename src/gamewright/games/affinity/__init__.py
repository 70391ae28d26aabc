"""Affinity: a d6 dice-pool tabletop RPG."""

"""Penance: a mech card game where the deck is the hit points."""

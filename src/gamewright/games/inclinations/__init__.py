"""Dangerous Inclinations: orbital ship combat around a black hole and six planets."""

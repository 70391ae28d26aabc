"""Web play: ``gamewright serve`` — lobby, seats with secret links, live updates, server-side bots, replays.

The server formats what the engines say: every page, API answer and live update is built from ``view_for``
(or the public view) and ``events_for``; a game is its seed, configuration and action log in the store.
"""

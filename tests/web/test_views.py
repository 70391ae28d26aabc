"""The public view and event filtering, on real engine states and events."""

from __future__ import annotations

from gamewright.core.game import Event, load_game
from gamewright.testing.conformance import not_shared, shared_part
from gamewright.web.views import public_view, view_for_viewer, visible_events


def test_the_shared_part_keeps_only_what_every_seat_sees() -> None:
    """The conformance suite's yardstick for a public view (the web no longer infers one)."""
    views = [{"a": 1, "me": 0, "sides": [{"hand": [1], "n": 3}, {"n": 2}]},
             {"a": 1, "me": 1, "sides": [{"n": 3}, {"hand": [9], "n": 2}]}]
    shared = shared_part(views)
    assert shared == {"a": 1, "sides": [{"n": 3}, {"n": 2}]}
    assert not_shared({"a": 1, "sides": [{"n": 3}, {}]}, shared) is None
    assert not_shared({"a": 1, "sides": [{"n": 3}, {"hand": [9]}]}, shared) == "sides[1].hand"
    assert not_shared({"me": 0}, shared) == "me"


def test_public_views_of_every_game_hold_no_secret() -> None:
    for name, options in (("penance", {}), ("inclinations", {"players": 3}), ("affinity", {}), ("prince", {})):
        game = load_game(name, options=options)
        state = game.new_initial_state(123)
        view = public_view(state, game.num_players)
        assert view, name
        assert "seed" not in str(view_for_viewer(state, None, game.num_players))
        assert "'seed'" not in str(view_for_viewer(state, 0, game.num_players))
    penance = load_game("penance").new_initial_state(1)
    assert all("hand" not in side for side in public_view(penance, 2)["sides"])


def test_secret_events_reach_only_their_seats() -> None:
    events = [Event("draw", {"player": 0, "cards": ["a"], "private": 0}), Event("note", {}),
              Event("peek", {"cards": ["b"]}, visible_to=frozenset({1}))]
    assert [e.kind for e in visible_events(events, 0)] == ["draw", "note"]
    assert [e.kind for e in visible_events(events, 1)] == ["note", "peek"]
    assert [e.kind for e in visible_events(events, None)] == ["note"]

"""The table of triggered abilities on the battlefield by event, kept for each battlefield of
card definitions (the cards, faces and copies of the permanents, the lasting effects and the
card pool). What that must protect: along any line of play, the triggers an action puts on the
stack are those of the same state made afresh (every object made anew, a fresh card pool:
nothing remembered), whatever entered or left, was copied or turned its face."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardjudge as cj
from cold import colder_copy, listing
from playouts import start_files

STARTS = start_files("mtg")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(STARTS), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=15))
def test_the_triggers_of_an_action_are_those_of_the_state_made_afresh(start, choices):
    state = cj.load_position(start)
    for pick in choices:
        actions = cj.legal_actions(state)
        if not actions:
            return
        afresh = colder_copy(state)
        assert listing(afresh) == [action.to_dict() for action in actions]
        action = actions[pick % len(actions)]
        after = cj.apply(state, action)
        assert cj.to_dict(after) == cj.to_dict(cj.apply(afresh, cj.legal_actions(afresh)[pick % len(actions)])), \
            action.text
        state = after

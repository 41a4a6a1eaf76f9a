"""Properties of the Magic engine checked on random legal playouts, beyond those every game
shares (``test_playouts``): ``apply`` checks actions without the listing, and ``can_act`` agrees
with the priority listing."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import InputError, apply, legal_actions
from cardjudge.rules.core.state import Draft
from cardjudge.rules.mtg.legal import can_act, priority_actions
from playouts import EXAMPLES, Starts, start_positions

MAX_DEPTH = 25
POSITIONS = start_positions("mtg")
STARTS = Starts(POSITIONS)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH),
)
def test_apply_accepts_exactly_the_listed_actions(name, choices):
    """``apply`` checks an action against the actions of its own card when the listing is not
    known yet: on a state with an empty memo it refuses exactly the actions the full listing
    lacks (here the actions listed at every state of a playout, tried at each of them)."""
    states = [STARTS[name]]
    for choice in choices:
        actions = legal_actions(states[-1])
        if not actions:
            break
        states.append(apply(states[-1], actions[choice % len(actions)]))
    tried = {a.signature(): a for state in states for a in legal_actions(state)}
    for state in states:
        listed = {a.signature() for a in legal_actions(state)}
        for signature, action in tried.items():
            cold = Draft(state).freeze()  # the same position with an empty memo
            if signature in listed:
                apply(cold, action)
            else:
                with pytest.raises(InputError, match="not a legal action"):
                    apply(cold, action)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH),
)
def test_can_act_when_priority_offers_more_than_passing(name, choices):
    """``can_act`` (which lets a response window nobody can use pass by itself) agrees with the
    full priority listing of each player, at every state of a playout."""
    state = STARTS[name]
    for choice in [*choices, None]:
        if state.winner is None:
            for player in state.players:
                assert can_act(state, player) == (len(priority_actions(state, player)) > 1), (name, player)
        actions = legal_actions(state)
        if choice is None or not actions:
            break
        state = apply(state, actions[choice % len(actions)])

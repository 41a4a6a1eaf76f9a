"""Deterministic listings: a position lists the same actions, in the same order, with the same
ids, however it was reached or loaded.

Along random playouts of the shipped examples, every state is written with ``to_dict`` and
loaded again; the reloaded state must list exactly the same action dicts (ids, costs and
their cards, targets, texts) in the same order.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardjudge as cj
from fuzz_inputs import POSITIONS

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
STEPS = 20


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(source=st.sampled_from(POSITIONS), picks=st.lists(st.integers(0, 10**6), min_size=STEPS, max_size=STEPS))
def test_a_reloaded_position_lists_the_same_actions_in_the_same_order(source, picks):
    state = cj.load_position(source)
    for pick in picks:
        actions = cj.legal_actions(state)
        if not actions:
            break
        reloaded = cj.load_position(cj.to_dict(state))
        assert [a.to_dict() for a in cj.legal_actions(reloaded)] == [a.to_dict() for a in actions]
        state = cj.apply(state, actions[pick % len(actions)])

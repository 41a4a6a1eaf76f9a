"""Properties of the Magic engine checked on random legal playouts.

Each example draws a start position (the Magic examples and acceptance positions) and a
sequence of action indices; the playout follows legal actions only, up to ``MAX_DEPTH``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import InputError, apply, legal_actions, load_position, to_dict
from cardjudge.rules.core.state import Draft
from cardjudge.rules.mtg.legal import can_act, priority_actions
from playouts import EXAMPLES, Starts, apply_checked, play_out, start_positions

MAX_DEPTH = 25
POSITIONS = start_positions("mtg")
STARTS = Starts(POSITIONS)


def _check_state(state, trail: list[str], name: str) -> list:
    where = f"{name} after {trail}"
    d = to_dict(state)
    actions = legal_actions(state)
    if not actions:
        assert d.get("winner") is not None, f"no legal action but no winner: {where}"
    if d.get("winner") is not None:
        assert not actions, f"actions listed after the game ended: {where}"
    if any(body["life"] <= 0 for body in d["players"].values()):
        assert d.get("winner") is not None, f"life reached 0 without a winner: {where}"
    ids = [a.id for a in actions]
    assert len(ids) == len(set(ids)), f"duplicate action ids: {where}"
    # to_dict round-trips, triggers waiting to be ordered and decisions being made included
    if d.get("winner") is None:
        cards = POSITIONS[name].get("cards")
        reloaded = load_position({**d, "cards": cards} if cards else d)
        assert to_dict(reloaded) == d, f"to_dict does not round-trip: {where}"
        # the same actions in the same order: an id written with a position names the same action
        assert [a.to_dict() for a in legal_actions(reloaded)] == [a.to_dict() for a in actions], (
            f"the reloaded position lists other legal actions, or in another order: {where}")
    return actions


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH),
)
def test_random_playouts(name, choices):
    play_out(STARTS[name], choices, _check_state, name)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_start_action_applies(name):
    state = STARTS[name]
    for action in _check_state(state, [], name):
        apply_checked(state, action, [], name)


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

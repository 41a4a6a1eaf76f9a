"""What the Yu-Gi-Oh turn flow and listing keep in a state's derived values, checked on random playouts.

``apply`` leaves the listing it built on its way (to know that someone must decide) in the new
state's derived values, numbered in place when it is first listed; events are completed in place as they
are recorded. These tests check that such shortcuts give what a cold computation gives (the
listing of the position loaded afresh; the events an apply hands back, in order and naming the
labels of their cards), and that no listing is changed by what is done with it afterwards.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, load_position, to_dict
from playouts import EXAMPLES, Starts, start_positions

MAX_DEPTH = 10
POSITIONS = start_positions("ygo")
STARTS = Starts(POSITIONS)


def _described(actions) -> list:
    """What a listing says: the contract's form of each action but its id, in a fixed order (a
    position loaded afresh numbers its objects anew, which may list the same targets in another
    order, as ``test_properties`` allows)."""
    return sorted((sorted((k, repr(v)) for k, v in a.to_dict().items() if k != "id") for a in actions), key=repr)


def _exactly(actions) -> list:
    """Each action of a listing as the engine knows it (object ids included)."""
    return [(a.id, a.text, a.signature()) for a in actions]


def _cold(state, name: str):
    """The same position loaded afresh, nothing memoised (with the start position's inline
    cards, which ``to_dict`` does not write back)."""
    data = to_dict(state)
    cards = POSITIONS[name].get("cards")
    return load_position({**data, "cards": cards} if cards else data)


def _check_events(after) -> None:
    """The events an apply recorded are in order, and each names the labels of its cards."""
    events = after.events
    seqs = [e.seq for e in events]
    assert seqs == sorted(seqs), f"events out of order: {[(e.kind, e.seq) for e in events]}"
    for event in events:
        assert len(event.labels) <= len(event.cards)
        # an object still there at the end was there when the event happened, with its label
        if all(o in after.objects for o in event.cards):
            assert event.labels == tuple(after.objects[o].label for o in event.cards), event


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH),
)
def test_memoised_listings_are_the_cold_ones_and_stay_as_they_are(name, choices):
    state = STARTS[name]
    for pick in choices:
        actions = legal_actions(state)
        if state.winner is None:
            # the listing (perhaps left by the apply that made the state) is the one built from scratch
            assert _described(actions) == _described(legal_actions(_cold(state, name))), name
        assert [a.id for a in actions] == [f"a{n}" for n in range(1, len(actions) + 1)]
        if not actions:
            return
        listed = _exactly(actions)
        for other in actions:
            _check_events(apply(state, other))
        # applying every action, and listing the states they lead to, changed no action of this listing
        for after in (apply(state, other) for other in actions):
            legal_actions(after)
        assert _exactly(legal_actions(state)) == listed
        assert _exactly(actions) == listed
        state = apply(state, actions[pick % len(actions)])

"""A state's derived values live in one typed record (``state.derived()``, ``core.derived``):
each game's record is a slots dataclass of named fields that start empty, it is no part of the
state's value, and a new state never starts with what another state worked out."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, load_position
from cardjudge.rules import games, rules_for
from cardjudge.rules.core.canonical import canonical_key, digest
from cardjudge.rules.core.derived import Derived
from cold import cold_copy
from playouts import EXAMPLES, start_files

# What the apply that made a state may leave in its record: the digest it carried over from the
# state before, and (Yu-Gi-Oh!) the listing it had to work out on its way.
HANDED_OVER = {"digest_parts", "raw_listing"}
FILES = [(game, path) for game in games() for path in start_files(game)]
_LOADED: dict = {}


def _start(path: str):
    if path not in _LOADED:
        _LOADED[path] = load_position(path)
    return _LOADED[path]


@pytest.mark.parametrize("game", games())
def test_every_game_declares_a_slots_record_of_empty_fields(game):
    record_type = rules_for(game).derived
    assert issubclass(record_type, Derived)
    record = record_type()
    assert not hasattr(record, "__dict__"), "a record takes only its declared fields"
    assert all(getattr(record, f.name) is None for f in dataclasses.fields(record_type))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(FILES), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=8))
def test_a_new_state_starts_with_nothing_worked_out_but_what_its_apply_hands_over(start, choices):
    game, path = start
    state = _start(path)
    digest(state)
    for pick in choices:
        listed = legal_actions(state)
        if not listed:
            return
        before_record = state.derived()
        after = apply(state, listed[pick % len(listed)])
        record = after._derived
        if record is not None:
            assert record is not before_record
            filled = {f.name for f in dataclasses.fields(record) if getattr(record, f.name) is not None}
            assert filled <= HANDED_OVER, (path, filled)
        # what the record holds changes nothing of the state's value
        legal_actions(after)
        cold = cold_copy(after)
        assert cold._derived is None and dataclasses.replace(after)._derived is None
        assert after == cold and hash(after) == hash(cold)
        assert digest(after) == digest(cold) and canonical_key(after) == canonical_key(cold)
        state = after

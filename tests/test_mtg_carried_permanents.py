"""The static abilities in play and every permanent's characteristics, carried across states
that leave each permanent the same object (``core.carried.CarriedByObjects`` in ``mtg.views``).
What that must protect: along any line of play, the static abilities that apply and the
characteristics state-based actions read are what working them out afresh gives (a condition
that stops holding, a lasting effect, an Equipment moved, a permanent that leaves)."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardjudge as cj
from cardjudge.rules.mtg import views
from playouts import start_files, states_along

STARTS = start_files("mtg")


def _now(state) -> tuple:
    statics = [(obj.oid, ability.index, ability.text) for obj, ability in views._statics(state)]
    return statics, views.permanents_chars(state)


def _afresh(state) -> tuple:
    for memo in (views._carried_statics, views._carried_permanents, views._carried_chars, views._carried_defs):
        memo.clear()
    object.__setattr__(state, "_derived", None)
    statics, permanents = _now(state)
    plain = [(oid, views.chars(state, oid)) for player in state.players for oid in state.zone(player, "battlefield")]
    assert permanents == plain
    return statics, permanents


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(STARTS), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=15))
def test_carried_statics_and_permanents_are_those_worked_out_afresh(start, choices):
    for state in states_along(cj.load_position(start), choices):
        assert _now(state) == _afresh(state)


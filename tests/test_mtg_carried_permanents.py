"""The static abilities in play and every permanent's characteristics, carried across states
that leave each permanent the same object (``core.carried.CarriedByObjects`` in ``mtg.views``).
What that must protect: along any line of play, the characteristics state-based actions read
(``permanents_chars``), what the position shows of each permanent and the legal actions are
those of the same state made afresh (every object made anew, a fresh card pool: nothing
carried), whatever changed: a condition that stops holding, a lasting effect, an Equipment
moved, a permanent that leaves."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardjudge as cj
from cardjudge.rules.mtg import views
from cold import colder_copy, listing
from playouts import start_files, states_along

STARTS = start_files("mtg")


def _seen(state) -> tuple:
    return views.permanents_chars(state), cj.to_dict(state), listing(state)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(STARTS), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=15))
def test_carried_statics_and_permanents_are_those_worked_out_afresh(start, choices):
    for state in states_along(cj.load_position(start), choices):
        afresh = colder_copy(state)
        assert _seen(state) == _seen(afresh)
        plain = [(oid, views.chars(afresh, oid)) for player in afresh.players
                 for oid in afresh.zone(player, "battlefield")]
        assert views.permanents_chars(afresh) == plain

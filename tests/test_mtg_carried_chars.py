"""Characteristics carried across states (``core.carried`` in ``mtg.views``): a permanent's
characteristics and definition are kept for an unchanged object while its lasting effects, the
card pool and what static abilities grant it are the same. What that must protect: along any
line of play, every object's characteristics are what working them out afresh gives (a lasting
effect, an Equipment moved to another creature, a static ability switched off all change
objects that themselves stay the same)."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardjudge as cj
from cardjudge.rules.mtg import views
from cold import cold_copy
from playouts import ROOT, start_files, states_along

STARTS = start_files("mtg")


def _now(state) -> dict:
    return {oid: (views.chars(state, oid), views.card_def(state, oid).name) for oid in state.objects}


def _afresh(state) -> dict:
    """``_now`` of the same state made cold: nothing carried, every object made anew."""
    return _now(cold_copy(state))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(STARTS), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=15))
def test_carried_characteristics_are_those_worked_out_afresh(start, choices):
    for state in states_along(cj.load_position(start), choices):
        carried = _now(state)
        assert carried == _afresh(state)


def _keywords(state, label):
    for player in cj.to_dict(state)["players"].values():
        for entry in player.get("battlefield", []):
            if entry["id"] == label:
                return set(entry["now"]["keywords"])
    raise AssertionError(f"{label} is not on the battlefield")


def test_611_3a_greaves_moved_to_another_creature_stops_granting_to_the_first():
    """Rule 611.3a: a static ability's effect applies at each moment to what its text names; the
    Grizzly Bears object stays the same when Lightning Greaves moves to Elite Vanguard, yet it
    loses shroud and haste."""
    state = cj.load_position(ROOT / "examples" / "mtg-midgame.yaml")
    assert {"Shroud", "Haste"} <= _keywords(state, "GB")
    assert not {"Shroud", "Haste"} & _keywords(state, "EV")
    (equip,) = [a for a in cj.legal_actions(state) if a.text == "you activate Lightning Greaves (Equip 0) targeting EV"]
    state = cj.apply(state, equip)
    while state.chain:
        (passing,) = [a for a in cj.legal_actions(state) if a.kind == "pass"]
        state = cj.apply(state, passing)
    assert not {"Shroud", "Haste"} & _keywords(state, "GB")
    assert {"Shroud", "Haste"} <= _keywords(state, "EV")

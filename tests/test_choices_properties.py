"""Property tests of the cost/target problems: one-slot problems, enumerated without the
constraint solver, have exactly the solutions the solver finds, in the same order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardjudge.rules.core.choices import Slot, solve

CANDIDATES = st.lists(st.sampled_from("abcdefgh"), min_size=1, max_size=6)
CLASSES = st.dictionaries(st.sampled_from("abcdefgh"), st.sampled_from("XYZ"), max_size=8)


@settings(max_examples=400, deadline=None)
@given(CANDIDATES, CLASSES, st.integers(0, 3), st.integers(0, 3))
def test_one_slot_solutions_equal_the_solver(candidates, classes, low, extra):
    slot = Slot("pick", tuple(candidates), low, low + extra)
    direct = solve([slot], classes)
    # any limit sends the problem through the constraint solver; this one never cuts it
    by_solver = solve([slot], classes, limit=10**9)
    assert direct == by_solver


def test_one_slot_copies_are_picked_once():
    slot = Slot("target", ("a1", "a2", "c"), 1, 1)
    assert solve([slot], {"a1": "A", "a2": "A", "c": "C"}) == [{"target": ("a1",)}, {"target": ("c",)}]


def test_a_weight_total_out_of_reach_has_no_solution():
    # Crew 5 with two creatures of power 1 and one of power 2: no way, and no error.
    crew = Slot("crew", ("a", "b", "c"), 1, 3, {"a": 1, "b": 1, "c": 2}, 5)
    assert solve([crew]) == []
    assert solve([Slot("crew", ("a", "b", "c"), 1, 3, {"a": 1, "b": 1, "c": 2}, 4)]) == [{"crew": ("a", "b", "c")}]

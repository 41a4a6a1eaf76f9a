"""Cost and target problems solved once per shape answer what the constraint problem answers."""

from __future__ import annotations

import doctest

from hypothesis import given, settings
from hypothesis import strategies as st

from cardjudge.rules.core import choices
from cardjudge.rules.core.choices import Slot
from cardjudge.rules.mtg import shapes

CANDIDATES = [3, 7, 9, 10, 12, 21, "you", "opponent"]


@st.composite
def problems(draw):
    """One to three slots over a few candidates (ints and player names), some interchangeable."""
    slots = []
    for number in range(draw(st.integers(1, 3))):
        picked = draw(st.lists(st.sampled_from(CANDIDATES), unique=True, max_size=6))
        low = draw(st.integers(0, 2))
        high = draw(st.integers(max(low, 1), 4))
        weights, min_total = {}, None
        if draw(st.booleans()):
            weights = {c: draw(st.integers(1, 3)) for c in picked}
            min_total = draw(st.integers(1, 5))
        slots.append(Slot(f"{number}:slot", tuple(picked), low, high, weights, min_total))
    class_of = {c: draw(st.sampled_from("ABCD")) for c in CANDIDATES if isinstance(c, int)}
    return slots, class_of


def answer(solve, slots, class_of):
    """The solutions (none when a weighted slot's minimum total cannot be reached)."""
    return solve(slots, class_of)


def same_answers(slots, class_of) -> bool:
    return answer(shapes.solve, slots, class_of) == answer(choices.solve, slots, class_of)


@settings(max_examples=300, deadline=None)
@given(problems())
def test_G1_solutions_by_shape_equal_the_constraint_problem(problem):
    slots, class_of = problem
    assert same_answers(slots, class_of)
    # asked again (remembered), and with the candidates renamed: still the problem's own answer
    assert same_answers(slots, class_of)
    renamed = {c: c + 100 if isinstance(c, int) else c for c in CANDIDATES}
    moved = [Slot(s.name, tuple(renamed[c] for c in s.candidates), s.min, s.max,
                  {renamed[c]: w for c, w in s.weights.items()}, s.min_total) for s in slots]
    moved_classes = {renamed[c]: k for c, k in class_of.items()}
    assert same_answers(moved, moved_classes)


def test_docstring_examples():
    result = doctest.testmod(shapes)
    assert result.attempted > 0 and result.failed == 0

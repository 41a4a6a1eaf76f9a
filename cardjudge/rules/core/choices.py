"""Costs and targets as one constraint problem (python-constraint2).

Each choice an action needs (which cards to Tribute, which to discard, which to target,
which sources to tap) is a *slot*: a set of candidates, how many to pick, and optionally
a minimum total of some value. One problem holds every slot of one activation, so that
"can it be paid?" (is there a solution?) and "all ways to pay" (all solutions) come from
the same definition, and a card is never used twice across slots.

Interchangeable candidates (same card, same zone, same state) share a *class*: the
problem chooses how many of each class a slot takes, not which copy, so choices that
differ only by interchangeable copies come out once (ruling G1).

>>> slots = [Slot("tribute", ("a1", "a2", "c"), 2, 2)]
>>> solve(slots, {"a1": "A", "a2": "A", "c": "C"})
[{'tribute': ('a1', 'a2')}, {'tribute': ('a1', 'c')}]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable

from constraint import MaxSumConstraint, MinSumConstraint, Problem


@dataclass(frozen=True)
class Slot:
    """One choice: pick between ``min`` and ``max`` of ``candidates``.

    ``weights`` (candidate -> number) with ``min_total`` asks that the picked candidates'
    weights add up to at least ``min_total`` (crew N, tap creatures with total power N).
    """

    name: str
    candidates: tuple
    min: int = 1
    max: int = 1
    weights: dict = field(default_factory=dict)
    min_total: int | None = None


def _classes_of(slot: Slot, class_of: dict) -> dict[Hashable, list]:
    groups: dict[Hashable, list] = {}
    for candidate in slot.candidates:
        groups.setdefault(class_of.get(candidate, candidate), []).append(candidate)
    return groups


def solve(slots: list[Slot], class_of: dict | None = None, limit: int | None = None) -> list[dict]:
    """Every distinct way to fill all slots: a list of {slot name: tuple of candidates}.

    ``class_of`` maps a candidate to its interchangeability class (default: itself).
    A candidate is used by at most one slot. ``limit`` stops after that many solutions
    (``limit=1`` answers "is there a way?").
    """
    class_of = class_of or {}
    if not slots:
        return [{}]
    if len(slots) == 1 and limit is None and slots[0].min_total is None and slots[0].candidates:
        return _solve_one(slots[0], class_of)
    members: dict[Hashable, list] = {}  # class -> candidates in a stable order
    slot_classes: list[dict[Hashable, list]] = []
    for slot in slots:
        groups = _classes_of(slot, class_of)
        slot_classes.append(groups)
        for key, group in groups.items():
            known = members.setdefault(key, [])
            known.extend(c for c in group if c not in known)
        if len(slot.candidates) < slot.min:
            return []

    problem = Problem()
    variables_of_class: dict[Hashable, list[str]] = {}
    for index, (slot, groups) in enumerate(zip(slots, slot_classes)):
        names = []
        weights = []
        for number, (key, group) in enumerate(groups.items()):
            name = f"{index}:{number}"
            problem.addVariable(name, list(range(0, min(len(group), slot.max) + 1)))
            names.append(name)
            weights.append(slot.weights.get(group[0], 0))
            variables_of_class.setdefault(key, []).append(name)
        if not names:
            if slot.min > 0:
                return []
            continue
        problem.addConstraint(MinSumConstraint(slot.min), names)
        problem.addConstraint(MaxSumConstraint(slot.max), names)
        if slot.min_total is not None:
            reachable = sum(weight * min(len(group), slot.max) for weight, group in zip(weights, groups.values()))
            if reachable < slot.min_total:
                return []  # (python-constraint2 would refuse the problem rather than find no solution)
            problem.addConstraint(MinSumConstraint(slot.min_total, weights), names)
    for key, names in variables_of_class.items():
        if len(names) > 1:
            problem.addConstraint(MaxSumConstraint(len(members[key])), names)

    solutions = []
    for assignment in _iterate(problem, limit):
        solutions.append(_materialize(slots, slot_classes, members, assignment))
    place = _places(slots)
    solutions.sort(key=lambda s: [tuple(place[c] for c in s[slot.name]) for slot in slots])
    return solutions


def _places(slots: list[Slot]) -> dict:
    """Each candidate's place among the candidates of the slots (first seen first). Solutions
    are ordered by these places, not by the candidates themselves: candidates are object ids,
    which differ between two loads of one position, while their order (the order of the
    zones) does not."""
    places: dict = {}
    for slot in slots:
        for candidate in slot.candidates:
            places.setdefault(candidate, len(places))
    return places


def _solve_one(slot: Slot, class_of: dict) -> list[dict]:
    """``solve`` for one slot without a weight total (one target, one Tribute choice...): the
    same solutions, in the same order, enumerated directly rather than by the solver."""
    if len(slot.candidates) < slot.min:
        return []
    groups = list(_classes_of(slot, class_of).values())
    # what the solver path picks from: each class's distinct candidates, in order
    distinct = [list(dict.fromkeys(group)) for group in groups]
    solutions = []
    picked: list = []

    def fill(index: int, total: int) -> None:
        if index == len(groups) or total == slot.max:  # full: the remaining classes give nothing
            if total >= slot.min:
                solutions.append({slot.name: tuple(picked)})
            return
        size = len(picked)
        for count in range(0, min(len(groups[index]), slot.max - total) + 1):
            picked[size:] = distinct[index][:count]
            fill(index + 1, total + count)
        del picked[size:]

    fill(0, 0)
    fill = None  # a nested function that calls itself is a reference cycle: left for the collector otherwise
    place = _places([slot])
    solutions.sort(key=lambda s: [tuple(place[c] for c in s[slot.name])])
    return solutions


def _iterate(problem: Problem, limit: int | None):
    if limit == 1:
        solution = problem.getSolution()
        return [solution] if solution is not None else []
    solutions = problem.getSolutions()
    return solutions if limit is None else solutions[:limit]


def _materialize(slots, slot_classes, members, assignment) -> dict:
    """Turn class counts into concrete candidates, the first free copies of each class."""
    taken: dict[Hashable, int] = {}
    result = {}
    for index, (slot, groups) in enumerate(zip(slots, slot_classes)):
        picked = []
        for number, key in enumerate(groups):
            count = assignment.get(f"{index}:{number}", 0)
            if not count:
                continue
            start = taken.get(key, 0)
            available = [c for c in members[key] if c in groups[key]]
            picked.extend(available[start : start + count])
            taken[key] = start + count
        result[slot.name] = tuple(picked)
    return result


def feasible(slots: list[Slot], class_of: dict | None = None) -> bool:
    """Whether the slots can all be filled at once."""
    return bool(solve(slots, class_of, limit=1))

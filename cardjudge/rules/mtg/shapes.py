"""Cost and target problems solved once per shape.

A problem of ``core.choices`` depends on its candidates only through their order, their
interchangeability classes and their weights: crewing Sky Skiff with six creatures of
powers 2, 1, 1, 2, 2, 1 has the same solutions, up to renaming, in every state where those
six creatures stand untapped. :func:`solve` renames the candidates to their positions,
solves that *shape* once (the answers are remembered, like mana payments: a search asks the
same question from many states), and renames the solutions back, in the order
``choices.solve`` gives them (that order depends only on the candidates' places, or
the ranks given for them, which are remembered with the shape).

>>> from cardjudge.rules.core.choices import Slot
>>> solve([Slot("pick", (7, 12, 9), 2, 2)], {7: "Elf", 12: "Elf", 9: "Bear"})
[{'pick': (7, 12)}, {'pick': (7, 9)}]
"""

from __future__ import annotations

from functools import lru_cache

from cardjudge.rules.core import choices
from cardjudge.rules.core.choices import Slot


def solve(slots: list[Slot], class_of: dict, rank: dict | None = None) -> list[dict]:
    """Every distinct way to fill all slots, as ``choices.solve(slots, class_of)`` answers."""
    names = [slot.name for slot in slots]
    return [dict(zip(names, picks)) for picks in solve_picks(slots, class_of, rank)]


def solve_picks(slots: list[Slot], class_of: dict, rank: dict | None = None) -> list[tuple]:
    """The same solutions, each a tuple holding what every slot picks (in slot order).

    Given ``rank`` (candidate -> number), the solutions come in the order of their
    candidates' ranks instead of their texts; candidates without a rank (players) come
    after those with one, by their texts.
    """
    if not slots:
        return [()]
    index: dict = {}  # candidate -> its position among all candidates
    for slot in slots:
        for candidate in slot.candidates:
            if candidate not in index:
                index[candidate] = len(index)
    numbered: dict = {}  # class -> its number, in order of first appearance
    classes = []
    for candidate in index:
        key = class_of.get(candidate, candidate)
        if key not in numbered:
            numbered[key] = len(numbered)
        classes.append(numbered[key])
    shape = (
        tuple(
            (slot.name, tuple(index[c] for c in slot.candidates), slot.min, slot.max,
             tuple(slot.weights.get(c, 0) for c in slot.candidates) if slot.weights else None, slot.min_total)
            for slot in slots
        ),
        tuple(classes),
    )
    # choices.solve orders solutions by the candidates' places (first seen first): their
    # positions are their ranks
    candidates = tuple(index)
    if rank is None:
        texts = list(range(len(candidates)))
    else:
        texts = [(0, rank[c], "") if c in rank else (1, 0, str(c)) for c in candidates]
    rank_of = {text: number for number, text in enumerate(sorted(set(texts)))}
    ranks = tuple(rank_of[text] for text in texts)
    get = candidates.__getitem__
    if len(slots) == 1:  # the usual case, spelled out: it runs once per solution
        return [(tuple(map(get, picked)),) for picked, in _solved(shape, ranks)]
    return [tuple(tuple(map(get, picked)) for picked in picks) for picks in _solved(shape, ranks)]


@lru_cache(maxsize=4096)
def _solved(shape: tuple, ranks: tuple) -> tuple[tuple, ...]:
    """The solutions of one shape, candidates named by their positions, in the order their ranks give."""
    slot_shapes, classes = shape
    slots = [Slot(name, picks, low, high, dict(zip(picks, weights)) if weights is not None else {}, min_total)
             for name, picks, low, high, weights, min_total in slot_shapes]
    solutions = choices.solve(slots, dict(enumerate(classes)))
    found = [tuple(solution[slot.name] for slot in slots) for solution in solutions]
    found.sort(key=lambda picks: [tuple(ranks[i] for i in picked) for picked in picks])
    return tuple(found)


def forget() -> None:
    """Forget every remembered shape (benchmarks measure cold calls)."""
    _solved.cache_clear()

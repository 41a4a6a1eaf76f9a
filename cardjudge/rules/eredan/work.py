"""The work loop: what is left to do in a state (``state.pending``), done first to last.

Each module of the flow registers what its kinds of work do (``step``) and which of them wait
for a decision (``asks``). ``run`` does the work until a decision with several options is
needed (an attack roll or another chance event, a choice of character, a discard) or nothing
is left; a decision with one option is taken by itself.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from cardjudge.rules.eredan.records import Work

CHANCE = "chance"
STEPS: dict[str, Callable] = {}  # work kind -> what it does to a draft
ASKS: list[Callable] = []  # (state, work) -> (player, options, field) or None


def step(kind: str):
    """Register what work of ``kind`` does."""
    def register(function):
        STEPS[kind] = function
        return function
    return register


def asks(function):
    """Register a test for work that waits for a decision."""
    ASKS.append(function)
    return function


def decision(s, work: Work):
    """(player, options, field) when ``work`` waits for a decision, else None. Options are
    ``(value, probability_or_None, text)``; ``field`` is the work's field the choice fills."""
    for ask in ASKS:
        asked = ask(s, work)
        if asked is not None:
            return asked
    return None


def _with_choice(s, work: Work, value) -> Work:
    return replace(work, **{decision(s, work)[2]: value})


def decide(d, value) -> None:
    """Take the decision the first work waits for, then carry on."""
    work = d.pending[0]
    d.pending = (_with_choice(d, work, value),) + tuple(d.pending[1:])
    _do_first(d)
    run(d)


def run(d) -> None:
    """Do the pending work until a decision with several options is needed, or none is left."""
    while d.pending and d.winner is None:
        work = d.pending[0]
        asked = decision(d, work)
        if asked is not None:
            options = asked[1]
            if len(options) > 1:
                return
            if not options:
                d.pending = tuple(d.pending[1:])
                continue
            d.pending = (replace(work, **{asked[2]: options[0][0]}),) + tuple(d.pending[1:])
        _do_first(d)


def _do_first(d) -> None:
    work = d.pending[0]
    d.pending = tuple(d.pending[1:])
    STEPS[work.kind](d, work)


def push_front(d, works) -> None:
    """Put work before everything else that is pending, in the given order."""
    d.pending = tuple(works) + tuple(d.pending)

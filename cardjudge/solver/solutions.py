"""When two winning lines are one solution of a puzzle.

A solution is what the solver decides, not when: two lines are one solution when, along every
way the game can go (the main line and each answer to an opponent's or chance's deviation),
the searcher makes the same decisions and the others do the same things, whatever the order
and the moment. So Shrink activated before the attack or in answer to it is one solution, as
are two attacks declared in either order, or the same decision made with another
interchangeable copy (decisions are compared through ``domain.signature``, which describes each
card by what it is and where rather than by its label). Lines that use different cards or
targets, or make different decisions, are different solutions.

Each way the game can go is cut down to the steps it needs first
(:func:`cardjudge.solver.traces.essential_actions`): passes and uncounted steps the goal is
reached without are no decisions.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardjudge.solver.domain import Domain, signature, states_along
from cardjudge.solver.search import Line
from cardjudge.solver.traces import essential_actions


@dataclass(frozen=True)
class Solution:
    """One distinct solution: the shortest line standing for it, its key (see
    :func:`solution_key`), its length and how many lines found it stands for."""

    line: Line
    key: tuple
    variants: int = 1

    @property
    def length(self) -> int:
        return self.line.length


def _paths(line: Line, prefix: tuple = ()) -> list[tuple]:
    """Every way the game goes along a strategy: the main line, then each reply's
    alternative followed by its own line (and the ways that line goes), as flat action
    sequences from the strategy's start."""
    paths = [prefix + line.actions]
    for at, alternative, sub in line.replies:
        paths += _paths(sub, prefix + line.actions[:at] + (alternative,))
    return paths


def _path_key(domain: Domain, root, goal, actions: tuple, searcher: str) -> tuple:
    actions = essential_actions(domain, root, goal, actions, searcher)
    mine, theirs = [], []
    for state, action in zip(states_along(domain, root, actions), actions):
        if domain.is_pass(action):
            continue
        (mine if domain.actor(state) == searcher else theirs).append(repr(signature(domain, state, action)))
    return tuple(sorted(mine)), tuple(sorted(theirs))


def solution_key(domain: Domain, root, line: Line, searcher: str, goal=None) -> tuple:
    """What the strategy ``line`` decides, order and moment aside: for each way the game goes,
    the searcher's decisions and the others' actions (passes aside) as multisets.

    ``goal`` (default: the goal is reached at the end of each way, as in any winning line) is
    used to leave out the steps each way does not need."""
    if goal is None:
        goal = _reached_at_end(domain, root, line)
    return tuple(sorted({_path_key(domain, root, goal, path, searcher) for path in _paths(line)}))


def _reached_at_end(domain: Domain, root, line: Line):
    """A goal that holds exactly in the final states of the strategy's ways (by key): the goal
    the line was found for holds there, and dropping a step keeps a way winning only if it
    still ends in such a state."""
    ends = {domain.key(states_along(domain, root, path)[-1]) for path in _paths(line)}
    return lambda state: domain.key(state) in ends


def group_solutions(domain: Domain, root, lines: list[Line], searcher: str, goal=None) -> list[Solution]:
    """``lines`` grouped into distinct solutions (:func:`solution_key`), in the order first
    found, each represented by its shortest line; ``variants`` sums the lines' variants."""
    groups: dict = {}
    for line in lines:
        key = solution_key(domain, root, line, searcher, goal)
        groups.setdefault(key, []).append(line)
    out = []
    for key, members in groups.items():
        best = min(members, key=lambda member: (member.length, len(member.actions)))
        out.append(Solution(best, key, sum(member.variants for member in members)))
    return sorted(out, key=lambda solution: solution.length)

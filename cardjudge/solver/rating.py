"""Difficulty metrics of a puzzle and the rating they give.

The metrics (notes on puzzle difficulty: solution length, branching factor, tempting wrong
lines, red herrings, solver effort) are measured along the solution's main line:

- ``length``: the solution's counted actions;
- ``branching``: the mean number of options the solver has at its decisions along the line;
- ``wrong_lines``: counted actions the solver could take instead at those decisions after which
  the goal is out of reach with the actions left, and ``wrong_depth`` the mean number of the
  solution's counted actions already taken when each is tempting (how far each gets);
- ``red_herrings``: cards added that the solution does not use, the puzzle still unique;
- ``nodes``: search nodes spent proving the solution and its uniqueness.
"""

from __future__ import annotations

from cardjudge.solver.combos import find_combos, goal_domain
from cardjudge.solver.domain import states_along

WRONG_LINE_NODES = 20_000  # per tempting line looked at


def metrics_of(state, goal, line, opponent: str, red_herrings: int, nodes: int) -> dict:
    """The metrics of the puzzle from ``state`` whose solution is ``line`` (see the module)."""
    domain = goal_domain(state, goal)
    states = states_along(domain, state, line.actions)
    branching, wrong, depths, done = [], 0, [], 0
    for here, taken in zip(states, line.actions):
        if domain.actor(here) != goal.player:
            continue
        options = domain.actions(here)
        branching.append(len(options))
        left = line.length - done
        for option in options:
            if option is taken or not domain.counts(option) or left <= 0:
                continue
            after = domain.apply(here, option)
            tried = find_combos(after, goal, max_actions=left - 1, opponent=opponent, limit_nodes=WRONG_LINE_NODES,
                                limit_seconds=None)
            if tried.complete and not tried.found:
                wrong += 1
                depths.append(done)
        if domain.counts(taken):
            done += 1
    return {"length": line.length, "branching": round(sum(branching) / len(branching), 2) if branching else 0.0,
            "wrong_lines": wrong, "wrong_depth": round(sum(depths) / len(depths), 2) if depths else 0.0,
            "red_herrings": red_herrings, "nodes": nodes}


def score_of(metrics: dict) -> float:
    """One number from the metrics: mostly the solution's length, then how many tempting wrong
    lines there are and how many options each decision has, then the red herrings."""
    return (metrics["length"] + 0.15 * metrics["branching"] + 0.1 * metrics["wrong_lines"]
            + 0.5 * metrics["red_herrings"])


def rating_of(metrics: dict) -> str:
    """easy, medium or hard, from :func:`score_of`."""
    score = score_of(metrics)
    return "easy" if score < 3.5 else "medium" if score < 5.5 else "hard"

"""Every shipped puzzle file (examples/puzzles/) holds what it states: its stored solution
replays with apply to a win, nothing shorter wins, the solver finds a solution of that length,
and check_puzzle proves it the only one (or one of the number the file states, or that none
exists). The expectations are the files' own, not a table here."""

from __future__ import annotations

import pytest

from cardjudge import apply, check_puzzle, legal_actions, load_puzzle, solve_puzzle
from cardjudge.solver.combos import EngineDomain, find_combos
from puzzle_files import PUZZLES
from helpers import only

FILES = sorted(p.name for p in PUZZLES.glob("*.yaml"))


def _strict_replay(state, action_dicts, played=None):
    """Apply each stored action, matched by its Action dict (ids aside) among the legal ones:
    exactly one must match. The actions applied are appended to ``played``."""
    for wanted in action_dicts:
        want = {k: v for k, v in wanted.items() if k != "id"}
        matches = [a for a in legal_actions(state) if {k: v for k, v in a.to_dict().items() if k != "id"} == want]
        assert len(matches) == 1, f"{wanted['text']}: {len(matches)} legal actions match"
        if played is not None:
            played.append(matches[0])
        state = apply(state, matches[0])
    return state


@pytest.mark.parametrize("name", FILES)
def test_puzzle_file_checks(name):
    puzzle = load_puzzle(str(PUZZLES / name))
    result = check_puzzle(puzzle)
    assert result.ok, result.reason
    assert result.solutions_found == puzzle.solutions
    assert result.unique is (puzzle.solutions <= 1)


@pytest.mark.parametrize("name", FILES)
def test_stored_solution_replays_to_a_win_and_nothing_shorter_wins(name):
    puzzle = load_puzzle(str(PUZZLES / name))
    state = puzzle.state()
    if puzzle.solution is None:
        result = find_combos(state, puzzle.goal, max_actions=puzzle.max_actions, opponent=puzzle.opponent)
        assert result.complete and not result.found
        return
    solution = puzzle.solution
    played = []
    final = _strict_replay(state, solution["actions"], played)
    # the game is carried on to its end when the line ends before it (a win this turn)
    while final.winner is None and final.turn == state.turn:
        final = apply(final, only(a for a in legal_actions(final) if a.kind == "pass"))
    assert final.winner == puzzle.player or final.winner == "you"
    domain = EngineDomain(state)
    counted = [a for a in played if a.player == "you" and domain.counts(a)]
    assert len(counted) == solution["length"]
    shorter = find_combos(state, puzzle.goal, max_actions=solution["length"] - 1, opponent=puzzle.opponent)
    assert shorter.complete and not shorter.found


@pytest.mark.parametrize("name", [n for n in FILES if "impossible" not in n])
def test_solver_finds_a_solution_of_the_stored_length(name):
    puzzle = load_puzzle(str(PUZZLES / name))
    result = solve_puzzle(puzzle, all_solutions=True)
    assert result.complete
    assert [s.length for s in result.solutions] == [puzzle.solution["length"]] * puzzle.solutions

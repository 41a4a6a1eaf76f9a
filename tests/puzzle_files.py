"""The example puzzle files (examples/puzzles/): their positions and what their metadata says."""

from __future__ import annotations

from pathlib import Path

from cardjudge import load_position
from cardjudge.solver.puzzles import load_puzzle

PUZZLES = Path(__file__).resolve().parent.parent / "examples" / "puzzles"


def puzzle(name: str):
    """(state, goal, opponent model) of the puzzle file ``name``, as its ``puzzle:`` metadata gives them."""
    path = PUZZLES / name
    meta = load_puzzle(str(path))
    return load_position(str(path)), meta.goal, meta.opponent

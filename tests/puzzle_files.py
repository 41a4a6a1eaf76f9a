"""The example puzzle files (examples/puzzles/) and what their comments say."""

from __future__ import annotations

import re
from pathlib import Path

from cardjudge import load_position

PUZZLES = Path(__file__).resolve().parent.parent / "examples" / "puzzles"


def puzzle(name: str):
    """(state, goal, opponent model) of the puzzle file ``name``, goal and model read from its comments."""
    path = PUZZLES / name
    text = path.read_text()
    goal = re.search(r"^# goal: (.+)$", text, re.M).group(1).strip()
    opponent = "adversarial" if re.search(r"^# opponent: adversarial$", text, re.M) else "passive"
    return load_position(str(path)), goal, opponent

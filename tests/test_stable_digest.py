"""The stable digest is the same in processes with different string-hash salts (the search's
digest is not), and equal for positions that differ only by which copy is where."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cardjudge import load_position
from cardjudge.rules.core.stable_digest import stable_digest, stable_hash

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = ROOT / "examples" / "puzzles" / "ygo-chain.yaml"

_SCRIPT = """
import sys
from cardjudge import load_position
from cardjudge.rules.core.canonical import digest
from cardjudge.rules.core.stable_digest import stable_digest
state = load_position(sys.argv[1])
print(stable_digest(state), digest(state))
"""


def _in_process(seed: str) -> tuple[str, str]:
    env = dict(os.environ, PYTHONHASHSEED=seed, CARDJUDGE_PURE="1", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", _SCRIPT, str(PUZZLE)], env=env, capture_output=True, text=True,
                          check=True, cwd=ROOT)
    stable, salted = done.stdout.split()
    return stable, salted


def test_stable_digest_is_the_same_across_hash_salts():
    first, second = _in_process("1"), _in_process("2")
    assert first[0] == second[0] == stable_digest(load_position(str(PUZZLE)))
    # the search's own digest differs between the two processes: it must not leave one
    assert first[1] != second[1]


def test_copies_swapped_have_one_stable_digest():
    def position(first: str, second: str) -> dict:
        return {"game": "ygo", "turn": 3, "active": "you", "phase": "main1", "players": {
            "you": {"lp": 8000, "deck": ["Feral Imp"], "monsters": [
                {"card": "Feral Imp", "id": first, "position": "attack", "face_up": True},
                {"card": "Feral Imp", "id": second, "position": "defense", "face_up": True}]},
            "opponent": {"lp": 8000, "deck": ["Feral Imp"]}}}

    assert stable_digest(load_position(position("A", "B"))) == stable_digest(load_position(position("B", "A")))
    assert stable_hash({"b": 1, "a": frozenset({"x", "y"})}) == stable_hash({"a": frozenset({"y", "x"}), "b": 1})
    assert stable_hash((1, "1")) != stable_hash(("1", 1))

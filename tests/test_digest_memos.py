"""What the digest remembers between states (mixed hashes, record skeletons, plain terms, kept
for the whole process) never changes an answer: a state's digest does not depend on what was
digested before it. Two fresh interpreters search the same puzzles in opposite orders and digest
cold copies of the states met in opposite orders. In each, the digest a searched state carries
is its cold copy's, and two states share a digest exactly when they share a canonical key (a
digest is not the same number from one interpreter to the next: which states share one is)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
NAMES = ["ygo-chain.yaml", "ygo-equip.yaml", "mtg-ritual-impossible.yaml"]

CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from cardjudge.rules.core.canonical import canonical_key, digest
from cold import cold_copy
from puzzle_files import puzzle
from test_canonical_digest import _searched_states

names, reverse = sys.argv[2].split(","), sys.argv[3] == "reverse"
searched = {}
for name in (reversed(names) if reverse else names):
    state, goal, opponent = puzzle(name)
    searched[name] = _searched_states(state, goal, opponent, limit_nodes=400)
carried = {name: [digest(s) for s in states] for name, states in searched.items()}
order = [(name, i) for name in names for i in range(len(searched[name]))]
cold = {}
for name, i in (reversed(order) if reverse else order):
    cold[(name, i)] = digest(cold_copy(searched[name][i]))

def classes(values):
    # each value as the index of the first state with an equal one
    first = {}
    return [first.setdefault(value, i) for i, value in enumerate(values)]

print(json.dumps({name: {"carried": carried[name],
                         "cold": [cold[(name, i)] for i in range(len(searched[name]))],
                         "by_digest": classes([cold[(name, i)] for i in range(len(searched[name]))]),
                         "by_key": classes([canonical_key(s) for s in searched[name]])} for name in names}))
"""


def _digests(order: str) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, str(TESTS), ",".join(NAMES), order], env=dict(os.environ),
                          cwd=TESTS.parent, capture_output=True, text=True, timeout=540, check=True)
    return json.loads(done.stdout)


def test_digests_do_not_depend_on_what_was_digested_before():
    for order in ("forward", "reverse"):
        for name, found in _digests(order).items():
            assert len(found["cold"]) > 10, name
            assert found["carried"] == found["cold"], f"{name}, {order}: a carried digest is not the cold one"
            assert found["by_digest"] == found["by_key"], f"{name}, {order}: digests do not follow the keys"

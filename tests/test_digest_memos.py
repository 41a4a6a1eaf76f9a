"""The digest's memos (mixed hashes, record skeletons, plain terms) never change an answer: the
digests of the states a puzzle search meets are the same computed with the memos full or empty."""

from __future__ import annotations

from dataclasses import replace

import pytest

import cardjudge.rules.core.digest as digest_module
from cardjudge.rules.core.canonical import digest
from puzzle_files import PUZZLES, puzzle
from test_canonical_digest import _searched_states


def _cleared() -> None:
    digest_module._MIXED.clear()
    digest_module._SKELETONS.clear()
    digest_module._PLAIN_TERMS.clear()


@pytest.mark.parametrize("name", ["ygo-chain.yaml", "ygo-equip.yaml", "mtg-ritual-impossible.yaml"])
def test_digests_are_the_same_with_the_memos_emptied(name):
    assert (PUZZLES / name).exists()
    state, goal, opponent = puzzle(name)
    states = _searched_states(state, goal, opponent, limit_nodes=400)
    carried = [digest(s) for s in states]
    _cleared()
    assert [digest(replace(s, _hash=None, _cache=None)) for s in states] == carried

"""Mutations of the shipped positions and card files, as an adversary would write them.

``mutate(document, choices)`` changes one value of a parsed document (found by walking it)
into a value of a wrong type, an unknown name, a deep nesting or an alias-like repetition;
``corrupt(text, choices)`` damages its bytes (an encoding, a NUL, a cut). The fuzz tests feed
the results to the command line and demand exit 0, or exit 1 with one line naming the file.
"""

from __future__ import annotations

import copy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = sorted((ROOT / "examples").glob("*.yaml"))
CARD_FILES = sorted((ROOT / "cardjudge" / "cards").glob("*/*.yaml"))

BAD_VALUES = [
    "no", "false", "true", "banana", "", "x" * 300, -5, -1, 0, 1.5, 10**30, True, False, None,
    [], {}, ["Forest"], {"a": 1}, [[[[[]]]]], {"SPELL": "x"}, {"BANANA": 1}, "{Q}", "1/0", "(((1",
    # expressions that cannot work, for the conditions, amounts and filters of card files
    "you.lp < 'x'", "self.nothing", "count(you.monsters)", "banana > 1", "'text'", "you.hand[99]",
]


def paths(node, prefix=()):
    """Every place of a parsed document: a tuple of keys and indexes."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, (*prefix, index))


def mutate(document, place, new_value):
    """A copy of ``document`` with the value at ``place`` replaced by ``new_value`` (the
    whole document when ``place`` is empty)."""
    if not place:
        return new_value
    out = copy.deepcopy(document)
    node = out
    for step in place[:-1]:
        node = node[step]
    node[place[-1]] = new_value
    return out


def deep(levels: int):
    """A list nested ``levels`` deep."""
    value: list = []
    for _ in range(levels):
        value = [value]
    return value

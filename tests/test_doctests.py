"""The examples in the docstrings of the core modules run as tests."""

import doctest
import importlib

import pytest

MODULES = [
    "cardjudge.errors",
    "cardjudge.rules.core.expr",
    "cardjudge.rules.core.choices",
    "cardjudge.rules.core.orderings",
    "cardjudge.rules.core.lasting",
    "cardjudge.rules.core.frozen",
    "cardjudge.rules.core.identity_memo",
    "cardjudge.rules.core.views",
    "cardjudge.cards.loader",
    "cardjudge.solver.explain",
    "cardjudge.rules.mtg.abilities",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0

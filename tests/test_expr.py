"""The card language: parsing into a closed tree, evaluation, and malformed expressions."""

import pytest

from cardjudge.rules.core.expr import Env, ExprError, evaluate, parse


def value(text, **names):
    return evaluate(parse(text), Env(names))


def test_filters_read_item_attributes_first():
    items = [{"atk": 1000}, {"atk": 2000}, {"atk": 1400}]
    assert value("count(xs where atk <= 1400)", xs=items) == 2
    assert value("any(xs, atk > 1900) and not all(xs, atk > 1900)", xs=items) is True


def test_membership_arithmetic_and_halving():
    assert value("m in ('normal', 'special')", m="special") is True
    assert value("half(1500) + 2 * 3", ) == 756
    assert value("'Spellbook' in name", name="Spellbook of Secrets") is True


def test_tree_is_parsed_once_and_cached():
    assert parse("a and b") is parse("a and b")


@pytest.mark.parametrize("text", ["a and", "count(xs", "x ==", "a $ b", "(1, 2"])
def test_malformed_expressions_are_refused(text):
    with pytest.raises(ExprError) as error:
        parse(text)
    assert "malformed expression" in str(error.value)


def test_unknown_name_is_an_error():
    with pytest.raises(ExprError):
        value("missing + 1")

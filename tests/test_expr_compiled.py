"""Compiled expressions mean what the tree walk means.

``evaluate`` runs closures compiled once per node; ``interpret`` walks the tree and is the
reference. Both must give the same value, or fail with the same error, on random expressions
over plain values and on every expression of the Yu-Gi-Oh library read in states reached by
random legal playouts.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions
from cardjudge.rules.core import expr
from cardjudge.rules.core.expr import Env, evaluate, interpret, parse
from cardjudge.rules.ygo.views import env_for
from playouts import EXAMPLES, Starts, start_positions


def outcome(run, tree, env):
    """What running ``tree`` gives: its value, or the type and message of its error."""
    try:
        return ("value", run(tree, env))
    except Exception as error:  # noqa: BLE001 - every error must be the same error
        return ("error", type(error).__name__, str(error))


# ------------------------------------------------------------------ random expressions

ITEMS = [{"atk": 1000, "name": "A"}, {"atk": 2000, "name": "B"}, {"atk": 1400, "name": "A"}]
NAMES = {"a": 3, "b": -2, "n": None, "s": "Spellbook", "xs": ITEMS, "ns": [1, 2, 3], "t": True}

atoms = st.sampled_from(["a", "b", "n", "s", "t", "xs", "ns", "it", "atk", "name", "missing",
                         "0", "1", "7", "1400", "'A'", "'Spell'", "true", "false", "none", "()", "[1, 2]"])


def _extend(inner):
    binary = st.sampled_from(["+", "-", "*", "//", "%", "==", "!=", "<", "<=", ">", ">=", "in", "not in",
                              "and", "or"])
    return st.one_of(
        st.tuples(inner, binary, inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        inner.map(lambda x: f"(not {x})"),
        inner.map(lambda x: f"(-{x})"),
        st.tuples(inner, inner).map(lambda t: f"({t[0]} where {t[1]})"),
        st.tuples(st.sampled_from(["count", "any", "all"]), inner, inner).map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
        st.tuples(st.sampled_from(["count", "any", "all", "len", "min", "max", "sum", "half", "list", "nope"]),
                  inner).map(lambda t: f"{t[0]}({t[1]})"),
        st.sampled_from(["count()", "any()", "half()", "nope()"]),
        st.tuples(inner, st.sampled_from(["atk", "name", "size", "first", "zz"])).map(lambda t: f"{t[0]}.{t[1]}"),
        st.tuples(inner, inner).map(lambda t: f"{t[0]}[{t[1]}]"),
        st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
    )


expressions = st.recursive(atoms, _extend, max_leaves=8)


@settings(max_examples=400, deadline=None)
@given(text=expressions, subject=st.sampled_from([None, *ITEMS, 5]))
def test_compiled_expressions_agree_with_the_tree_walk(text, subject):
    tree = parse(text)
    assert outcome(evaluate, tree, Env(NAMES, subject)) == outcome(interpret, tree, Env(NAMES, subject))


def test_a_node_is_compiled_once():
    tree = parse("count(xs where atk > 1000) + 1")
    assert evaluate(tree, Env(NAMES)) == 3
    closure = expr.compiled(tree)
    assert evaluate(tree, Env(NAMES)) == 3 and expr.compiled(tree) is closure


def test_what_is_not_an_expression_is_refused_by_both():
    assert outcome(evaluate, "a", Env({})) == outcome(interpret, "a", Env({}))
    assert outcome(evaluate, "a", Env({}))[0] == "error"


# ------------------------------------------------------------------ the library on real states

STARTS = Starts(start_positions("ygo"))


def _library_trees(state) -> list:
    """Every expression of the card pool's abilities: the parsed ones (conditions, filters, costs,
    targets, rules) and the texts of their effect steps."""
    trees, texts = [], set()

    def walk(value):
        if type(value) in NODE_TYPES:
            trees.append(value)
        elif isinstance(value, str):
            texts.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)
        elif hasattr(value, "__dataclass_fields__"):
            for field in value.__dataclass_fields__:
                walk(getattr(value, field))

    for card in state.pool:
        for ability in card.abilities:
            walk(ability)
    for text in sorted(texts):
        try:
            trees.append(parse(text))
        except expr.ExprError:
            pass  # a plain word of the card text (a zone, a position, a name), not an expression
    return trees


NODE_TYPES = frozenset(expr._COMPILERS)


@settings(max_examples=max(5, EXAMPLES // 3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(STARTS.positions)), picks=st.lists(st.integers(0, 50), max_size=8))
def test_library_expressions_agree_on_playout_states(name, picks):
    state = STARTS[name]
    for pick in picks:
        actions = legal_actions(state)
        if not actions:
            break
        state = apply(state, actions[pick % len(actions)])
    trees = _library_trees(state)
    assert trees
    for oid, obj in sorted(state.objects.items()):
        for tree in trees:
            compiled = outcome(evaluate, tree, env_for(state, oid, obj.controller))
            walked = outcome(interpret, tree, env_for(state, oid, obj.controller))
            assert compiled == walked, f"{tree} on {obj.label} in {name}"


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])

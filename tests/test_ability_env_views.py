"""The environment an ability's expressions are evaluated in (``env_for``, built by
``core.views.ability_env`` without calling the views' constructors, on a hot path) gives every
expression the value it has in the environment built by the views' constructors
(``core.views.ability_variables``): for every condition and event filter of the library's cards,
read from every object of the states along playouts of each game's positions."""

from __future__ import annotations

import pytest

from cardjudge import load_position
from cardjudge.rules.core.expr import Env, evaluate, names_read, parse
from cardjudge.rules.core.state import State
from cardjudge.rules.core.views import ability_variables
from cardjudge.rules.mtg import views as mtg_views
from cardjudge.rules.ygo import views as ygo_views
from playouts import start_files, states_along

VIEWS = {"ygo": ygo_views, "mtg": mtg_views}
ROLES = ("self", "you", "opponent", "game", "e")
# names of each role, read whatever the library's expressions read
PROBES = ("self.card", "you.name", "opponent.name", "count(you.hand where kind != none) == you.hand_size",
          "self == self", "e")
STARTS = [(game, path) for game in VIEWS for path in start_files(game)]


def _expressions(pool) -> list:
    """The parsed conditions and event filters of the pool's abilities, and the probes."""
    found = [parse(text) for text in PROBES]
    for card in pool:
        for ability in card.abilities:
            for field in ("condition", "when"):
                tree = getattr(ability, field, None)
                if tree is not None and not isinstance(tree, (str, dict, list, tuple)):
                    found.append(tree)
    return found


def _plain(value):
    """A value as plain data: a view as its class and what its slots hold (views of the same
    thing made two ways are two objects)."""
    if isinstance(value, State):
        return id(value)
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    slots = [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]
    if slots and not isinstance(value, (str, int, float, bool)):
        return (type(value).__name__, tuple((name, _plain(getattr(value, name, None))) for name in slots))
    return value


def _outcome(tree, env):
    try:
        return ("value", _plain(evaluate(tree, env)))
    except Exception as exc:  # the same failure either way is the same outcome
        return ("error", type(exc).__name__, str(exc))


def _by_constructors(game: str, tree, fast: Env, s, oid, controller, event) -> Env:
    """The environment of ``tree`` with its views made by their constructors, and ``fast``'s extras."""
    variables = ability_variables(VIEWS[game].VIEWS, names_read(tree), s, oid, controller, event)
    extras = {name: value for name, value in fast.vars.items() if name not in ROLES}
    return Env({**extras, **variables})


def _check(game: str, s) -> int:
    expressions = _expressions(s.pool)
    event = s.events[-1] if s.events else None
    checked = 0
    for oid, obj in s.objects.items():
        for tree in expressions:
            fast = VIEWS[game].env_for(s, oid, obj.controller, event)
            plain = _by_constructors(game, tree, fast, s, oid, obj.controller, event)
            assert _outcome(tree, fast) == _outcome(tree, plain), (game, obj.label, tree)
            checked += 1
    return checked


@pytest.mark.parametrize("game, path", STARTS, ids=[path.rsplit("/", 1)[-1] for _game, path in STARTS])
def test_ability_env_gives_each_expression_the_value_the_constructed_views_give(game, path):
    start = load_position(path)
    checked = _check(game, start)
    for state in states_along(start, [3, 1, 4, 1, 5]):
        checked += _check(game, state)
    assert checked > 0

"""How games work: the game-agnostic core and one package per game.

The registry below is the one list of games. Each game package exports ``RULES``, its part of
the game contract (:class:`cardjudge.rules.core.contract.Rules`); adding a game is its package
and one line here (or one :func:`register` call).
"""

from importlib import import_module

from cardjudge.cards import loader
from cardjudge.rules.core import key_rules
from cardjudge.rules.core.expr import reading_from

GAMES = {
    "ygo": "cardjudge.rules.ygo",
    "mtg": "cardjudge.rules.mtg",
    "eredan": "cardjudge.rules.eredan",
}


def rules_for(game: str):
    """The ``RULES`` of a registered game (KeyError for a game that is not registered)."""
    rules = _LOADED.get(game)
    if rules is None:
        if game not in GAMES:
            raise KeyError(game)
        rules = import_module(GAMES[game]).RULES
        if rules.name != game:
            raise ValueError(f"the package {GAMES[game]} describes the game {rules.name!r}, not {game!r}")
        key_rules.declare(rules)
        _LOADED[game] = rules
    return rules


def register(game: str, package: str) -> None:
    """Add a game: ``package`` is the importable name of a package exporting ``RULES``."""
    GAMES[game] = package
    _LOADED.pop(game, None)


def unregister(game: str) -> None:
    """Remove a game added by :func:`register`."""
    GAMES.pop(game, None)
    _LOADED.pop(game, None)


def games() -> tuple:
    """The names of the registered games, in registry order."""
    return tuple(GAMES)


def all_rules() -> tuple:
    """The ``RULES`` of every registered game."""
    return tuple(rules_for(game) for game in GAMES)


_LOADED: dict = {}  # game -> its RULES: every engine call asks, import_module is no lookup

loader.use_contract(loader.Contract(games, rules_for, reading_from))  # the loader reads cards through the contract

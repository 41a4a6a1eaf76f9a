"""How games work: the game-agnostic core and one rules module per game."""

from importlib import import_module

GAMES = {"ygo": "cardjudge.rules.ygo"}


def rules_for(game: str):
    """The rules module of a game (``compile_ability``, ``load_position``, ``legal_actions`` ...)."""
    if game not in GAMES:
        raise KeyError(game)
    return import_module(GAMES[game])

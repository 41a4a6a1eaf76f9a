"""How games work: the game-agnostic core and one rules module per game."""

from importlib import import_module

GAMES = {
    "ygo": "cardjudge.rules.ygo",
    "mtg": "cardjudge.rules.mtg",
    "eredan": "cardjudge.rules.eredan",
}


def rules_for(game: str):
    """The rules module of a game.

    A rules module exports ``compile_ability(raw, index, fields)``, ``load_position(data, source)``,
    ``legal_actions(state)``, ``apply(state, action)``, ``to_dict(state)`` and, for combo goals,
    ``goal_env(state, player)`` (the expression environment with ``you``, ``opponent``, ``winner``).
    It may export ``settled(state)``, whether nothing is pending (see ``core.settled``),
    ``check_card(card, source, line)``, which refuses a card whose fields the game
    cannot read (the loader calls it for every card), and ``apply_within_turn(state, action)``,
    an ``apply`` that stops once the turn has changed, for searches that treat later turns as
    ended (``core.engine.apply_within_turn`` falls back on ``apply``).
    """
    module = _LOADED.get(game)
    if module is None:
        if game not in GAMES:
            raise KeyError(game)
        module = _LOADED[game] = import_module(GAMES[game])
    return module


_LOADED: dict = {}  # game -> its rules module: every engine call asks, import_module is no lookup

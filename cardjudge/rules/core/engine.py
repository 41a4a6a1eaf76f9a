"""The one entry point: positions in, legal actions and successor states out, for any game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardjudge.cards import yamlio
from cardjudge.errors import InputError
from cardjudge.rules import GAMES, rules_for
from cardjudge.rules.core.state import State


def load_position(source: str | Path | dict) -> State:
    """Read a position (a file path, or an already parsed mapping) into a State; given a puzzle
    file, its ``position:``."""
    if isinstance(source, dict):
        data, name = source, "<position>"
    else:
        data, name = yamlio.load_file(source), str(source)
    if not isinstance(data, dict):
        raise InputError("a position must be a mapping with 'game' and 'players'", name, 1)
    if "puzzle" in data and "players" not in data:  # a puzzle file (contract section 6): its position
        data = data.get("position")
        if not isinstance(data, dict):
            raise InputError("a puzzle needs 'position:', a mapping with 'game' and 'players'", name, 1)
    game = data.get("game")
    if game is None:
        raise InputError(f"a position needs 'game' (one of {', '.join(GAMES)})", name, 1)
    if not isinstance(game, str) or game not in GAMES:
        raise InputError(f"unknown or unsupported game {game!r} (supported: {', '.join(GAMES)})", name,
                         yamlio.line_of(data, "game") or 1)
    rules = rules_for(game)
    try:
        state = rules.load_position(data, name)
    except (TypeError, ValueError) as error:
        # the last line of defence: a value of a type the game's reader did not check for
        raise InputError(f"a value of the wrong type in the position ({error})", name) from None
    # a position is taken as it stands; windows with nothing to decide pass by themselves
    return state


def legal_actions(state: State) -> list:
    """Every legal action of the player who must act now (empty only when the game is over)."""
    return rules_for(state.game).legal_actions(state)


def legal_actions_except(state: State, kinds: frozenset) -> list | None:
    """``legal_actions(state)`` without the actions whose kind is one of ``kinds``, in listing
    order, when the game can tell without building the whole listing (its rules module's
    ``legal_actions_except``); None otherwise. Such actions carry no id (ids number a whole
    listing); ``apply`` takes them as it takes the listed ones."""
    quick = rules_for(state.game).legal_actions_except
    return quick(state, kinds) if quick is not None else None


def apply(state: State, action: Any) -> State:
    """The state after ``action``; ``state`` itself is never changed."""
    return rules_for(state.game).apply(state, action)


def apply_within_turn(state: State, action: Any) -> State:
    """As :func:`apply` for searches that treat every later turn as ended: a game whose rules
    have their own ``apply_within_turn`` stop carrying the game on once the turn has changed (the
    state returned is then in the next turn, not advanced to its first decision); others apply
    as usual."""
    return rules_for(state.game).apply_within_turn(state, action)


def apply_stepwise(state: State, action: Any) -> State:
    """As :func:`apply` for searches that must see every resolution: a game whose rules module
    has ``apply_stepwise`` leaves an object on the stack nobody can respond to for the players
    to pass (each resolution one action); others apply as usual."""
    rules = rules_for(state.game)
    return (rules.apply_stepwise or rules.apply)(state, action)


def to_dict(state: State) -> dict:
    """The position in the contract's format (round-trips through ``load_position``)."""
    return rules_for(state.game).to_dict(state)

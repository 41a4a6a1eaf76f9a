"""Goals for the combo search: expressions in the card language, or named goals.

An expression is evaluated in the final state with ``you`` = the searching player,
``opponent`` = the other player, ``game`` = the game and ``winner`` = the winner's player
view (None while nobody has won)::

    opponent.lp <= 0
    winner == you
    count(you.monsters, name == "Blue-Eyes White Dragon") >= 1
    you.hand_size >= 6

Named goals:

- ``win``: the searching player wins (within the turns searched: the current turn by default);
- ``survive``: the searching player's next turn begins and they have not lost (through the
  opponent's turn: against an adversarial opponent, against every attack and answer; the
  search goes on at least until that turn begins);
- ``destroy: [L1, L2]``: the cards with those labels have left the field (Eredan: the
  characters are dead, the attached cards gone);
- ``control: [L1, L2]``: the searching player controls those cards (by label) on the field
  (Eredan: living characters, attached cards);
- ``play: NAME``: a card called NAME was played: it is face-up on the field, in the graveyard
  or banished (Eredan: played in the fight, attached or discarded), having been somewhere else
  at the start.

Every goal is reached only in a settled position (:func:`cardjudge.rules.core.settled.settled`):
the game is over, or the player who acts next holds priority with nothing pending.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
import re
from typing import Any, Callable

from cardjudge.errors import InputError
from cardjudge.rules import rules_for
from cardjudge.rules.core.engine import legal_actions
from cardjudge.rules.core.expr import evaluate, parse
from cardjudge.rules.core.settled import settled



@dataclass(frozen=True)
class Goal:
    """A predicate over states, for one searching player: ``test`` holds in a settled position."""

    text: str
    player: str
    test: Callable[[Any], bool]
    next_turn: bool = False  # reached only once the searching player's next turn has begun
    written: bool = False  # parsed from ``text``: the text says all that the test reads

    def __call__(self, state) -> bool:
        return settled(state) and bool(self.test(state))


def _labels(text: str) -> list[str]:
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    labels = [part.strip().strip("'\"") for part in text.split(",") if part.strip()]
    if not labels:
        raise InputError(f"goal: expected one or more card labels, got {text!r}")
    return labels


def _on_field(state, label: str, controller: str | None = None) -> bool:
    in_play = _in_play_test(state.game)
    for obj in state.objects.values():
        if obj.label == label and in_play(state, obj) and (controller is None or obj.controller == controller):
            return True
    return False


@lru_cache(maxsize=None)
def _in_play_test(game: str) -> Callable[[Any, Any], bool]:
    """The game's ``in_play(state, obj)`` (by default: whether the object is in a zone of the field)."""
    return rules_for(game).in_play


def parse_goal(goal: "str | Goal", state, player: str | None = None) -> Goal:
    """The goal for ``player`` (default: the player who acts now in ``state``)."""
    if isinstance(goal, Goal):
        return goal
    if callable(goal):
        return Goal(getattr(goal, "__name__", "goal"), player or _acting(state), goal)
    if not isinstance(goal, str) or not goal.strip():
        raise InputError(f"goal: expected an expression or a named goal, got {goal!r}")
    text = goal.strip()
    if player is None:
        player = _acting(state)
    if player not in state.players:
        raise InputError(f"goal: unknown player {player!r}")
    return replace(_text_goal(text, state, player), written=True)


def _text_goal(text: str, state, player: str) -> Goal:
    """The goal ``text`` (a named goal or an expression) for ``player``."""
    name, _, rest = text.partition(":")
    name = name.strip()
    if text == "win":
        return Goal(text, player, lambda s: s.winner == player)
    if text == "survive":
        start = state.turn
        return Goal(text, player, lambda s: s.winner in (None, player) and s.player(player).life > 0
                    and s.turn > start and s.active == player, next_turn=True)
    if name == "destroy" and rest:
        labels = _labels(rest)
        _check_labels(state, labels)
        return Goal(text, player, lambda s: not any(_on_field(s, label) for label in labels))
    if name == "control" and rest:
        labels = _labels(rest)
        _check_labels(state, labels)
        return Goal(text, player, lambda s: all(_on_field(s, label, player) for label in labels))
    if name == "play" and rest and not re.search(r"[=<>]", rest):
        card = rest.strip().strip("'\"")
        if state.pool is not None and card not in state.pool:
            raise InputError(f"goal: no card named {card!r} in the library of {state.game!r} or the position")
        before = _played_count(state, card)
        return Goal(text, player, lambda s: _played_count(s, card) > before)
    return _expression_goal(text, state, player)


def _acting(state) -> str:
    actions = legal_actions(state)
    return actions[0].player if actions else state.active


def _check_labels(state, labels) -> None:
    known = {obj.label for obj in state.objects.values()}
    missing = [label for label in labels if label not in known]
    if missing:
        raise InputError(f"goal: no card labelled {', '.join(missing)} in the position")


def _played_count(state, card: str) -> int:
    played = rules_for(state.game).played  # face-up on the field, or where played cards go
    return sum(1 for obj in state.objects.values() if obj.card == card and played(obj))


def _expression_goal(text: str, state, player: str) -> Goal:
    try:
        tree = parse(text)
    except InputError as exc:
        raise InputError(f"goal: {exc.message if hasattr(exc, 'message') else exc}") from None
    except Exception as exc:  # noqa: BLE001 - any parse failure is the user's
        raise InputError(f"goal: cannot parse {text!r}: {exc}") from None
    env_of = _env_maker(state)
    kind = _static_type(tree, text, env_of(state, player))

    def test(s) -> bool:
        try:
            value = evaluate(tree, env_of(s, player))
        except InputError as exc:
            raise InputError(f"goal: {exc.message}") from None
        if not isinstance(value, bool):
            raise InputError(f"goal: {text!r} is {_kind_of(value)}, not a condition (true or false)")
        return value

    try:
        test(state)  # unknown names and attributes, and values that are no condition, show up now
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise InputError(f"goal: cannot evaluate {text!r}: {exc}") from None
    if not _can_be_condition(kind):
        raise InputError(f"goal: {text!r} is {kind}, not a condition (true or false)")
    return Goal(text, player, test)


def _static_type(tree, text: str, env):
    """The type of a goal's expression in the game's goal environment ``env`` of the position
    (its names, and the attributes its views answer), read before any search: an unknown name
    or attribute, a number compared with a text, is refused now."""
    from cardjudge.rules.core import expr_types

    try:
        return expr_types.infer(tree, expr_types.scope_of(env))
    except InputError as exc:
        raise InputError(f"goal: {text!r}: {exc.message}") from None


def _can_be_condition(kind) -> bool:
    from cardjudge.rules.core import expr_types

    return kind in (expr_types.CONDITION, expr_types.ANY, expr_types.NONE)


def _kind_of(value) -> str:
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, (list, tuple)):
        return "a list"
    if value is None:
        return "none"
    return "a card or player"


def _env_maker(state):
    """The game's goal environment: its rules module's ``goal_env(state, player)``."""
    return rules_for(state.game).goal_env

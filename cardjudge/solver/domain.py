"""What the search needs from a game: the :class:`Domain` protocol and helpers over it."""

from __future__ import annotations

from typing import Hashable, Protocol

CHANCE = "chance"


class Domain(Protocol):
    """What the search needs from a game; states are immutable and hashable.

    ``counts`` is asked only about the searcher's own actions, ``is_pass`` only about the
    other players' (a passive opponent takes a pass when one is legal).
    """

    def actions(self, state) -> list: ...  # [] when the game is over
    def apply(self, state, action): ...
    def actor(self, state) -> str | None: ...  # a player, "chance", or None when over
    def chance_outcomes(self, state) -> list[tuple[object, float]]: ...
    def key(self, state) -> Hashable: ...  # interchangeable copies already merged
    def counts(self, action) -> bool: ...
    def is_pass(self, action) -> bool: ...

    # Optional, for speed: ``free_actions(state)``, the actions of ``actions(state)`` that do not
    # count, in the same order (what the search tries once its budget is spent, and where a
    # passive opponent looks for a pass), which the domain may build without the others; its
    # actions may differ from the listed ones by an id, given back by ``as_listed(state,
    # action)`` (the search passes the lines it returns through it).
    #
    # Optional, for merging lines with ``all_lines`` (defaults: the action itself; see
    # :mod:`cardjudge.solver.traces`):
    # ``signature(state, action)``: equal for the same decision made with interchangeable
    # copies in one state; ``identity(state, action)``: equal for the same action in two
    # listings, possibly of different states (ids and which copy aside).


def options(domain: Domain, state) -> list:
    """What can happen now: the actions of the player who acts, or chance's outcomes."""
    if domain.actor(state) == CHANCE:
        return [outcome for outcome, _ in domain.chance_outcomes(state)]
    return domain.actions(state)


def states_along(domain: Domain, root, actions) -> list:
    """The states of a line: ``root`` and the state after each of ``actions``."""
    states = [root]
    for action in actions:
        states.append(domain.apply(states[-1], action))
    return states


def signature(domain: Domain, state, action):
    """``domain.signature(state, action)``, or the action itself when the domain has none."""
    sign = getattr(domain, "signature", None)
    return action if sign is None else sign(state, action)


def identity(domain: Domain, state, action):
    """``domain.identity(state, action)``, or the action itself when the domain has none."""
    ident = getattr(domain, "identity", None)
    return action if ident is None else ident(state, action)

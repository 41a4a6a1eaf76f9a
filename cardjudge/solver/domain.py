"""What the search needs from a game: the :class:`Domain` protocol, the :class:`Line` a search
finds in a domain, and helpers over them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Protocol

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


@dataclass(frozen=True, slots=True)
class Line:
    """A line of play from some state to the goal, with the answers to every deviation.

    ``actions`` holds every action in order (both players, passes, choices, chance outcomes);
    ``length`` counts the searcher's counted actions among them. Each reply
    ``(prefix_length, alternative, line)`` says: if after ``actions[:prefix_length]`` the
    opponent (or chance) does ``alternative`` instead, continue with ``line``, whose actions
    start right after ``alternative``. ``variants`` counts the lines found that this one stands
    for (see :func:`cardjudge.solver.traces.merge_lines`); ``steps`` says what each action did, when the domain explains
    lines.
    """

    actions: tuple = ()
    length: int = 0
    replies: tuple = ()
    variants: int = 1  # how many lines found by the search this one stands for (all_lines)
    steps: tuple = ()  # what each action did, when the domain explains lines (see explain())
    reply_steps: tuple = ()  # what each reply's alternative did, in the order of ``replies``

    def to_dict(self, action_to_dict: Callable[[Any], Any] | None = None) -> dict:
        """Plain data: ``{"actions": [...], "length": n, "variants": n, "replies": [...]}``, each reply
        ``{"at": prefix_length, "action": alternative, "line": {...}}``; with ``"steps"`` (one
        dict per action: what was paid, targeted and what happened) when the line is explained,
        and each reply's ``"step"`` (what its alternative did). Actions become their own
        ``to_dict()`` (plain data ready for JSON) unless ``action_to_dict`` says otherwise."""
        if action_to_dict is None:
            action_to_dict = _plain
        replies = []
        for index, (at, alt, sub) in enumerate(self.replies):
            reply = {"at": at, "action": action_to_dict(alt), "line": sub.to_dict(action_to_dict)}
            if index < len(self.reply_steps):
                reply["step"] = self.reply_steps[index].to_dict()
            replies.append(reply)
        out = {
            "actions": [action_to_dict(a) for a in self.actions],
            "length": self.length,
            "variants": self.variants,
            "replies": replies,
        }
        if self.steps:
            out["steps"] = [step.to_dict() for step in self.steps]
        return out

    def explain(self, indent: str = "", first: int = 1) -> list[str]:
        """The line as numbered text (from ``first``), step by step with what happened when it is
        explained; each action is followed by the other outcomes or replies it answers, as
        "if instead N. <alternative>:" with the line that follows it indented."""
        out = []
        for at, action in enumerate(self.actions):
            out += self._step_texts(self.steps, at, action, indent, first + at)
            for index, (where, alt, sub) in enumerate(self.replies):
                if where != at:
                    continue
                told = self._step_texts(self.reply_steps, index, alt, indent, first + at)
                told[0] = f"{indent}if instead {told[0][len(indent):]}:"
                out += told + sub.explain(indent + "   ", first + at + 1)
        return out

    @staticmethod
    def _step_texts(steps, index, action, indent, number) -> list[str]:
        if index < len(steps):
            return steps[index].lines(indent)
        return [f"{indent}{number}. {action}"]


def _plain(action):
    """An action as plain data: its ``to_dict()``, or itself (a toy domain's string)."""
    to_dict = getattr(action, "to_dict", None)
    return to_dict() if to_dict is not None else action


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

"""Combo search over the rules engine: the engine seen as a :class:`~cardjudge.solver.search.Domain`.

Transpositions are merged through ``rules.core.canonical.canonical_key``, under which
interchangeable copies are one; states are compared by their digest first (:class:`StateKey`).

>>> import cardjudge
>>> state = cardjudge.load_position("examples/puzzles/ygo-tribute.yaml")  # doctest: +SKIP
>>> find_combos(state, "win", max_actions=3).found  # doctest: +SKIP
True
"""

from __future__ import annotations

import re
from typing import Callable, Hashable

from cardjudge.rules.core.canonical import canonical_key, digest
from cardjudge.rules.core.engine import apply as engine_apply
from cardjudge.rules.core.engine import legal_actions
from cardjudge.solver.explain import explain_line
from cardjudge.solver.goals import Goal, parse_goal
from cardjudge.solver.search import Line, SearchResult, SearchStats, search_lines

COUNTED = frozenset({"summon", "set", "activate", "cast", "play_land", "attack", "block"})

_APPLY_CACHE = 20000


class StateKey:
    """A state seen up to interchangeable copies, as a dictionary key.

    It hashes by ``digest(state)`` and builds the full ``canonical_key`` only to compare two
    states whose digests agree, which most new states never need.
    """

    __slots__ = ("state", "digest", "_full")

    def __init__(self, state):
        self.state = state
        self.digest = digest(state)
        self._full = None

    def full(self) -> Hashable:
        """The canonical key of the state."""
        if self._full is None:
            self._full = canonical_key(self.state)
        return self._full

    def __hash__(self) -> int:
        return self.digest

    def __eq__(self, other) -> bool:
        if not isinstance(other, StateKey):
            return NotImplemented
        return self is other or (self.digest == other.digest and self.full() == other.full())


class _names:
    """Card labels of a state replaced by card names (in lists of labels and in texts)."""

    def __init__(self, state):
        self.by_label = {obj.label: obj.card for obj in state.objects.values()}
        labels = sorted(self.by_label, key=len, reverse=True)
        self.pattern = re.compile(r"\b(" + "|".join(map(re.escape, labels)) + r")\b") if labels else None

    def __call__(self, labels) -> tuple:
        return tuple(self.by_label.get(label, label) for label in labels)

    def text(self, text: str) -> str:
        if self.pattern is None:
            return text
        return self.pattern.sub(lambda match: self.by_label[match.group(1)], text)


class EngineDomain:
    """The rules engine as a search domain.

    ``this_turn``: states of a later turn than the root's are treated as ended (no actions).
    """

    def __init__(self, root, this_turn: bool = False):
        self.root_turn = root.turn
        self.this_turn = this_turn
        self._actions: dict = {}
        self._applied: dict = {}

    # -- Domain protocol ------------------------------------------------------------------------

    def _ended(self, state) -> bool:
        return state.winner is not None or (self.this_turn and state.turn != self.root_turn)

    def actions(self, state) -> list:
        if self._ended(state):
            return []
        cached = self._actions.get(state)
        if cached is not None:
            return cached
        # legal_actions lists a decision made with interchangeable copies once (G1); two actions
        # that still lead to one position meet again in the transposition table.
        unique = legal_actions(state)
        if len(self._actions) > _APPLY_CACHE:
            self._actions.clear()
        self._actions[state] = unique
        return unique

    def apply(self, state, action):
        key = (state, action)
        after = self._applied.get(key)
        if after is None:
            after = engine_apply(state, action)
            if len(self._applied) > _APPLY_CACHE:
                self._applied.clear()
            self._applied[key] = after
        return after

    def actor(self, state) -> str | None:
        actions = self.actions(state)
        return actions[0].player if actions else None

    def chance_outcomes(self, state) -> list:
        return []  # the engine has no random events in the positions it plays

    def key(self, state) -> Hashable:
        cache = state.cache()
        key = cache.get("combo_key")
        if key is None:
            key = cache["combo_key"] = StateKey(state)
        return key

    def identity(self, state, action) -> tuple:
        """The action as the player sees it, every card named by its name rather than its label:
        the same action in another listing, or made with another copy of the same card."""
        names = _names(state)
        return (action.player, action.kind, action.card, action.ability,
                tuple((part.kind, tuple(sorted(names(part.cards))), part.amount) for part in action.costs),
                tuple(sorted(names(action.targets))), action.position, names.text(action.text))

    def signature(self, state, action) -> tuple:
        """The action with every card it names described by what it is and where, so that the
        same decision made with interchangeable copies has one signature."""
        by_label = {obj.label: obj for obj in state.objects.values()}

        def what(label):
            obj = by_label.get(label)
            if obj is None:
                return label
            return (obj.card, obj.zone, obj.controller, obj.owner, obj.position, obj.face_up, obj.flags,
                    obj.counters, obj.summon_type)

        def whats(labels) -> tuple:
            return tuple(sorted((what(label) for label in labels), key=repr))

        return (action.player, action.kind, action.card, what(action.card_id), action.ability,
                tuple(sorted(((part.kind, whats(part.cards), part.amount) for part in action.costs), key=repr)),
                whats(action.targets), action.position, _names(state).text(action.text))

    def explain(self, state, actions) -> list:
        """What each action did, replayed from ``state`` (see :mod:`cardjudge.solver.explain`)."""
        return explain_line(state, actions)

    def counts(self, action) -> bool:
        return action.kind in COUNTED

    def is_pass(self, action) -> bool:
        return action.kind == "pass"


def find_combos(state, goal: "str | Goal | Callable", max_actions: int = 3, opponent: str = "passive",
                chance: str = "worst", limit_nodes: int | None = 200000, limit_seconds: float | None = 60,
                all_lines: bool = False, progress: Callable[[SearchStats, Line | None], None] | None = None,
                player: str | None = None) -> SearchResult:
    """Lines of play from ``state`` that reach ``goal`` for the player who acts now (or ``player``).

    ``goal`` is an expression of the card language or a named goal (see
    :mod:`cardjudge.solver.goals`). The result's lines hold engine Actions; use
    ``line.to_dict(lambda a: a.to_dict())`` for plain data. Raises InputError for a malformed goal.
    """
    goal = parse_goal(goal, state, player)
    domain = EngineDomain(state, this_turn=goal.this_turn)
    return search_lines(domain, state, goal, searcher=goal.player, max_actions=max_actions, opponent=opponent,
                        chance=chance, limit_nodes=limit_nodes, limit_seconds=limit_seconds, all_lines=all_lines,
                        progress=progress)

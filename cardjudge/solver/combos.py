"""Combo search over the rules engine: the engine seen as a :class:`~cardjudge.solver.search.Domain`.

Transpositions are merged through ``rules.core.canonical.canonical_key``, under which
interchangeable copies are one.

>>> import cardjudge
>>> state = cardjudge.load_position("examples/puzzles/ygo-tribute.yaml")  # doctest: +SKIP
>>> find_combos(state, "win", max_actions=3).found  # doctest: +SKIP
True
"""

from __future__ import annotations

from typing import Callable, Hashable

from cardjudge.rules.core.canonical import canonical_key
from cardjudge.rules.core.engine import apply as engine_apply
from cardjudge.rules.core.engine import legal_actions
from cardjudge.solver.goals import Goal, parse_goal
from cardjudge.solver.search import Line, SearchResult, SearchStats, search_lines

COUNTED = frozenset({"summon", "set", "activate", "cast", "play_land", "attack", "block"})

_APPLY_CACHE = 20000


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
        unique: list = []
        seen: set = set()
        for action in legal_actions(state):
            after = self.apply(state, action)
            mark = (action.kind, action.card, self.key(after))
            if mark in seen:  # the same decision made with another copy of the same card
                continue
            seen.add(mark)
            unique.append(action)
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
        """[(action, probability)] when chance acts now (an Eredan attack roll), else [].

        Outcomes that lead to the same position (canonical key) are one outcome whose
        probability is their sum; the first such action stands for them.
        """
        if self._ended(state):
            return []
        merged: dict = {}
        for action in legal_actions(state):
            if action.player != "chance":
                return []
            key = self.key(self.apply(state, action))
            if key in merged:
                merged[key] = (merged[key][0], merged[key][1] + action.get("probability"))
            else:
                merged[key] = (action, action.get("probability"))
        return list(merged.values())

    def key(self, state) -> Hashable:
        cache = state.cache()
        key = cache.get("combo_key")
        if key is None:
            key = cache["combo_key"] = canonical_key(state)
        return key

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

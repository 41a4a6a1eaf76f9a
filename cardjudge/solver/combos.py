"""Combo search over the rules engine: the engine seen as a :class:`~cardjudge.solver.search.Domain`.

The canonical key of a state merges interchangeable copies: it describes every card by what
it is and where (card name, zone, controller, position, face-up, flags, counters) without
its label or object id, and the chain, pending triggers, lasting effects and windows with
the objects they refer to described the same way.

>>> import cardjudge
>>> state = cardjudge.load_position("examples/puzzles/ygo-tribute.yaml")  # doctest: +SKIP
>>> find_combos(state, "win", max_actions=3).found  # doctest: +SKIP
True
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Hashable

from cardjudge.rules.core.engine import apply as engine_apply
from cardjudge.rules.core.engine import legal_actions
from cardjudge.solver.goals import Goal, parse_goal
from cardjudge.solver.search import Line, SearchResult, SearchStats, search_lines

COUNTED = frozenset({"summon", "set", "activate", "cast", "play_land", "attack", "block"})

# Fields of the engine's records that hold object ids.
_OID_FIELDS = frozenset({"oid", "oids", "affected", "source", "equipped_to", "candidates", "cards", "bound",
                         "targets", "attacker", "target"})
# Fields that only number or order things and never change what can happen next.
_SKIPPED_FIELDS = frozenset({"lid", "seq", "step", "label", "labels", "number", "id"})
# game_data entries whose values are (tuples of) object ids.
_OID_DATA = frozenset({"attack", "summoning", "maintenance"})
_SKIPPED_DATA = frozenset({"step"})
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
        return []  # the engine has no random events in the positions it plays

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


def _describe(state, oid) -> tuple:
    obj = state.objects.get(oid)
    if obj is None:
        return ("gone",)
    return (obj.card, obj.zone, obj.controller, obj.owner, obj.position, obj.face_up, tuple(sorted(obj.flags)),
            obj.counters, obj.summon_type)


def _canon(state, value: Any, oids: bool = False) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, str | float):
        return value
    if isinstance(value, int):
        return _describe(state, value) if oids else value
    if isinstance(value, tuple | list):
        return tuple(_canon(state, item, oids) for item in value)
    if isinstance(value, frozenset | set):
        return tuple(sorted((_canon(state, item, oids) for item in value), key=repr))
    if isinstance(value, dict):
        return tuple(sorted(((k, _canon(state, v, oids or k in _OID_FIELDS)) for k, v in value.items()), key=repr))
    if dataclasses.is_dataclass(value):
        return (type(value).__name__,) + tuple(
            (f.name, _canon(state, getattr(value, f.name), oids or f.name in _OID_FIELDS))
            for f in dataclasses.fields(value) if f.name not in _SKIPPED_FIELDS
        )
    return repr(value)


def _used(state, item) -> Any:
    if isinstance(item, tuple) and len(item) == 4 and item[:2] == ("turn", "soft"):
        return (item[0], item[1], _describe(state, item[2]), item[3])
    return _canon(state, item)


def canonical_key(state) -> Hashable:
    """A key equal for states that differ only by which copy of a card is where."""
    players = []
    for index, name in enumerate(state.players):
        ps = state.player_states[index]
        zones = []
        for (owner, zone), oids in sorted(state.zones.items()):
            if owner != name:
                continue
            cards = [_describe(state, oid)[:1] + _describe(state, oid)[2:] for oid in oids]
            if zone != "deck":  # the order of the deck matters; other zones are multisets
                cards.sort(key=repr)
            equips = tuple(sorted((repr(_describe(state, state.objects[o].equipped_to)) for o in oids
                                   if state.objects[o].equipped_to is not None)))
            zones.append((zone, tuple(cards), equips))
        players.append((name, ps.life, tuple(sorted(ps.flags, key=repr)), _canon(state, ps.extra), tuple(zones)))
    data = tuple(sorted(
        ((k, _canon(state, v, k in _OID_DATA)) for k, v in state.game_data if k not in _SKIPPED_DATA), key=repr))
    return (
        state.turn, state.active, state.phase, state.winner, tuple(players),
        _canon(state, state.chain),
        tuple(sorted((_canon(state, p) for p in state.pending), key=repr)),
        tuple(sorted((_canon(state, e) for e in state.lasting), key=repr)),
        tuple(sorted((_used(state, u) for u in state.used), key=repr)),
        data,
    )


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

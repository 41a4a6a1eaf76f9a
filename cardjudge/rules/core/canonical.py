"""The canonical key of a state: equal for states that differ only by which copy is where.

It describes every card by what it is and where (card name, zone, controller, position,
face-up, flags, counters) without its label or object id, and the chain, pending
triggers, lasting effects and windows with the objects they refer to described the same
way. The transposition table of the searches and the merging of duplicate actions use it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Hashable

# Fields of the engine's records that hold object ids.
_OID_FIELDS = frozenset({"oid", "oids", "affected", "source", "equipped_to", "candidates", "cards", "bound",
                         "targets", "attacker", "target"})
# Fields that only number or order things and never change what can happen next.
_SKIPPED_FIELDS = frozenset({"lid", "seq", "step", "label", "labels", "number", "id"})
# game_data entries whose values are (tuples of) object ids.
_OID_DATA = frozenset({"attack", "summoning", "maintenance"})
_SKIPPED_DATA = frozenset({"step"})

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

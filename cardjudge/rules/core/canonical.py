"""The canonical key of a state: equal for states that differ only by which copy is where.

It describes every card by what it is and where (card name, zone, controller, position,
face-up, flags, counters) without its label or object id, and the chain, pending
triggers, lasting effects and windows with the objects they refer to described the same
way. The transposition table of the searches and the merging of duplicate actions use it.

Building the key costs more than making a successor state, so searches first compare
``digest(state)``: an order-free 64-bit summary (the sum of mixed per-object hashes modulo
2^64, plus a hash of the rest) that is equal whenever the keys are equal. ``Draft.freeze``
keeps it up to date incrementally from the state it started from, hashing only the objects
that changed; the full key is built only when two digests agree.
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
# Game-specific values of an object (Obj.extra) that hold the id of another object.
_OID_EXTRA = _OID_FIELDS | {"blocking", "attached_to"}
# Zones whose order matters (the top of a deck or library is drawn first); others are multisets.
_ORDERED_ZONES = frozenset({"deck", "library"})


def _extra(obj) -> tuple:
    """An object's game-specific values with references to other objects left out."""
    if not obj.extra:
        return ()
    return tuple((k, None if k in _OID_EXTRA else v) for k, v in obj.extra)


def _extra_refs(state, obj) -> tuple:
    """The referred objects of an object's game-specific values, described (not recursively)."""
    return tuple((k, _describe(state, v) if isinstance(v, int) else v) for k, v in obj.extra if k in _OID_EXTRA)


def _describe(state, oid) -> tuple:
    obj = state.objects.get(oid)
    if obj is None:
        return ("gone",)
    return (obj.card, obj.zone, obj.controller, obj.owner, obj.position, obj.face_up, tuple(sorted(obj.flags)),
            obj.counters, obj.summon_type, _extra(obj))


_MASK = (1 << 64) - 1


def _mixed(h: int) -> int:
    """``h`` as 64 bits passed through the splitmix64 finalizer, ready to be summed.

    Python's tuple hash is nearly additive: changing one item changes the hash by an amount
    that, but for carries, depends only on the change and the item's place. Summed raw, the
    hashes of two states in which one mark (tapped, blocked, ...) sits on one object or on
    another then collide about one time in five; mixed first, only by chance.
    """
    h &= _MASK
    h = ((h ^ (h >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    h = ((h ^ (h >> 27)) * 0x94D049BB133111EB) & _MASK
    return h ^ (h >> 31)


def object_hash(obj) -> int:
    """The hash of an object's description in the key (what it is and where, not which copy)."""
    return _mixed(hash((obj.card, obj.zone, obj.controller, obj.owner, obj.position, obj.face_up, obj.flags,
                        obj.counters, obj.summon_type, _extra(obj), obj.equipped_to is None)))


def objects_digest(objects) -> int:
    """The order-free sum of the object hashes of ``objects`` (a mapping oid -> Obj)."""
    total = 0
    for obj in objects.values():
        total += object_hash(obj)
    return total & _MASK


def updated_objects_digest(total: int, before, after) -> int:
    """``objects_digest(after)`` from ``total = objects_digest(before)``, hashing only what changed.

    ``before`` and ``after`` map oids to objects; unchanged objects are the same Python objects.
    """
    added = 0
    for oid, obj in after.items():
        old = before.get(oid)
        if old is not obj:
            total += object_hash(obj)
            if old is None:
                added += 1
            else:
                total -= object_hash(old)
    if len(before) + added != len(after):  # some objects left
        for oid, old in before.items():
            if oid not in after:
                total -= object_hash(old)
    return total & _MASK


def digest(state) -> int:
    """A 64-bit summary of ``canonical_key(state)``: equal keys give equal digests.

    The objects part is taken from the state's memo when ``Draft.freeze`` left it there; the
    rest hashes everything of the key that names no object (records are read without their
    object-id fields).
    """
    cache = state.cache()
    objects = cache.get("objects_digest")
    if objects is None:
        objects = cache["objects_digest"] = objects_digest(state.objects)
    rest = (state.turn, state.active, state.phase, state.winner,
            tuple((ps.name, ps.life, ps.flags, _shallow(state, ps.extra)) for ps in state.player_states),
            _shallow(state, state.chain), _multiset(state, state.pending), _multiset(state, state.lasting),
            _multiset(state, (_used_shallow(state, u) for u in state.used)),
            _data_multiset(state))
    return (objects + hash(rest)) & _MASK


def _data_multiset(state) -> int:
    """What ``_multiset`` gives for the (key, shallow value) pairs of ``game_data``, without its
    second pass over values that are already shallow (``_shallow`` leaves its results as they are)."""
    total = 0
    for k, v in state.game_data:
        if k not in _SKIPPED_DATA:
            total += _mixed(hash((k, _shallow(state, v, k in _OID_DATA))))
    return total & _MASK


def _multiset(state, values) -> int:
    total = 0
    for value in values:
        total += _mixed(hash(_shallow(state, value)))
    return total & _MASK


def _used_shallow(state, item):
    if isinstance(item, tuple) and len(item) == 4 and item[:2] == ("turn", "soft"):
        return (item[0], item[1], _object(state, item[2]), item[3])
    return item


def _object(state, oid) -> int | str:
    obj = state.objects.get(oid)
    return "gone" if obj is None else object_hash(obj)


_PLAIN = frozenset({str, type(None), bool, float})


def _shallow(state, value: Any, oids: bool = False) -> Any:
    """``_canon`` made cheap: objects referred to stand as their ``object_hash``, multisets as
    frozensets. A function of the canonical form, so equal canonical forms give equal results."""
    kind = type(value)
    if kind is str or value is None or kind is bool or kind is float:
        return value
    if kind is int:
        return _object(state, value) if oids else value
    if kind is tuple or kind is list:
        # plain items stand for themselves: kept inline, without a call each
        return tuple([item if type(item) in _PLAIN or (not oids and type(item) is int) else _shallow(state, item, oids)
                      for item in value])
    fields = _record_fields(kind)
    if fields is not None:
        out = [kind.__name__]
        for name, refers in fields:
            item = getattr(value, name)
            if type(item) in _PLAIN or (type(item) is int and not (oids or refers)):
                out.append((name, item))
            else:
                out.append((name, _shallow(state, item, oids or refers)))
        return tuple(out)
    if kind is frozenset or kind is set:
        return frozenset([_shallow(state, item, oids) for item in value])
    if kind is dict:
        return frozenset([(k, _shallow(state, v, oids or k in _OID_FIELDS)) for k, v in value.items()])
    if isinstance(value, int):
        return _object(state, value) if oids else value
    return repr(value)


_RECORD_FIELDS: dict = {}


def _record_fields(kind) -> tuple | None:
    """(field name, holds object ids) for the fields of a dataclass that the key keeps; None for
    other types."""
    if kind not in _RECORD_FIELDS:
        _RECORD_FIELDS[kind] = (tuple((f.name, f.name in _OID_FIELDS) for f in dataclasses.fields(kind)
                                      if f.name not in _SKIPPED_FIELDS)
                                if dataclasses.is_dataclass(kind) else None)
    return _RECORD_FIELDS[kind]


def _canon(state, value: Any, oids: bool = False) -> Any:
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is int:
        return _describe(state, value) if oids else value
    if kind is tuple:
        return tuple([_canon(state, item, oids) for item in value])
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
    fields = _record_fields(kind)
    if fields is not None:
        return (kind.__name__,) + tuple([(name, _canon(state, getattr(value, name), oids or refers))
                                         for name, refers in fields])
    return repr(value)


def _used(state, item) -> Any:
    if isinstance(item, tuple) and len(item) == 4 and item[:2] == ("turn", "soft"):
        return (item[0], item[1], _describe(state, item[2]), item[3])
    return _canon(state, item)


def canonical_key(state) -> Hashable:
    """A key equal for states that differ only by which copy of a card is where."""
    objects = state.objects
    zones_of: dict = {name: [] for name in state.players}
    for (owner, zone), oids in sorted(state.zones.items()):
        cards = []
        equips = []
        for oid in oids:
            obj = objects[oid]
            cards.append((obj.card, obj.controller, obj.owner, obj.position, obj.face_up, obj.flags, obj.counters,
                          obj.summon_type, _extra(obj), _extra_refs(state, obj)))
            if obj.equipped_to is not None:
                equips.append(_describe(state, obj.equipped_to))
        if zone not in _ORDERED_ZONES:
            # Any fixed order of equal entries will do; hashes sort entries that mix None and text.
            cards.sort(key=hash)
        equips.sort(key=hash)
        zones_of.setdefault(owner, []).append((zone, tuple(cards), tuple(equips)))
    players = [(name, ps.life, ps.flags, _canon(state, ps.extra), tuple(zones_of[name]))
               for name, ps in zip(state.players, state.player_states)]
    # game_data has one entry per key: ordered by key, not by the repr of the whole entry
    data = tuple(sorted(
        ((k, _canon(state, v, k in _OID_DATA)) for k, v in state.game_data if k not in _SKIPPED_DATA),
        key=_first))
    return (
        state.turn, state.active, state.phase, state.winner, tuple(players),
        _canon(state, state.chain),
        _in_order([_canon(state, p) for p in state.pending]),
        _in_order([_canon(state, e) for e in state.lasting]),
        _in_order([_used(state, u) for u in state.used]),
        data,
    )


def _first(pair: tuple):
    return pair[0]


def _in_order(items: list) -> tuple:
    """A multiset as a tuple in a fixed order (none needed for fewer than two items)."""
    if len(items) < 2:
        return tuple(items)
    return tuple(sorted(items, key=repr))

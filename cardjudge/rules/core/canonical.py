"""The canonical key of a state, and its digest: equal for states that differ only by which copy
is where.

``canonical_key`` describes every card by what it is and where (card name, zone, controller,
owner, position, face-up, flags, counters, game-specific values, and the objects it refers to:
what it is equipped to, what it blocks...) without its label or object id, the order of the
ordered zones (a deck, a library), and the chain, pending triggers, lasting effects, once-per-turn
marks and game data with the objects they refer to described the same way. A referred object is
described by its own values only (not by what it refers to in turn).

``digest`` (:mod:`cardjudge.rules.core.digest`) is what the searches compare instead: a 128-bit
summary of the key, kept up to date by ``Draft.freeze`` from the state the apply started from
(``carry_digest``), so that a new state costs only the hashing of what changed. It is the sum
modulo 2^128 of one term per part of the key (one per card, per position in an ordered zone, per
player, per game-data entry, per pending trigger, lasting effect and mark, and one for the chain
and one for turn and phase), each term the Python hash of the part passed through a 128-bit
mixer. Referred objects enter a part as the hash of their description, so a part is hashed again
only when it or an object it refers to changed, as in Zobrist hashing.

Equal keys give equal digests, always (each term is a function of its part of the key, and a
multiset is summed, so no order enters). Different keys give equal digests only by accident:
either two different parts (or descriptions within them) have the same 64-bit Python hash, about
n^2 / 2^65 for n distinct parts hashed during a search (below 10^-7 for a million), or two
different sums of mixed terms meet, about m^2 / 2^129 for m states. The searches therefore take
equal digests for equal keys; a false merge of two positions has about that probability.
Python's hash is made injective where it is not by construction: -1 hashes as -2 in CPython, so
an integer -1 is hashed as a marker; integers are assumed below 2^61 in size. Digests are
compared within one process only (Python salts its string hashes per process), and the reuse of
terms relies on states being immutable, as everything in the engine is.
"""

from __future__ import annotations

from typing import Any, Hashable

from cardjudge.rules.core.described import describer
from cardjudge.rules.core.digest import carry_digest, digest, objects_digest
from cardjudge.rules import rules_for
from cardjudge.rules.core.key_rules import (DECLARED, DICT, GONE, OID_DATA, OID_EXTRA, OID_FIELDS, ORDERED_ZONES, SET,
                                            SKIPPED_DATA, is_soft_mark, keyed_extra, record_fields)

__all__ = ["canonical_key", "card_description", "carry_digest", "digest", "objects_digest"]


def canonical_key(state) -> Hashable:
    """A key equal for states that differ only by which copy of a card is where.

    This is the reference the digest summarises (and the tests compare it with); the searches
    use ``digest``, which is much cheaper to keep up to date.
    """
    if state.game not in DECLARED:
        rules_for(state.game)  # its keys and ordered zones, declared
    objects = state.objects
    players = tuple((name, ps.life, _sorted_flags(ps.flags), _canon(objects, ps.extra))
                    for name, ps in zip(state.players, state.player_states))
    cards = _in_order([card_description(obj, objects) for obj in objects.values()])
    ordered = tuple((where, tuple(card_description(objects[oid], objects) for oid in oids))
                    for where, oids in sorted(state.zones.items()) if oids and where[1] in ORDERED_ZONES)
    empty = tuple(sorted(where for where, oids in state.zones.items() if not oids))
    data = tuple(sorted((k, _canon(objects, v, k in OID_DATA)) for k, v in state.game_data
                        if k not in SKIPPED_DATA))
    return (
        state.turn, state.active, state.phase, state.winner, players, cards, ordered, empty,
        _canon(objects, state.chain),
        _in_order([_canon(objects, p) for p in state.pending]),
        _in_order([_canon(objects, e) for e in state.lasting]),
        _in_order([_used(objects, u) for u in state.used]),
        data,
    )


# An object's described fields (``core.described``) as the key holds them: sets sorted.
_own = describer({"plain": "{v}", "set": "tuple(sorted({v}))", "counts": "{v}"})


def card_description(obj, objects) -> tuple:
    """A card as the key sees it: its own values and the descriptions of the objects it refers to."""
    return _own(obj) + (
        _extra(obj),
        tuple((k, _describe(objects, v) if isinstance(v, int) else v) for k, v in obj.extra if k in OID_EXTRA),
        None if obj.equipped_to is None else _describe(objects, obj.equipped_to))


def _describe(objects, oid) -> tuple:
    """A referred object by its own values (what it refers to in turn left out)."""
    obj = objects.get(oid)
    if obj is None:
        return GONE
    return _own(obj) + (_extra(obj), obj.equipped_to is None)


def _extra(obj) -> tuple:
    """An object's game-specific values with references to other objects left out."""
    extra = keyed_extra(obj.extra)
    if not extra:
        return ()
    return tuple((k, None if k in OID_EXTRA else v) for k, v in extra)


def _sorted_flags(flags) -> tuple:
    return tuple(sorted(flags))


_PLAIN = frozenset({str, type(None), bool, float})


def _canon(objects, value: Any, oids: bool = False) -> Any:
    """``value`` with the object ids it holds described (in fields that hold ids), records as
    (type name, (field, value)...) without their numbering fields, sets and dicts in a fixed order."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is int:
        return _describe(objects, value) if oids else value
    if kind is tuple:
        return tuple([_canon(objects, item, oids) for item in value])
    if isinstance(value, bool) or value is None or isinstance(value, str | float):
        return value
    if isinstance(value, int):
        return _describe(objects, value) if oids else value
    if isinstance(value, tuple | list):
        return tuple(_canon(objects, item, oids) for item in value)
    if isinstance(value, frozenset | set):
        return (SET,) + tuple(sorted((_canon(objects, item, oids) for item in value), key=repr))
    if isinstance(value, dict):
        return (DICT,) + tuple(sorted(((k, _canon(objects, v, oids or k in OID_FIELDS)) for k, v in value.items()),
                                       key=repr))
    fields = record_fields(kind)
    if fields is not None:
        return (kind.__name__,) + tuple([(name, _canon(objects, getattr(value, name), oids or refers))
                                         for name, refers, _ in fields])
    return repr(value)


def _used(objects, item) -> Any:
    if is_soft_mark(item):
        return (item[0], item[1], _describe(objects, item[2]), item[3])
    return _canon(objects, item)


def _in_order(items: list) -> tuple:
    """A multiset as a tuple in a fixed order (none needed for fewer than two items)."""
    if len(items) < 2:
        return tuple(items)
    return tuple(sorted(items, key=repr))

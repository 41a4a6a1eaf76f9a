"""What the canonical key of a state keeps (see :mod:`cardjudge.rules.core.canonical`), shared by
the key and its digest (:mod:`cardjudge.rules.core.digest`): which fields of the engine's records
and which game-data entries hold object ids, what only numbers things, which zones are ordered,
and how a record's fields are read."""

from __future__ import annotations

import dataclasses

# Fields of the engine's records that hold object ids.
OID_FIELDS = frozenset({"oid", "oids", "affected", "source", "equipped_to", "candidates", "cards", "bound",
                        "targets", "attacker", "target", "bindings", "options"})
# Fields that only number or order things and never change what can happen next.
SKIPPED_FIELDS = frozenset({"lid", "seq", "step", "label", "labels", "number", "id", "sid", "did"})
SKIPPED_DATA = frozenset({"step"})
# What the games declare (their RULES' ``id_data``, ``id_extra``, ``ordered_zones``), gathered over
# every game whose rules were loaded (``declare``): game_data entries whose values are (tuples of)
# object ids; values of an object (Obj.extra) that hold the id of another object; zones whose order
# matters (the top of a deck is drawn first; others are multisets). Sets filled in place: the key
# and the digest test membership in them on every state, and import them by name.
OID_DATA: set = set()
OID_EXTRA: set = set(OID_FIELDS)
ORDERED_ZONES: set = set()
DECLARED: set = set()  # the games whose words are in the sets above
# Game-specific values of an object that record something no rule reads (where on the field a card
# lies, when nothing reads places): kept in the state, left out of the key.
UNKEYED_EXTRA = frozenset({"slot"})


def declare(rules) -> None:
    """Add a game's keys and ordered zones to what the key and the digest read (the registry
    calls it when it loads a game's rules)."""
    OID_DATA.update(rules.id_data)
    OID_EXTRA.update(rules.id_extra)
    ORDERED_ZONES.update(rules.ordered_zones)
    DECLARED.add(rules.name)


def keyed_extra(extra: tuple) -> tuple:
    """An object's game-specific values without those the key leaves out (``UNKEYED_EXTRA``)."""
    if not extra:
        return extra
    if len(extra) == 1:  # the common case, a card's unread zone alone: no list built
        return () if extra[0][0] in UNKEYED_EXTRA else extra
    for key, _ in extra:
        if key in UNKEYED_EXTRA:
            return tuple([item for item in extra if item[0] not in UNKEYED_EXTRA])
    return extra


class Marker:
    """A value no state holds, standing for a kind of container in keys (a set and a tuple of
    the same items are different values)."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name}>"


SET = Marker("set")
DICT = Marker("dict")
GONE = ("gone",)  # what a referred object that left is described as


def is_soft_mark(item) -> bool:
    """A once-per-turn mark of the form ("turn", "soft", oid, ability): it names an object."""
    return type(item) is tuple and len(item) == 4 and item[0] == "turn" and item[1] == "soft"


_RECORD_FIELDS: dict = {}


def record_fields(kind) -> tuple | None:
    """(field name, holds object ids, hash of the field names) for the fields of a dataclass that
    the key keeps; None for other types. A field left out of the record's equality (``compare=False``,
    such as the closure an expression compiles to) is not part of its value, so not of the key."""
    if kind not in _RECORD_FIELDS:
        if dataclasses.is_dataclass(kind):
            kept = [f.name for f in dataclasses.fields(kind) if f.compare and f.name not in SKIPPED_FIELDS]
            names = hash(tuple(kept))
            _RECORD_FIELDS[kind] = tuple((name, name in OID_FIELDS, names) for name in kept)
        else:
            _RECORD_FIELDS[kind] = None
    return _RECORD_FIELDS[kind]

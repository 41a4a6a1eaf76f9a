"""An object's fields, described once: what the canonical key, the digest and the copy checks read.

``Obj`` (in ``core.state``) has three kinds of fields:

- its identity, ``IDENTITY``: the rules identity and the physical card's label, which no key
  holds (two copies of a card in the same place are one position);
- what it is, ``DESCRIBED``: each field with how the keys hold it, ``"plain"`` (as it is),
  ``"set"`` (a frozenset: sorted in the canonical key, hashed as it is) or ``"counts"`` (sorted
  (name, count) pairs: hashed with care for -1, see ``digest._counters``);
- what it refers to, ``REFERENCES``: other objects by id, and the game-specific pairs (some of
  which hold ids, ``OID_EXTRA``), which the keys describe by the objects referred to.

What a move keeps, sets and resets (``KEPT_BY_MOVE``, ``SET_BY_MOVE``, ``PER_ZONE``) comes from
the same lists: ``Draft.move`` builds the new object from them.

:func:`describer` makes, from ``DESCRIBED``, the function that reads an object's description in
one key's forms; ``canonical`` and ``digest`` build theirs with it, so a field added to ``Obj``
and to ``DESCRIBED`` reaches both at once (a test checks that every field of ``Obj`` is in one of
the three lists).

>>> from cardjudge.rules.core.state import Obj
>>> read = describer({"plain": "{v}", "set": "tuple(sorted({v}))", "counts": "{v}"})
>>> read(Obj(1, "B", "Grizzly Bears", "you", "you", "battlefield", flags=frozenset({"sick", "tapped"})))
('Grizzly Bears', 'battlefield', 'you', 'you', None, True, ('sick', 'tapped'), (), None)
"""

from __future__ import annotations

from operator import attrgetter
from typing import Callable

IDENTITY = ("oid", "label")
DESCRIBED = (("card", "plain"), ("zone", "plain"), ("controller", "plain"), ("owner", "plain"),
             ("position", "plain"), ("face_up", "plain"), ("flags", "set"), ("counters", "counts"),
             ("summon_type", "plain"))
REFERENCES = ("equipped_to", "extra")

DESCRIBED_NAMES = tuple(name for name, _ in DESCRIBED)

# A move (``Draft.move``: the card goes to another zone as a new object, rule 400.7) keeps the
# physical card and its owner, and sets the new object's id, zone and controller itself; every
# other field is of the object's stay in one zone, ``PER_ZONE``, and starts again at its default
# unless the move is given a value for it. A field added to the description is per zone unless
# it is named here.
KEPT_BY_MOVE = ("label", "card", "owner")
SET_BY_MOVE = ("oid", "zone", "controller")
PER_ZONE = tuple(name for name in (*IDENTITY, *DESCRIBED_NAMES, *REFERENCES)
                 if name not in KEPT_BY_MOVE and name not in SET_BY_MOVE)

# Every field but the identity, as a tuple: equal for objects that are the same card in the same
# state (what the copy checks compare).
values = attrgetter(*DESCRIBED_NAMES, *REFERENCES)
# The described fields as they are, as a tuple.
described_values = attrgetter(*DESCRIBED_NAMES)


def describer(forms: dict[str, str], names: dict | None = None) -> Callable:
    """A function ``obj -> tuple`` of the described fields in order, each written as
    ``forms[how]``: a Python expression in which ``{v}`` stands for the field read
    (``obj.counters``), using the functions of ``names``. Generated once, for the hot paths of
    the digest (a tuple written out costs less than a loop over the fields)."""
    parts = [forms[how].format(v=f"obj.{name}") for name, how in DESCRIBED]
    namespace = dict(names or {})
    exec(f"def describe(obj):\n    return ({', '.join(parts)},)\n", namespace)
    return namespace["describe"]

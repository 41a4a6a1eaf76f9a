"""What is worked out from one state and kept for it: the record of a state's derived values.

A State (and a Draft) holds one such record, made on first use by ``State.derived()``: an
instance of its game's ``Rules.derived`` (a subclass of :class:`Derived` declared in the game's
package, adding that game's own fields). The record is no part of the state's value: neither its
key nor its digest reads it, ``dataclasses.replace`` and a copy of a state never carry it, and a
new state starts without one (``Draft.freeze`` leaves in it only what the state's own apply
knows of the new state: its digest, updated from the state before, and a listing the apply had
to work out). A Draft forgets its record at each change (``Draft.touched``).

Every field starts empty (None) and is filled by the one function that owns it; a field that is
a table (per object, per cost) is made on first use too, so an unused field costs nothing.
A record class is declared with :func:`derived_record` (a slots dataclass whose constructor
takes no argument: a Draft makes a record after each change that is read, thousands a second).

>>> record = Derived()
>>> record.listing is None and record.digest_parts is None
True
>>> record.other = 1
Traceback (most recent call last):
AttributeError: 'Derived' object has no attribute 'other'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import MISSING, dataclass, fields
from typing import TypeVar

T = TypeVar("T")


def derived_record(cls: type[T]) -> type[T]:
    """``cls`` as a slots dataclass of fields that all default to None, made by a constructor
    without arguments that sets each field to None (about a third cheaper than the dataclass's,
    which takes every field as an optional argument)."""
    cls = dataclass(slots=True, eq=False, init=False)(cls)
    names = [f.name for f in fields(cls)]
    for f in fields(cls):
        if f.default is not None or f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a derived value starts as None")
    namespace: dict = {}
    body = "".join(f"    self.{name} = None\n" for name in names) or "    pass\n"
    exec(f"def __init__(self):\n{body}", namespace)  # as dataclasses does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


def memo_table(record, name: str) -> dict:
    """The record's table ``name`` (a field that starts None), made empty on first use. Readers
    write ``record.NAME or memo_table(record, "NAME")``: while the table holds anything, reading
    it costs one attribute and no call."""
    found = getattr(record, name)
    if found is None:
        found = {}
        setattr(record, name, found)
    return found


@derived_record
class Derived:
    """The derived values every game has (a game's record adds its own fields).

    - ``digest_parts``: the terms of the state's digest (``digest._Parts``), which
      ``digest.carry_digest`` updates into the next state's record;
    - ``listing``: the legal actions as the game's ``legal_actions`` lists them (the caller gets
      a copy);
    - ``card_names``: label -> card name of the state's objects, for the explanation of a line;
    - ``explained``: the state in the contract's format with the cards listed in it, as the
      explanation of a line reads it (``solver.explain._Position``).
    """

    digest_parts: object = None
    listing: Sequence | None = None
    card_names: dict | None = None
    explained: object = None

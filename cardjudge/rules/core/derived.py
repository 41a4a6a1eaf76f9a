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

>>> record = Derived()
>>> record.listing is None and record.digest_parts is None
True
>>> record.other = 1
Traceback (most recent call last):
AttributeError: 'Derived' object has no attribute 'other'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(slots=True, eq=False)
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

    digest_parts: Any = None
    listing: Sequence | None = None
    card_names: dict | None = None
    explained: Any = None

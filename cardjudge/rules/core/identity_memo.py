"""A memo of values derived from objects that are compared by identity, not equality.

Card definitions and compiled ability parts are not hashable (or are costly to hash), so a
derived value is kept under ``id(obj)`` together with the object itself: the object stays
alive while its entry does, and an id reused by another object after the first was freed is
recognised as a miss. The table is emptied when it reaches ``limit`` entries, since positions
loaded one after another each bring their own definitions.

>>> lengths = IdentityMemo(limit=2)
>>> word = ["a", "b"]
>>> lengths.get(word, len)
2
>>> lengths.get(word, lambda _: 99)  # remembered for this very object
2
>>> lengths.get(["a", "b"], lambda _: 99)  # an equal but different object is computed anew
99
"""

from __future__ import annotations

from typing import Any, Callable


class IdentityMemo:
    """``get(obj, compute)``: ``compute(obj)``, remembered for that very object."""

    __slots__ = ("table", "limit")

    def __init__(self, limit: int = 4096):
        self.table: dict[int, tuple[Any, Any]] = {}
        self.limit = limit

    def get(self, obj: Any, compute: Callable[[Any], Any]) -> Any:
        """The value derived from ``obj``, computed once per object."""
        known = self.table.get(id(obj))
        if known is not None and known[0] is obj:
            return known[1]
        value = compute(obj)
        if len(self.table) >= self.limit:
            self.table.clear()
        self.table[id(obj)] = (obj, value)
        return value

    def clear(self) -> None:
        """Forget every remembered value."""
        self.table.clear()

"""Values derived from one object, carried from state to state while what they read is the same.

An apply copies a state's containers but shares every object it leaves unchanged, so the states
of a search hold the same ``Obj`` for a card that no action touched. A value derived from an
object (a permanent's characteristics, its definition) reads that object and a few things of
the state around it; the state's derived values (``State.derived``) forget it at every change
of a Draft (several times per action) and again in each new state. A :class:`CarriedMemo` keeps it under the object's identity
together with what it read, the *context*: the state's lasting effects, its card pool and
whatever else the caller names (compared by equality, so an equal context found in another
state gives the value back). The caller must name everything the value reads besides the
object: a value read with a context that leaves something out would be carried where that
thing differs.

>>> from cardjudge.rules.core.state import Obj
>>> memo = CarriedMemo()
>>> bear = Obj(1, "B", "Grizzly Bears", "you", "you", "battlefield")
>>> memo.get(bear, (), "pool", None, lambda: "computed")
'computed'
>>> memo.get(bear, (), "pool", None, lambda: "again")  # the same object, the same context
'computed'
>>> memo.get(bear, (), "pool", ("Haste",), lambda: "again")  # another context: computed anew
'again'
"""

from __future__ import annotations

from typing import Any, Callable


class CarriedMemo:
    """``get(obj, lasting, pool, context, compute)``: ``compute()``, remembered for that very
    object with equal lasting effects, the same card pool and an equal ``context``."""

    __slots__ = ("table", "limit")

    def __init__(self, limit: int = 50_000):
        self.table: dict[int, tuple] = {}
        self.limit = limit

    def get(self, obj: Any, lasting: tuple, pool: Any, context: Any, compute: Callable[[], Any]) -> Any:
        """The value derived from ``obj`` in this context, computed once per object and context."""
        known = self.table.get(id(obj))
        if (known is not None and known[0] is obj and known[2] is pool
                and (known[1] is lasting or known[1] == lasting) and known[3] == context):
            return known[4]
        value = compute()
        if len(self.table) >= self.limit:
            self.table.clear()
        # the object is kept in the entry, so that its id cannot be reused while it is remembered
        self.table[id(obj)] = (obj, tuple(lasting), pool, context, value)
        return value

    def clear(self) -> None:
        """Forget every remembered value."""
        self.table.clear()


class CarriedByObjects:
    """A value derived from a sequence of objects (every permanent, in order) and nothing else of
    the state but its lasting effects and card pool, remembered for those very objects in that
    order, with whatever else the caller names as ``context`` (compared by equality), as
    :class:`CarriedMemo` does for one object: an apply shares every object it leaves unchanged,
    so the states and changes of a search that touch no permanent find the value again. The
    objects are kept in the entry, so that their ids cannot be reused while they are remembered.
    """

    __slots__ = ("table", "limit")

    def __init__(self, limit: int = 20_000):
        self.table: dict[tuple, tuple] = {}
        self.limit = limit

    def get(self, objs: tuple, lasting: tuple, pool: Any, context: Any, compute: Callable[[], Any]) -> Any:
        """``compute()``, remembered for these very objects with equal lasting effects, the same
        card pool and an equal ``context``."""
        key = tuple(map(id, objs))
        known = self.table.get(key)
        if (known is not None and known[1] is pool and (known[2] is lasting or known[2] == lasting)
                and known[3] == context):
            return known[4]
        value = compute()
        if len(self.table) >= self.limit:
            self.table.clear()
        self.table[key] = (objs, pool, tuple(lasting), context, value)
        return value

    def clear(self) -> None:
        """Forget every remembered value."""
        self.table.clear()

"""Frozen records that are cheap to make.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, which looks
the attribute up by name every time, and the engine makes several records per action it applies
or lists (states, objects, events, actions, characteristics). Two ways around it, both making
the same instances, which stay frozen to everyone else:

- :func:`quick_init` gives the class an ``__init__`` with the same parameters that calls each
  slot's own setter (about half the cost): for records made by calling the class anywhere.
- :func:`record_maker` makes a function that fills a plain twin of the class and then turns it
  into the class (about a third of the cost): for the few places that make records by the
  thousand (``Draft.freeze``, moves, events, characteristics).
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Replace the ``__init__`` of ``cls`` (a ``@dataclass(frozen=True, slots=True)``) by one
    that sets the slots directly; fields that are not ``__init__`` parameters get their default.
    Refuses classes with ``__post_init__`` or default factories (not needed so far)."""
    params = fields_set = ""
    namespace: dict = {}
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has __post_init__")
    for number, field in enumerate(dataclasses.fields(cls)):
        if field.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{field.name} has a default factory")
        setter, default = f"_set{number}", f"_default{number}"
        namespace[setter] = getattr(cls, field.name).__set__
        if field.default is not dataclasses.MISSING:
            namespace[default] = field.default
        if field.init:
            params += f", {field.name}" + (f"={default}" if field.default is not dataclasses.MISSING else "")
            fields_set += f"    {setter}(self, {field.name})\n"
        else:
            fields_set += f"    {setter}(self, {default})\n"
    exec(f"def __init__(self{params}):\n{fields_set or '    pass'}\n", namespace)  # as dataclasses does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init
    return cls


def slots_twin(cls) -> type:
    """A plain class with the slots of the frozen dataclass ``cls``, to build its instances fast.

    An instance of the twin is filled with ordinary attribute stores and then becomes a ``cls``
    (``__class__`` can be assigned between classes with the same slots): the same object at
    about a third of the cost of the dataclass's constructor.
    """
    twin = type(f"_{cls.__name__}Slots", (), {"__slots__": cls.__slots__})
    probe = twin()
    probe.__class__ = cls  # refused at import if the layouts ever differ
    return twin


def record_maker(cls, params: tuple[str, ...] | None = None):
    """A function that makes a ``cls`` (a ``@dataclass(frozen=True, slots=True)``) through its
    slots twin, for the records a hot path makes by the thousand.

    Its parameters are ``params`` in that order (default: every field, in the dataclass's
    order); a parameter with a default in the dataclass keeps it, and every field that is not a
    parameter gets its default. The result equals what the dataclass's constructor makes.
    """
    fields = dataclasses.fields(cls)
    by_name = {field.name: field for field in fields}
    params = tuple(by_name) if params is None else params
    if set(params) - set(by_name):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(params) - set(by_name))[0]!r}")
    namespace: dict = {"_Twin": slots_twin(cls), "_cls": cls}
    signature, body = [], []
    for name in params:
        default = by_name[name].default
        if default is not dataclasses.MISSING:
            namespace[f"_default_{name}"] = default
            signature.append(f"{name}=_default_{name}")
        else:
            signature.append(name)
        body.append(f"    made.{name} = {name}\n")
    for field in fields:
        if field.name in params:
            continue
        if field.default is dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{field.name} has no default and is not a parameter")
        namespace[f"_default_{field.name}"] = field.default
        body.append(f"    made.{field.name} = _default_{field.name}\n")
    exec(f"def make({', '.join(signature)}):\n    made = _Twin()\n{''.join(body)}"  # as dataclasses does
         f"    made.__class__ = _cls\n    return made\n", namespace)
    make = namespace["make"]
    make.__name__ = make.__qualname__ = f"make_{cls.__name__}"
    make.__doc__ = f"A {cls.__name__}, built through its slots twin (see record_maker)."
    return make


def record_changer(cls, make):
    """A function ``(record, changes) -> copy`` of a ``cls`` with the fields named in the dict
    ``changes`` changed, made by ``make`` (a :func:`record_maker` taking every ``__init__``
    field in order): ``dataclasses.replace`` at a third of its cost, for a hot path. Field names
    are not checked (the caller does)."""
    names = [field.name for field in dataclasses.fields(cls) if field.init]
    args = ", ".join(f"get({name!r}, record.{name})" for name in names)
    namespace: dict = {"make": make}
    exec(f"def change(record, changes):\n    get = changes.get\n    return make({args})\n", namespace)
    return namespace["change"]

"""Frozen records that are cheap to make.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, which looks
the attribute up by name every time. The engine makes several records per action it applies or
lists (events, actions, objects), so :func:`quick_init` gives a frozen, slotted dataclass an
``__init__`` with the same parameters and defaults that calls each slot's own setter instead:
the same instance, made in about half the time. Instances stay frozen to everyone else.
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

"""Plain YAML values (mappings, lists, scalars) as hashable frozen values, and back.

States are frozen and hashed (DESIGN.md), so the effect steps and rules that abilities, stack
items and delayed triggers carry are kept as nested tuples: a mapping becomes a tuple of
``(key, value)`` pairs in its order, a list a tuple that starts with the marker ``"__list__"``.
``thaw(freeze(v)) == v`` for every such value whose lists do not begin with that marker.

>>> freeze({"draw": 1, "then": [{"gain": 2}]})
(('draw', 1), ('then', ('__list__', (('gain', 2),))))
>>> thaw(freeze({"draw": 1, "then": [{"gain": 2}]}))
{'draw': 1, 'then': [{'gain': 2}]}
"""

from __future__ import annotations

LIST = "__list__"


def freeze(value):
    """The hashable form of a plain value: mappings and lists turned into tuples, recursively."""
    if isinstance(value, dict):
        return tuple((k, freeze(v)) for k, v in value.items())
    if isinstance(value, list):
        return (LIST, *(freeze(v) for v in value))
    return value


def thaw(value):
    """The plain dict/list form of a value made by ``freeze``."""
    if isinstance(value, tuple):
        if value and value[0] == LIST:
            return [thaw(v) for v in value[1:]]
        return {k: thaw(v) for k, v in value}
    return value

"""The reading of an ability's ``cost:`` shared by every game: a list of ``{part: body}``
mappings (or one of them, or a string a game reads itself), each part named among the game's
known parts, its body checked against what that part may hold.

A game declares its parts as a table ``name -> PartShape`` and turns each ``ReadPart`` into
its own cost record; the meaning of a part (what paying it does) stays in the game. Each bad
part is refused with an InputError naming the part, which the card loader places at the file
and line of the ability.

>>> TABLE = {"discard": PartShape("selection", default_from="you.hand"),
...          "pay": PartShape("amount")}
>>> [p.kind for p in read_cost([{"pay": 100}, {"discard": "self"}], TABLE)]
['pay', 'discard']
>>> try:
...     read_cost([{"borrow": 2}], TABLE)
... except InputError as error:
...     print(error.message)
cost: unknown part 'borrow' (known: discard, pay)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from cardjudge.errors import InputError
from cardjudge.rules.core.ability_checks import parsed

BODIES = {"amount", "number", "positive", "change", "selection", "fields"}


@dataclass(frozen=True)
class PartShape:
    """What the body of one cost part may hold.

    ``body`` is one of: ``amount`` (a number 0 or more or an expression, or one of ``words``),
    ``number`` (a whole number 0 or more), ``positive`` (a whole number 1 or more), ``change``
    (a whole number of either sign), ``selection`` (``self`` or a mapping with
    ``from``/``where``/``count``: the cards paid) or ``fields`` (a mapping of the keys of
    ``fields``, each a whole number 1 or more when its default is a number, else a text).
    ``hint`` replaces the generic message when a number body is wrong.
    """

    body: str
    default_from: str | None = None  # selection: the candidates when 'from' is not written
    min_count: int = 0  # selection: the least 'count'
    count_range: bool = False  # selection: 'count' may be [min, max] (the least is paid)
    words: tuple = ()  # amount: words accepted as they are (like "half")
    fields: dict = field(default_factory=dict)  # fields: key -> default
    hint: str = ""


@dataclass(frozen=True)
class ReadPart:
    """One checked cost part: its name and what its body says."""

    kind: str
    self_only: bool = False
    source: object | None = None  # expression tree of the candidates
    where: object | None = None  # expression tree of the filter
    count: int = 1
    amount: object | None = None  # a number, an expression tree or one of the shape's words
    fields: tuple = ()  # (key, value) pairs of a ``fields`` body, every key present


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(kind: str, shape: PartShape, spec, ok: bool, generic: str):
    if not ok:
        raise InputError(f"cost: {shape.hint}, not {spec!r}" if shape.hint else f"cost: {kind}: {generic}, not {spec!r}")
    return spec


def _count(kind: str, shape: PartShape, value) -> int:
    if _whole(value) and value >= shape.min_count:
        return value
    if (shape.count_range and isinstance(value, list) and len(value) == 2 and all(_whole(v) for v in value)
            and shape.min_count <= value[0] <= value[1]):
        return value[0]
    least = "a positive number" if shape.min_count == 1 else f"a number {shape.min_count} or more"
    ranged = " or [min, max] with min <= max" if shape.count_range else ""
    raise InputError(f"cost: {kind}: count must be {least}{ranged}, not {value!r}")


def read_part(raw, table: dict) -> ReadPart:
    """The one cost part ``raw`` (a one-key mapping ``{part: body}``) checked against ``table``."""
    if not isinstance(raw, dict) or len(raw) != 1:
        example = next(iter(sorted(table)), "part")
        raise InputError(f"cost: each part is a one-key mapping like {{{example}: ...}}, not {raw!r}")
    (kind, spec), = raw.items()
    shape = table.get(kind)
    if shape is None:
        raise InputError(f"cost: unknown part {kind!r} (known: {', '.join(sorted(table))})")
    what = f"cost: {kind}"
    if shape.body == "amount":
        if spec in shape.words:
            return ReadPart(kind, amount=spec)
        if _whole(spec) and spec < 0:
            raise InputError(f"{what}: must be 0 or more, not {spec}")
        return ReadPart(kind, amount=parsed(spec, what))
    if shape.body == "number":
        return ReadPart(kind, amount=_number(kind, shape, spec, _whole(spec) and spec >= 0, "takes a number 0 or more"))
    if shape.body == "positive":
        return ReadPart(kind, count=_number(kind, shape, spec, _whole(spec) and spec >= 1, "takes a number 1 or more"))
    if shape.body == "change":
        return ReadPart(kind, self_only=True, amount=_number(kind, shape, spec, _whole(spec), "takes a whole number"))
    if shape.body == "fields":
        return ReadPart(kind, self_only=True, fields=_fields(kind, shape, spec))
    if spec == "self":
        return ReadPart(kind, self_only=True)
    if not isinstance(spec, dict):
        raise InputError(f"{what}: takes 'self' or a mapping with from/where/count, not {spec!r}")
    unknown = set(spec) - {"from", "where", "count"}
    if unknown:
        raise InputError(f"{what}: unknown key {sorted(unknown)[0]!r} (known: count, from, where)")
    return ReadPart(kind, source=parsed(spec.get("from", shape.default_from), what),
                    where=parsed(spec.get("where"), what), count=_count(kind, shape, spec.get("count", 1)))


def _fields(kind: str, shape: PartShape, spec) -> tuple:
    keys = ", ".join(f"{key}: {default}" for key, default in shape.fields.items())
    refused = InputError(shape.hint and f"cost: {shape.hint}" or f"cost: {kind} takes {{{keys}}}")
    if not isinstance(spec, dict) or set(spec) - set(shape.fields):
        raise refused
    out = []
    for key, default in shape.fields.items():
        value = spec.get(key, default)
        if _whole(default) and not (_whole(value) and value >= 1):
            raise refused
        out.append((key, value if _whole(default) else str(value)))
    return tuple(out)


def read_cost(raw, table: dict, read_text: Callable[[str], object] | None = None, lone: bool = True) -> list:
    """Each part of the ``cost:`` value ``raw`` (None, a list of parts, or when ``lone`` one part
    alone), read in order: a mapping through ``table``, a string through the game's
    ``read_text`` (a game without one refuses a string)."""
    if raw is None or raw == []:
        return []
    if not lone and not isinstance(raw, list):
        raise InputError(f"cost: a list of parts like [{{{next(iter(sorted(table)), 'part')}: ...}}], not {raw!r}")
    out = []
    for item in raw if isinstance(raw, list) else [raw]:
        if isinstance(item, str) and read_text is not None:
            out.append(read_text(item))
        else:
            out.append(read_part(item, table))
    return out

"""The checks that open the compiling of an ability in every game whose abilities have a ``kind``
and effect steps: the ability is a mapping of known keys with a known kind, an expression
parses, and effect steps are a list of one-operation mappings. Each refuses bad input with an
InputError that the card loader places at the file and line of the ability.
"""

from __future__ import annotations

from typing import Iterator

from cardjudge.errors import InputError
from cardjudge.rules.core.expr import parse


def ability_kind(raw, keys: set, kinds: set, kind_prefix: str = "") -> str:
    """The ``kind`` of the ability mapping ``raw``, refused when ``raw`` is not a mapping, holds a
    key outside ``keys`` or names a kind outside ``kinds`` (message led by ``kind_prefix``)."""
    if not isinstance(raw, dict):
        raise InputError("an ability is a mapping with a 'kind'")
    unknown = set(raw) - keys
    if unknown:
        raise InputError(f"unknown key {sorted(unknown)[0]!r}")
    kind = raw.get("kind")
    if kind not in kinds:
        raise InputError(f"{kind_prefix}unknown ability kind {kind!r} (known: {', '.join(sorted(kinds))})")
    return kind


def parsed(value, what: str):
    """The expression tree of ``value`` (None stays None); a parse error is refused naming ``what``."""
    if value is None:
        return None
    try:
        return parse(value)
    except InputError as error:
        raise InputError(f"{what}: {error.message}") from None


def steps_with_ops(steps, what: str, ops: set) -> Iterator[tuple[dict, str]]:
    """Each effect step of ``steps`` with its operation, refused (naming ``what``) when ``steps``
    is not a list, a step is not a non-empty mapping or its operation is not among ``ops``."""
    if not isinstance(steps, list):
        raise InputError(f"{what} must be a list of steps")
    for step in steps:
        if not isinstance(step, dict) or not step:
            raise InputError(f"{what}: each step is a mapping like {{destroy: t}}")
        op = next(iter(step))
        if op not in ops:
            raise InputError(f"{what}: unknown step {op!r}")
        yield step, op

"""Magic's keywords, each registered by the module of the rules that implements it.

A module that makes a keyword do something registers it beside that code:

    FLYING, REACH = implements(__name__, "Flying", "Reach")
    implements_form(__name__, "Crew N", r"Crew (?P<n>-?\\d+)")

and only a registered keyword is known to the card checks (``problem``): a keyword the rules do
not implement is refused where a card or an effect writes it. The rules are complete once the
game's rules are imported (``rules.mtg.game`` imports every module that implements one).

>>> import cardjudge.rules.mtg.game  # the rules, with every module that implements a keyword
>>> where_implemented("Flying"), where_implemented("Equip 2")
('cardjudge.rules.mtg.combat', 'cardjudge.rules.mtg.abilities')
>>> problem("Teleport").split(" (")[0], problem("Equip -1")
("unknown keyword 'Teleport'", 'Equip takes a number 0 or more, not -1')
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Form(NamedTuple):
    """A keyword with a parameter (``Crew N``, ``Cycling {cost}``), as the rules read it."""

    shown: str  # how an error names it
    pattern: re.Pattern  # the whole keyword; a group ``n`` is a number that must be 0 or more
    module: str


_NAMED: dict[str, str] = {}  # keyword -> the module that implements it
_FORMS: list[Form] = []


def implements(module: str, *names: str) -> tuple[str, ...]:
    """Register ``names`` as keywords that ``module`` implements; the names, for the module's own use."""
    for name in names:
        _NAMED[name] = module
    return names


def implements_form(module: str, shown: str, pattern: str) -> re.Pattern:
    """Register a keyword with a parameter that ``module`` implements (``pattern`` matches it
    whole); the compiled pattern, for the module's own use."""
    compiled = re.compile(pattern)
    _FORMS.append(Form(shown, compiled, module))
    return compiled


def where_implemented(keyword: str) -> str | None:
    """The module that implements ``keyword`` (a name or a form's instance), or None."""
    if keyword in _NAMED:
        return _NAMED[keyword]
    form = _form_of(keyword)
    return form.module if form is not None else None


def known() -> list[str]:
    """Every registered keyword, the named ones sorted, then the forms as errors show them."""
    return sorted(_NAMED) + [form.shown for form in _FORMS]


def problem(keyword) -> str | None:
    """What is wrong with a keyword as a card or effect writes it (unknown, or a negative
    number), or None."""
    if isinstance(keyword, str) and keyword in _NAMED:
        return None
    form = _form_of(keyword) if isinstance(keyword, str) else None
    if form is None:
        return f"unknown keyword {keyword!r} (known: {', '.join(known())})"
    match = form.pattern.fullmatch(keyword)
    number = match.groupdict().get("n")
    if number is not None and int(number) < 0:
        return f"{keyword.split()[0]} takes a number 0 or more, not {number}"
    return None


def _form_of(keyword: str) -> Form | None:
    return next((form for form in _FORMS if form.pattern.fullmatch(keyword)), None)

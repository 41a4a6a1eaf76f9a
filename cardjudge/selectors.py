"""Selectors: pick one legal action by its fields.

A selector is a string of ``key=value`` words, quoted like a shell command line::

    kind=activate card="Limiter Removal" targets=Z1,Z2 costs_include=AX

Each key names a field of ``Action.to_dict()``; an action matches when every named
field matches:

- ``targets``: the same *set* of labels (``targets=`` means no targets);
- ``costs_include``: labels that must all be among the cards of the action's costs;
- ``costs``: the set of the kinds of its cost parts (``costs=pay_lp``; ``costs=`` means
  no cost);
- ``card_id``, ``targets`` and ``costs_include`` take a card's name wherever a label is
  expected, when one card of the position has that name (``targets="Grizzly Bears"``); a name
  that several cards share is an error naming their labels;
- ``ability`` and other numbers compare as numbers, ``true``/``false`` as booleans,
  ``null`` as "no value"; every other field (``id``, ``player``, ``kind``, ``card``,
  ``card_id``, ``position``, ``text``, ...) is compared as text, exactly.

:func:`select` wants exactly one match. No match, a match of several actions (even
when they differ only in fields the selector does not name) or an unknown key is an
:class:`~cardjudge.errors.InputError` whose one-line message lists the candidates, so
the user can add the field that tells them apart. ``id=a3`` always picks by id.

>>> class A:
...     def __init__(self, **fields): self.fields = fields
...     def to_dict(self): return dict(self.fields)
>>> actions = [
...     A(id="a1", player="you", kind="summon", card="Test Machine", card_id="M1",
...       ability=None, costs=[], targets=[], text="you summon Test Machine"),
...     A(id="a2", player="you", kind="activate", card="Limiter Removal", card_id="LR",
...       ability=0, costs=[], targets=[], text="you activate Limiter Removal"),
... ]
>>> select(actions, 'card="Limiter Removal"').to_dict()["id"]
'a2'
>>> select(actions, "kind=pass")
Traceback (most recent call last):
...
cardjudge.errors.InputError: <input>: no legal action matches 'kind=pass'; candidates: a1 you summon Test Machine [M1] | a2 you activate Limiter Removal [LR]
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardjudge.errors import InputError

#: Keys every selector may use, whatever the actions carry.
KNOWN_KEYS = (
    "id",
    "player",
    "kind",
    "card",
    "card_id",
    "ability",
    "costs",
    "costs_include",
    "targets",
    "position",
    "text",
)

#: Keys whose value is a comma-separated list of labels (or kinds), compared as a set.
SET_KEYS = frozenset({"targets", "costs_include", "costs"})

_MAX_CANDIDATES = 20


@dataclass(frozen=True, slots=True)
class Selector:
    """A parsed selector: ``(key, value)`` pairs in the order written.

    Values of ``targets``, ``costs`` and ``costs_include`` are tuples of strings; every
    other value is the text written (or, for a selector given as a mapping, the value
    given).
    """

    terms: tuple[tuple[str, Any], ...]
    source: str

    def keys(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.terms)

    def __str__(self) -> str:
        return self.source


def parse_selector(text: str | Mapping[str, Any], extra_keys: Iterable[str] = ()) -> Selector:
    """Parse ``text`` (a selector string, or a mapping of the same keys) into a :class:`Selector`.

    ``extra_keys`` are further keys allowed besides :data:`KNOWN_KEYS` (the fields that the
    actions at hand carry).

    >>> parse_selector('kind=activate card="Limiter Removal" targets=Z1,Z2').terms
    (('kind', 'activate'), ('card', 'Limiter Removal'), ('targets', ('Z1', 'Z2')))
    >>> parse_selector("card='Pot of Greed' targets=").terms
    (('card', 'Pot of Greed'), ('targets', ()))
    >>> parse_selector("colour=red")
    Traceback (most recent call last):
    ...
    cardjudge.errors.InputError: <input>: unknown selector key 'colour' in 'colour=red'; keys: id, player, kind, card, card_id, ability, costs, costs_include, targets, position, text
    """
    allowed = list(KNOWN_KEYS) + [key for key in extra_keys if key not in KNOWN_KEYS]
    if isinstance(text, Mapping):
        source = " ".join(f"{key}={_show_value(value)}" for key, value in text.items())
        pairs = [(str(key), value) for key, value in text.items()]
    else:
        source = text
        try:
            words = shlex.split(text)
        except ValueError as exc:
            raise InputError(f"cannot read selector {text!r}: {exc}") from None
        pairs = []
        for word in words:
            key, sep, value = word.partition("=")
            if not sep or not key:
                raise InputError(f"selector {text!r}: expected key=value, got {word!r}")
            pairs.append((key.strip(), value))
    if not pairs:
        raise InputError("empty selector: name at least one field, like kind=pass or id=a1")
    terms = []
    seen = set()
    for key, value in pairs:
        if key not in allowed:
            raise InputError(f"unknown selector key {key!r} in {source!r}; keys: {', '.join(allowed)}")
        if key in seen:
            raise InputError(f"selector {source!r} names {key!r} twice")
        seen.add(key)
        if key in SET_KEYS:
            value = _as_labels(value)
        terms.append((key, value))
    return Selector(tuple(terms), source)


def matches(fields: Mapping[str, Any], selector: Selector) -> bool:
    """Whether an action, given as its ``to_dict()``, matches every term of ``selector``."""
    return all(_term_matches(fields, key, want) for key, want in selector.terms)


#: Keys whose values are labels of cards, which a card's name may stand for.
LABEL_KEYS = frozenset({"card_id", "targets", "costs_include"})


def cards_by_name(state) -> dict[str, list[tuple[str, str]]]:
    """Each card name of a position (an object with ``objects``: cards with ``card``, ``label``
    and ``zone``) with the (label, zone) of every card of that name."""
    names: dict[str, list[tuple[str, str]]] = {}
    for obj in state.objects.values():
        names.setdefault(obj.card, []).append((obj.label, obj.zone))
    return names


def with_labels(selector: Selector, names: Mapping[str, Sequence[tuple[str, str]]]) -> Selector:
    """``selector`` with each card name written where a label is expected replaced by the label
    of the one card of that name (``names``: see :func:`cards_by_name`). A value that is a label
    stays; a name that several cards share is an InputError naming their labels.

    >>> names = {"Axe Raider": [("AX", "hand")], "Forest": [("F1", "battlefield"), ("F2", "hand")]}
    >>> with_labels(parse_selector('kind=summon costs_include="Axe Raider"'), names).terms
    (('kind', 'summon'), ('costs_include', ('AX',)))
    >>> with_labels(parse_selector("targets=Forest"), names)
    Traceback (most recent call last):
    ...
    cardjudge.errors.InputError: <input>: selector 'targets=Forest': 2 cards are called 'Forest': F1 (battlefield), F2 (hand); name one by its label
    """
    labels = {label for cards in names.values() for label, _zone in cards}

    def label_of(value: str) -> str:
        cards = names.get(value)
        if value in labels or not cards:
            return value
        if len({label for label, _zone in cards}) == 1:
            return cards[0][0]
        listed = ", ".join(f"{label} ({zone})" for label, zone in cards)
        raise InputError(f"selector {selector.source!r}: {len(cards)} cards are called {value!r}: {listed}; "
                         f"name one by its label")

    terms = []
    for key, value in selector.terms:
        if key in LABEL_KEYS and isinstance(value, tuple):
            value = tuple(label_of(part) for part in value)
        elif key in LABEL_KEYS and isinstance(value, str):
            value = label_of(value)
        terms.append((key, value))
    return Selector(tuple(terms), selector.source)


def select(actions: Sequence[Any], selector: str | Mapping[str, Any] | Selector, source: str | None = None,
           names: Mapping[str, Sequence[tuple[str, str]]] | None = None) -> Any:
    """The one action of ``actions`` (objects with ``to_dict()``) that ``selector`` picks.

    ``names`` (see :func:`cards_by_name`) lets a card's name stand for its label. Raises
    :class:`~cardjudge.errors.InputError` (with ``source`` as its place) when the selector
    cannot be read, names an unknown key, matches nothing or matches more than one action.
    """
    dicts = [action.to_dict() for action in actions]
    try:
        if not isinstance(selector, Selector):
            extra = {key for fields in dicts for key in fields}
            selector = parse_selector(selector, extra_keys=sorted(extra))
        if names is not None:
            selector = with_labels(selector, names)
        if not actions:
            raise InputError(f"no legal action at all (the game is over); cannot apply {selector.source!r}")
        chosen = [i for i, fields in enumerate(dicts) if matches(fields, selector)]
        if len(chosen) == 1:
            return actions[chosen[0]]
        if not chosen:
            raise InputError(
                f"no legal action matches {selector.source!r}; candidates: {describe_candidates(dicts)}"
            )
        if "id" in selector.keys():
            # Ids are unique within one listing; several matches mean the listing is wrong,
            # and the first is the one the id names.
            return actions[chosen[0]]
        picked = [dicts[i] for i in chosen]
        differ = _differing_fields(picked, skip=selector.keys())
        hint = f" (they differ in {', '.join(differ)})" if differ else ""
        raise InputError(
            f"selector {selector.source!r} is ambiguous: {len(picked)} legal actions match{hint}; "
            f"candidates: {describe_candidates(picked)}"
        )
    except InputError as exc:
        raise (exc.located(source) if source else exc) from None


def describe_action(fields: Mapping[str, Any]) -> str:
    """A short one-line description of an action's fields, for candidate lists.

    >>> describe_action({"id": "a2", "text": "you activate Limiter Removal", "card_id": "LR",
    ...                  "targets": ["M1"], "costs": [{"kind": "pay_lp", "cards": [], "amount": 800}]})
    'a2 you activate Limiter Removal [LR] targets=M1 costs=pay_lp 800'
    """
    plain = f"{fields.get('player')} {fields.get('kind')} {fields.get('card') or ''}".strip()
    parts = [str(fields.get("id", "?")), str(fields.get("text") or plain)]
    if fields.get("card_id"):
        parts.append(f"[{fields['card_id']}]")
    if fields.get("position"):
        parts.append(f"position={fields['position']}")
    if fields.get("targets"):
        parts.append("targets=" + ",".join(map(str, fields["targets"])))
    if fields.get("costs"):
        parts.append("costs=" + "; ".join(describe_cost(cost) for cost in fields["costs"]))
    return " ".join(parts)


def describe_cost(cost: Mapping[str, Any]) -> str:
    """One cost part as text: its kind, amount and cards.

    >>> describe_cost({"kind": "send_to_gy", "cards": ["GB"]})
    'send_to_gy GB'
    """
    words = [str(cost.get("kind", "?"))]
    if cost.get("amount") is not None:
        words.append(str(cost["amount"]))
    if cost.get("cards"):
        words.append(",".join(map(str, cost["cards"])))
    return " ".join(words)


def describe_candidates(dicts: Sequence[Mapping[str, Any]]) -> str:
    """Candidates on one line, separated by `` | ``; long lists are cut with a count."""
    if not dicts:
        return "(none)"
    shown = " | ".join(describe_action(fields) for fields in dicts[:_MAX_CANDIDATES])
    if len(dicts) > _MAX_CANDIDATES:
        shown += f" | ... and {len(dicts) - _MAX_CANDIDATES} more"
    return shown


def _as_labels(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if isinstance(value, Iterable):
        return tuple(str(part) for part in value)
    return (str(value),)


def _show_value(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        value = ",".join(map(str, value))
    return shlex.quote(str(value))


def _cost_cards(fields: Mapping[str, Any]) -> set[str]:
    return {str(label) for cost in fields.get("costs") or [] for label in cost.get("cards") or []}


def _term_matches(fields: Mapping[str, Any], key: str, want: Any) -> bool:
    if key == "targets":
        return {str(t) for t in fields.get("targets") or []} == set(want)
    if key == "costs_include":
        return set(want) <= _cost_cards(fields)
    if key == "costs":
        return {str(cost.get("kind")) for cost in fields.get("costs") or []} == set(want)
    return _scalar_equal(fields.get(key), want)


def _scalar_equal(actual: Any, want: Any) -> bool:
    if not isinstance(want, str):  # a selector given as a mapping, with typed values
        if want is None or isinstance(want, bool) or isinstance(actual, bool):
            return actual is want
        if isinstance(want, (list, tuple)):
            return isinstance(actual, (list, tuple)) and set(map(str, actual)) == set(map(str, want))
        return actual == want
    if actual is None:
        return want.lower() in ("", "null", "none")
    if isinstance(actual, bool):
        return want.lower() == str(actual).lower()
    if isinstance(actual, (int, float)):
        try:
            return float(want) == actual
        except ValueError:
            return False
    if isinstance(actual, (list, tuple)):
        return set(map(str, actual)) == set(_as_labels(want))
    return str(actual) == want


def _differing_fields(dicts: Sequence[Mapping[str, Any]], skip: Iterable[str]) -> list[str]:
    skip = set(skip) | {"id"}
    keys: list[str] = []
    for fields in dicts:
        keys += [key for key in fields if key not in keys]
    differ = []
    for key in keys:
        if key in skip:
            continue
        values = {repr(_normalised(fields.get(key))) for fields in dicts}
        if len(values) > 1:
            differ.append(key)
    if differ != ["text"] and "text" in differ:
        differ.remove("text")  # the text follows the other fields; name it only when alone
    return differ


def _normalised(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _normalised(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_normalised(v) for v in value)
    return value

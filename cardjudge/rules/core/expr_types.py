"""Type-checking card-language expressions before they run.

``infer(tree, scope)`` gives the type of an expression: a number, a text, a condition (true or
false), none, a list of some type, a view (a card, player, event or the game), or ``ANY`` when
it cannot be known before the expression runs. It refuses, with an ExprError, a comparison of a
number with a text, arithmetic on values that cannot be combined, an attribute that the value
does not have, a name that nothing binds and a function that does not exist.

The names and their types are not listed here: a ``Scope`` reads them off a game's own
environment, the one the engine builds, on the position searched (for a goal) or on a small
probe position (for a card's abilities, in each game's ``expr_types`` module): a name is known
when that environment binds it, an attribute when the view answers it, and its type is the type
of the value it answers there (a value that is none there is of no known type).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardjudge.cards.loader import CardDef, CardPool
from cardjudge.rules.core import expr as E
from cardjudge.rules.core.expr import ExprError, _Missing, get_attribute
from cardjudge.rules.core.state import Obj, PlayerState, State


class Simple(str):
    """A type without parts: a number, a text, a condition, none, or any value."""


NUMBER, TEXT, CONDITION, NONE, ANY = (Simple(name) for name in ("a number", "a text", "a condition", "none", "any"))
MAPPING = Simple("a mapping")
_PLAIN_TYPES = (NUMBER, TEXT, CONDITION)


@dataclass(frozen=True)
class ListOf:
    """A list whose items are of type ``item``."""

    item: Any

    def __str__(self) -> str:
        return "a list"


@dataclass(frozen=True, eq=False)
class ViewOf:
    """A value of the card language with attributes (a card, player, event, the game), known
    through ``probe``, a value of that kind on the probe position."""

    probe: Any
    kind: str

    def __str__(self) -> str:
        return f"a {self.kind}"


@dataclass(frozen=True)
class OneOf:
    """One of the types ``members``, which one depends on the values (``a and b``, ``a or b``)."""

    members: tuple

    def __str__(self) -> str:
        return " or ".join(str(member) for member in self.members)


def _plain(kind) -> bool:
    """Whether every value of ``kind`` is a number, a text, a condition or none (no attributes)."""
    if isinstance(kind, OneOf):
        return all(member in _PLAIN_TYPES or member is NONE for member in kind.members)
    return kind in _PLAIN_TYPES


def _mixed(kind) -> bool:
    """Whether ``kind`` is one of several types that are not all numbers (or none) or all texts
    (or none): what it gives may not be compared or computed with."""
    if not isinstance(kind, OneOf):
        return False
    known = {member for member in kind.members if member is not NONE}
    return known not in ({NUMBER}, {TEXT})


def type_of(value: Any, depth: int = 0):
    """The type of a value an environment gives."""
    if isinstance(value, bool):
        return CONDITION
    if isinstance(value, int):
        return NUMBER
    if isinstance(value, str):
        return TEXT
    if value is None:
        return NONE
    if isinstance(value, (list, tuple)):
        return ListOf(type_of(value[0], depth + 1) if value and depth < 3 else ANY)
    if isinstance(value, dict):
        return MAPPING
    if hasattr(value, "attr"):
        return ViewOf(value, _kind(value))
    return ANY


def _kind(view) -> str:
    name = type(view).__name__.lower()
    for kind in ("card", "char", "player", "event", "game"):
        if kind in name:
            return {"char": "character"}.get(kind, kind)
    return "value"


@dataclass
class Scope:
    """The names an expression may read and their types, and the item a filter looks at."""

    names: dict
    subject: Any = None
    open_names: bool = False  # names bound by the ability may be read that are not known here
    _attributes: dict = field(default_factory=dict)

    def with_subject(self, subject) -> "Scope":
        return Scope(self.names, subject, self.open_names, self._attributes)

    def attribute(self, view: ViewOf, name: str):
        """The type of ``view.name``, or None when the view has no such attribute."""
        key = (id(view.probe), name)
        if key not in self._attributes:
            try:
                found = type_of(get_attribute(view.probe, name))
            except _Missing:
                found = None
            except Exception:  # noqa: BLE001 - an attribute that fails on the probe: known, of no known type
                found = ANY
            self._attributes[key] = found
        return self._attributes[key]


def scope_of(env, extra_names=(), open_names: bool = False) -> Scope:
    """A Scope with the names ``env`` (an expr.Env built on a probe position) binds, their
    types from the values there, and ``extra_names`` (bound by an ability: targets, choices),
    of any type."""
    names = {name: type_of(value) for name, value in env.vars.items()}
    for name in extra_names:
        names.setdefault(name, ANY)
    return Scope(names, None, open_names)


def _vague(kind) -> bool:
    return kind is ANY or kind is NONE or isinstance(kind, OneOf)


def _named(kind) -> str:
    return str(kind)


def infer(node, scope: Scope):
    """The type of the expression ``node`` in ``scope``; an ExprError for what cannot work."""
    kind = type(node)
    if kind is E.Const:
        return type_of(node.value)
    if kind is E.Name:
        return _name(node.name, scope)
    if kind is E.Attr:
        return _attribute(infer(node.obj, scope), node.name, scope)
    if kind is E.Logic:
        items = [infer(item, scope) for item in node.items]
        members = []
        for item in items:
            for member in (item.members if isinstance(item, OneOf) else (item,)):
                if member not in members:
                    members.append(member)
        if ANY in members:
            return ANY
        return members[0] if len(members) == 1 else OneOf(tuple(members))  # "a and b" is one of them
    if kind is E.Binary:
        return _binary(node.op, infer(node.left, scope), infer(node.right, scope))
    if kind is E.Unary:
        operand = infer(node.operand, scope)
        if node.op == "not":
            return CONDITION
        if not _vague(operand) and operand is not NUMBER:
            raise ExprError(f"'-' applies to a number, not {_named(operand)}")
        return NUMBER
    if kind is E.Where:
        item = _item_of(infer(node.items, scope))
        require_condition(node.condition, scope.with_subject(item), "the test after 'where'")
        return ListOf(item)
    if kind is E.Call:
        return _call(node, scope)
    if kind is E.Index:
        base = infer(node.obj, scope)
        index = infer(node.index, scope)
        if not _vague(index) and index is not NUMBER:
            raise ExprError(f"a list is indexed by a number, not {_named(index)}")
        return base.item if isinstance(base, ListOf) else ANY
    if kind is E.ListLit:
        items = [infer(item, scope) for item in node.items]
        return ListOf(items[0] if items and all(item == items[0] for item in items) else ANY)
    return ANY


def _item_of(kind):
    """The type of the items a filter looks at in a value of type ``kind`` (a value that is no
    list is looked at as a list of itself, none as an empty list)."""
    if isinstance(kind, ListOf):
        return kind.item
    if isinstance(kind, OneOf):
        items = tuple(_item_of(member) for member in kind.members if member is not NONE)
        return ANY if ANY in items else items[0] if len(items) == 1 else OneOf(items)
    return ANY if kind is NONE else kind


def _has_attribute(kind, name: str, scope: Scope) -> bool | None:
    """Whether a value of ``kind`` may have the attribute ``name`` (None: cannot be known)."""
    if isinstance(kind, ViewOf):
        return scope.attribute(kind, name) is not None
    if isinstance(kind, ListOf):
        return name in ("size", "first")
    if isinstance(kind, OneOf):  # every kind it may be must have it
        found = [_has_attribute(member, name, scope) for member in kind.members if member is not NONE]
        return False if False in found else None if None in found else True
    if kind in _PLAIN_TYPES:
        return False
    return None


def _name(name: str, scope: Scope):
    if name == "it":
        return scope.subject if scope.subject is not None else ANY
    subject = scope.subject
    if isinstance(subject, ViewOf):
        found = scope.attribute(subject, name)
        if found is not None:
            return found
    elif isinstance(subject, OneOf) and _has_attribute(subject, name, scope) is not False:
        return ANY  # an attribute of every kind of item (as far as known)
    if name in scope.names:
        return scope.names[name]
    if scope.open_names or subject is ANY or subject is MAPPING:
        return ANY  # the item a filter looks at is of no known type: the name may be its attribute
    known = ", ".join(sorted(n for n in scope.names if not n.startswith("_")))
    raise ExprError(f"unknown name {name!r} (known here: {known})")


def _attribute(base, name: str, scope: Scope):
    if isinstance(base, ViewOf):
        found = scope.attribute(base, name)
        if found is None:
            raise ExprError(f"unknown attribute {name!r} of {_named(base)}")
        return found
    if isinstance(base, ListOf):
        if name == "size":
            return NUMBER
        if name == "first":
            return base.item
        raise ExprError(f"unknown attribute {name!r} of a list (a list has size and first)")
    if _plain(base) or (isinstance(base, OneOf) and _has_attribute(base, name, scope) is False):
        raise ExprError(f"unknown attribute {name!r} of {_named(base)}")
    return ANY


_ORDERED = {"<", "<=", ">", ">="}
_ARITHMETIC = {"+", "-", "*", "/", "//", "%"}


def _binary(op: str, left, right):
    if op in ("in", "not in"):
        members = right.members if isinstance(right, OneOf) else (right,)
        if any((member in _PLAIN_TYPES and member is not TEXT) or isinstance(member, ViewOf) for member in members):
            raise ExprError(f"'{op}' needs a list or a text on its right, not {_named(right)}")
        looked_for = set(left.members) if isinstance(left, OneOf) else {left}
        if right is TEXT and not looked_for <= {TEXT, NONE, ANY}:
            raise ExprError(f"'{op}' a text looks for a text, not {_named(left)}")
        return CONDITION
    plain = {NUMBER, TEXT}
    if op in ("==", "!=") or op in _ORDERED:
        if left in plain and right in plain and left is not right:
            raise ExprError(f"compares {_named(left)} with {_named(right)}")
        if op in _ORDERED:
            for side in (left, right):
                if isinstance(side, (ListOf, ViewOf)) or side is CONDITION or _mixed(side):
                    raise ExprError(f"{_named(side)} cannot be compared with '{op}'")
        return CONDITION
    if op in _ARITHMETIC:
        if isinstance(left, ListOf) or isinstance(right, ListOf):
            if op not in ("+", "-"):
                raise ExprError(f"'{op}' does not apply to a list")
            for side in (left, right):
                if side in (NUMBER, TEXT, CONDITION):  # cards are added to a list of cards, not numbers
                    raise ExprError(f"'{op}' cannot combine a list with {_named(side)}")
            return left if isinstance(left, ListOf) else right
        for side in (left, right):
            if side is TEXT and op != "+":
                raise ExprError(f"'{op}' does not apply to a text")
            if isinstance(side, ViewOf) or side is CONDITION or _mixed(side):
                raise ExprError(f"'{op}' does not apply to {_named(side)}")
        if left in plain and right in plain and left is not right:
            raise ExprError(f"'{op}' cannot combine {_named(left)} with {_named(right)}")
        if left is TEXT or right is TEXT:
            return TEXT
        return NUMBER
    return ANY


_NUMERIC_FUNCTIONS = {"min", "max", "sum", "half"}


def _call(node, scope: Scope):
    func, args = node.func, node.args
    if func in E.LAZY_FUNCTIONS:
        if not args:
            raise ExprError(f"{func}() needs a list")
        item = _item_of(infer(args[0], scope))
        if len(args) > 1:
            require_condition(args[1], scope.with_subject(item), f"the test of {func}()")
        return NUMBER if func == "count" else CONDITION
    kinds = [infer(arg, scope) for arg in args]
    if func in ("len", "list"):
        return NUMBER if func == "len" else (kinds[0] if kinds and isinstance(kinds[0], ListOf) else ListOf(ANY))
    if func in _NUMERIC_FUNCTIONS:
        for kind in kinds:
            if kind is TEXT or isinstance(kind, ViewOf):
                raise ExprError(f"{func}() takes numbers, not {_named(kind)}")
        return NUMBER
    if func in E.FUNCTIONS:
        return ANY  # a function a game adds: its own reader knows its arguments
    if kinds and isinstance(kinds[0], ViewOf) and hasattr(kinds[0].probe, "call"):
        return ANY  # a method of a view (``you.has(...)``): answered by the game
    if kinds and _vague(kinds[0]):
        return ANY
    raise ExprError(f"unknown function {func!r}")


def require_condition(node, scope: Scope, what: str) -> None:
    """Refuse ``node`` unless it can be a condition (true or false)."""
    kind = infer(node, scope)
    if kind in (NUMBER, TEXT) or isinstance(kind, (ListOf, ViewOf)):
        raise ExprError(f"{what} is {_named(kind)}, not a condition (true or false)")


def require_number(node, scope: Scope, what: str) -> None:
    """Refuse ``node`` unless it can be a whole number."""
    kind = infer(node, scope)
    if not _vague(kind) and kind is not NUMBER:
        raise ExprError(f"{what} is {_named(kind)}, not a number")


def check(node, scope: Scope, expected: str, what: str) -> None:
    """Refuse the expression ``node`` (read for ``what``) if it cannot run in ``scope`` or
    cannot give ``expected`` ("condition", "number" or "any"); the message names its text."""
    text, _origin = E.source_of(node)
    shown = E._shown(text) if text is not None else "the expression"
    try:
        if expected == "condition":
            require_condition(node, scope, f"{what} {shown}")
        elif expected == "number":
            require_number(node, scope, f"{what} {shown}")
        else:
            infer(node, scope)
    except ExprError as error:
        message = error.message
        if not message.startswith(f"{what} "):
            message = f"{what} {shown}: {message}"
        raise ExprError(message) from None


def items_of(source, scope):
    """The scope of a filter over the items of ``source`` (``where`` of a target or a cost)."""
    kind = infer(source, scope)
    return scope.with_subject(kind.item if isinstance(kind, ListOf) else kind)


def check_targets_and_costs(ability, scope, on_card) -> None:
    """The expressions of an ability's target slots and cost parts: what each takes from, and the
    test each candidate must pass (over the card itself when a cost part names no source)."""
    for slot in ability.targets:
        check(slot.source, scope, "any", "targets")
        if slot.where is not None:
            check(slot.where, items_of(slot.source, scope), "condition", "targets")
    for cost in ability.costs:
        if cost.source is not None:
            check(cost.source, scope, "any", "cost")
        if cost.where is not None:
            check(cost.where, items_of(cost.source, scope) if cost.source is not None else on_card, "condition", "cost")


def probe_state(game: str, cards: dict, zones: dict, life: int, players=("you", "opponent"), attack_zones=()):
    """A small position to read a game's environment off: the probe ``cards`` (name -> printed
    fields), and for each of ``players`` one object of the card ``zones[zone]`` in each zone
    (the objects get oids 1, 2, ... in the order of ``zones``, first player first), in Attack
    Position in ``attack_zones``."""
    pool = CardPool(game, {name: CardDef(name, game, dict(fields), ()) for name, fields in cards.items()})
    objects, by_zone = {}, {}
    for player in players:
        for zone, card in zones.items():
            oid = len(objects) + 1
            objects[oid] = Obj(oid=oid, label=f"{card}#{player}.{zone}", card=card, owner=player, controller=player,
                               zone=zone, face_up=True, position="attack" if zone in attack_zones else None)
            by_zone[(player, zone)] = (oid,)
    return State(game=game, pool=pool, turn=1, active=players[0], phase="main1", players=tuple(players),
                 player_states=tuple(PlayerState(p, life) for p in players), objects=objects, zones=by_zone,
                 next_id=len(objects) + 1)

"""The condition and filter language of card files.

An expression is parsed once into a closed tree of nodes (never ``eval``); ``evaluate``
compiles each tree once into nested Python closures and runs them (``interpret``, a walk of
the tree, is the reference meaning the closures are tested against). The syntax is a small Python-like language::

    self.face_up and self.on_field
    any(e.cards, atk <= 1400) and e.method in ("normal", "special")
    you.monsters where face_up and race == "Zombie" and level != 2
    count(you.hand, kind == "monster") >= 1

``A where C`` keeps the items of ``A`` for which ``C`` holds; inside ``C`` (and in the
second argument of ``count``, ``any``, ``all``) bare names are first looked up as
attributes of the item. Attribute values come from the objects the caller binds in the
environment: anything with an ``attr(name)`` method, dicts, or plain Python values.

>>> tree = parse("count(xs where it > 1) + 2")
>>> evaluate(tree, Env({"xs": [1, 2, 3]}))
4
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from cardjudge.errors import InputError


class ExprError(InputError):
    """A malformed expression, or one that names something unknown."""


# ---------------------------------------------------------------- the tree

def _compiled_slot():
    """Where a node keeps the closure it compiles to (see ``evaluate``); not part of its value."""
    return field(default=None, init=False, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Const:
    value: Any
    _fn: Any = _compiled_slot()


@dataclass(frozen=True, slots=True)
class Name:
    name: str
    _fn: Any = _compiled_slot()


@dataclass(frozen=True, slots=True)
class Attr:
    obj: Any
    name: str
    _fn: Any = _compiled_slot()


@dataclass(frozen=True, slots=True)
class Call:
    func: str
    args: tuple
    _fn: Any = _compiled_slot()


@dataclass(frozen=True, slots=True)
class Index:
    obj: Any
    index: Any
    _fn: Any = _compiled_slot()


@dataclass(frozen=True, slots=True)
class Unary:
    op: str
    operand: Any
    _fn: Any = _compiled_slot()


@dataclass(frozen=True, slots=True)
class Binary:
    op: str
    left: Any
    right: Any
    _fn: Any = _compiled_slot()


@dataclass(frozen=True, slots=True)
class Logic:
    op: str  # "and" | "or"
    items: tuple
    _fn: Any = _compiled_slot()


@dataclass(frozen=True, slots=True)
class Where:
    items: Any
    condition: Any
    _fn: Any = _compiled_slot()


@dataclass(frozen=True, slots=True)
class ListLit:
    items: tuple
    _fn: Any = _compiled_slot()


# ---------------------------------------------------------------- the parser

_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+)|(?P<str>\"[^\"]*\"|'[^']*')|(?P<name>[A-Za-z_][A-Za-z_0-9]*)"
    r"|(?P<op>==|!=|<=|>=|//|[-+*/%<>()\[\],.]))"
)
_KEYWORDS = {"and", "or", "not", "in", "where", "true", "false", "none", "True", "False", "None"}
_COMPARISONS = {"==", "!=", "<", "<=", ">", ">=", "in", "not in"}
LAZY_FUNCTIONS = {"count", "any", "all"}
# Far below what the shipped cards use (at most about 60 tokens, 8 levels) and far below
# Python's recursion limit: a tree evaluates by recursion, which the compiled build does
# not guard (a tree thousands of levels deep crashed it).
MAX_TOKENS = 1000
MAX_DEPTH = 40


def _shown(text: str) -> str:
    """``text`` quoted for a message, cut to its first 60 characters."""
    return repr(text) if len(text) <= 60 else repr(text[:60]) + "..."


def _tokenize(text: str) -> list[tuple[str, str, int]]:
    tokens, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if not match or match.end() == pos:
            raise ExprError(f"malformed expression {_shown(text)}: unexpected {text[pos:].strip()[:10]!r}")
        group = match.lastgroup
        value = match.group(group)
        kind = "kw" if group == "name" and value in _KEYWORDS else group
        tokens.append((kind, value, match.start(group)))
        pos = match.end()
        if len(tokens) > MAX_TOKENS:
            raise ExprError(f"expression too long: more than {MAX_TOKENS} tokens")
    tokens.append(("end", "", len(text)))
    return tokens


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = _tokenize(text)
        self.pos = 0
        self.nesting = 0

    def nested(self, parse_part):
        """``parse_part()``, one level deeper; refused past ``MAX_DEPTH`` levels."""
        self.nesting += 1
        if self.nesting > MAX_DEPTH:
            self.fail(f"nested more than {MAX_DEPTH} levels deep")
        try:
            return parse_part()
        finally:
            self.nesting -= 1

    def peek(self, offset: int = 0) -> tuple[str, str, int]:
        return self.tokens[min(self.pos + offset, len(self.tokens) - 1)]

    def take(self) -> tuple[str, str, int]:
        token = self.peek()
        self.pos += 1
        return token

    def is_(self, value: str) -> bool:
        kind, text, _ = self.peek()
        return kind in ("op", "kw") and text == value

    def expect(self, value: str) -> None:
        if not self.is_(value):
            self.fail(f"expected {value!r}")
        self.take()

    def fail(self, what: str):
        kind, value, where = self.peek()
        found = "the end" if kind == "end" else repr(value)
        raise ExprError(f"malformed expression {_shown(self.text)}: {what}, found {found} at column {where + 1}")

    def parse(self):
        node = self.where()
        if self.peek()[0] != "end":
            self.fail("unexpected text")
        if tree_depth(node) > MAX_DEPTH:
            raise ExprError(f"expression {_shown(self.text)} nested more than {MAX_DEPTH} levels deep")
        return node

    def where(self):
        return self.nested(self._where)

    def _where(self):
        node = self.logic_or()
        while self.is_("where"):
            self.take()
            node = Where(node, self.logic_or())
        return node

    def logic_or(self):
        items = [self.logic_and()]
        while self.is_("or"):
            self.take()
            items.append(self.logic_and())
        return items[0] if len(items) == 1 else Logic("or", tuple(items))

    def logic_and(self):
        items = [self.logic_not()]
        while self.is_("and"):
            self.take()
            items.append(self.logic_not())
        return items[0] if len(items) == 1 else Logic("and", tuple(items))

    def logic_not(self):
        if self.is_("not"):
            self.take()
            return Unary("not", self.nested(self.logic_not))
        return self.comparison()

    def comparison(self):
        node = self.additive()
        while True:
            kind, value, _ = self.peek()
            if kind == "op" and value in _COMPARISONS:
                self.take()
                node = Binary(value, node, self.additive())
            elif self.is_("in"):
                self.take()
                node = Binary("in", node, self.additive())
            elif self.is_("not") and self.peek(1)[1] == "in":
                self.take()
                self.take()
                node = Binary("not in", node, self.additive())
            else:
                return node

    def additive(self):
        node = self.multiplicative()
        while self.peek()[0] == "op" and self.peek()[1] in ("+", "-"):
            node = Binary(self.take()[1], node, self.multiplicative())
        return node

    def multiplicative(self):
        node = self.unary()
        while self.peek()[0] == "op" and self.peek()[1] in ("*", "/", "//", "%"):
            node = Binary(self.take()[1], node, self.unary())
        return node

    def unary(self):
        if self.is_("-"):
            self.take()
            return Unary("-", self.nested(self.unary))
        return self.postfix()

    def postfix(self):
        node = self.atom()
        while True:
            if self.is_("."):
                self.take()
                kind, name, _ = self.take()
                if kind != "name":
                    self.pos -= 1
                    self.fail("expected an attribute name after '.'")
                if self.is_("("):
                    node = Call(name, (node, *self.arguments()))
                else:
                    node = Attr(node, name)
            elif self.is_("["):
                self.take()
                index = self.where()
                self.expect("]")
                node = Index(node, index)
            else:
                return node

    def arguments(self) -> tuple:
        self.expect("(")
        args = []
        while not self.is_(")"):
            args.append(self.where())
            if not self.is_(")"):
                self.expect(",")
        self.take()
        return tuple(args)

    def atom(self):
        kind, value, _ = self.peek()
        if kind == "num":
            self.take()
            return Const(int(value))
        if kind == "str":
            self.take()
            return Const(value[1:-1])
        if kind == "kw" and value in ("true", "True"):
            self.take()
            return Const(True)
        if kind == "kw" and value in ("false", "False"):
            self.take()
            return Const(False)
        if kind == "kw" and value in ("none", "None"):
            self.take()
            return Const(None)
        if kind == "name":
            self.take()
            if self.is_("("):
                return Call(value, self.arguments())
            return Name(value)
        if self.is_("("):
            self.take()
            if self.is_(")"):
                self.take()
                return ListLit(())
            first = self.where()
            if self.is_(","):
                items = [first]
                while self.is_(","):
                    self.take()
                    if self.is_(")"):
                        break
                    items.append(self.where())
                self.expect(")")
                return ListLit(tuple(items))
            self.expect(")")
            return first
        if self.is_("["):
            self.take()
            items = []
            while not self.is_("]"):
                items.append(self.where())
                if not self.is_("]"):
                    self.expect(",")
            self.take()
            return ListLit(tuple(items))
        self.fail("expected a value")


_cache: dict[tuple, Any] = {}
# id of a parsed tree -> (the tree, its text, where it was first read: (what, file, line) or None)
_SOURCES: dict[int, tuple] = {}
_reading: list = [None]  # where the expressions parsed now come from (see ``reading_from``)


class reading_from:
    """While active, expressions parsed are recorded as read from ``what`` (like "card 'X',
    ability 0") in ``path`` at ``line``: an error found when one runs names that place."""

    def __init__(self, what: str, path: str | None, line: int | None):
        self.origin = (what, path, line)

    def __enter__(self) -> "reading_from":
        self.previous, _reading[0] = _reading[0], self.origin
        return self

    def __exit__(self, *exc_info) -> None:
        _reading[0] = self.previous


def parse(text: str | int | bool):
    """Parse an expression (a string, or a plain number/boolean) into its tree; cached by text."""
    if isinstance(text, bool | int):
        return Const(text)
    if not isinstance(text, str):
        raise ExprError(f"expected an expression, got {type(text).__name__}")
    # one tree per text and place read from, so that an error names its own card or goal
    key = (text, _reading[0])
    tree = _cache.get(key)
    if tree is None:
        tree = _cache[key] = _Parser(text).parse()
        _SOURCES[id(tree)] = (tree, text, _reading[0])
    return tree


def source_of(tree) -> tuple:
    """(text, (what, file, line) or None) of a parsed tree, as far as known."""
    entry = _SOURCES.get(id(tree))
    if entry is None or entry[0] is not tree:
        return None, None
    return entry[1], entry[2]


def _children(node) -> tuple:
    """The sub-expressions of a node."""
    kind = type(node)
    if kind is Attr:
        return (node.obj,)
    if kind is Call or kind is ListLit:
        return node.args if kind is Call else node.items
    if kind is Index:
        return (node.obj, node.index)
    if kind is Unary:
        return (node.operand,)
    if kind is Binary:
        return (node.left, node.right)
    if kind is Logic:
        return node.items
    if kind is Where:
        return (node.items, node.condition)
    return ()


def tree_depth(node) -> int:
    """How many levels deep the tree ``node`` goes (a leaf is 1), counted without recursion."""
    deepest, stack = 0, [(node, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in _children(node))
    return deepest


# id of a tree -> (the tree, the names it reads); the tree is kept so that its id stays its own
_NAMES_READ: dict[int, tuple] = {}


def names_read(node) -> frozenset:
    """The bare names an expression may look up in its environment (every ``Name`` but ``it``,
    also those a filter may find on its item first). An environment that binds these names
    as another one does gives the expression the same value: the others need not be built."""
    entry = _NAMES_READ.get(id(node))
    if entry is not None and entry[0] is node:
        return entry[1]
    names = set()
    todo = [node]
    while todo:
        item = todo.pop()
        if type(item) is Name:
            if item.name != "it":
                names.add(item.name)
        else:
            todo.extend(_children(item))
    names = frozenset(names)
    _NAMES_READ[id(node)] = (node, names)
    return names


# ---------------------------------------------------------------- evaluation


class Env:
    """Names bound for one evaluation, and the item a filter is looking at (``it``)."""

    __slots__ = ("vars", "subject")

    def __init__(self, variables: dict[str, Any], subject: Any = None):
        self.vars = variables
        self.subject = subject

    def with_subject(self, subject: Any) -> "Env":
        return _subject_env(self.vars, subject)


def _subject_env(variables: dict, subject: Any) -> Env:
    """``Env(variables, subject)`` without a call of ``Env.__init__`` (one per item a filter
    looks at: the commonest object the evaluation makes)."""
    env = _new(Env)
    env.vars = variables
    env.subject = subject
    return env


_new = object.__new__


class _Missing(Exception):
    pass


def get_attribute(value: Any, name: str) -> Any:
    """``value.name`` in the card language."""
    getter = getattr(value, "attr", None)
    if getter is not None:
        return getter(name)
    if isinstance(value, dict):
        if name in value:
            return value[name]
        raise _Missing(name)
    if isinstance(value, (list, tuple)) and name in _LIST_ATTRIBUTES:
        return _LIST_ATTRIBUTES[name](value)
    raise _Missing(name)


_LIST_ATTRIBUTES: dict[str, Callable] = {
    "size": len,
    "first": lambda items: items[0] if items else None,
}


def _lookup(name: str, env: Env) -> Any:
    if name == "it":
        return env.subject
    if env.subject is not None:
        try:
            return get_attribute(env.subject, name)
        except _Missing:
            pass
    if name in env.vars:
        return env.vars[name]
    raise ExprError(f"unknown name {name!r}")


def _as_list(value: Any) -> list:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def _half(value: int) -> int:
    # Yu-Gi-Oh halves round up (a 1500-ATK monster halved has 750; 1 halved has 1).
    return -(-value // 2)


FUNCTIONS: dict[str, Callable] = {
    "len": lambda items: len(_as_list(items)),
    "min": lambda *xs: min(xs[0]) if len(xs) == 1 else min(xs),
    "max": lambda *xs: max(xs[0]) if len(xs) == 1 else max(xs),
    "sum": lambda items: sum(items),
    "half": _half,
    "list": _as_list,
}


def _compare(op: str, left: Any, right: Any) -> bool:
    if op == "==":
        return left == right
    if op == "!=":
        return left != right
    if op in ("in", "not in"):
        inside = left in right if right is not None else False
        return inside if op == "in" else not inside
    if left is None or right is None:
        return False
    if op == "<":
        return left < right
    if op == "<=":
        return left <= right
    if op == ">":
        return left > right
    return left >= right


def _arith(op: str, left: Any, right: Any) -> Any:
    if op == "+":
        if isinstance(left, list) or isinstance(right, list):
            return _as_list(left) + _as_list(right)
        return left + right
    if op == "-":
        if isinstance(left, list):
            drop = _as_list(right)
            return [item for item in left if item not in drop]
        return left - right
    if op == "*":
        return left * right
    if op in ("/", "//"):
        return left // right
    return left % right


def evaluate(node, env: Env) -> Any:
    """The value of a parsed expression in an environment.

    Each node is compiled once into a Python closure (kept on the node) that calls the closures
    of its children directly: no dispatch on the node type at each evaluation. The closures
    mean exactly what ``interpret`` does.
    """
    try:
        fn = node._fn
    except AttributeError:
        raise ExprError(f"not an expression node: {node!r}") from None
    if fn is None:
        fn = compiled(node)
    try:
        return fn(env)
    except ExprError as error:
        raise _located(node, error.message, error) from None
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as error:
        raise _located(node, _what_failed(error), error) from None


# Python's words for what failed, in the language's words
_FAILURES = (
    ("division by zero", "division by zero"), ("modulo by zero", "division by zero"),
    ("index out of range", "index out of range"), ("not supported between", "values that cannot be compared"),
    ("unsupported operand", "values that cannot be combined"), ("can only concatenate", "values that cannot be combined"),
)


def _what_failed(error: Exception) -> str:
    text = str(error)
    for python_says, meaning in _FAILURES:
        if python_says in text:
            return f"{meaning} ({text})"
    return f"{type(error).__name__}: {text}"


def _located(node, message: str, error: Exception) -> ExprError:
    """``message`` about evaluating ``node``, naming its text and where it was read (once)."""
    if isinstance(error, ExprError) and getattr(error, "evaluated", False):
        return error
    text, origin = source_of(node)
    if text is not None:
        message = f"{_shown(text)}: {message}"
    path = line = None
    if origin is not None:
        what, path, line = origin
        message = f"{what}: {message}"
    located = ExprError(message, path or getattr(error, "path", None), line or getattr(error, "line", None))
    located.evaluated = True
    return located


def read_at(text: str, what: str) -> tuple:
    """(file, line) where the expression ``text`` was read for ``what`` (like "card 'X',
    ability 0"), or (None, None) when it was not read from a file."""
    for _tree, seen, origin in list(_SOURCES.values()):
        if seen == text and origin is not None and (origin[0] == what or origin[0].startswith(what + ",")):
            return origin[1], origin[2]
    return None, None


def whole_number(value: Any, text: str, what: str, field: str) -> int:
    """``value``, what the expression ``text`` of ``field`` gave in ``what`` (like "card 'X',
    ability 0"), when it is a whole number; anything else is an ExprError naming the card, the
    ability, the file and the line the expression was read at."""
    if isinstance(value, bool) or not isinstance(value, int):
        path, line = read_at(text, what)
        raise ExprError(f"{what}: {field} {_shown(str(text))} gives {value!r}, not a whole number", path, line)
    return value


def number_of(tree, value: Any, field: str) -> int:
    """``value``, what the parsed expression ``tree`` of ``field`` gave, when it is a whole
    number (none counts as 0); anything else is an ExprError naming the card, the ability, the
    file and the line the expression was read at."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        text, origin = source_of(tree)
        what, path, line = origin if origin is not None else ("", None, None)
        shown = _shown(text) if text is not None else "the expression"
        raise ExprError(f"{what + ': ' if what else ''}{field} {shown} gives {value!r}, not a whole number", path, line)
    return value


def compiled(node) -> Callable[[Env], Any]:
    """The closure that evaluates ``node`` (compiled on first use, then kept on the node)."""
    fn = node._fn
    if fn is None:
        compiler = _COMPILERS.get(type(node))
        if compiler is None:
            raise ExprError(f"not an expression node: {node!r}")
        fn = compiler(node)
        object.__setattr__(node, "_fn", fn)
    return fn


def _compile_const(node: Const):
    value = node.value
    return lambda env: value


def _compile_name(node: Name):
    name = node.name
    if name == "it":
        return lambda env: env.subject

    def lookup(env):
        subject = env.subject
        if subject is not None:
            try:
                return get_attribute(subject, name)
            except _Missing:
                pass
        variables = env.vars
        if name in variables:
            return variables[name]
        raise ExprError(f"unknown name {name!r}")
    return lookup


def _compile_attr(node: Attr):
    base_fn, name = compiled(node.obj), node.name

    def attribute(env):
        base = base_fn(env)
        if base is None:
            return None
        try:
            return get_attribute(base, name)
        except _Missing:
            raise ExprError(f"unknown attribute {name!r}") from None
    return attribute


def _compile_logic(node: Logic):
    # ``a and b`` in Python returns what the interpreter's loop returns: the first false value,
    # else the last one (``or``: the first true value, else the last one).
    fns = [compiled(item) for item in node.items]
    if not fns:
        empty = node.op == "and"
        return lambda env: empty
    fn = fns[-1]
    for first in reversed(fns[:-1]):
        fn = _and(first, fn) if node.op == "and" else _or(first, fn)
    return fn


def _and(first, rest):
    return lambda env: first(env) and rest(env)


def _or(first, rest):
    return lambda env: first(env) or rest(env)


def _compile_binary(node: Binary):
    left, right, op = compiled(node.left), compiled(node.right), node.op
    if op == "==":
        return lambda env: left(env) == right(env)
    if op == "!=":
        return lambda env: left(env) != right(env)
    if op in _COMPARISONS:
        return lambda env: _compare(op, left(env), right(env))
    return lambda env: _arith(op, left(env), right(env))


def _compile_unary(node: Unary):
    operand = compiled(node.operand)
    if node.op == "not":
        return lambda env: not operand(env)
    return lambda env: -operand(env)


def _compile_where(node: Where):
    items_fn, condition = compiled(node.items), compiled(node.condition)

    def where(env):
        return _kept(_as_list(items_fn(env)), condition, env.vars)
    return where


def _kept(items: list, test, variables: dict) -> list:
    """The items for which ``test`` holds, each tested as the subject of ``variables``. One Env
    serves every item (its subject set in turn): an evaluation never keeps its environment."""
    env = _new(Env)
    env.vars = variables
    kept = []
    for item in items:
        env.subject = item
        if test(env):
            kept.append(item)
    return kept


def _compile_call(node: Call):
    func = node.func
    args = tuple(compiled(arg) for arg in node.args)  # a tuple, as node.args: the same errors
    if func in LAZY_FUNCTIONS:
        return _compile_lazy(func, args)

    def call(env):
        return _call_function(func, [arg(env) for arg in args])
    return call


def _call_function(func: str, values: list) -> Any:
    """``func(*values)``: a function of the language, or a method of the first value's view."""
    function = FUNCTIONS.get(func)  # read at each call: games add functions after parsing
    if function is None:
        target = values[0] if values else None
        method = getattr(target, "call", None)
        if method is not None:
            return method(func, values[1:])
        raise ExprError(f"unknown function {func!r}")
    return function(*values)


def _compile_lazy(func: str, args: tuple):
    """``count``, ``any`` and ``all``: their second argument is a test of each item. (``args[0]``
    is read when evaluating, as the interpreter does: ``count()`` fails there, not here.)"""
    test = args[1] if len(args) > 1 else None

    def kept(env):
        items = _as_list(args[0](env))
        if test is None:
            return items
        return _kept(items, test, env.vars)
    if func == "count":
        return lambda env: len(kept(env))
    if func == "any":
        return lambda env: bool(kept(env))
    return lambda env: len(kept(env)) == len(_as_list(args[0](env)))


def _compile_index(node: Index):
    obj, index = compiled(node.obj), compiled(node.index)
    return lambda env: obj(env)[index(env)]


def _compile_list(node: ListLit):
    items = [compiled(item) for item in node.items]
    return lambda env: [item(env) for item in items]


_COMPILERS: dict[type, Callable] = {
    Const: _compile_const, Name: _compile_name, Attr: _compile_attr, Logic: _compile_logic,
    Binary: _compile_binary, Unary: _compile_unary, Where: _compile_where, Call: _compile_call,
    Index: _compile_index, ListLit: _compile_list,
}


# ---------------------------------------------------------------- the reference interpreter


def _interpret_call(node: Call, env: Env) -> Any:
    func, args = node.func, node.args
    if func in LAZY_FUNCTIONS:
        items = _as_list(_interpret(args[0], env))
        if len(args) > 1:
            test = args[1]
            items = [item for item in items if _interpret(test, env.with_subject(item))]
        if func == "count":
            return len(items)
        if func == "any":
            return bool(items)
        return len(items) == len(_as_list(_interpret(args[0], env)))
    return _call_function(func, [_interpret(arg, env) for arg in args])


def interpret(node, env: Env) -> Any:
    """The value of a parsed expression in an environment, by walking the tree.

    The reference meaning of the language: ``evaluate`` gives the same values and errors.
    """
    try:
        return _interpret(node, env)
    except ExprError as error:
        raise _located(node, error.message, error) from None
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as error:
        raise _located(node, _what_failed(error), error) from None


def _interpret(node, env: Env) -> Any:
    """The value of a parsed expression in an environment, by walking the tree.

    The reference meaning of the language: ``evaluate`` gives the same values (and errors)
    through closures compiled once per node, and the tests compare the two."""
    kind = type(node)
    if kind is Const:
        return node.value
    if kind is Name:
        return _lookup(node.name, env)
    if kind is Attr:
        base = _interpret(node.obj, env)
        if base is None:
            return None
        try:
            return get_attribute(base, node.name)
        except _Missing:
            raise ExprError(f"unknown attribute {node.name!r}") from None
    if kind is Logic:
        if node.op == "and":
            result = True
            for item in node.items:
                result = _interpret(item, env)
                if not result:
                    return result
            return result
        result = False
        for item in node.items:
            result = _interpret(item, env)
            if result:
                return result
        return result
    if kind is Binary:
        left = _interpret(node.left, env)
        right = _interpret(node.right, env)
        if node.op in _COMPARISONS:
            return _compare(node.op, left, right)
        return _arith(node.op, left, right)
    if kind is Unary:
        value = _interpret(node.operand, env)
        return (not value) if node.op == "not" else -value
    if kind is Where:
        items = _as_list(_interpret(node.items, env))
        return [item for item in items if _interpret(node.condition, env.with_subject(item))]
    if kind is Call:
        return _interpret_call(node, env)
    if kind is Index:
        return _interpret(node.obj, env)[_interpret(node.index, env)]
    if kind is ListLit:
        return [_interpret(item, env) for item in node.items]
    raise ExprError(f"not an expression node: {node!r}")

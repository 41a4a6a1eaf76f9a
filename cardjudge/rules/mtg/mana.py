"""Mana costs and every distinct way to pay them (rules 107.4, 601.2g-h, 605.3).

A cost such as ``{X}{1}{G}{G/W}{C}`` is parsed into a :class:`ManaCost`. Paying it uses the
mana already in the pool first, then activates mana abilities (:class:`ManaSource`). All the
ways to pay are the solutions of one python-constraint2 problem whose variables are *counts*:
how much of each kind of pool mana is spent, and how many sources of each interchangeability
class are activated. The problem only uses built-in weighted sum constraints:

- Hall's condition on the cost's symbols: for every group of colored and hybrid symbols, the
  pool mana and the sources able to pay one of them supply at least as much as they need, and
  everything together supplies at least the whole cost. With these, a matching of mana to
  symbols exists (supply/demand theorem), so every solution really pays the cost;
- the pool mana spent can all be put on symbols (Hall's condition on the pool side) and is as
  much as the pool can pay;
- at most one activated source per mana still owed (a source that pays nothing is not needed);
  a source making two or more mana is checked afterwards: no payment keeps one it can do without;
- a permanent is tapped by one activation at most.

Solutions that differ only by which interchangeable source is used are one solution (ruling G1),
because the variables count sources of a class rather than naming them. Sources whose costs tap
a permanent in common (Heritage Druid tapping Elves that could tap for mana themselves) have a
variable each; payments that then differ only by sources of the same class are merged.

>>> forest = ManaSource(oid=1, ability=0, produces=("G",), klass="Forest")
>>> forest2 = ManaSource(oid=2, ability=0, produces=("G",), klass="Forest")
>>> mountain = ManaSource(oid=3, ability=0, produces=("R",), klass="Mountain")
>>> for payment in payments(parse_mana_cost("{1}{G}"), "", [forest, forest2, mountain]):
...     print(payment.sources, payment.produced)
(1, 2) ((1, 'G'), (2, 'G'))
(1, 3) ((1, 'G'), (3, 'R'))
>>> payments(parse_mana_cost("{G}"), "G", [forest])[0].pool_spent
'G'
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import Hashable, Iterable, Sequence

from constraint import ExactSumConstraint, MaxSumConstraint, MinSumConstraint, Problem

COLORS = "WUBRG"
KINDS = COLORS + "C"  # every kind of mana a pool can hold

_SYMBOL = re.compile(r"\{([^{}]*)\}")


# ---------------------------------------------------------------------------------------------
# Costs


@dataclass(frozen=True)
class ManaCost:
    """A parsed mana cost such as ``{X}{1}{G}{G/W}{C}``.

    >>> cost = parse_mana_cost("{X}{1}{G}{G/W}")
    >>> cost.mana_value(), cost.mana_value(x=3), str(cost.with_x(3))
    (3, 6, '{4}{G/W}{G}')
    """

    generic: int = 0
    colored: tuple[tuple[str, int], ...] = ()  # (("G", 2),); "C" stands for {C}
    hybrid: tuple[tuple[str, ...], ...] = ()  # (("G", "W"),) for {G/W}, in printed order
    x_count: int = 0

    def mana_value(self, x: int = 0) -> int:
        """The cost's mana value, with X = ``x`` (rule 202.3)."""
        return self.generic + sum(n for _, n in self.colored) + len(self.hybrid) + self.x_count * x

    def with_x(self, x: int) -> "ManaCost":
        """This cost with each {X} replaced by ``x`` generic mana."""
        if x < 0:
            raise ValueError(f"X cannot be negative (got {x})")
        return ManaCost(self.generic + self.x_count * x, self.colored, self.hybrid, 0)

    @property
    def is_zero(self) -> bool:
        """True for a cost of no mana at all ({0} or no cost), with no {X}."""
        return self.x_count == 0 and self.mana_value() == 0

    def __str__(self) -> str:
        parts = ["{X}"] * self.x_count
        if self.generic or self.is_zero:
            parts.append(f"{{{self.generic}}}")
        colored = dict(self.colored)
        parts.extend(["{C}"] * colored.get("C", 0))
        parts.extend("{" + "/".join(pair) + "}" for pair in self.hybrid)
        for color in COLORS:
            parts.extend([f"{{{color}}}"] * colored.get(color, 0))
        return "".join(parts)


def parse_mana_cost(text: str | None) -> ManaCost:
    """Parse a cost written with mana symbols; ``''`` or ``None`` is the zero cost.

    >>> parse_mana_cost("{2}{W}{W}")
    ManaCost(generic=2, colored=(('W', 2),), hybrid=(), x_count=0)
    >>> parse_mana_cost("{W/G}{C}").hybrid
    (('G', 'W'),)
    >>> parse_mana_cost("{G}{Q}")
    Traceback (most recent call last):
    ...
    ValueError: bad mana symbol {Q} in '{G}{Q}' (expected a number, X, C, W, U, B, R, G or a hybrid such as {G/W})
    """
    if text is None:
        return ManaCost()
    source = str(text).strip()
    if not source:
        return ManaCost()
    leftover = _SYMBOL.sub("", source)
    if leftover.strip():
        raise ValueError(f"bad mana cost {source!r}: {leftover.strip()!r} is not inside {{braces}}")
    generic = 0
    x_count = 0
    colored: Counter = Counter()
    hybrid: list[tuple[str, ...]] = []
    for symbol in _SYMBOL.findall(source):
        body = symbol.strip().upper()
        if body.isdigit():
            generic += int(body)
        elif body == "X":
            x_count += 1
        elif len(body) == 1 and body in KINDS:
            colored[body] += 1
        elif "/" in body and _is_hybrid(body):
            hybrid.append(_hybrid_pair(*body.split("/")))
        else:
            raise ValueError(
                f"bad mana symbol {{{symbol}}} in {source!r} (expected a number, X, C, W, U, B, R, G"
                " or a hybrid such as {G/W})"
            )
    return ManaCost(
        generic=generic,
        colored=tuple((kind, colored[kind]) for kind in KINDS if colored[kind]),
        hybrid=tuple(sorted(hybrid, key=lambda pair: [COLORS.index(c) for c in pair])),
        x_count=x_count,
    )


def _hybrid_pair(first: str, second: str) -> tuple[str, str]:
    """The two colors in printed order: the second one or two steps after the first on WUBRG."""
    if (COLORS.index(second) - COLORS.index(first)) % 5 in (1, 2):
        return first, second
    return second, first


def _is_hybrid(body: str) -> bool:
    halves = body.split("/")
    return len(halves) == 2 and all(len(h) == 1 and h in COLORS for h in halves) and halves[0] != halves[1]


# ---------------------------------------------------------------------------------------------
# Sources and payments


@dataclass(frozen=True)
class ManaSource:
    """One mana ability that can be activated while paying (typically ``{T}: Add {G}``).

    ``produces`` lists the kinds one activation can add (one is chosen per activation) and
    ``amount`` how many mana of that kind it adds. ``taps`` lists the permanents its cost taps:
    by default the permanent itself ({T}); Heritage Druid's ability is one source per choice of
    three Elves, Springleaf Drum's one per choice of creature (the Drum and that creature). A
    permanent is tapped by at most one activation of a payment.

    Sources with the same ``klass`` (not None), ``produces`` and ``amount`` are interchangeable
    (ruling G1): the caller gives equal classes only to sources whose tapped permanents are
    interchangeable too.
    """

    oid: int
    ability: int
    produces: tuple[str, ...]
    amount: int = 1
    klass: Hashable = None
    taps: tuple[int, ...] | None = None

    @property
    def tapped(self) -> tuple[int, ...]:
        """The permanents that activating this source taps."""
        return (self.oid,) if self.taps is None else tuple(self.taps)


@dataclass(frozen=True)
class Payment:
    """One way to pay a cost.

    ``sources`` holds the oid of each activated source, sorted; an oid appears twice when one
    permanent's ability is activated twice (Heritage Druid tapping six Elves).
    ``produced`` gives one valid choice of kind for each activated source; ``leftover`` is the
    mana those sources made beyond the cost, which stays in the pool. ``abilities`` names the
    activated mana abilities as (oid, ability index) pairs, ``activations`` the sources
    themselves (in the order of ``produced``) and ``tapped`` every permanent their costs tap.
    """

    pool_spent: str
    sources: tuple[int, ...]
    produced: tuple[tuple[int, str], ...]
    leftover: str = ""
    abilities: tuple[tuple[int, int], ...] = ()
    activations: tuple[ManaSource, ...] = ()
    tapped: tuple[int, ...] = ()


def payments(cost: ManaCost, pool: str, sources: Sequence[ManaSource], x: int = 0) -> list[Payment]:
    """Every distinct way to pay ``cost`` (with X = ``x``) from ``pool`` and ``sources``.

    The pool is used first: each payment spends as much of the cost from the pool as the pool
    can pay, then activates a set of sources none of which could be left out. Two payments are
    distinct when they spend a different multiset of pool mana or activate a different multiset
    of source classes; interchangeable sources are represented by the lowest oids. The list is
    sorted by number of sources, then pool mana spent, then oids.

    Answers are remembered (the arguments are immutable values): a search asks the same
    question from many states.
    """
    _validate(pool, sources, x)
    return list(_cached_payments(cost, pool, tuple(sources), x))


@lru_cache(maxsize=4096)
def _cached_payments(cost: ManaCost, pool: str, sources: tuple[ManaSource, ...], x: int) -> tuple[Payment, ...]:
    return tuple(_Solver(cost, pool, sources, x).payments())


def can_pay(cost: ManaCost, pool: str, sources: Sequence[ManaSource], x: int = 0) -> bool:
    """Whether ``cost`` (with X = ``x``) can be paid from ``pool`` and ``sources``."""
    _validate(pool, sources, x)
    return _Solver(cost, pool, sources, x).feasible()


def max_x(cost: ManaCost, pool: str, sources: Sequence[ManaSource]) -> int:
    """The largest X for which ``cost`` can be paid; 0 when the cost has no {X}.

    For a cost with {X} that cannot be paid even with X = 0 the answer is -1, so that
    ``range(max_x(...) + 1)`` is every payable X. (Use :func:`can_pay` for a cost without X.)
    """
    if cost.x_count == 0:
        return 0
    if not can_pay(cost, pool, sources, 0):
        return -1
    supply = len(pool) + sum(source.amount for source in sources)
    low, high = 0, max(0, (supply - cost.mana_value(0)) // cost.x_count)
    while low < high:  # paying is monotone in X: less generic mana is never harder to pay
        middle = (low + high + 1) // 2
        if can_pay(cost, pool, sources, middle):
            low = middle
        else:
            high = middle - 1
    return low


# ---------------------------------------------------------------------------------------------
# The constraint problem


@dataclass(frozen=True)
class _Supplier:
    """One count variable: how many sources of a class are activated (producing ``kinds``)."""

    name: str
    group: int  # index into _Solver.classes
    kinds: frozenset  # the kinds each of them may produce (one kind when amount > 1 is split)
    amount: int


class _Solver:
    """Builds and solves the payment problem of one cost, pool and list of sources."""

    def __init__(self, cost: ManaCost, pool: str, sources: Sequence[ManaSource], x: int):
        self.cost = cost.with_x(x) if cost.x_count else cost
        self.pool = Counter(pool)
        self.symbols = _symbols(self.cost)  # one accepted-kinds set per mana symbol
        self.needed = len(self.symbols)
        self.from_pool = _matching_size([frozenset(k) for k in sorted(pool, key=KINDS.index)], self.symbols)[0]
        self.owed = self.needed - self.from_pool  # mana the sources must make
        self.classes = _classes(sources, self.symbols)

    # -- building ---------------------------------------------------------------------------

    def _problem(self) -> tuple[Problem, dict[str, str], list[_Supplier]] | None:
        """The problem, its pool variables and source variables; None if nothing can pay."""
        problem = Problem()
        pool_vars: dict[str, str] = {}  # kind -> variable
        if self.from_pool:
            for kind in KINDS:
                usable = sum(1 for accepted in self.symbols if kind in accepted)
                if self.pool[kind] and usable:
                    pool_vars[kind] = f"pool:{kind}"
                    problem.addVariable(pool_vars[kind], list(range(min(self.pool[kind], usable) + 1)))
            problem.addConstraint(ExactSumConstraint(self.from_pool), list(pool_vars.values()))
            self._pool_side_hall(problem, pool_vars)
        suppliers = self._suppliers() if self.owed else []
        for supplier in suppliers:
            size = len(self.classes[supplier.group].members)
            problem.addVariable(supplier.name, list(range(min(size, self.owed) + 1)))
        self._each_permanent_tapped_once(problem, suppliers)
        if suppliers:
            names = [s.name for s in suppliers]
            if all(s.amount == 1 for s in suppliers):
                problem.addConstraint(ExactSumConstraint(self.owed), names)
            else:
                problem.addConstraint(MaxSumConstraint(self.owed), names)
        if not self._symbol_side_hall(problem, pool_vars, suppliers):
            return None
        return problem, pool_vars, suppliers

    def _suppliers(self) -> list[_Supplier]:
        suppliers = []
        for index, klass in enumerate(self.classes):
            useful = [k for k in klass.produces if any(k in accepted for accepted in self.symbols)]
            if not useful:
                continue
            if klass.amount == 1 or len(useful) == 1:
                suppliers.append(_Supplier(f"src:{index}", index, frozenset(useful), klass.amount))
            else:  # all the mana of one activation is of one chosen kind: count per kind
                for kind in useful:
                    suppliers.append(_Supplier(f"src:{index}:{kind}", index, frozenset(kind), klass.amount))
        return suppliers

    def _each_permanent_tapped_once(self, problem: Problem, suppliers: list[_Supplier]) -> None:
        by_class: dict[int, list[str]] = {}
        for supplier in suppliers:
            by_class.setdefault(supplier.group, []).append(supplier.name)
        for index, names in by_class.items():
            if len(names) > 1:  # a class split per kind still has only so many members
                problem.addConstraint(MaxSumConstraint(len(self.classes[index].members)), names)
        by_permanent: dict[int, list[str]] = {}
        for supplier in suppliers:
            entry = self.classes[supplier.group]
            if entry.shares_permanents:
                for permanent in set(entry.members[0].tapped):
                    by_permanent.setdefault(permanent, []).append(supplier.name)
        for names in by_permanent.values():
            if len(names) > 1:
                problem.addConstraint(MaxSumConstraint(1), names)

    def _pool_side_hall(self, problem: Problem, pool_vars: dict[str, str]) -> None:
        """Every pool mana spent can be put on a symbol of its own."""
        kinds = list(pool_vars)
        for size in range(2, len(kinds) + 1):  # single kinds are bounded by their domains
            for group in combinations(kinds, size):
                room = sum(1 for accepted in self.symbols if accepted & set(group))
                problem.addConstraint(MaxSumConstraint(room), [pool_vars[k] for k in group])

    def _symbol_side_hall(self, problem: Problem, pool_vars: dict[str, str], suppliers) -> bool:
        """Every group of symbols gets at least as much mana as it needs from what can pay it.

        Returns False when some group cannot be paid by anything at all.
        """
        buckets = Counter(s for s in self.symbols if s != frozenset(KINDS))
        unions = {frozenset().union(*g) for size in range(1, len(buckets) + 1) for g in combinations(buckets, size)}
        # a group of symbols is as hard to pay as every symbol whose kinds it covers
        needs = {group: sum(n for b, n in buckets.items() if b <= group) for group in unions}
        if self.cost.generic:  # the whole cost: anything can pay generic mana
            needs[frozenset(KINDS)] = self.needed
        for accepted, need in sorted(needs.items(), key=lambda item: sorted(item[0])):
            names = [name for kind, name in pool_vars.items() if kind in accepted]
            weights = [1] * len(names)
            for supplier in suppliers:
                if supplier.kinds & accepted:
                    names.append(supplier.name)
                    weights.append(supplier.amount)
            if not names:
                return False
            problem.addConstraint(MinSumConstraint(need, weights), names)
        return True

    # -- solving ----------------------------------------------------------------------------

    def feasible(self) -> bool:
        """Whether some payment exists."""
        if self.owed == 0:
            return True
        built = self._problem()
        return built is not None and bool(built[2]) and bool(_solutions(built[0], first_only=True))

    def payments(self) -> list[Payment]:
        """Every distinct payment, materialized with representatives and kind choices."""
        if self.needed == 0:
            return [Payment("", (), (), "")]
        built = self._problem()
        if built is None or (self.owed and not built[2]):
            return []
        problem, pool_vars, suppliers = built
        seen: dict[tuple, dict] = {}
        for solution in _solutions(problem):
            key = self._key(solution, pool_vars, suppliers)
            # a class split per kind can give one payment twice: keep the smallest, for determinism
            if key not in seen or _order(solution) < _order(seen[key]):
                seen[key] = solution
        distinct: dict[tuple, Payment] = {}
        for solution in seen.values():
            if self._minimal(solution, pool_vars, suppliers):
                payment = self._materialize(solution, pool_vars, suppliers)
                key = _payment_key(payment)
                # sources kept apart because they tap shared permanents can still be alike (G1)
                if key not in distinct or _payment_order(payment) < _payment_order(distinct[key]):
                    distinct[key] = payment
        found = list(distinct.values())
        found.sort(key=lambda p: (len(p.sources), [KINDS.index(k) for k in p.pool_spent], p.sources, _payment_order(p)))
        return found

    def _key(self, solution: dict, pool_vars: dict[str, str], suppliers: list[_Supplier]) -> tuple:
        """The pool mana spent and the number of sources per class: one payment, one key."""
        counts = Counter()
        for supplier in suppliers:
            counts[supplier.group] += solution.get(supplier.name, 0)
        spent = tuple(solution.get(name, 0) for name in pool_vars.values())
        return spent, tuple(sorted(counts.items()))

    def _minimal(self, solution: dict, pool_vars, suppliers: list[_Supplier]) -> bool:
        """No activated source could be left out (only in doubt when an activated source makes 2+ mana)."""
        if all(s.amount == 1 for s in suppliers if solution.get(s.name, 0)):
            # at most one source per mana owed, each making one mana, and together they pay
            # the cost: exactly one mana per mana owed, every source pays a symbol
            return True
        pool_units = _pool_units(solution, pool_vars)
        counts = Counter()
        for supplier in suppliers:
            counts[supplier.group] += solution.get(supplier.name, 0)
        for group, count in counts.items():
            if count:
                fewer = counts.copy()
                fewer[group] -= 1
                if self._covers(pool_units, fewer):
                    return False
        return True

    def _covers(self, pool_units: list[frozenset], counts: Counter) -> bool:
        """Whether these pool mana (all spent) and these many sources per class pay the cost."""
        activations = []
        for group, count in sorted(counts.items()):
            entry = self.classes[group]
            activations.extend([(entry.produces, entry.amount)] * count)
        options = [
            [(frozenset(kinds), amount)] if amount == 1 or len(kinds) == 1 else [(frozenset(k), amount) for k in kinds]
            for kinds, amount in activations
        ]
        for choice in product(*options):
            units = list(pool_units)
            for kinds, amount in choice:
                units.extend([kinds] * amount)
            size, _ = _matching_size(units, self.symbols)
            if size == self.needed:
                return True
        return False

    def _materialize(self, solution: dict, pool_vars, suppliers: list[_Supplier]) -> Payment:
        """The payment of one solution: lowest oids of each class, one kind per source."""
        pool_units = _pool_units(solution, pool_vars)
        taken: Counter = Counter()
        chosen: list[tuple[ManaSource, frozenset]] = []  # (source, kinds it may make here)
        for supplier in suppliers:  # in class order, so representatives are the lowest oids
            count = solution.get(supplier.name, 0)
            if not count:
                continue
            members = self.classes[supplier.group].members
            for source in members[taken[supplier.group] : taken[supplier.group] + count]:
                chosen.append((source, supplier.kinds))
            taken[supplier.group] += count
        units = list(pool_units)
        owners: list[int | None] = [None] * len(units)
        for position, (source, kinds) in enumerate(chosen):
            units.extend([kinds] * source.amount)
            owners.extend([position] * source.amount)
        _, match = _matching_size(units, self.symbols)
        made: dict[int, str] = {}
        for unit, symbol in match.items():
            if owners[unit] is not None and owners[unit] not in made:
                source, kinds = chosen[owners[unit]]
                made[owners[unit]] = _first_kind(source.produces, kinds & self.symbols[symbol])
        used = Counter(owners[unit] for unit in match)
        leftover = []
        for position, (source, kinds) in enumerate(chosen):
            kind = made.setdefault(position, _first_kind(source.produces, kinds))
            leftover.extend(kind * (source.amount - used[position]))
        order = sorted(range(len(chosen)), key=lambda i: _source_order(chosen[i][0]))
        return Payment(
            pool_spent="".join(sorted("".join(next(iter(u)) for u in pool_units), key=KINDS.index)),
            sources=tuple(sorted(source.oid for source, _ in chosen)),
            produced=tuple((chosen[i][0].oid, made[i]) for i in order),
            leftover="".join(sorted(leftover, key=KINDS.index)),
            abilities=tuple((chosen[i][0].oid, chosen[i][0].ability) for i in order),
            activations=tuple(chosen[i][0] for i in order),
            tapped=tuple(sorted(p for source, _ in chosen for p in source.tapped)),
        )


def _solutions(problem: Problem, first_only: bool = False) -> list[dict]:
    """The problem's solutions (only one when ``first_only``).

    python-constraint2 raises ValueError from ``max()`` when one sum constraint's pre-processing
    empties a domain before another one is pre-processed: an empty domain means no solution.
    """
    try:
        if first_only:
            solution = problem.getSolution()
            return [solution] if solution is not None else []
        return problem.getSolutions()
    except ValueError as error:
        if "empty" not in str(error):
            raise
        return []


@dataclass(frozen=True)
class _Class:
    members: tuple[ManaSource, ...]  # sorted by oid then ability
    produces: tuple[str, ...]
    amount: int
    shares_permanents: bool  # taps a permanent that another source taps too: a class of one


def _classes(sources: Sequence[ManaSource], symbols: list[frozenset]) -> list[_Class]:
    """Group interchangeable sources; a source sharing a tapped permanent with another stays alone."""
    tapping = Counter(permanent for source in sources for permanent in set(source.tapped))
    groups: dict[Hashable, list[ManaSource]] = {}
    for index, source in enumerate(sources):
        if source.klass is None or _shares(source, tapping):
            key = ("single", index)
        else:
            key = ("class", source.klass, tuple(source.produces), source.amount)
        groups.setdefault(key, []).append(source)
    classes = []
    for group in groups.values():
        group.sort(key=_source_order)
        first = group[0]
        classes.append(_Class(tuple(group), tuple(first.produces), first.amount, _shares(first, tapping)))
    classes.sort(key=lambda c: _source_order(c.members[0]))
    return classes


def _shares(source: ManaSource, tapping: Counter) -> bool:
    return any(tapping[permanent] > 1 for permanent in source.tapped)


def _source_order(source: ManaSource) -> tuple:
    return source.oid, source.ability, tuple(sorted(source.tapped))


def _validate(pool: str, sources: Sequence[ManaSource], x: int) -> None:
    """Refuse a pool, sources or X that the solver cannot read, with a readable message."""
    if x < 0:
        raise ValueError(f"X cannot be negative (got {x})")
    bad = [kind for kind in pool if kind not in KINDS]
    if bad:
        raise ValueError(f"bad mana pool {pool!r}: {bad[0]!r} is not one of {KINDS}")
    for source in sources:
        _check_source(source)


def _check_source(source: ManaSource) -> None:
    if not isinstance(source.produces, tuple) or not (source.taps is None or isinstance(source.taps, tuple)):
        raise ValueError(f"mana source {source.oid}: produces and taps must be tuples")
    if not source.produces or any(kind not in KINDS for kind in source.produces):
        raise ValueError(f"mana source {source.oid}: produces {source.produces!r}, expected kinds of {KINDS}")
    if source.amount < 1:
        raise ValueError(f"mana source {source.oid}: amount {source.amount} is not positive")


def _symbols(cost: ManaCost) -> list[frozenset]:
    """One set of accepted kinds per mana symbol: colored first, then hybrid, then generic."""
    symbols = [frozenset(kind) for kind, count in cost.colored for _ in range(count)]
    symbols += [frozenset(pair) for pair in cost.hybrid]
    symbols += [frozenset(KINDS)] * cost.generic
    return symbols


def _pool_units(solution: dict, pool_vars: dict[str, str]) -> list[frozenset]:
    return [frozenset(kind) for kind, name in pool_vars.items() for _ in range(solution.get(name, 0))]


def _matching_size(units: Sequence[frozenset], symbols: Sequence[frozenset]) -> tuple[int, dict[int, int]]:
    """A maximum matching of mana units to symbols (augmenting paths, in the given order).

    Units matched early stay matched, so listing the pool's mana first makes sure all of it is
    spent whenever that is possible. Returns the size and a map unit index -> symbol index.
    """
    owner: dict[int, int] = {}  # symbol -> unit

    def augment(unit: int, visited: set) -> bool:
        for symbol, accepted in enumerate(symbols):
            if symbol in visited or not (units[unit] & accepted):
                continue
            visited.add(symbol)
            if symbol not in owner or augment(owner[symbol], visited):
                owner[symbol] = unit
                return True
        return False

    for unit in range(len(units)):
        if len(owner) == len(symbols):
            break
        augment(unit, set())
    return len(owner), {unit: symbol for symbol, unit in owner.items()}


def _first_kind(produces: Iterable[str], allowed: frozenset) -> str:
    return next(kind for kind in produces if kind in allowed)


def _payment_key(payment: Payment) -> tuple:
    """What makes two payments different: the pool mana spent and the classes activated."""
    classes = Counter(_class_key(source) for source in payment.activations)
    return payment.pool_spent, tuple(sorted(classes.items(), key=repr))


def _class_key(source: ManaSource) -> Hashable:
    if source.klass is None:
        return ("source", _source_order(source))
    return ("class", source.klass, tuple(source.produces), source.amount)


def _payment_order(payment: Payment) -> tuple:
    return [_source_order(source) for source in payment.activations], payment.produced


def _order(solution: dict) -> tuple:
    return tuple(sorted(solution.items()))

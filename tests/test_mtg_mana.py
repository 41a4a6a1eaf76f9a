"""Mana costs and their payments: hand-checked examples and properties against brute force.

Rulings: G1 (interchangeable sources give one choice); rules 107.4 (mana symbols), 601.2g-h and
605.3 (mana abilities activated while paying), 106.4 (mana left in the pool).
"""

from __future__ import annotations

import doctest
from collections import Counter
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardjudge.rules.mtg import mana
from cardjudge.rules.mtg.mana import (
    KINDS,
    ManaCost,
    ManaSource,
    Payment,
    can_pay,
    max_x,
    parse_mana_cost,
    payments,
)


def land(oid: int, kind: str, name: str | None = None) -> ManaSource:
    """A basic land (or any '{T}: Add one mana of this kind'); same name = interchangeable."""
    return ManaSource(oid=oid, ability=0, produces=(kind,), klass=name)


def forest(oid):
    return land(oid, "G", "Forest")


def mountain(oid):
    return land(oid, "R", "Mountain")


def plains(oid):
    return land(oid, "W", "Plains")


def island(oid):
    return land(oid, "U", "Island")


def llanowar_elves(oid):
    return land(oid, "G", "Llanowar Elves")


def birds_of_paradise(oid):
    return ManaSource(oid=oid, ability=0, produces=tuple("WUBRG"), klass="Birds of Paradise")


def sol_ring(oid):
    return ManaSource(oid=oid, ability=0, produces=("C",), amount=2, klass="Sol Ring")


def wastes(oid):
    return land(oid, "C", "Wastes")


def chosen(found: list[Payment]) -> list[tuple[str, tuple[int, ...]]]:
    return [(p.pool_spent, p.sources) for p in found]


def test_module_examples():
    result = doctest.testmod(mana)
    assert result.attempted > 0 and result.failed == 0


# --- parsing ----------------------------------------------------------------------------------


def test_parse_reads_every_kind_of_symbol():
    cost = parse_mana_cost("{X}{2}{G}{G}{W/G}{C}")
    assert cost == ManaCost(generic=2, colored=(("G", 2), ("C", 1)), hybrid=(("G", "W"),), x_count=1)
    assert cost.mana_value() == 6 and cost.mana_value(x=2) == 8
    assert str(cost) == "{X}{2}{C}{G/W}{G}{G}"
    assert parse_mana_cost(str(cost)) == cost


def test_parse_empty_and_zero_costs():
    assert parse_mana_cost("") == parse_mana_cost(None) == parse_mana_cost("{0}") == ManaCost()
    assert parse_mana_cost("").is_zero and not parse_mana_cost("{X}").is_zero
    assert str(ManaCost()) == "{0}"


def test_with_x_turns_x_into_generic_mana():
    assert parse_mana_cost("{X}{X}{R}").with_x(3) == parse_mana_cost("{6}{R}")
    with pytest.raises(ValueError, match="negative"):
        parse_mana_cost("{X}{R}").with_x(-1)


@pytest.mark.parametrize(
    "text, message",
    [("{G}{Q}", r"bad mana symbol \{Q\}"), ("1G", "not inside"), ("{G}x", "not inside"), ("{G/G}", "bad mana symbol"),
     ("{G/P}", "bad mana symbol"), ("{2/W}", "bad mana symbol")],
)
def test_parse_rejects_bad_syntax_with_a_readable_message(text, message):
    with pytest.raises(ValueError, match=message):
        parse_mana_cost(text)


def test_bad_pool_or_source_is_refused():
    with pytest.raises(ValueError, match="pool"):
        payments(parse_mana_cost("{G}"), "Q", [])
    with pytest.raises(ValueError, match="produces"):
        payments(parse_mana_cost("{G}"), "", [ManaSource(1, 0, ("X",))])
    with pytest.raises(ValueError, match="tuples"):
        payments(parse_mana_cost("{G}"), "", [ManaSource(1, 0, ["G"])])
    with pytest.raises(ValueError, match="negative"):
        can_pay(parse_mana_cost("{X}"), "", [], x=-1)


# --- hand-checked payments ----------------------------------------------------------------------


def test_G1_grizzly_bears_with_two_forests_and_a_mountain_has_two_payments():
    bears = parse_mana_cost("{1}{G}")
    found = payments(bears, "", [forest(1), forest(2), mountain(3)])
    assert chosen(found) == [("", (1, 2)), ("", (1, 3))]
    assert found[1].produced == ((1, "G"), (3, "R")) and found[1].leftover == ""
    assert can_pay(bears, "", [forest(1), forest(2), mountain(3)])


def test_G1_sources_that_are_not_interchangeable_are_listed_apart():
    distinct = [land(1, "G"), land(2, "G"), land(3, "R")]  # no class: each one is different
    assert chosen(payments(parse_mana_cost("{1}{G}"), "", distinct)) == [("", (1, 2)), ("", (1, 3)), ("", (2, 3))]
    # a Forest and a Llanowar Elves both make G, but tapping one or the other is not the same choice
    assert chosen(payments(parse_mana_cost("{G}"), "", [forest(1), llanowar_elves(2), forest(3)])) == [
        ("", (1,)),
        ("", (2,)),
    ]


def test_mana_from_llanowar_elves_in_the_pool_is_spent_first():
    bears = parse_mana_cost("{1}{G}")
    found = payments(bears, "G", [forest(1), mountain(2)])
    assert chosen(found) == [("G", (1,)), ("G", (2,))]
    assert payments(parse_mana_cost("{G}"), "G", [forest(1)]) == [Payment("G", (), (), "")]
    # pool mana that cannot pay stays in the pool; only the sources pay
    assert chosen(payments(parse_mana_cost("{G}"), "U", [forest(1)])) == [("", (1,))]


def test_pool_pays_the_most_it_can_even_when_it_has_a_choice():
    found = payments(parse_mana_cost("{1}"), "GR", [forest(1)])
    assert chosen(found) == [("R", ()), ("G", ())]


def test_hybrid_symbols_take_either_color():
    finks = parse_mana_cost("{1}{G/W}{G/W}")
    found = payments(finks, "", [plains(1), forest(2), mountain(3), island(4)])
    assert chosen(found) == [("", (1, 2, 3)), ("", (1, 2, 4))]
    assert chosen(payments(finks, "", [forest(1), forest(2), mountain(3)])) == [("", (1, 2, 3))]
    assert not can_pay(finks, "", [forest(1), mountain(2), mountain(3)])


def test_colorless_symbol_needs_colorless_mana():
    eldrazi = parse_mana_cost("{1}{C}")
    assert not can_pay(eldrazi, "", [forest(1), forest(2)])
    assert chosen(payments(eldrazi, "", [forest(1), wastes(2)])) == [("", (1, 2))]
    found = payments(eldrazi, "", [sol_ring(5), forest(1)])
    assert chosen(found) == [("", (5,))] and found[0].leftover == ""


def test_a_source_of_two_mana_leaves_the_rest_in_the_pool():
    found = payments(parse_mana_cost("{1}"), "", [sol_ring(5), forest(1)])
    assert chosen(found) == [("", (1,)), ("", (5,))]
    assert found[1].produced == ((5, "C"),) and found[1].leftover == "C"
    # Sol Ring and a Forest for {1}{G}: both needed, one C left over; never Sol Ring for {G} alone
    both = payments(parse_mana_cost("{1}{G}"), "", [sol_ring(5), forest(1)])
    assert [(p.sources, p.leftover) for p in both] == [((1, 5), "C")]


def test_no_source_is_tapped_that_is_not_needed():
    found = payments(parse_mana_cost("{2}"), "", [sol_ring(5), forest(1), forest(2)])
    assert chosen(found) == [("", (5,)), ("", (1, 2))]  # never Sol Ring with a Forest


def test_a_source_with_a_choice_of_colors_makes_the_color_needed():
    found = payments(parse_mana_cost("{U}{G}"), "", [birds_of_paradise(7), forest(1)])
    assert [(p.sources, p.produced) for p in found] == [((1, 7), ((1, "G"), (7, "U")))]
    gilded = ManaSource(9, 0, tuple("WUBRG"), amount=3, klass="Gilded Lotus")
    found = payments(parse_mana_cost("{G}"), "", [gilded])
    assert found[0].produced == ((9, "G"),) and found[0].leftover == "GG"
    # three mana of ONE color cannot pay {U}{G}
    assert not can_pay(parse_mana_cost("{U}{G}"), "", [gilded])


def test_two_abilities_of_one_permanent_are_never_both_activated():
    taiga_like = [ManaSource(1, 0, ("R",)), ManaSource(1, 1, ("G",))]
    assert not can_pay(parse_mana_cost("{R}{G}"), "", taiga_like)
    found = payments(parse_mana_cost("{G}"), "", taiga_like)
    assert [(p.sources, p.abilities) for p in found] == [((1,), ((1, 1),))]


def heritage_druid_sources(druid: int, elves: list[int]) -> list[ManaSource]:
    """Heritage Druid's ability, one source per choice of three untapped Elves (itself included).

    Triples of Llanowar Elves only are interchangeable; triples with the Druid are too.
    """
    sources = []
    for triple in combinations([druid] + elves, 3):
        klass = ("Heritage Druid", "with itself" if druid in triple else "three Elves")
        sources.append(ManaSource(druid, 0, ("G",), amount=3, klass=klass, taps=triple))
    return sources


def test_S3_heritage_druid_taps_elves_that_cannot_also_tap_for_mana():
    elves = [llanowar_elves(2), llanowar_elves(3), llanowar_elves(4)]
    sources = heritage_druid_sources(1, [2, 3, 4]) + elves
    # {G}{G}{G}{G}: three Elves tapping for G each cannot pay; the Druid's ability tapping the
    # three Elves makes GGG and nothing is left to pay the fourth G; the Druid with two Elves
    # plus the third Elf's own ability pays it.
    found = payments(parse_mana_cost("{G}{G}{G}{G}"), "", sources)
    assert [(p.tapped, p.leftover) for p in found] == [((1, 2, 3, 4), "")]
    assert [source.taps for source in found[0].activations] == [(1, 2, 3), None]
    # {G}: one Elf, or the Druid's ability (with or without itself) leaving GG in the pool
    found = payments(parse_mana_cost("{G}"), "", sources)
    assert [(p.tapped, p.leftover) for p in found] == [((1, 2, 3), "GG"), ((2, 3, 4), "GG"), ((2,), "")]


def test_springleaf_drum_taps_itself_and_a_creature_for_any_color():
    drum = [ManaSource(9, 0, tuple("WUBRG"), klass=("Springleaf Drum", "Elves"), taps=(9, elf)) for elf in (2, 3)]
    sources = drum + [llanowar_elves(2), llanowar_elves(3)]
    found = payments(parse_mana_cost("{U}{G}"), "", sources)
    assert [(p.tapped, p.produced) for p in found] == [((2, 3, 9), ((2, "G"), (9, "U")))]
    assert found[0].activations[1].taps == (9, 3)  # listed once, with the lowest Elf tapping for G
    assert not can_pay(parse_mana_cost("{U}{U}"), "", sources)  # one Drum, tapped once


def test_x_costs_and_the_largest_x():
    fireball = parse_mana_cost("{X}{R}")
    sources = [mountain(1), forest(2), forest(3), forest(4)]
    assert max_x(fireball, "", sources) == 3
    assert max_x(fireball, "G", sources) == 4
    assert chosen(payments(fireball, "", sources, x=2)) == [("", (1, 2, 3))]
    assert can_pay(fireball, "", sources, x=3) and not can_pay(fireball, "", sources, x=4)
    assert max_x(fireball, "", [forest(2)]) == -1  # no red mana: not even X = 0
    assert max_x(parse_mana_cost("{R}"), "", [forest(2)]) == 0  # no X: 0, as for any cost without X
    assert max_x(parse_mana_cost("{1}"), "", [forest(2)]) == 0


def test_zero_cost_is_paid_by_doing_nothing():
    assert payments(ManaCost(), "G", [forest(1)]) == [Payment("", (), (), "")]
    assert payments(parse_mana_cost("{G}"), "", []) == []


def test_order_is_deterministic_whatever_the_order_of_the_sources():
    sources = [forest(1), forest(2), mountain(3), birds_of_paradise(4), island(5), sol_ring(6)]
    cost = parse_mana_cost("{2}{G}{U}")
    assert payments(cost, "R", sources) == payments(cost, "R", list(reversed(sources)))


# --- properties against brute force -----------------------------------------------------------

TEMPLATES = [
    ("G", 1, "Forest"),
    ("R", 1, "Mountain"),
    ("U", 1, "Island"),
    ("C", 1, "Wastes"),
    ("G", 1, None),
    ("WUBRG", 1, "Birds"),
    ("RG", 1, "Taiga"),
    ("C", 2, "Sol Ring"),
    ("WUBRG", 2, None),
    ("G", 1, "Elves"),
]


@st.composite
def instances(draw):
    picks = draw(st.lists(st.sampled_from(TEMPLATES + ["two abilities"]), max_size=4))
    sources = []
    for oid, pick in enumerate(picks, start=10):
        if pick == "two abilities":
            sources += [ManaSource(oid, 0, ("R",)), ManaSource(oid, 1, ("G",))]
        else:
            kinds, amount, klass = pick
            sources.append(ManaSource(oid, 0, tuple(kinds), amount, klass))
    colored = draw(st.lists(st.sampled_from(KINDS), max_size=2))
    hybrid = draw(st.lists(st.sampled_from([("G", "W"), ("U", "R"), ("R", "G")]), max_size=1))
    generic = draw(st.integers(0, 2))
    x_count = draw(st.integers(0, 1))
    counted = Counter(colored)
    cost = ManaCost(generic, tuple((k, counted[k]) for k in KINDS if counted[k]), tuple(hybrid), x_count)
    pool = "".join(draw(st.lists(st.sampled_from(KINDS), max_size=3)))
    x = draw(st.integers(0, 1))
    elves = [s.oid for s in sources if s.klass == "Elves"]
    if elves and draw(st.booleans()):  # Springleaf Drum
        sources += [ManaSource(90, 0, tuple("WUBRG"), klass="Drum", taps=(90, elf)) for elf in elves]
    if len(elves) >= 2 and draw(st.booleans()):  # Heritage Druid and its own Elves
        for triple in combinations([91] + elves, 3):
            klass = ("Druid", 91 in triple)
            sources.append(ManaSource(91, 0, ("G",), amount=3, klass=klass, taps=triple))
    order = draw(st.permutations(range(len(sources))))
    return cost, pool, [sources[i] for i in order], x


def symbols_of(cost: ManaCost) -> list[set]:
    symbols = [{k} for k, n in cost.colored for _ in range(n)]
    return symbols + [set(pair) for pair in cost.hybrid] + [set(KINDS)] * cost.generic


def pays_exactly(symbols: list[set], pool: str, made: str) -> bool:
    """Every symbol gets one mana, every pool mana pays a symbol (backtracking, no shortcuts)."""
    units = [(kind, True) for kind in pool] + [(kind, False) for kind in made]

    def fill(index: int, used: frozenset) -> bool:
        if index == len(symbols):
            return all(i in used for i, (_, from_pool) in enumerate(units) if from_pool)
        return any(
            fill(index + 1, used | {i}) for i, (kind, _) in enumerate(units) if i not in used and kind in symbols[index]
        )

    return fill(0, frozenset())


def makes(activated, choice) -> str:
    return "".join(kind * source.amount for source, kind in zip(activated, choice))


def source_set_pays(symbols, pool_spent, activated) -> bool:
    return any(
        pays_exactly(symbols, pool_spent, makes(activated, choice))
        for choice in product(*(source.produces for source in activated))
    )


def class_key(source: ManaSource) -> tuple:
    if source.klass is None:
        return ("single", source.oid, source.ability, source.taps)
    return ("class", source.klass, source.produces, source.amount)


def brute_force(cost: ManaCost, pool: str, sources, x: int) -> set:
    """Every (pool spent, activated classes) by the definition: max pool use, minimal sources."""
    symbols = symbols_of(cost.with_x(x))
    pools = {"".join(sorted(c)) for n in range(len(pool) + 1) for c in combinations(pool, n)}
    matchable = [p for p in pools if len(p) <= len(symbols) and _pool_fits(symbols, p)]
    most = max(len(p) for p in matchable)
    found = set()
    for spent in (p for p in matchable if len(p) == most):
        for size in range(len(symbols) - most + 1):
            for activated in combinations(sources, size):
                tapped = [p for s in activated for p in s.tapped]
                if len(set(tapped)) < len(tapped) or not source_set_pays(symbols, spent, activated):
                    continue
                if any(source_set_pays(symbols, spent, activated[:i] + activated[i + 1 :]) for i in range(size)):
                    continue
                key = (spent, tuple(sorted(Counter(class_key(s) for s in activated).items(), key=repr)))
                found.add(key)
    return found


def _pool_fits(symbols, spent) -> bool:
    """The pool mana ``spent`` can each pay a different symbol."""

    def place(index: int, taken: frozenset) -> bool:
        if index == len(spent):
            return True
        return any(place(index + 1, taken | {i}) for i, s in enumerate(symbols) if i not in taken and spent[index] in s)

    return place(0, frozenset())


def solver_keys(found: list[Payment]) -> set:
    return {
        ("".join(sorted(p.pool_spent)), tuple(sorted(Counter(class_key(a) for a in p.activations).items(), key=repr)))
        for p in found
    }


@settings(max_examples=300, deadline=None)
@given(instances())
def test_every_payment_pays_the_cost_exactly(instance):
    cost, pool, sources, x = instance
    symbols = symbols_of(cost.with_x(x))
    for payment in payments(cost, pool, sources, x):
        assert not (Counter(payment.pool_spent) - Counter(pool))
        activated = list(payment.activations)
        assert all(source in sources for source in activated)
        assert sorted(s.oid for s in activated) == list(payment.sources)
        assert sorted(p for s in activated for p in s.tapped) == list(payment.tapped)
        assert len(set(payment.tapped)) == len(payment.tapped)
        made = Counter()
        for (oid, kind), source in zip(payment.produced, activated):
            assert oid == source.oid and kind in source.produces
            made[kind] += source.amount
        spent_from_sources = made - Counter(payment.leftover)
        assert sum(made.values()) - sum(spent_from_sources.values()) == len(payment.leftover)
        assert len(payment.pool_spent) + sum(spent_from_sources.values()) == len(symbols)
        assert pays_exactly(symbols, payment.pool_spent, "".join(spent_from_sources.elements()))


@settings(max_examples=300, deadline=None)
@given(instances())
def test_no_payment_taps_a_source_it_does_not_need(instance):
    cost, pool, sources, x = instance
    symbols = symbols_of(cost.with_x(x))
    for payment in payments(cost, pool, sources, x):
        activated = list(payment.activations)
        for i in range(len(activated)):
            assert not source_set_pays(symbols, payment.pool_spent, activated[:i] + activated[i + 1 :])


@settings(max_examples=300, deadline=None)
@given(instances())
def test_payments_are_the_brute_force_set_listed_once_each(instance):
    cost, pool, sources, x = instance
    found = payments(cost, pool, sources, x)
    keys = solver_keys(found)
    assert len(keys) == len(found)
    assert keys == brute_force(cost, pool, sources, x)
    assert can_pay(cost, pool, sources, x) == bool(found)
    assert found == payments(cost, pool, list(reversed(sources)), x)


@settings(max_examples=150, deadline=None)
@given(instances())
def test_max_x_is_the_last_payable_x(instance):
    cost, pool, sources, _ = instance
    cost = ManaCost(cost.generic, cost.colored, cost.hybrid, 1)
    best = max_x(cost, pool, sources)
    assert all(can_pay(cost, pool, sources, x) for x in range(best + 1))
    assert not can_pay(cost, pool, sources, best + 1)

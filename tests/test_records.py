"""quick_init and record_maker: the same records as the dataclass constructor makes, still frozen."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardjudge.rules.core.actions import Action, CostPart
from cardjudge.rules.core.events import Event
from cardjudge.rules.core.records import quick_init, record_maker


@dataclasses.dataclass(frozen=True, slots=True)
class _Plain:
    kind: str
    cards: tuple = ()
    amount: int | None = None
    hidden: int | None = dataclasses.field(default=7, init=False, compare=False)


_Quick = quick_init(dataclasses.make_dataclass(
    "_Quick", [("kind", str), ("cards", tuple, dataclasses.field(default=())),
               ("amount", "int | None", dataclasses.field(default=None)),
               ("hidden", "int | None", dataclasses.field(default=7, init=False, compare=False))],
    frozen=True, slots=True))


@given(st.text(), st.tuples(st.integers()), st.none() | st.integers())
def test_quick_init_makes_what_the_dataclass_makes(kind, cards, amount):
    plain, quick = _Plain(kind, cards, amount), _Quick(kind, cards=cards, amount=amount)
    assert dataclasses.astuple(plain) == dataclasses.astuple(quick)
    assert (quick.hidden, _Quick("x").cards, _Quick("x").amount) == (7, (), None)


def test_quick_records_stay_frozen_and_compare_as_before():
    event = Event("moved", (3,), "you", "effect", source=2, to_zone="graveyard")
    assert event == Event(kind="moved", cards=(3,), player="you", reason="effect", source=2, to_zone="graveyard")
    assert (event.seq, event.labels, event.method) == (0, (), None)
    action = Action("a1", "you", "pass", "you pass", costs=(CostPart("tribute", ("m1",), oids=(4,)),))
    assert action == dataclasses.replace(action) and hash(action) == hash(dataclasses.replace(action))
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.kind = "destroyed"
    with pytest.raises(TypeError):
        Event()


def test_quick_init_refuses_what_it_cannot_make():
    @dataclasses.dataclass(frozen=True, slots=True)
    class WithFactory:
        cards: list = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError):
        quick_init(WithFactory)


@given(st.text(), st.tuples(st.integers()), st.none() | st.integers())
def test_record_maker_makes_what_the_dataclass_makes(kind, cards, amount):
    make_all, make_two = record_maker(_Plain), record_maker(_Plain, ("kind", "amount"))
    made = make_all(kind, cards, amount, 7)
    assert type(made) is _Plain and made == _Plain(kind, cards, amount)
    assert dataclasses.astuple(make_two(kind, amount)) == dataclasses.astuple(_Plain(kind, (), amount))
    assert make_two(kind).hidden == 7
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.kind = "other"


def test_record_maker_refuses_unknown_or_missing_fields():
    with pytest.raises(TypeError):
        record_maker(_Plain, ("kind", "colour"))
    with pytest.raises(TypeError):
        record_maker(_Plain, ("cards",))  # kind has no default

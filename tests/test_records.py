"""quick_init: the same records as the dataclass __init__ makes, still frozen."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardjudge.rules.core.actions import Action, CostPart
from cardjudge.rules.core.events import Event
from cardjudge.rules.core.records import quick_init


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

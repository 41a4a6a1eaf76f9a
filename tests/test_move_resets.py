"""A move makes a new object (rule 400.7): it keeps the physical card and its owner, and every
field of the object's stay in its old zone starts again at its default. ``Draft.move`` builds the
new object from the object's one description (``core.described``): these tests walk every field
of ``Obj``, so a field added to the object and its description is checked without being named."""

from __future__ import annotations

import dataclasses

import pytest

import cardjudge as cj
from cardjudge.rules.core.described import KEPT_BY_MOVE, PER_ZONE, SET_BY_MOVE
from cardjudge.rules.core.state import Draft, Obj

# A value other than its default for every field a move resets (a new field needs one here).
NOT_DEFAULT = {"face_up": False, "position": "defense", "summon_type": "special",
               "flags": frozenset({"tapped", "sick"}), "counters": (("P1P1", 2),), "equipped_to": 999,
               "extra": (("copy_of", "Forest"),)}


def _position():
    return cj.load_position({"game": "mtg", "turn": 3, "active": "you", "phase": "main1", "players": {
        "you": {"life": 20, "battlefield": [{"card": "Grizzly Bears", "id": "GB"}]},
        "opponent": {"life": 20}}})


def _compared_fields() -> list:
    return [f.name for f in dataclasses.fields(Obj) if f.compare]


def test_every_field_of_an_object_is_kept_set_or_reset_by_a_move():
    assert sorted(_compared_fields()) == sorted(KEPT_BY_MOVE + SET_BY_MOVE + PER_ZONE)


def test_a_move_resets_every_field_of_the_stay_in_the_old_zone():
    state = _position()
    oid = next(o for o, obj in state.objects.items() if obj.label == "GB")
    resets = [name for name in _compared_fields() if name not in KEPT_BY_MOVE + SET_BY_MOVE]
    assert sorted(resets) == sorted(NOT_DEFAULT), "a field a move resets has no test value in NOT_DEFAULT"
    draft = Draft(state)
    old = draft.update(oid, **NOT_DEFAULT)
    new = draft.move(oid, "graveyard")
    for name in resets:
        assert getattr(old, name) != Obj.__dataclass_fields__[name].default, name
        assert getattr(new, name) == Obj.__dataclass_fields__[name].default, name
    for name in KEPT_BY_MOVE:
        assert getattr(new, name) == getattr(old, name), name
    assert new.oid != old.oid and new.zone == "graveyard" and new.controller == "you"
    after = draft.freeze()
    assert oid not in after.objects and after.objects[new.oid] == new
    assert after.zone("you", "graveyard") == (new.oid,) and after.zone("you", "battlefield") == ()


def test_a_move_takes_a_value_for_each_reset_field_and_refuses_the_others():
    state = _position()
    oid = next(o for o, obj in state.objects.items() if obj.label == "GB")
    for name, value in NOT_DEFAULT.items():
        new = Draft(state).move(oid, "exile", **{name: value})
        assert getattr(new, name) == value, name
    for name in KEPT_BY_MOVE:  # (what it sets are its own parameters)
        with pytest.raises(TypeError, match=name):
            Draft(state).move(oid, "exile", **{name: getattr(state.objects[oid], name)})

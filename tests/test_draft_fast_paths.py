"""The Draft's fast paths make exactly what the plain dataclass operations make.

``Draft.update``, ``Draft.set_player`` and ``Draft.move`` build objects slot by slot instead of
through ``dataclasses.replace`` and the constructors, ``Draft.freeze`` builds the State the same
way, and ``State.__hash__`` hashes sets instead of the sorted exact key: checked here against the
dataclass operations on states reached by random legal playouts of every game.
"""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions
from cardjudge.rules.core.state import Draft, Obj, State
from cold import cold_copy
from playouts import EXAMPLES, Starts, start_positions

STARTS = {game: Starts(start_positions(game)) for game in ("ygo", "mtg", "eredan")}
NAMES = sorted((game, name) for game, starts in STARTS.items() for name in starts.positions)


def _reached(game: str, name: str, picks: list[int]):
    state = STARTS[game][name]
    for pick in picks:
        actions = legal_actions(state)
        if not actions:
            break
        state = apply(state, actions[pick % len(actions)])
    return state


playouts = st.tuples(st.sampled_from(NAMES), st.lists(st.integers(0, 50), max_size=6))
settings_ = settings(max_examples=max(5, EXAMPLES // 3), deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


@settings_
@given(playout=playouts)
def test_frozen_draft_is_the_state_the_constructor_makes(playout):
    (game, name), picks = playout
    state = _reached(game, name, picks)
    frozen = Draft(state).freeze()
    plain = cold_copy(state)  # the same state made by the dataclass constructor
    for field in fields(State):
        if field.compare:
            assert getattr(frozen, field.name) == getattr(plain, field.name), field.name
    assert frozen == plain and hash(frozen) == hash(plain) == hash(state)
    assert type(frozen) is State
    assert frozen.get("window") == plain.get("window") == state.get("window")


@settings_
@given(playout=playouts, flip=st.booleans())
def test_update_and_move_make_what_the_dataclass_makes(playout, flip):
    (game, name), picks = playout
    state = _reached(game, name, picks)
    oid, obj = sorted(state.objects.items())[0]
    d = Draft(state)
    changes = {"face_up": not obj.face_up if flip else obj.face_up, "counters": (("X", 1),), "flags": frozenset({"f"})}
    updated = d.update(oid, **changes)
    assert updated == replace(obj, **changes) and hash(updated) == hash(replace(obj, **changes))
    moved = d.move(oid, "graveyard", position="attack")
    expected = Obj(moved.oid, obj.label, obj.card, obj.owner, obj.owner, "graveyard", position="attack")
    assert moved == expected and hash(moved) == hash(expected)
    assert type(moved) is Obj
    with pytest.raises(AttributeError):  # still frozen
        moved.zone = "hand"
    assert moved.oid == state.next_id + 1 and d.zone(obj.owner, "graveyard")[-1] == moved.oid


def test_set_player_makes_what_replace_makes():
    state = STARTS["ygo"][sorted(STARTS["ygo"].positions)[0]]
    d = Draft(state)
    name = state.players[0]
    d.set_player(name, life=1234, flags=frozenset({"normal_summon_used"}))
    assert d.player(name) == replace(state.player(name), life=1234, flags=frozenset({"normal_summon_used"}))
    assert state.player(name) != d.player(name)  # the state itself is not changed


def test_unknown_fields_are_refused_as_by_the_constructor():
    state = STARTS["ygo"][sorted(STARTS["ygo"].positions)[0]]
    d = Draft(state)
    oid = sorted(state.objects)[0]
    with pytest.raises(TypeError):
        d.update(oid, colour="red")
    with pytest.raises(TypeError):
        d.move(oid, "graveyard", label="other")  # a move keeps the label itself
    assert d.objects == state.objects and d.zones == state.zones  # refused before anything changed
    with pytest.raises(TypeError):
        d.set_player(state.players[0], mana=3)


def test_records_built_through_slots_twins_equal_the_constructed_ones():
    from cardjudge.rules.core.state import Lasting, new_lasting

    made = new_lasting(7, "modify", (3,), (("atk", 500),), "end_phase", 2, 4, "you")
    assert made == Lasting(7, "modify", (3,), (("atk", 500),), "end_phase", 2, 4, "you")
    assert type(made) is Lasting
    assert hash(made) == hash(Lasting(7, "modify", (3,), (("atk", 500),), "end_phase", 2, 4, "you"))
    with pytest.raises(AttributeError):
        made.until = "permanent"

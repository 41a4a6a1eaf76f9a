"""The Python API of contract section 2, checked the same way on every game.

Seeded legal walks from every example and puzzle position (Yu-Gi-Oh!, Magic, Eredan): each
listed action's ``to_dict`` has the contract's fields and one of its kinds, states and actions
are hashable and cannot be changed, and ``legal_actions`` is empty exactly when the game is over.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from helpers import act
from helpers import step as take_the_only_move

import cardjudge
from cardjudge.selectors import select

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples").rglob("*.yaml"))
KINDS = {"activate", "cast", "summon", "set", "play_land", "attack", "block", "order", "pay", "decline",
         "choose", "pass"}
FIELDS = {"id", "player", "kind", "card", "card_id", "ability", "costs", "targets", "text"}
WALKS, DEPTH = 4, 40


def _walk_states(path: str):
    """The states met on a few seeded random legal walks from the position at ``path``."""
    for seed in range(WALKS):
        rnd = random.Random(seed)
        state = cardjudge.load_position(str(ROOT / path))
        for _ in range(DEPTH):
            yield state
            actions = cardjudge.legal_actions(state)
            if not actions:
                break
            state = cardjudge.apply(state, rnd.choice(actions))


def _check_action(action, where: str) -> dict:
    d = action.to_dict()
    assert FIELDS <= set(d), f"missing {FIELDS - set(d)}: {where}"
    assert d["kind"] in KINDS, f"kind {d['kind']!r} is not one of the contract's: {where}"
    assert isinstance(d["text"], str) and d["text"], where
    assert isinstance(d["targets"], list) and all(isinstance(t, str) for t in d["targets"]), where
    for part in d["costs"]:
        assert isinstance(part.get("kind"), str) and isinstance(part.get("cards"), list), f"{part}: {where}"
    return d


def _assert_frozen(obj, field: str, where: str) -> None:
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
        setattr(obj, field, None)
    hash(obj)


@pytest.mark.parametrize("path", POSITIONS)
def test_actions_and_states_follow_the_contract(path):
    for step, state in enumerate(_walk_states(path)):
        where = f"{path}, state {step}"
        _assert_frozen(state, "turn", where)
        actions = cardjudge.legal_actions(state)
        assert bool(actions) == (state.winner is None), f"actions listed iff the game goes on: {where}"
        ids = [_check_action(action, where)["id"] for action in actions]
        assert len(ids) == len(set(ids)), where
        for action in actions:
            _assert_frozen(action, "kind", where)
        assert len(set(actions)) == len(actions), f"two listed actions are equal: {where}"


@pytest.mark.parametrize("path", POSITIONS)
def test_a_state_reloaded_from_its_position_is_equal_for_hashing(path):
    """Equal positions are equal states: a state reloaded from its own ``to_dict`` at the start."""
    state = cardjudge.load_position(str(ROOT / path))
    again = cardjudge.load_position(cardjudge.to_dict(state))
    assert cardjudge.to_dict(again) == cardjudge.to_dict(state)
    assert again == state and hash(again) == hash(state)


def test_mtg_spell_whose_target_left_resolves_after_a_reload():
    state = cardjudge.load_position(str(ROOT / "examples" / "mtg-end-step.yaml"))
    for selector in ("kind=cast card='Otherworldly Journey' targets=KJ costs_include=P1,P2",
                     "kind=activate card='Sneak Attack' costs_include=M1", "kind=pass player=you",
                     "kind=cast card=Shock targets=KJ", "kind=pass player=opponent",
                     "kind=pass player=you"):
        state = cardjudge.apply(state, select(cardjudge.legal_actions(state), selector))
    reloaded = cardjudge.load_position(cardjudge.to_dict(state))
    for action in cardjudge.legal_actions(reloaded):
        after = cardjudge.apply(reloaded, action)
        for _ in range(20):  # everyone passes until the stack is empty
            if after.winner is not None or not cardjudge.to_dict(after).get("stack"):
                break
            choices = [a for a in cardjudge.legal_actions(after) if a.kind == "choose"]
            # Sneak Attack's choice, when it comes: put no creature onto the battlefield
            after = act(after, kind="choose", targets=[]) if len(choices) > 1 else take_the_only_move(after)
        assert "OJ" in {obj.label for obj in after.objects.values() if obj.zone == "graveyard"}

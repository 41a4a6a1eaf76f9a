"""Properties of the Magic engine checked on random legal playouts.

Each example draws a start position (the Magic examples and acceptance positions) and a
sequence of action indices; the playout follows legal actions only, up to ``MAX_DEPTH``.
"""

from __future__ import annotations

import glob
import os
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, load_position, to_dict

ROOT = Path(__file__).resolve().parent.parent
ACCEPTANCE = Path(os.environ.get("CARDJUDGE_ACCEPTANCE", "/work/shared/acceptance/cases"))
MAX_DEPTH = 25
EXAMPLES = int(os.environ.get("CARDJUDGE_PROPERTY_EXAMPLES", "30"))


def _positions() -> dict[str, dict]:
    found: dict[str, dict] = {}
    for path in sorted(glob.glob(str(ROOT / "examples" / "mtg-*.yaml"))):
        with open(path, encoding="utf-8") as fh:
            found[Path(path).name] = yaml.safe_load(fh)
    for path in sorted(glob.glob(str(ACCEPTANCE / "mtg-*.yaml"))):
        with open(path, encoding="utf-8") as fh:
            case = yaml.safe_load(fh)
        if isinstance(case, dict) and isinstance(case.get("position"), dict):
            found["acceptance/" + Path(path).name] = case["position"]
    return found


POSITIONS = _positions()
_STARTS: dict = {}


def _start(name: str):
    if name not in _STARTS:
        _STARTS[name] = load_position(POSITIONS[name])
    return _STARTS[name]


def _check_state(state, trail: list[str], name: str) -> list:
    where = f"{name} after {trail}"
    d = to_dict(state)
    actions = legal_actions(state)
    if not actions:
        assert d.get("winner") is not None, f"no legal action but no winner: {where}"
    if d.get("winner") is not None:
        assert not actions, f"actions listed after the game ended: {where}"
    if any(body["life"] <= 0 for body in d["players"].values()):
        assert d.get("winner") is not None, f"life reached 0 without a winner: {where}"
    ids = [a.id for a in actions]
    assert len(ids) == len(set(ids)), f"duplicate action ids: {where}"
    # to_dict round-trips, triggers waiting to be ordered and decisions being made included
    if d.get("winner") is None:
        cards = POSITIONS[name].get("cards")
        reloaded = load_position({**d, "cards": cards} if cards else d)
        assert to_dict(reloaded) == d, f"to_dict does not round-trip: {where}"
        assert sorted(a.text for a in legal_actions(reloaded)) == sorted(a.text for a in actions), (
            f"the reloaded position has other legal actions: {where}")
    return actions


def _apply_checked(state, action, trail, name):
    before_dict = to_dict(state)
    before_hash = hash(state)
    after = apply(state, action)
    assert to_dict(state) == before_dict, f"apply changed its input: {name} after {trail}"
    assert hash(state) == before_hash, f"apply changed the hash of its input: {name} after {trail}"
    return after


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH),
)
def test_random_playouts(name, choices):
    state = _start(name)
    trail: list[str] = []
    for depth, pick in enumerate(choices):
        actions = _check_state(state, trail, name)
        if not actions:
            break
        if depth == 0 or depth == len(choices) - 1:
            for other in actions:  # every listed action is applicable
                _apply_checked(state, other, trail, name)
        action = actions[pick % len(actions)]
        state = _apply_checked(state, action, trail, name)
        trail.append(action.text)
    else:
        _check_state(state, trail, name)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_start_action_applies(name):
    state = _start(name)
    for action in _check_state(state, [], name):
        _apply_checked(state, action, [], name)

"""Properties of the Yu-Gi-Oh engine checked on random legal playouts.

Each example draws a start position (the examples and the acceptance positions) and a
sequence of action indices; the playout follows legal actions only, up to ``MAX_DEPTH``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import legal_actions, load_position, to_dict
from playouts import EXAMPLES, Starts, apply_checked, play_out, start_positions

MAX_DEPTH = 12
POSITIONS = start_positions("ygo")
STARTS = Starts(POSITIONS)


def _start(name: str):
    """The state of the start position ``name``, loaded once (other property tests use it too)."""
    return STARTS[name]


def _lps(d: dict) -> dict:
    return {p: v.get("lp") for p, v in d["players"].items()}


def _with_inline_cards(d: dict, name: str) -> dict:
    """``d`` with the start position's inline ``cards:`` (``to_dict`` does not write them back)."""
    cards = POSITIONS[name].get("cards")
    return {**d, "cards": cards} if cards and "cards" not in d else d


def _check_state(state, trail: list[str], name: str) -> list:
    where = f"{name} after {trail}"
    d = to_dict(state)
    actions = legal_actions(state)

    # legal_actions is empty exactly when the game is over
    if not actions:
        assert d.get("winner") is not None, f"no legal action but no winner: {where}"
    if d.get("winner") is not None:
        assert not actions, f"actions listed after the game ended: {where}"

    # LP at 0 ends the game
    if any(lp is not None and lp <= 0 for lp in _lps(d).values()):
        assert d.get("winner") is not None, f"LP reached 0 without a winner: {where} {_lps(d)}"

    # ids are unique within one listing
    ids = [a.to_dict()["id"] for a in actions]
    assert len(ids) == len(set(ids)), f"duplicate action ids {ids}: {where}"

    # to_dict round-trips, the moment (chain, window, waiting triggers, choices) included
    reloaded = load_position(_with_inline_cards(d, name))
    assert to_dict(reloaded) == d, f"to_dict does not round-trip: {where}"
    texts = sorted(a.to_dict()["text"] for a in actions)
    assert sorted(a.to_dict()["text"] for a in legal_actions(reloaded)) == texts, (
        f"the reloaded position has other legal actions: {where}"
    )

    return actions


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH),
)
def test_random_playouts(name, choices):
    play_out(_start(name), choices, _check_state, name)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_start_action_applies(name):
    state = _start(name)
    for action in _check_state(state, [], name):
        apply_checked(state, action, [], name)


def test_to_dict_keeps_inline_cards():
    name = next(n for n in sorted(POSITIONS) if POSITIONS[n].get("cards"))
    state = _start(name)
    assert to_dict(load_position(to_dict(state))) == to_dict(state)

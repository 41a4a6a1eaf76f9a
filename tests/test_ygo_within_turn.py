"""``apply_within_turn``: the same game as ``apply`` up to the end of the turn, stopped at the
start of the next one (its draw included) for searches that treat later turns as ended."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import only

from cardjudge import apply, find_combos, legal_actions, load_position
from cardjudge.rules.core.engine import apply_within_turn

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("**/ygo-*.yaml"))


def _deck_out_position(opponent_deck: list) -> dict:
    return {
        "game": "ygo", "turn": 3, "active": "you", "phase": "main2",
        "players": {
            "you": {"lp": 8000, "deck": ["Dark Magician"],
                    "monsters": [{"card": "Axe Raider", "id": "AX", "position": "attack", "face_up": True}]},
            "opponent": {"lp": 8000, "deck": opponent_deck},
        },
    }


def _end_turn(state, step):
    """Pass until the turn changes, through ``step`` (``apply`` or ``apply_within_turn``)."""
    for _ in range(20):
        passes = [a for a in legal_actions(state) if a.kind == "pass"]
        state = step(state, only(passes, "passes"))
        if state.turn != 3 or state.winner is not None:
            return state
    raise AssertionError("the turn did not end")


def test_within_turn_stops_after_the_next_turns_draw():
    full = _end_turn(load_position(_deck_out_position(["Dark Magician", "Axe Raider"])), apply)
    stopped = _end_turn(load_position(_deck_out_position(["Dark Magician", "Axe Raider"])), apply_within_turn)
    assert full.turn == stopped.turn == 4 and full.active == stopped.active == "opponent"
    assert full.phase == "main1" and stopped.phase == "draw"
    hand = lambda s: [s.objects[o].card for o in s.zone("opponent", "hand")]  # noqa: E731
    assert hand(full) == hand(stopped) == ["Dark Magician"]
    assert full.winner is None and stopped.winner is None


def test_within_turn_keeps_the_loss_of_a_player_who_cannot_draw():
    # the opponent's empty Deck: drawing at the start of their turn loses them the duel
    full = _end_turn(load_position(_deck_out_position([])), apply)
    stopped = _end_turn(load_position(_deck_out_position([])), apply_within_turn)
    assert full.winner == stopped.winner == "you"
    assert find_combos(load_position(_deck_out_position([])), "win", max_actions=1).found


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_within_turn_is_apply_until_the_turn_changes(path):
    # seeded random playouts: every successor in the same turn is the state apply gives
    for seed in range(8):
        rng = random.Random(seed)
        state = load_position(str(path))
        for _ in range(40):
            listed = legal_actions(state)
            if not listed:
                break
            for action in listed:
                within = apply_within_turn(state, action)
                if within.turn == state.turn:
                    assert within == apply(state, action)
                else:
                    assert within.winner == apply(state, action).winner
            state = apply(state, rng.choice(listed))

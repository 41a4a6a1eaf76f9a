"""Positions with the Extra Deck round-trip: written by to_dict, loaded back, the same position
with the same legal actions, at every step of the Extra Deck lines (materials, Tokens, a Fusion
choice being made, a Summon under way)."""

import cardjudge as cj
import pytest
from helpers import load, only
from test_ygo_extra_combos import COMBOS, DOPPEL, DOPPEL_GOAL, this_turn_goal


def _same_after_round_trip(state):
    written = cj.to_dict(state)
    again = cj.load_position(written)
    assert cj.to_dict(again) == written
    assert [a.to_dict() for a in cj.legal_actions(again)] == [a.to_dict() for a in cj.legal_actions(state)]


LINES = {**{name: (body, goal, len(counted) + 1) for name, (body, goal, counted) in COMBOS.items()},
         "doppelwarrior": (DOPPEL, DOPPEL_GOAL, 6)}


@pytest.mark.parametrize("name", sorted(LINES))
def test_every_step_of_the_line_round_trips(name):
    body, goal, max_actions = LINES[name]
    state = load(**body)
    result = cj.find_combos(state, this_turn_goal(goal, state), max_actions=max_actions, limit_seconds=60)
    assert result.found
    _same_after_round_trip(state)
    for action in result.lines[0].actions:
        state = cj.apply(state, action)
        _same_after_round_trip(state)


def test_a_fusion_choice_round_trips_and_is_answered_the_same():
    state = load(you={"hand": ["Polymerization", {"card": "Elemental HERO Avian", "id": "AV"}],
                      "monsters": [{"card": "Elemental HERO Burstinatrix", "id": "BU"}],
                      "extra_deck": [{"card": "Elemental HERO Flame Wingman", "id": "FW"}]})
    state = cj.apply(state, only(a for a in cj.legal_actions(state) if a.kind == "activate"))
    written = cj.to_dict(state)
    assert written["choice"]["kind"] == "fusion"
    again = cj.load_position(written)
    answer = only(a for a in cj.legal_actions(again) if a.position == "defense")
    after = cj.apply(again, answer)
    entry = [m for m in cj.to_dict(after)["players"]["you"]["monsters"] if m["id"] == "FW"][0]
    assert (entry["position"], entry["summon_type"]) == ("defense", "fusion")

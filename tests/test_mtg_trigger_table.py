"""The table of triggered abilities on the battlefield by event, kept for each battlefield of
card definitions (the cards, faces and copies of the permanents, the lasting effects and the
card pool). What that must protect: along any line of play, the triggers an action puts on the
stack are those of the same state made afresh (every object made anew, a fresh card pool:
nothing remembered), whatever entered or left, was copied or turned its face."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardjudge as cj
from cold import colder_copy, listing
from helpers import only
from playouts import start_files

STARTS = start_files("mtg")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(STARTS), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=15))
def test_the_triggers_of_an_action_are_those_of_the_state_made_afresh(start, choices):
    state = cj.load_position(start)
    for pick in choices:
        actions = cj.legal_actions(state)
        if not actions:
            return
        afresh = colder_copy(state)
        assert listing(afresh) == [action.to_dict() for action in actions]
        action = actions[pick % len(actions)]
        after = cj.apply(state, action)
        assert cj.to_dict(after) == cj.to_dict(cj.apply(afresh, cj.legal_actions(afresh)[pick % len(actions)])), \
            action.text
        state = after


def test_a_transformed_permanent_listens_as_its_new_face():
    """Delver of Secrets transformed (rule 712.8: a transformed permanent has its back face's
    characteristics) into Insectile Aberration, which has no upkeep trigger, stays the same
    object: along the turns after it, each state's actions and each apply are those of the same
    state made afresh, and the Aberration's next upkeep puts nothing on the stack."""
    state = cj.load_position({
        "game": "mtg", "turn": 3, "active": "opponent", "phase": "end",
        "players": {"you": {"life": 20, "library": ["Lightning Bolt", "Forest", "Forest", "Forest"],
                            "battlefield": [{"card": "Delver of Secrets", "id": "DS"}]},
                    "opponent": {"life": 20, "library": ["Forest"] * 4}}})
    seen = []
    for _ in range(300):
        actions = cj.legal_actions(state)
        afresh = colder_copy(state)
        assert listing(afresh) == [action.to_dict() for action in actions]
        reveals = [a for a in actions if a.kind == "choose" and a.to_dict()["targets"] == ["Lightning Bolt#library0"]]
        action = only(reveals) if reveals else only(a for a in actions if a.kind == "pass")
        after = cj.apply(state, action)
        assert cj.to_dict(after) == cj.to_dict(cj.apply(afresh, cj.legal_actions(afresh)[actions.index(action)]))
        state = after
        written = cj.to_dict(state)
        if written["turn"] == 6 and written["phase"] == "draw":
            break  # past the Aberration's first upkeep
        seen.append((written["turn"], written["phase"], [o["now"]["name"] for o in written["players"]["you"]["battlefield"]],
                     [item.get("card") for item in written.get("stack") or []]))
    else:
        raise AssertionError(f"turn 6 not reached: {seen[-1]}")
    assert (4, "upkeep", ["Insectile Aberration"], []) in seen  # transformed in the first upkeep
    assert (6, "upkeep", ["Insectile Aberration"], []) in seen
    assert all(stack == [] for turn, phase, _cards, stack in seen if turn == 6)

"""The scenario helpers never choose for a test: a choice the test does not state is an error."""

import mtg_helpers
import pytest
from helpers import act, act_any_payment, load, resolve, zone


def _bulb_activated():
    state = load(you={"graveyard": [{"card": "Glow-Up Bulb", "id": "GB"}], "deck": [{"card": "Axe Raider", "id": "AX"}]})
    return act(state, card_id="GB", kind="activate")


def test_resolve_through_a_summons_position_choice_needs_the_position_stated():
    with pytest.raises(AssertionError, match="Special Summon GB in attack position; .* in defense position"):
        resolve(_bulb_activated())
    state = resolve(_bulb_activated(), position="defense")
    assert zone(state, "GB") == "monsters"
    assert [m["position"] for m in mtg_helpers.data(state)["players"]["you"]["monsters"]] == ["defense"]


def test_act_refuses_an_unnamed_payment():
    state = mtg_helpers.load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                                  "battlefield": [{"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"},
                                                  {"card": "Mountain", "id": "M1"}]})
    with pytest.raises(AssertionError, match="2 actions match"):
        act(state, kind="cast", card_id="GB")
    state = act(state, kind="cast", card_id="GB", costs_include=["F1", "M1"])
    assert mtg_helpers.card(state, "F2").get("tapped") is not True



def test_a_payment_left_open_is_one_the_test_declares_interchangeable():
    state = mtg_helpers.load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                                  "battlefield": [{"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"},
                                                  {"card": "Mountain", "id": "M1"}]})
    with pytest.raises(AssertionError, match="do not differ only in which of \\['F1'\\] pay"):
        act_any_payment(state, kind="cast", card_id="GB", interchangeable=("F1",))
    state = act_any_payment(state, kind="cast", card_id="GB", interchangeable=("F2", "M1"))
    assert mtg_helpers.card(state, "F1").get("tapped") is True
    assert [mtg_helpers.card(state, land).get("tapped") is True for land in ("F2", "M1")].count(True) == 1

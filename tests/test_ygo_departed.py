"""Destiny HERO - Departed: Special Summoned to the opponent's field during your Standby Phase,
and its own replacements ("banish it instead") for battle and for a card effect that sends it
from the hand or Deck; a cost is neither (the historic ruling: sent to the GY as a cost, it is
not banished)."""

import cardjudge as cj
from helpers import act, actions, resolve, zone

DEPARTED = "Destiny HERO - Departed"


def _load(you, opponent=None, phase="main1", turn=3):
    return cj.load_position({"game": "ygo", "turn": turn, "active": "you", "phase": phase,
                             "players": {"you": {"lp": 8000, **you}, "opponent": {"lp": 8000, **(opponent or {})}}})


def test_departed_is_special_summoned_to_the_opponents_field_in_your_standby_phase():
    state = _load({"deck": [{"card": "Pot of Greed", "id": "D1"}], "graveyard": [{"card": DEPARTED, "id": "DH"}]},
                  phase="draw")
    state = act(state, kind="pass")
    state = act(state, kind="activate", card_id="DH")
    state = resolve(state)
    data = cj.to_dict(state)
    assert [m["card"] for m in data["players"]["opponent"]["monsters"]] == [DEPARTED]
    assert data["players"]["opponent"]["monsters"][0]["position"] == "attack"


def test_departed_not_in_your_standby_phase_does_nothing():
    state = _load({"graveyard": [{"card": DEPARTED, "id": "DH"}]})
    assert not actions(state, card_id="DH")


def test_departed_destroyed_by_battle_is_banished_instead():
    state = _load({"monsters": [{"card": "King Tiger Wanghu", "id": "W", "position": "attack", "face_up": True}]},
                  {"monsters": [{"card": DEPARTED, "id": "DH", "position": "attack", "face_up": True}]},
                  phase="main1")
    state = act(state, kind="pass")  # to the Battle Phase
    while not actions(state, kind="attack"):
        state = act(state, kind="pass")
    state = act(state, kind="attack", card_id="W", targets=["DH"])
    for _ in range(20):
        if zone(state, "DH") != "monsters":
            break
        state = act(state, kind="pass", player=cj.legal_actions(state)[0].player)
    assert zone(state, "DH") == "banished"


def test_departed_sent_from_the_deck_by_foolish_burial_is_banished_instead():
    state = _load({"hand": [{"card": "Foolish Burial", "id": "FB"}], "deck": [{"card": DEPARTED, "id": "DH"}]})
    state = act(state, kind="activate", card_id="FB")
    state = resolve(state)
    assert zone(state, "DH") == "banished"


def test_departed_discarded_as_a_cost_goes_to_the_gy():
    # a cost is not a card effect: the replacement does not apply (C4)
    state = _load({"hand": [{"card": DEPARTED, "id": "DH"}],
                   "spells_traps": [{"card": "Phoenix Wing Wind Blast", "id": "PW", "face_up": False}]},
                  {"monsters": [{"card": "King Tiger Wanghu", "id": "W", "position": "attack", "face_up": True}]})
    state = act(state, kind="activate", card_id="PW")
    state = resolve(state)
    assert zone(state, "DH") == "graveyard" and zone(state, "W") == "deck"

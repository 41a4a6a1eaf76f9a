"""The cards of Forge Puzzle Tutorial #01/#03 "Out of Place" (Mesmeric Fiend, Abyssal
Nocturnus, Cinderhaze Wretch, Viridian Longbow, Undying Evil) and the rules they bring: linked
abilities and the card an object exiled (607.2a), discarding as an event (701.9a), fear
(702.36b), a cost that puts a counter on the permanent (118.3), undying gained from an effect
(702.93a) and an ability granted by a static ability (613.1f). Each rule played as a scenario."""

import pytest
from mtg_helpers import act, actions, card, data, load, now, resolve, zone, zone_of

import cardjudge as cj
from cardjudge.errors import InputError

PING = "you activate Cinderhaze Wretch ({T}: This creature deals 1 damage to any target.) targeting "


def bolt(state, target):
    """You cast Lightning Bolt (from a Mountain) at ``target`` and it resolves."""
    return resolve(act(state, kind="cast", card="Lightning Bolt", targets=[target]))


def fiend_in_hand():
    return load(you={"hand": [{"card": "Mesmeric Fiend", "id": "MF"}, {"card": "Lightning Bolt", "id": "LB"}],
                     "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"},
                                     {"card": "Mountain", "id": "M1"}]},
                opponent={"hand": [{"card": "Forest", "id": "OF"}, {"card": "Shock", "id": "OS"},
                                   {"card": "Giant Growth", "id": "OG"}]})


def test_607_2a_mesmeric_fiend_exiles_a_nonland_card_you_choose_and_returns_that_card():
    state = act(fiend_in_hand(), kind="cast", card="Mesmeric Fiend", costs_include=["S1", "S2"])
    for _ in range(2):  # the Fiend resolves, then its enters trigger (it targets the only opponent)
        state = act(act(state, kind="pass", player="you"), kind="pass", player="opponent")
    # you choose among the nonland cards only
    choices = sorted(d["text"] for _, d in actions(state, kind="choose"))
    assert choices == ["you choose Giant Growth (a nonland card to exile)", "you choose Shock (a nonland card to exile)"]
    state = act(state, kind="choose", text="you choose Shock (a nonland card to exile)")
    assert zone_of(state, "OS") == ("opponent", "exile")
    assert card(state, "OS")["exiled_by"] == "MF"
    state = bolt(state, "MF")
    assert zone(state, "MF") == "graveyard"
    assert zone_of(state, "OS") == ("opponent", "hand")  # the exiled card, to its owner's hand


def test_607_2a_the_fiend_returns_only_the_card_it_exiled():
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Mountain", "id": "M1"}, {"card": "Mesmeric Fiend", "id": "MF"}]},
                 opponent={"exile": [{"card": "Wall of Omens", "id": "WO", "exiled_by": "MF"},
                                     {"card": "Shock", "id": "OS"}]})
    state = bolt(state, "MF")
    assert zone_of(state, "WO") == ("opponent", "hand")
    assert zone_of(state, "OS") == ("opponent", "exile")


def test_607_2a_the_link_round_trips_while_the_leaves_trigger_waits():
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Mountain", "id": "M1"}, {"card": "Mesmeric Fiend", "id": "MF"}]},
                 opponent={"exile": [{"card": "Wall of Omens", "id": "WO", "exiled_by": "MF"}]})
    state = act(state, kind="cast", card="Lightning Bolt", targets=["MF"])
    for player in ("you", "opponent"):
        state = act(state, kind="pass", player=player)
    # the Fiend has died; its leaves-the-battlefield ability is on the stack
    assert zone(state, "MF") == "graveyard" and zone(state, "WO") == "exile"
    written = data(state)
    assert card(state, "WO")["exiled_by"] == "MF" and card(state, "WO")["exiled_by_left"] is True
    reloaded = cj.load_position(written)
    assert cj.to_dict(reloaded) == written
    assert zone_of(resolve(reloaded), "WO") == ("opponent", "hand")


def test_607_2a_exiled_by_must_name_a_permanent():
    with pytest.raises(InputError, match="'exiled_by' names 'MF', which is not a permanent on the battlefield"):
        load(you={"graveyard": [{"card": "Mesmeric Fiend", "id": "MF"}]},
             opponent={"exile": [{"card": "Shock", "id": "OS", "exiled_by": "MF"}]})


def test_400_7_a_fiend_back_from_undying_is_a_new_object_with_nothing_exiled():
    """Undying Evil on the Fiend, then it dies: its leaves ability returns the card it had
    exiled; the Fiend that returns is a new object whose enters ability exiles again."""
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}, {"card": "Undying Evil", "id": "UE"}],
                      "battlefield": [{"card": "Mountain", "id": "M1"}, {"card": "Swamp", "id": "S1"},
                                      {"card": "Mesmeric Fiend", "id": "MF"}]},
                 opponent={"exile": [{"card": "Shock", "id": "OS", "exiled_by": "MF"}]})
    state = resolve(act(state, kind="cast", card="Undying Evil", targets=["MF"]))
    state = act(state, kind="cast", card="Lightning Bolt", targets=["MF"])
    for player in ("you", "opponent"):
        state = act(state, kind="pass", player=player)
    # the two abilities of the Fiend that died (leaves, undying) wait for you to order them
    orders = sorted(d["text"] for _, d in actions(state, kind="order"))
    assert orders == ["you put Mesmeric Fiend's triggered ability (dies: MF) on the stack next",
                      "you put Mesmeric Fiend's triggered ability (leaves: MF) on the stack next"]
    # the gained undying waiting to be ordered round-trips (``gained`` names where it came from)
    assert cj.to_dict(cj.load_position(data(state))) == data(state)
    # undying goes on the stack first: it resolves last
    state = act(state, kind="order", text="you put Mesmeric Fiend's triggered ability (dies: MF) on the stack next")
    state = act(act(state, kind="pass", player="you"), kind="pass", player="opponent")
    assert zone_of(state, "OS") == ("opponent", "hand")
    state = act(act(state, kind="pass", player="you"), kind="pass", player="opponent")  # undying: the Fiend returns
    state = act(act(state, kind="pass", player="you"), kind="pass", player="opponent")  # its enters trigger
    state = act(state, kind="choose", text="you choose Shock (a nonland card to exile)")
    # the card came back to the hand, then the new Fiend returned with its counter and its
    # enters ability took the card again (the only nonland card in that hand)
    assert zone(state, "MF") == "battlefield" and card(state, "MF")["counters"] == {"P1P1": 1}
    assert zone_of(state, "OS") == ("opponent", "exile") and card(state, "OS")["exiled_by"] == "MF"


def nocturnus_position(**top):
    return load(you={"battlefield": [{"card": "Cinderhaze Wretch", "id": "CW"},
                                     {"card": "Abyssal Nocturnus", "id": "AN"}]},
                opponent={"hand": [{"card": "Shock", "id": "OS"}, {"card": "Forest", "id": "OF"}],
                          "battlefield": [{"card": "Wall of Omens", "id": "WO"}, {"card": "Memnite", "id": "ME"},
                                          {"card": "Crypt Rats", "id": "CR"}]}, **top)


def test_701_9b_the_target_player_chooses_the_card_they_discard():
    state = act(nocturnus_position(), kind="activate", text="you activate Cinderhaze Wretch targeting opponent")
    state = act(act(state, kind="pass", player="you"), kind="pass", player="opponent")
    choices = sorted(d["text"] for _, d in actions(state, kind="choose"))
    assert choices == ["opponent chooses Forest (a card to discard)", "opponent chooses Shock (a card to discard)"]
    state = act(state, kind="choose", text="opponent chooses Forest (a card to discard)")
    assert zone_of(state, "OF") == ("opponent", "graveyard")


def test_701_9a_an_opponent_discarding_pumps_abyssal_nocturnus_and_gives_it_fear():
    state = act(nocturnus_position(), kind="activate", text="you activate Cinderhaze Wretch targeting opponent")
    state = act(act(state, kind="pass", player="you"), kind="pass", player="opponent")
    state = resolve(act(state, kind="choose", text="opponent chooses Shock (a card to discard)"))
    assert (now(state, "AN")["power"], now(state, "AN")["toughness"]) == (4, 4)
    assert "Fear" in now(state, "AN")["keywords"]


def test_701_9a_you_discarding_does_not_pump_abyssal_nocturnus():
    state = act(nocturnus_position(), kind="activate", text="you activate Cinderhaze Wretch targeting you")
    state = resolve(state)  # your hand is empty: nothing is discarded
    assert (now(state, "AN")["power"], now(state, "AN")["toughness"]) == (2, 2)


def blockers_of(state, attacker):
    """You attack with ``attacker``; the opponent's creatures offered to block it."""
    while not actions(state, kind="attack"):
        state = act(state, kind="pass", player=data(state)["priority"])
    state = act(act(state, kind="attack", card_id=attacker), kind="pass", player="you")  # no more attackers
    while not actions(state, kind="block"):
        state = act(state, kind="pass", player=data(state)["priority"])
    return sorted(d["card"] for _, d in actions(state, kind="block"))


def test_702_36b_fear_lets_only_artifact_and_black_creatures_block():
    state = act(nocturnus_position(), kind="activate", text="you activate Cinderhaze Wretch targeting opponent")
    state = act(act(state, kind="pass", player="you"), kind="pass", player="opponent")
    state = resolve(act(state, kind="choose", text="opponent chooses Shock (a card to discard)"))
    assert blockers_of(state, "AN") == ["Crypt Rats", "Memnite"]  # not the white Wall of Omens


def test_702_36b_without_fear_any_creature_blocks():
    assert blockers_of(nocturnus_position(), "AN") == ["Crypt Rats", "Memnite", "Wall of Omens"]


def test_602_5b_cinderhaze_wretch_discards_only_during_your_turn():
    state = nocturnus_position(active="opponent", priority="you")
    texts = [d["text"] for _, d in actions(state, kind="activate")]
    assert texts == ["you activate Cinderhaze Wretch"]  # the untap ability only


def test_118_3_putting_a_counter_on_cinderhaze_wretch_untaps_it_until_it_dies():
    state = resolve(act(nocturnus_position(), kind="activate", text="you activate Cinderhaze Wretch targeting you"))
    assert card(state, "CW")["tapped"] is True
    state = resolve(act(state, kind="activate", text="you activate Cinderhaze Wretch"))
    assert card(state, "CW")["tapped"] is False and card(state, "CW")["counters"] == {"M1M1": 1}
    assert (now(state, "CW")["power"], now(state, "CW")["toughness"]) == (2, 1)
    state = act(state, kind="activate", text="you activate Cinderhaze Wretch")
    assert zone(state, "CW") == "graveyard"  # a 1/0 (704.5f): the untap resolves with nothing to untap


def test_702_93a_undying_evil_gives_undying_until_end_of_turn():
    state = load(you={"hand": [{"card": "Undying Evil", "id": "UE"}, {"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Mountain", "id": "M1"},
                                      {"card": "Grizzly Bears", "id": "GB"}]})
    state = resolve(act(state, kind="cast", card="Undying Evil", targets=["GB"]))
    assert "Undying" in now(state, "GB")["keywords"]
    state = bolt(state, "GB")
    assert zone(state, "GB") == "battlefield" and card(state, "GB")["counters"] == {"P1P1": 1}
    assert "Undying" not in now(state, "GB")["keywords"]  # a new object: the effect is gone


def test_702_93a_without_undying_evil_the_creature_stays_dead():
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Mountain", "id": "M1"}, {"card": "Grizzly Bears", "id": "GB"}]})
    assert zone(bolt(state, "GB"), "GB") == "graveyard"


def longbow_position():
    # the Mountain and Lightning Bolt keep you a response: an activation waits on the stack
    return load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                     "battlefield": [{"card": "Mountain", "id": "M1"},
                                     {"card": "Viridian Longbow", "id": "VL", "attached_to": "GB"},
                                     {"card": "Grizzly Bears", "id": "GB"}, {"card": "Hill Giant", "id": "HG"}]},
                opponent={"life": 10, "battlefield": [{"card": "Memnite", "id": "ME"}]})


def test_613_1f_the_equipped_creature_has_the_longbow_ability_and_pays_with_its_own_tap():
    state = longbow_position()
    pings = sorted(d["text"] for _, d in actions(state, kind="activate") if "1 damage" in d["text"])
    bears = "you activate Grizzly Bears ({T}: This creature deals 1 damage to any target.) targeting "
    assert pings == sorted(bears + t for t in ("GB", "HG", "ME", "opponent", "you"))
    state = resolve(act(state, kind="activate", text=bears + "opponent"))
    assert data(state)["players"]["opponent"]["life"] == 9
    assert card(state, "GB")["tapped"] is True and card(state, "VL")["tapped"] is False


def test_613_1f_an_unequipped_creature_has_no_longbow_ability():
    texts = [d["text"] for _, d in actions(longbow_position(), kind="activate")]
    assert not [t for t in texts if t.startswith("you activate Hill Giant")]


def test_613_1f_a_granted_ability_on_the_stack_round_trips():
    bears = "you activate Grizzly Bears ({T}: This creature deals 1 damage to any target.) targeting opponent"
    state = act(longbow_position(), kind="activate", text=bears)
    written = data(state)
    assert written["stack"][0]["gained"] == {"from": "Viridian Longbow", "number": 0}
    reloaded = cj.load_position(written)
    assert cj.to_dict(reloaded) == written
    assert data(resolve(reloaded))["players"]["opponent"]["life"] == 9


def test_702_36b_explain_says_why_a_white_wall_cannot_block_a_creature_with_fear():
    state = act(nocturnus_position(), kind="activate", text="you activate Cinderhaze Wretch targeting opponent")
    state = act(act(state, kind="pass", player="you"), kind="pass", player="opponent")
    state = resolve(act(state, kind="choose", text="opponent chooses Shock (a card to discard)"))
    while not actions(state, kind="attack"):
        state = act(state, kind="pass", player=data(state)["priority"])
    state = act(act(state, kind="attack", card_id="AN"), kind="pass", player="you")
    while not actions(state, kind="block"):
        state = act(state, kind="pass", player=data(state)["priority"])
    answer = cj.explain(state, 'kind=block card="Wall of Omens"')
    assert not answer.legal
    assert [(r.kind, r.rule, r.card) for r in answer.reasons] == [("target", "702.36b", "Wall of Omens")]
    assert "Abyssal Nocturnus has fear" in answer.reasons[0].text

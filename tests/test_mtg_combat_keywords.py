"""Combat keywords as the Comprehensive Rules have them: first strike and double strike (the
extra combat damage step, 510.4), deathtouch, trample with deathtouch, menace, defender,
indestructible, flash, with the library's creatures."""

import cardjudge as cj
from mtg_helpers import act, card, data, dicts, divide, load, resolve, until_phase, zone


def life(state, player):
    return data(state)["players"][player]["life"]


def fight(attacking, blocking, blocks=(), division=None):
    """You attack with ``attacking`` (ids); the opponent blocks as ``blocks`` says (blocker ids);
    you divide the damage of a blocked attacker as ``division`` says (receiver name -> amount)."""
    state = load(phase="beginning_of_combat",
                 you={"battlefield": attacking},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}] + blocking})
    state = until_phase(state, "declare_attackers")
    for entry in attacking:
        state = act(state, kind="attack", card_id=entry["id"])
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "declare_blockers")
    for blocker in blocks:
        state = act(state, kind="block", card_id=blocker)
    if dicts(state, text="opponent declares no more blockers"):
        state = act(state, kind="pass", player="opponent")
    if division is not None:
        state = divide(until_phase(state, "combat_damage"), **division)
    return until_phase(state, "end_of_combat")


def test_702_7b_first_strike_kills_the_blocker_before_it_strikes_back():
    state = fight([{"card": "Youthful Knight", "id": "YK"}], [{"card": "Grizzly Bears", "id": "GB"}], ["GB"])
    assert zone(state, "GB") == "graveyard" and zone(state, "YK") == "battlefield"


def test_510_4_without_first_strike_both_die():
    state = fight([{"card": "Elite Vanguard", "id": "EV"}], [{"card": "Grizzly Bears", "id": "GB"}], ["GB"])
    assert zone(state, "GB") == "graveyard" and zone(state, "EV") == "graveyard"


def test_702_4b_double_strike_deals_damage_in_both_steps():
    state = fight([{"card": "Fencing Ace", "id": "FA"}], [])
    assert life(state, "opponent") == 18


def test_702_4b_double_striker_kills_a_two_toughness_blocker_and_survives_a_one_power_one():
    state = fight([{"card": "Fencing Ace", "id": "FA"}], [{"card": "Memnite", "id": "MM"}], ["MM"])
    assert zone(state, "MM") == "graveyard" and zone(state, "FA") == "battlefield"


def test_510_4_the_second_combat_damage_step_is_a_step_of_its_own():
    state = load(phase="beginning_of_combat", you={"battlefield": [{"card": "Youthful Knight", "id": "YK"}]},
                 opponent={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                           "battlefield": [{"card": "Mountain", "id": "OM"}, {"card": "Grizzly Bears", "id": "GB"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="YK")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "declare_blockers")
    state = act(state, kind="pass", player="opponent")  # no block
    state = until_phase(state, "combat_damage")
    assert life(state, "opponent") == 18 and data(state)["struck_first"] == ["YK"]
    assert cj.to_dict(cj.load_position(data(state))) == data(state)  # the step round-trips
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    # the second combat damage step: the Knight dealt its damage already
    assert data(state)["phase"] == "combat_damage" and data(state).get("second_strike") is True
    state = until_phase(state, "end_of_combat")
    assert life(state, "opponent") == 18


def test_702_2b_deathtouch_blocker_kills_a_big_attacker():
    state = fight([{"card": "Colossal Dreadmaw", "id": "CD"}], [{"card": "Typhoid Rats", "id": "TR"}], ["TR"],
                  division={"Typhoid Rats": 1, "opponent": 5})
    assert zone(state, "CD") == "graveyard" and zone(state, "TR") == "graveyard"
    assert life(state, "opponent") == 15  # trample: 1 is lethal for the 1/1, 5 tramples over


def test_702_19c_trample_with_deathtouch_assigns_one_to_each_blocker():
    state = load(phase="beginning_of_combat",
                 cards=[{"name": "Test Stalker", "mana_cost": "{2}{G}", "types": ["Creature"], "power": 4,
                         "toughness": 4, "keywords": ["Trample", "Deathtouch"], "text": "Trample, deathtouch"}],
                 you={"battlefield": [{"card": "Test Stalker", "id": "TS"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Grizzly Bears", "id": "B1"},
                                           {"card": "Wall of Omens", "id": "WO"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="TS")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "declare_blockers")
    state = act(state, kind="block", card_id="B1")
    state = act(state, kind="block", card_id="WO")
    state = act(state, kind="pass", player="opponent")
    state = until_phase(state, "combat_damage")
    # with deathtouch 1 is lethal (702.2c): the player is reached once each blocker has 1 (702.19b)
    assert not [d for d in dicts(state, kind="choose") if d["text"].endswith(("0 to Grizzly Bears, 3 to opponent",
                                                                              "0 to Wall of Omens, 3 to opponent"))]
    state = divide(state, **{"Grizzly Bears": 1, "Wall of Omens": 1, "opponent": 2})
    state = until_phase(state, "end_of_combat")
    assert zone(state, "B1") == "graveyard" and zone(state, "WO") == "graveyard"
    assert life(state, "opponent") == 18 and zone(state, "TS") == "battlefield"


def test_702_111b_menace_cannot_be_blocked_by_one_creature():
    state = load(phase="beginning_of_combat", you={"battlefield": [{"card": "Boggart Brute", "id": "BB"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Grizzly Bears", "id": "GB"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="BB")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "end_of_combat")  # the Bears alone could not block: no blockers to declare
    assert life(state, "opponent") == 17


def test_702_111b_menace_once_blocked_by_one_needs_a_second_blocker():
    state = load(phase="beginning_of_combat", you={"battlefield": [{"card": "Boggart Brute", "id": "BB"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Grizzly Bears", "id": "GB"},
                                           {"card": "Memnite", "id": "MM"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="BB")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "declare_blockers")
    state = act(state, kind="block", card_id="GB")
    # no "no more blockers" now: only the second blocker
    assert [(d["kind"], d["card_id"]) for d in dicts(state)] == [("block", "MM")]
    state = act(state, kind="block", card_id="MM")
    state = act(state, kind="pass", player="opponent")
    state = divide(until_phase(state, "combat_damage"), **{"Grizzly Bears": 2, "Memnite": 1})
    state = until_phase(state, "end_of_combat")
    assert life(state, "opponent") == 20 and zone(state, "BB") == "graveyard"
    assert zone(state, "GB") == "graveyard" and zone(state, "MM") == "graveyard"


def test_702_12b_darksteel_myr_survives_destroy():
    state = load(you={"hand": [{"card": "Doom Blade", "id": "DB"}],
                      "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Darksteel Myr", "id": "DM"}]})
    state = resolve(act(state, kind="cast", card_id="DB", targets=["DM"]))
    assert zone(state, "DM") == "battlefield" and zone(state, "DB") == "graveyard"


def test_702_12b_darksteel_myr_survives_lethal_damage():
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}], "battlefield": [{"card": "Mountain", "id": "M"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Darksteel Myr", "id": "DM"}]})
    state = resolve(act(state, kind="cast", card_id="LB", targets=["DM"]))
    assert zone(state, "DM") == "battlefield" and card(state, "DM")["damage"] == 3


def test_702_8a_ambush_viper_flashes_in_as_a_deathtouch_blocker():
    state = load(active="opponent", phase="beginning_of_combat",
                 you={"hand": [{"card": "Ambush Viper", "id": "AV"}],
                      "battlefield": [{"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"}]},
                 opponent={"battlefield": [{"card": "Colossal Dreadmaw", "id": "CD"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="CD")
    state = act(state, kind="pass", player="opponent")  # attackers declared
    state = act(state, kind="pass", player="opponent")  # priority: the active player passes
    state = resolve(act(state, kind="cast", card_id="AV"))  # an instant-speed creature spell
    state = until_phase(state, "declare_blockers")
    state = act(state, kind="block", card_id="AV")
    state = act(state, kind="pass", player="you")
    state = divide(until_phase(state, "combat_damage"), **{"Ambush Viper": 1, "you": 5})
    state = until_phase(state, "end_of_combat")
    assert zone(state, "CD") == "graveyard" and life(state, "you") == 15

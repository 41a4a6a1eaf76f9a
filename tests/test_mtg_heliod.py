"""Heliod, Sun-Crowned: devotion (700.5), a static ability that makes it no creature, a life-gain
trigger that targets, and the Walking Ballista loop piece."""

from mtg_helpers import act, actions, card, data, load, resolve, zone


def test_700_5_heliod_is_no_creature_below_five_devotion():
    state = load(you={"battlefield": [{"card": "Heliod, Sun-Crowned", "id": "HS"}]})
    assert "Creature" not in card(state, "HS")["now"]["types"]


def test_700_5_heliod_is_a_creature_with_five_devotion_to_white():
    state = load(you={"battlefield": [{"card": "Heliod, Sun-Crowned", "id": "HS"},
                                      {"card": "Wall of Omens", "id": "W1"}, {"card": "Wall of Omens", "id": "W2"},
                                      {"card": "Youthful Knight", "id": "YK"},
                                      {"card": "Darksteel Myr", "id": "DM"}]})
    assert "Creature" not in card(state, "HS")["now"]["types"]  # W + W + W + W = 4
    state = load(you={"battlefield": [{"card": "Heliod, Sun-Crowned", "id": "HS"},
                                      {"card": "Wall of Omens", "id": "W1"}, {"card": "Wall of Omens", "id": "W2"},
                                      {"card": "Youthful Knight", "id": "YK"}, {"card": "Pacifism", "id": "PF",
                                                                                "attached_to": "YK"}]})
    assert "Creature" in card(state, "HS")["now"]["types"] and card(state, "HS")["now"]["power"] == 5


def test_heliod_and_walking_ballista_a_life_gain_puts_a_counter_on_target():
    state = load(you={"battlefield": [{"card": "Heliod, Sun-Crowned", "id": "HS"},
                                      {"card": "Walking Ballista", "id": "WB", "counters": {"P1P1": 1}},
                                      {"card": "Soulmender", "id": "SM"}]})
    state = act(state, kind="activate", card_id="SM")
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    # Heliod's trigger: a creature or enchantment you control (Heliod itself is an enchantment)
    assert sorted(d["targets"][0] for _, d in actions(state, kind="order")) == ["HS", "SM", "WB"]
    state = resolve(act(state, kind="order", targets=["WB"]))
    assert card(state, "WB")["counters"] == {"P1P1": 2} and data(state)["players"]["you"]["life"] == 21


def test_heliod_grants_lifelink_to_another_creature_only():
    state = load(you={"battlefield": [{"card": "Heliod, Sun-Crowned", "id": "HS"}, {"card": "Plains", "id": "P1"},
                                      {"card": "Plains", "id": "P2"},
                                      {"card": "Walking Ballista", "id": "WB", "counters": {"P1P1": 2}}]})
    assert sorted(d["targets"][0] for _, d in actions(state, kind="activate", card_id="HS")) == ["WB"]
    state = resolve(act(state, kind="activate", card_id="HS", targets=["WB"]))
    state = act(state, kind="activate", card_id="WB", targets=["opponent"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    # 1 damage with lifelink: you gain 1, and Heliod's trigger may put the counter back
    assert data(state)["players"]["opponent"]["life"] == 19 and data(state)["players"]["you"]["life"] == 21
    state = resolve(act(state, kind="order", targets=["WB"]))
    assert card(state, "WB")["counters"] == {"P1P1": 2}


def test_608_2h_a_ballista_that_died_paying_its_cost_still_has_lifelink_as_it_last_existed():
    state = load(you={"battlefield": [{"card": "Heliod, Sun-Crowned", "id": "HS"}, {"card": "Plains", "id": "P1"},
                                      {"card": "Plains", "id": "P2"},
                                      {"card": "Walking Ballista", "id": "WB", "counters": {"P1P1": 1}}]})
    state = resolve(act(state, kind="activate", card_id="HS", targets=["WB"]))
    state = resolve(act(state, kind="activate", card_id="WB", targets=["opponent"]))
    assert zone(state, "WB") == "graveyard"  # 0/0 once its last counter was removed
    assert data(state)["players"]["opponent"]["life"] == 19 and data(state)["players"]["you"]["life"] == 21
    assert card(state, "HS")["counters"] == {"P1P1": 1}  # the only creature or enchantment left

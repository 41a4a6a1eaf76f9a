"""Triggered abilities that target (rule 603.3d), "may" triggers (603.5), and the library's
cards that use them, as scenarios."""

from mtg_helpers import act, actions, card, data, load, resolve, stack, until_phase, zone


def mountains(n):
    return [{"card": "Mountain", "id": f"M{i}"} for i in range(n)]


def orders(state):
    return sorted((d["card_id"], tuple(d["targets"])) for _, d in actions(state, kind="order"))


def test_603_3d_targets_are_chosen_as_the_trigger_goes_on_the_stack():
    state = load(you={"hand": [{"card": "Flametongue Kavu", "id": "FK"}], "battlefield": mountains(4)},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Grizzly Bears", "id": "GB"},
                                           {"card": "Memnite", "id": "MM"}]})
    state = act(state, kind="cast", card_id="FK")
    state = resolve_spell(state)
    # one action per distinct target: the Kavu itself is a legal target too
    assert orders(state) == [("FK", ("FK",)), ("FK", ("GB",)), ("FK", ("MM",))]
    state = act(state, kind="order", targets=["GB"])
    assert [(s["card"], s["targets"]) for s in stack(state)] == [("Flametongue Kavu", ["GB"])]
    state = resolve(state)
    assert zone(state, "GB") == "graveyard" and zone(state, "FK") == "battlefield"


def resolve_spell(state):
    """Both players pass with the spell on the stack."""
    state = act(state, kind="pass", player="you")
    return act(state, kind="pass", player="opponent")


def test_603_3d_interchangeable_targets_are_one_choice():
    state = load(you={"hand": [{"card": "Flametongue Kavu", "id": "FK"}], "battlefield": mountains(4)},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Grizzly Bears", "id": "B1"},
                                           {"card": "Grizzly Bears", "id": "B2"}]})
    state = resolve_spell(act(state, kind="cast", card_id="FK"))
    assert len(orders(state)) == 2  # the Kavu, or one of the two identical Bears


def test_603_3d_a_single_legal_target_is_taken_and_a_mandatory_trigger_must_take_it():
    # the only creature is the Kavu itself: it must target itself and dies
    state = load(you={"hand": [{"card": "Flametongue Kavu", "id": "FK"}], "battlefield": mountains(4)})
    state = resolve(act(state, kind="cast", card_id="FK"))
    assert zone(state, "FK") == "graveyard"


SEEKER = {"name": "Test Seeker", "mana_cost": "{R}", "types": ["Creature"], "power": 1, "toughness": 1,
          "text": "When this creature enters, destroy target artifact.",
          "abilities": [{"kind": "triggered", "on": "enters", "when": "e.card == self",
                         "targets": [{"from": "game.permanents", "where": "artifact"}], "effect": [{"destroy": "t"}]}]}
UP_TO = {"name": "Test Picker", "mana_cost": "{R}", "types": ["Creature"], "power": 1, "toughness": 1,
         "text": "When this creature enters, you gain 1 life and up to one target creature gets +2/+0 until end of turn.",
         "abilities": [{"kind": "triggered", "on": "enters", "when": "e.card == self",
                        "targets": [{"from": "game.creatures", "count": [0, 1]}],
                        "effect": [{"gain_life": 1}, {"modify": {"cards": "t", "power": 2}}]}]}


def test_603_3d_a_trigger_with_no_legal_target_is_removed():
    state = load(cards=[SEEKER], you={"hand": [{"card": "Test Seeker", "id": "TS"}], "battlefield": mountains(1)})
    state = resolve_spell(act(state, kind="cast", card_id="TS"))
    assert stack(state) == [] and data(state).get("pending_triggers") is None
    assert zone(state, "TS") == "battlefield"


def test_115_10_up_to_one_target_chosen_as_none_still_resolves():
    state = load(cards=[UP_TO], you={"hand": [{"card": "Test Picker", "id": "TP"}],
                                     "battlefield": mountains(1) + [{"card": "Memnite", "id": "MM"}]})
    state = resolve_spell(act(state, kind="cast", card_id="TP"))
    assert orders(state) == [("TP", ()), ("TP", ("MM",)), ("TP", ("TP",))]
    state = resolve(act(state, kind="order", targets=[]))
    assert data(state)["players"]["you"]["life"] == 21
    assert card(state, "MM")["now"]["power"] == 1


def test_608_2b_a_targeted_trigger_whose_target_left_does_nothing():
    state = load(you={"hand": [{"card": "Flametongue Kavu", "id": "FK"}], "battlefield": mountains(4)},
                 opponent={"hand": [{"card": "Cloudshift", "id": "CS"}],
                           "battlefield": [{"card": "Plains", "id": "OP"}, {"card": "Grizzly Bears", "id": "GB"}]})
    state = resolve_spell(act(state, kind="cast", card_id="FK"))
    state = act(state, kind="order", targets=["GB"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="CS", targets=["GB"])  # a new object: the old target is gone
    state = resolve(state)
    assert zone(state, "GB") == "battlefield" and card(state, "GB").get("damage") is None
    assert zone(state, "FK") == "battlefield"


def pestermite(answer, mode=None):
    state = load(you={"hand": [{"card": "Pestermite", "id": "PM"}],
                      "battlefield": [{"card": "Island", "id": f"I{i}"} for i in range(3)]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}]})
    state = resolve_spell(act(state, kind="cast", card_id="PM"))
    state = act(state, kind="order", targets=["OI"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    state = act(state, kind="choose", text=f"you choose {answer} (Pestermite: you may)")
    if mode:
        assert sorted(d["text"] for _, d in actions(state)) == ["you choose tap", "you choose untap"]
        state = act(state, kind="choose", text=f"you choose {mode}")
    return state


def test_603_5_pestermite_may_tap_target_permanent():
    state = pestermite("yes", "tap")
    assert card(state, "OI").get("tapped") is True


def test_603_5_pestermite_declined_does_nothing():
    state = pestermite("no")
    assert not card(state, "OI").get("tapped")
    assert stack(state) == []


def test_pestermite_untaps_a_tapped_land():
    state = load(you={"hand": [{"card": "Pestermite", "id": "PM"}],
                      "battlefield": [{"card": "Island", "id": f"I{i}"} for i in range(3)]})
    state = resolve_spell(act(state, kind="cast", card_id="PM"))  # the three Islands are tapped
    state = act(state, kind="order", targets=["I0"])
    state = resolve_until_choice(state)
    state = act(state, kind="choose", text="you choose yes (Pestermite: you may)")
    state = act(state, kind="choose", text="you choose untap")
    assert not card(state, "I0").get("tapped") and card(state, "I1").get("tapped") is True


def resolve_until_choice(state):
    while not actions(state, kind="choose"):
        state = act(state, kind="pass", player=data(state)["priority"])
    return state


def test_zealous_conscripts_steals_untaps_and_hastes_until_end_of_turn():
    state = load(you={"hand": [{"card": "Zealous Conscripts", "id": "ZC"}], "battlefield": mountains(5)},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"},
                                           {"card": "Grizzly Bears", "id": "GB", "tapped": True, "sick": True}]})
    state = resolve_spell(act(state, kind="cast", card_id="ZC"))
    state = act(state, kind="order", targets=["GB"])
    state = resolve(state)
    assert "GB" in [c["id"] for c in data(state)["players"]["you"]["battlefield"]]
    assert not card(state, "GB").get("tapped")
    state = until_phase(state, "declare_attackers")
    assert {d["card_id"] for _, d in actions(state, kind="attack")} == {"GB", "ZC"}
    state = until_phase(state, "upkeep", turn=6)
    assert "GB" in [c["id"] for c in data(state)["players"]["opponent"]["battlefield"]]


def test_man_o_war_returns_target_creature_to_its_owners_hand():
    state = load(you={"hand": [{"card": "Man-o'-War", "id": "MW"}],
                      "battlefield": [{"card": "Island", "id": f"I{i}"} for i in range(3)]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Grizzly Bears", "id": "GB"}]})
    state = resolve_spell(act(state, kind="cast", card_id="MW"))
    state = resolve(act(state, kind="order", targets=["GB"]))
    assert zone(state, "GB") == "hand" and "GB" in [c["id"] for c in data(state)["players"]["opponent"]["hand"]]


def test_doomed_traveler_dies_and_leaves_a_flying_spirit():
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Doomed Traveler", "id": "DT"}, {"card": "Mountain", "id": "M"}]})
    state = resolve(act(state, kind="cast", card_id="LB", targets=["DT"]))
    assert zone(state, "DT") == "graveyard"
    spirits = [c for c in data(state)["players"]["you"]["battlefield"] if c["card"] == "Spirit Token"]
    assert len(spirits) == 1 and "Flying" in spirits[0]["now"]["keywords"]


def test_702_3b_wall_of_omens_draws_and_cannot_attack():
    state = load(you={"hand": [{"card": "Wall of Omens", "id": "WO"}], "library": [{"card": "Forest", "id": "TOP"},
        "Forest", "Forest"],
                      "battlefield": [{"card": "Plains", "id": "P1"}, {"card": "Plains", "id": "P2"},
                                      {"card": "Grizzly Bears", "id": "GB"}]})
    state = resolve(act(state, kind="cast", card_id="WO"))
    assert zone(state, "TOP") == "hand"
    state = until_phase(state, "upkeep", turn=7)
    state = until_phase(state, "declare_attackers")
    assert {d["card_id"] for _, d in actions(state, kind="attack")} == {"GB"}

"""Bugs a peer engine's test suite found, each as a scenario named after the rule it breaks."""

import cardjudge as cj
from mtg_helpers import act, actions, card, data, load, resolve, stack, until_phase, zone


def pass_both(state):
    state = act(state, kind="pass", player=data(state)["priority"])
    return act(state, kind="pass", player=data(state)["priority"])


def battlefield_cards(state, player):
    return [c["card"] for c in data(state)["players"][player]["battlefield"]]


def test_701_21a_kiki_token_stolen_before_the_end_step_is_not_sacrificed():
    state = load(you={"battlefield": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                      {"card": "Humble Defector", "id": "HD"}]})
    state = act(state, kind="activate", card_id="KJ", targets=["HD"])
    state = resolve(state)
    token = next(c["id"] for c in data(state)["players"]["you"]["battlefield"]
                 if c["card"] == "Humble Defector" and c["id"] != "HD")
    state = act(state, kind="activate", card_id=token, targets=["opponent"])  # the copy has haste
    state = resolve(state)
    assert zone(state, token) == "battlefield" and token in [c["id"] for c in data(state)["players"]["opponent"]["battlefield"]]
    state = until_phase(state, "end")
    assert [s["card"] for s in stack(state)] == ["Kiki-Jiki, Mirror Breaker"]
    state = resolve(state)
    # the delayed trigger's controller cannot sacrifice a permanent the opponent controls
    assert token in [c["id"] for c in data(state)["players"]["opponent"]["battlefield"]]


def test_701_21a_kiki_token_still_controlled_is_sacrificed():
    state = load(you={"battlefield": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                      {"card": "Grizzly Bears", "id": "GB"}]})
    state = act(state, kind="activate", card_id="KJ", targets=["GB"])
    state = resolve(state)
    assert battlefield_cards(state, "you").count("Grizzly Bears") == 2
    state = until_phase(state, "end")
    state = resolve(state)
    assert battlefield_cards(state, "you").count("Grizzly Bears") == 1


def test_712_8e_transformed_permanent_has_its_front_face_mana_value():
    state = load(you={"hand": [{"card": "Entrancing Melody", "id": "EM"}],
                      "battlefield": [{"card": "Island", "id": f"I{n}"} for n in range(4)]},
                 opponent={"battlefield": [{"card": "Delver of Secrets", "id": "DS", "face": "Insectile Aberration"}]})
    casts = actions(state, kind="cast", card_id="EM")
    assert [(d["targets"], d["text"].endswith("with X=1")) for _, d in casts] == [(["DS"], True)]
    state = cj.apply(state, casts[0][0])
    state = resolve(state)
    assert "Delver of Secrets" in battlefield_cards(state, "you")
    assert card(state, "DS")["face"] == "Insectile Aberration"


def test_pelt_collector_counts_a_creature_you_control_that_dies_not_one_you_own():
    # the Bears are the opponent's, under your control: "another creature you control ... dies"
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Pelt Collector", "id": "PC"}, {"card": "Mountain", "id": "M"},
                                      {"card": "Grizzly Bears", "id": "GB", "owner": "opponent"}]})
    state = act(state, kind="cast", card_id="LB", targets=["GB"])
    state = resolve(state)
    assert zone(state, "GB") == "graveyard"
    assert card(state, "PC")["counters"] == {"P1P1": 1}


def test_pelt_collector_ignores_a_creature_you_own_but_do_not_control():
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Pelt Collector", "id": "PC"}, {"card": "Mountain", "id": "M"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"},
                                           {"card": "Grizzly Bears", "id": "GB", "owner": "you"}]})
    state = act(state, kind="cast", card_id="LB", targets=["GB"])
    state = resolve(state)
    assert zone(state, "GB") == "graveyard"
    assert card(state, "PC").get("counters", {}) == {}


MOURNER = {"name": "Test Mourner", "mana_cost": "{1}{G}", "types": ["Creature"], "power": 2, "toughness": 2,
           "text": "When this creature dies, draw a card.",
           "abilities": [{"kind": "triggered", "on": "dies", "when": "e.card == self", "effect": [{"draw": 1}]}]}
DEPARTER = {"name": "Test Departer", "mana_cost": "{1}{G}", "types": ["Creature"], "power": 2, "toughness": 2,
            "text": "When this creature leaves the battlefield, you gain 3 life.",
            "abilities": [{"kind": "triggered", "on": "leaves", "when": "e.card == self",
                           "effect": [{"gain_life": 3}]}]}


def test_603_10a_a_creature_own_dies_ability_triggers_looking_back():
    state = load(cards=[MOURNER],
                 you={"hand": [{"card": "Doom Blade", "id": "DB"}],
                      "library": [{"card": "Forest", "id": "TOP"}],
                      "battlefield": [{"card": "Test Mourner", "id": "TM"}, {"card": "Swamp", "id": "S1"},
                                      {"card": "Swamp", "id": "S2"}]})
    state = act(state, kind="cast", card_id="DB", targets=["TM"])
    state = pass_both(state)
    assert zone(state, "TM") == "graveyard"
    assert [(s["card"], s["controller"]) for s in stack(state)] == [("Test Mourner", "you")]
    state = resolve(state)
    assert zone(state, "TOP") == "hand"


def test_603_10a_a_leaves_ability_triggers_when_exiled_but_a_dies_ability_does_not():
    state = load(cards=[MOURNER, DEPARTER],
                 you={"hand": [{"card": "Cloudshift", "id": "CS"}],
                      "battlefield": [{"card": "Test Departer", "id": "TD"}, {"card": "Plains", "id": "P"}]})
    state = act(state, kind="cast", card_id="CS", targets=["TD"])
    state = resolve(state)
    assert data(state)["players"]["you"]["life"] == 23


SELF_SACRIFICE = {"name": "Test Urn", "mana_cost": "{1}", "types": ["Artifact"],
                  "text": "{1}, Sacrifice this artifact: Draw a card.",
                  "abilities": [{"kind": "activated", "cost": ["{1}", {"sacrifice": "self"}],
                                 "effect": [{"draw": 1}]}]}


def test_602_2_an_ability_whose_cost_sacrifices_its_own_source_goes_on_the_stack():
    state = load(cards=[SELF_SACRIFICE],
                 you={"library": [{"card": "Forest", "id": "TOP"}],
                      "battlefield": [{"card": "Test Urn", "id": "TU"}, {"card": "Forest", "id": "F"}]})
    state = act(state, kind="activate", card_id="TU")
    assert zone(state, "TU") == "graveyard"
    assert [s["card"] for s in stack(state)] == ["Test Urn"]
    state = resolve(state)
    assert zone(state, "TOP") == "hand"

"""Auras: cast with a target, entering attached, and the state-based action for an Aura
attached illegally or to nothing (rule 704.5m), with Pacifism."""

import cardjudge as cj
from mtg_helpers import act, actions, card, data, load, resolve, until_phase, zone


def pacified():
    state = load(you={"hand": [{"card": "Pacifism", "id": "PF"}, {"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Plains", "id": "P1"}, {"card": "Plains", "id": "P2"},
                                      {"card": "Mountain", "id": "M"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Grizzly Bears", "id": "GB"}]})
    casts = actions(state, kind="cast", card_id="PF")
    assert {d["targets"][0] for _, d in casts} == {"GB"}  # enchant creature: only the Bears
    plains = [a for a, d in casts if "M" not in d["costs"][0]["cards"]]  # the two Plains pay, the Mountain stays
    assert len(plains) == 1
    return resolve(cj.apply(state, plains[0]))


def test_303_4f_an_aura_spell_enters_attached_to_its_target():
    state = pacified()
    assert zone(state, "PF") == "battlefield" and card(state, "PF")["attached_to"] == "GB"
    assert {"Can't attack", "Can't block"} <= set(card(state, "GB")["now"]["keywords"])


def test_pacifism_the_enchanted_creature_cannot_attack():
    state = pacified()
    state = until_phase(state, "declare_attackers", turn=6)
    assert actions(state, kind="attack") == []


def test_704_5m_an_aura_attached_to_nothing_goes_to_the_graveyard():
    state = pacified()
    state = resolve(act(state, kind="cast", card_id="LB", targets=["GB"]))
    assert zone(state, "GB") == "graveyard" and zone(state, "PF") == "graveyard"


def test_608_3b_an_aura_spell_whose_target_left_goes_to_the_graveyard():
    state = load(you={"hand": [{"card": "Pacifism", "id": "PF"}],
                      "battlefield": [{"card": "Plains", "id": "P1"}, {"card": "Plains", "id": "P2"}]},
                 opponent={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                           "battlefield": [{"card": "Mountain", "id": "OM"}, {"card": "Grizzly Bears", "id": "GB"}]})
    state = act(state, kind="cast", card_id="PF")
    state = act(state, kind="pass", player="you")
    state = resolve(act(state, kind="cast", card_id="LB", targets=["GB"]))
    assert zone(state, "PF") == "graveyard" and zone(state, "GB") == "graveyard"


def animated(extra_hand=()):
    state = load(you={"hand": [{"card": "Animate Dead", "id": "AD"}, *extra_hand],
                      "graveyard": [{"card": "Colossal Dreadmaw", "id": "CD"}],
                      "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"},
                                      {"card": "Mountain", "id": "M"}, {"card": "Plains", "id": "P"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}]})
    return resolve(act(state, kind="cast", card_id="AD", costs_include=["S1", "S2"]))


def test_animate_dead_returns_the_creature_attached_and_with_minus_one_power():
    state = animated()
    assert zone(state, "CD") == "battlefield" and card(state, "AD")["attached_to"] == "CD"
    assert card(state, "CD")["now"]["power"] == 5 and card(state, "CD")["now"]["toughness"] == 6
    assert card(state, "AD")["enchant_only"] == "CD"


def test_animate_dead_leaving_makes_the_creature_be_sacrificed():
    cards = [{"name": "Test Disenchant", "mana_cost": "{W}", "types": ["Instant"],
              "text": "Destroy target enchantment.",
              "abilities": [{"kind": "spell", "targets": [{"from": "game.permanents", "where": "enchantment"}],
                             "effect": [{"destroy": "t"}]}]}]
    state = load(cards=cards,
                 you={"hand": [{"card": "Animate Dead", "id": "AD"}, {"card": "Test Disenchant", "id": "TD"}],
                      "graveyard": [{"card": "Colossal Dreadmaw", "id": "CD"}],
                      "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"},
                                      {"card": "Plains", "id": "P"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}]})
    state = resolve(act(state, kind="cast", card_id="AD", costs_include=["S1", "S2"]))
    assert zone(state, "CD") == "battlefield"
    state = resolve(act(state, kind="cast", card_id="TD", targets=["AD"]))
    assert zone(state, "AD") == "graveyard" and zone(state, "CD") == "graveyard"


def test_704_5m_animate_dead_whose_creature_dies_goes_to_the_graveyard():
    state = load(you={"hand": [{"card": "Animate Dead", "id": "AD"}, {"card": "Doom Blade", "id": "DB"}],
                      "graveyard": [{"card": "Colossal Dreadmaw", "id": "CD"}],
                      "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"},
                                      {"card": "Swamp", "id": "S3"}, {"card": "Mountain", "id": "M"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}]})
    state = resolve(act(state, kind="cast", card_id="AD", costs_include=["S1", "S2"]))
    state = resolve(act(state, kind="cast", card_id="DB", targets=["CD"]))
    assert zone(state, "CD") == "graveyard" and zone(state, "AD") == "graveyard"


def test_animate_dead_position_round_trips():
    position = data(animated())
    assert cj.to_dict(cj.load_position(position)) == position  # enchant_only is written and read

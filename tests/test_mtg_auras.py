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

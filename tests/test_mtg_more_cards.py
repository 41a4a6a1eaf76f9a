"""Library cards with keywords and simple abilities, each played as a scenario."""

import cardjudge as cj
from mtg_helpers import act, actions, card, data, load, resolve, until_phase, zone


def attack_with(attacker, blockers):
    state = load(phase="beginning_of_combat", you={"battlefield": [attacker]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}] + blockers})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id=attacker["id"])
    return act(state, kind="pass", player="you")


def test_702_20b_serra_angel_attacks_without_tapping():
    state = attack_with({"card": "Serra Angel", "id": "SA"}, [])
    assert not card(state, "SA").get("tapped")
    state = until_phase(state, "main2")
    assert data(state)["players"]["opponent"]["life"] == 16


def test_702_17b_giant_spider_blocks_a_flyer_and_hill_giant_cannot():
    state = attack_with({"card": "Serra Angel", "id": "SA"},
                        [{"card": "Giant Spider", "id": "GS"}, {"card": "Hill Giant", "id": "HG"}])
    state = until_phase(state, "declare_blockers")
    assert {d["card_id"] for _, d in actions(state, kind="block")} == {"GS"}


def test_vampire_nighthawk_kills_its_blocker_and_gains_life():
    state = attack_with({"card": "Vampire Nighthawk", "id": "VN"}, [{"card": "Giant Spider", "id": "GS"}])
    state = until_phase(state, "declare_blockers")
    state = act(state, kind="block", card_id="GS")
    state = act(state, kind="pass", player="opponent")
    state = until_phase(state, "main2")
    assert zone(state, "GS") == "graveyard" and zone(state, "VN") == "battlefield"
    assert data(state)["players"]["you"]["life"] == 22


def test_prodigal_pyromancer_pings_any_target():
    state = load(you={"battlefield": [{"card": "Prodigal Pyromancer", "id": "PP"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Elvish Visionary", "id": "EV"}]})
    assert sorted(d["targets"][0] for _, d in actions(state, kind="activate", card_id="PP")) == \
        ["EV", "PP", "opponent", "you"]
    state = resolve(act(state, kind="activate", card_id="PP", targets=["EV"]))
    assert zone(state, "EV") == "graveyard"


def test_gideons_lawkeeper_taps_target_creature():
    state = load(you={"battlefield": [{"card": "Gideon's Lawkeeper", "id": "GL"}, {"card": "Plains", "id": "P"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Hill Giant", "id": "HG"}]})
    state = resolve(act(state, kind="activate", card_id="GL", targets=["HG"]))
    assert card(state, "HG").get("tapped") is True and card(state, "GL").get("tapped") is True


def test_elvish_visionary_draws_a_card_as_it_enters():
    state = load(you={"hand": [{"card": "Elvish Visionary", "id": "EV"}], "library": [{"card": "Forest", "id": "TOP"}],
                      "battlefield": [{"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"}]})
    state = resolve(act(state, kind="cast", card_id="EV"))
    assert zone(state, "EV") == "battlefield" and zone(state, "TOP") == "hand"
    assert cj.to_dict(state)["players"]["you"]["library"] == []

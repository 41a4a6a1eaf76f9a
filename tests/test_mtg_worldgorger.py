"""Worldgorger Dragon: its exiled cards come back when it leaves; with Animate Dead, the Aura
returned without being cast chooses what it enchants as it enters (rule 303.4f)."""

from mtg_helpers import act, actions, card, data, load, resolve, zone


def test_worldgorger_exiles_your_other_permanents_and_returns_them_when_it_leaves():
    state = load(you={"hand": [{"card": "Worldgorger Dragon", "id": "WD"}],
                      "battlefield": [{"card": "Mountain", "id": f"M{i}"} for i in range(5)]
                      + [{"card": "Grizzly Bears", "id": "GB"}]},
                 opponent={"hand": [{"card": "Doom Blade", "id": "DB"}],
                           "battlefield": [{"card": "Swamp", "id": "OS1"}, {"card": "Swamp", "id": "OS2"}]})
    state = resolve(act(state, kind="cast", card_id="WD"))
    assert {zone(state, x) for x in ("M0", "M4", "GB")} == {"exile"} and zone(state, "OS1") == "battlefield"
    state = act(state, kind="pass", player="you")
    state = resolve(act(state, kind="cast", card_id="DB", targets=["WD"]))
    assert zone(state, "WD") == "graveyard"
    assert {zone(state, x) for x in ("M0", "M4", "GB")} == {"battlefield"}
    assert card(state, "GB").get("sick") is True  # new objects under their owner's control


def test_worldgorger_and_animate_dead_the_aura_returns_and_enchants_a_graveyard_card():
    state = load(you={"hand": [{"card": "Animate Dead", "id": "AD"}],
                      "graveyard": [{"card": "Worldgorger Dragon", "id": "WD"}],
                      "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Grizzly Bears", "id": "GB"}]})
    state = act(state, kind="cast", card_id="AD", targets=["WD"])
    # Animate Dead returns the Dragon, whose trigger exiles Animate Dead and the Swamps
    for _ in range(20):
        if actions(state, kind="choose"):
            break
        state = act(state, kind="pass", player=data(state)["priority"])
    # Animate Dead left: the Dragon is sacrificed; the Dragon left: Animate Dead and the Swamps return.
    # Animate Dead, put onto the battlefield without being cast, chooses a creature card in a graveyard.
    choices = sorted(d["targets"][0] for _, d in actions(state, kind="choose"))
    assert choices == ["WD"]
    assert zone(state, "S1") == "battlefield" and zone(state, "WD") == "graveyard"
    state = act(state, kind="choose", targets=["WD"])
    assert card(state, "AD")["attached_to"] == "WD"
    assert [s["card"] for s in data(state)["stack"]] == ["Animate Dead"]  # and around the loop again

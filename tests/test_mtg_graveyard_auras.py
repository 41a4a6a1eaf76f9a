"""An ability that works from a graveyard (rule 113.6k: Dragon Fangs' and Dragon Breath's "return
this from your graveyard"), an Aura put onto the battlefield attached to a named creature (rule
303.4i: it stays where it is when it cannot enchant it), "unless they discard a land card"
(rule 118.12), and the other cards of Pauper Puzzles #07 (Disfigure, Archaeomancer, Fume Spitter,
Auramancer): each rule played as a scenario."""

import cardjudge as cj
from mtg_helpers import act, actions, card, data, load, resolve, until_phase, zone

SWAMPS = [{"card": "Swamp", "id": f"S{n}"} for n in range(3)]


def both_pass(state):
    state = act(state, kind="pass", player="you")
    return act(state, kind="pass", player="opponent")


def sneak_in(graveyard, creature="Gurmag Angler", battlefield=(), hand=()):
    """Sneak Attack puts ``creature`` from your hand onto the battlefield; the state as its
    enters triggers wait to be resolved."""
    state = load(you={"hand": [{"card": creature, "id": "BIG"}, *hand], "graveyard": graveyard,
                      "battlefield": [{"card": "Sneak Attack", "id": "SA"}, {"card": "Mountain", "id": "M"},
                                      *SWAMPS, *battlefield]})
    state = both_pass(act(state, kind="activate", card_id="SA"))
    return act(state, kind="choose", targets=["BIG"])


def texts(state, **selector):
    return sorted(d["text"] for _, d in actions(state, **selector))


def test_113_6k_dragon_fangs_returns_from_the_graveyard_attached_to_the_big_creature():
    state = sneak_in([{"card": "Dragon Fangs", "id": "DF"}])
    assert [item["card"] for item in data(state)["stack"]] == ["Dragon Fangs"]
    state = both_pass(state)
    assert texts(state, kind="choose") == ["you choose no (Dragon Fangs: you may)",
                                           "you choose yes (Dragon Fangs: you may)"]
    state = resolve(act(state, kind="choose", text="you choose yes (Dragon Fangs: you may)"))
    assert zone(state, "DF") == "battlefield" and card(state, "DF")["attached_to"] == "BIG"
    now = card(state, "BIG")["now"]
    assert (now["power"], now["toughness"]) == (6, 6) and "Trample" in now["keywords"]


def test_113_6k_declined_dragon_fangs_stays_in_the_graveyard():
    state = both_pass(sneak_in([{"card": "Dragon Fangs", "id": "DF"}]))
    state = resolve(act(state, kind="choose", text="you choose no (Dragon Fangs: you may)"))
    assert zone(state, "DF") == "graveyard"


def test_113_6k_a_creature_of_mana_value_below_6_does_not_trigger_it():
    state = sneak_in([{"card": "Dragon Fangs", "id": "DF"}], creature="Grizzly Bears")
    assert data(state)["stack"] == [] and zone(state, "DF") == "graveyard"


def test_113_6k_the_ability_does_not_work_on_the_battlefield():
    # Dragon Fangs enchanting a creature: a big creature entering triggers nothing of it
    battlefield = [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Dragon Fangs", "id": "DF", "attached_to": "GB"}]
    state = sneak_in([], battlefield=battlefield)
    assert data(state)["stack"] == [] and card(state, "DF")["attached_to"] == "GB"


def test_603_3b_two_graveyard_triggers_are_ordered_by_their_controller():
    state = sneak_in([{"card": "Dragon Fangs", "id": "DF"}, {"card": "Dragon Breath", "id": "DB"}])
    assert texts(state, kind="order") == [
        "you put Dragon Breath's triggered ability (enters: BIG) on the stack next",
        "you put Dragon Fangs's triggered ability (enters: BIG) on the stack next"]


def test_303_4i_the_aura_stays_in_the_graveyard_when_the_creature_has_left():
    # the Bears could be enchanted, but "attached to that creature" names the Angler only
    state = sneak_in([{"card": "Dragon Fangs", "id": "DF"}], hand=[{"card": "Murder", "id": "MU"}],
                     battlefield=[{"card": "Grizzly Bears", "id": "GB"}])
    state = act(state, kind="cast", card_id="MU", targets=["BIG"], costs_include=["S0", "S1", "S2"])
    state = both_pass(state)  # Murder resolves first: the Angler is gone
    assert zone(state, "BIG") == "graveyard"
    state = both_pass(state)
    state = resolve(act(state, kind="choose", text="you choose yes (Dragon Fangs: you may)"))
    assert zone(state, "DF") == "graveyard" and not actions(state, kind="choose")


def test_dragon_breath_gives_haste_and_pumps_the_enchanted_creature():
    state = load(you={"hand": [{"card": "Dragon Breath", "id": "DB"}],
                      "battlefield": [{"card": "Mountain", "id": f"M{n}"} for n in range(3)]
                      + [{"card": "Grizzly Bears", "id": "GB", "sick": True}]})
    state = resolve(act(state, kind="cast", card_id="DB", targets=["GB"], costs_include=["M0", "M1"]))
    assert card(state, "DB")["attached_to"] == "GB" and "Haste" in card(state, "GB")["now"]["keywords"]
    state = resolve(act(state, kind="activate", card_id="DB", costs_include=["M2"]))
    assert card(state, "GB")["now"]["power"] == 3 and card(state, "GB")["now"]["toughness"] == 2
    state = until_phase(state, "declare_attackers")
    assert actions(state, kind="attack", card_id="GB")


def researched(hand, library, target="you"):
    state = load(you={"hand": [{"card": "Compulsive Research", "id": "CR"}, *hand], "library": library,
                      "battlefield": [{"card": "Island", "id": f"I{n}"} for n in range(3)]})
    return both_pass(act(state, kind="cast", card_id="CR", targets=[target]))


LIBRARY = [{"card": "Swamp", "id": "L1"}, {"card": "Lightning Bolt", "id": "L2"}, {"card": "Disfigure", "id": "L3"}]


def test_118_12_compulsive_research_discarding_a_land_card_is_enough():
    state = researched([], LIBRARY)
    assert texts(state, kind="choose") == ["you choose discard_a_land_card", "you choose discard_two_cards"]
    state = act(state, kind="choose", text="you choose discard_a_land_card")
    state = resolve(act(state, kind="choose", targets=["L1"]))
    assert zone(state, "L1") == "graveyard" and zone(state, "L2") == "hand" and zone(state, "L3") == "hand"


def test_118_12_compulsive_research_or_two_cards_any_of_them():
    state = researched([], LIBRARY)
    state = act(state, kind="choose", text="you choose discard_two_cards")
    assert len(actions(state, kind="choose")) == 3  # any two of the three drawn
    state = resolve(act(state, kind="choose", targets=["L1", "L3"]))
    assert [zone(state, label) for label in ("L1", "L2", "L3")] == ["graveyard", "hand", "graveyard"]


def test_118_12_compulsive_research_without_a_land_card_two_are_discarded():
    library = [{"card": "Lightning Bolt", "id": "L1"}, {"card": "Shock", "id": "L2"}, {"card": "Disfigure", "id": "L3"}]
    state = researched([], library)
    assert not [text for text in texts(state, kind="choose") if "discard_a_land_card" in text]
    state = resolve(act(state, kind="choose", targets=["L2", "L3"]))
    assert [zone(state, label) for label in ("L1", "L2", "L3")] == ["hand", "graveyard", "graveyard"]


def test_118_12_compulsive_research_on_the_opponent_they_choose():
    state = load(you={"hand": [{"card": "Compulsive Research", "id": "CR"}],
                      "battlefield": [{"card": "Island", "id": f"I{n}"} for n in range(3)]},
                 opponent={"library": LIBRARY})
    state = both_pass(act(state, kind="cast", card_id="CR", targets=["opponent"]))
    assert texts(state, kind="choose") == ["opponent chooses discard_a_land_card",
                                           "opponent chooses discard_two_cards"]
    state = act(state, kind="choose", text="opponent chooses discard_a_land_card")
    state = resolve(act(state, kind="choose", targets=["L1"]))
    assert zone(state, "L1") == "graveyard" and zone(state, "L2") == "hand"


def test_704_5f_disfigure_kills_a_two_toughness_creature():
    state = load(you={"hand": [{"card": "Disfigure", "id": "DI"}], "battlefield": SWAMPS[:1]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Grizzly Bears", "id": "GB"}]})
    state = resolve(act(state, kind="cast", card_id="DI", targets=["GB"]))
    assert zone(state, "GB") == "graveyard"


def test_fume_spitter_is_sacrificed_to_put_a_minus_one_counter():
    state = load(you={"battlefield": [{"card": "Fume Spitter", "id": "FS"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Grizzly Bears", "id": "GB"}]})
    state = act(state, kind="activate", card_id="FS", targets=["GB"])
    assert zone(state, "FS") == "graveyard"  # the sacrifice is the cost, paid before it resolves
    state = resolve(state)
    assert card(state, "GB")["counters"] == {"M1M1": 1} and card(state, "GB")["now"]["power"] == 1


def archaeomancer(graveyard):
    state = load(you={"hand": [{"card": "Archaeomancer", "id": "AR"}], "graveyard": graveyard,
                      "battlefield": [{"card": "Island", "id": f"I{n}"} for n in range(4)]})
    return both_pass(act(state, kind="cast", card_id="AR"))


def test_archaeomancer_returns_an_instant_or_sorcery_card():
    state = archaeomancer([{"card": "Lightning Bolt", "id": "LB"}, {"card": "Grizzly Bears", "id": "GB"}])
    # the one legal target: the trigger goes on the stack with it, nothing to choose
    assert [(item["card"], item["targets"]) for item in data(state)["stack"]] == [("Archaeomancer", ["LB"])]
    state = resolve(state)
    assert zone(state, "LB") == "hand" and zone(state, "GB") == "graveyard"


def test_603_3d_archaeomancer_with_no_instant_or_sorcery_card_does_nothing():
    state = archaeomancer([{"card": "Grizzly Bears", "id": "GB"}])
    assert data(state)["stack"] == [] and not actions(state, kind="order")
    assert zone(state, "GB") == "graveyard"


def test_auramancer_may_return_an_enchantment_card():
    state = load(you={"hand": [{"card": "Auramancer", "id": "AU"}],
                      "graveyard": [{"card": "Dragon Fangs", "id": "DF"}, {"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Plains", "id": f"P{n}"} for n in range(3)]})
    state = both_pass(act(state, kind="cast", card_id="AU"))
    state = both_pass(state)
    state = resolve(act(state, kind="choose", text="you choose yes (Auramancer: you may)"))
    assert zone(state, "DF") == "hand" and zone(state, "LB") == "graveyard"
    assert cj.to_dict(state)["players"]["you"]["hand"] == [{"card": "Dragon Fangs", "id": "DF"}]

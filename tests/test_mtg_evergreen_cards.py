"""The cards added with the evergreen mechanics, each doing what its Oracle text says (the ones
not already exercised by the XMage translations and the planeswalker tests)."""

from mtg_helpers import act, battlefield, card, data, dicts, life, load, resolve, until_phase, zone


def test_702_9b_air_elemental_cannot_be_blocked_by_savannah_lions_but_by_nothing_else_either():
    state = load(phase="beginning_of_combat", you={"battlefield": [{"card": "Air Elemental", "id": "AE"},
                                                                   {"card": "Centaur Courser", "id": "CC"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Savannah Lions", "id": "SL"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="AE")
    state = act(state, kind="attack", card_id="CC")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "declare_blockers")
    assert {tuple(d["targets"]) for d in dicts(state, kind="block")} == {("CC",)}  # the flier is unblockable here
    state = act(state, kind="block", card_id="SL")
    state = act(state, kind="pass", player="opponent")
    state = until_phase(state, "main2")
    assert life(state, "opponent") == 16 and zone(state, "SL") == "graveyard" and zone(state, "CC") == "battlefield"
    assert card(state, "CC").get("damage") == 2


def test_goblin_piker_cannot_block():
    state = load(active="opponent", phase="beginning_of_combat",
                 you={"battlefield": [{"card": "Goblin Piker", "id": "GP"}]},
                 opponent={"battlefield": [{"card": "Savannah Lions", "id": "SL"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="SL")
    state = act(state, kind="pass", player="opponent")
    state = until_phase(state, "main2")
    assert life(state, "you") == 18


def test_murder_destroys_any_creature_and_lava_axe_hits_a_player_or_planeswalker():
    state = load(you={"hand": [{"card": "Murder", "id": "MU"}, {"card": "Lava Axe", "id": "LA"}],
                      "battlefield": [{"card": "Swamp", "id": f"S{i}"} for i in range(3)]
                      + [{"card": "Mountain", "id": f"M{i}"} for i in range(5)]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Typhoid Rats", "id": "TR"},
                                           {"card": "Nissa, Voice of Zendikar", "id": "NV",
                                            "counters": {"LOYALTY": 6}}]})
    # a black creature too
    state = resolve(act(state, kind="cast", card_id="MU", targets=["TR"], costs_include=["S0", "S1", "S2"]))
    assert zone(state, "TR") == "graveyard"
    # target player or planeswalker: not a creature
    assert {tuple(d["targets"]) for d in dicts(state, kind="cast", card_id="LA")} == {("you",), ("opponent",), ("NV",)}
    state = resolve(act(state, kind="cast", card_id="LA", targets=["NV"]))
    assert card(state, "NV")["counters"] == {"LOYALTY": 1} and life(state, "opponent") == 20


def test_ajanis_pridemate_grows_with_each_life_gain():
    state = load(phase="beginning_of_combat",
                 you={"battlefield": [{"card": "Ajani's Pridemate", "id": "AP"}, {"card": "Vampire Nighthawk", "id": "VN"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="VN")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "main2")
    assert life(state, "you") == 22 and card(state, "AP")["counters"] == {"P1P1": 1}


def test_merfolk_looter_draws_then_discards():
    state = load(you={"hand": [{"card": "Island", "id": "HI"}], "library": ["Plains", "Forest"],
                      "battlefield": [{"card": "Merfolk Looter", "id": "ML"}]})
    state = act(state, kind="activate", card_id="ML")
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    assert len(dicts(state, kind="choose")) == 2  # the Island or the Plains just drawn
    state = resolve(act(state, kind="choose", targets=["HI"]))
    assert zone(state, "HI") == "graveyard" and [c["card"] for c in data(state)["players"]["you"]["hand"]] == ["Plains"]


def test_arbor_elf_untaps_a_forest_only():
    state = load(you={"battlefield": [{"card": "Arbor Elf", "id": "AE"}, {"card": "Forest", "id": "F", "tapped": True},
                                      {"card": "Plains", "id": "P", "tapped": True}]})
    assert [d["targets"] for d in dicts(state, kind="activate", card_id="AE")] == [["F"]]
    state = resolve(act(state, kind="activate", card_id="AE", targets=["F"]))
    assert not card(state, "F")["tapped"] and card(state, "P")["tapped"]


def test_trostani_populates_a_creature_token_and_gains_its_toughness():
    state = load(you={"battlefield": [{"card": "Trostani, Selesnya's Voice", "id": "TV"},
                                      {"card": "Spirit Token", "id": "ST", "token": True},
                                      {"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"},
                                      {"card": "Plains", "id": "P1"}]})
    state = act(state, kind="activate", card_id="TV")
    while not dicts(state, kind="choose"):
        state = act(state, kind="pass", player=data(state)["priority"])
    state = resolve(act(state, kind="choose", targets=["ST"]))
    assert [c["card"] for c in battlefield(state, "you")].count("Spirit Token") == 2
    assert life(state, "you") == 21  # the new token's toughness


def test_giant_tortoise_is_a_1_4_untapped_and_a_1_1_tapped():
    state = load(you={"battlefield": [{"card": "Giant Tortoise", "id": "GT"},
                                      {"card": "Giant Tortoise", "id": "G2", "tapped": True}]})
    assert card(state, "GT")["now"]["toughness"] == 4 and card(state, "G2")["now"]["toughness"] == 1


def test_despark_targets_only_mana_value_four_or_more():
    state = load(you={"hand": [{"card": "Despark", "id": "DS"}],
                      "battlefield": [{"card": "Plains", "id": "P"}, {"card": "Swamp", "id": "S"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Craw Wurm", "id": "CW"},
                                           {"card": "Grizzly Bears", "id": "GB"}]})
    assert [d["targets"] for d in dicts(state, kind="cast", card_id="DS")] == [["CW"]]

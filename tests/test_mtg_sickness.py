"""Summoning sickness and haste (spec/rulings.md S1-S5, seed 004) played as scenarios."""

from mtg_helpers import act, actions, card, data, load, resolve, until_phase


def attackers(state):
    return {d["card_id"] for _, d in actions(state, kind="attack")}


# --- S1: not a status; how it entered does not matter; gaining control starts it afresh -----

def test_S1_grizzly_bears_cast_this_turn_cannot_attack_until_next_turn():
    state = load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                      "battlefield": [{"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"}]})
    state = act(state, kind="cast", card_id="GB")
    state = resolve(state)
    assert card(state, "GB")["sick"] is True
    state = until_phase(state, "declare_attackers")
    assert "GB" not in attackers(state)
    state = until_phase(state, "declare_attackers", turn=7)  # your next turn
    assert "GB" in attackers(state)


def test_S1_a_creature_that_arrived_this_turn_still_blocks():
    state = load(active="opponent", phase="declare_attackers",
                 you={"battlefield": [{"card": "Grizzly Bears", "id": "GB", "sick": True}]},
                 opponent={"battlefield": [{"card": "Elite Vanguard", "id": "EV"}]})
    state = act(state, kind="attack", card_id="EV")
    state = act(state, kind="pass", player="opponent")
    state = until_phase(state, "declare_blockers")
    assert actions(state, player="you", kind="block", card_id="GB", targets=["EV"])


def test_S1_quicksilver_amulet_grizzly_bears_is_affected():
    state = load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                      "battlefield": [{"card": "Quicksilver Amulet", "id": "QA"}] +
                                     [{"card": "Forest", "id": f"F{n}"} for n in range(4)]})
    state = act(state, kind="activate", card_id="QA")
    state = resolve_choosing(state, "GB")
    assert card(state, "GB")["sick"] is True
    state = until_phase(state, "declare_attackers")
    assert "GB" not in attackers(state)


def resolve_choosing(state, label):
    """Resolve the stack, choosing ``label`` when a choice comes up."""
    from mtg_helpers import dicts, step

    for _ in range(20):
        chosen = [a for a, d in actions(state, kind="choose") if d["targets"] == [label]]
        if chosen:
            import cardjudge as cj

            state = cj.apply(state, chosen[0])
            continue
        if not data(state)["stack"]:
            return state
        state = step(state)
    raise AssertionError("did not resolve: " + "; ".join(d["text"] for d in dicts(state)))


def test_S1_krenkos_command_tokens_are_affected():
    state = load(you={"hand": [{"card": "Krenko's Command", "id": "KC"}],
                      "battlefield": [{"card": "Mountain", "id": "M1"}, {"card": "Mountain", "id": "M2"}]})
    state = act(state, kind="cast", card_id="KC")
    state = resolve(state)
    tokens = [c for c in data(state)["players"]["you"]["battlefield"] if c.get("token")]
    assert len(tokens) == 2 and all(t["sick"] and t["now"]["power"] == 1 for t in tokens)
    state = until_phase(state, "declare_attackers")
    assert attackers(state) == set()


def test_S1_entrancing_melody_stolen_bears_are_affected_until_your_next_turn():
    state = load(you={"hand": [{"card": "Entrancing Melody", "id": "EM"}],
                      "battlefield": [{"card": "Island", "id": f"I{n}"} for n in range(4)]},
                 opponent={"battlefield": [{"card": "Grizzly Bears", "id": "GB"}]})
    # X must be the mana value of the target: 2
    found = actions(state, kind="cast", card_id="EM", targets=["GB"])
    assert found and all("X=2" in d["text"] for _, d in found)
    state = act(state, kind="cast", card_id="EM", targets=["GB"])
    state = resolve(state)
    assert any(c["id"] == "GB" for c in data(state)["players"]["you"]["battlefield"])
    assert card(state, "GB")["sick"] is True
    state = until_phase(state, "declare_attackers")
    assert "GB" not in attackers(state)
    state = until_phase(state, "declare_attackers", turn=7)
    assert "GB" in attackers(state)


# --- S2: only "is a creature now" is checked: Vehicles, land creatures ------------------------

def test_S2_sky_skiff_cast_this_turn_and_crewed_cannot_attack():
    state = load(you={"hand": [{"card": "Sky Skiff", "id": "SS"}],
                      "battlefield": [{"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"},
                                      {"card": "Grizzly Bears", "id": "GB"}]})
    state = act(state, kind="cast", card_id="SS")
    state = resolve(state)
    state = act(state, kind="activate", card_id="SS", costs_include=["GB"])
    state = resolve(state)
    assert "Creature" in card(state, "SS")["now"]["types"]
    state = until_phase(state, "declare_attackers")
    assert "SS" not in attackers(state)


def test_S2_sky_skiff_controlled_since_turn_start_attacks_once_crewed():
    state = load(you={"battlefield": [{"card": "Sky Skiff", "id": "SS"}, {"card": "Grizzly Bears", "id": "GB", "sick": True}]})
    assert not actions(state, kind="attack")
    state = act(state, kind="activate", card_id="SS", costs_include=["GB"])
    state = resolve(state)
    state = until_phase(state, "declare_attackers")
    assert attackers(state) == {"SS"}


def test_S2_an_uncrewed_vehicle_cannot_attack_and_is_no_creature():
    state = load(phase="declare_attackers", you={"battlefield": [{"card": "Sky Skiff", "id": "SS"}]})
    assert attackers(state) == set()
    assert card(state, "SS")["now"]["types"] == ["Artifact"]


def test_S2_dryad_arbor_cannot_tap_for_mana_while_affected():
    state = load(you={"battlefield": [{"card": "Dryad Arbor", "id": "DA", "sick": True}, {"card": "Forest", "id": "F"}]})
    assert not actions(state, kind="activate", card_id="DA")
    assert actions(state, kind="activate", card_id="F")


def test_S2_dryad_arbor_played_as_land_is_affected_until_next_turn():
    state = load(you={"hand": [{"card": "Dryad Arbor", "id": "DA"}]})
    state = act(state, kind="play_land", card_id="DA")
    assert card(state, "DA")["sick"] is True
    assert not actions(state, kind="activate", card_id="DA")
    state = until_phase(state, "main1", turn=7)
    assert actions(state, kind="activate", card_id="DA")


def test_S2_a_sick_forest_is_no_creature_and_taps_for_mana():
    state = load(you={"battlefield": [{"card": "Forest", "id": "F", "sick": True}]})
    assert actions(state, kind="activate", card_id="F")


# --- S3: other costs that tap creatures ignore sickness; blocking is allowed -------------------

def test_S3_loam_dryad_needs_to_be_unaffected_itself():
    state = load(you={"battlefield": [{"card": "Loam Dryad", "id": "LD", "sick": True},
                                      {"card": "Grizzly Bears", "id": "GB"}]})
    assert not actions(state, kind="activate", card_id="LD")


def test_S3_loam_dryad_taps_an_affected_creature():
    state = load(you={"battlefield": [{"card": "Loam Dryad", "id": "LD"},
                                      {"card": "Grizzly Bears", "id": "GB", "sick": True}]})
    found = actions(state, kind="activate", card_id="LD")
    assert len(found) == 1
    assert found[0][1]["costs"] == [{"kind": "tap", "cards": ["LD"]}, {"kind": "tap", "cards": ["GB"]}]
    state = act(state, kind="activate", card_id="LD")
    # a mana ability: no stack; the color is chosen as it resolves
    assert data(state)["stack"] == []
    state = act(state, kind="choose", text="you choose {U}")
    assert data(state)["players"]["you"]["mana_pool"] == "U"
    assert card(state, "GB")["tapped"] and card(state, "LD")["tapped"]


def test_S3_loam_dryad_cannot_tap_itself_for_the_second_part():
    state = load(you={"battlefield": [{"card": "Loam Dryad", "id": "LD"}]})
    assert not actions(state, kind="activate", card_id="LD")


def test_S3_springleaf_drum_taps_an_affected_creature():
    state = load(you={"battlefield": [{"card": "Springleaf Drum", "id": "SD", "sick": True},
                                      {"card": "Llanowar Elves", "id": "LE", "sick": True}]})
    assert actions(state, kind="activate", card_id="SD", costs_include=["SD", "LE"])
    assert not actions(state, kind="activate", card_id="LE")


def test_S3_heritage_druid_taps_itself_and_affected_elves():
    state = load(you={"battlefield": [{"card": "Heritage Druid", "id": "HD", "sick": True},
                                      {"card": "Llanowar Elves", "id": "E1", "sick": True},
                                      {"card": "Llanowar Elves", "id": "E2", "sick": True},
                                      {"card": "Elvish Mystic", "id": "EM", "sick": True},
                                      {"card": "Grizzly Bears", "id": "GB"}]})
    found = [set(d["costs"][0]["cards"]) for _, d in actions(state, kind="activate", card_id="HD")]
    # three of HD, E1/E2 (interchangeable), EM; never the Bear
    assert sorted(map(sorted, found)) == sorted(map(sorted, [{"HD", "E1", "E2"}, {"HD", "E1", "EM"}, {"E1", "E2", "EM"}]))
    state = act(state, kind="activate", card_id="HD", costs_include=["HD", "E1", "E2"])
    assert data(state)["players"]["you"]["mana_pool"] == "GGG"


# --- S4: haste; statuses are independent -------------------------------------------------------

def test_S4_raging_goblin_attacks_the_turn_it_arrives():
    state = load(you={"hand": [{"card": "Raging Goblin", "id": "RG"}], "battlefield": [{"card": "Mountain", "id": "M"}]})
    state = act(state, kind="cast", card_id="RG")
    state = resolve(state)
    assert card(state, "RG")["sick"] is True  # controlled since the turn began: no; haste ignores it
    state = until_phase(state, "declare_attackers")
    assert attackers(state) == {"RG"}


def test_S4_act_of_treason_gives_haste_to_the_stolen_creature():
    state = load(you={"hand": [{"card": "Act of Treason", "id": "AT"}],
                      "battlefield": [{"card": "Mountain", "id": f"M{n}"} for n in range(3)]},
                 opponent={"battlefield": [{"card": "Grizzly Bears", "id": "GB", "tapped": True}]})
    state = act(state, kind="cast", card_id="AT", targets=["GB"])
    state = resolve(state)
    assert card(state, "GB")["tapped"] is False and "Haste" in card(state, "GB")["now"]["keywords"]
    state = until_phase(state, "declare_attackers")
    assert attackers(state) == {"GB"}
    state = until_phase(state, "upkeep", turn=6)
    assert any(c["id"] == "GB" for c in data(state)["players"]["opponent"]["battlefield"])


def test_S4_lightning_greaves_gives_haste_to_the_equipped_creature():
    state = load(you={"battlefield": [{"card": "Lightning Greaves", "id": "LG"},
                                      {"card": "Grizzly Bears", "id": "GB", "sick": True}]})
    state = act(state, kind="activate", card_id="LG", targets=["GB"])
    state = resolve(state)
    assert card(state, "LG")["attached_to"] == "GB"
    state = until_phase(state, "declare_attackers")
    assert attackers(state) == {"GB"}


def test_S4_a_tapped_unaffected_creature_cannot_attack_but_an_untapped_one_can():
    state = load(phase="declare_attackers",
                 you={"battlefield": [{"card": "Grizzly Bears", "id": "T", "tapped": True},
                                      {"card": "Silvercoat Lion", "id": "U"}]})
    assert attackers(state) == {"U"}


# --- S5: transforming or becoming a copy keeps the object; entering as a copy is new ----------

def test_S5_delver_transformed_keeps_its_state():
    state = load(active="opponent", phase="end",
                 you={"library": [{"card": "Lightning Bolt", "id": "TOP"}, "Forest"],
                      "battlefield": [{"card": "Delver of Secrets", "id": "D", "sick": True}]})
    state = until_phase(state, "upkeep", turn=6)
    # the trigger resolves: reveal the Bolt, transform
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    state = act(state, kind="choose", targets=["TOP"])
    assert card(state, "D")["now"]["name"] == "Insectile Aberration"
    assert card(state, "D")["sick"] is False  # the same object: not affected since the turn began
    state = until_phase(state, "declare_attackers")
    assert attackers(state) == {"D"}


def test_S5_delver_transformed_the_turn_it_arrived_stays_affected():
    state = load(you={"hand": [{"card": "Cytoshape", "id": "CY"}],
                      "battlefield": [{"card": "Delver of Secrets", "id": "D", "sick": True},
                                      {"card": "Ball Lightning", "id": "BL"},
                                      {"card": "Forest", "id": "F"}, {"card": "Island", "id": "I1"},
                                      {"card": "Island", "id": "I2"}]})
    state = act(state, kind="cast", card_id="CY", targets=["D"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    state = act(state, kind="choose", targets=["BL"])
    # Delver became a copy of Ball Lightning: it has haste now, so it can attack
    assert card(state, "D")["now"]["name"] == "Ball Lightning"
    assert "Haste" in card(state, "D")["now"]["keywords"]
    state = until_phase(state, "declare_attackers")
    assert "D" in attackers(state)


def test_S5_becoming_a_copy_of_an_unaffected_creature_keeps_being_affected():
    state = load(you={"hand": [{"card": "Cytoshape", "id": "CY"}],
                      "battlefield": [{"card": "Memnite", "id": "NEW", "sick": True},
                                      {"card": "Grizzly Bears", "id": "OLD"},
                                      {"card": "Forest", "id": "F"}, {"card": "Island", "id": "I1"},
                                      {"card": "Island", "id": "I2"}]})
    state = act(state, kind="cast", card_id="CY", targets=["NEW"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    state = act(state, kind="choose", targets=["OLD"])
    assert card(state, "NEW")["now"]["name"] == "Grizzly Bears"
    state = until_phase(state, "declare_attackers")
    assert attackers(state) == {"OLD"}


def test_S5_clone_entering_as_a_copy_of_an_unaffected_creature_is_affected():
    state = load(you={"hand": [{"card": "Clone", "id": "CL"}],
                      "battlefield": [{"card": "Grizzly Bears", "id": "GB"}] +
                                     [{"card": "Island", "id": f"I{n}"} for n in range(4)]})
    state = act(state, kind="cast", card_id="CL")
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    state = act(state, kind="choose", targets=["GB"])
    assert card(state, "CL")["now"]["name"] == "Grizzly Bears"
    assert card(state, "CL")["sick"] is True
    state = until_phase(state, "declare_attackers")
    assert attackers(state) == {"GB"}


def test_S5_a_copy_that_is_not_a_creature_is_not_affected():
    state = load(you={"hand": [{"card": "Cytoshape", "id": "CY"}],
                      "battlefield": [{"card": "Llanowar Elves", "id": "LE", "sick": True},
                                      {"card": "Sky Skiff", "id": "SS"},
                                      {"card": "Forest", "id": "F"}, {"card": "Island", "id": "I1"},
                                      {"card": "Island", "id": "I2"}]})
    # a crewed Sky Skiff is a creature; Cytoshape turns the Elves into a copy of it: an uncrewed Vehicle
    state = act(state, kind="activate", card_id="SS", costs_include=["LE"])
    state = resolve(state)
    state = act(state, kind="cast", card_id="CY", targets=["LE"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    state = act(state, kind="choose", targets=["SS"])
    assert card(state, "LE")["now"]["types"] == ["Artifact"]
    assert card(state, "LE")["now"]["name"] == "Sky Skiff"

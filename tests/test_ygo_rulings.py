"""Yu-Gi-Oh rulings (spec/rulings.md Y1-Y7, C1-C8, G1, G2) played as scenarios through the public API."""

import cardjudge as cj
from helpers import act, actions, chain, dicts, load, lp, now, only, pass_until, pass_until_legal, resolve, zone

TEST_MACHINE = {"name": "Test Machine", "kind": "monster", "subtype": "normal", "race": "Machine",
                "attribute": "DARK", "level": 3, "atk": 1000, "def": 1000}
TEST_DRAGON = {"name": "Test Dragon", "kind": "monster", "subtype": "normal", "race": "Dragon",
               "attribute": "WIND", "level": 4, "atk": 2000, "def": 1200}
TEST_CARDS = [TEST_MACHINE, TEST_DRAGON]


def phase(state):
    return cj.to_dict(state)["phase"]


def spellbook_position(monster, opponent=None):
    return dict(
        you={
            "hand": [{"card": "Spellbook of the Master", "id": "SM"}, {"card": "Spellbook of Secrets", "id": "SS"}],
            "graveyard": [{"card": "Spellbook of Secrets", "id": "SG"}],
            "deck": [{"card": "Spellbook of the Master", "id": "SD"}, "Dark Magician"],
            "monsters": [monster],
        },
        opponent=opponent or {},
    )


# --- Y1: activation conditions ---------------------------------------------------------------

def test_Y1_spellbook_of_the_master_illegal_without_face_up_spellcaster():
    state = load(**spellbook_position({"card": "Axe Raider", "id": "AX"}))
    assert not actions(state, kind="activate", card_id="SM")


def test_Y1_spellbook_of_the_master_illegal_with_face_down_spellcaster():
    state = load(**spellbook_position({"card": "Dark Magician", "id": "DM", "face_up": False, "position": "defense"}))
    assert not actions(state, kind="activate", card_id="SM")


def test_Y1_spellbook_of_the_master_legal_with_dark_magician():
    state = load(**spellbook_position({"card": "Dark Magician", "id": "DM"}))
    found = dicts(state, player="you", kind="activate", card_id="SM")
    assert len(found) == 1
    assert found[0]["targets"] == ["SG"]
    assert found[0]["costs"] == [{"kind": "reveal", "cards": ["SS"]}]


# --- Y2: the condition need not hold at resolution -------------------------------------------

def test_Y2_spellbook_resolves_after_spellcaster_set_face_down_by_book_of_moon():
    state = load(**spellbook_position({"card": "Dark Magician", "id": "DM"},
                                      {"spells_traps": [{"card": "Book of Moon", "id": "BM"}]}))
    state = act(state, player="you", kind="activate", card_id="SM", targets=["SG"])
    state = act(state, player="opponent", kind="activate", card_id="BM", targets=["DM"])
    state = resolve(state)
    assert cj.to_dict(state)["players"]["you"]["monsters"][0]["face_up"] is False
    # Spellbook of the Master became Spellbook of Secrets: a Spellbook was added from the Deck
    assert zone(state, "SD") == "hand"
    assert zone(state, "SM") == "graveyard"


def test_Y2_spellbook_resolves_after_spellcaster_leaves_the_field():
    state = load(**spellbook_position(
        {"card": "Dark Magician", "id": "DM"},
        {"hand": [{"card": "Axe Raider", "id": "OAX"}],
         "spells_traps": [{"card": "Phoenix Wing Wind Blast", "id": "PW", "face_up": False}]}))
    state = act(state, player="you", kind="activate", card_id="SM", targets=["SG"])
    state = act(state, player="opponent", kind="activate", card_id="PW", targets=["DM"])
    state = resolve(state)
    assert zone(state, "DM") == "deck"
    assert zone(state, "SD") == "hand"


# --- Y3: Wanghu must be face-up at resolution --------------------------------------------------

def test_Y3_wanghu_set_face_down_in_chain_does_nothing():
    state = load(cards=TEST_CARDS,
                 you={"hand": [{"card": "Test Machine", "id": "M"}],
                      "monsters": [{"card": "King Tiger Wanghu", "id": "W"}]},
                 opponent={"spells_traps": [{"card": "Book of Moon", "id": "BM"}]})
    state = act(state, kind="summon", card_id="M")
    state = act(state, player="you", kind="activate", card_id="W")
    state = act(state, player="opponent", kind="activate", card_id="BM", targets=["W"])
    state = resolve(state)
    assert zone(state, "M") == "monsters"
    assert zone(state, "W") == "monsters"
    assert zone(state, "BM") == "graveyard"


def test_Y3_wanghu_face_up_destroys_the_weak_summoned_monster():
    state = load(cards=TEST_CARDS,
                 you={"hand": [{"card": "Test Machine", "id": "M"}],
                      "monsters": [{"card": "King Tiger Wanghu", "id": "W"}]})
    state = act(state, kind="summon", card_id="M")
    state = act(state, player="you", kind="activate", card_id="W")
    state = resolve(state)
    assert zone(state, "M") == "graveyard"


# --- Y4: trigger condition read at the event ---------------------------------------------------

def test_Y4_wanghu_does_not_trigger_on_a_strong_summon_even_after_shrink():
    state = load(cards=TEST_CARDS,
                 you={"hand": [{"card": "Test Dragon", "id": "D"}],
                      "monsters": [{"card": "King Tiger Wanghu", "id": "W"}]},
                 opponent={"spells_traps": [{"card": "Shrink", "id": "SH"}]})
    state = act(state, kind="summon", card_id="D")
    assert not actions(state, card_id="W", kind="activate")
    state = pass_until_legal(state, player="opponent", kind="activate", card_id="SH")
    state = act(state, player="opponent", kind="activate", card_id="SH", targets=["D"])
    assert not actions(state, card_id="W", kind="activate")
    state = resolve(state)
    assert now(state, "D")["atk"] == 1000
    assert not actions(state, card_id="W", kind="activate")
    assert zone(state, "D") == "monsters"


# --- Y5: restated condition read again at resolution ------------------------------------------

def test_Y5_machine_doubled_by_limiter_removal_in_chain_survives_wanghu():
    state = load(cards=TEST_CARDS,
                 you={"hand": [{"card": "Test Machine", "id": "M"}, {"card": "Limiter Removal", "id": "LR"}],
                      "monsters": [{"card": "King Tiger Wanghu", "id": "W"}]})
    state = act(state, kind="summon", card_id="M")
    state = act(state, player="you", kind="activate", card_id="W")
    state = pass_until_legal(state, player="you", kind="activate", card_id="LR")
    state = act(state, player="you", kind="activate", card_id="LR")
    state = resolve(state)
    assert zone(state, "M") == "monsters"
    assert now(state, "M")["atk"] == 2000


def test_Y5_stronger_monster_halved_in_chain_is_destroyed_with_the_other():
    state = load(cards=TEST_CARDS,
                 you={"lp": 8000,
                      "banished": [{"card": "Test Machine", "id": "M1"}, {"card": "Test Dragon", "id": "D2"}],
                      "monsters": [{"card": "King Tiger Wanghu", "id": "W"}],
                      "spells_traps": [{"card": "Return from the Different Dimension", "id": "RDD"}]},
                 opponent={"spells_traps": [{"card": "Shrink", "id": "SH"}]})
    state = act(state, player="you", kind="activate", card_id="RDD")
    state = resolve(state, position="attack")
    assert lp(state, "you") == 4000
    state = pass_until_legal(state, player="you", kind="activate", card_id="W")
    state = act(state, player="you", kind="activate", card_id="W")
    state = act(state, player="opponent", kind="activate", card_id="SH", targets=["D2"])
    state = resolve(state)
    assert zone(state, "M1") == "graveyard"
    assert zone(state, "D2") == "graveyard"
    assert zone(state, "W") == "monsters"


# --- Y6: condition not restated is not checked again --------------------------------------------

def test_Y6_pain_painter_targets_still_become_level_2_without_zombie_world():
    state = load(you={"monsters": [{"card": "Pain Painter", "id": "PP"}, {"card": "Dark Magician", "id": "DM"}],
                      "field_spell": {"card": "Zombie World", "id": "ZW", "face_up": True}},
                 opponent={"spells_traps": [{"card": "Mystical Space Typhoon", "id": "MST"}]})
    assert now(state, "DM")["race"] == "Zombie"
    state = act(state, player="you", kind="activate", card_id="PP", targets=["DM"])
    state = act(state, player="opponent", kind="activate", card_id="MST", targets=["ZW"])
    state = resolve(state)
    assert zone(state, "ZW") == "graveyard"
    assert now(state, "DM")["race"] == "Spellcaster"
    assert now(state, "DM")["level"] == 2


# --- Y7: chain order ---------------------------------------------------------------------------

def test_Y7_other_player_responds_first_and_chain_resolves_last_to_first():
    state = load(cards=TEST_CARDS,
                 you={"monsters": [{"card": "Test Machine", "id": "M"}],
                      "hand": [{"card": "Limiter Removal", "id": "LR"}],
                      "spells_traps": [{"card": "Mystical Space Typhoon", "id": "MST"}]},
                 opponent={"spells_traps": [{"card": "Shrink", "id": "SH"}]})
    state = act(state, player="you", kind="activate", card_id="LR")
    # after an activation, the other player gets the first chance to respond
    assert {d["player"] for d in dicts(state)} == {"opponent"}
    state = act(state, player="opponent", kind="activate", card_id="SH", targets=["M"])
    assert [link["id"] for link in chain(state)] == ["LR", "SH"]
    assert {d["player"] for d in dicts(state)} == {"you"}
    state = resolve(state)
    # Shrink (link 2) first: original ATK 500; then Limiter Removal (link 1) doubles it: 1000
    assert now(state, "M")["atk"] == 1000


def test_Y7_both_passing_resolves_the_chain():
    state = load(cards=TEST_CARDS,
                 you={"monsters": [{"card": "Test Machine", "id": "M"}],
                      "hand": [{"card": "Limiter Removal", "id": "LR"}]},
                 opponent={"spells_traps": [{"card": "Book of Moon", "id": "BM"}]})
    state = act(state, player="you", kind="activate", card_id="LR")
    state = act(state, player="opponent", kind="pass")
    if chain(state):
        state = act(state, player="you", kind="pass")
    assert chain(state) == []
    assert now(state, "M")["atk"] == 2000


# --- C1: costs and targets at activation --------------------------------------------------------

def test_C1_solemn_warning_cost_paid_on_activation():
    state = load(you={"hand": [{"card": "Axe Raider", "id": "AX"}]},
                 opponent={"spells_traps": [{"card": "Solemn Warning", "id": "SW"}]})
    state = act(state, kind="summon", card_id="AX")
    state = pass_until_legal(state, player="opponent", kind="activate", card_id="SW")
    found = dicts(state, player="opponent", kind="activate", card_id="SW")
    assert [d["costs"] for d in found] == [[{"kind": "pay_lp", "cards": [], "amount": 2000}]]
    state = act(state, player="opponent", kind="activate", card_id="SW")
    state = resolve(state)
    assert lp(state, "opponent") == 6000
    assert zone(state, "AX") == "graveyard"


def test_C1_one_for_one_cost_sent_before_resolution_and_targets_on_chain():
    state = load(you={"hand": [{"card": "One for One", "id": "OFO"}, {"card": "Axe Raider", "id": "AX"}],
                      "deck": [{"card": "Glow-Up Bulb", "id": "GB"}, "Dark Magician"],
                      "spells_traps": [{"card": "Mystical Space Typhoon", "id": "MST"}]},
                 opponent={"spells_traps": [{"card": "Book of Moon", "id": "BM"}],
                           "monsters": [{"card": "Axe Raider", "id": "OAX"}]})
    state = act(state, kind="activate", card_id="OFO", costs_include=["AX"])
    assert zone(state, "AX") == "graveyard"
    assert zone(state, "GB") == "deck"
    state = act(state, player="opponent", kind="activate", card_id="BM", targets=["OAX"])
    assert chain(state)[-1]["targets"] == ["OAX"]
    state = resolve(state, position="attack")
    assert zone(state, "GB") == "monsters"


# --- C2: costs that cannot be paid in full -----------------------------------------------------

def test_C2_solemn_warning_illegal_below_2000_lp():
    state = load(you={"hand": [{"card": "Axe Raider", "id": "AX"}]},
                 opponent={"lp": 1999, "spells_traps": [{"card": "Solemn Warning", "id": "SW"}]})
    state = act(state, kind="summon", card_id="AX")
    state = pass_until(state, lambda s: any(d["player"] == "opponent" for d in dicts(s)) or phase(s) != "main1")
    assert not actions(state, card_id="SW", kind="activate")
    assert lp(state, "opponent") == 1999


def test_C2_solemn_warning_legal_at_exactly_2000_lp():
    state = load(you={"hand": [{"card": "Axe Raider", "id": "AX"}]},
                 opponent={"lp": 2000, "spells_traps": [{"card": "Solemn Warning", "id": "SW"}]})
    state = act(state, kind="summon", card_id="AX")
    state = pass_until_legal(state, player="opponent", kind="activate", card_id="SW")
    state = act(state, player="opponent", kind="activate", card_id="SW")
    assert lp(state, "opponent") == 0 or cj.to_dict(state)["winner"] == "you"


def test_C2_one_for_one_illegal_without_a_monster_in_hand():
    state = load(you={"hand": [{"card": "One for One", "id": "OFO"}, {"card": "Book of Moon", "id": "BM"}],
                      "deck": [{"card": "Glow-Up Bulb", "id": "GB"}, "Dark Magician"]})
    assert not actions(state, card_id="OFO", kind="activate")


def test_C2_glow_up_bulb_illegal_with_empty_deck():
    state = load(you={"graveyard": [{"card": "Glow-Up Bulb", "id": "GB"}], "deck": []})
    assert not actions(state, card_id="GB", kind="activate")


def test_C2_glow_up_bulb_legal_with_a_card_in_deck():
    state = load(you={"graveyard": [{"card": "Glow-Up Bulb", "id": "GB"}], "deck": [{"card": "Axe Raider", "id": "AX"}]})
    state = act(state, card_id="GB", kind="activate")
    state = resolve(state, position="attack")
    assert zone(state, "GB") == "monsters"
    assert zone(state, "AX") == "graveyard"


# --- C3: costs sending to the GY vs. banishing --------------------------------------------------

def test_C3_dimensional_fissure_blocks_one_for_one():
    state = load(you={"hand": [{"card": "One for One", "id": "OFO"}, {"card": "Axe Raider", "id": "AX"}],
                      "deck": [{"card": "Glow-Up Bulb", "id": "GB"}, "Dark Magician"],
                      "spells_traps": [{"card": "Dimensional Fissure", "id": "DF", "face_up": True}]})
    assert not actions(state, card_id="OFO", kind="activate")


def test_C3_macro_cosmos_allows_discard_cost_and_banishes_it():
    state = load(you={"hand": [{"card": "Axe Raider", "id": "AX"}],
                      "spells_traps": [{"card": "Macro Cosmos", "id": "MC", "face_up": True},
                                       {"card": "Phoenix Wing Wind Blast", "id": "PW"}]},
                 opponent={"monsters": [{"card": "Celtic Guardian", "id": "CG"}]})
    state = act(state, kind="activate", card_id="PW", costs_include=["AX"], targets=["CG"])
    assert zone(state, "AX") == "banished"
    state = resolve(state)
    assert zone(state, "CG") == "deck"
    assert zone(state, "PW") == "banished"


def test_C3_dimensional_fissure_allows_tribute_cost_and_banishes_it():
    state = load(you={"monsters": [{"card": "Exiled Force", "id": "EF"}],
                      "spells_traps": [{"card": "Dimensional Fissure", "id": "DF", "face_up": True}]},
                 opponent={"monsters": [{"card": "Celtic Guardian", "id": "CG"}]})
    state = act(state, kind="activate", card_id="EF", targets=["CG"])
    assert zone(state, "EF") == "banished"
    state = resolve(state)
    assert zone(state, "CG") == "banished"


# --- C4: moved as a cost is not moved by an effect ---------------------------------------------

def test_C4_shaddoll_dragon_discarded_as_cost_does_not_trigger():
    state = load(you={"hand": [{"card": "Shaddoll Dragon", "id": "SD"}],
                      "spells_traps": [{"card": "Phoenix Wing Wind Blast", "id": "PW"}]},
                 opponent={"monsters": [{"card": "Celtic Guardian", "id": "CG"}],
                           "spells_traps": [{"card": "Toll", "id": "T", "face_up": True}]})
    state = act(state, kind="activate", card_id="PW", costs_include=["SD"], targets=["CG"])
    assert zone(state, "SD") == "graveyard"
    state = resolve(state)
    assert not actions(state, card_id="SD")
    state = pass_until(state, lambda s: phase(s) != "main1")
    assert zone(state, "T") == "spells_traps"


def test_C4_shaddoll_dragon_sent_by_effect_triggers():
    state = load(you={"hand": [{"card": "Foolish Burial", "id": "FB"}],
                      "deck": [{"card": "Shaddoll Dragon", "id": "SD"}, "Dark Magician"]},
                 opponent={"spells_traps": [{"card": "Toll", "id": "T", "face_up": True}]})
    state = act(state, kind="activate", card_id="FB")
    state = pass_until_legal(state, kind="choose", card_id="SD")
    state = act(state, kind="choose", card_id="SD")
    state = resolve(state)
    state = act(state, kind="activate", card_id="SD", targets=["T"])
    state = resolve(state)
    assert zone(state, "T") == "graveyard"


# --- C5: negation does not stop activation or cost -----------------------------------------------

def test_C5_exiled_force_under_skill_drain_activates_and_destroys():
    state = load(you={"monsters": [{"card": "Exiled Force", "id": "EF"}],
                      "spells_traps": [{"card": "Skill Drain", "id": "SK", "face_up": True}]},
                 opponent={"monsters": [{"card": "Celtic Guardian", "id": "CG"}]})
    state = act(state, kind="activate", card_id="EF", costs_include=["EF"], targets=["CG"])
    assert zone(state, "EF") == "graveyard"
    state = resolve(state)
    assert zone(state, "CG") == "graveyard"


def test_C5_exiled_force_negated_by_lost_wind_still_destroys():
    state = load(you={"monsters": [{"card": "Exiled Force", "id": "EF", "summon_type": "special"}],
                      "spells_traps": [{"card": "Lost Wind", "id": "LW"}]},
                 opponent={"monsters": [{"card": "Celtic Guardian", "id": "CG"}]})
    state = act(state, kind="activate", card_id="LW", targets=["EF"])
    state = resolve(state)
    assert now(state, "EF")["atk"] == 500
    state = act(state, kind="activate", card_id="EF", targets=["CG"])
    state = resolve(state)
    assert zone(state, "CG") == "graveyard"


# --- C6: optional effects: cost paid only if chosen ----------------------------------------------

def test_C6_optional_trigger_can_be_declined():
    state = load(you={"hand": [{"card": "Foolish Burial", "id": "FB"}],
                      "deck": [{"card": "Shaddoll Dragon", "id": "SD"}, "Dark Magician"]},
                 opponent={"spells_traps": [{"card": "Toll", "id": "T", "face_up": True}]})
    state = act(state, kind="activate", card_id="FB")
    state = pass_until_legal(state, kind="choose", card_id="SD")
    state = act(state, kind="choose", card_id="SD")
    state = resolve(state)
    assert dicts(state, kind="decline", card_id="SD")
    assert dicts(state, kind="activate", card_id="SD")
    state = act(state, kind="decline", card_id="SD")
    assert not actions(state, card_id="SD")
    assert zone(state, "T") == "spells_traps"


def test_C6_optional_ignition_cost_not_paid_unless_activated():
    state = load(you={"monsters": [{"card": "Exiled Force", "id": "EF"}]},
                 opponent={"monsters": [{"card": "Celtic Guardian", "id": "CG"}]})
    assert actions(state, kind="activate", card_id="EF")
    state = pass_until(state, lambda s: phase(s) != "main1")
    assert zone(state, "EF") == "monsters"


# --- C7: costs imposed by continuous effects -----------------------------------------------------

def battle_position(lp_you):
    return dict(phase="main1",
                you={"lp": lp_you, "monsters": [{"card": "Axe Raider", "id": "AX"}]},
                opponent={"spells_traps": [{"card": "Toll", "id": "T", "face_up": True}]})


def reach_attack_declaration(state):
    return pass_until(state, lambda s: phase(s) in ("battle_step", "main2", "end") and
                      (phase(s) != "battle_step" or any(d["player"] == "you" for d in dicts(s))))


def test_C7_toll_attack_costs_500_lp():
    state = reach_attack_declaration(load(**battle_position(8000)))
    assert phase(state) == "battle_step"
    attacks = dicts(state, player="you", kind="attack", card_id="AX")
    assert attacks
    assert all({"kind": "pay_lp", "cards": [], "amount": 500} in d["costs"] for d in attacks)
    state = act(state, player="you", kind="attack", card_id="AX")
    assert lp(state, "you") == 7500
    state = resolve(state)
    assert lp(state, "opponent") == 8000 - 1700


def test_C7_toll_attack_illegal_below_500_lp():
    state = load(**battle_position(499))
    state = pass_until(state, lambda s: phase(s) not in ("main1", "battle_start"))
    for _ in range(20):
        assert not actions(state, kind="attack")
        if phase(state) != "battle_step":
            break
        state = act(state, player=only({d["player"] for d in dicts(state)}, "players to act"), kind="pass")
    assert lp(state, "opponent") == 8000


def test_C7_chain_energy_adds_500_lp_to_summons_from_hand():
    state = load(cards=TEST_CARDS,
                 you={"hand": [{"card": "Test Machine", "id": "M"}],
                      "spells_traps": [{"card": "Chain Energy", "id": "CE", "face_up": True}]})
    for kind in ("summon", "set"):
        found = dicts(state, kind=kind, card_id="M")
        assert len(found) == 1
        assert {"kind": "pay_lp", "cards": [], "amount": 500} in found[0]["costs"]
    state = act(state, kind="summon", card_id="M")
    assert lp(state, "you") == 7500


def test_C7_chain_energy_illegal_below_500_lp():
    state = load(cards=TEST_CARDS,
                 you={"lp": 400, "hand": [{"card": "Test Machine", "id": "M"}],
                      "spells_traps": [{"card": "Chain Energy", "id": "CE", "face_up": True}]})
    assert not actions(state, card_id="M")


# --- C8: maintenance costs ------------------------------------------------------------------------

def standby(lp_you):
    state = load(phase="draw", you={"lp": lp_you, "spells_traps": [
        {"card": "Messenger of Peace", "id": "MP", "face_up": True}]})
    return pass_until(state, lambda s: phase(s) == "standby")


def test_C8_messenger_of_peace_pay_or_decline():
    state = standby(8000)
    assert dicts(state, kind="pay", card_id="MP")
    assert dicts(state, kind="decline", card_id="MP")
    paid = act(state, kind="pay", card_id="MP")
    assert lp(paid, "you") == 7900
    assert zone(paid, "MP") == "spells_traps"
    declined = resolve(act(state, kind="decline", card_id="MP"))
    assert lp(declined, "you") == 8000
    assert zone(declined, "MP") == "graveyard"


def test_C8_messenger_of_peace_destroyed_when_unable_to_pay():
    state = load(phase="draw", you={"lp": 99, "spells_traps": [
        {"card": "Messenger of Peace", "id": "MP", "face_up": True}]})
    state = pass_until(state, lambda s: phase(s) in ("standby", "main1"))
    assert not actions(state, kind="pay", card_id="MP")
    state = pass_until(state, lambda s: phase(s) == "main1")
    assert zone(state, "MP") == "graveyard"
    assert lp(state, "you") == 99


# --- G1: complete, deduplicated action lists -----------------------------------------------------

def test_G1_interchangeable_tributes_collapse():
    state = load(you={"hand": [{"card": "Blue-Eyes White Dragon", "id": "BE"}],
                      "monsters": [{"card": "Axe Raider", "id": "AX1"}, {"card": "Axe Raider", "id": "AX2"},
                                   {"card": "Axe Raider", "id": "AX3"}, {"card": "Celtic Guardian", "id": "CG"}]})
    summons = dicts(state, kind="summon", card_id="BE")
    assert len(summons) == 2  # two Axe Raiders, or one Axe Raider and Celtic Guardian
    assert len([d for d in summons if "CG" in {c for cost in d["costs"] for c in cost["cards"]}]) == 1


def test_G1_every_distinct_discard_is_listed():
    state = load(you={"hand": [{"card": "Axe Raider", "id": "AX"}, {"card": "Celtic Guardian", "id": "CG"}],
                      "spells_traps": [{"card": "Phoenix Wing Wind Blast", "id": "PW"}]},
                 opponent={"monsters": [{"card": "Battle Ox", "id": "BO1"}, {"card": "Feral Imp", "id": "FI"}]})
    found = dicts(state, kind="activate", card_id="PW")
    assert len(found) == 4
    assert {(d["costs"][0]["cards"][0], d["targets"][0]) for d in found} == {
        ("AX", "BO1"), ("AX", "FI"), ("CG", "BO1"), ("CG", "FI")}


# --- G2: simultaneous triggers ---------------------------------------------------------------------

def test_G2_two_wanghu_triggers_every_order_offered():
    state = load(cards=TEST_CARDS,
                 you={"hand": [{"card": "Test Machine", "id": "M"}],
                      "monsters": [{"card": "King Tiger Wanghu", "id": "W1"}, {"card": "King Tiger Wanghu", "id": "W2"}]},
                 opponent={"spells_traps": [{"card": "Book of Moon", "id": "BM"}]})
    state = act(state, kind="summon", card_id="M")
    firsts = dicts(state)
    assert {d["card_id"] for d in firsts} == {"W1", "W2"}
    assert all(d["kind"] == "activate" and d["player"] == "you" for d in firsts)
    for first, second in (("W1", "W2"), ("W2", "W1")):
        s = act(state, kind="activate", card_id=first)
        assert [d["card_id"] for d in dicts(s)] == [second]
        s = act(s, kind="activate", card_id=second)
        assert [link["id"] for link in chain(s)] == [first, second]
        s = resolve(s)
        assert zone(s, "M") == "graveyard"


def test_G2_turn_player_mandatory_before_opponent_mandatory():
    state = load(cards=TEST_CARDS,
                 you={"hand": [{"card": "Test Machine", "id": "M"}],
                      "monsters": [{"card": "King Tiger Wanghu", "id": "W1"}],
                      "spells_traps": [{"card": "Book of Moon", "id": "BM1"}]},
                 opponent={"monsters": [{"card": "King Tiger Wanghu", "id": "W2"}],
                           "spells_traps": [{"card": "Book of Moon", "id": "BM2"}]})
    state = act(state, kind="summon", card_id="M")
    assert [d["card_id"] for d in dicts(state)] == ["W1"]
    state = act(state, kind="activate", card_id="W1")
    assert [(d["player"], d["card_id"]) for d in dicts(state)] == [("opponent", "W2")]
    state = act(state, kind="activate", card_id="W2")
    assert [link["id"] for link in chain(state)] == ["W1", "W2"]


# --- further cases -----------------------------------------------------------------------------

def test_Y1_face_down_wanghu_does_not_trigger():
    state = load(cards=TEST_CARDS,
                 you={"hand": [{"card": "Test Machine", "id": "M"}],
                      "monsters": [{"card": "King Tiger Wanghu", "id": "W", "face_up": False, "position": "defense"}]})
    state = act(state, kind="summon", card_id="M")
    assert not actions(state, card_id="W", kind="activate")
    state = pass_until(state, lambda s: phase(s) != "main1")
    assert zone(state, "M") == "monsters"


def test_C2_solemn_warning_against_one_for_one_needs_2000_lp():
    def start(opponent_lp):
        state = load(you={"hand": [{"card": "One for One", "id": "OFO"}, {"card": "Axe Raider", "id": "AX"}],
                          "deck": [{"card": "Glow-Up Bulb", "id": "GB"}, "Dark Magician"]},
                     opponent={"lp": opponent_lp, "spells_traps": [{"card": "Solemn Warning", "id": "SW"}]})
        return act(state, kind="activate", card_id="OFO")

    state = start(1999)
    assert not actions(state, card_id="SW")
    state = resolve(state, position="attack")
    assert zone(state, "GB") == "monsters"

    state = start(2500)
    state = act(state, player="opponent", kind="activate", card_id="SW")
    assert lp(state, "opponent") == 500
    state = resolve(state)
    assert zone(state, "OFO") == "graveyard"
    assert zone(state, "GB") == "deck"


def test_C3_macro_cosmos_blocks_one_for_one_but_allows_tribute_cost():
    state = load(you={"hand": [{"card": "One for One", "id": "OFO"}, {"card": "Axe Raider", "id": "AX"}],
                      "deck": [{"card": "Glow-Up Bulb", "id": "GB"}, "Dark Magician"],
                      "monsters": [{"card": "Exiled Force", "id": "EF"}],
                      "spells_traps": [{"card": "Macro Cosmos", "id": "MC", "face_up": True}]},
                 opponent={"monsters": [{"card": "Celtic Guardian", "id": "CG"}]})
    assert not actions(state, card_id="OFO", kind="activate")
    state = act(state, kind="activate", card_id="EF", targets=["CG"])
    assert zone(state, "EF") == "banished"
    state = resolve(state)
    assert zone(state, "CG") == "banished"


def test_C7_chain_energy_adds_500_lp_to_activating_from_hand_only():
    state = load(cards=TEST_CARDS,
                 you={"hand": [{"card": "Limiter Removal", "id": "LR"}],
                      "monsters": [{"card": "Test Machine", "id": "M"}],
                      "spells_traps": [{"card": "Chain Energy", "id": "CE", "face_up": True},
                                       {"card": "Shrink", "id": "SH"}]})
    from_hand = dicts(state, kind="activate", card_id="LR")
    assert from_hand and all({"kind": "pay_lp", "cards": [], "amount": 500} in d["costs"] for d in from_hand)
    from_field = dicts(state, kind="activate", card_id="SH")
    assert from_field and all(not d["costs"] for d in from_field)
    state = act(state, kind="activate", card_id="LR")
    assert lp(state, "you") == 7500


def test_C7_toll_attack_legal_with_exactly_500_lp():
    state = reach_attack_declaration(load(**battle_position(500)))
    assert dicts(state, player="you", kind="attack", card_id="AX")


def test_G1_face_down_copy_is_not_interchangeable_with_face_up_ones():
    state = load(you={"hand": [{"card": "Blue-Eyes White Dragon", "id": "BE"}],
                      "monsters": [{"card": "Axe Raider", "id": "AX1"}, {"card": "Axe Raider", "id": "AX2"},
                                   {"card": "Axe Raider", "id": "AXD", "face_up": False, "position": "defense"}]})
    summons = dicts(state, kind="summon", card_id="BE")
    # two face-up Axe Raiders, or one face-up and the face-down one
    assert len(summons) == 2
    assert len([d for d in summons if "AXD" in {c for cost in d["costs"] for c in cost["cards"]}]) == 1

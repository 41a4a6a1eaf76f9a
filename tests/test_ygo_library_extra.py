"""The cards added with the Extra Deck: each played as its current official text says."""

import cardjudge as cj
import pytest
from helpers import act, dicts, load, lp, now, resolve, zone


def monsters(state, player="you"):
    return {m["id"]: m for m in cj.to_dict(state)["players"][player]["monsters"]}


# --- Special Summon procedures ----------------------------------------------------------------

def test_cyber_dragon_special_summons_itself_only_when_only_the_opponent_controls_a_monster():
    alone = load(you={"hand": [{"card": "Cyber Dragon", "id": "CD"}]}, opponent={"monsters": ["Axe Raider"]})
    options = dicts(alone, kind="summon", card_id="CD")
    assert sorted(d["position"] for d in options if "from the hand" in d["text"]) == ["attack", "defense"]
    state = act(alone, kind="summon", card_id="CD", position="defense", text="you Special Summon Cyber Dragon "
                "from the hand in defense position")
    assert not cj.to_dict(state).get("chain")  # not an effect: no chain link
    assert monsters(state)["CD"]["position"] == "defense" and monsters(state)["CD"]["summon_type"] == "special"
    assert not cj.to_dict(state)["players"]["you"]["normal_summon_used"]  # it is not the Normal Summon
    # you control a monster, or the opponent controls none: not by its procedure
    assert not [d for d in dicts(load(you={"hand": [{"card": "Cyber Dragon", "id": "CD"}], "monsters": ["Axe Raider"]},
                                      opponent={"monsters": ["Axe Raider"]}), card_id="CD") if "from the hand" in d["text"]]
    assert not [d for d in dicts(load(you={"hand": [{"card": "Cyber Dragon", "id": "CD"}]}), card_id="CD")
                if "from the hand" in d["text"]]


def test_cyber_dragon_summon_is_answered_by_solemn_warning():
    state = load(you={"hand": [{"card": "Cyber Dragon", "id": "CD"}]},
                 opponent={"monsters": ["Axe Raider"], "spells_traps": [{"card": "Solemn Warning", "id": "SW"}]})
    state = act(state, kind="summon", card_id="CD", position="attack")
    state = act(state, player="opponent", kind="activate", card_id="SW")
    state = resolve(state)
    assert zone(state, "CD") == "graveyard" and lp(state, "opponent") == 6000


# --- Quick Effects from the hand, negation -----------------------------------------------------

def test_effect_veiler_negates_an_opponents_monster_in_their_main_phase():
    state = load(active="opponent",
                 you={"hand": [{"card": "Effect Veiler", "id": "EV"}]},
                 opponent={"monsters": [{"card": "Number 17: Leviathan Dragon", "id": "L",
                                         "materials": ["Skull Servant", "Skull Servant"]}]})
    options = dicts(state, player="opponent", kind="activate", card_id="L")
    assert len(options) == 1  # the two Skull Servants are interchangeable (G1)
    state = act(state, player="opponent", kind="activate", card_id="L")
    state = act(state, player="you", kind="activate", card_id="EV", targets=["L"])
    assert zone(state, "EV") == "graveyard"  # the cost
    state = resolve(state)
    # negated before Leviathan Dragon's effect resolved: no ATK gained, the material spent
    assert now(state, "L")["atk"] == 2000
    assert len(monsters(state, "opponent")["L"]["materials"]) == 1


def test_effect_veiler_not_in_your_own_turn():
    state = load(you={"hand": [{"card": "Effect Veiler", "id": "EV"}]},
                 opponent={"monsters": ["Cyber Dragon"]})
    assert not dicts(state, kind="activate", card_id="EV")


# --- Xyz enablers -------------------------------------------------------------------------------

def test_tin_goldfish_special_summons_a_level_4_from_the_hand():
    state = load(you={"hand": [{"card": "Tin Goldfish", "id": "TG"}, {"card": "Gene-Warped Warwolf", "id": "GW"},
                               {"card": "Summoned Skull", "id": "SS"}]})
    state = act(state, kind="summon", card_id="TG", text="you Normal Summon Tin Goldfish")
    state = act(state, kind="activate", card_id="TG")
    assert [d["targets"] for d in dicts(state, kind="choose")] == [["GW"]]  # Summoned Skull is Level 6
    state = act(state, kind="choose", targets=["GW"])
    state = act(state, kind="choose", position="attack")
    state = resolve(state)
    assert set(monsters(state)) == {"TG", "GW"}


def test_goblindbergh_summons_and_changes_to_defense():
    state = load(you={"hand": [{"card": "Goblindbergh", "id": "GB"}, {"card": "Vorse Raider", "id": "VR"}]})
    state = act(state, kind="summon", card_id="GB", text="you Normal Summon Goblindbergh")
    state = act(state, kind="activate", card_id="GB")
    state = act(state, kind="choose", targets=["VR"])
    state = act(state, kind="choose", position="attack")
    state = resolve(state)
    assert monsters(state)["GB"]["position"] == "defense" and monsters(state)["VR"]["position"] == "attack"


def test_gem_knight_pearl_from_two_level_4_normal_monsters():
    state = load(you={"monsters": [{"card": "Alexandrite Dragon", "id": "AD"}, {"card": "Gemini Elf", "id": "GE"},
                                   {"card": "La Jinn the Mystical Genie of the Lamp", "id": "LJ"},
                                   {"card": "Elemental HERO Neos", "id": "NE"}],
                      "extra_deck": [{"card": "Gem-Knight Pearl", "id": "GP"}]})
    found = {tuple(sorted(d["costs"][0]["cards"])) for d in dicts(state, kind="summon", card_id="GP")}
    assert found == {("AD", "GE"), ("AD", "LJ"), ("GE", "LJ")}  # Neos is Level 7


# --- Synchro Monsters without effects -----------------------------------------------------------

def test_gaia_knight_and_scrap_archfiend_take_any_tuner():
    state = load(you={"monsters": [{"card": "Effect Veiler", "id": "EV"}, {"card": "Elemental HERO Sparkman", "id": "SP"},
                                   {"card": "Skull Servant", "id": "SK"},
                                   {"card": "Elemental HERO Clayman", "id": "CL"}],
                      "extra_deck": [{"card": "Gaia Knight, the Force of Earth", "id": "GK"},
                                     {"card": "Scrap Archfiend", "id": "SA"}]})
    gaia = {tuple(sorted(d["costs"][0]["cards"])) for d in dicts(state, kind="summon", card_id="GK")}
    scrap = {tuple(sorted(d["costs"][0]["cards"])) for d in dicts(state, kind="summon", card_id="SA")}
    assert gaia == {("CL", "EV", "SK")} | {("EV", "SK", "SP")}  # 1 + 4 + 1
    assert scrap == set()  # 1 + 4 + 4 + 1 = 10, 1 + 4 + 4 = 9: no 7


# --- Number 17: Leviathan Dragon ----------------------------------------------------------------

def test_leviathan_dragon_gains_atk_and_cannot_attack_directly_without_material():
    state = load(you={"monsters": [{"card": "Number 17: Leviathan Dragon", "id": "L", "materials": ["Skull Servant"]}]})
    state = act(state, kind="activate", card_id="L")
    state = resolve(state)
    assert now(state, "L")["atk"] == 2500
    assert not dicts(state, kind="activate", card_id="L")  # once per turn
    battle = cj.load_position({**cj.to_dict(state), "phase": "battle_step"})
    assert not dicts(battle, kind="attack", card_id="L")  # no material: no direct attack
    with_material = load(phase="battle_step", you={"monsters": [{"card": "Number 17: Leviathan Dragon", "id": "L",
                                                                 "materials": ["Skull Servant"]}]})
    assert [d["targets"] for d in dicts(with_material, kind="attack", card_id="L")] == [["opponent"]]
    blocked = load(phase="battle_step", you={"monsters": [{"card": "Number 17: Leviathan Dragon", "id": "L"}]},
                   opponent={"monsters": [{"card": "Mokey Mokey", "id": "MM"}]})
    assert [d["targets"] for d in dicts(blocked, kind="attack", card_id="L")] == [["MM"]]


# --- searches, damage, LP --------------------------------------------------------------------------

def test_reinforcement_of_the_army_chooses_on_resolution():
    state = load(you={"hand": [{"card": "Reinforcement of the Army", "id": "RA"}],
                      "deck": [{"card": "Goblindbergh", "id": "GB"}, {"card": "Elemental HERO Neos", "id": "NE"},
                               {"card": "Mystic Tomato", "id": "MT"}]})
    state = act(state, kind="activate", card_id="RA")
    assert [d["targets"] for d in dicts(state, kind="choose")] == [["GB"]]  # Neos is Level 7, Tomato a Plant
    state = resolve(act(state, kind="choose", targets=["GB"]))
    assert zone(state, "GB") == "hand"
    assert not dicts(load(you={"hand": [{"card": "Reinforcement of the Army", "id": "RA"}], "deck": ["Mystic Tomato"]}),
                     kind="activate", card_id="RA")


def test_e_emergency_call_adds_an_elemental_hero():
    state = load(you={"hand": [{"card": "E - Emergency Call", "id": "EC"}],
                      "deck": [{"card": "Elemental HERO Avian", "id": "AV"}, {"card": "Elemental HERO Clayman", "id": "CL"},
                               "Axe Raider"]})
    state = act(state, kind="activate", card_id="EC")
    assert sorted(d["targets"][0] for d in dicts(state, kind="choose")) == ["AV", "CL"]
    state = resolve(act(state, kind="choose", targets=["CL"]))
    assert zone(state, "CL") == "hand"


@pytest.mark.parametrize("card, you_lose, opponent_loses", [
    ("Ookazi", 0, 800), ("Hinotama", 0, 500), ("Sparks", 0, 200), ("Tremendous Fire", 500, 1000),
    ("Dian Keto the Cure Master", -1000, 0),
])
def test_damage_and_lp_gain(card, you_lose, opponent_loses):
    state = load(you={"hand": [{"card": card, "id": "X"}]})
    state = resolve(act(state, kind="activate", card_id="X"))
    assert (lp(state, "you"), lp(state, "opponent")) == (8000 - you_lose, 8000 - opponent_loses)


def test_upstart_goblin_draws_then_the_opponent_gains():
    state = load(you={"hand": [{"card": "Upstart Goblin", "id": "UG"}], "deck": [{"card": "Axe Raider", "id": "AX"}]})
    state = resolve(act(state, kind="activate", card_id="UG"))
    assert zone(state, "AX") == "hand" and lp(state, "opponent") == 9000


def test_magic_cylinder_negates_the_attack_and_burns():
    state = load(active="opponent", phase="battle_step", you={"spells_traps": [{"card": "Magic Cylinder", "id": "MC"}]},
                 opponent={"monsters": [{"card": "Summoned Skull", "id": "SS"}]})
    state = act(state, player="opponent", kind="attack", card_id="SS", targets=["you"])
    state = resolve(act(state, player="you", kind="activate", card_id="MC", targets=["SS"]))
    state = resolve(state)
    assert lp(state, "you") == 8000 and lp(state, "opponent") == 8000 - 2500


# --- the floaters ------------------------------------------------------------------------------------

@pytest.mark.parametrize("floater, attribute_card, other", [
    ("Mystic Tomato", "Skull Servant", "Mokey Mokey"),
    ("Giant Rat", "Elemental HERO Clayman", "Skull Servant"),
    ("Shining Angel", "Mokey Mokey", "Skull Servant"),
    ("Mother Grizzly", "Tin Goldfish", "Skull Servant"),
    ("Flying Kamakiri #1", "Elemental HERO Avian", "Skull Servant"),
])
def test_floaters_summon_a_monster_of_their_attribute_in_attack_position(floater, attribute_card, other):
    state = load(active="opponent", phase="battle_step",
                 you={"monsters": [{"card": floater, "id": "F"}],
                      "deck": [{"card": attribute_card, "id": "A"}, {"card": other, "id": "O"},
                               {"card": "Summoned Skull", "id": "SS"}]},
                 opponent={"monsters": [{"card": "Gene-Warped Warwolf", "id": "GW"}]})
    state = act(state, player="opponent", kind="attack", card_id="GW", targets=["F"])
    assert zone(state, "F") == "graveyard"
    state = act(state, player="you", kind="activate", card_id="F")
    assert [d["targets"] for d in dicts(state, kind="choose")] == [["A"]]
    state = resolve(act(state, kind="choose", targets=["A"]))
    entry = monsters(state)["A"]
    assert (entry["position"], entry["face_up"]) == ("attack", True)  # no position choice: "in Attack Position"


# --- Ash Blossom & Joyous Spring -----------------------------------------------------------------

def ash_against(card, **opponent):
    body = {"hand": [{"card": card, "id": "X"}], "deck": [{"card": "Goblindbergh", "id": "GB"}, "Mystic Tomato"]}
    body.update(opponent)
    return load(active="opponent", you={"hand": [{"card": "Ash Blossom & Joyous Spring", "id": "ASH"}]},
                opponent=body)


def test_ash_blossom_negates_a_search_which_stays_activated():
    state = ash_against("Reinforcement of the Army")
    state = act(state, player="opponent", kind="activate", card_id="X")
    state = act(state, player="you", kind="activate", card_id="ASH")
    assert zone(state, "ASH") == "graveyard"  # discarded as the cost
    state = resolve(state)
    assert zone(state, "GB") == "deck" and zone(state, "X") == "graveyard"  # resolved without effect


def test_ash_blossom_answers_a_special_summon_from_the_deck_but_not_a_draw():
    pot = ash_against("Pot of Greed")
    pot = act(pot, player="opponent", kind="activate", card_id="X")
    assert not dicts(pot, player="you", kind="activate", card_id="ASH")  # drawing is not a search
    tomato = load(active="opponent", phase="battle_step",
                  you={"hand": [{"card": "Ash Blossom & Joyous Spring", "id": "ASH"}],
                       "monsters": [{"card": "Mystic Tomato", "id": "MT"}],
                       "deck": [{"card": "Skull Servant", "id": "SK"}]},
                  opponent={"monsters": [{"card": "Summoned Skull", "id": "SS"}],
                            "hand": [{"card": "Ash Blossom & Joyous Spring", "id": "OASH"}]})
    tomato = act(tomato, player="opponent", kind="attack", card_id="SS", targets=["MT"])
    tomato = act(tomato, player="you", kind="activate", card_id="MT")
    # the opponent's Ash Blossom answers "Special Summon from the Deck"
    tomato = resolve(act(tomato, player="opponent", kind="activate", card_id="OASH"))
    assert zone(tomato, "SK") == "deck"


def test_ash_blossom_once_per_turn():
    state = load(active="opponent",
                 you={"hand": [{"card": "Ash Blossom & Joyous Spring", "id": "A1"},
                               {"card": "Ash Blossom & Joyous Spring", "id": "A2"}]},
                 opponent={"hand": [{"card": "Reinforcement of the Army", "id": "R1"},
                                    {"card": "Reinforcement of the Army", "id": "R2"}],
                           "deck": ["Goblindbergh", "Goblindbergh"]})
    state = act(state, player="opponent", kind="activate", card_id="R1")
    # each copy in the hand is listed (the combo search tries one of them: see test_combos_ygo)
    assert sorted(d["card_id"] for d in dicts(state, player="you", kind="activate")) == ["A1", "A2"]
    state = resolve(act(state, player="you", kind="activate", card_id="A1"))
    state = act(state, player="opponent", kind="activate", card_id="R2")
    assert not dicts(state, player="you", kind="activate")


# --- Gagaga Magician -------------------------------------------------------------------------------

def test_gagaga_magician_declares_a_level_and_is_never_synchro_material():
    state = load(you={"monsters": [{"card": "Gagaga Magician", "id": "GG"}, {"card": "Effect Veiler", "id": "EV"},
                                   {"card": "Elemental HERO Avian", "id": "AV"}],
                      "extra_deck": [{"card": "Gaia Knight, the Force of Earth", "id": "GK"},
                                     {"card": "Number 17: Leviathan Dragon", "id": "L"}]})
    declared = [d["text"] for d in dicts(state, kind="activate", card_id="GG")]
    assert declared == [f"you activate the effect of Gagaga Magician declaring {n}" for n in range(1, 9)]
    # 1 + 4 + ... Gagaga Magician is never among Gaia Knight's materials
    assert all("GG" not in d["costs"][0]["cards"] for d in dicts(state, kind="summon", card_id="GK"))
    state = resolve(act(state, kind="activate", card_id="GG", text="you activate the effect of Gagaga Magician declaring 3"))
    assert now(state, "GG")["level"] == 3
    assert not dicts(state, kind="activate", card_id="GG")  # once per turn
    # now Level 3 with Avian: Number 17: Leviathan Dragon
    assert [sorted(d["costs"][0]["cards"]) for d in dicts(state, kind="summon", card_id="L", position="attack")] == [
        ["AV", "GG"]]
    # the declared Level is kept by a chain link written and loaded back (the opponent holds
    # Effect Veiler: the chain waits for their answer)
    mid = load(you={"monsters": [{"card": "Gagaga Magician", "id": "GG"}]},
               opponent={"hand": [{"card": "Effect Veiler", "id": "EV"}]})
    mid = act(mid, kind="activate", card_id="GG", text="you activate the effect of Gagaga Magician declaring 6")
    written = cj.to_dict(mid)
    assert written["chain"][0]["declared"] == {"lv": 6}
    again = cj.load_position(written)
    assert cj.to_dict(again) == written
    again = resolve(act(again, player="opponent", kind="pass"))
    assert now(again, "GG")["level"] == 6

"""Synchro and Xyz Summons (rulings X1-X9 of the Extra Deck), played through the public API.

X1. A Synchro Summon sends 1 face-up Tuner and 1+ face-up non-Tuners you control whose Levels add
    up exactly to the Synchro Monster's Level to the GY; it is a Special Summon by the rules (no
    chain link), from the Extra Deck.
X2. A Synchro Monster's own material requirement ("Junk Synchron" + 1+ non-Tuner monsters) is
    enforced: another Tuner cannot be its Tuner.
X3. Each distinct set of materials is its own action; interchangeable copies are merged (G1).
X4. An Xyz Summon stacks face-up monsters of the Level its text asks for under the Xyz Monster;
    they are not in the GY and leave the field with it (then they go to the GY).
X5. Rank is not Level: an Xyz Monster has no Level and is not a material for Level-based needs.
X6. "Detach N material(s)" is a cost, paid at activation; without materials it cannot be paid.
X7. The Summons of the rules go through the window of "when a monster would be Summoned":
    Solemn Warning negates a Synchro Summon and destroys the monster.
X8. A Synchro or Xyz Summon is offered only in its controller's open Main Phase window.
X9. A Synchro or Xyz Monster is Summoned in face-up Attack or Defense Position, its controller's choice.
"""

import cardjudge as cj
import pytest
from helpers import act, chain, dicts, load, lp, now, resolve, zone

from cardjudge.errors import InputError


def junk_position(**extra):
    you = {
        "hand": [{"card": "Junk Synchron", "id": "JS"}],
        "graveyard": [{"card": "Mokey Mokey", "id": "MK"}],
        "monsters": [{"card": "Skull Servant", "id": "SK1"}, {"card": "Skull Servant", "id": "SK2"}],
        "extra_deck": [{"card": "Junk Warrior", "id": "JW"}],
    }
    you.update(extra)
    return you


def synchro_summons(state):
    return dicts(state, kind="summon", card="Junk Warrior")


def test_X1_junk_synchron_line_to_junk_warrior():
    state = load(you=junk_position())
    assert not synchro_summons(state)  # no Tuner on the field yet
    state = act(state, kind="summon", card_id="JS", text="you Normal Summon Junk Synchron")
    state = act(state, kind="activate", card_id="JS", targets=["MK"])
    state = resolve(state)
    mokey = [m for m in cj.to_dict(state)["players"]["you"]["monsters"] if m["id"] == "MK"][0]
    assert (mokey["position"], mokey["face_up"]) == ("defense", True)  # "in Defense Position": no choice offered
    state = act(state, kind="summon", card_id="JW", position="attack", costs_include=["JS", "SK1", "MK"])
    assert not chain(state)  # a Summon by the rules starts no chain
    assert {zone(state, label) for label in ("JS", "SK1", "MK")} == {"graveyard"}
    assert zone(state, "JW") == "monsters" and zone(state, "SK2") == "monsters"
    # "If this card is Synchro Summoned": its mandatory trigger
    state = act(state, kind="activate", card_id="JW")
    state = resolve(state)
    assert now(state, "JW")["atk"] == 2300 + 300  # the Skull Servant left on the field


def test_X2_junk_warrior_needs_junk_synchron_as_its_tuner():
    # Pain Painter is a Level 2 Tuner: 2 + 1 + 1 + 1 would make 5, but it is not "Junk Synchron"
    state = load(you={"monsters": [{"card": "Pain Painter", "id": "PP"}, "Skull Servant", "Skull Servant",
                                   "Mokey Mokey"],
                      "extra_deck": [{"card": "Junk Warrior", "id": "JW"}]})
    assert not synchro_summons(state)


def test_X1_levels_must_add_up_exactly():
    # Junk Synchron (3) + Axe Raider (4) = 7: not a Level 5
    state = load(you={"monsters": ["Junk Synchron", "Axe Raider"],
                      "extra_deck": [{"card": "Junk Warrior", "id": "JW"}]})
    assert not synchro_summons(state)


def test_X3_distinct_material_sets_are_each_an_action_copies_merged():
    state = load(you={"monsters": [{"card": "Junk Synchron", "id": "JS"}, {"card": "Skull Servant", "id": "SK1"},
                                   {"card": "Skull Servant", "id": "SK2"},
                                   {"card": "Mokey Mokey", "id": "MK", "position": "defense"}],
                      "extra_deck": [{"card": "Junk Warrior", "id": "JW"}, {"card": "Junk Warrior", "id": "JW2"}]})
    found = {(d["position"], tuple(sorted(d["costs"][0]["cards"]))) for d in synchro_summons(state)}
    # 3 + 1 + 1: two Skull Servants, or one Skull Servant (either copy: the same) with Mokey Mokey
    assert found == {(p, cards) for p in ("attack", "defense")
                     for cards in (("JS", "SK1", "SK2"), ("JS", "MK", "SK1"))}


def test_X9_synchro_summon_in_defense_position():
    state = load(you={"monsters": [{"card": "Junk Synchron", "id": "JS"}, "Skull Servant", "Skull Servant"],
                      "extra_deck": [{"card": "Junk Warrior", "id": "JW"}]})
    state = act(state, kind="summon", card_id="JW", position="defense")
    entry = [m for m in cj.to_dict(state)["players"]["you"]["monsters"] if m["id"] == "JW"][0]
    assert (entry["position"], entry["face_up"], entry["summon_type"]) == ("defense", True, "synchro")


def test_X8_no_synchro_summon_in_the_opponents_turn():
    state = load(active="opponent",
                 you={"monsters": ["Junk Synchron", "Skull Servant", "Skull Servant"],
                      "extra_deck": [{"card": "Junk Warrior", "id": "JW"}]})
    assert not synchro_summons(state)


def test_X7_solemn_warning_negates_a_synchro_summon():
    state = load(you={"monsters": [{"card": "Junk Synchron", "id": "JS"}, {"card": "Skull Servant", "id": "SK1"},
                                   {"card": "Skull Servant", "id": "SK2"}],
                      "extra_deck": [{"card": "Junk Warrior", "id": "JW"}]},
                 opponent={"spells_traps": [{"card": "Solemn Warning", "id": "SW"}]})
    state = act(state, kind="summon", card_id="JW", position="attack")
    # you have nothing to answer with: the opponent may answer the Summon
    state = act(state, player="opponent", kind="activate", card_id="SW")
    state = resolve(state)
    assert lp(state, "opponent") == 6000
    assert zone(state, "JW") == "graveyard"  # destroyed: to the GY (only a card sent to the hand or Deck returns)
    assert {zone(state, label) for label in ("JS", "SK1", "SK2")} == {"graveyard"}  # the materials stay used


def utopia_position():
    return {"monsters": [{"card": "Axe Raider", "id": "AX"}, {"card": "Celtic Guardian", "id": "CG"},
                         {"card": "Junk Synchron", "id": "JS"}],
            "extra_deck": [{"card": "Number 39: Utopia", "id": "U"}]}


def test_X4_xyz_summon_stacks_the_materials():
    state = load(you=utopia_position())
    found = dicts(state, kind="summon", card="Number 39: Utopia", position="attack")
    assert [sorted(d["costs"][0]["cards"]) for d in found] == [["AX", "CG"]]  # Junk Synchron is Level 3
    state = act(state, kind="summon", card_id="U", position="attack")
    state = resolve(state)
    utopia = [m for m in cj.to_dict(state)["players"]["you"]["monsters"] if m["id"] == "U"][0]
    assert [m["id"] for m in utopia["materials"]] == ["AX", "CG"]
    assert zone(state, "AX") is None or zone(state, "AX") == "monsters"  # under Utopia, not in the GY
    assert not cj.to_dict(state)["players"]["you"]["graveyard"]
    assert utopia["now"]["level"] is None  # X5: Rank 4, no Level


def test_X5_an_xyz_monster_is_not_a_level_4_material():
    state = load(you={"monsters": [{"card": "Number 39: Utopia", "id": "U1"}, {"card": "Axe Raider", "id": "AX"}],
                      "extra_deck": [{"card": "Number 39: Utopia", "id": "U"}]})
    assert not dicts(state, kind="summon", card="Number 39: Utopia")


def attacked_utopia(materials):
    return load(active="opponent", phase="battle_step",
                you={"monsters": [{"card": "Number 39: Utopia", "id": "U", "materials": materials}]},
                opponent={"monsters": [{"card": "Blue-Eyes White Dragon", "id": "BE"}]})


def test_X6_utopia_detaches_a_material_to_negate_the_attack():
    state = attacked_utopia([{"card": "Axe Raider", "id": "AX"}, {"card": "Celtic Guardian", "id": "CG"}])
    state = act(state, player="opponent", kind="attack", card_id="BE", targets=["U"])
    options = dicts(state, player="you", kind="activate", card_id="U")
    assert sorted(d["costs"][0]["cards"][0] for d in options) == ["AX", "CG"]  # which one: the player's choice
    state = act(state, player="you", kind="activate", card_id="U", costs_include=["CG"])
    assert zone(state, "CG") == "graveyard"  # paid at activation (C1)
    state = resolve(state)
    state = resolve(state)
    assert lp(state, "you") == 8000 and zone(state, "U") == "monsters"
    utopia = cj.to_dict(state)["players"]["you"]["monsters"][0]
    assert [m["id"] for m in utopia["materials"]] == ["AX"]


def test_X6_utopia_without_material_cannot_detach_and_is_destroyed_when_attacked():
    state = attacked_utopia([])
    state = act(state, player="opponent", kind="attack", card_id="BE", targets=["U"])
    assert not dicts(state, player="you", kind="activate", card_id="U", ability=0)
    state = act(state, player="you", kind="activate", card_id="U", ability=1)
    state = resolve(state)
    assert zone(state, "U") == "graveyard"


def test_X4_materials_go_to_the_gy_when_the_xyz_monster_leaves():
    state = load(you={"monsters": [{"card": "Number 39: Utopia", "id": "U",
                                    "materials": [{"card": "Axe Raider", "id": "AX"}]}],
                      "hand": [{"card": "Dark Hole", "id": "DH"}]})
    state = act(state, kind="activate", card_id="DH")
    state = resolve(state)
    assert zone(state, "U") == "graveyard" and zone(state, "AX") == "graveyard"


def test_positions_round_trip_with_xyz_materials():
    state = load(you={"monsters": [{"card": "Number 39: Utopia", "id": "U",
                                    "materials": [{"card": "Axe Raider", "id": "AX"}, "Celtic Guardian"]}],
                      "extra_deck": [{"card": "Junk Warrior", "id": "JW"}]})
    written = cj.to_dict(state)
    again = cj.load_position(written)
    assert cj.to_dict(again) == written
    assert cj.legal_actions(again) and [a.text for a in cj.legal_actions(again)] == [
        a.text for a in cj.legal_actions(state)]


@pytest.mark.parametrize("body, message", [
    ({"deck": ["Junk Warrior"]}, "starts in the Extra Deck"),
    ({"hand": ["Number 39: Utopia"]}, "starts in the Extra Deck"),
    ({"extra_deck": ["Axe Raider"]}, "cannot be in the Extra Deck"),
    ({"monsters": [{"card": "Axe Raider", "materials": ["Celtic Guardian"]}]}, "not an Xyz Monster"),
    ({"monsters": [{"card": "Number 39: Utopia", "materials": ["No Such Card"]}]}, "unknown card"),
    ({"monsters": [{"card": "Number 39: Utopia", "materials": "Axe Raider"}]}, "must be a list"),
])
def test_bad_positions_with_extra_deck_cards(body, message):
    with pytest.raises(InputError) as error:
        load(you=body)
    assert message in str(error.value)


def test_X1_junk_synchron_revives_with_its_effects_negated():
    # Pain Painter's name is treated as "Plaguespreader Zombie" while face-up: negated, it is not
    state = load(you={"hand": [{"card": "Junk Synchron", "id": "JS"}], "graveyard": [{"card": "Pain Painter", "id": "PP"}]})
    state = act(state, kind="summon", card_id="JS", text="you Normal Summon Junk Synchron")
    state = resolve(act(state, kind="activate", card_id="JS", targets=["PP"]))
    assert now(state, "PP")["name"] == "Pain Painter"
    # a Tuner revived by Junk Synchron is still a Tuner: no non-Tuner, no Junk Warrior
    assert not dicts(state, kind="summon", card="Junk Warrior")


# --- invariants of the Synchro listing ---------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

FIELD_CARDS = ["Junk Synchron", "Effect Veiler", "Skull Servant", "Mokey Mokey", "Elemental HERO Avian",
               "Axe Raider", "Pain Painter"]
LEVELS = {"Junk Synchron": 3, "Effect Veiler": 1, "Skull Servant": 1, "Mokey Mokey": 1, "Elemental HERO Avian": 3,
          "Axe Raider": 4, "Pain Painter": 2}
TUNERS = {"Junk Synchron", "Effect Veiler", "Pain Painter"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(FIELD_CARDS), min_size=0, max_size=5))
def test_every_synchro_summon_listed_is_legal_and_listed_once(field):
    state = load(you={"monsters": [{"card": name, "id": f"M{i}"} for i, name in enumerate(field)],
                      "extra_deck": ["Junk Warrior", "Gaia Knight, the Force of Earth", "Scrap Archfiend"]})
    labels = {f"M{i}": name for i, name in enumerate(field)}
    seen = set()
    for d in dicts(state, kind="summon"):
        if "Synchro Summon" not in d["text"]:
            continue
        used = d["costs"][0]["cards"]
        names = sorted(labels[label] for label in used)
        tuners = [n for n in names if n in TUNERS]
        target = {"Junk Warrior": 5, "Gaia Knight, the Force of Earth": 6, "Scrap Archfiend": 7}[d["card"]]
        assert len(set(used)) == len(used) and len(tuners) == 1 and len(used) >= 2
        assert sum(LEVELS[n] for n in names) == target
        if d["card"] == "Junk Warrior":
            assert tuners == ["Junk Synchron"]
        key = (d["card"], d["position"], tuple(names))  # the same multiset of copies: listed once (G1)
        assert key not in seen
        seen.add(key)
    # and every such multiset is listed: count them from the names alone
    from itertools import combinations
    expected = set()
    for size in range(2, len(field) + 1):
        for combo in combinations(range(len(field)), size):
            names = sorted(field[i] for i in combo)
            tuners = [n for n in names if n in TUNERS]
            if len(tuners) != 1:
                continue
            total = sum(LEVELS[n] for n in names)
            for card, level in (("Junk Warrior", 5), ("Gaia Knight, the Force of Earth", 6), ("Scrap Archfiend", 7)):
                if total == level and (card != "Junk Warrior" or tuners == ["Junk Synchron"]):
                    for position in ("attack", "defense"):
                        expected.add((card, position, tuple(names)))
    assert seen == expected


# --- X10: triggers of the materials wait until the Summon succeeded or was negated -----------------

TEST_DRAWER = {"name": "Test Drawer", "kind": "monster", "subtype": "effect", "level": 2, "atk": 100, "def": 100,
               "attribute": "DARK", "race": "Warrior",
               "abilities": [{"kind": "trigger", "from": "graveyard", "on": "sent_to_gy", "timing": "if",
                              "when": "any(e.cards, it == self)", "effect": [{"draw": 1}]}]}


def drawer_position(**opponent):
    return load(cards=[TEST_DRAWER],
                you={"monsters": [{"card": "Junk Synchron", "id": "JS"}, {"card": "Test Drawer", "id": "TD"}],
                     "extra_deck": [{"card": "Junk Warrior", "id": "JW"}],
                     "deck": [{"card": "Axe Raider", "id": "AX"}]},
                opponent=opponent)


def test_X10_a_materials_trigger_waits_for_the_summon_window():
    state = drawer_position(spells_traps=[{"card": "Solemn Warning", "id": "SW"}])
    state = act(state, kind="summon", card_id="JW", position="attack")
    # the Summon is answered first: the material's trigger is not offered in the Summon's window
    assert [d["text"] for d in dicts(state)] == ["opponent activates Solemn Warning (cost: pay 2000 LP)",
                                                 "opponent passes"]
    state = act(state, player="opponent", kind="activate", card_id="SW")  # you cannot answer it: it resolves
    # negated: Junk Warrior's own trigger never happens, the material's still does
    assert [d["card_id"] for d in dicts(state, kind="activate")] == ["TD"]
    state = resolve(act(state, kind="activate", card_id="TD"))
    assert zone(state, "AX") == "hand" and zone(state, "JW") == "graveyard"


def test_X10_after_the_summon_both_triggers_in_segoc_order():
    state = drawer_position()
    state = act(state, kind="summon", card_id="JW", position="attack")
    # the turn player's mandatory trigger goes on the chain first, then the optional one (G2)
    assert [d["card_id"] for d in dicts(state, kind="activate")] == ["JW"]
    state = act(state, kind="activate", card_id="JW")
    assert [d["card_id"] for d in dicts(state, kind="activate")] == ["TD"]
    state = resolve(act(state, kind="activate", card_id="TD"))
    assert zone(state, "AX") == "hand" and now(state, "JW")["atk"] == 2300


# --- X11: Tokens ---------------------------------------------------------------------------------

def test_X11_tokens_cease_to_exist_when_they_leave_the_field():
    state = load(you={"monsters": [{"card": "Doppel Token", "id": "T1"}, {"card": "Doppel Token", "id": "T2"},
                                   {"card": "Axe Raider", "id": "AX"}],
                      "hand": [{"card": "Dark Hole", "id": "DH"}]})
    assert len([d for d in dicts(state, kind="choose") if d["card"] == "Doppel Token"]) == 1  # copies merged
    state = resolve(act(state, kind="activate", card_id="DH"))
    graveyard = [c["id"] for c in cj.to_dict(state)["players"]["you"]["graveyard"]]
    assert graveyard == ["AX", "DH"] or sorted(graveyard) == ["AX", "DH"]
    assert zone(state, "T1") is None and zone(state, "T2") is None


def test_X11_a_token_is_a_synchro_material_but_not_an_xyz_material():
    state = load(you={"monsters": [{"card": "Effect Veiler", "id": "EV"}, {"card": "Doppel Token", "id": "T1"},
                                   {"card": "Doppel Token", "id": "T2"}, {"card": "Elemental HERO Clayman", "id": "CL"}],
                      "extra_deck": [{"card": "Gaia Knight, the Force of Earth", "id": "GK"}]})
    found = {tuple(sorted(d["costs"][0]["cards"])) for d in dicts(state, kind="summon", card_id="GK")}
    assert found == {("CL", "EV", "T1")}  # 1 + 1 + 4; either Token: the same
    xyz = load(you={"monsters": [{"card": "Doppel Token"}, {"card": "Doppel Token"}],
                    "extra_deck": [{"card": "Number 17: Leviathan Dragon", "id": "L"}]},
               cards=None)
    assert not dicts(xyz, kind="summon", card_id="L")


def test_X11_doppelwarrior_answers_a_special_summon_from_the_gy_only():
    # Monster Reborn from the GY: Doppelwarrior may follow
    state = load(you={"hand": [{"card": "Monster Reborn", "id": "MR"}, {"card": "Doppelwarrior", "id": "DW"}],
                      "graveyard": [{"card": "Axe Raider", "id": "AX"}]})
    state = act(state, kind="activate", card_id="MR", targets=["AX"])
    state = act(state, kind="choose", position="attack")
    assert [d["card_id"] for d in dicts(state, kind="activate")] == ["DW"]
    # Tin Goldfish summons from the hand: not from the GY, nothing to answer
    state = load(you={"hand": [{"card": "Tin Goldfish", "id": "TG"}, {"card": "Doppelwarrior", "id": "DW"},
                               {"card": "Axe Raider", "id": "AX"}]})
    state = act(state, kind="summon", card_id="TG", text="you Normal Summon Tin Goldfish")
    state = act(state, kind="activate", card_id="TG")
    state = act(state, kind="choose", targets=["AX"])
    state = act(state, kind="choose", position="attack")
    assert not dicts(state, kind="activate", card_id="DW")


def test_X11_a_token_cannot_be_written_outside_the_field():
    with pytest.raises(InputError) as error:
        load(you={"hand": ["Doppel Token"]})
    assert "is a Token" in str(error.value)


def test_X7_solemn_warning_negates_an_xyz_summon_and_the_materials_go_with_it():
    state = load(you=utopia_position(), opponent={"spells_traps": [{"card": "Solemn Warning", "id": "SW"}]})
    state = act(state, kind="summon", card_id="U", position="attack")
    state = resolve(act(state, player="opponent", kind="activate", card_id="SW"))
    assert zone(state, "U") == "graveyard"
    assert zone(state, "AX") == "graveyard" and zone(state, "CG") == "graveyard"  # detached as it left


def test_X7_solemn_warning_answers_polymerization_as_an_activation_that_summons():
    state = load(you={"hand": [{"card": "Polymerization", "id": "PO"}, {"card": "Elemental HERO Avian", "id": "AV"}],
                      "monsters": [{"card": "Elemental HERO Burstinatrix", "id": "BU"}],
                      "extra_deck": [{"card": "Elemental HERO Flame Wingman", "id": "FW"}]},
                 opponent={"spells_traps": [{"card": "Solemn Warning", "id": "SW"}]})
    state = act(state, kind="activate", card_id="PO")
    # a Fusion Summon by a card's effect: the activation is what Solemn Warning negates
    state = resolve(act(state, player="opponent", kind="activate", card_id="SW", ability=1))
    assert zone(state, "PO") == "graveyard" and zone(state, "FW") == "extra_deck"
    assert zone(state, "AV") == "hand" and zone(state, "BU") == "monsters"


# --- X12: "You can only Special Summon CARD once per turn" ------------------------------------------

ONCE_DRAGON = {"name": "Test Once Dragon", "kind": "monster", "subtype": "effect", "attribute": "LIGHT",
               "race": "Dragon", "level": 4, "atk": 1800, "def": 1000, "summon_limit": "once_per_turn",
               "text": "If you control no monsters, you can Special Summon this card (from your hand). You can "
                       "only Special Summon \"Test Once Dragon\" once per turn.",
               "abilities": [{"kind": "procedure", "condition": "count(you.monsters, name != 'Test Once Dragon') == 0"}]}
ONCE_SYNCHRO = {"name": "Test Once Synchro", "kind": "monster", "subtype": "synchro", "attribute": "LIGHT",
                "race": "Dragon", "level": 4, "atk": 2000, "def": 1000, "summon_limit": "once_per_turn",
                "materials": {"synchro": {"count": [1, 99]}}}


def test_X12_a_once_per_turn_special_summon_limits_every_way():
    state = load(cards=[ONCE_DRAGON],
                 you={"hand": [{"card": "Test Once Dragon", "id": "D1"}, {"card": "Test Once Dragon", "id": "D2"}]})
    state = act(state, kind="summon", card_id="D1", position="attack")
    assert not [d for d in dicts(state, kind="summon", card_id="D2") if "from the hand" in d["text"]]
    assert cj.to_dict(state)["used"] == [["turn", "special_summon", "you", "Test Once Dragon"]]
    # the limit is written and read back with the position
    again = cj.load_position(cj.to_dict(state))
    assert not [d for d in dicts(again, kind="summon", card_id="D2") if "from the hand" in d["text"]]


def test_X12_the_limit_applies_to_synchro_summons_and_ends_with_the_turn():
    state = load(cards=[ONCE_SYNCHRO],
                 you={"monsters": ["Effect Veiler", "Effect Veiler", "Elemental HERO Avian", "Elemental HERO Burstinatrix"],
                      "extra_deck": [{"card": "Test Once Synchro", "id": "S1"}, {"card": "Test Once Synchro", "id": "S2"}]})
    state = act(state, kind="summon", card_id="S1", position="attack", costs_include=["Elemental HERO Avian#monsters2"])
    assert not dicts(state, kind="summon", card="Test Once Synchro")
    # the next turn of the same player: the mark is gone (marks "turn" are dropped at each turn's start)
    from helpers import pass_until
    later = pass_until(state, lambda s: cj.to_dict(s)["turn"] == 5 and cj.to_dict(s)["phase"] == "main1")
    assert "used" not in cj.to_dict(later)


# --- X13: "Cannot be used as Synchro Material" ------------------------------------------------------

NO_SYNCHRO = {"name": "Test Stubborn Knight", "kind": "monster", "subtype": "effect", "attribute": "DARK",
              "race": "Warrior", "level": 1, "atk": 100, "def": 100, "text": "Cannot be used as Synchro Material.",
              "abilities": [{"kind": "continuous", "from": "monsters",
                             "rule": {"cannot_be_synchro_material": "it == self"}}]}


def test_X13_a_monster_that_cannot_be_synchro_material_is_never_in_a_synchro_set():
    state = load(cards=[NO_SYNCHRO],
                 you={"monsters": [{"card": "Junk Synchron", "id": "JS"}, {"card": "Test Stubborn Knight", "id": "TK"},
                                   {"card": "Skull Servant", "id": "SK"}, {"card": "Mokey Mokey", "id": "MK"}],
                      "extra_deck": [{"card": "Junk Warrior", "id": "JW"}]})
    found = {tuple(sorted(d["costs"][0]["cards"])) for d in dicts(state, kind="summon", card_id="JW")}
    assert found == {("JS", "MK", "SK")}
    # negated, the restriction no longer applies (Effect Veiler-like negation of the card)
    negated = cj.load_position({**cj.to_dict(state), "lasting": [
        {"kind": "negate_effects", "affects": ["TK"], "until": "end_of_turn", "turn": 3}]})
    found = {tuple(sorted(d["costs"][0]["cards"])) for d in dicts(negated, kind="summon", card_id="JW")}
    assert found == {("JS", "MK", "SK"), ("JS", "MK", "TK"), ("JS", "SK", "TK")}


# --- X14: Special Summons in a given position ---------------------------------------------------------

FACE_DOWN_CALL = {"name": "Test Secret Call", "kind": "spell", "subtype": "normal",
                  "text": "Special Summon 1 monster from your hand in face-down Defense Position.",
                  "abilities": [{"kind": "activate", "condition": "count(you.hand, is_monster) >= 1",
                                 "effect": [{"choose": {"name": "c", "from": "you.hand where is_monster"}},
                                            {"special_summon": {"cards": "c", "position": "face_down"}}]}]}


def test_X14_a_face_down_special_summon_offers_no_position_and_hides_the_card():
    state = load(cards=[FACE_DOWN_CALL],
                 you={"hand": [{"card": "Test Secret Call", "id": "SC"}, {"card": "Mystic Tomato", "id": "MT"}]})
    state = act(state, kind="activate", card_id="SC")
    state = resolve(act(state, kind="choose", targets=["MT"]))
    entry = [m for m in cj.to_dict(state)["players"]["you"]["monsters"] if m["id"] == "MT"][0]
    assert (entry["position"], entry["face_up"]) == ("defense", False)

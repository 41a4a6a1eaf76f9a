"""Fusion Summons through Polymerization (rulings F1-F5), played through the public API.

F1. Polymerization Fusion Summons 1 Fusion Monster from the Extra Deck: its materials, from the
    hand or the field, are sent to the GY by the card's effect, then the Fusion Monster is
    Special Summoned. The choice of monster and materials is made on resolution.
F2. Polymerization cannot be activated when no Fusion Summon could be performed with it.
F3. Each distinct set of materials is its own answer; interchangeable copies are merged (G1).
F4. "Must be Fusion Summoned": the monster cannot be Special Summoned another way (Monster
    Reborn cannot target it in the GY).
F5. Elemental HERO Flame Wingman: when it destroys a monster by battle and sends it to the GY,
    its controller's opponent takes damage equal to that monster's ATK in the GY.
"""

import cardjudge as cj
from helpers import act, dicts, load, lp, resolve, zone


def hero_position(**you):
    body = {"hand": [{"card": "Polymerization", "id": "PO"}, {"card": "Elemental HERO Avian", "id": "AV"}],
            "monsters": [{"card": "Elemental HERO Burstinatrix", "id": "BU"}],
            "extra_deck": [{"card": "Elemental HERO Flame Wingman", "id": "FW"}]}
    body.update(you)
    return body


def test_F1_polymerization_fuses_avian_and_burstinatrix():
    state = load(you=hero_position())
    state = act(state, kind="activate", card_id="PO")
    assert zone(state, "AV") == "hand"  # nothing is chosen or sent at activation
    answers = dicts(state, kind="choose", card="Elemental HERO Flame Wingman")
    assert {(d["position"], tuple(sorted(d["targets"]))) for d in answers} == {
        ("attack", ("AV", "BU")), ("defense", ("AV", "BU"))}
    state = act(state, kind="choose", card="Elemental HERO Flame Wingman", position="attack")
    state = resolve(state)
    assert zone(state, "FW") == "monsters"
    assert {zone(state, label) for label in ("AV", "BU", "PO")} == {"graveyard"}
    entry = [m for m in cj.to_dict(state)["players"]["you"]["monsters"] if m["id"] == "FW"][0]
    assert entry["summon_type"] == "fusion"


def test_F2_polymerization_needs_a_possible_fusion():
    state = load(you=hero_position(monsters=[{"card": "Axe Raider", "id": "AX"}]))
    assert not dicts(state, kind="activate", card_id="PO")
    # a face-down Burstinatrix is not a material "from the field" here
    state = load(you=hero_position(monsters=[{"card": "Elemental HERO Burstinatrix", "face_up": False}]))
    assert not dicts(state, kind="activate", card_id="PO")


def test_F3_materials_from_hand_or_field_each_an_answer_copies_merged():
    state = load(you=hero_position(hand=[{"card": "Polymerization", "id": "PO"}, {"card": "Elemental HERO Avian", "id": "AV"},
                                         {"card": "Elemental HERO Avian", "id": "AV2"},
                                         {"card": "Elemental HERO Burstinatrix", "id": "BH"}]))
    state = act(state, kind="activate", card_id="PO")
    answers = {tuple(sorted(d["targets"])) for d in dicts(state, kind="choose", position="attack")}
    assert answers == {("AV", "BU"), ("AV", "BH")}  # which Avian of the two in hand: the same


def test_F4_flame_wingman_cannot_be_revived_by_monster_reborn():
    state = load(you={"hand": [{"card": "Monster Reborn", "id": "MR"}],
                      "graveyard": [{"card": "Elemental HERO Flame Wingman", "id": "FW"},
                                    {"card": "Elemental HERO Avian", "id": "AV"}]})
    assert [d["targets"] for d in dicts(state, kind="activate", card_id="MR")] == [["AV"]]


def test_F5_flame_wingman_burns_for_the_destroyed_monsters_atk():
    state = load(phase="battle_step",
                 you={"monsters": [{"card": "Elemental HERO Flame Wingman", "id": "FW", "summon_type": "fusion"}]},
                 opponent={"monsters": [{"card": "Axe Raider", "id": "AX"}]})
    state = act(state, kind="attack", card_id="FW", targets=["AX"])
    # nobody can answer the attack: damage is calculated at once, then the mandatory trigger
    assert lp(state, "opponent") == 8000 - 400
    state = act(state, kind="activate", card_id="FW")
    state = resolve(state)
    # 2100 - 1700 battle damage, then 1700 from Flame Wingman
    assert zone(state, "AX") == "graveyard"
    assert lp(state, "opponent") == 8000 - 400 - 1700

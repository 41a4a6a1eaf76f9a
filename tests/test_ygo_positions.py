"""Yu-Gi-Oh positions written by ``to_dict`` read back by ``load_position`` as the same position
(contract section 4), for states that only play can reach."""

import cardjudge as cj
from helpers import act, card, load, pass_until, pass_until_legal


def _set_monster_flipped_by_an_attack():
    """Axe Raider (1700 ATK) attacks a face-down Giant Soldier of Stone (2000 DEF): the Set
    monster is flipped face-up by the attack, which is not a Summon, and survives."""
    state = load(active="opponent", turn=4,
                 you={"monsters": [{"card": "Giant Soldier of Stone", "id": "GS", "face_up": False}]},
                 opponent={"monsters": [{"card": "Axe Raider", "id": "AX", "position": "attack"}]})
    state = pass_until_legal(state, kind="attack")
    state = act(state, kind="attack", card_id="AX", targets=["GS"])
    return pass_until(state, lambda s: card(s, "GS")["face_up"])


def test_monster_flipped_face_up_by_an_attack_has_no_summon_type():
    state = _set_monster_flipped_by_an_attack()
    soldier = card(state, "GS")
    assert soldier["position"] == "defense"
    assert soldier["summon_type"] is None


def test_monster_flipped_face_up_by_an_attack_round_trips():
    state = _set_monster_flipped_by_an_attack()
    written = cj.to_dict(state)
    assert cj.to_dict(cj.load_position(written)) == written


def test_face_up_monster_without_summon_type_reads_as_not_summoned():
    state = load(you={"monsters": [{"card": "Giant Soldier of Stone", "id": "GS", "summon_type": None}]})
    assert card(state, "GS")["summon_type"] is None
    assert card(load(you={"monsters": [{"card": "Giant Soldier of Stone", "id": "GS"}]}), "GS")["summon_type"] == "normal"

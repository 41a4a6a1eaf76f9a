"""Forge's token scripts in .pzl zones (``t:NAME`` / ``T:NAME``): a vanilla token's script is
read into the token it names (colours, power/toughness, types, keywords), a predefined Treasure
is the library's Treasure (CR 111.10a), and a script with an ability the name only hints at is
refused with the file and line. Script names are Forge's (forge-gui/res/tokenscripts)."""

from __future__ import annotations

import pytest
from mtg_helpers import act, card, data, zone

import cardjudge as cj
from cardjudge import InputError
from cardjudge.solver.forge import read_pzl, to_position
from cardjudge.solver.forge_import import import_pzl


def pzl(tmp_path, you="", opponent="", hand=""):
    path = tmp_path / "tokens.pzl"
    lines = ["[metadata]", "Name:tokens", "[state]", "activeplayer=human", "activephase=main1"]
    lines += [f"humanbattlefield={you}"] if you else []
    lines += [f"humanhand={hand}"] if hand else []
    lines += [f"aibattlefield={opponent}"] if opponent else []
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_cr_111_4_a_vanilla_script_is_the_token_it_names(tmp_path):
    path = pzl(tmp_path, you="T:gw_2_2_elf_knight_vigilance|Tapped;t:c_1_1_a_thopter_flying|SummonSick",
               opponent="T:g_1_1_saproling;T:g_1_1_saproling")
    position = to_position(read_pzl(path))
    cards = {c["name"]: c for c in position["cards"]}
    assert cards["Elf Knight Token"] == {"name": "Elf Knight Token", "types": ["Creature"], "subtypes": ["Elf", "Knight"],
                                         "colors": ["G", "W"], "power": 2, "toughness": 2,
                                         "keywords": ["Vigilance"], "text": "Vigilance"}
    assert cards["Thopter Token"]["types"] == ["Artifact", "Creature"] and cards["Thopter Token"]["colors"] == []
    # a 1/1 green Saproling is the library's Saproling Token (Fists of Ironwood's): no card of its own
    assert sorted(cards) == ["Elf Knight Token", "Thopter Token"]
    state = cj.load_position(position)
    knight = card(state, "YB1")
    assert knight["token"] is True and knight["tapped"] is True
    assert (knight["now"]["power"], knight["now"]["toughness"], knight["now"]["keywords"]) == (2, 2, ["Vigilance"])
    assert card(state, "YB2")["sick"] is True and card(state, "YB2")["now"]["keywords"] == ["Flying"]
    saprolings = data(state)["players"]["opponent"]["battlefield"]
    assert [(c["card"], c["token"], c["now"]["power"], c["now"]["toughness"]) for c in saprolings] == [
        ("Saproling Token", True, 1, 1)] * 2


def test_cr_111_10a_treasure_sacrificed_for_one_mana_of_any_color(tmp_path):
    path = pzl(tmp_path, you="t:c_a_treasure_sac", hand="Lightning Bolt")
    state = cj.load_position(to_position(read_pzl(path)))
    assert card(state, "YB1")["card"] == "Treasure" and card(state, "YB1")["token"] is True
    state = act(state, kind="activate", card_id="YB1")
    # a token that leaves the battlefield ceases to exist (CR 111.7): it is in no zone
    assert zone(state, "YB1") != "battlefield"
    state = act(state, kind="choose", text="you choose {R}")
    assert data(state)["players"]["you"]["mana_pool"] == "R"
    state = act(state, kind="cast", card_id="YH1", targets=["opponent"])
    state = act(state, kind="pass", player="you")
    assert data(state)["players"]["opponent"]["life"] == 17


@pytest.mark.parametrize("script, word", [
    ("c_a_food_sac", "'c_a_food_sac' is not a vanilla token's name"),
    ("r_1_1_mercenary_tappump", "ability its name only hints at ('tappump')"),
    ("c_0_1_eldrazi_spawn_sac", "ability its name only hints at ('sac')"),
    ("u_2_2_spirit_vigilance_drawcounter", "ability its name only hints at ('drawcounter')"),
    ("b_1_1_rat_noblock", "ability its name only hints at ('noblock')"),
    ("voja_fenstalker", "is not a vanilla token's name"),
])
def test_a_script_with_an_ability_is_refused_with_the_line(tmp_path, script, word):
    path = pzl(tmp_path, you=f"Forest;T:{script}")
    with pytest.raises(InputError) as error:
        import_pzl(path)
    assert str(error.value).startswith(f"{path}:6: token script ")
    assert word in str(error.value)


def test_cr_111_7_a_token_off_the_battlefield_is_refused(tmp_path):
    path = pzl(tmp_path, hand="T:g_1_1_saproling")
    with pytest.raises(InputError, match=r"tokens.pzl:6: token 'Saproling Token' in the hand: a token exists only"):
        to_position(read_pzl(path))


def test_a_script_unlike_the_library_token_of_that_name_is_refused(tmp_path):
    # the library's Spirit Token is Doomed Traveler's white flier; a colourless 1/1 Spirit is another token
    path = pzl(tmp_path, you="T:w_1_1_spirit_flying;T:c_1_1_spirit")
    with pytest.raises(InputError, match=r"tokens.pzl:6: a token script makes a Spirit Token unlike the library's"):
        to_position(read_pzl(path))


def test_two_scripts_making_different_tokens_of_one_name_are_refused(tmp_path):
    path = pzl(tmp_path, you="T:g_1_1_insect", opponent="T:b_1_1_insect")
    with pytest.raises(InputError, match=r"tokens.pzl:7: two token scripts make different tokens named 'Insect Token'"):
        to_position(read_pzl(path))

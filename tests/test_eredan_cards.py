"""Each card of the Eredan library does what its text says."""

from __future__ import annotations

import cardjudge as cj
from helpers import act, actions
from test_eredan_rulings import attached, char, fight, play, position, roll, zone_names

TSOUTAI = {"card": "Test Maraudeur Tsoutaï", "id": "T"}
FIGHTER = {"card": "Test Combattant", "id": "C"}


def played(state, mine, theirs, my_cards=(), their_cards=()):
    """Pick the fight and play the cards; stop at the clash (the cards have resolved)."""
    state = act(state, kind="attack", card_id=mine, targets=[theirs])
    state = play(state, *my_cards)
    return play(state, *their_cards)


def test_shi_gives_attack_and_defense_this_turn_and_fetches_fu_when_fu_does_not_follow():
    s = position({"characters": [TSOUTAI], "hand": ["Shi"], "deck": ["Fu"] + ["Contresort"] * 8},
                 {"characters": [FIGHTER]})
    s = played(s, "T", "C", ["Shi"])
    assert char(s, "T")["now"]["attack"] == [6, 8] and char(s, "T")["now"]["defense"] == 5
    assert sorted(attached(s, "C")) == ["Fu", "Shi"]
    shi = next(a for a in char(s, "C")["attached"] if a["card"] == "Shi")
    assert shi["combats_left"] == 2


def test_fu_fetches_shi_from_the_discard_when_shi_was_not_played_before():
    s = position({"characters": [TSOUTAI], "hand": ["Fu"], "discard": ["Shi"]}, {"characters": [FIGHTER]})
    s = played(s, "T", "C", ["Fu"])
    assert sorted(attached(s, "C")) == ["Fu", "Shi"]
    assert zone_names(s, "you", "discard") == []


def test_mi_gets_more_attack_after_shi_or_fu_and_strips_them_for_direct_damage():
    s = position({"characters": [TSOUTAI], "hand": ["Mi"]},
                 {"characters": [{"card": "Test Combattant", "id": "C", "attached": [
                     {"card": "Fu", "owner": "you", "turns_left": 2}, {"card": "Shi", "owner": "you", "combats_left": 1}]}]})
    s = played(s, "T", "C", ["Mi"])
    assert char(s, "T")["now"]["attack"] == [6, 8]  # Mi alone: +2 only
    assert attached(s, "C") == []
    assert char(s, "C")["hp"] == 25 - 4  # two cards stripped: 2 direct damage each


def test_siphon_vital_at_the_end_of_each_of_its_holders_fights():
    s = position({"characters": [{"card": "Test Mage", "id": "M", "hp": 10}, {"card": "Test Combattant", "id": "K"}],
                  "hand": ["Siphon vital"]},
                 {"characters": [{"card": "Test Prêtre", "id": "P", "attached": [
                     {"card": "Corruption de l'âme", "owner": "you", "turn": 1},
                     {"card": "Corruption de l'âme", "owner": "you", "turn": 1}]}, FIGHTER]},
                 rules={"magic_resisted_by_esprit": False})
    s = fight(s, "M", "P", ["Siphon vital"])
    # two Corruptions on P: 2 magic damage to P at the end of its fight; the caster M gains 2 HP
    assert char(s, "P")["hp"] == 22 - 2
    assert char(s, "M")["hp"] == 10 + 2  # P's blow of 2 against Défense 2 does nothing; then the heal


def test_donner_la_mort_on_a_chosen_character_then_at_each_of_its_fights():
    s = position({"characters": [{"card": "Test Prêtre", "id": "P"}, {"card": "Test Combattant", "id": "K"}],
                  "hand": ["Donner la mort"]},
                 {"characters": [FIGHTER, {"card": "Test Mage", "id": "N"}]},
                 rules={"magic_resisted_by_esprit": False})
    s = act(s, kind="attack", card_id="P", targets=["C"])
    targets = {d["targets"][0] for _, d in actions(s, kind="activate", card="Donner la mort")}
    assert targets == {"P", "K", "C", "N"}  # any character
    s = act(s, kind="activate", card="Donner la mort", targets=["N"])
    s = play(play(s))
    assert char(s, "N")["hp"] == 20 - 4
    assert attached(s, "N") == ["Donner la mort"]
    s = roll(roll(s))
    assert char(s, "N")["hp"] == 16  # N did not fight
    s = fight(s, "N", "K")
    assert char(s, "N")["hp"] == 16 - 2 - (5 - 2)  # its fight's end: 2 more; K's blow 5 against Défense 2


def test_donner_la_vie_heals_and_then_at_the_start_of_its_fights():
    s = position({"characters": [{"card": "Test Prêtre", "id": "P", "hp": 10}, {"card": "Test Combattant", "id": "K"}],
                  "hand": ["Donner la vie"]},
                 {"characters": [FIGHTER, {"card": "Test Mage", "id": "N"}]})
    s = act(s, kind="attack", card_id="P", targets=["C"])
    s = act(s, kind="activate", card="Donner la vie", targets=["P"])
    s = play(play(s))
    assert char(s, "P")["hp"] == 14
    assert cj.to_dict(s)["players"]["you"]["score"] == 4  # healing counts in the score


def test_bombe_de_malwein_at_the_end_of_its_third_turn():
    fire = {"name": "Test Sort de Feu", "type": "sort", "subtype": "Feu"}
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}, {"card": "Test Mage", "id": "M"}],
                  "hand": ["Bombe de Malweïn"], "discard": ["Test Sort de Feu"] * 3},
                 {"characters": [{"card": "Test Mage", "id": "N"}, {"card": "Test Prêtre", "id": "P"}],
                  "discard": ["Test Sort de Feu"] * 5},
                 cards=[fire], rules={"magic_resisted_by_esprit": False})
    s = fight(s, "K", "N", ["Bombe de Malweïn"], pick=min)
    hp = char(s, "N")["hp"]
    assert attached(s, "N") == ["Bombe de Malweïn"]
    s = fight(s, "P", "M")
    assert char(s, "N")["hp"] == hp
    s = fight(s, "M", "P")
    # the end of its third turn: 8 Fire spells in the discards, 6 at most
    assert char(s, "N")["hp"] == hp - 6
    assert attached(s, "N") == []


def test_pret_au_combat_and_a_chained_weapon_active_at_once():
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}], "hand": ["Prêt au combat", "Epée courte"]},
                 {"characters": [FIGHTER]})
    s = act(s, kind="attack", card_id="K", targets=["C"])
    s = act(s, kind="activate", card="Prêt au combat")
    assert {d["card"] for _, d in actions(s)} == {"Epée courte", None}
    s = play(play(s, "Epée courte"))
    # 5-7 +1 (Prêt) +2 +1 (Epée courte on a Combattant, active at once)
    assert char(s, "K")["now"]["attack"] == [9, 11]
    assert char(s, "K")["now"]["defense"] == 6


def test_weapons_activate_after_the_fight():
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}], "hand": ["Katana"]},
                 {"characters": [FIGHTER]})
    s = played(s, "K", "C", ["Katana"])
    assert char(s, "K")["now"]["attack"] == [5, 7]
    assert char(s, "K")["attached"][0]["waiting"] is True
    s = roll(roll(s))
    assert char(s, "K")["now"]["attack"] == [7, 9] and char(s, "K")["now"]["defense"] == 5


def test_katana_chains_wakizashi_and_ambidextrie_allows_both():
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}], "hand": ["Katana", "Wakizashi", "Epée courte"]},
                 {"characters": [FIGHTER]})
    s = act(s, kind="attack", card_id="K", targets=["C"])
    s = act(s, kind="activate", card="Katana")
    assert {d["card"] for _, d in actions(s)} == {"Wakizashi", None}
    s = play(play(s, "Wakizashi"))
    assert sorted(attached(s, "K")) == ["Katana", "Wakizashi"]
    assert char(s, "K")["now"]["attack"] == [7, 9]  # Wakizashi applies now, Katana after the fight


def test_one_weapon_without_ambidextrie():
    s = position({"characters": [{"card": "Test Combattant", "id": "K", "attached": [{"card": "Katana"}]}],
                  "hand": ["Epée courte", "Wakizashi"]},
                 {"characters": [FIGHTER]})
    s = act(s, kind="attack", card_id="K", targets=["C"])
    assert {d["card"] for _, d in actions(s, kind="activate")} == {"Wakizashi"}


def test_rations_heal_once_and_move_at_random_when_the_holder_dies():
    s = position({"characters": [{"card": "Test Combattant", "id": "K", "hp": 3}, {"card": "Test Mage", "id": "M"},
                                 {"card": "Test Prêtre", "id": "P"}],
                  "hand": ["Rations de voyage"]},
                 {"characters": [{"card": "Test Bête", "id": "B"}]})
    s = played(s, "K", "B", ["Rations de voyage"])
    s = roll(s)
    s = roll(s, max)  # B rolls 8 against Défense 4: K dies
    moves = [d for _, d in actions(s)]
    assert [d["player"] for d in moves] == ["chance", "chance"]
    assert {d["targets"][0] for d in moves} == {"M", "P"}
    assert [d["probability"] for d in moves] == [0.5, 0.5]
    s = act(s, player="chance", targets=["P"])
    assert attached(s, "P") == ["Rations de voyage"]


def test_rations_unique_per_character():
    s = position({"characters": [{"card": "Test Combattant", "id": "K", "attached": [{"card": "Rations de voyage"}]}],
                  "hand": ["Rations de voyage"]},
                 {"characters": [FIGHTER]})
    s = act(s, kind="attack", card_id="K", targets=["C"])
    assert actions(s, kind="activate") == []


def test_tempete_de_cristal_hits_each_opposing_character_at_the_next_turn_start():
    s = position({"characters": [{"card": "Test Mage", "id": "M"}, {"card": "Test Combattant", "id": "K"}],
                  "hand": ["Tempête de cristal"]},
                 {"characters": [FIGHTER, {"card": "Test Prêtre", "id": "P"}]},
                 rules={"magic_resisted_by_esprit": False})
    s = fight(s, "M", "C", ["Tempête de cristal"])
    # turn 3 began: every opposing character took its Esprit + 2
    assert char(s, "P")["hp"] == 22 - 6
    assert char(s, "C")["hp"] == 25 - 3


def test_tempete_de_cristal_leaves_when_its_holder_plays_a_sort_from_the_next_combat():
    s = position({"characters": [{"card": "Test Mage", "id": "M", "attached": [{"card": "Tempête de cristal", "turn": 1}]}],
                  "hand": ["Contresort"]},
                 {"characters": [FIGHTER]})
    s = act(s, kind="attack", card_id="M", targets=["C"])
    s = act(s, kind="activate", card="Contresort")
    assert attached(s, "M") == []
    assert "Tempête de cristal" in zone_names(s, "you", "discard")


def test_lacher_la_bete_weakens_the_opposing_fighter_per_living_beast():
    s = position({"characters": [{"card": "Test Bête", "id": "B"}, {"card": "Test Bête", "id": "B2"}],
                  "hand": ["Lâcher la bête"]},
                 {"characters": [FIGHTER, {"card": "Test Mage", "id": "N"}]})
    s = played(s, "B", "C", ["Lâcher la bête"])
    assert char(s, "C")["now"]["attack"] == [3, 5] and char(s, "C")["now"]["esprit"] == 0
    s = roll(roll(s))
    assert char(s, "B")["attached"][0]["combats_left"] == 2
    assert char(s, "C")["now"]["attack"] == [5, 7]  # until the end of that combat


def test_lacher_la_bete_leaving_play_curses_a_chosen_opposing_character_for_the_game():
    s = position({"characters": [{"card": "Test Bête", "id": "B", "attached": [
                     {"card": "Lâcher la bête", "combats_left": 1, "turn": 1}]}]},
                 {"characters": [FIGHTER, {"card": "Test Mage", "id": "N"}]},
                 rules={"combats_expire": "end_of_combat"})
    s = act(s, kind="attack", card_id="B", targets=["N"])
    # at the start of the combat: -1 per living Bête (one)
    assert char(s, "N")["now"]["attack"] == [1, 3]
    s = play(play(s))
    s = roll(roll(s))
    choices = [d for _, d in actions(s)]
    assert {d["player"] for d in choices} == {"you"} and {d["targets"][0] for d in choices} == {"C", "N"}
    s = act(s, targets=["C"])
    assert attached(s, "B") == []
    for _ in range(3):
        assert char(s, "C")["now"]["attack"] == [3, 5] and char(s, "C")["now"]["esprit"] == 0
        s = cj.load_position(cj.to_dict(s))


def test_contresort_halves_your_attack_and_discards_the_next_opposing_sort():
    s = position({"characters": [{"card": "Test Mage-Combattant", "id": "X"}], "hand": ["Contresort"]},
                 {"characters": [{"card": "Test Mage", "id": "N"}], "hand": ["Corruption de l'âme"]})
    s = played(s, "X", "N", ["Contresort"], ["Corruption de l'âme"])
    assert char(s, "X")["now"]["attack"] == [2, 2]
    assert attached(s, "X") == []
    assert char(s, "X")["hp"] == 22  # Corruption discarded before it could act
    assert "Corruption de l'âme" in zone_names(s, "opponent", "discard")

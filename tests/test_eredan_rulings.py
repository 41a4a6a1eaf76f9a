"""Eredan iTCG rulings E1-E4 (seed 001) and the fight's flow, on positions in the contract's format."""

from __future__ import annotations

import cardjudge as cj
import pytest
from helpers import act, actions, only

FILLER = ["Contresort"] * 12  # enough cards to refill the hand for a few turns


def position(you, opponent, *, turn=2, active="you", phase="fight_choice", rules=None, cards=None, **extra):
    """An Eredan position dict; each side gets a deck that refills the hand."""
    pos = {"game": "eredan", "turn": turn, "active": active, "phase": phase, "players": {}}
    if rules:
        pos["rules"] = rules
    if cards:
        pos["cards"] = cards
    pos.update(extra)
    for name, body in (("you", you), ("opponent", opponent)):
        body = dict(body)
        body.setdefault("deck", list(FILLER))
        body.setdefault("hand", [])
        pos["players"][name] = body
    return cj.load_position(pos)


def char(state, label):
    for body in cj.to_dict(state)["players"].values():
        for entry in body["characters"]:
            if entry["id"] == label:
                return entry
    raise AssertionError(label)


def attached(state, label):
    return [a["card"] for a in char(state, label)["attached"]]


def zone_names(state, player, zone):
    return [e["card"] for e in cj.to_dict(state)["players"][player].get(zone) or []]


def play(state, *cards):
    """The player to play plays these cards (by name) and stops."""
    player = state.get("to_play")
    for name in cards:
        state = act(state, kind="activate", card=name)
    if state.phase == "play" and state.get("to_play") == player:
        state = act(state, kind="pass")
    return state


def roll(state, pick=min):
    """Chance picks the lowest (or highest) roll of the pending attack roll."""
    options = actions(state, player="chance")
    assert options, "no chance event pending"
    values = [a.get("value") for a, _ in options]
    wanted = pick(values)
    return cj.apply(state, only(a for a, _ in options if a.get("value") == wanted))


def fight(state, mine, theirs, my_cards=(), their_cards=(), pick=min):
    """One whole fight: the active player picks it, both play their cards, the rolls are taken."""
    turn = state.turn
    state = act(state, kind="attack", card_id=mine, targets=[theirs])
    state = play(state, *my_cards)
    state = play(state, *their_cards)
    while state.turn == turn and state.winner is None:
        state = roll(state, pick)
    return state


# --------------------------------------------------------------------------- E1


def test_E1_ephemeral_card_applies_on_resolution_and_is_discarded_at_end_of_combat():
    s = position({"characters": [{"card": "Test Maraudeur Tsoutaï", "id": "T"}], "hand": ["Mi"]},
                 {"characters": [{"card": "Test Combattant", "id": "C"}]})
    s = act(s, kind="attack", card_id="T", targets=["C"])
    s = play(s, "Mi")
    s = play(s)
    # resolved, waiting for the attack rolls: Mi applies and stays in the fight
    assert s.phase == "clash"
    assert char(s, "T")["now"]["attack"] == [6, 8]
    assert zone_names(s, "you", "in_fight") == ["Mi"]
    s = roll(s, max)  # T rolls 8 against Défense 4
    s = roll(s, min)
    assert char(s, "C")["hp"] == 25 - 4
    # the combat is over: Mi is in the discard and no longer applies
    assert "Mi" in zone_names(s, "you", "discard")
    assert zone_names(s, "you", "in_fight") == []
    assert char(s, "T")["now"]["attack"] == [4, 6]


# --------------------------------------------------------------------------- E2


def corruption_game(**kw):
    return position({"characters": [{"card": "Test Mage", "id": "M"}, {"card": "Test Combattant", "id": "K"}],
                     "hand": ["Corruption de l'âme"]},
                    {"characters": [{"card": "Test Combattant", "id": "C"}, {"card": "Test Prêtre", "id": "P"}]}, **kw)


def test_E2_corruption_magic_damage_once_then_one_hp_lost_at_end_of_that_combat_only():
    s = corruption_game()
    s = act(s, kind="attack", card_id="M", targets=["C"])
    s = play(s, "Corruption de l'âme")
    s = play(s)
    # on resolution: Esprit 5 + 2 = 7 magic damage, less C's Esprit 1
    assert char(s, "C")["hp"] == 25 - 6
    assert attached(s, "C") == ["Corruption de l'âme"]
    s = roll(s)  # M: 2 against Défense 4, no damage
    s = roll(s)
    # end of that combat: C loses 1 HP; a loss of HP is not damage and does not count in the score
    assert char(s, "C")["hp"] == 25 - 6 - 1
    assert cj.to_dict(s)["players"]["you"]["score"] == 6
    assert s.turn == 3
    # next turn: another fight; the card stays attached and does nothing more
    s = fight(s, "P", "K")
    assert char(s, "C")["hp"] == 18
    assert attached(s, "C") == ["Corruption de l'âme"]
    s = fight(s, "K", "C")
    assert attached(s, "C") == ["Corruption de l'âme"]
    assert char(s, "C")["hp"] == 18 - (5 - 4)  # only K's blow (5 against Défense 4)


def test_E2_a_timed_part_marked_every_fires_at_each_combat():
    every = {"name": "Corruption répétée", "type": "sort", "duration": "permanent", "attach": "opponent",
             "abilities": [{"kind": "trigger", "on": "fight_end", "repeat": "every",
                 "effect": [{"lose_hp": {"to": "holder", "amount": 1}}]}]}
    s = position({"characters": [{"card": "Test Mage", "id": "M"}, {"card": "Test Combattant", "id": "K"}],
                  "hand": ["Corruption répétée"]},
                 {"characters": [{"card": "Test Combattant", "id": "C"}, {"card": "Test Prêtre", "id": "P"}]},
                 cards=[every])
    s = fight(s, "M", "C", ["Corruption répétée"])
    assert char(s, "C")["hp"] == 24
    s = fight(s, "P", "K")
    assert char(s, "C")["hp"] == 23


def test_E2_permanent_card_loaded_in_a_later_turn_has_fired_its_once_part():
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}]},
                 {"characters": [{"card": "Test Combattant", "id": "C",
                                  "attached": [{"card": "Corruption de l'âme", "owner": "you", "turn": 1}]}]})
    assert char(s, "C")["attached"][0]["fired"] == [1]
    s = fight(s, "K", "C")
    assert char(s, "C")["hp"] == 25 - 1  # K's blow only


# --------------------------------------------------------------------------- E3


def fu_game():
    return position({"characters": [{"card": "Test Maraudeur Tsoutaï", "id": "T"}, {"card": "Test Combattant", "id": "K"}],
                     "hand": ["Fu"]},
                    {"characters": [{"card": "Test Combattant", "id": "C"}, {"card": "Test Prêtre", "id": "P"}]})


def test_E3_fu_applies_only_the_turn_it_is_played_and_stays_three_turns():
    s = fu_game()
    s = act(s, kind="attack", card_id="T", targets=["C"])
    s = play(s, "Fu")
    s = play(s)
    assert char(s, "C")["now"]["attack"] == [2, 4]
    assert char(s, "C")["now"]["esprit"] == 0
    fu = char(s, "C")["attached"][0]
    assert fu["card"] == "Fu" and fu["turns_left"] == 3
    s = roll(s)
    s = roll(s)
    assert s.turn == 3
    # turn 3: still attached (two turns left), no effect any more
    assert char(s, "C")["attached"][0]["turns_left"] == 2
    assert char(s, "C")["now"]["attack"] == [5, 7]
    assert char(s, "C")["now"]["esprit"] == 1
    s = fight(s, "P", "K")
    assert s.turn == 4
    assert char(s, "C")["attached"][0]["turns_left"] == 1
    s = fight(s, "T", "C")  # T and K both fought: they untapped at the start of turn 4
    # discarded at the end of the third turn
    assert s.turn == 5
    assert attached(s, "C") == []
    assert "Fu" in zone_names(s, "you", "discard")


def test_E3_combats_duration_counts_the_holders_fights_only():
    s = position({"characters": [{"card": "Test Mage", "id": "M"}, {"card": "Test Combattant", "id": "K"},
                                 {"card": "Test Bête", "id": "B"}], "hand": ["Poison magique"]},
                 {"characters": [{"card": "Test Combattant", "id": "C"}, {"card": "Test Prêtre", "id": "P"},
                                 {"card": "Test Mage", "id": "N"}]},
                 rules={"combats_expire": "end_of_combat"})
    s = fight(s, "M", "C", ["Poison magique"])
    poison = char(s, "C")["attached"][0]
    assert poison["combats_left"] == 2
    # once: 5 magic damage at the end of the combat it was attached in (less Esprit 1)
    hp = char(s, "C")["hp"]
    s = fight(s, "P", "K")  # C does not fight: the count does not move
    assert char(s, "C")["attached"][0]["combats_left"] == 2
    assert char(s, "C")["hp"] == hp


def test_E3_last_combat_card_leaves_at_end_of_turn_or_of_combat_by_rule_option():
    marker = {"name": "Test Durée", "type": "action", "duration": {"combats": 1}, "attach": "opponent",
              "abilities": [{"kind": "trigger", "on": "turn_end", "repeat": "every",
                  "effect": [{"lose_hp": {"to": "holder", "amount": 1}}]}]}
    for expire, hp in (("end_of_turn", 25 - 1), ("end_of_combat", 25)):
        s = position({"characters": [{"card": "Test Prêtre", "id": "P"}]},
                     {"characters": [{"card": "Test Combattant", "id": "C", "attached": [
                         {"card": "Test Durée", "owner": "you", "combats_left": 1, "turn": 1}]}]},
                     rules={"combats_expire": expire}, cards=[marker])
        s = fight(s, "P", "C")  # P's blows (2-3) do not pass C's Défense 4
        assert attached(s, "C") == []
        assert "Test Durée" in zone_names(s, "you", "discard")
        # still attached at the end of the turn (its "fin de tour" part fires) or already gone
        assert char(s, "C")["hp"] == hp


# --------------------------------------------------------------------------- E4


def nuee_game():
    return position({"characters": [{"card": "Test Prêtre", "id": "P"}, {"card": "Test Combattant", "id": "K"}],
                     "hand": ["Nuée de scarabées"]},
                    {"characters": [{"card": "Test Combattant", "id": "C"}, {"card": "Test Mage", "id": "N"}]})


def test_E4_nuee_damages_on_activation_and_at_the_start_of_each_combat():
    s = nuee_game()
    s = act(s, kind="attack", card_id="P", targets=["N"])
    s = play(s, "Nuée de scarabées")
    s = play(s)
    # on activation: Esprit 4 + 3 = 7 magic damage, less N's Esprit 5
    assert char(s, "N")["hp"] == 20 - 2
    assert attached(s, "P") == ["Nuée de scarabées"]
    s = roll(s)
    s = roll(s)
    hp_c = char(s, "C")["hp"]
    # next turn, another fight: at its start Nuée hits the opposing fighter (7 less Esprit 1)
    s = act(s, kind="attack", card_id="C", targets=["K"], player="opponent")
    assert char(s, "C")["hp"] == hp_c - 6
    assert attached(s, "P") == ["Nuée de scarabées"]


def test_E4_nuee_discards_itself_when_the_opposing_fighter_dies():
    s = position({"characters": [{"card": "Test Prêtre", "id": "P"}, {"card": "Test Combattant", "id": "K"}],
                  "hand": ["Nuée de scarabées"]},
                 {"characters": [{"card": "Test Combattant", "id": "C", "hp": 6}, {"card": "Test Mage", "id": "N"}]})
    s = fight(s, "P", "C", ["Nuée de scarabées"])
    assert char(s, "C")["hp"] <= 0
    assert attached(s, "P") == []
    assert "Nuée de scarabées" in zone_names(s, "you", "discard")


# --------------------------------------------------------------------------- the flow


def test_enchainement_lets_the_same_player_play_a_listed_card_after():
    s = position({"characters": [{"card": "Test Maraudeur Tsoutaï", "id": "T"}], "hand": ["Shi", "Mi", "Contresort"]},
                 {"characters": [{"card": "Test Combattant", "id": "C"}]})
    s = act(s, kind="attack", card_id="T", targets=["C"])
    s = act(s, kind="activate", card="Shi")
    # after Shi only Fu or Mi may follow (no Fu in hand), or stop
    assert {d["card"] for _, d in actions(s, player="you")} == {"Mi", None}
    s = act(s, kind="activate", card="Mi")
    # Mi has no Enchaînement: the opponent plays now
    assert {d["player"] for _, d in actions(s)} == {"opponent"}


def test_without_enchainement_a_player_plays_one_card():
    s = position({"characters": [{"card": "Test Maraudeur Tsoutaï", "id": "T"}], "hand": ["Mi", "Shi"]},
                 {"characters": [{"card": "Test Combattant", "id": "C"}], "hand": ["Epée courte"]})
    s = act(s, kind="attack", card_id="T", targets=["C"])
    s = act(s, kind="activate", card="Mi")
    assert [d["player"] for _, d in actions(s)] == ["opponent", "opponent"]


def test_interleaved_play_order_alternates_card_by_card():
    s = position({"characters": [{"card": "Test Maraudeur Tsoutaï", "id": "T"}], "hand": ["Shi", "Mi"]},
                 {"characters": [{"card": "Test Combattant", "id": "C"}], "hand": ["Epée courte"]},
                 rules={"play_order": "interleaved"})
    s = act(s, kind="attack", card_id="T", targets=["C"])
    s = act(s, kind="activate", card="Shi")
    s = act(s, kind="activate", card="Epée courte", player="opponent")
    # the opponent is done; the chained Mi may come now
    assert {d["card"] for _, d in actions(s, player="you")} == {"Mi", None}


def test_sorts_need_a_mage_and_theurgies_a_pretre():
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}, {"card": "Test Mage", "id": "M"},
                                 {"card": "Test Prêtre", "id": "P"}],
                  "hand": ["Corruption de l'âme", "Nuée de scarabées", "Fu"]},
                 {"characters": [{"card": "Test Combattant", "id": "C"}]})
    playable = {}
    for fighter in ("K", "M", "P"):
        t = act(s, kind="attack", card_id=fighter, targets=["C"])
        playable[fighter] = {d["card"] for _, d in actions(t, kind="activate")}
    assert playable == {"K": set(), "M": {"Corruption de l'âme"}, "P": {"Nuée de scarabées"}}


def test_multi_class_character_plays_spells():
    s = position({"characters": [{"card": "Test Mage-Combattant", "id": "X"}], "hand": ["Contresort"]},
                 {"characters": [{"card": "Test Combattant", "id": "C"}]})
    s = act(s, kind="attack", card_id="X", targets=["C"])
    assert [d["card"] for _, d in actions(s, kind="activate")] == ["Contresort"]


def test_damage_kinds_physical_magic_direct_and_hp_loss():
    s = position({"characters": [{"card": "Test Maraudeur Tsoutaï", "id": "T"}], "hand": ["Shi", "Mi"]},
                 {"characters": [{"card": "Test Combattant", "id": "C"}]})
    s = act(s, kind="attack", card_id="T", targets=["C"])
    s = play(s, "Shi", "Mi")
    s = play(s)
    # Shi attaches to C, Mi discards it: 2 direct damage, Défense and Esprit do not count
    assert char(s, "C")["hp"] == 23
    assert attached(s, "C") == []
    # T: 4-6 +2 (Shi) +2 +2 (Mi after Shi) = 10-12; physical damage is the roll less Défense 4
    assert char(s, "T")["now"]["attack"] == [10, 12]
    s = roll(s, min)
    s = roll(s, min)
    assert char(s, "C")["hp"] == 23 - 6
    # C's blow: 5 against T's Défense 3 + 2 (Shi)
    assert char(s, "T")["hp"] == 22
    assert cj.to_dict(s)["players"]["you"]["score"] == 8


def test_magic_damage_resistance_is_a_rule_option():
    for resisted, expected in ((True, 25 - 6), (False, 25 - 7)):
        s = corruption_game(rules={"magic_resisted_by_esprit": resisted})
        s = act(s, kind="attack", card_id="M", targets=["C"])
        s = play(play(s, "Corruption de l'âme"))
        assert char(s, "C")["hp"] == expected


def test_attack_roll_is_a_chance_event_with_probabilities():
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}]},
                 {"characters": [{"card": "Test Prêtre", "id": "P"}]})
    s = act(s, kind="attack", card_id="K", targets=["P"])
    s = play(play(s))
    rolls = [d for _, d in actions(s)]
    assert [d["player"] for d in rolls] == ["chance"] * 3
    assert [d["kind"] for d in rolls] == ["choose"] * 3
    assert sum(d["probability"] for d in rolls) == pytest.approx(1)
    assert {a.get("value") for a, _ in actions(s)} == {5, 6, 7}


def test_fighters_are_tapped_and_a_line_untaps_when_all_its_living_characters_are():
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}, {"card": "Test Mage", "id": "M", "tapped": True}]},
                 {"characters": [{"card": "Test Combattant", "id": "C"}, {"card": "Test Prêtre", "id": "P"}]})
    s = fight(s, "K", "C")
    # K fought: now both of your characters were tapped, so they all untap at the start of the turn
    assert not char(s, "K").get("tapped") and not char(s, "M").get("tapped")
    assert char(s, "C").get("tapped")
    # the opponent (active now) cannot pick tapped C
    assert {d["card_id"] for _, d in actions(s, kind="attack")} == {"P"}


def test_all_three_opposing_characters_dead_wins():
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}]},
                 {"characters": [{"card": "Test Prêtre", "id": "P", "hp": 2},
                                 {"card": "Test Mage", "id": "N", "hp": 0}]})
    s = fight(s, "K", "P")
    assert s.winner == "you"
    assert cj.legal_actions(s) == []


def test_player_who_cannot_refill_the_hand_loses_at_end_of_that_turn():
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}, {"card": "Test Mage", "id": "M"}]},
                 {"characters": [{"card": "Test Combattant", "id": "C"}, {"card": "Test Prêtre", "id": "P"}],
                  "deck": ["Contresort"]})
    s = fight(s, "K", "C")
    assert s.turn == 3 and s.winner is None
    assert cj.to_dict(s)["deck_out"] == ["opponent"]
    s = fight(s, "P", "M")
    assert s.winner == "you"


def test_hand_above_five_is_discarded_down_at_end_of_turn_by_its_player():
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}],
                  "hand": ["Mi", "Shi", "Fu", "Contresort", "Katana", "Wakizashi", "Epée courte"]},
                 {"characters": [{"card": "Test Prêtre", "id": "P"}]})
    s = act(s, kind="attack", card_id="K", targets=["P"])
    s = play(play(s))
    s = roll(roll(s))
    choices = [d for _, d in actions(s)]
    assert {d["player"] for d in choices} == {"you"} and len(choices) == 7
    s = act(s, card="Katana")
    s = act(s, card="Mi")
    assert s.turn == 3
    assert sorted(zone_names(s, "you", "discard")) == ["Katana", "Mi"]
    assert len(zone_names(s, "you", "hand")) == 5


def test_rule_option_tapped_defender():
    you = {"characters": [{"card": "Test Combattant", "id": "K"}]}
    them = {"characters": [{"card": "Test Prêtre", "id": "P", "tapped": True}, {"card": "Test Mage", "id": "N"}]}
    assert {d["targets"][0] for _, d in actions(position(you, them), kind="attack")} == {"N"}
    s = position(you, them, rules={"tapped_defender": True})
    assert {d["targets"][0] for _, d in actions(s, kind="attack")} == {"N", "P"}


def test_rule_option_pure_mage_casting_a_sort_makes_no_physical_attack():
    for rule, rolls in ((False, {"M", "C"}), (True, {"C"})):
        s = position({"characters": [{"card": "Test Mage", "id": "M"}], "hand": ["Contresort"]},
                     {"characters": [{"card": "Test Combattant", "id": "C"}]},
                     rules={"pure_mage_spell_no_attack": rule})
        s = act(s, kind="attack", card_id="M", targets=["C"])
        s = play(play(s, "Contresort"))
        rolled = set()
        while actions(s, player="chance"):
            rolled.add(actions(s, player="chance")[0][1]["card_id"])
            s = roll(s)
        assert rolled == rolls


def test_rule_option_clash_active_first_a_killed_defender_does_not_strike_back():
    for rule in ("simultaneous", "active_first"):
        s = position({"characters": [{"card": "Test Combattant", "id": "K"}, {"card": "Test Mage", "id": "M"}]},
                     {"characters": [{"card": "Test Bête", "id": "B", "hp": 1}, {"card": "Test Prêtre", "id": "P"}]},
                     rules={"clash": rule})
        s = act(s, kind="attack", card_id="K", targets=["B"])
        s = play(play(s))
        s = roll(s, min)  # K: 5 against Défense 2, enough to kill B
        if rule == "simultaneous":
            s = roll(s, max)  # B still strikes: 8 against Défense 4
            assert char(s, "K")["hp"] == 25 - 4
        else:
            assert not actions(s, player="chance")
            assert char(s, "K")["hp"] == 25
        assert char(s, "B")["hp"] <= 0


def test_rule_option_fight_start_parts_before_or_after_the_cards():
    # Nuée attached before the fight hits at its start; played in this fight, it hits at activation
    # and, with after_cards, again at the start of the combat once the cards have resolved
    for rule, damage in (("before_cards", 2), ("after_cards", 4)):
        s = position({"characters": [{"card": "Test Prêtre", "id": "P"}], "hand": ["Nuée de scarabées"]},
                     {"characters": [{"card": "Test Mage", "id": "N"}]},
                     rules={"fight_start_triggers": rule})
        s = act(s, kind="attack", card_id="P", targets=["N"])
        s = play(play(s, "Nuée de scarabées"))
        assert char(s, "N")["hp"] == 20 - damage


def test_a_random_range_in_a_card_is_a_chance_event():
    fete = {"name": "Test Fête", "type": "action",
            "abilities": [{"kind": "activation", "effect": [{"damage": {"to": "opponent", "amount": [1, 3], "kind": "direct"}}]}]}
    s = position({"characters": [{"card": "Test Combattant", "id": "K"}], "hand": ["Test Fête"]},
                 {"characters": [{"card": "Test Prêtre", "id": "P"}]}, cards=[fete])
    s = act(s, kind="attack", card_id="K", targets=["P"])
    s = play(play(s, "Test Fête"))
    draws = [d for _, d in actions(s)]
    assert [d["player"] for d in draws] == ["chance"] * 3
    assert [d["probability"] for d in draws] == pytest.approx([1 / 3] * 3)
    s = act(s, player="chance", text="Test Fête: 3 (0.3333)")
    assert char(s, "P")["hp"] == 22 - 3
    assert actions(s, player="chance")  # now the attack rolls
    d = cj.to_dict(s)
    assert cj.to_dict(cj.load_position(d)) == d

"""``explain``: the reasons an action fails, one test per ruling (spec/rulings.md) or rule the
reason names, on the positions of those rulings; and what a legal action would do."""

import pytest

import cardjudge as cj
import helpers as ygo
import mtg_helpers as mtg
from helpers import act


def reasons(answer):
    """(kind, rule, card) of each reason, in the order given."""
    return [(r.kind, r.rule, r.card) for r in answer.reasons]


def only_reason(state, selector):
    answer = cj.explain(state, selector)
    assert not answer.legal and not answer.actions
    assert len(answer.reasons) == 1, [r.line() for r in answer.reasons]
    return answer.reasons[0]


# --- Yu-Gi-Oh -----------------------------------------------------------------------------------


def spellbook(monster):
    return ygo.load(you={"hand": [{"card": "Spellbook of the Master", "id": "SM"},
                                  {"card": "Spellbook of Secrets", "id": "SS"}],
                         "graveyard": [{"card": "Spellbook of Secrets", "id": "SG"}],
                         "deck": ["Dark Magician"], "monsters": [monster]})


def test_Y1_the_unmet_activation_condition_and_the_cards_it_was_evaluated_on():
    state = spellbook({"card": "Axe Raider", "id": "AX"})
    reason = only_reason(state, 'kind=activate card="Spellbook of the Master"')
    assert (reason.kind, reason.rule, reason.card) == ("condition", "Y1", "Spellbook of the Master")
    assert "count(you.monsters, face_up and race == 'Spellcaster') >= 1" in reason.text
    assert "you.monsters: Axe Raider [AX]" in reason.text


def test_Y1_a_face_down_spellcaster_is_shown_face_down():
    state = spellbook({"card": "Dark Magician", "id": "DM", "face_up": False, "position": "defense"})
    reason = only_reason(state, "kind=activate card_id=SM")
    assert reason.rule == "Y1" and "Dark Magician [DM, face-down]" in reason.text


def test_Y1_legal_with_dark_magician_lists_the_way_and_what_it_does():
    state = spellbook({"card": "Dark Magician", "id": "DM"})
    answer = cj.explain(state, "kind=activate card_id=SM")
    assert answer.legal and answer.reasons == ()
    assert [a.targets for a in answer.actions] == [("SG",)]
    happened = [sentence for step in answer.variants[0].steps for sentence in step.happened]
    assert any("chain link 1 resolves" in sentence for sentence in happened), happened


def test_Y7_the_other_player_holds_priority_after_an_activation():
    state = ygo.load(you={"hand": [{"card": "Spellbook of the Master", "id": "SM"},
                                   {"card": "Spellbook of Secrets", "id": "SS"}],
                          "graveyard": [{"card": "Spellbook of Secrets", "id": "SG"}],
                          "monsters": [{"card": "Dark Magician", "id": "DM"}],
                          "spells_traps": [{"card": "Book of Moon", "id": "YB"}]},
                     opponent={"spells_traps": [{"card": "Book of Moon", "id": "OB"}]})
    state = act(state, kind="activate", card_id="SM")
    reason = only_reason(state, "kind=activate card_id=YB")
    assert (reason.kind, reason.rule) == ("timing", "Y7")
    assert reason.text.startswith("opponent holds priority")


def test_C2_solemn_warning_below_2000_lp_names_the_lp():
    # the summon-negation window, open for the opponent (at 2000 LP), written out with 1999 LP
    state = ygo.load(you={"hand": [{"card": "Axe Raider", "id": "AX"}]},
                     opponent={"lp": 2000, "spells_traps": [{"card": "Solemn Warning", "id": "SW"}]})
    state = act(state, kind="summon", card_id="AX")
    assert cj.legal_actions(state)[0].player == "opponent"
    written = cj.to_dict(state)
    written["players"]["opponent"]["lp"] = 1999
    reasons_given = cj.explain(cj.load_position(written), 'kind=activate card="Solemn Warning"').reasons
    # its first activation answers the Summon but costs too much; its second answers activations
    assert [(r.kind, r.rule, r.card) for r in reasons_given] == [
        ("timing", None, "Solemn Warning"), ("timing", None, "Solemn Warning"), ("cost", "C2", "Solemn Warning")]
    assert reasons_given[2].text == "(activation 1) Solemn Warning costs 2000 LP and opponent has 1999"
    assert reasons_given[0].text.startswith("(activation 2) a monster would be Summoned")
    assert reasons_given[1].text.startswith("(activation 2) Solemn Warning is activated when a card or effect")


def test_C2_one_for_one_without_a_monster_in_hand_names_the_missing_card():
    state = ygo.load(you={"hand": [{"card": "One for One", "id": "OFO"}, {"card": "Book of Moon", "id": "BM"}],
                          "deck": [{"card": "Glow-Up Bulb", "id": "GB"}, "Dark Magician"]})
    reason = only_reason(state, 'kind=activate card="One for One"')
    assert (reason.kind, reason.rule) == ("cost", "C2")
    assert "needs 1 card(s) to send to gy from you.hand" in reason.text and ": 0 can be" in reason.text


def test_C3_dimensional_fissure_stops_the_cost_and_is_named():
    state = ygo.load(you={"hand": [{"card": "One for One", "id": "OFO"}, {"card": "Axe Raider", "id": "AX"}],
                          "deck": [{"card": "Glow-Up Bulb", "id": "GB"}, "Dark Magician"],
                          "spells_traps": [{"card": "Dimensional Fissure", "id": "DF", "face_up": True}]})
    reason = only_reason(state, "kind=activate card_id=OFO")
    assert (reason.kind, reason.rule) == ("cost", "C3")
    assert "Axe Raider [AX] would be banished instead by Dimensional Fissure" in reason.text


def test_C7_toll_an_attack_below_500_lp():
    state = ygo.load(phase="battle_step", you={"lp": 499, "monsters": [{"card": "Axe Raider", "id": "AX"}]},
                     opponent={"spells_traps": [{"card": "Toll", "id": "TO", "face_up": True}]})
    reason = only_reason(state, "kind=attack card_id=AX")
    assert (reason.kind, reason.rule, reason.card) == ("cost", "C7", "Toll")
    assert reason.text == "an attack (Toll) costs 500 LP and you have 499"


def test_C7_chain_energy_a_summon_below_500_lp():
    state = ygo.load(you={"lp": 400, "hand": [{"card": "Axe Raider", "id": "AX"}],
                          "spells_traps": [{"card": "Chain Energy", "id": "CE", "face_up": True}]})
    reason = only_reason(state, 'kind=summon card="Axe Raider"')
    assert (reason.kind, reason.rule, reason.card) == ("cost", "C7", "Chain Energy")


def test_G1_an_interchangeable_copy_is_legal_under_the_listed_label():
    state = ygo.load(you={"hand": [{"card": "Axe Raider", "id": "A1"}, {"card": "Axe Raider", "id": "A2"}]})
    listed = {a.card_id for a in cj.legal_actions(state) if a.kind == "summon"}
    other = ({"A1", "A2"} - listed).pop()
    answer = cj.explain(state, f"kind=summon card_id={other}")
    assert answer.legal and answer.reasons == () and "interchangeable" in answer.note
    assert {a.card_id for a in answer.actions} == listed


def test_summon_the_normal_summon_already_used_and_the_tributes_missing():
    state = ygo.load(you={"hand": [{"card": "Axe Raider", "id": "AX"}, {"card": "Dark Magician", "id": "DM"},
                                   {"card": "Celtic Guardian", "id": "CG"}]})
    assert reasons(cj.explain(state, "kind=summon card_id=DM")) == [("cost", None, "Dark Magician")]
    state = act(state, kind="summon", card_id="AX")
    reason = only_reason(state, "kind=summon card_id=CG")
    assert reason.kind == "summon" and "already Normal Summoned or Set" in reason.text


def test_a_selector_naming_no_card_is_an_input_error():
    state = spellbook({"card": "Axe Raider", "id": "AX"})
    with pytest.raises(cj.InputError, match="no card of the position has the name 'Monster Reborn'"):
        cj.explain(state, 'kind=activate card="Monster Reborn"')


# --- Magic: The Gathering ---------------------------------------------------------------------


def test_S1_a_creature_cast_this_turn_cannot_attack_nor_tap_for_mana():
    state = mtg.load(phase="declare_attackers",
                     you={"battlefield": [{"card": "Grizzly Bears", "id": "GB", "sick": True},
                                          {"card": "Elite Vanguard", "id": "EV"}]})
    state = mtg.until_phase(state, "declare_attackers")
    reason = only_reason(state, 'kind=attack card="Grizzly Bears"')
    assert (reason.kind, reason.rule, reason.card) == ("sickness", "S1", "Grizzly Bears")
    assert cj.explain(state, "kind=attack card_id=EV").legal
    state = mtg.load(you={"battlefield": [{"card": "Llanowar Elves", "id": "LE", "sick": True}]})
    reason = only_reason(state, 'kind=activate card="Llanowar Elves"')
    assert (reason.kind, reason.rule) == ("sickness", "S1")


def test_305_2_the_second_land_of_a_turn():
    state = mtg.load(you={"hand": [{"card": "Forest", "id": "F1"}, {"card": "Mountain", "id": "M1"}]})
    state = mtg.act(state, kind="play_land", card_id="F1")
    reason = only_reason(state, "kind=play_land card_id=M1")
    assert (reason.kind, reason.rule) == ("limit", "305.2")


def test_307_1_a_sorcery_speed_spell_in_the_opponents_turn():
    state = mtg.load(active="opponent", you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                                             "battlefield": [{"card": "Forest", "id": "F1"},
                                                             {"card": "Forest", "id": "F2"}]})
    state = mtg.pass_until(state, lambda s: cj.legal_actions(s)[0].player == "you")
    reason = only_reason(state, "kind=cast card_id=GB")
    assert (reason.kind, reason.rule) == ("timing", "307.1")


def test_601_2h_a_spell_the_mana_cannot_pay():
    state = mtg.load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                          "battlefield": [{"card": "Forest", "id": "F1"}]})
    reason = only_reason(state, "kind=cast card_id=GB")
    assert (reason.kind, reason.rule) == ("cost", "601.2h") and "Forest [F1]" in reason.text


def test_702_18a_no_legal_target_when_the_only_creature_has_shroud():
    state = mtg.load(you={"hand": [{"card": "Giant Growth", "id": "GG"}],
                          "battlefield": [{"card": "Forest", "id": "F1"}, {"card": "Grizzly Bears", "id": "GB"},
                                          {"card": "Lightning Greaves", "id": "LG", "attached_to": "GB"}]})
    reason = only_reason(state, "kind=cast card_id=GG")
    assert (reason.kind, reason.rule) == ("target", "702.18a")
    assert "Grizzly Bears [GB] has shroud" in reason.text


def test_limit_a_hard_once_per_turn_card_names_the_card_already_used():
    state = ygo.load(you={"hand": [{"card": "Spellbook of Secrets", "id": "S1"},
                                   {"card": "Spellbook of Secrets", "id": "S2"}],
                          "deck": [{"card": "Spellbook of the Master", "id": "SD"},
                                   {"card": "Spellbook of the Master", "id": "SE"}, "Dark Magician"]})
    state = act(state, kind="activate", card_id="S1")
    state = ygo.resolve(state)
    reason = only_reason(state, "kind=activate card_id=S2")
    assert (reason.kind, reason.card) == ("limit", "Spellbook of Secrets")
    assert "already activated an effect of a card named Spellbook of Secrets this turn" in reason.text


def test_zone_and_condition_monster_reborn_on_the_shipped_mid_game():
    from pathlib import Path

    state = cj.load_position(str(Path(__file__).resolve().parent.parent / "examples" / "ygo-midgame.yaml"))
    answer = cj.explain(state, 'kind=activate card="Monster Reborn"')
    assert reasons(answer) == [("condition", "Y1", "Monster Reborn"), ("zone", None, "Monster Reborn")]
    assert answer.reasons[1].text == "your Spell & Trap Zone is full (5 cards)"


# --- Eredan iTCG --------------------------------------------------------------------------------


def eredan_fight():
    from pathlib import Path

    return cj.load_position(str(Path(__file__).resolve().parent.parent / "examples" / "eredan-fight.yaml"))


def test_eredan_a_tapped_character_cannot_be_picked_to_fight():
    reason = only_reason(eredan_fight(), "kind=attack card_id=B")
    assert (reason.kind, reason.card) == ("condition", "Test Bête") and "is tapped" in reason.text


def test_eredan_a_card_is_played_once_the_fight_is_picked():
    reason = only_reason(eredan_fight(), "kind=activate card=Shi")
    assert reason.kind == "timing" and "once the fight is picked" in reason.text


def test_ways_that_do_the_same_are_told_once_in_the_text():
    from pathlib import Path

    state = cj.load_position(str(Path(__file__).resolve().parent.parent / "examples" / "mtg-midgame.yaml"))
    answer = cj.explain(state, 'kind=activate card="Sky Skiff"')
    assert answer.legal and len(answer.variants) == 63
    lines = answer.lines()
    assert lines[0] == 'kind=activate card="Sky Skiff": legal, 63 ways'
    assert sum(line.endswith(": the same as a7") for line in lines) == 62
    # the JSON form keeps every way's own steps
    assert all(variant["steps"] for variant in answer.to_dict()["variants"])

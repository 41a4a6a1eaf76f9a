"""Combo search on Eredan positions: attack rolls searched as the worst case, the best case
or the expectation."""

from __future__ import annotations

import cardjudge as cj
import pytest
from cardjudge.solver.combos import EngineDomain, find_combos
from cardjudge.solver.goals import parse_goal
from helpers import only

# The opponent's last living character has 4 HP and Défense 4. Your Tsoutaï marauder rolls
# 4-6: with Mi (+2) it rolls 6-8, killing only on an 8; with Shi then Mi, Shi attached to the
# opponent is discarded for 2 direct damage and the roll is 10-12: a sure kill.
POSITION = {
    "game": "eredan", "turn": 4, "active": "you", "phase": "fight_choice",
    "players": {
        "you": {"characters": [{"card": "Test Maraudeur Tsoutaï", "id": "T"}],
                "hand": ["Shi", "Mi"], "deck": ["Contresort"] * 8},
        "opponent": {"characters": [{"card": "Test Combattant", "id": "C", "hp": 4},
                                    {"card": "Test Prêtre", "id": "P", "hp": 0}],
                     "deck": ["Contresort"] * 8},
    },
}


def texts(line):
    return [a.text for a in line.actions if a.player == "you"]


def test_worst_case_needs_shi_then_mi():
    state = cj.load_position(POSITION)
    assert not find_combos(state, "win", max_actions=2, chance="worst").found
    result = find_combos(state, "win", max_actions=3, chance="worst")
    assert result.found and result.complete
    line = result.lines[0]
    assert texts(line)[:3] == ["you pick the fight T against C", "you play Shi", "you play Mi"]
    # the line answers every roll: the main line takes one, the replies the others
    assert {a.player for a in line.actions} >= {"you", "chance"}


def test_best_case_one_card_and_the_highest_roll():
    state = cj.load_position(POSITION)
    result = find_combos(state, "win", max_actions=2, chance="best")
    assert result.found and result.lines[0].length == 2
    line = result.lines[0]
    assert len([a for a in line.actions if a.kind == "activate"]) == 1
    assert any(a.player == "chance" and a.card_id == "T" and a.get("value") == 8 for a in line.actions)


def test_expectation_gives_the_probability_of_the_best_line():
    state = cj.load_position(POSITION)
    short = find_combos(state, "win", max_actions=2, chance="expect")
    assert short.probability == pytest.approx(1 / 3)
    full = find_combos(state, "win", max_actions=3, chance="expect")
    assert full.probability == pytest.approx(1.0)


def _at_the_clash(fighters):
    position = dict(POSITION, phase="play", fight=fighters, to_play="you")
    position["players"] = {
        "you": {"characters": [{"card": "Test Maraudeur Tsoutaï", "id": "T"}, {"card": "Test Prêtre", "id": "Q"}]},
        "opponent": {"characters": [{"card": "Test Combattant", "id": "C"}]},
    }
    state = cj.load_position(position)
    for _ in range(2):
        state = cj.apply(state, only(a for a in cj.legal_actions(state) if a.kind == "pass"))
    return state


def test_chance_outcomes_carry_probabilities_and_merge_equal_results():
    state = _at_the_clash({"you": "T", "opponent": "C"})
    domain = EngineDomain(state)
    assert domain.actor(state) == "chance"
    outcomes = domain.chance_outcomes(state)
    # T rolls 4, 5 or 6 against Défense 4: 0, 1 or 2 damage, three different results
    assert [p for _, p in outcomes] == pytest.approx([1 / 3] * 3)
    # the priest rolls 2 or 3 against Défense 4: no damage either way, one outcome
    state = _at_the_clash({"you": "Q", "opponent": "C"})
    outcomes = EngineDomain(state).chance_outcomes(state)
    assert len(outcomes) == 1 and outcomes[0][1] == pytest.approx(1)


def test_goals_see_players_characters_by_label_and_who_is_alive():
    state = cj.load_position(POSITION)
    result = find_combos(state, "not opponent.C.alive and you.T.hp > 0", max_actions=3, chance="worst")
    assert result.found and result.lines[0].length == 3
    assert find_combos(state, "count(opponent.alive) == 0 and winner == you", max_actions=3).found


def test_goals_compare_a_characters_controller_with_a_player():
    state = cj.load_position(POSITION)
    mine = parse_goal("count(you.characters, controller == you) == count(you.characters)", state, "you")
    theirs = parse_goal("count(you.characters, controller == opponent) == 0", state, "you")
    assert mine(state) and theirs(state)
    assert not parse_goal("count(opponent.characters, controller == you) > 0", state, "you")(state)


def test_play_goal_is_reached_by_playing_the_card_in_the_fight():
    state = cj.load_position(POSITION)
    result = find_combos(state, "play: Mi", max_actions=2, chance="best")
    assert result.found and result.lines[0].length == 2
    assert texts(result.lines[0]) == ["you pick the fight T against C", "you play Mi"]


def test_destroy_and_control_goals_read_living_characters():
    state = cj.load_position(POSITION)
    assert find_combos(state, "control: [T]", max_actions=0).found
    # a dead character stays in its zone: it is destroyed, not "on the field"
    assert find_combos(state, "destroy: [P]", max_actions=0).found
    assert not find_combos(state, "destroy: [C]", max_actions=0).found
    result = find_combos(state, "destroy: [C]", max_actions=3, chance="worst")
    assert result.found and result.lines[0].length == 3

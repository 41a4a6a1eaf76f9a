"""The combo search on Yu-Gi-Oh puzzles: it finds each solution, replays it, and proves the
impossible one impossible."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import cardjudge
from cardjudge import InputError, apply, find_combos, legal_actions, load_position
from cardjudge.cli import cli
from cardjudge.solver.combos import EngineDomain
from cardjudge.solver.goals import parse_goal
from puzzle_files import PUZZLES, puzzle
from helpers import only, step


def _replay(state, actions):
    for action in actions:
        wanted = action.to_dict()
        wanted.pop("id")
        matches = [a for a in legal_actions(state) if {k: v for k, v in a.to_dict().items() if k != "id"} == wanted]
        state = apply(state, only(matches, f"listings of {action.text!r}"))
    return state


SOLVABLE = {
    "ygo-tribute.yaml": (2, "summon"),
    "ygo-positions.yaml": (4, "summon"),  # the change to Attack Position is an action too
    "ygo-shrink.yaml": (2, "activate"),
    "ygo-mst.yaml": (2, "activate"),
}


@pytest.mark.parametrize("name", sorted(SOLVABLE))
def test_solver_finds_the_solution(name):
    state, goal, opponent = puzzle(name)
    length, first_kind = SOLVABLE[name]
    result = find_combos(state, goal, max_actions=max(3, length), opponent=opponent, limit_seconds=20)
    assert result.found and result.complete
    line = result.lines[0]
    assert line.length == length
    assert line.actions[0].kind == first_kind
    final = _replay(state, line.actions)
    assert final.winner == "you"
    assert parse_goal(goal, state)(final)


@pytest.mark.parametrize("name", sorted(SOLVABLE))
def test_no_shorter_line(name):
    state, goal, opponent = puzzle(name)
    length, _ = SOLVABLE[name]
    result = find_combos(state, goal, max_actions=length - 1, opponent=opponent, limit_seconds=20)
    assert not result.found and result.complete


def _attack_directly(state):
    """Go straight to the Battle Phase and declare the one attack offered (a direct attack)."""
    for _ in range(10):
        actions = legal_actions(state)
        attacks = [a for a in actions if a.kind == "attack"]
        if attacks:
            return apply(state, only(attacks, "attacks"))
        state = apply(state, only(a for a in actions if a.kind == "pass"))
    raise AssertionError("no attack offered")


def _finish_turn(state, turn):
    while state.winner is None and state.turn == turn:
        state = step(state)
    return state


def test_wrong_line_fails_tribute():
    state, _, _ = puzzle("ygo-tribute.yaml")
    # Attacking with both Feral Imps instead of tributing them leaves the opponent at 400.
    state = _attack_directly(state)
    state = _finish_turn(_attack_directly(_finish_battle_step(state)), 3)
    assert state.winner is None
    assert state.player("opponent").life == 400


def _finish_battle_step(state):
    """Pass until the attack is over and the next attack can be declared."""
    for _ in range(20):
        actions = legal_actions(state)
        if any(a.kind == "attack" for a in actions):
            return state
        state = apply(state, only(a for a in actions if a.kind == "pass"))
    raise AssertionError("no second attack offered")


def test_wrong_line_fails_mst():
    state, _, _ = puzzle("ygo-mst.yaml")
    # Attacking into the Set Sakuretsu Armor: the opponent destroys the attacker.
    state = _attack_directly(state)
    while state.winner is None and state.turn == 3:
        armor = [a for a in legal_actions(state) if a.card_id == "SA"]
        state = apply(state, only(armor, "Sakuretsu Armor activations")) if armor else step(state)
    assert state.winner is None
    assert state.player("opponent").life == 1700


def test_impossible_puzzle_is_proved_impossible():
    state, goal, opponent = puzzle("ygo-tribute-impossible.yaml")
    result = find_combos(state, goal, max_actions=3, opponent=opponent)
    assert not result.found
    assert result.complete
    assert result.reason == "no line exists within 3 actions"


def test_expression_goals():
    state, _, _ = puzzle("ygo-tribute.yaml")
    result = find_combos(state, 'count(you.monsters, name == "Blue-Eyes White Dragon") >= 1', max_actions=1)
    assert result.found and result.lines[0].length == 1
    assert find_combos(state, "opponent.lp <= 0", max_actions=2).found
    assert find_combos(state, "winner == you", max_actions=2).found
    assert find_combos(state, "you.hand_size >= 1", max_actions=0).found


def test_named_goals():
    state, _, _ = puzzle("ygo-shrink.yaml")
    # The game ends at 0 LP in damage calculation, before Blue-Eyes would be destroyed.
    assert not find_combos(state, "destroy: [BE]", max_actions=2).found
    mst, _, _ = puzzle("ygo-mst.yaml")
    assert find_combos(mst, "destroy: [SA]", max_actions=1).found
    assert find_combos(state, "play: Shrink", max_actions=1).found
    assert find_combos(state, "survive", max_actions=0).found
    assert find_combos(state, "control: [DM]", max_actions=0).found


@pytest.mark.parametrize("goal", ["you.lp +", "you.nothing > 1", "destroy: [NOPE]", "play: No Such Card", ""])
def test_malformed_goal_is_an_input_error(goal):
    state, _, _ = puzzle("ygo-shrink.yaml")
    with pytest.raises(InputError):
        find_combos(state, goal, max_actions=1)


def test_interchangeable_copies_share_a_key():
    state = load_position(str(PUZZLES / "ygo-tribute.yaml"))
    domain = EngineDomain(state)
    # Only one way to tribute the two identical Imps, and one summon listed for it.
    summons = [a for a in domain.actions(state) if a.kind == "summon"]
    assert len(summons) == 1
    data = cardjudge.to_dict(state)
    imps = data["players"]["you"]["monsters"]
    imps[0]["id"], imps[1]["id"] = "X2", "X1"
    assert domain.key(load_position(data)) == domain.key(state)


def test_line_to_dict():
    state, goal, opponent = puzzle("ygo-shrink.yaml")
    line = find_combos(state, goal, max_actions=2, opponent=opponent).lines[0]
    data = line.to_dict(lambda a: a.to_dict())
    assert data["length"] == 2
    assert data["actions"][0]["card"] == "Shrink"


def test_cli_json():
    result = CliRunner().invoke(cli, ["combos", str(PUZZLES / "ygo-shrink.yaml"), "--goal", "win", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["found"] and document["complete"]
    assert document["lines"][0]["length"] == 2
    assert document["lines"][0]["actions"][0]["kind"] == "activate"
    assert set(document["stats"]) >= {"nodes", "states", "seconds"}


def test_cli_human_impossible():
    result = CliRunner().invoke(cli, ["combos", str(PUZZLES / "ygo-tribute-impossible.yaml"), "--goal", "win",
                                      "--max-actions", "2"])
    assert result.exit_code == 0, result.output
    assert "no line exists within 2 actions" in result.output


def test_cli_human_cut_short():
    result = CliRunner().invoke(cli, ["combos", str(PUZZLES / "ygo-tribute.yaml"), "--goal", "win",
                                      "--limit-nodes", "3"])
    assert result.exit_code == 0, result.output
    assert "cut short by the node limit" in result.output


def test_cli_bad_goal():
    result = CliRunner().invoke(cli, ["combos", str(PUZZLES / "ygo-tribute.yaml"), "--goal", "you.lp +"])
    assert result.exit_code == 1


def test_all_lines_counts_a_position_change_as_an_action():
    state, goal, opponent = puzzle("ygo-tribute.yaml")
    result = find_combos(state, goal, max_actions=2, opponent=opponent, all_lines=True)
    assert result.complete
    # Changing a Feral Imp to Defense Position before tributing it is an action of its own: the
    # lines that do take more than two actions, and the line of two is the only one.
    (line,) = result.lines
    assert [a.kind for a in line.actions] == ["summon", "pass", "attack"]
    assert line.variants == 1
    assert _replay(state, line.actions).winner == "you"


def test_all_lines_keeps_lines_that_differ_by_counted_actions():
    state, goal, opponent = puzzle("ygo-positions.yaml")
    result = find_combos(state, goal, max_actions=4, opponent=opponent, all_lines=True)
    assert result.complete and len(result.lines) == 2
    # Summoning Axe Raider and changing Battle Ox to Attack Position in either order is one
    # line; which monster attacks first makes the two.
    orders = sorted(tuple(a.card for a in line.actions if a.kind == "attack") for line in result.lines)
    assert orders == [("Axe Raider", "Battle Ox"), ("Battle Ox", "Axe Raider")]
    for line in result.lines:
        assert line.variants == 2
        assert any(a.kind == "choose" and a.card == "Battle Ox" for a in line.actions)
        assert _replay(state, line.actions).winner == "you"


def test_two_copies_in_hand_are_tried_once():
    # legal_actions lists the activation of each Mystical Space Typhoon in the hand; both lead
    # to the same position, so the search tries one.
    position = {
        "game": "ygo", "turn": 3, "active": "you", "phase": "main1",
        "players": {
            "you": {"lp": 8000, "deck": ["Dark Magician"],
                    "hand": [{"card": "Mystical Space Typhoon", "id": "M1"},
                             {"card": "Mystical Space Typhoon", "id": "M2"}],
                    "monsters": [{"card": "Axe Raider", "id": "AX", "position": "attack", "face_up": True}]},
            "opponent": {"lp": 1700, "deck": ["Dark Magician"],
                         "spells_traps": [{"card": "Sakuretsu Armor", "id": "SA", "face_up": False}]},
        },
    }
    state = load_position(position)
    listed = [a for a in legal_actions(state) if a.kind == "activate"]
    assert sorted(a.card_id for a in listed) == ["M1", "M2"]
    tried = [a for a in EngineDomain(state).actions(state) if a.kind == "activate"]
    assert len(tried) == 1 and tried[0].targets == ("SA",)
    result = find_combos(state, "win", max_actions=2, opponent="adversarial", all_lines=True)
    assert result.complete and len(result.lines) == 1

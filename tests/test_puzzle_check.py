"""check_puzzle and the puzzle commands: a stored solution that does not reach the goal, or
leaves an answer of the opponent unanswered, is refused; a second solution (other cards, other
targets) is found and shown, while the same decisions in another order, at another moment of
the turn or with another interchangeable copy are one solution. Bad puzzle files are one line
naming the file and line."""

from __future__ import annotations

import json

import pytest
import yaml
from click.testing import CliRunner

from cardjudge import InputError, check_puzzle, find_combos, load_position, load_puzzle, solve_puzzle
from cardjudge.solver.puzzles import solution_dict
from cardjudge.cli import cli
from puzzle_files import PUZZLES


def _data(name: str) -> dict:
    return yaml.safe_load((PUZZLES / name).read_text(encoding="utf-8"))


def _write(tmp_path, data: dict, name: str = "p.yaml") -> str:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(path)


def _shrink_with(extra_spells: list, opponent_lp: int) -> dict:
    """ygo-shrink with more Set spells and another LP, its stored solution the Shrink line as
    the search finds it in the new position (a new card opens response windows)."""
    data = _data("ygo-shrink.yaml")
    data["position"]["players"]["you"]["spells_traps"] += extra_spells
    data["position"]["players"]["opponent"]["lp"] = opponent_lp
    found = find_combos(load_position(data["position"]), "win", max_actions=2, all_lines=True)
    line = next(line for line in found.lines
                if [a.card for a in line.actions if a.kind == "activate"] == ["Shrink"])
    data["solution"] = json.loads(json.dumps(solution_dict(line)))
    return data


def test_ambiguous_puzzle_is_rejected_and_the_second_solution_shown(tmp_path):
    # Forbidden Lance (-800 ATK: Blue-Eyes 2200) also lets Dark Magician through for 300: with
    # the opponent at 300 LP, Lance on Blue-Eyes is a second solution beside Shrink.
    data = _shrink_with([{"card": "Forbidden Lance", "id": "FL", "face_up": False}], 300)
    path = _write(tmp_path, data)
    result = check_puzzle(path)
    assert not result.ok and result.unique is False
    assert result.reason == "not unique: a second solution exists"
    cards = {a.card for a in result.other.line.actions if a.kind == "activate"}
    assert cards == {"Forbidden Lance"}
    run = CliRunner().invoke(cli, ["puzzle", "check", path])
    assert run.exit_code == 1
    assert "not unique: a second solution exists" in run.output
    assert "you activate Forbidden Lance targeting BE" in run.output


def test_the_same_puzzle_at_1000_lp_is_unique(tmp_path):
    # At 1000 LP Lance's 300 is not enough: it is a red herring, and Shrink the only solution.
    data = _shrink_with([{"card": "Forbidden Lance", "id": "FL", "face_up": False}], 1000)
    result = check_puzzle(_write(tmp_path, data))
    assert result.ok and result.unique, result.reason


def test_interchangeable_copies_are_one_solution(tmp_path):
    data = _shrink_with([{"card": "Shrink", "id": "SH2", "face_up": False}], 1000)
    result = check_puzzle(_write(tmp_path, data))
    assert result.ok and result.unique and result.solutions_found == 1, result.reason


def test_shrink_before_the_attack_or_in_answer_to_it_is_one_solution():
    result = solve_puzzle(str(PUZZLES / "ygo-shrink.yaml"), all_solutions=True)
    assert len(result.solutions) == 1
    (solution,) = result.solutions
    # the search found Shrink activated before the attack and in answer to it: both merged
    assert result.reason.startswith("found 2 lines of 2 actions")
    assert solution.variants >= 2


def test_two_attack_orders_are_one_solution():
    result = solve_puzzle(str(PUZZLES / "ygo-positions.yaml"), all_solutions=True)
    assert result.reason.startswith("found 2 lines of 4 actions")
    assert len(result.solutions) == 1


def test_a_stored_line_that_stops_short_of_the_goal_fails(tmp_path):
    data = _data("ygo-shrink.yaml")
    data["solution"]["actions"] = data["solution"]["actions"][:1]
    data["solution"]["length"] = 1
    data["puzzle"]["max_actions"] = 2
    result = check_puzzle(_write(tmp_path, data))
    assert not result.ok and not result.reaches_goal
    assert result.reason == "the stored solution fails: the line does not reach the goal 'win'"


def test_an_unanswered_reply_of_an_adversarial_opponent_fails(tmp_path):
    # ygo-chain: without the answer to the opponent passing (keeping Sakuretsu Armor for the
    # second attack), the strategy does not cover every answer.
    data = _data("ygo-chain.yaml")
    data["solution"]["replies"] = []
    result = check_puzzle(_write(tmp_path, data))
    assert not result.ok
    assert result.reason.startswith("the stored solution fails: step 5: the solution does not answer 'opponent passes'")


@pytest.mark.parametrize("change, message", [
    (lambda d: d["puzzle"].pop("goal"), "the puzzle needs 'goal:'"),
    (lambda d: d.pop("solution"), "the puzzle needs 'solution:'"),
    (lambda d: d["puzzle"].update(opponent="hostile"), "puzzle opponent must be one of passive, adversarial"),
    (lambda d: d["puzzle"].update(colour="blue"), "unknown puzzle field 'colour'"),
    (lambda d: d["solution"]["actions"][2].update(targets=["opponent"]),
        "solution action 'you attack BE with Dark Magician' is not legal there"),
    (lambda d: d["puzzle"].update(max_actions=1), "the solution's length 2 is more than max_actions 1"),
])
def test_bad_puzzle_files_are_one_line_with_file_and_line(tmp_path, change, message):
    data = _data("ygo-shrink.yaml")
    change(data)
    path = _write(tmp_path, data)
    with pytest.raises(InputError) as error:
        load_puzzle(path)
    assert message in str(error.value)
    assert error.value.path == path and error.value.line is not None
    for command in (["puzzle", "check", path], ["validate", path]):
        run = CliRunner().invoke(cli, command)
        assert run.exit_code == 1
        assert message in run.output and "Traceback" not in run.output
        err_lines = [line for line in run.output.splitlines() if line.startswith("cardjudge:")]
        assert len(err_lines) == 1 and err_lines[0].startswith(f"cardjudge: {path}:")


def test_puzzle_check_json(tmp_path):
    run = CliRunner().invoke(cli, ["puzzle", "check", str(PUZZLES / "ygo-mst.yaml"), "--json"])
    assert run.exit_code == 0
    document = json.loads(run.output)
    assert document["ok"] is True
    assert document["puzzles"][0]["unique"] is True and document["puzzles"][0]["solutions_found"] == 1


def test_puzzle_solve_json_lists_each_distinct_solution():
    run = CliRunner().invoke(cli, ["puzzle", "solve", str(PUZZLES / "mtg-blockers.yaml"), "--all", "--json"])
    assert run.exit_code == 0
    document = json.loads(run.output)
    assert document["complete"] is True
    growths = sorted(next(a["targets"][0] for a in s["actions"] if a["card"] == "Giant Growth")
                     for s in document["solutions"])
    assert growths == ["GB", "SL"]


def test_a_copy_of_a_puzzle_round_trips_through_its_file(tmp_path):
    from cardjudge.solver.puzzles import dump_puzzle

    puzzle = load_puzzle(str(PUZZLES / "ygo-equip.yaml"))
    path = tmp_path / "copy.yaml"
    path.write_text(dump_puzzle(puzzle), encoding="utf-8")
    again = load_puzzle(str(path))
    assert again.solution == puzzle.solution and again.goal == puzzle.goal and again.position == puzzle.position


def test_chance_worst_needs_an_answer_to_every_roll():
    # Eredan: the stored strategy answers each attack roll; without the answer to one roll
    # (chance: worst) it is not a solution.
    from cardjudge.solver.puzzles import new_puzzle, puzzle_dict

    state = load_position(str(PUZZLES.parent / "eredan-combo.yaml"))
    found = find_combos(state, "win", max_actions=3, chance="worst")
    data = puzzle_dict(new_puzzle(state, "win", found.lines[0], name="eredan-combo", chance="worst", max_actions=3))
    result = check_puzzle(data)
    assert result.ok and result.unique, result.reason
    rolls = [reply["action"]["text"] for reply in data["solution"]["replies"]]
    assert len(rolls) == 4 and all(" rolls " in text for text in rolls)
    data["solution"]["replies"] = data["solution"]["replies"][1:]
    result = check_puzzle(data)
    assert not result.ok
    assert result.reason == f"the stored solution fails: step 5: the solution does not answer '{rolls[0]}'"


def test_uniqueness_is_decided_by_finding_a_second_solution_not_by_listing_all(tmp_path):
    # Issue item "uniqueness decided by looking for a second solution": the check stops at the
    # first solution other than the stored one, so it searches less than listing every line.
    data = _shrink_with([{"card": "Forbidden Lance", "id": "FL", "face_up": False}], 300)
    path = _write(tmp_path, data)
    checked = check_puzzle(path)
    listed = solve_puzzle(path, all_solutions=True)
    assert checked.reason == "not unique: a second solution exists"
    assert len(listed.solutions) >= 2
    assert checked.stats.nodes < listed.stats.nodes
    assert checked.solutions_found == 2  # the stored one and the second, nothing further

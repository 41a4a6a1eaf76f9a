"""Bad Eredan positions and cards are refused with the file, the line and what is wrong."""

from __future__ import annotations

import cardjudge as cj
import pytest
from cardjudge.errors import InputError

BASE = """\
game: eredan
turn: 2
active: you
phase: fight_choice
players:
  you:
    characters: [{card: Test Mage, id: M}]
    hand: [Contresort]
  opponent:
    characters: [{card: Test Prêtre, id: P}]
"""


def refused(tmp_path, text):
    path = tmp_path / "position.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        cj.load_position(str(path))
    return caught.value


@pytest.mark.parametrize("change, line, words", [
    (("phase: fight_choice", "phase: brawl"), 4, "unknown phase 'brawl'"),
    (("turn: 2", "turn: 2\nrules: {play_order: sideways}"), 3, "rule option 'play_order'"),
    (("turn: 2", "turn: 2\nrules: {dice: 6}"), 3, "unknown rule option 'dice'"),
    (("    hand: [Contresort]", "    graveyard: []"), 8, "unknown zone or field 'graveyard'"),
    (("{card: Test Mage, id: M}", "{card: Test Mage, id: M, mana: 2}"), 7, "unknown field 'mana'"),
    (("[Contresort]", "[No Such Card]"), 8, "unknown card 'No Such Card'"),
    (("{card: Test Prêtre, id: P}", "{card: Test Prêtre, id: P, attached: [{card: Fu, turns_left: 4}]}"), 10,
     "'turns_left' must be from 1 to 3"),
    (("{card: Test Prêtre, id: P}", "{card: Test Prêtre, id: P, attached: [{card: Fu, combats_left: 1}]}"), 10,
     "does not last a number of combats"),
    (("[Contresort]", "[Test Mage]"), 8, "is a character"),
    (("{card: Test Prêtre, id: P}", "{card: Test Prêtre, id: M}"), 10, "label 'M' is used twice"),
    (("phase: fight_choice", "phase: play"), 4, "needs the current 'fight'"),
])
def test_bad_positions_name_the_line(tmp_path, change, line, words):
    error = refused(tmp_path, BASE.replace(*change))
    assert words in error.message
    assert error.line == line
    assert error.path.endswith("position.yaml")


def test_bad_inline_card_is_refused_with_its_line(tmp_path):
    text = BASE + "cards:\n  - {name: Odd, type: sort, duration: {weeks: 2}}\n"
    error = refused(tmp_path, text)
    assert "card 'Odd'" in error.message and "weeks" in error.message
    assert error.line == 12


def test_bad_ability_is_refused_at_its_field(tmp_path):
    text = BASE + ("cards:\n  - name: Odd\n    type: sort\n    abilities:\n      - kind: trigger\n"
                   "        on: fight_end\n        effect: [{lose_hp: {to: holder, amount: 1}}]\n")
    error = refused(tmp_path, text)
    assert "repeat" in error.message and "once" in error.message
    assert error.line == 15


def test_cli_reports_one_line_and_exit_status_1(tmp_path):
    from click.testing import CliRunner
    from cardjudge.cli import cli

    path = tmp_path / "position.yaml"
    path.write_text(BASE.replace("phase: fight_choice", "phase: brawl"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["moves", str(path)])
    assert result.exit_code == 1
    assert "position.yaml:4: unknown phase 'brawl'" in result.output.strip()
    assert len(result.output.strip().splitlines()) == 1


def test_phases_without_the_work_they_need_are_refused(tmp_path):
    error = refused(tmp_path, BASE.replace("phase: fight_choice", "phase: end_of_turn"))
    assert "needs the 'pending' work" in error.message and error.line == 4
    error = refused(tmp_path, BASE.replace("phase: fight_choice", "phase: over"))
    assert "phase 'over' and a 'winner'" in error.message


def test_a_position_in_the_resolution_phase_resolves_its_queue():
    s = cj.load_position({
        "game": "eredan", "turn": 2, "active": "you", "phase": "resolution",
        "fight": {"you": "T", "opponent": "C"},
        "queue": [{"card": "Mi", "player": "you"}],
        "players": {"you": {"characters": [{"card": "Test Maraudeur Tsoutaï", "id": "T"}]},
                    "opponent": {"characters": [{"card": "Test Combattant", "id": "C"}]}},
    })
    actions = cj.legal_actions(s)
    assert {a.player for a in actions} == {"chance"}
    # the chance events are T's roll with Mi's +2: 6 to 8
    assert sorted(a.get("value") for a in actions) == [6, 7, 8]

"""The cardjudge command on Magic positions: moves, play, chains, validate."""

import json
from pathlib import Path

from test_cli import ACTION_FIELDS, assert_one_line_error, run

DATA = Path(__file__).resolve().parent / "data"
BOLT = str(DATA / "mtg-bolt-counterspell.yaml")


def test_moves_lists_casts_with_their_mana_payment():
    result = run("moves", BOLT, "--json")
    assert result.exit_code == 0
    actions = json.loads(result.stdout)["actions"]
    casts = [a for a in actions if a["kind"] == "cast"]
    assert {tuple(a["targets"]) for a in casts} == {("GB",), ("you",), ("opponent",)}
    assert all(a["costs"] == [{"kind": "mana", "cards": ["M"]}] for a in casts)
    assert all(ACTION_FIELDS <= set(a) for a in actions)


def test_play_applies_actions_and_prints_the_position():
    result = run("play", BOLT, "--do", "kind=cast targets=opponent", "--do", "kind=pass", "--do", "kind=pass", "--json")
    assert result.exit_code == 0
    position = json.loads(result.stdout)
    assert position["players"]["opponent"]["life"] == 17
    assert position["stack"] == [] and position["phase"] == "main1"


def test_chains_lists_the_counterspell_answer():
    result = run("chains", BOLT)
    assert result.exit_code == 0
    assert "Counterspell" in result.stdout and "complete" in result.stdout


def test_validate_reports_a_bad_magic_card_file_in_one_line():
    result = run("validate", str(DATA / "mtg_bad" / "bad-cost.yaml"))
    assert result.exit_code == 1
    assert "bad-cost.yaml:11" in result.stdout + result.stderr


def test_an_unknown_card_in_a_magic_position_is_one_line_with_file_and_line():
    result = run("moves", str(DATA / "mtg_bad" / "unknown-card.yaml"))
    assert_one_line_error(result, "unknown-card.yaml:8", "Llanowar Elfs")

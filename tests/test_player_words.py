"""Output in a player's words: chances as percentages, every default limit in --help, an empty
listing that says why, lines as plain data."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardjudge import find_combos, load_position
from cardjudge.cli import cli
from cardjudge.solver.search import percent, search_lines
from cardjudge.solver.toy import Dice

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_chances_are_percentages():
    assert percent(4 / 9) == "44.44%"
    game = Dice()
    result = search_lines(game, game.root, game.goal, max_actions=1, chance="expect")
    assert "a chance of 33.33%" in result.reason


def test_help_shows_every_default_limit():
    runner = CliRunner()
    combos = " ".join(runner.invoke(cli, ["combos", "--help"]).output.split())
    for default in ("[default: 200000;", "[default: 60;", "[default: 1;", "[default: 3;"):
        assert default in combos
    chains = " ".join(runner.invoke(cli, ["chains", "--help"]).output.split())
    assert "[default: 20000;" in chains and "[default: 30;" in chains


def test_eredan_chains_before_the_fight_is_picked_say_so():
    result = CliRunner().invoke(cli, ["chains", str(EXAMPLES / "eredan-fight.yaml")])
    assert result.exit_code == 0
    assert "pick the fight first" in result.output


def test_a_line_is_plain_data_without_a_converter():
    state = load_position(EXAMPLES / "puzzles" / "ygo-tribute.yaml")
    (line,) = find_combos(state, "win", max_actions=2).lines
    data = line.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["actions"][0] == line.actions[0].to_dict()


def test_an_explained_line_says_what_a_player_would():
    state = load_position(EXAMPLES / "puzzles" / "ygo-positions.yaml")
    (line,) = find_combos(state, "win", max_actions=4).lines
    text = "\n".join(line.explain())
    assert "Battle Ox [OX] changes to Attack Position" in text
    assert "position changed" not in text and "[rule]" not in text
    assert "targeting: opponent" not in text  # an attack does not target a player


def test_no_python_values_in_an_explained_line():
    state = load_position(EXAMPLES / "puzzles" / "mtg-flying.yaml")
    (line,) = find_combos(state, "win", max_actions=2, opponent="adversarial").lines
    text = "\n".join(line.explain())
    assert "Sky Skiff [SS] types Artifact -> Artifact, Creature" in text
    assert "[" not in text.replace("[SS]", "").replace("[EV]", "").replace("[GB]", "")
    assert "Sky Skiff [SS] taps" in text


def test_eredan_chains_give_each_characters_hp_without_python_values():
    result = CliRunner().invoke(cli, ["chains", str(EXAMPLES / "eredan-fight.yaml"), "--do", "id=a1"])
    assert result.exit_code == 0, result.output
    totals = [line for line in result.output.splitlines() if line.strip().startswith("=> HP:")]
    assert totals
    for line in totals:
        assert "{" not in line and "'" not in line
        assert line.strip().startswith("=> HP: you T ")

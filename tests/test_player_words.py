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

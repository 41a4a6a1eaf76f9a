"""`moves` as a player reads it: variants of one activation gathered, mana abilities in table
words, each player's life and hand at the top; --json and the ids unchanged."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from cardjudge import legal_actions, load_position
from cardjudge.cli import cli

MIDGAME = str(Path(__file__).resolve().parent.parent / "examples" / "mtg-midgame.yaml")
WANGHU = str(Path(__file__).resolve().parent.parent / "examples" / "ygo-wanghu.yaml")


def _moves(*args):
    result = CliRunner().invoke(cli, ["moves", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_crews_of_one_sky_skiff_are_one_entry():
    state = load_position(MIDGAME)
    crews = [a for a in legal_actions(state) if a.card == "Sky Skiff"]
    output = _moves(MIDGAME)
    (line,) = [line for line in output.splitlines() if "Sky Skiff" in line]
    assert line.endswith(f"{crews[0].id}..{crews[-1].id}  you activate Sky Skiff (Crew 1): {len(crews)} ways to crew")
    assert f"{len(legal_actions(state))} legal actions in" in output


def test_a_land_is_tapped_for_mana_in_table_words():
    output = _moves(MIDGAME)
    assert re.search(r"a\d+  tap Forest: add \{G\}$", output, re.M)
    assert "tap Llanowar Elves, Heritage Druid, Pelt Collector: add {G}{G}{G}" in output
    assert "you activate Forest" not in output


def test_the_header_gives_life_and_hand_of_each_player():
    lines = _moves(MIDGAME).splitlines()
    assert lines[1:3] == ["you: 14 life, 7 cards in hand", "opponent: 12 life, 3 cards in hand"]
    assert _moves(WANGHU).splitlines()[1] == "you: 8000 LP, 2 cards in hand"


def test_all_lists_each_action_and_json_keeps_every_action():
    state = load_position(MIDGAME)
    actions = legal_actions(state)
    expanded = _moves(MIDGAME, "--all")
    numbered = [line for line in expanded.splitlines() if re.match(r"\s*\d+\. a\d+  ", line)]
    assert len(numbered) == len(actions)
    data = json.loads(_moves(MIDGAME, "--json"))
    assert [a["id"] for a in data["actions"]] == [a.id for a in actions]
    assert data["actions"][0]["text"] == actions[0].text  # the actions' own text is unchanged

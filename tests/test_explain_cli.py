"""``cardjudge explain POSITION SELECTOR``: the reasons in text and JSON, input errors."""

import json
from pathlib import Path

from click.testing import CliRunner

from cardjudge.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_explain_json_gives_legal_actions_and_reasons():
    result = run("explain", str(ROOT / "examples" / "ygo-midgame.yaml"), 'kind=activate card="Monster Reborn"', "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert answer["legal"] is False and answer["actions"] == []
    assert [(r["kind"], r["rule"], r["card"]) for r in answer["reasons"]] == [
        ("condition", "Y1", "Monster Reborn"), ("zone", None, "Monster Reborn")]


def test_explain_a_legal_action_lists_each_way_with_what_it_does():
    result = run("explain", str(ROOT / "examples" / "mtg-midgame.yaml"), "kind=cast", "card=Krenko's Command", "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert answer["legal"] is True and answer["reasons"] == []
    assert len(answer["actions"]) == 6 and {a["card"] for a in answer["actions"]} == {"Krenko's Command"}
    happened = [s for step in answer["variants"][0]["steps"] for s in step["happened"]]
    assert any("Goblin Token" in sentence for sentence in happened), happened


def test_explain_words_given_apart_are_one_selector():
    result = run("explain", str(ROOT / "examples" / "ygo-midgame.yaml"), "kind=activate", "card=Monster Reborn")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == 'kind=activate card="Monster Reborn": not legal now'


def test_explain_a_card_not_in_the_position_is_one_line_and_exit_1():
    result = run("explain", str(ROOT / "examples" / "ygo-midgame.yaml"), 'kind=activate card="No Such Card"')
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "no card of the position has the name 'No Such Card'" in result.output


def test_explain_after_do():
    result = run("explain", str(ROOT / "examples" / "ygo-battle.yaml"), "kind=attack card_id=AR",
                 "--do", "kind=attack card_id=AR")
    assert result.exit_code == 0, result.output
    assert "not legal now" in result.output.splitlines()[0]

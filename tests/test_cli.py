"""The cardjudge command: output shapes, selectors, and one-line errors on bad input."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cardjudge.cli import cli

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
POSITION = str(DATA / "wanghu-position.yaml")

ACTION_FIELDS = {"id", "player", "kind", "card", "card_id", "ability", "costs", "targets", "text"}


def run(*args):
    try:
        runner = CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        runner = CliRunner()  # click 8.2+: stderr is kept apart
    return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)


def assert_one_line_error(result, *words):
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("cardjudge: ")
    for word in words:
        assert word in lines[0]
    return lines[0]


def moves_json(*args):
    result = run("moves", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


# --- moves ---------------------------------------------------------------------------------


def test_moves_json_shape():
    doc = moves_json(POSITION)
    assert doc["game"] == "ygo"
    assert doc["turn"] == 3
    assert doc["phase"] == "main1"
    assert doc["player"] == "you"
    assert doc["winner"] is None
    actions = doc["actions"]
    assert actions
    for fields in actions:
        assert ACTION_FIELDS <= set(fields)
        assert fields["player"] == "you"
        assert isinstance(fields["costs"], list) and isinstance(fields["targets"], list)
    assert len({fields["id"] for fields in actions}) == len(actions)
    kinds = {(fields["kind"], fields["card_id"]) for fields in actions}
    assert ("summon", "M1") in kinds
    assert "pass" in {fields["kind"] for fields in actions}


def test_moves_for_people_lists_numbered_actions_with_ids():
    doc = moves_json(POSITION)
    result = run("moves", POSITION)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "you to act" in out
    assert "main1" in out
    for number, fields in enumerate(doc["actions"], 1):
        assert re.search(rf"^\s*{number}\. {re.escape(fields['id'])}  {re.escape(fields['text'])}$", out, re.M), out


def test_moves_after_do():
    doc = moves_json(POSITION, "--do", "kind=summon card_id=M1")
    assert doc["actions"]


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_moves_on_every_example(example):
    result = run("moves", example, "--json")
    assert result.exit_code == 0, result.stderr
    assert "actions" in json.loads(result.stdout)


# --- play ----------------------------------------------------------------------------------


def zone_of(position, label):
    for player, body in position["players"].items():
        for zone, entries in (body or {}).items():
            entries = entries if isinstance(entries, list) else [entries]
            for entry in entries:
                if isinstance(entry, dict) and entry.get("id") == label:
                    return player, zone
    return None


def test_play_json_is_the_resulting_position():
    result = run("play", POSITION, "--do", "kind=summon card_id=M1", "--json")
    assert result.exit_code == 0, result.stderr
    position = json.loads(result.stdout)
    assert zone_of(position, "M1") == ("you", "monsters")
    assert zone_of(position, "LR") == ("you", "hand")


def test_play_prints_yaml_that_loads_back(tmp_path):
    result = run("play", POSITION, "--do", 'kind=summon card="Test Machine"')
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("# after ")
    position = yaml.safe_load(result.stdout)
    assert zone_of(position, "M1") == ("you", "monsters")
    saved = tmp_path / "after.yaml"
    saved.write_text(result.stdout, encoding="utf-8")
    assert run("moves", saved, "--json").exit_code == 0


def test_play_several_actions_in_order():
    first = moves_json(POSITION, "--do", "kind=summon card_id=M1")
    pick = first["actions"][0]
    result = run("play", POSITION, "--do", "kind=summon card_id=M1", "--do", f"id={pick['id']}", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["game"] == "ygo"


def test_play_unmatched_selector_is_one_line_listing_candidates():
    result = run("play", POSITION, "--do", "kind=attack card_id=NOPE")
    line = assert_one_line_error(result, "wanghu-position.yaml", "no legal action matches", "candidates:")
    assert "Test Machine" in line
    assert result.stdout == ""


def test_play_ambiguous_selector():
    result = run("play", POSITION, "--do", "player=you")
    assert_one_line_error(result, "ambiguous", "candidates:")


def test_play_second_selector_is_named():
    result = run("play", POSITION, "--do", "kind=summon card_id=M1", "--do", "kind=nothing")
    assert_one_line_error(result, "--do #2", "no legal action matches 'kind=nothing'")


def test_play_selector_with_unknown_key():
    result = run("play", POSITION, "--do", "colour=red")
    assert_one_line_error(result, "unknown selector key 'colour'")


def test_play_needs_a_selector():
    result = run("play", POSITION)
    assert_one_line_error(result, "Missing option '--do'", "play --help'")


@pytest.mark.parametrize(
    "args, expected",
    [
        (["combos", POSITION, "--goal", "win", "--chance", "maybe"], "Invalid value for '--chance'"),
        (["combos", POSITION, "--goal", "win", "--max-actions", "-1"], "Invalid value for '--max-actions'"),
        (["chains", POSITION, "--limit-seconds", "x"], "Invalid value for '--limit-seconds'"),
        (["combos", POSITION], "Missing option '--goal'"),
        (["moves"], "Missing argument 'POSITION'"),
        (["nosuch"], "No such command 'nosuch'"),
    ],
)
def test_usage_errors_are_one_line_with_status_1(args, expected):
    assert_one_line_error(run(*args), expected)


def test_no_command_prints_the_help():
    result = run()
    assert result.exit_code == 0
    assert "Commands:" in result.output


# --- errors in input files -----------------------------------------------------------------


@pytest.mark.parametrize("command", ["moves", "chains"])
def test_malformed_position_names_file_and_line(command):
    result = run(command, DATA / "malformed-position.yaml")
    assert_one_line_error(result, "malformed-position.yaml:8:")


def test_malformed_position_in_play():
    result = run("play", DATA / "malformed-position.yaml", "--do", "kind=pass")
    assert_one_line_error(result, "malformed-position.yaml:8:")


def test_unknown_card_names_file_line_and_card():
    result = run("moves", DATA / "unknown-card.yaml")
    line = assert_one_line_error(result, "unknown-card.yaml:", "Nonexistent Dragon Of Nowhere")
    assert "unknown-card.yaml:12:" in line  # the line of the card's entry


def test_missing_file():
    result = run("moves", DATA / "no-such-position.yaml")
    assert_one_line_error(result, "no-such-position.yaml")


def test_console_entry_point_prints_no_traceback():
    proc = subprocess.run(
        [sys.executable, "-c", "from cardjudge.cli import main; main()", "moves", str(DATA / "unknown-card.yaml")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1
    assert proc.stderr.startswith("cardjudge: ")
    assert proc.stdout == ""


def test_internal_error_is_one_line_with_status_2(monkeypatch):
    import cardjudge

    def broken(state):
        raise RuntimeError("engine bug")

    monkeypatch.setattr(cardjudge, "legal_actions", broken)
    monkeypatch.delenv("CARDJUDGE_TRACEBACK", raising=False)
    result = run("moves", POSITION)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "cardjudge: internal error: RuntimeError: engine bug (set CARDJUDGE_TRACEBACK=1 for the traceback)"
    ]
    monkeypatch.setenv("CARDJUDGE_TRACEBACK", "1")
    with pytest.raises(RuntimeError):
        run("moves", POSITION)


# --- validate ------------------------------------------------------------------------------


def test_validate_good_files():
    files = [DATA / "good-cards.yaml", POSITION, *EXAMPLES]
    result = run("validate", *files)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    for path in files:
        assert f"OK   {path}" in result.stdout
    assert f"{len(files)} files checked, 0 with errors" in result.stdout


def test_validate_built_in_library():
    library = ROOT / "cardjudge" / "cards" / "ygo"
    result = run("validate", library, "--json")
    assert result.exit_code == 0, result.stdout
    doc = json.loads(result.stdout)
    assert doc["ok"] and doc["files"]
    assert {report["kind"] for report in doc["files"]} == {"cards"}


def test_validate_reports_each_file_and_fails_if_any_failed():
    result = run("validate", DATA / "good-cards.yaml", DATA / "bad-cards.yaml", DATA / "unknown-card.yaml")
    assert result.exit_code == 1
    assert f"OK   {DATA / 'good-cards.yaml'}" in result.stdout
    assert "3 files checked, 2 with errors" in result.stdout
    errors = result.stderr.splitlines()
    assert len(errors) == 2
    assert re.match(rf"cardjudge: {re.escape(str(DATA / 'bad-cards.yaml'))}:\d+: ", errors[0])
    assert re.match(rf"cardjudge: {re.escape(str(DATA / 'unknown-card.yaml'))}:\d+: ", errors[1])
    assert "Traceback" not in result.stderr


def test_validate_bad_card_file_names_the_line():
    result = run("validate", DATA / "bad-cards.yaml")
    assert result.exit_code == 1
    assert re.search(r"bad-cards\.yaml:17: ", result.stderr), result.stderr


@pytest.mark.parametrize(
    "name, where",
    [("malformed-position.yaml", ":8:"), ("neither.yaml", ":1:"), ("no-such-file.yaml", "no-such-file.yaml")],
)
def test_validate_other_failures(name, where):
    result = run("validate", DATA / name)
    assert result.exit_code == 1
    assert where in result.stderr
    assert "Traceback" not in result.stderr


def test_validate_json_shape():
    result = run("validate", DATA / "good-cards.yaml", DATA / "bad-cards.yaml", POSITION, "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["ok"] is False
    good, bad, position = doc["files"]
    assert good["ok"] and good["kind"] == "cards" and good["error"] is None
    assert position["ok"] and position["kind"] == "position"
    assert not bad["ok"]
    assert bad["error"]["path"] == str(DATA / "bad-cards.yaml")
    assert isinstance(bad["error"]["line"], int)


# --- chains --------------------------------------------------------------------------------


def test_chains_json_shape():
    result = run("chains", POSITION, "--do", "kind=summon card_id=M1", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert isinstance(doc["complete"], bool)
    assert isinstance(doc["chains"], list)
    for chain in doc["chains"]:
        assert chain["actions"]
        assert set(chain["life"]) == {"you", "opponent"}
        assert "result" in chain and "moved" in chain


def test_chains_for_people_ends_with_completeness():
    result = run("chains", POSITION, "--do", "kind=summon card_id=M1")
    assert result.exit_code == 0, result.stderr
    last = result.stdout.splitlines()[-1]
    assert last.startswith(("complete:", "incomplete:"))


def test_chains_limit_is_reported():
    result = run("chains", POSITION, "--do", "kind=summon card_id=M1", "--limit-nodes", "1", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    if not doc["complete"]:
        assert doc["reason"]


# --- combos --------------------------------------------------------------------------------

WANGHU = str(ROOT / "examples" / "ygo-wanghu.yaml")
ROBOYAROU_ON_FIELD = 'count(you.monsters, name == "Roboyarou") >= 1'


def test_combos_json_shape():
    result = run("combos", WANGHU, "--goal", ROBOYAROU_ON_FIELD, "--max-actions", "1", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["found"] is True and doc["complete"] is True
    assert doc["reason"]
    assert set(doc["stats"]) == {"nodes", "states", "seconds"}
    line = doc["lines"][0]
    assert line["length"] == 1
    assert any(fields["card_id"] == "R" for fields in line["actions"])
    for fields in line["actions"]:
        assert ACTION_FIELDS <= set(fields)


def test_combos_for_people():
    result = run("combos", WANGHU, "--goal", ROBOYAROU_ON_FIELD, "--max-actions", "1")
    assert result.exit_code == 0, result.stderr
    out = result.stdout.splitlines()
    assert "line 1 (1 action):" in out
    assert out[-1].startswith("complete: found")


def test_combos_cut_short_by_a_limit_says_so():
    result = run("combos", WANGHU, "--goal", "opponent.lp <= 0", "--limit-nodes", "5", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["complete"] is False
    assert "limit" in doc["reason"]


def test_combos_malformed_goal_is_one_line():
    result = run("combos", WANGHU, "--goal", "nonsense ((")
    assert_one_line_error(result, "goal")


# --- the command itself --------------------------------------------------------------------


def test_help_lists_the_commands():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("moves", "play", "chains", "combos", "validate"):
        assert command in result.stdout


def test_play_writes_a_waiting_trigger_in_a_position_that_loads_back_alike():
    # After the Summon, King Tiger Wanghu's mandatory trigger waits to be activated; the written
    # position names it, so it loads back with the same legal actions and no note is printed.
    result = run("play", ROOT / "examples" / "ygo-wanghu.yaml", "--do", "kind=summon card_id=R")
    assert result.exit_code == 0, result.output
    assert "# note:" not in result.output
    assert "triggers:" in result.output
    quiet = run("play", ROOT / "examples" / "mtg-end-step.yaml", "--do", "kind=activate card='Sneak Attack'")
    assert quiet.exit_code == 0, quiet.output
    assert "# note:" not in quiet.output


def test_ygo_position_with_a_pending_trigger_round_trips():
    import cardjudge
    from cardjudge.selectors import select

    state = cardjudge.load_position(str(ROOT / "examples" / "ygo-wanghu.yaml"))
    state = cardjudge.apply(state, select(cardjudge.legal_actions(state), "kind=summon card_id=R"))
    reloaded = cardjudge.load_position(cardjudge.to_dict(state))
    assert sorted(a.text for a in cardjudge.legal_actions(reloaded)) == \
        sorted(a.text for a in cardjudge.legal_actions(state))


def test_malformed_json_position_is_named_json(tmp_path):
    path = tmp_path / "position.json"
    path.write_text('{"game": "ygo",\n "turn": 1,\n', encoding="utf-8")
    assert_one_line_error(run("moves", path), "position.json:", "malformed JSON")


def test_validate_refuses_a_magic_toughness_that_is_no_number(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("game: mtg\ncards:\n  - name: Foo\n    types: [Creature]\n    power: 2\n    toughness: two\n",
                    encoding="utf-8")
    result = run("validate", path)
    assert result.exit_code == 1
    assert "cards.yaml:6: card 'Foo': 'toughness' must be int" in result.stderr


def test_position_without_a_game_says_so(tmp_path):
    path = tmp_path / "position.yaml"
    path.write_text("turn: 1\nactive: you\nphase: main1\nplayers: {you: {lp: 8000}, opponent: {lp: 8000}}\n",
                    encoding="utf-8")
    assert_one_line_error(run("moves", path), "position.yaml:1:", "a position needs 'game'")


def test_card_file_without_a_game_says_so(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - {name: Foo, kind: monster}\n", encoding="utf-8")
    result = run("validate", path)
    assert result.exit_code == 1
    assert "cards.yaml:1: a card file needs 'game'" in result.stderr

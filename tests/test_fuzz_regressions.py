"""Regression corpus: hostile inputs that once crashed, hung or were accepted.

Each file under tests/data/hostile/ must give one line on stderr naming the file, the line and
what is wrong, with exit status 1 (never an internal error, never a traceback). Larger inputs
(an oversized file, a long comment line) are made in a temporary folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fuzz_inputs import POSITIONS
from test_fuzz_inputs import run_bounded

MIDGAME = next(p for p in POSITIONS if p.name == "ygo-midgame.yaml")
HOSTILE = Path(__file__).resolve().parent / "data" / "hostile"

# file -> words the one-line error must hold (besides "file:line:")
EXPECTED = {
    "alias-bomb-lasting.yaml": "document too large",
    "alias-bomb-tags.yaml": "document too large",
    "binary.yaml": "not a UTF-8 text file",
    "card-list.yaml": "unknown card",
    "condition-compare.yaml": "card 'Broken Spell', ability 0: condition \"you.lp < 'x'\": compares a number with a text",
    "condition-filter-compare.yaml": "ability 0: condition \"any(you.hand, level > 'x')\": compares a number with a text",
    "condition-number.yaml": "ability 0: condition 'count(you.monsters)' is a number, not a condition (true or false)",
    "condition-unknown-attribute.yaml": "ability 0: condition 'self.nothing': unknown attribute 'nothing' of a card",
    "condition-unknown-name.yaml": "ability 0: condition 'banana > 1': unknown name 'banana'",
    "set-atk-text.yaml": "ability 0: effect: modify.set_atk \"'banana'\" is a text, not a number",
    "condition-division.yaml": "card 'Broken Spell', ability 0: '1/0 == 1': division by zero",
    "condition-index.yaml": "card 'Broken Spell', ability 0: 'len(you.hand) > 0 and you.hand[99] == 1': index out of range",
    "condition-parentheses.yaml": "expression too long",
    "condition-terms.yaml": "expression too long",
    "counters-fraction.yaml": "'TURNS_LEFT' must be a whole number",
    "counters-negative.yaml": "'TURNS_LEFT' must be at least 0",
    "counters-text.yaml": "'TURNS_LEFT' must be a whole number",
    "counters-unknown.yaml": "unknown counter 'BANANA'",
    "deep-nesting.yaml": "nested more than 50 levels deep",
    "eredan-tapped-no.yaml": "'tapped' must be true or false, not 'no'",
    "face-up-no.yaml": "'face_up' must be true or false, not 'no'",
    "game-list.yaml": "unknown or unsupported game ['ygo']",
    "latin1.yaml": "not a UTF-8 text file (byte 0xe9",
    "lp-negative.yaml": "'lp' must be at least 0",
    "lp-true.yaml": "'lp' must be a whole number, not True",
    "mtg-damage-text.yaml": "'damage' must be a whole number, not 'x'",
    "nul.yaml": "character 0 is not allowed",
    "player-key-null.yaml": "key None must be a name",
    "player-key-number.yaml": "key 1 must be a name",
    "player-key-true.yaml": "key True must be a name",
    "summon-used-text.yaml": "'normal_summon_used' must be true or false, not 'false'",
    "utf16.yaml": "not a UTF-8 text file (byte 0xff",
    "winner-banana.yaml": "'winner' must be a player or draw, not 'banana'",
    "mtg-bolt-on-battlefield.yaml": "'Lightning Bolt' is an instant or sorcery card: it cannot be on the battlefield",
    "mtg-equipment-attached-to-itself.yaml": "'Lightning Greaves' cannot be attached to itself",
    "mtg-land-on-stack.yaml": "'Forest' is a land card",
    "ygo-chain-link-unknown-card.yaml": "a chain link names unknown card 'Nonexistent Card'",
    "ygo-equip-spell-equipped-to-itself.yaml": "'Horn of Light' cannot be equipped to itself",
    "ygo-mirror-force-equipped.yaml": "'Mirror Force' is not an Equip Spell",
    "ygo-spell-in-extra-deck.yaml": "'Dark Hole' is not a Fusion, Synchro, Xyz or Link Monster",
    "eredan-pending-kind-unknown.yaml": "unknown work kind 'banana'",
    "eredan-pending-part-unknown.yaml": "'Test Combattant' has no part 99",
    "mtg-copy-of-list.yaml": "unknown card ['Forest'] in 'copy_of'",
    # values once read by a bare int(), which failed without a line number
    "eredan-lasting-attack-text.yaml": "'attack' must be a whole number, not 'x'",
    "mtg-choice-min-text.yaml": "'min' must be a whole number, not 'x'",
    "mtg-lasting-turn-text.yaml": "'turn' must be a whole number, not 'x'",
    "mtg-passes-list.yaml": "'passes' must be a whole number, not [1]",
    "ygo-lasting-turn-text.yaml": "'turn' must be a whole number, not 'x'",
}


def one_line_error(result) -> str:
    assert result.exit_code == 1, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def test_the_corpus_is_all_listed():
    assert sorted(p.name for p in HOSTILE.glob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hostile_position_is_refused_in_one_line_with_file_and_line(name):
    path = HOSTILE / name
    line = one_line_error(run_bounded(["moves", path]))
    assert line.startswith(f"cardjudge: {path}:"), line
    assert line.split(":", 3)[2].strip().isdigit(), line  # a line number
    assert EXPECTED[name] in line, line


def test_a_stat_that_is_no_number_at_run_time_stops_the_search_with_card_file_and_line():
    """The reader cannot see what ``summon_condition`` gives (none for most cards): the search
    stops at the first state where it is used for the ATK, naming the card's file and line."""
    path = HOSTILE / "run_time" / "ygo-set-atk-none-at-run-time.yaml"
    line = one_line_error(run_bounded(["combos", path, "--goal", "opponent.lp <= 0", "--limit-nodes", "50"]))
    assert line == (f"cardjudge: {path}:11: card 'Broken Spell', ability 0: modify set_atk 'summon_condition' "
                    "gives None, not a whole number"), line


def test_an_amount_that_is_no_number_at_run_time_stops_the_search_with_card_file_and_line():
    path = HOSTILE / "run_time" / "ygo-damage-text-at-run-time.yaml"
    line = one_line_error(run_bounded(["combos", path, "--goal", "opponent.lp <= 0", "--limit-nodes", "50"]))
    assert line == (f"cardjudge: {path}:16: card 'Broken Burner', ability 0: damage amount 'self.summon_type' "
                    "gives 'normal', not a whole number"), line


def test_a_file_over_the_size_limit_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "zeros.yaml"
    with open(path, "wb") as handle:
        handle.truncate(9 * 1024 * 1024)
    line = one_line_error(run_bounded(["moves", path]))
    assert line == f"cardjudge: {path}: file larger than 8 MB; not read"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this system")
def test_an_endless_file_is_refused_after_the_size_limit():
    line = one_line_error(run_bounded(["moves", "/dev/zero"]))
    assert line == "cardjudge: /dev/zero: file larger than 8 MB; not read"


def test_a_long_comment_line_reads_as_the_position_without_it(tmp_path):
    text = POSITIONS[0].read_text(encoding="utf-8")
    first, rest = text.split("\n", 1)
    path = tmp_path / "comment.yaml"
    path.write_text(first + "  # " + "x" * 2_000_000 + "\n" + rest, encoding="utf-8")
    with_comment = run_bounded(["moves", path, "--json"])
    plain = run_bounded(["moves", POSITIONS[0], "--json"])
    assert with_comment.exit_code == 0, with_comment.stderr
    assert with_comment.stdout == plain.stdout


@pytest.mark.parametrize("goal, words", [
    ("5", "goal: '5' is the number 5, not a condition"),
    ("'win'", "goal: \"'win'\" is the text 'win', not a condition"),
    ("count(you.monsters)", "goal: 'count(you.monsters)' is the number"),
    ("1/0 == 1", "goal: '1/0 == 1': division by zero"),
    ("you.lp < 'x'", "goal: \"you.lp < 'x'\": compares a number with a text"),
    ("you.nothing", "goal: 'you.nothing': unknown attribute 'nothing' of a player"),
    ("banana", "goal: 'banana': unknown name 'banana'"),
    ("you.hand", "goal: 'you.hand' is a list, not a condition (true or false)"),
    ("you.monsters[99]", "index out of range"),
    ("(" * 4000 + "true" + ")" * 4000, "expression too long"),
    ("1" + "+1" * 30000 + " > 0", "expression too long"),
    ("(" * 45 + "true" + ")" * 45, "nested more than 40 levels deep"),
    ("1" + "+1" * 100 + " > 0", "nested more than 40 levels deep"),
])
def test_bad_goal_is_refused_before_the_search(goal, words):
    line = one_line_error(run_bounded(["combos", MIDGAME, "--goal", goal, "--limit-nodes", "50"]))
    assert words in line, line


@pytest.mark.parametrize("option, value", [("--limit-seconds", "nan"), ("--limit-seconds", "inf"),
                                           ("--max-actions", str(10**30))])
def test_search_limits_must_be_finite(option, value):
    line = one_line_error(run_bounded(["combos", MIDGAME, "--goal", "win", option, value]))
    assert option in line, line


# card file -> words its error must hold (the printed values of the card are out of range)
CARD_FILES = {
    "mtg-mana-symbol-unknown.yaml": (6, "'mana_cost' '{1}{Q}' is not made of mana symbols"),
    "mtg-power-negative.yaml": (7, "'power' must be 0 or more as printed, not -2"),
    "ygo-atk-negative.yaml": (9, "'atk' must be 0 or more, not -1000"),
    "ygo-attribute-unknown.yaml": (7, "unknown Attribute 'PLAID'"),
    "ygo-kind-dragon.yaml": (4, "'kind' must be monster, spell or trap, not 'dragon'"),
    "ygo-level-negative.yaml": (8, "'level' must be 1 to 12, not -4"),
    "ygo-type-unknown.yaml": (6, "unknown Type 'Banana'"),
    # one file per kind of bad value: an unknown event, keyword, kind, type or subtype, a number out of range
    "eredan-damage-negative.yaml": (11, "ability 0: effect: damage 'amount' must be 0 or more, not -3"),
    "eredan-keyword-unknown.yaml": (7, "'keywords': unknown keyword 'Teleport'"),
    "eredan-trigger-event-unknown.yaml": (9, "ability 0: on: a trigger fires on one of fight_start, fight_end"),
    "eredan-type-unknown.yaml": (3, "unknown type 'sortilege'"),
    "mtg-equip-negative.yaml": (7, "'keywords': Equip takes a number 0 or more, not -1"),
    "mtg-grant-keyword-unknown.yaml": (11, "ability 0: rule: grant: unknown keyword 'Teleport'"),
    "mtg-keyword-unknown.yaml": (9, "'keywords': unknown keyword 'Teleport'"),
    "mtg-pay-life-negative.yaml": (11, "ability 0: cost: pay_life takes a number of life 0 or more, not -3"),
    "mtg-subtype-of-lands.yaml": (6, "'subtypes' holds 'Forest', a subtype of Land cards"),
    "mtg-trigger-event-unknown.yaml": (11, "ability 0: on: a triggered ability needs 'on', one of ability_activated, attacks"),
    "mtg-type-not-a-name.yaml": (5, "'types' holds names, not []"),
    "mtg-type-unknown.yaml": (5, "'types' holds unknown card type 'Creeture'"),
    "ygo-draw-negative.yaml": (13, "ability 0: effect: draw: must be 0 or more, not -2"),
    "ygo-pay-lp-negative.yaml": (13, "ability 0: cost: pay_lp: must be 0 or more, not -1000"),
    "ygo-subtype-unknown.yaml": (5, "'subtype' of a spell must be one of"),
    "ygo-trigger-event-unknown.yaml": (13, "ability 0: on: unknown event 'sneezed'"),
}
CARD_OF_GAME = {"mtg": "Odd Bear", "ygo": "Test Machine", "eredan": "Odd Sort"}


def test_the_card_corpus_is_all_listed():
    assert sorted(p.name for p in (HOSTILE / "cards").glob("*.yaml")) == sorted(CARD_FILES)


@pytest.mark.parametrize("name", sorted(CARD_FILES))
def test_card_file_with_a_value_out_of_range_is_refused(name):
    path = HOSTILE / "cards" / name
    line, words = CARD_FILES[name]
    result = run_bounded(["validate", path])
    assert result.exit_code == 1, result.stdout
    card = CARD_OF_GAME[name.split("-", 1)[0]]
    errors = result.stderr.splitlines()
    assert len(errors) == 1, result.stderr
    assert errors[0].startswith(f"cardjudge: {path}:{line}: card {card!r}"), errors[0]
    assert words in errors[0], errors[0]

"""Bad Yu-Gi-Oh! Extra Deck, zone and Link input is one error naming the file, the line and the
fault, and the CLI exits 1 with one line (rulings Z1, Z2 and L2 of
tests/data/ygo_zone_link_rulings.md)."""

from pathlib import Path

import pytest
from click.testing import CliRunner

import cardjudge as cj
from cardjudge.cli import cli
from cardjudge.errors import InputError

DATA = Path(__file__).parent / "data"

CASES = [
    ("ygo_bad_extra", "synchro-in-deck.yaml", 8, ["'Junk Warrior' is a synchro monster", "Extra Deck"]),
    ("ygo_bad_extra", "main-deck-in-extra.yaml", 10, ["'Axe Raider'", "cannot be in the Extra Deck"]),
    ("ygo_bad_extra", "materials-not-xyz.yaml", 11, ["'Axe Raider' is not an Xyz Monster"]),
    ("ygo_bad_extra", "xyz-with-level.yaml", 7, ["'Broken Xyz'", "rank, not a level"]),
    ("ygo_bad_extra", "synchro-without-materials.yaml", 7, ["'Broken Synchro'", "needs 'materials'"]),
    ("ygo_bad_extra", "wrong-materials-kind.yaml", 6, ["'Broken Synchro'", "needs synchro materials, not xyz"]),
    ("ygo_bad_extra", "materials-unknown-card.yaml", 12, ["unknown card 'No Such Card'"]),
    ("ygo_bad_zones", "two-in-one-zone.yaml", 10, ["two cards in zone 2 of 'monsters'", "'A' and 'B'"]),
    ("ygo_bad_zones", "both-extra-zones.yaml", 10, ["both Extra Monster Zones", "at most one"]),
    ("ygo_bad_zones", "extra-zone-twice.yaml", 13, ["an Extra Monster Zone holds 'L1' and 'L2'"]),
    ("ygo_bad_zones", "zone-out-of-range.yaml", 9, ["'zone' must be a zone index: 0-4, not 5"]),
    ("ygo_bad_zones", "six-without-index.yaml", 8, ["at most 5 cards without a 'zone' index"]),
    ("ygo_bad_zones", "link-in-main-deck.yaml", 9, ["'Link Spider' is a link monster", "Extra Deck"]),
    ("ygo_bad_zones", "link-in-defense.yaml", 9, ["'Decode Talker' is a Link Monster", "Attack Position"]),
    ("ygo_bad_zones", "link-arrows-wrong.yaml", 6, ["'Broken Link'", "'link_arrows' lists 2 different arrows"]),
    ("ygo_bad_zones", "bad-master-rule.yaml", 5, ["'master_rule' must be 4 or 2020"]),
]
IDS = [f"{folder}/{name}" for folder, name, _, _ in CASES]


@pytest.mark.parametrize("folder, name, line, words", CASES, ids=IDS)
def test_bad_input_names_file_and_line(folder, name, line, words):
    with pytest.raises(InputError) as caught:
        cj.load_position(str(DATA / folder / name))
    message = str(caught.value)
    assert f"{name}:{line}:" in message, message
    for word in words:
        assert word in message, message


@pytest.mark.parametrize("folder, name", [c[:2] for c in CASES], ids=IDS)
def test_cli_refuses_bad_input_in_one_line(folder, name):
    result = CliRunner().invoke(cli, ["moves", str(DATA / folder / name)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output and f"{name}:" in lines[0]

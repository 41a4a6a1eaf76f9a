"""Bad zone and Link input is one error naming the file, the line and the fault; the CLI exits 1
(rulings Z1, Z2 and L2 of tests/data/ygo_zone_link_rulings.md)."""

from pathlib import Path

import pytest
from click.testing import CliRunner

import cardjudge as cj
from cardjudge.cli import cli
from cardjudge.errors import InputError

BAD = Path(__file__).parent / "data" / "ygo_bad_zones"

CASES = [
    ("two-in-one-zone.yaml", 10, ["two cards in zone 2 of 'monsters'", "'A' and 'B'"]),
    ("both-extra-zones.yaml", 10, ["both Extra Monster Zones", "at most one"]),
    ("extra-zone-twice.yaml", 13, ["an Extra Monster Zone holds 'L1' and 'L2'"]),
    ("zone-out-of-range.yaml", 9, ["'zone' must be a zone index: 0-4, not 5"]),
    ("six-without-index.yaml", 8, ["at most 5 cards without a 'zone' index"]),
    ("link-in-main-deck.yaml", 9, ["'Link Spider' is a link monster", "Extra Deck"]),
    ("link-in-defense.yaml", 9, ["'Decode Talker' is a Link Monster", "Attack Position"]),
    ("link-arrows-wrong.yaml", 6, ["'Broken Link'", "'link_arrows' lists 2 different arrows"]),
    ("bad-master-rule.yaml", 5, ["'master_rule' must be 4 or 2020"]),
]


@pytest.mark.parametrize("name, line, words", CASES, ids=[c[0] for c in CASES])
def test_bad_zone_input_names_file_and_line(name, line, words):
    with pytest.raises(InputError) as caught:
        cj.load_position(str(BAD / name))
    message = str(caught.value)
    assert f"{name}:{line}:" in message, message
    for word in words:
        assert word in message, message


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_cli_refuses_bad_zone_input_in_one_line(name):
    result = CliRunner().invoke(cli, ["moves", str(BAD / name)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output and f"{name}:" in lines[0]

"""Bad Extra Deck input is one error naming the file, the line and the fault; the CLI exits 1."""

from pathlib import Path

import pytest
from click.testing import CliRunner

import cardjudge as cj
from cardjudge.cli import cli
from cardjudge.errors import InputError

BAD = Path(__file__).parent / "data" / "ygo_bad_extra"

CASES = [
    ("synchro-in-deck.yaml", 8, ["'Junk Warrior' is a synchro monster", "Extra Deck"]),
    ("main-deck-in-extra.yaml", 10, ["'Axe Raider'", "cannot be in the Extra Deck"]),
    ("materials-not-xyz.yaml", 11, ["'Axe Raider' is not an Xyz Monster"]),
    ("xyz-with-level.yaml", 7, ["'Broken Xyz'", "rank, not a level"]),
    ("synchro-without-materials.yaml", 7, ["'Broken Synchro'", "needs 'materials'"]),
    ("wrong-materials-kind.yaml", 6, ["'Broken Synchro'", "needs synchro materials, not xyz"]),
    ("materials-unknown-card.yaml", 12, ["unknown card 'No Such Card'"]),
]


@pytest.mark.parametrize("name, line, words", CASES, ids=[c[0] for c in CASES])
def test_bad_extra_deck_input_names_file_and_line(name, line, words):
    with pytest.raises(InputError) as caught:
        cj.load_position(str(BAD / name))
    message = str(caught.value)
    assert f"{name}:{line}:" in message, message
    for word in words:
        assert word in message, message


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_cli_refuses_bad_extra_deck_input_in_one_line(name):
    result = CliRunner().invoke(cli, ["moves", str(BAD / name)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output and f"{name}:" in lines[0]

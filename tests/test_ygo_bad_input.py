"""Bad Yu-Gi-Oh positions are refused with an InputError naming the file, the line and the fault."""

from pathlib import Path

import pytest

import cardjudge as cj
from cardjudge.errors import InputError

BAD = Path(__file__).parent / "data" / "ygo_bad"

CASES = [
    # file, line, words the message must contain
    ("unknown-card.yaml", 8, ["Blue-Eyes Purple Dragon"]),
    ("unknown-zone.yaml", 9, ["pocket"]),
    ("unknown-card-field.yaml", 9, ["stance"]),
    ("unknown-phase.yaml", 4, ["lunch"]),
    ("bad-expression.yaml", 11, ["Broken Spell", "condition", "malformed expression"]),
    ("bad-yaml.yaml", 9, ["YAML"]),
    ("label-twice.yaml", 10, ["label 'AX' is used twice"]),
    ("unknown-owner.yaml", 9, ["unknown owner 'nobody'"]),
]


@pytest.mark.parametrize("name, line, words", CASES, ids=[c[0] for c in CASES])
def test_bad_position_file_raises_input_error_with_file_and_line(name, line, words):
    path = BAD / name
    with pytest.raises(InputError) as caught:
        cj.load_position(str(path))
    message = str(caught.value)
    assert name in message
    assert f"{name}:{line}:" in message
    assert caught.value.line == line
    for word in words:
        assert word in message


def test_unknown_card_in_a_dict_position_names_the_card():
    position = {"game": "ygo", "turn": 1, "active": "you", "phase": "main1",
                "players": {"you": {"lp": 8000, "hand": ["No Such Card"]}, "opponent": {"lp": 8000}}}
    with pytest.raises(InputError, match="No Such Card"):
        cj.load_position(position)


def test_unknown_phase_in_a_dict_position_names_the_phase():
    position = {"game": "ygo", "turn": 1, "active": "you", "phase": "teatime",
                "players": {"you": {"lp": 8000}, "opponent": {"lp": 8000}}}
    with pytest.raises(InputError, match="teatime"):
        cj.load_position(position)


def test_unknown_zone_in_a_dict_position_names_the_zone():
    position = {"game": "ygo", "turn": 1, "active": "you", "phase": "main1",
                "players": {"you": {"lp": 8000, "sideboard": []}, "opponent": {"lp": 8000}}}
    with pytest.raises(InputError, match="sideboard"):
        cj.load_position(position)


def test_a_turn_that_is_not_a_positive_number_is_refused():
    for turn in (True, 0, "three"):
        position = {"game": "ygo", "turn": turn, "active": "you", "phase": "main1",
                    "players": {"you": {"lp": 8000}, "opponent": {"lp": 8000}}}
        with pytest.raises(InputError, match="'turn' must be a positive number"):
            cj.load_position(position)


def test_an_ability_key_that_does_nothing_is_refused():
    """A Flip effect is a trigger ``on: flipped``; a ``flip:`` flag on an ability would be ignored."""
    position = {"game": "ygo", "turn": 1, "active": "you", "phase": "main1",
                "cards": [{"name": "Test Flipper", "kind": "monster", "subtype": "effect", "level": 3,
                           "atk": 100, "def": 100,
                           "abilities": [{"kind": "trigger", "flip": True, "effect": [{"draw": 1}]}]}],
                "players": {"you": {"lp": 8000, "hand": ["Test Flipper"]}, "opponent": {"lp": 8000}}}
    with pytest.raises(InputError, match="unknown key 'flip'"):
        cj.load_position(position)

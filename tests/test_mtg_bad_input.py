"""Bad Magic positions and card files are refused with an InputError naming the file, the line and the fault."""

from pathlib import Path

import pytest

import cardjudge as cj
from cardjudge.errors import InputError
from mtg_helpers import position
from helpers import only

BAD = Path(__file__).parent / "data" / "mtg_bad"

CASES = [
    ("unknown-card.yaml", 8, ["Llanowar Elfs"]),
    ("unknown-zone.yaml", 9, ["sideboard"]),
    ("unknown-phase.yaml", 4, ["second_main"]),
    ("unknown-permanent-field.yaml", 10, ["summoning_sick"]),
    ("bad-ability.yaml", 12, ["Test Fireball", "explode"]),
    ("bad-cost.yaml", 11, ["Test Engine", "borrow"]),
]


@pytest.mark.parametrize("name, line, words", CASES, ids=[c[0] for c in CASES])
def test_bad_position_file_raises_input_error_with_file_and_line(name, line, words):
    with pytest.raises(InputError) as caught:
        cj.load_position(str(BAD / name))
    message = str(caught.value)
    assert f"{name}:{line}:" in message, message
    for word in words:
        assert word in message


@pytest.mark.parametrize("field, value, word", [
    ("life", "twenty", "life"),
    ("mana_pool", "GX", "mana_pool"),
    ("lands_played", -1, "lands_played"),
])
def test_bad_player_field_is_refused(field, value, word):
    pos = position(you={field: value})
    with pytest.raises(InputError, match=word):
        cj.load_position(pos)


def test_unknown_top_level_field_and_attached_to_label_are_refused():
    with pytest.raises(InputError, match="combat_state"):
        cj.load_position(position(combat_state={}))
    with pytest.raises(InputError, match="NOPE"):
        cj.load_position(position(you={"battlefield": [{"card": "Lightning Greaves", "attached_to": "NOPE"}]}))


def test_an_ability_on_the_stack_names_a_source_that_exists():
    with pytest.raises(InputError, match="GHOST"):
        cj.load_position(position(stack=[{"card": "Soulmender", "id": "GHOST", "kind": "ability"}]))


def test_an_action_from_another_state_is_refused():
    state = cj.load_position(position(you={"battlefield": [{"card": "Forest", "id": "F"}]}))
    tapped = cj.apply(state, only(a for a in cj.legal_actions(state) if a.kind == "activate"))
    action = only(a for a in cj.legal_actions(state) if a.kind == "activate")
    with pytest.raises(InputError, match="not a legal action"):
        cj.apply(tapped, action)


def test_a_static_ability_with_targets_is_refused():
    cards = [{"name": "Test Seeker", "types": ["Creature"], "mana_cost": "{G}", "power": 1, "toughness": 1,
              "abilities": [{"kind": "static", "targets": [{"from": "game.creatures"}],
                             "rule": {"grant": {"to": "self", "keywords": ["Flying"]}}}]}]
    with pytest.raises(InputError, match="Test Seeker.*targets"):
        cj.load_position(position(cards=cards))

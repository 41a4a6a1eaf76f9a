"""Selectors name cards by name wherever a label is expected, when the name is unique."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import only

from cardjudge import legal_actions, load_position
from cardjudge.cli import cli
from cardjudge.errors import InputError
from cardjudge.selectors import cards_by_name, select

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_a_unique_name_stands_for_its_label_in_targets_and_costs():
    state = load_position(EXAMPLES / "mtg-midgame.yaml")
    actions = legal_actions(state)
    # two Mountains: the cost is named by label, the target by name
    by_name = select(actions, 'card="Lightning Bolt" targets="Elite Vanguard" costs_include=M1',
                     names=cards_by_name(state))
    by_label = select(actions, 'card="Lightning Bolt" targets=EV costs_include=M1')
    assert by_name is by_label


def test_a_shared_name_is_an_error_naming_the_labels():
    state = load_position(EXAMPLES / "mtg-midgame.yaml")
    with pytest.raises(InputError) as error:
        select(legal_actions(state), 'card="Lightning Bolt" targets="Grizzly Bears"', names=cards_by_name(state))
    assert "GB2 (hand)" in str(error.value) and "GB (battlefield)" in str(error.value)


def test_do_takes_a_name_for_the_tributes():
    state = load_position(EXAMPLES / "ygo-wanghu.yaml")
    summon = only(a for a in legal_actions(state) if a.kind == "summon")
    label = summon.card_id
    picked = select(legal_actions(state), f'kind=summon card_id="{summon.card}"', names=cards_by_name(state))
    assert picked.card_id == label
    result = CliRunner().invoke(cli, ["play", str(EXAMPLES / "mtg-midgame.yaml"), "--do",
                                      'card="Lightning Bolt" targets="Grizzly Bears"'])
    assert result.exit_code == 1
    assert "name one by its label" in result.output

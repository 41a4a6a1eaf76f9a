"""Chain resolution keeps a ``Resolving`` record only while a link waits for a choice: the
remaining steps of that link survive the choice, and nothing of a resolved link stays behind."""

from __future__ import annotations

import cardjudge
from cardjudge.rules.ygo.records import Resolving
from helpers import act, chain, load, pass_until_legal, resolve, zone


def _foolish_burial_waiting():
    state = load(you={"hand": [{"card": "Foolish Burial", "id": "FB"}],
                      "deck": [{"card": "Axe Raider", "id": "AX"}, {"card": "Celtic Guardian", "id": "CG"}]})
    return pass_until_legal(act(state, kind="activate", card_id="FB"), kind="choose")


def test_link_waiting_for_a_choice_keeps_its_remaining_steps():
    state = _foolish_burial_waiting()
    resolving = state.get("resolving")
    assert isinstance(resolving, Resolving)
    assert state.objects[resolving.link.oid].label == "FB"
    assert resolving.steps, "the step that sends the chosen card waits with the choice"


def test_resolved_link_leaves_no_resolving_record():
    state = resolve(act(_foolish_burial_waiting(), kind="choose", targets=["CG"]))
    assert not chain(state)
    assert state.get("resolving") is None and state.get("choice") is None
    assert zone(state, "CG") == "graveyard" and zone(state, "AX") == "deck"
    assert zone(state, "FB") == "graveyard"


def test_link_without_choice_resolves_at_once_with_no_record():
    state = load(you={"hand": [{"card": "Pot of Greed", "id": "PG"}],
                      "deck": [{"card": "Axe Raider", "id": "AX"}, {"card": "Celtic Guardian", "id": "CG"}]})
    state = resolve(act(state, kind="activate", card_id="PG"))
    assert state.get("resolving") is None
    assert zone(state, "AX") == "hand" and zone(state, "CG") == "hand"
    assert cardjudge.to_dict(state).get("resolving") is None

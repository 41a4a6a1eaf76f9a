"""legal.can_respond: who may have something to do in a window of the walk besides passing."""

from cardjudge.rules.ygo import legal, legal_actions
from cardjudge.rules.ygo.play import apply
from tests.helpers import load, only


def _with_armor(phase="battle_start"):
    return load(you={"monsters": [{"card": "Dark Magician", "id": "DM", "position": "attack", "face_up": True}]},
                opponent={"spells_traps": [{"card": "Sakuretsu Armor", "id": "SA", "face_up": False}]},
                phase=phase)


def test_a_when_trap_alone_cannot_respond_to_a_window_with_nothing_to_answer():
    state = _with_armor()
    assert not state.get("window_events") and not state.chain
    # Sakuretsu Armor answers an attack declaration only: nothing here for it
    assert legal.can_respond(state, "opponent") is False
    assert legal.activations(state, "opponent", "phase_end") == []
    assert legal.can_respond(state, "you") is False  # no card with an ability of speed 2 or more


def test_a_when_trap_can_respond_to_an_attack_declaration():
    state = _with_armor("battle_step")
    attack = only(a for a in legal_actions(state) if a.kind == "attack")
    state = apply(state, attack)
    assert legal.can_respond(state, "opponent") is True
    assert any(a.card_id == "SA" for a in legal_actions(state))

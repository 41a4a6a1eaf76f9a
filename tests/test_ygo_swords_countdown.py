"""Swords of Revealing Light (its official text): "After this card's activation, it remains on
the field, but you must destroy it during the End Phase of your opponent's 3rd turn." The card
file says so with ``remains: {turns: 3, of: opponent}``; a position holding ``TURNS_LEFT``
counters (how the turns left are written) loads and counts down as before."""

import cardjudge as cj
from helpers import act, load, pass_until, resolve, zone


def _turn(state):
    return cj.to_dict(state)["turn"]


def _end_of_turn(state, turn):
    """Pass until turn ``turn`` is over (the next turn has begun)."""
    return pass_until(state, lambda s: _turn(s) > turn, limit=400)


def _deck(n=12):
    return ["Dark Magician"] * n


def test_swords_stays_and_is_destroyed_in_the_end_phase_of_the_opponents_third_turn():
    state = load(you={"hand": [{"card": "Swords of Revealing Light", "id": "SW"}], "deck": _deck()},
                 opponent={"deck": _deck()}, turn=3)
    state = resolve(act(state, kind="activate", card_id="SW"))
    assert zone(state, "SW") == "spells_traps"  # it remains after resolving
    seen = []
    for turn in range(3, 9):
        state = _end_of_turn(state, turn)
        seen.append((turn, zone(state, "SW")))
    # turns 4, 6, 8 are the opponent's 1st, 2nd and 3rd: destroyed in the End Phase of turn 8
    assert seen == [(3, "spells_traps"), (4, "spells_traps"), (5, "spells_traps"),
                    (6, "spells_traps"), (7, "spells_traps"), (8, "graveyard")]


def test_a_position_with_turns_left_on_swords_counts_the_opponents_turns_down():
    sw = {"card": "Swords of Revealing Light", "id": "SW", "face_up": True, "counters": {"TURNS_LEFT": 2}}
    state = load(you={"spells_traps": [sw], "deck": _deck()}, opponent={"deck": _deck()}, turn=3)
    state = _end_of_turn(state, 3)  # its controller's turn: not counted
    assert zone(state, "SW") == "spells_traps"
    state = _end_of_turn(state, 4)  # the opponent's: 1 left
    assert zone(state, "SW") == "spells_traps"
    state = _end_of_turn(state, 5)
    assert zone(state, "SW") == "spells_traps"
    state = _end_of_turn(state, 6)  # the opponent's: 0 left, destroyed
    assert zone(state, "SW") == "graveyard"

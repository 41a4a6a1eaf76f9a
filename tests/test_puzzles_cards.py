"""Cards added to the libraries for the puzzles, each doing what its official text says."""

from __future__ import annotations

import cardjudge as cj
from helpers import act, actions, card, dicts, lp, now, only, pass_until, pass_until_legal, position, resolve, zone

def _horn_position(**you):
    """Your De-Spell (or other cards) against the opponent's Giant Soldier of Stone equipped with Horn
    of Light."""
    return cj.load_position(position(
        you={"hand": [{"card": "De-Spell", "id": "DS"}], **you},
        opponent={"lp": 8000,
                  "monsters": [{"card": "Giant Soldier of Stone", "id": "GS", "position": "defense",
                                "face_up": True}],
                  "spells_traps": [{"card": "Horn of Light", "id": "HL", "face_up": True, "equipped_to": "GS"}]}))


def _horn_destroyed_by_de_spell():
    state = act(_horn_position(), kind="activate", card="De-Spell", targets=["HL"])
    return pass_until(state, lambda s: bool(actions(s, player="opponent", card="Horn of Light")))


def test_horn_of_light_gives_the_equipped_monster_800_def():
    state = _horn_position()
    assert now(state, "GS")["def"] == 2800
    assert now(state, "GS")["atk"] == 1300


def test_horn_of_light_destroyed_the_monster_loses_the_800_def():
    state = _horn_destroyed_by_de_spell()
    assert zone(state, "HL") == "graveyard"
    assert now(state, "GS")["def"] == 2000


def test_horn_of_light_sent_from_the_field_lets_its_controller_pay_500_lp_to_put_it_on_the_deck():
    state = _horn_destroyed_by_de_spell()
    (offer,) = dicts(state, player="opponent", card="Horn of Light", kind="activate")
    assert offer["costs"] == [{"kind": "pay_lp", "cards": [], "amount": 500}]
    state = resolve(act(state, player="opponent", card="Horn of Light", kind="activate"))
    assert lp(state, "opponent") == 7500
    deck = cj.to_dict(state)["players"]["opponent"]["deck"]
    assert deck[0]["card"] == "Horn of Light"
    assert zone(state, "HL") == "deck"


def test_horn_of_light_declined_stays_in_the_graveyard():
    state = _horn_destroyed_by_de_spell()
    state = resolve(act(state, player="opponent", card="Horn of Light", kind="decline"))
    assert lp(state, "opponent") == 8000
    assert [c["card"] for c in cj.to_dict(state)["players"]["opponent"]["graveyard"]] == ["Horn of Light"]


def test_horn_of_light_sent_with_the_monster_destroyed_in_battle_triggers():
    # Blue-Eyes (3000) destroys the 2800 DEF Soldier; Horn of Light goes to the Graveyard with it.
    state = cj.load_position(position(
        you={"monsters": [{"card": "Blue-Eyes White Dragon", "id": "BE", "position": "attack", "face_up": True}]},
        opponent={"monsters": [{"card": "Giant Soldier of Stone", "id": "GS", "position": "defense",
                                "face_up": True}],
                  "spells_traps": [{"card": "Horn of Light", "id": "HL", "face_up": True, "equipped_to": "GS"}]}))
    state = act(pass_until_legal(state, kind="attack", card_id="BE"), kind="attack", card_id="BE")
    state = pass_until(state, lambda s: zone(s, "GS") == "graveyard")
    state = pass_until(state, lambda s: bool(actions(s, player="opponent", card="Horn of Light")))
    assert zone(state, "HL") == "graveyard"


def test_horn_of_light_discarded_from_the_hand_does_not_trigger():
    # Phoenix Wing Wind Blast's cost discards Horn of Light from the hand: not sent from the field.
    state = cj.load_position(position(
        you={"hand": [{"card": "Horn of Light", "id": "HL"}],
             "spells_traps": [{"card": "Phoenix Wing Wind Blast", "id": "PW", "face_up": False}]},
        opponent={"monsters": [{"card": "Axe Raider", "id": "AX", "position": "attack", "face_up": True}]}))
    state = act(state, kind="activate", card="Phoenix Wing Wind Blast", targets=["AX"])
    assert zone(state, "HL") == "graveyard"
    for _ in range(20):
        assert not actions(state, card="Horn of Light")
        if not cj.to_dict(state).get("chain") and zone(state, "AX") == "deck":
            break
        state = cj.apply(state, only(a for a, d in actions(state) if d["kind"] == "pass"))
    assert zone(state, "AX") == "deck"
    assert card(state, "HL")["card"] == "Horn of Light"

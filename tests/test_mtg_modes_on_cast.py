"""Modal spells: the mode is chosen as the spell is cast, its targets with it (rules 700.2,
601.2b-c), and a mode's target gone on resolution leaves the spell doing nothing (608.2b)."""

import cardjudge as cj
from cardjudge.errors import InputError
from mtg_helpers import act, data, dicts, load, stack, step, zone

import pytest


def charm_position(opponent_hand=()):
    return load(you={"hand": [{"card": "Chaos Charm", "id": "CC"}],
                     "battlefield": [{"card": "Mountain", "id": "M"}, {"card": "Grizzly Bears", "id": "GB"}]},
                opponent={"hand": list(opponent_hand),
                          "battlefield": [{"card": "Mountain", "id": "OM"}, {"card": "Wall of Omens", "id": "WW"}]})


def test_700_2a_each_mode_and_its_target_is_its_own_cast():
    casts = dicts(charm_position(), kind="cast", card_id="CC")
    offered = sorted((d["mode"], tuple(d["targets"])) for d in casts)
    assert offered == [("destroy_target_wall", ("WW",)),
                       ("one_damage_to_target_creature", ("GB",)), ("one_damage_to_target_creature", ("WW",)),
                       ("target_creature_gains_haste", ("GB",)), ("target_creature_gains_haste", ("WW",))]
    assert all("choosing " + d["mode"] in d["text"] for d in casts)


def test_601_2b_a_mode_with_no_legal_target_cannot_be_chosen():
    state = load(you={"hand": [{"card": "Chaos Charm", "id": "CC"}],
                      "battlefield": [{"card": "Mountain", "id": "M"}, {"card": "Grizzly Bears", "id": "GB"}]})
    modes = {d["mode"] for d in dicts(state, kind="cast", card_id="CC")}
    assert modes == {"one_damage_to_target_creature", "target_creature_gains_haste"}  # no Wall to target


def test_700_2a_the_mode_is_on_the_stack_and_only_it_happens():
    state = act(charm_position(), kind="cast", card_id="CC", mode="target_creature_gains_haste", targets=["GB"])
    assert stack(state)[0]["mode"] == "target_creature_gains_haste"
    again = cj.load_position(data(state))  # the mode is written and read back
    assert stack(again)[0]["mode"] == "target_creature_gains_haste"
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    assert zone(state, "CC") == "graveyard"
    bears = next(c for c in data(state)["players"]["you"]["battlefield"] if c["id"] == "GB")
    assert "Haste" in bears["now"]["keywords"] and not bears.get("damage")


def test_608_2b_the_modes_target_gone_on_resolution_the_charm_does_nothing():
    bolt = [{"card": "Lightning Bolt", "id": "LB"}]
    state = act(charm_position(bolt), kind="cast", card_id="CC", mode="one_damage_to_target_creature",
                targets=["GB"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="LB", targets=["GB"])
    while stack(state):
        state = step(state)  # the Bolt resolves first, then the charm with no legal target
    assert zone(state, "CC") == "graveyard" and zone(state, "WW") == "battlefield"
    assert not next(c for c in data(state)["players"]["opponent"]["battlefield"] if c["id"] == "WW").get("damage")


def test_700_2a_a_modal_spell_on_the_stack_must_name_its_mode():
    position = data(act(charm_position(), kind="cast", card_id="CC", mode="destroy_target_wall"))
    del position["stack"][0]["mode"]
    with pytest.raises(InputError, match="'mode' is one of"):
        cj.load_position(position)


def test_a_card_file_with_modes_beside_targets_is_refused():
    charm = {"name": "Test Charm", "mana_cost": "{R}", "types": ["Instant"], "text": "Choose one —",
             "abilities": [{"kind": "spell", "targets": [{"from": "game.creatures"}],
                            "modes": {"a": {"effect": [{"draw": 1}]}, "b": {"effect": [{"draw": 2}]}}}]}
    with pytest.raises(InputError, match="modes: a modal spell's targets and effect go in each mode"):
        load(cards=[charm])

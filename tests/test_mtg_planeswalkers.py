"""Planeswalkers at their basic level (rules 306, 606, 120.3c, 506.3, 704.5i) with Nissa, Voice of
Zendikar: loyalty abilities once per turn at sorcery speed with +N/-N loyalty as their cost,
attacked directly, damage removing loyalty, loyalty 0 putting it into the graveyard."""

import cardjudge as cj
from mtg_helpers import act, battlefield, card, data, dicts, load, resolve, until_phase, zone

NISSA = "Nissa, Voice of Zendikar"
PLUS, MINUS2, MINUS7 = 0, 1, 2


def walker(loyalty=3, **extra):
    return {"card": NISSA, "id": "NV", "counters": {"LOYALTY": loyalty}, **extra}


def loyalty(state, label="NV"):
    return (card(state, label).get("counters") or {}).get("LOYALTY", 0)


def test_306_5b_a_planeswalker_enters_with_its_printed_loyalty():
    state = load(you={"hand": [{"card": NISSA, "id": "NV"}],
                      "battlefield": [{"card": "Forest", "id": f"F{i}"} for i in range(3)]})
    state = resolve(act(state, kind="cast", card_id="NV"))
    assert zone(state, "NV") == "battlefield" and loyalty(state) == 3


def test_606_3_a_loyalty_ability_once_per_turn_its_cost_adds_loyalty():
    state = load(you={"battlefield": [walker()]})
    state = act(state, kind="activate", card_id="NV", ability=PLUS)
    assert loyalty(state) == 4  # the cost is paid on activation (606.4)
    # one loyalty ability of this planeswalker per turn, whichever: none listed now (606.3)
    state = resolve(state)
    assert not dicts(state, kind="activate", card_id="NV")
    assert [c["card"] for c in battlefield(state, "you")].count("Plant Token") == 1
    assert cj.to_dict(cj.load_position(data(state))) == data(state)  # the mark round-trips
    # the next turn of its controller it may be activated again
    state = until_phase(state, "main1", turn=7)
    assert dicts(state, kind="activate", card_id="NV", ability=PLUS)


def test_606_3_loyalty_abilities_only_at_sorcery_speed():
    state = load(phase="upkeep", you={"battlefield": [walker()]})
    assert not dicts(state, kind="activate", card_id="NV")
    state = load(active="opponent", you={"battlefield": [walker()]})
    assert not dicts(state, kind="activate", card_id="NV")


def test_606_6_a_minus_ability_needs_that_much_loyalty():
    state = load(you={"battlefield": [walker(3)]})
    assert {d["ability"] for d in dicts(state, kind="activate", card_id="NV")} == {PLUS, MINUS2}
    state = load(you={"battlefield": [walker(7), {"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"}]})
    state = resolve(act(state, kind="activate", card_id="NV", ability=MINUS7))
    # X = two lands: 2 life and 2 cards; 0 loyalty left, so it is put into the graveyard (704.5i)
    assert data(state)["players"]["you"]["life"] == 22 and len(data(state)["players"]["you"]["hand"]) == 2
    assert zone(state, "NV") == "graveyard"


def test_704_5i_minus_two_at_two_loyalty_puts_counters_then_nissa_dies():
    state = load(you={"battlefield": [walker(2), {"card": "Grizzly Bears", "id": "GB"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Llanowar Elves", "id": "LE"}]})
    state = act(state, kind="activate", card_id="NV", ability=MINUS2)
    assert zone(state, "NV") == "graveyard"  # 0 loyalty once the cost is paid (704.5i)
    state = resolve(state)
    assert card(state, "GB")["counters"] == {"P1P1": 1} and not card(state, "LE").get("counters")


def test_506_3_a_creature_attacks_a_planeswalker_and_its_damage_removes_loyalty():
    state = load(phase="beginning_of_combat", you={"battlefield": [{"card": "Grizzly Bears", "id": "GB"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, walker(3)]})
    state = until_phase(state, "declare_attackers")
    assert {tuple(d["targets"]) for d in dicts(state, kind="attack")} == {("opponent",), ("NV",)}
    state = act(state, kind="attack", card_id="GB", targets=["NV"])
    assert card(state, "GB")["attacking"] == "NV"
    assert cj.to_dict(cj.load_position(data(state))) == data(state)
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "end_of_combat")
    # 2 damage to a planeswalker removes 2 loyalty counters (120.3c); the player loses no life
    assert loyalty(state) == 1 and data(state)["players"]["opponent"]["life"] == 20


def test_506_3_the_defending_player_may_block_an_attacker_of_their_planeswalker():
    state = load(phase="beginning_of_combat", you={"battlefield": [{"card": "Hill Giant", "id": "HG"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, walker(3),
                                           {"card": "Grizzly Bears", "id": "GB"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="HG", targets=["NV"])
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "declare_blockers")
    state = act(state, kind="block", card_id="GB")
    state = act(state, kind="pass", player="opponent")
    state = until_phase(state, "end_of_combat")
    assert loyalty(state) == 3 and zone(state, "GB") == "graveyard"


def test_704_5i_lethal_combat_damage_to_a_planeswalker_puts_it_into_the_graveyard():
    state = load(phase="beginning_of_combat", you={"battlefield": [{"card": "Hill Giant", "id": "HG"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, walker(3)]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="HG", targets=["NV"])
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "end_of_combat")
    assert zone(state, "NV") == "graveyard" and data(state)["players"]["opponent"]["life"] == 20


def test_115_4_any_target_includes_a_planeswalker():
    state = load(you={"hand": [{"card": "Shock", "id": "SH"}], "battlefield": [{"card": "Mountain", "id": "M"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, walker(3)]})
    state = resolve(act(state, kind="cast", card_id="SH", targets=["NV"]))
    assert loyalty(state) == 1


def test_506_4_an_attacker_of_a_planeswalker_that_left_stays_attacking_and_round_trips():
    four = {"name": "Test Walker", "mana_cost": "{2}{G}{G}", "types": ["Planeswalker"], "loyalty": 3}
    state = load(active="opponent", phase="beginning_of_combat", cards=[four],
                 you={"battlefield": [{"card": "Test Walker", "id": "NV", "counters": {"LOYALTY": 3}},
                                      {"card": "Grizzly Bears", "id": "YB"}]},
                 opponent={"hand": [{"card": "Despark", "id": "DS"}],
                           "battlefield": [{"card": "Hill Giant", "id": "HG"}, {"card": "Plains", "id": "OP"},
                                           {"card": "Swamp", "id": "OS"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="HG", targets=["NV"])
    state = act(state, kind="pass", player="opponent")
    state = resolve(act(state, kind="cast", card_id="DS", targets=["NV"]))
    assert zone(state, "NV") == "exile" and card(state, "HG")["attacking_left"] is True
    again = cj.load_position(data(state))
    assert cj.to_dict(again) == data(state)
    for position in (state, again):
        after = until_phase(position, "end_of_combat")  # unblocked: it deals its damage to nothing
        assert data(after)["players"]["you"]["life"] == 20 and zone(after, "YB") == "battlefield"

"""Convoke, "can't be countered" and the other rules of Possibility Storm's Ravnica Remastered
puzzle #01 (Devouring Light, Overwhelm, Fists of Ironwood, Angelic Exaltation, Niv-Mizzet,
Parun), each played as a scenario named after its rule."""

import pytest
from mtg_helpers import act, card, data, dicts, life, load, now, pass_until, resolve, until_phase, zone

PLAINS = [{"card": "Plains", "id": f"P{n}"} for n in range(1, 4)]
SAPROLINGS = [{"card": "Saproling Token", "id": f"S{n}", "token": True} for n in range(1, 3)]


def casts(state, name):
    return dicts(state, kind="cast", card=name)


def tapped_for_convoke(action):
    return sorted(label for cost in action["costs"] if cost["kind"] == "tap" for label in cost["cards"])


def blocked_attack(you, opponent, hand):
    """Your Grizzly Bears attacks and the opponent's Hill Giant blocks it."""
    state = load(phase="beginning_of_combat", you={"hand": hand, "battlefield": you + [{"card": "Grizzly Bears", "id": "GB"}]},
                 opponent={"battlefield": opponent + [{"card": "Hill Giant", "id": "HG"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="GB")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "declare_blockers")
    state = act(state, kind="block", card_id="HG")
    return act(state, kind="pass", player="opponent")


def test_702_51a_convoke_a_green_creature_pays_generic_mana_not_white():
    light = [{"card": "Devouring Light", "id": "DL"}]
    # two Plains and a Saproling: the Saproling pays the {1}, the Plains the {W}{W}
    state = blocked_attack(PLAINS[:2] + SAPROLINGS[:1], [], light)
    (cast,) = [d for d in casts(state, "Devouring Light") if d["targets"] == ["HG"]]
    assert tapped_for_convoke(cast) == ["S1"]
    # one Plains and two Saprolings: green creatures cannot pay {W}
    state = blocked_attack(PLAINS[:1] + SAPROLINGS, [], light)
    assert casts(state, "Devouring Light") == []


def test_702_51a_each_share_of_the_cost_between_creatures_and_mana_is_one_cast():
    # three Plains and two Saprolings: pay with the Plains, or a Saproling for {1} and two Plains
    state = blocked_attack(PLAINS + SAPROLINGS, [], [{"card": "Devouring Light", "id": "DL"}])
    found = sorted(tuple(tapped_for_convoke(d)) for d in casts(state, "Devouring Light") if d["targets"] == ["HG"])
    assert found == [(), ("S1",)]  # the two Saprolings are interchangeable: one action taps either


def test_702_51a_convoke_taps_creatures_that_came_under_your_control_this_turn():
    saprolings = [dict(s, sick=True) for s in SAPROLINGS]
    forests = [{"card": "Forest", "id": f"F{n}"} for n in range(1, 6)]
    state = load(you={"hand": [{"card": "Overwhelm", "id": "OW"}], "battlefield": forests + saprolings})
    state = act(state, kind="cast", card="Overwhelm", costs_include=["S1", "S2"])
    assert card(state, "S1")["tapped"] and card(state, "S2")["tapped"]
    state = resolve(state)
    assert (now(state, "S1")["power"], now(state, "S1")["toughness"]) == (4, 4)


def test_611_2c_overwhelm_pumps_the_creatures_you_control_as_it_resolves():
    forests = [{"card": "Forest", "id": f"F{n}"} for n in range(1, 8)]
    bears = [{"card": "Grizzly Bears", "id": "GB"}]
    state = load(you={"hand": [{"card": "Overwhelm", "id": "OW"}], "battlefield": forests + bears},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Hill Giant", "id": "HG"}]})
    state = resolve(act(state, kind="cast", card="Overwhelm", costs_include=["F1", "F2", "F3", "F4", "F5", "F6", "F7"]))
    assert (now(state, "GB")["power"], now(state, "GB")["toughness"]) == (5, 5)
    assert (now(state, "HG")["power"], now(state, "HG")["toughness"]) == (3, 3)
    state = until_phase(state, "end")
    state = pass_until(state, lambda s: data(s)["turn"] == 6)
    assert now(state, "GB")["power"] == 2


def test_devouring_light_exiles_only_an_attacking_or_blocking_creature():
    light = [{"card": "Devouring Light", "id": "DL"}]
    state = load(you={"hand": light, "battlefield": PLAINS + [{"card": "Grizzly Bears", "id": "GB"}]})
    assert casts(state, "Devouring Light") == []  # no creature attacks or blocks
    state = blocked_attack(PLAINS, [], light)
    assert sorted(d["targets"][0] for d in casts(state, "Devouring Light")) == ["GB", "HG"]
    state = resolve(act(state, kind="cast", card="Devouring Light", targets=["HG"]))
    assert zone(state, "HG") == "exile"


def test_303_4_fists_of_ironwood_makes_two_saprolings_and_gives_trample():
    forests = [{"card": "Forest", "id": f"F{n}"} for n in range(1, 3)]
    bears = [{"card": "Grizzly Bears", "id": "GB"}]
    state = load(you={"hand": [{"card": "Fists of Ironwood", "id": "FI"}], "battlefield": forests + bears})
    state = resolve(act(state, kind="cast", card="Fists of Ironwood", targets=["GB"]))
    state = resolve(state)  # its enters trigger
    assert card(state, "FI")["attached_to"] == "GB" and now(state, "GB")["keywords"] == ["Trample"]
    saprolings = [c for c in data(state)["players"]["you"]["battlefield"] if c["card"] == "Saproling Token"]
    assert len(saprolings) == 2 and all(c["token"] and c["sick"] for c in saprolings)
    assert saprolings[0]["now"]["power"] == 1 and saprolings[0]["now"]["toughness"] == 1


@pytest.mark.parametrize("attackers, power", [(["GB"], 2 + 3), (["GB", "GB2"], 2)])
def test_506_5_angelic_exaltation_pumps_a_creature_that_attacks_alone(attackers, power):
    you = [{"card": "Angelic Exaltation", "id": "AE"}, {"card": "Grizzly Bears", "id": "GB"},
           {"card": "Grizzly Bears", "id": "GB2"}, {"card": "Saproling Token", "id": "S1", "token": True}]
    state = load(phase="beginning_of_combat", you={"battlefield": you})
    state = until_phase(state, "declare_attackers")
    for attacker in attackers:
        state = act(state, kind="attack", card_id=attacker)
    state = resolve(act(state, kind="pass", player="you"))
    # alone: +X/+X where X is the number of creatures you control (three)
    assert now(state, "GB")["power"] == power


def test_niv_mizzet_draws_on_each_instant_and_pings_per_card_drawn():
    you = [{"card": "Mountain", "id": "M1"}]
    opponent = [{"card": "Island", "id": "OI"}, {"card": "Niv-Mizzet, Parun", "id": "NM"}]
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}], "battlefield": you}, opponent={"battlefield": opponent})
    state = act(state, kind="cast", card="Lightning Bolt", targets=["opponent"])
    # Niv's "whenever a player casts an instant or sorcery" goes on the stack over the Bolt
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    assert len(data(state)["players"]["opponent"]["hand"]) == 1
    state = act(state, kind="order", player="opponent", targets=["you"])
    state = resolve(state)
    assert life(state, "you") == 19 and life(state, "opponent") == 17


def test_101_2_a_spell_that_cant_be_countered_resolves_through_counterspell():
    islands = [{"card": "Island", "id": f"I{n}"} for n in range(1, 4)]
    islands += [{"card": "Mountain", "id": f"M{n}"} for n in range(1, 4)]
    state = load(you={"hand": [{"card": "Niv-Mizzet, Parun", "id": "NM"}], "battlefield": islands},
                 opponent={"hand": [{"card": "Counterspell", "id": "CS"}],
                           "battlefield": [{"card": "Island", "id": "OI1"}, {"card": "Island", "id": "OI2"}]})
    state = act(state, kind="cast", card="Niv-Mizzet, Parun")
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card="Counterspell", targets=["NM"])
    state = resolve(state)
    assert zone(state, "NM") == "battlefield" and zone(state, "CS") == "graveyard"

"""Combat damage divided as the attacking player chooses (rule 510.1c, since the removal of the
damage assignment order), trample past lethal damage (702.19b), deathtouch's 1 as lethal (702.2c)."""

import cardjudge as cj
from mtg_helpers import act, card, data, dicts, divide, division_parts, life, load, until_phase, zone


def blocked(attackers, blockers, blocks):
    """You attack with ``attackers``; the opponent blocks with ``blocks`` (blocker id -> attacker id)."""
    state = load(phase="beginning_of_combat", you={"battlefield": attackers},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}] + blockers})
    state = until_phase(state, "declare_attackers")
    for entry in attackers:
        state = act(state, kind="attack", card_id=entry["id"])
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "declare_blockers")
    for blocker, attacker in blocks.items():
        state = act(state, kind="block", card_id=blocker, targets=[attacker])
    state = act(state, kind="pass", player="opponent")
    return until_phase(state, "combat_damage")


def divisions(state):
    return sorted(tuple(division_parts(d)) for d in dicts(state, kind="choose"))


def test_510_1c_two_different_blockers_every_division_is_a_choice():
    state = blocked([{"card": "Hill Giant", "id": "HG"}],
                    [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Llanowar Elves", "id": "LE"}],
                    {"GB": "HG", "LE": "HG"})
    # no lethal-first requirement any more: 0..3 to the Bears, the rest to the Elves
    assert divisions(state) == sorted([("0 to Grizzly Bears", "3 to Llanowar Elves"),
                                       ("1 to Grizzly Bears", "2 to Llanowar Elves"),
                                       ("1 to Llanowar Elves", "2 to Grizzly Bears"),
                                       ("0 to Llanowar Elves", "3 to Grizzly Bears")])
    assert data(state)["choice"]["kind"] == "damage" and data(state)["choice"]["player"] == "you"
    state = divide(state, **{"Grizzly Bears": 1, "Llanowar Elves": 2})
    state = until_phase(state, "end_of_combat")
    assert zone(state, "LE") == "graveyard" and zone(state, "GB") == "battlefield"
    assert card(state, "GB")["damage"] == 1
    assert zone(state, "HG") == "graveyard"  # 2 + 1 from its blockers: lethal for the 3/3


def test_510_1c_interchangeable_blockers_give_each_division_once():
    state = blocked([{"card": "Hill Giant", "id": "HG"}],
                    [{"card": "Grizzly Bears", "id": "B1"}, {"card": "Grizzly Bears", "id": "B2"}],
                    {"B1": "HG", "B2": "HG"})
    # 3-0 and 0-3 are one decision, as are 2-1 and 1-2
    assert divisions(state) == [("0 to Grizzly Bears", "3 to Grizzly Bears"),
                                ("1 to Grizzly Bears", "2 to Grizzly Bears")]
    state = act(state, kind="choose", text="you assign Hill Giant's combat damage: 2 to Grizzly Bears, 1 to Grizzly Bears")
    state = until_phase(state, "end_of_combat")
    assert sorted(zone(state, b) for b in ("B1", "B2")) == ["battlefield", "graveyard"]


def test_510_1c_one_blocker_takes_all_the_damage_without_a_choice():
    state = blocked([{"card": "Hill Giant", "id": "HG"}], [{"card": "Llanowar Elves", "id": "LE"}], {"LE": "HG"})
    assert not dicts(state, kind="choose")
    assert zone(state, "LE") == "graveyard"
    assert life(state, "opponent") == 20


def test_702_19b_trample_reaches_the_player_only_past_lethal_to_every_blocker():
    state = blocked([{"card": "Colossal Dreadmaw", "id": "CD"}],
                    [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Llanowar Elves", "id": "LE"}],
                    {"GB": "CD", "LE": "CD"})
    options = divisions(state)
    for parts in options:
        amounts = {part.split(" to ", 1)[1]: int(part.split(" ", 1)[0]) for part in parts}
        assert sum(amounts.values()) == 6
        if amounts["opponent"]:
            assert amounts["Grizzly Bears"] >= 2 and amounts["Llanowar Elves"] >= 1
    # 6 split between the two with nothing over (7 ways), or 2 and 1 to them and the other 3
    # divided among all three with at least 1 to the player (6 ways)
    assert len(options) == 7 + 6
    state = divide(state, **{"Grizzly Bears": 2, "Llanowar Elves": 1, "opponent": 3})
    state = until_phase(state, "end_of_combat")
    assert life(state, "opponent") == 17
    assert zone(state, "GB") == "graveyard" and zone(state, "LE") == "graveyard"


def test_510_1c_a_division_waiting_round_trips_and_the_divisions_chosen_are_kept():
    state = blocked([{"card": "Hill Giant", "id": "H1"}, {"card": "Colossal Dreadmaw", "id": "CD"}],
                    [{"card": "Grizzly Bears", "id": "B1"}, {"card": "Llanowar Elves", "id": "LE"},
                     {"card": "Memnite", "id": "MM"}, {"card": "Ornithopter", "id": "OR"}],
                    {"B1": "H1", "LE": "H1", "MM": "CD", "OR": "CD"})
    if data(state)["choice"]["options"] == ["H1"]:  # whichever attacker's division is asked first
        state = divide(state, **{"Grizzly Bears": 3, "Llanowar Elves": 0})
    else:
        state = divide(state, Memnite=1, Ornithopter=2, opponent=3)
    # one attacker's division is chosen, the other's is asked: nobody has been dealt damage yet
    assert data(state)["choice"]["kind"] == "damage" and len(data(state)["divisions"]) == 1
    assert all(card(state, b).get("damage") is None for b in ("B1", "LE", "MM", "OR"))
    assert life(state, "opponent") == 20
    again = cj.load_position(data(state))
    assert cj.to_dict(again) == data(state)
    assert [a.text for a in cj.legal_actions(again)] == [a.text for a in cj.legal_actions(state)]
    if data(state)["choice"]["options"] == ["CD"]:
        state = divide(state, Memnite=1, Ornithopter=2, opponent=3)
        assert life(state, "opponent") == 17
    else:
        state = divide(state, **{"Grizzly Bears": 3, "Llanowar Elves": 0})
    assert "divisions" not in data(state)

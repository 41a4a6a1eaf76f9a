"""Last known information in positions (rules 608.2h, 603.10a): a permanent that has left the
battlefield is written as it last existed, so that what looks back at it reads the same after a
reload."""

import cardjudge as cj
from mtg_helpers import act, card, data, load, resolve


def killed_memnite():
    """Pelt Collector (1/1) sees a 3/3 Memnite die: its trigger's intervening "if" reads the
    Memnite's power as it last existed (3), on resolution too."""
    state = load(you={"hand": [{"card": "Doom Blade", "id": "DB"}],
                      "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"},
                                      {"card": "Pelt Collector", "id": "PC"},
                                      {"card": "Memnite", "id": "MM", "counters": {"P1P1": 2}}]})
    state = act(state, kind="cast", card_id="DB", targets=["MM"])
    state = act(state, kind="pass", player="you")
    return act(state, kind="pass", player="opponent")


def test_608_2h_last_known_information_is_written_and_read_back():
    state = killed_memnite()
    written = data(state)
    assert written["stack"][0]["card"] == "Pelt Collector"
    assert written["stack"][0]["event"]["cards_left"] == ["MM"]
    known = [k for k in written["last_known"] if k["id"] == "MM"]
    assert known and known[0]["power"] == 3 and known[0]["counters"] == {"P1P1": 2}
    again = cj.load_position(written)
    assert cj.to_dict(again) == written


def test_603_10a_a_reloaded_trigger_looks_back_as_the_original_does():
    state = killed_memnite()
    for position in (state, cj.load_position(data(state))):
        # 3 > 1 as it last existed; the Memnite card in the graveyard is a 0/1
        assert card(resolve(position), "PC").get("counters") == {"P1P1": 1}


def test_603_10a_a_dies_trigger_whose_source_left_keeps_its_last_known_information():
    state = load(you={"hand": [{"card": "Doom Blade", "id": "DB"}],
                      "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Doomed Traveler", "id": "DT"}]})
    state = act(state, kind="cast", card_id="DB", targets=["DT"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    written = data(state)
    assert written["stack"][0]["source_left"] is True
    assert [k["card"] for k in written["last_known"]] == ["Doomed Traveler"]
    again = cj.load_position(written)
    assert cj.to_dict(again) == written
    after = resolve(again)
    assert [c["card"] for c in data(after)["players"]["opponent"]["battlefield"]].count("Spirit Token") == 1

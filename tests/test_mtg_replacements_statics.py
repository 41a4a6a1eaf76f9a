"""Replacement effects (enters tapped, enters with counters), remove-counter costs, "doesn't
untap", "can't lose / can't win", and events that carry amounts, with the library's cards."""

import cardjudge as cj
from mtg_helpers import act, actions, card, data, load, resolve, stack, until_phase, zone
from helpers import only


def life(state, player):
    return data(state)["players"][player]["life"]


def test_614_1c_a_guildgate_enters_tapped():
    state = load(you={"hand": [{"card": "Selesnya Guildgate", "id": "SG"}]})
    state = act(state, kind="play_land", card_id="SG")
    assert card(state, "SG").get("tapped") is True
    assert actions(state, kind="activate", card_id="SG") == []


def test_614_1c_walking_ballista_enters_with_x_counters_and_pings():
    state = load(you={"hand": [{"card": "Walking Ballista", "id": "WB"}],
                      "battlefield": [{"card": "Forest", "id": f"F{i}"} for i in range(4)]})
    casts = actions(state, kind="cast", card_id="WB")
    assert len(casts) == 3 and sum(d["text"].endswith("with X=2") for _, d in casts) == 1  # X = 0, 1, 2
    state = cj.apply(state, only(a for a, d in casts if d["text"].endswith("X=2")))
    state = resolve(state)
    assert card(state, "WB")["counters"] == {"P1P1": 2} and card(state, "WB")["now"]["power"] == 2
    state = act(state, kind="activate", card_id="WB", targets=["opponent"])
    assert card(state, "WB")["counters"] == {"P1P1": 1}  # the counter is removed as a cost
    state = resolve(state)
    assert life(state, "opponent") == 19
    state = resolve(act(state, kind="activate", card_id="WB", targets=["opponent"]))
    assert life(state, "opponent") == 18
    assert zone(state, "WB") == "graveyard"  # 0/0 with no counter left (704.5f)


def test_602_2b_remove_counter_cost_needs_a_counter():
    state = load(you={"battlefield": [{"card": "Walking Ballista", "id": "WB", "counters": {"P1P1": 1}}]})
    assert len(actions(state, kind="activate", card_id="WB")) == 3  # you, opponent, itself
    state = resolve(act(state, kind="activate", card_id="WB", targets=["WB"]))
    assert zone(state, "WB") == "graveyard"


def test_walking_ballista_cast_for_zero_dies():
    state = load(you={"hand": [{"card": "Walking Ballista", "id": "WB"}]})
    state = resolve(act(state, kind="cast", card_id="WB"))
    assert zone(state, "WB") == "graveyard"


def test_502_3_basalt_monolith_does_not_untap_but_untaps_itself_for_three():
    state = load(active="opponent", phase="end", turn=4,
                 you={"battlefield": [{"card": "Basalt Monolith", "id": "BM", "tapped": True},
                                      {"card": "Forest", "id": "F", "tapped": True}]})
    state = until_phase(state, "upkeep", turn=5)
    assert card(state, "BM").get("tapped") is True and not card(state, "F").get("tapped")
    state = until_phase(state, "main1")
    assert actions(state, kind="activate", card_id="BM") == []  # {3}: only one Forest
    state = load(you={"battlefield": [{"card": "Basalt Monolith", "id": "BM"}]})
    state = act(state, kind="activate", card_id="BM", ability=1)  # {T}: Add {C}{C}{C}
    assert data(state)["players"]["you"].get("mana_pool") == "CCC"
    state = act(state, kind="activate", card_id="BM", ability=2)  # {3}: untap, paid from the pool
    state = resolve(state)
    assert not card(state, "BM").get("tapped") and not data(state)["players"]["you"].get("mana_pool")


def test_nettle_sentinel_stays_tapped_and_may_untap_on_a_green_spell():
    state = load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                      "battlefield": [{"card": "Nettle Sentinel", "id": "NS", "tapped": True},
                                      {"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"}]})
    state = act(state, kind="cast", card_id="GB")
    assert [s["card"] for s in stack(state)] == ["Grizzly Bears", "Nettle Sentinel"]
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    state = act(state, kind="choose", text="you choose yes (Nettle Sentinel: you may)")
    assert not card(state, "NS").get("tapped")


def test_104_3_platinum_angel_you_cannot_lose_at_zero_life():
    state = load(you={"life": 3, "battlefield": [{"card": "Platinum Angel", "id": "PA"}]},
                 opponent={"hand": [{"card": "Lightning Bolt", "id": "LB"}, {"card": "Doom Blade", "id": "DB"}],
                           "battlefield": [{"card": "Mountain", "id": "OM"}, {"card": "Swamp", "id": "S1"},
                                           {"card": "Swamp", "id": "S2"}]},
                 active="opponent")
    state = resolve(act(state, kind="cast", card_id="LB", targets=["you"]))
    assert life(state, "you") == 0 and data(state)["winner"] is None
    state = resolve(act(state, kind="cast", card_id="DB", targets=["PA"]))
    assert data(state)["winner"] == "opponent"


def test_104_3_platinum_angel_opponents_cannot_win_by_an_effect():
    state = load(active="you", phase="end", turn=6,
                 you={"hand": [{"card": "Lightning Bolt", "id": "LB"}],  # a response: the window stays open
                      "battlefield": [{"card": "Platinum Angel", "id": "PA"}, {"card": "Mountain", "id": "M"}]},
                 opponent={"life": 40, "battlefield": [{"card": "Felidar Sovereign", "id": "FS"}]})
    state = until_phase(state, "upkeep", turn=7)
    assert [s["card"] for s in stack(state)] == ["Felidar Sovereign"]
    state = resolve(state)
    assert data(state)["winner"] is None


def test_119_sanguine_bond_and_exquisite_blood_drain_to_the_end():
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Sanguine Bond", "id": "SB"}, {"card": "Exquisite Blood", "id": "EB"},
                                      {"card": "Mountain", "id": "M"}]},
                 opponent={"life": 10})
    state = act(state, kind="cast", card_id="LB", targets=["opponent"])
    for _ in range(40):
        if data(state)["winner"]:
            break
        state = act(state, kind="pass", player=data(state)["priority"])
    # 3 damage, then each loss of 3 is gained back and lost again: 10 -> 7 -> 4 -> 1 -> -2
    assert data(state)["winner"] == "you"
    assert life(state, "opponent") == -2 and life(state, "you") == 29


def test_119_9_sanguine_bond_loses_the_amount_gained():
    state = load(you={"battlefield": [{"card": "Sanguine Bond", "id": "SB"}, {"card": "Soulmender", "id": "SM"}]})
    state = resolve(act(state, kind="activate", card_id="SM"))
    assert life(state, "you") == 21 and life(state, "opponent") == 19


def test_614_1a_magma_spray_exiles_instead_of_dying_and_nothing_dies():
    state = load(you={"hand": [{"card": "Magma Spray", "id": "MS"}],
                      "battlefield": [{"card": "Mountain", "id": "M"}, {"card": "Pelt Collector", "id": "PC"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Doomed Traveler", "id": "DT"}]})
    state = resolve(act(state, kind="cast", card_id="MS", targets=["DT"]))
    assert zone(state, "DT") == "exile"
    # it never died: no Spirit token from its dies trigger
    assert [c["card"] for c in data(state)["players"]["opponent"]["battlefield"]] == ["Island"]


def test_614_1a_magma_spray_on_a_survivor_lasts_the_turn():
    state = load(you={"hand": [{"card": "Magma Spray", "id": "MS"}, {"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Mountain", "id": "M1"}, {"card": "Mountain", "id": "M2"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Wall of Omens", "id": "WO"}]})
    casts = [a for a, d in actions(state, kind="cast", card_id="MS") if d["targets"] == ["WO"]]
    assert len(casts) == 1  # the two Mountains are interchangeable
    state = resolve(cj.apply(state, casts[0]))
    assert zone(state, "WO") == "battlefield" and card(state, "WO")["damage"] == 2
    state = resolve(act(state, kind="cast", card_id="LB", targets=["WO"]))
    assert zone(state, "WO") == "exile"

"""Scry, cycling, exchanging life totals, losing the game by an effect and a choice made by
another player ("unless that creature's controller ..."), with the cards of MTG Puzzles #06
(Opt, Savai Triome, Axis of Mortality, Triskaidekaphobia, Blazing Salvo, Oreskos Sun Guide,
Nocturnal Feeder, Bogardan Firefiend): each rule played as a scenario."""

import cardjudge as cj
from mtg_helpers import act, actions, card, data, load, pass_until, resolve, until_phase, zone


def life(state):
    players = data(state)["players"]
    return players["you"]["life"], players["opponent"]["life"]


def test_701_22a_opt_scry_1_may_put_the_top_card_on_the_bottom():
    library = [{"card": "Forest", "id": "TOP"}, {"card": "Mountain", "id": "SECOND"}]
    state = load(you={"hand": [{"card": "Opt", "id": "OPT"}], "library": library,
                      "battlefield": [{"card": "Island", "id": "I1"}]})
    state = act(state, kind="cast", card_id="OPT")
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    choices = sorted(d["text"] for _, d in actions(state, kind="choose"))
    assert choices == ["you choose Forest (scry 1: the card to put on the bottom of your library)",
                       "you choose nothing (scry 1: the card to put on the bottom of your library)"]
    bottom = resolve(act(state, kind="choose", targets=["TOP"]))
    assert zone(bottom, "SECOND") == "hand" and zone(bottom, "TOP") == "library"
    kept = resolve(act(state, kind="choose", text=choices[1]))
    assert zone(kept, "TOP") == "hand" and zone(kept, "SECOND") == "library"


def test_702_29a_cycling_discards_the_card_from_the_hand_to_draw():
    state = load(you={"hand": [{"card": "Savai Triome", "id": "TRI"}], "library": [{"card": "Forest", "id": "TOP"}],
                      "battlefield": [{"card": "Mountain", "id": f"M{n}"} for n in range(3)]})
    (cycle,) = [d for _, d in actions(state, kind="activate", card_id="TRI")]
    assert {c["kind"] for c in cycle["costs"]} == {"mana", "discard"}
    state = resolve(act(state, kind="activate", card_id="TRI"))
    assert zone(state, "TRI") == "graveyard" and zone(state, "TOP") == "hand"


def test_702_29a_cycling_is_not_an_ability_of_the_land_on_the_battlefield():
    state = load(you={"battlefield": [{"card": "Savai Triome", "id": "TRI"}]
                      + [{"card": "Mountain", "id": f"M{n}"} for n in range(3)]})
    offered = {d["text"] for _, d in actions(state, kind="activate", card_id="TRI")}
    assert offered and not [text for text in offered if "Cycling" in text]


def test_614_1c_savai_triome_enters_tapped():
    state = load(you={"hand": [{"card": "Savai Triome", "id": "TRI"}]})
    state = act(state, kind="play_land", card_id="TRI")
    assert card(state, "TRI").get("tapped") is True


def upkeep_with(enchantment, you_life, opponent_life, **you):
    state = load(phase="cleanup", active="opponent", turn=4,
                 you={"life": you_life, "battlefield": [{"card": enchantment, "id": "EN"}], **you},
                 opponent={"life": opponent_life})
    return state


def answer(state, text):
    """Pass until a choice is asked, then make the one whose text is ``text``."""
    state = pass_until(state, lambda s: bool(actions(s, kind="choose")))
    return act(state, kind="choose", text=text)


def test_701_12c_axis_of_mortality_exchanges_life_totals():
    state = upkeep_with("Axis of Mortality", 7, 15)
    assert data(state)["phase"] == "upkeep"
    state = resolve(answer(state, "you choose yes (Axis of Mortality: you may)"))
    assert life(state) == (15, 7)


def test_axis_of_mortality_is_a_may():
    state = resolve(answer(upkeep_with("Axis of Mortality", 7, 15), "you choose no (Axis of Mortality: you may)"))
    assert life(state) == (7, 15)


def test_104_3e_triskaidekaphobia_each_player_with_13_life_loses():
    state = upkeep_with("Triskaidekaphobia", 20, 13)
    state = resolve(answer(state, "you choose then_each_gains_1"))
    assert cj.to_dict(state)["winner"] == "you"


def test_104_3e_triskaidekaphobia_then_each_player_loses_1():
    state = upkeep_with("Triskaidekaphobia", 20, 14)
    state = resolve(answer(state, "you choose then_each_loses_1"))
    assert cj.to_dict(state).get("winner") is None and life(state) == (19, 13)


def salvo(target_controller_choice):
    state = load(you={"hand": [{"card": "Blazing Salvo", "id": "BS"}], "battlefield": [{"card": "Mountain", "id": "M"}]},
                 opponent={"life": 14, "battlefield": [{"card": "Island", "id": "OI"},
                                                       {"card": "Bogardan Firefiend", "id": "BF"}]})
    state = act(state, kind="cast", card_id="BS", targets=["BF"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    assert sorted(d["player"] for _, d in actions(state, kind="choose")) == ["opponent", "opponent"]
    return act(state, kind="choose", text=f"opponent chooses {target_controller_choice}")


def test_118_12_blazing_salvo_its_controller_chooses_the_5_damage():
    state = resolve(salvo("it_deals_5_to_me"))
    assert life(state) == (20, 9) and zone(state, "BF") == "battlefield"


def test_blazing_salvo_kills_the_firefiend_which_deals_2_damage_as_it_dies():
    state = salvo("it_deals_3_to_the_creature")
    assert zone(state, "BF") == "graveyard"
    # its dies trigger targets a creature: the only one left is none, so it is removed
    state = resolve(state)
    assert life(state) == (20, 14)


def test_inspired_oreskos_sun_guide_gains_2_as_it_untaps_and_feeder_drains_as_it_dies():
    state = load(phase="cleanup", active="opponent", turn=4,
                 you={"life": 10, "battlefield": [{"card": "Oreskos Sun Guide", "id": "SG", "tapped": True},
                                                  {"card": "Nocturnal Feeder", "id": "NF"},
                                                  {"card": "Mountain", "id": "M"}],
                      "hand": [{"card": "Blazing Salvo", "id": "BS"}]},
                 opponent={"life": 14})
    state = resolve(state)
    assert life(state) == (12, 14)
    state = until_phase(state, "main1")
    state = act(state, kind="cast", card_id="BS", targets=["NF"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    state = resolve(act(state, kind="choose", text="you choose it_deals_3_to_the_creature"))
    assert zone(state, "NF") == "graveyard" and life(state) == (14, 12)


def test_603_5_a_may_trigger_read_back_from_a_position_still_asks():
    # "you may" of a triggered ability is asked on resolution, also of one written by to_dict
    state = upkeep_with("Axis of Mortality", 7, 15)
    state = cj.load_position(cj.to_dict(state))
    state = resolve(answer(state, "you choose no (Axis of Mortality: you may)"))
    assert life(state) == (7, 15)

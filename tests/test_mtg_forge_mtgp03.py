"""The cards of MTG Puzzles #03 (Forge's MTGP_03, "Crews Control"): Renegade Wheelsmith, Mobile
Garrison, Granger Guildmage, Knotvine Paladin and Temple Garden (Chaos Charm's modes are in
test_mtg_modes_on_cast.py), each by its rules, and the published solution played out."""

from pathlib import Path

import cardjudge as cj
from cardjudge.solver.forge import read_pzl, to_position
from mtg_helpers import act, act_any_payment, actions, card, data, dicts, load, resolve, until_phase, zone

ILLUSIONS = [{"card": "Grizzly Bears", "id": f"SC{n}"} for n in (1, 2, 3)]  # the blockers


def crew_with(state, *crew, vehicle="MG"):
    """Crew the Vehicle with exactly the creatures ``crew`` (crewing with more is another action)."""
    found = [a for a, d in actions(state, kind="activate", card_id=vehicle)
             if any(c["kind"] == "crew" and sorted(c["cards"]) == sorted(crew) for c in d["costs"])]
    assert len(found) == 1, [d["costs"] for _, d in actions(state, kind="activate", card_id=vehicle)]
    return cj.apply(state, found[0])


def put_wheelsmith_trigger(state, target):
    return act(state, text="you put Renegade Wheelsmith's triggered ability (tapped: RW) on the stack next "
                           f"targeting {target}")


def declare(state, *attackers):
    for attacker in attackers:
        state = act(state, kind="attack", card_id=attacker)
    return act(state, text="you declare no more attackers")


def garrison_position(**you):
    battlefield = [{"card": "Mobile Garrison", "id": "MG"}, {"card": "Renegade Wheelsmith", "id": "RW", "sick": True},
                   {"card": "Knotvine Paladin", "id": "KP"}, {"card": "Granger Guildmage", "id": "GG"},
                   {"card": "Mountain", "id": "M1"}, {"card": "Mountain", "id": "M2"}]
    return load(you={"battlefield": battlefield, **you}, opponent={"life": 8, "battlefield": list(ILLUSIONS)})


def test_702_122_a_summoning_sick_wheelsmith_crews_and_its_tapping_triggers_509_1a_cant_block():
    state = crew_with(garrison_position(), "RW")
    assert card(state, "RW")["tapped"]
    state = resolve(put_wheelsmith_trigger(state, "SC1"))
    assert "Creature" in card(state, "MG")["now"]["types"]
    assert "Can't block" in card(state, "SC1")["now"]["keywords"]
    assert "Can't block" not in card(state, "SC2")["now"]["keywords"]


def test_603_2_mobile_garrison_attacking_untaps_another_target_never_itself():
    state = resolve(put_wheelsmith_trigger(crew_with(garrison_position(), "RW"), "SC1"))
    state = until_phase(state, "declare_attackers")
    state = declare(state, "MG")
    targets = {tuple(d["targets"]) for d in dicts(state) if "Mobile Garrison's triggered ability" in d["text"]}
    assert ("MG",) not in targets and ("RW",) in targets  # "another target artifact or creature you control"
    state = act(state, text="you put Mobile Garrison's triggered ability (attacks: MG) on the stack "
                                           "next targeting RW")
    state = resolve(state)
    assert not card(state, "RW")["tapped"]


def test_608_2h_knotvine_paladin_counts_the_untapped_creatures_as_its_ability_resolves():
    state = until_phase(garrison_position(), "declare_attackers")
    state = declare(state, "KP")
    state = resolve(state)
    # untapped: the Wheelsmith and the Guildmage (the attacking Paladin is tapped; the Garrison is no creature)
    assert card(state, "KP")["now"]["power"] == 4 and card(state, "KP")["now"]["toughness"] == 4


def test_granger_guildmage_deals_1_to_any_target_and_1_to_you():
    state = resolve(act(garrison_position(), kind="activate", card_id="GG", targets=["opponent"]))
    assert data(state)["players"]["opponent"]["life"] == 7 and data(state)["players"]["you"]["life"] == 19
    assert card(state, "GG")["tapped"]


def test_702_7b_granger_guildmage_gives_first_strike_until_end_of_turn():
    state = load(you={"battlefield": [{"card": "Granger Guildmage", "id": "GG"}, {"card": "Plains", "id": "P"},
                                      {"card": "Grizzly Bears", "id": "GB"}]})
    state = resolve(act(state, kind="activate", card_id="GG", targets=["GB"]))
    assert "First strike" in card(state, "GB")["now"]["keywords"]
    state = until_phase(state, "main1", turn=6)
    assert "First strike" not in card(state, "GB")["now"]["keywords"]


def temple_garden(life=20):
    return act(load(you={"life": life, "hand": [{"card": "Temple Garden", "id": "TG"}]}), kind="play_land")


def test_614_1c_temple_garden_paid_2_life_enters_untapped():
    state = act(temple_garden(), kind="choose", text="you choose pay_2_life")
    assert zone(state, "TG") == "battlefield" and not card(state, "TG")["tapped"]
    assert data(state)["players"]["you"]["life"] == 18


def test_614_1c_temple_garden_not_paid_enters_tapped():
    state = act(temple_garden(), kind="choose", text="you choose enters_tapped")
    assert zone(state, "TG") == "battlefield" and card(state, "TG")["tapped"]
    assert data(state)["players"]["you"]["life"] == 20


def test_119_4_at_1_life_temple_garden_cannot_be_paid_for_and_enters_tapped():
    state = temple_garden(life=1)
    assert not [d for d in dicts(state) if d["kind"] == "choose"]
    assert zone(state, "TG") == "battlefield" and card(state, "TG")["tapped"]
    assert data(state)["players"]["you"]["life"] == 1


PZL = Path(__file__).resolve().parent / "data" / "forge_played" / "MTGP_03.pzl"


def pass_priority(state):
    """Both players pass until the stack is empty (each pass strict: the one player to act passes)."""
    while data(state)["stack"]:
        state = act(state, kind="pass")
    return state


def test_mtg_puzzles_03_the_published_line_wins():
    """You at 3, the opponent at 8 with three 1/1 flying Illusions. The published idea: the
    Wheelsmith crews the Garrison (an Illusion can't block), the Garrison's attack untaps it,
    it crews again (a second Illusion can't block); Chaos Charm's 1 damage kills the third;
    the Paladin counts the Wheelsmith and the Guildmage (4/4), the Guildmage pings for the last 1."""
    state = cj.load_position(to_position(read_pzl(PZL)))
    # a Mountain and a Temple Garden pay (its {G} or its {W} for the {1}: the same cost part)
    state = pass_priority(act_any_payment(state, interchangeable=["YB7"], kind="cast", card_id="YH1",
                                          costs_include=["YB4", "YB7"]))
    state = crew_with(state, "YH1", vehicle="YB1")
    state = pass_priority(act(state, text="you put Renegade Wheelsmith's triggered ability (tapped: YH1) on the "
                                          "stack next targeting OB1"))
    state = until_phase(state, "declare_attackers")
    state = act(act(state, kind="attack", card_id="YB1"), kind="attack", card_id="YB3")
    state = act(state, text="you declare no more attackers")
    state = act(state, text="you put Knotvine Paladin's triggered ability (attacks: YB3) on the stack next")
    state = pass_priority(act(state, text="you put Mobile Garrison's triggered ability (attacks: YB1) on the stack "
                                          "next targeting YH1"))
    assert card(state, "YB3")["now"]["power"] == 4 and not card(state, "YH1")["tapped"]
    state = crew_with(state, "YH1", vehicle="YB1")
    state = pass_priority(act(state, text="you put Renegade Wheelsmith's triggered ability (tapped: YH1) on the "
                                          "stack next targeting OB2"))
    state = pass_priority(act(state, kind="cast", card_id="YH2", mode="one_damage_to_target_creature",
                              targets=["OB3"]))
    assert zone(state, "OB3") is None  # the dead Illusion token ceased to exist (704.5d)
    state = pass_priority(act(state, kind="activate", card_id="YB2", targets=["opponent"]))
    assert data(state)["players"]["you"]["life"] == 2 and data(state)["players"]["opponent"]["life"] == 7
    # no Illusion can block: 3 + 4 combat damage
    state = until_phase(state, "combat_damage")
    assert data(state)["players"]["opponent"]["life"] == 0 and state.winner == "you"

"""The cards of MTG Puzzles #08 "Counter Intelligence" and the rules they need, each played as a
scenario: a pain land's damage from its mana ability (on its own and while paying a cost), a
filter land's hybrid-paid mana ability, removing all counters of a kind ("and it deals that much
damage"), "the third time this ability has resolved this turn" (Ashling the Pilgrim), entering
with -1/-1 counters and a cost that removes one (Carnifex Demon), Dread Shade's pump."""

import pytest

import cardjudge as cj
from cardjudge.errors import InputError
from mtg_helpers import act, actions, card, data, life, load, pass_until, resolve, zone


def mana_pool(state, player="you"):
    return data(state)["players"][player].get("mana_pool", "")


def lands(name, count, prefix):
    return [{"card": name, "id": f"{prefix}{n}"} for n in range(1, count + 1)]


# ---------------------------------------------------------------- Shivan Reef (a pain land)


def test_605_3b_shivan_reef_colored_mana_deals_1_damage_to_you_at_once():
    state = load(you={"battlefield": [{"card": "Shivan Reef", "id": "REEF"}]})
    texts = sorted(d["text"] for _, d in actions(state, kind="activate", card_id="REEF"))
    assert texts == ["you activate Shivan Reef (add {C})", "you activate Shivan Reef (add {R}, 1 damage to you)",
                     "you activate Shivan Reef (add {U}, 1 damage to you)"]
    red = act(state, kind="activate", text="you activate Shivan Reef (add {R}, 1 damage to you)")
    assert mana_pool(red) == "R" and life(red, "you") == 19 and not data(red)["stack"]
    colorless = act(state, kind="activate", text="you activate Shivan Reef (add {C})")
    assert mana_pool(colorless) == "C" and life(colorless, "you") == 20


def test_605_3b_a_pain_land_tapped_to_pay_a_cost_deals_its_damage():
    state = load(you={"hand": [{"card": "Scar", "id": "SCAR"}], "battlefield": [{"card": "Shivan Reef", "id": "REEF"}]},
                 opponent={"battlefield": [{"card": "Dread Shade", "id": "SHADE"}]})
    # {B/R} is paid only by the red mana: the one payment, and its text says the damage
    (cast,) = [d for _, d in actions(state, kind="cast", card_id="SCAR")]
    assert cast["text"] == "you cast Scar targeting SHADE (Shivan Reef: add {R}, 1 damage to you)"
    state = act(state, kind="cast", card_id="SCAR")
    assert life(state, "you") == 19 and card(state, "REEF")["tapped"] is True
    state = resolve(state)
    assert card(state, "SHADE")["counters"] == {"M1M1": 1}


PAIN_TEXTS = sorted([
    "opponent activates Ashling the Pilgrim (Shivan Reef: add {R}, 1 damage to you)",
    "opponent activates Ashling the Pilgrim (Shivan Reef: add {U}, 1 damage to you; Shivan Reef: add {R}, 1 damage "
    "to you)",
    "opponent activates Ashling the Pilgrim (Shivan Reef: add {R}, 1 damage to you; Shivan Reef: add {R}, 1 damage "
    "to you)",
])


def test_605_3b_payments_differing_by_the_pain_are_different_actions():
    state = load(opponent={"battlefield": [{"card": "Ashling the Pilgrim", "id": "ASH"}]
                           + lands("Shivan Reef", 2, "REEF")}, active="opponent")
    texts = sorted(d["text"] for _, d in actions(state, kind="activate", card_id="ASH"))
    # {1}{R}: the {R} from one Reef, the {1} from the other's {C}, {R} or {U}
    assert texts == PAIN_TEXTS
    one = act(state, kind="activate", card_id="ASH", text=PAIN_TEXTS[0])
    two = act(state, kind="activate", card_id="ASH", text=PAIN_TEXTS[1])
    assert life(one, "opponent") == 19 and life(two, "opponent") == 18


# ---------------------------------------------------------------- Cascade Bluffs (a filter land)


def test_107_4e_cascade_bluffs_filters_a_hybrid_paid_mana_into_two():
    state = load(you={"battlefield": [{"card": "Cascade Bluffs", "id": "BLUFFS"}, {"card": "Mountain", "id": "MTN"}]})
    offered = sorted((d["text"], tuple(c["cards"] for c in d["costs"] if c["kind"] == "mana"))
                     for _, d in actions(state, kind="activate", card_id="BLUFFS"))
    # {U/R} is paid by the Mountain's red mana; {T} taps the Bluffs themselves
    assert offered == [("you activate Cascade Bluffs (add {C})", ()),
                       ("you activate Cascade Bluffs (add {R}{R})", (["MTN"],)),
                       ("you activate Cascade Bluffs (add {U}{R})", (["MTN"],)),
                       ("you activate Cascade Bluffs (add {U}{U})", (["MTN"],))]
    state = act(state, kind="activate", text="you activate Cascade Bluffs (add {U}{R})")
    assert mana_pool(state) == "UR"
    assert card(state, "BLUFFS")["tapped"] is True and card(state, "MTN")["tapped"] is True


def test_107_4e_cascade_bluffs_cannot_filter_mana_that_pays_no_u_r():
    state = load(you={"battlefield": [{"card": "Cascade Bluffs", "id": "BLUFFS"}, {"card": "Swamp", "id": "SW"}]})
    texts = [d["text"] for _, d in actions(state, kind="activate", card_id="BLUFFS")]
    assert texts == ["you activate Cascade Bluffs (add {C})"]


# ---------------------------------------------------------------- Ashling the Pilgrim


def ashling_board(**ashling):
    return load(you={"battlefield": [{"card": "Ashling the Pilgrim", "id": "ASH", **ashling},
                                     {"card": "Dread Shade", "id": "SHADE"}] + lands("Mountain", 6, "M")},
                opponent={"life": 20, "battlefield": [{"card": "Carnifex Demon", "id": "DEMON"}]})


def activate_ashling(state):
    """Activate Ashling with two Mountains (which two does not matter) and let it resolve."""
    found = actions(state, kind="activate", card_id="ASH")
    assert len({d["text"] for _, d in found}) == 1 and len(found) == 1, [d for _, d in found]
    return resolve(cj.apply(state, found[0][0]))


def test_ashling_the_pilgrim_the_third_resolution_removes_the_counters_and_deals_that_much():
    state = activate_ashling(ashling_board())
    state = activate_ashling(state)
    assert card(state, "ASH")["counters"] == {"P1P1": 2} and card(state, "ASH")["resolved"] == {"pilgrim": 2}
    state = activate_ashling(state)
    # the third: a third counter, then all three removed and 3 damage to each creature and player
    assert life(state, "you") == 17 and life(state, "opponent") == 17
    assert zone(state, "ASH") == "graveyard" and zone(state, "SHADE") == "graveyard"  # 1/1 and 3/3
    assert card(state, "DEMON")["damage"] == 3 and zone(state, "DEMON") == "battlefield"  # a 4/4 (its counters)


def test_ashling_the_pilgrim_counts_resolutions_not_counters():
    # +1/+1 counters from elsewhere do not make a resolution the third
    state = activate_ashling(ashling_board(counters={"P1P1": 2}))
    assert card(state, "ASH")["counters"] == {"P1P1": 3} and life(state, "you") == 20


def test_ashling_the_pilgrim_count_is_read_from_a_position_and_ends_with_the_turn():
    state = activate_ashling(ashling_board(counters={"P1P1": 1}, resolved={"pilgrim": 2}))
    assert life(state, "you") == 18 and zone(state, "ASH") == "graveyard"  # 2 counters removed: 2 damage
    later = pass_until(ashling_board(resolved={"pilgrim": 2}), lambda s: data(s)["turn"] == 6)
    assert "resolved" not in card(later, "ASH")


def test_ashling_the_pilgrim_a_countered_counter_leaves_nothing_to_remove():
    # 704.5q: a -1/-1 counter and a +1/+1 counter cancel, so the third resolution finds only its own
    state = ashling_board(counters={"P1P1": 1, "M1M1": 1}, resolved={"pilgrim": 2})
    state = activate_ashling(state)
    assert life(state, "you") == 19 and zone(state, "ASH") == "graveyard"


def test_a_bad_remove_counters_or_count_resolution_is_refused_with_the_card():
    from cardjudge.cards.loader import parse_cards

    bad_n = {"name": "Bad", "types": ["Creature"], "power": 1, "toughness": 1, "abilities": [
        {"kind": "activated", "cost": "{1}", "effect": [{"remove_counters": {"cards": "self", "n": -1}}]}]}
    with pytest.raises(InputError, match="remove_counters.n is a number 0 or more or 'all'"):
        parse_cards([bad_n], "mtg", "bad.yaml")
    bad_name = {"name": "Bad", "types": ["Creature"], "power": 1, "toughness": 1, "abilities": [
        {"kind": "activated", "cost": "{1}", "effect": [{"count_resolution": "self.power"}]}]}
    with pytest.raises(InputError, match="count_resolution' takes a name"):
        parse_cards([bad_name], "mtg", "bad.yaml")


# ---------------------------------------------------------------- Carnifex Demon, Dread Shade


def test_614_1c_carnifex_demon_enters_with_two_minus_counters():
    state = load(you={"hand": [{"card": "Carnifex Demon", "id": "DEMON"}], "battlefield": lands("Swamp", 6, "S")})
    state = resolve(act(state, kind="cast", card_id="DEMON"))
    demon = card(state, "DEMON")
    assert demon["counters"] == {"M1M1": 2} and (demon["now"]["power"], demon["now"]["toughness"]) == (4, 4)


def test_carnifex_demon_removes_a_counter_to_put_one_on_each_other_creature():
    state = load(you={"battlefield": [{"card": "Carnifex Demon", "id": "DEMON", "counters": {"M1M1": 1}},
                                      {"card": "Dread Shade", "id": "SHADE"}, {"card": "Swamp", "id": "S1"},
                                      {"card": "Swamp", "id": "S2"}]},
                 opponent={"battlefield": [{"card": "Ashling the Pilgrim", "id": "ASH"}]})
    state = act(state, kind="activate", card_id="DEMON", cost_kinds=["remove_counter"])
    assert "counters" not in card(state, "DEMON")  # removed as the cost is paid
    state = resolve(state)
    assert card(state, "SHADE")["counters"] == {"M1M1": 1} and zone(state, "ASH") == "graveyard"
    assert "counters" not in card(state, "DEMON")
    # no -1/-1 counter left to remove: the ability cannot be activated
    assert not actions(state, kind="activate", card_id="DEMON")


def test_dread_shade_gets_plus_one_until_end_of_turn():
    state = load(you={"battlefield": [{"card": "Dread Shade", "id": "SHADE"}, {"card": "Swamp", "id": "S1"}]})
    state = resolve(act(state, kind="activate", card_id="SHADE"))
    assert (card(state, "SHADE")["now"]["power"], card(state, "SHADE")["now"]["toughness"]) == (4, 4)
    later = pass_until(state, lambda s: data(s)["turn"] == 6)
    assert card(later, "SHADE")["now"]["power"] == 3

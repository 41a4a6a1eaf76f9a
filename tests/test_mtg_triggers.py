"""Triggered abilities (spec/rulings.md T1-T8 and G2, seed 003) played as scenarios."""

import cardjudge as cj
from mtg_helpers import act, actions, card, data, dicts, life, load, resolve, stack, until_phase, zone


def pass_both(state):
    """The player with priority passes, then the other one."""
    state = act(state, kind="pass", player=data(state)["priority"])
    return act(state, kind="pass", player=data(state)["priority"])


# --- T1: put on the stack the next time a player would receive priority; costs nothing -------

def test_T1_ball_lightning_trigger_goes_on_the_stack_at_the_end_step():
    state = load(phase="main2", you={"battlefield": [{"card": "Ball Lightning", "id": "BL"}]})
    state = until_phase(state, "end")
    assert [(s["card"], s["kind"], s["controller"]) for s in stack(state)] == [("Ball Lightning", "trigger", "you")]
    assert data(state)["priority"] == "you"
    state = resolve(state)
    assert zone(state, "BL") == "graveyard"


def test_T1_pelt_collector_triggers_when_a_bigger_creature_enters():
    state = load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                      "battlefield": [{"card": "Pelt Collector", "id": "PC"}, {"card": "Forest", "id": "F1"},
                                      {"card": "Forest", "id": "F2"}]})
    state = act(state, kind="cast", card_id="GB")
    state = pass_both(state)
    assert [s["card"] for s in stack(state)] == ["Pelt Collector"]
    state = resolve(state)
    assert card(state, "PC")["counters"] == {"P1P1": 1}
    assert card(state, "PC")["now"]["power"] == 2


def test_T1_pelt_collector_does_not_trigger_for_a_smaller_creature():
    state = load(you={"hand": [{"card": "Memnite", "id": "MM"}], "battlefield": [{"card": "Pelt Collector", "id": "PC"}]})
    state = act(state, kind="cast", card_id="MM")
    state = pass_both(state)
    assert stack(state) == []


def test_T1_smugglers_copter_loots_when_it_attacks():
    state = load(you={"hand": [{"card": "Silvercoat Lion", "id": "SL"}],
                      "library": [{"card": "Forest", "id": "TOP"}, "Forest"],
                      "battlefield": [{"card": "Smuggler's Copter", "id": "SC"}, {"card": "Memnite", "id": "MM"}]})
    state = act(state, kind="activate", card_id="SC")
    state = resolve(state)
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="SC")
    state = act(state, kind="pass", player="you")
    assert [s["card"] for s in stack(state)] == ["Smuggler's Copter"]
    state = pass_both(state)
    state = act(state, kind="choose", targets=["SC"])  # yes: draw, then discard
    assert zone(state, "TOP") == "hand"
    state = act(state, kind="choose", targets=["SL"])
    assert zone(state, "SL") == "graveyard"


# --- T2: intervening "if" --------------------------------------------------------------------

def felidar(life_total):
    return load(active="opponent", phase="end", turn=6,
                you={"life": life_total, "battlefield": [{"card": "Felidar Sovereign", "id": "FS"}]},
                opponent={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                          "battlefield": [{"card": "Mountain", "id": "M"}]})


def test_T2_felidar_does_not_trigger_below_40_life():
    state = until_phase(felidar(39), "upkeep")
    assert stack(state) == []


def test_T2_felidar_wins_at_40_life():
    state = until_phase(felidar(40), "upkeep")
    assert [s["card"] for s in stack(state)] == ["Felidar Sovereign"]
    state = pass_both(state)
    assert data(state)["winner"] == "you"
    assert cj.legal_actions(state) == []


def test_T2_felidar_does_nothing_when_life_drops_below_40_before_it_resolves():
    state = until_phase(felidar(41), "upkeep")
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="LB", targets=["you"])
    state = resolve(state)
    assert life(state, "you") == 38
    assert data(state)["winner"] is None
    assert data(state)["phase"] == "upkeep"


def test_T2_felidar_still_wins_when_life_is_back_to_40_on_resolution():
    # 43 at the event, 40 on resolution: the condition holds both times
    state = until_phase(felidar(43), "upkeep")
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="LB", targets=["you"])
    state = resolve(state)
    assert data(state)["winner"] == "you"


# --- T3: a delayed trigger exists only once created --------------------------------------------

def test_T3_journey_cast_in_the_end_step_returns_at_the_next_turns_end_step():
    state = load(phase="end", you={"hand": [{"card": "Otherworldly Journey", "id": "OJ"}],
                                   "battlefield": [{"card": "Plains", "id": "P1"}, {"card": "Plains", "id": "P2"}]},
                 opponent={"battlefield": [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Island", "id": "OI"}]})
    state = act(state, kind="cast", card_id="OJ", targets=["GB"])
    state = resolve(state)
    assert zone(state, "GB") == "exile"
    # the end step has begun already: "the next end step" is the next turn's
    state = until_phase(state, "main1", turn=6)
    assert zone(state, "GB") == "exile"
    state = until_phase(state, "end", turn=6)
    assert [s["card"] for s in stack(state)] == ["Otherworldly Journey"]
    state = resolve(state)
    assert zone(state, "GB") == "battlefield"
    assert card(state, "GB")["counters"] == {"P1P1": 1}
    assert card(state, "GB")["now"]["power"] == 3
    assert any(c["id"] == "GB" for c in data(state)["players"]["opponent"]["battlefield"])


# --- T4: once only, unless a duration ----------------------------------------------------------

def test_T4_journey_returns_the_card_once_only():
    state = load(phase="main1", you={"hand": [{"card": "Otherworldly Journey", "id": "OJ"}],
                                     "battlefield": [{"card": "Plains", "id": "P1"}, {"card": "Plains", "id": "P2"}]},
                 opponent={"battlefield": [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Island", "id": "OI"}]})
    state = act(state, kind="cast", card_id="OJ", targets=["GB"])
    state = resolve(state)
    state = until_phase(state, "end")
    state = resolve(state)
    assert zone(state, "GB") == "battlefield"
    assert "delayed" not in data(state)
    state = until_phase(state, "end", turn=6)
    assert stack(state) == []
    assert card(state, "GB")["counters"] == {"P1P1": 1}


# --- T5: the object changed characteristics, or left its zone ----------------------------------

def sneak_attack_position(**more):
    you = {"hand": [{"card": "Grizzly Bears", "id": "GB"}] + more.pop("hand", []),
           "battlefield": [{"card": "Sneak Attack", "id": "SA"}] +
                          [{"card": "Mountain", "id": f"M{n}"} for n in range(2)] + more.pop("battlefield", [])}
    return load(you=you, **more)


def sneak_in(state):
    state = act(state, kind="activate", card_id="SA")
    state = pass_both(state)
    return act(state, kind="choose", targets=["GB"])


def test_T5_sneak_attack_sacrifices_the_creature_at_the_next_end_step():
    state = sneak_in(sneak_attack_position())
    assert "Haste" in card(state, "GB")["now"]["keywords"]
    state = until_phase(state, "declare_attackers")
    assert actions(state, kind="attack", card_id="GB")
    state = until_phase(state, "end")
    state = resolve(state)
    assert zone(state, "GB") == "graveyard"


def test_T5_sneak_attack_creature_that_became_a_copy_is_still_sacrificed():
    state = sneak_attack_position(hand=[{"card": "Cytoshape", "id": "CY"}],
                                  battlefield=[{"card": "Forest", "id": "F"}, {"card": "Island", "id": "I1"},
                                               {"card": "Island", "id": "I2"}, {"card": "Memnite", "id": "MM"}])
    state = sneak_in(state)
    state = act(state, kind="cast", card_id="CY", targets=["GB"], costs_include=["M1", "F", "I1"])
    state = pass_both(state)
    state = act(state, kind="choose", targets=["MM"])
    assert card(state, "GB")["now"]["name"] == "Memnite"
    state = until_phase(state, "end")
    state = resolve(state)
    assert zone(state, "GB") == "graveyard"


def test_T5_sneak_attack_creature_that_left_and_came_back_stays():
    state = sneak_attack_position(hand=[{"card": "Cloudshift", "id": "CS"}],
                                  battlefield=[{"card": "Plains", "id": "P"}])
    state = sneak_in(state)
    state = act(state, kind="cast", card_id="CS", targets=["GB"])
    state = resolve(state)
    assert zone(state, "GB") == "battlefield"  # a new object
    assert "Haste" not in card(state, "GB")["now"]["keywords"]
    assert card(state, "GB")["sick"] is True
    state = until_phase(state, "end")
    state = resolve(state)
    assert zone(state, "GB") == "battlefield"


def lunge_position():
    return load(you={"hand": [{"card": "Postmortem Lunge", "id": "PL"}, {"card": "Cloudshift", "id": "CS"}],
                     "graveyard": [{"card": "Grizzly Bears", "id": "GB"}],
                     "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"},
                                     {"card": "Swamp", "id": "S3"}, {"card": "Plains", "id": "P"}]})


def test_T5_postmortem_lunge_exiles_the_returned_creature_at_the_end_step():
    state = lunge_position()
    found = dicts(state, kind="cast", card_id="PL", targets=["GB"])
    # X = 2 (the mana value of the Bears); {B/P} paid with {B} or with 2 life
    assert {tuple(c["kind"] for c in d["costs"]) for d in found} == {("mana",), ("mana", "pay_life")}
    state = act(state, kind="cast", card_id="PL", targets=["GB"], cost_kinds=["pay_life"], costs_include=["S1", "S2"])
    assert life(state, "you") == 18
    state = resolve(state)
    assert zone(state, "GB") == "battlefield" and "Haste" in card(state, "GB")["now"]["keywords"]
    state = until_phase(state, "end")
    state = resolve(state)
    assert zone(state, "GB") == "exile"


def test_T5_postmortem_lunge_creature_that_left_and_came_back_is_not_exiled():
    state = lunge_position()
    state = act(state, kind="cast", card_id="PL", targets=["GB"], cost_kinds=["pay_life"], costs_include=["S1", "S2"])
    state = resolve(state)
    state = act(state, kind="cast", card_id="CS", targets=["GB"])
    state = resolve(state)
    state = until_phase(state, "end")
    state = resolve(state)
    assert zone(state, "GB") == "battlefield"


# --- T6: source and controller of a delayed trigger ---------------------------------------------

def test_T6_kiki_jiki_delayed_trigger_stays_yours_after_kiki_jiki_leaves():
    state = load(you={"battlefield": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                      {"card": "Grizzly Bears", "id": "GB"}]},
                 opponent={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                           "battlefield": [{"card": "Mountain", "id": "M"}, {"card": "Island", "id": "OI"}]})
    state = act(state, kind="activate", card_id="KJ", targets=["GB"])
    state = resolve(state)
    tokens = [c for c in data(state)["players"]["you"]["battlefield"] if c.get("token")]
    assert len(tokens) == 1 and tokens[0]["card"] == "Grizzly Bears" and "Haste" in tokens[0]["now"]["keywords"]
    assert tokens[0]["sick"] is True
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="LB", targets=["KJ"])
    state = resolve(state)
    assert zone(state, "KJ") == "graveyard"
    state = until_phase(state, "end")
    assert [(s["card"], s["controller"]) for s in stack(state)] == [("Kiki-Jiki, Mirror Breaker", "you")]
    state = resolve(state)
    assert not [c for c in data(state)["players"]["you"]["battlefield"] if c.get("token")]


def test_T6_journey_on_an_opponents_creature_is_your_trigger_returning_it_to_its_owner():
    state = load(phase="main1", you={"hand": [{"card": "Otherworldly Journey", "id": "OJ"}],
                                     "battlefield": [{"card": "Plains", "id": "P1"}, {"card": "Plains", "id": "P2"}]},
                 opponent={"battlefield": [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Island", "id": "OI"}]})
    state = act(state, kind="cast", card_id="OJ", targets=["GB"])
    state = resolve(state)
    state = until_phase(state, "end")
    assert [s["controller"] for s in stack(state)] == ["you"]
    state = resolve(state)
    assert any(c["id"] == "GB" for c in data(state)["players"]["opponent"]["battlefield"])


# --- T7: "as enters" is no trigger ------------------------------------------------------------

def test_T7_clone_copy_is_chosen_as_it_enters_with_nobody_able_to_respond():
    state = load(you={"hand": [{"card": "Clone", "id": "CL"}],
                      "battlefield": [{"card": "Pelt Collector", "id": "PC"}, {"card": "Grizzly Bears", "id": "GB"}] +
                                     [{"card": "Island", "id": f"I{n}"} for n in range(4)]})
    state = act(state, kind="cast", card_id="CL")
    state = pass_both(state)
    # only the choice: no priority, nothing on the stack
    assert {d["kind"] for d in dicts(state)} == {"choose"}
    assert stack(state) == []
    state = act(state, kind="choose", targets=["GB"])
    # Clone entered as a 2/2 Grizzly Bears: Pelt Collector saw a creature with more power enter
    assert [s["card"] for s in stack(state)] == ["Pelt Collector"]
    state = resolve(state)
    assert card(state, "PC")["counters"] == {"P1P1": 1}


def test_T7_clone_copying_nothing_dies_as_a_0_0():
    state = load(you={"hand": [{"card": "Clone", "id": "CL"}],
                      "battlefield": [{"card": "Island", "id": f"I{n}"} for n in range(4)]})
    state = act(state, kind="cast", card_id="CL")
    state = pass_both(state)
    assert zone(state, "CL") == "graveyard"


def test_T7_clone_may_decline_to_copy():
    state = load(you={"hand": [{"card": "Clone", "id": "CL"}],
                      "battlefield": [{"card": "Grizzly Bears", "id": "GB"}] + [{"card": "Island",
                          "id": f"I{n}"} for n in range(4)]})
    state = act(state, kind="cast", card_id="CL")
    state = pass_both(state)
    state = act(state, kind="choose", targets=[])
    assert zone(state, "CL") == "graveyard"


# --- T8: linked abilities (Rowen) -------------------------------------------------------------

def rowen(library):
    return load(active="opponent", phase="end", turn=6,
                you={"library": library, "battlefield": [{"card": "Rowen", "id": "RW"}]})


def test_T8_rowen_draws_when_the_first_draw_is_a_basic_land():
    state = until_phase(rowen([{"card": "Forest", "id": "L1"}, {"card": "Grizzly Bears", "id": "C2"}, "Forest"]), "draw")
    assert [s["card"] for s in stack(state)] == ["Rowen"]
    state = resolve(state)
    assert zone(state, "L1") == "hand" and zone(state, "C2") == "hand"


def test_T8_rowen_does_nothing_for_a_nonbasic_first_draw():
    state = until_phase(rowen([{"card": "Dryad Arbor", "id": "DA"}, {"card": "Forest", "id": "L2"}]), "draw")
    assert stack(state) == []
    assert zone(state, "L2") == "library"


def test_T8_rowen_reveals_only_the_first_draw_of_the_turn():
    state = rowen([{"card": "Grizzly Bears", "id": "C1"}, {"card": "Forest", "id": "L2"}, {"card": "Forest", "id": "L3"},
                   "Forest"])
    position = data(state)
    position["players"]["you"]["hand"] = [{"card": "Divination", "id": "DV"}]
    position["players"]["you"]["battlefield"] += [{"card": "Island", "id": f"I{n}"} for n in range(3)]
    state = until_phase(cj.load_position(position), "main1")
    assert stack(state) == [] and zone(state, "C1") == "hand"
    state = act(state, kind="cast", card_id="DV")
    state = resolve(state)
    # the two basic lands drawn by Divination are not the first draw: no reveal, no extra card
    assert zone(state, "L2") == "hand" and zone(state, "L3") == "hand"
    assert len(data(state)["players"]["you"]["library"]) == 1


# --- G2: APNAP and each player's own order -----------------------------------------------------

def test_G2_two_different_triggers_of_one_player_are_ordered_by_that_player():
    state = load(phase="main2", you={"battlefield": [{"card": "Ball Lightning", "id": "BL"},
                                                     {"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                                     {"card": "Grizzly Bears", "id": "GB"}]})
    state = act(state, kind="activate", card_id="KJ", targets=["GB"])
    state = resolve(state)
    state = until_phase(state, "end")
    orders = dicts(state, kind="order")
    assert {d["card"] for d in orders} == {"Ball Lightning", "Kiki-Jiki, Mirror Breaker"}
    assert all(d["player"] == "you" for d in orders)
    state = act(state, kind="order", card="Ball Lightning")
    assert [s["card"] for s in stack(state)] == ["Ball Lightning", "Kiki-Jiki, Mirror Breaker"]


def test_G2_active_players_triggers_go_on_the_stack_first():
    state = load(phase="main2", you={"battlefield": [{"card": "Ball Lightning", "id": "B1"}]},
                 opponent={"battlefield": [{"card": "Ball Lightning", "id": "B2"}, {"card": "Island", "id": "OI"}]})
    state = until_phase(state, "end")
    assert [(s["controller"], s["id"]) for s in stack(state)] == [("you", "B1"), ("opponent", "B2")]
    assert not dicts(state, kind="order")


def test_G2_interchangeable_triggers_need_no_order():
    state = load(phase="main2", you={"battlefield": [{"card": "Ball Lightning", "id": "B1"},
                                                     {"card": "Ball Lightning", "id": "B2"}]})
    state = until_phase(state, "end")
    assert len(stack(state)) == 2 and not dicts(state, kind="order")


def test_T2_pelt_collector_reads_a_dead_token_as_it_last_existed():
    state = load(phase="main2", you={"battlefield": [{"card": "Pelt Collector", "id": "PC"},
                                                     {"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                                     {"card": "Ball Lightning", "id": "BL"}]})
    state = act(state, kind="activate", card_id="KJ", targets=["BL"])
    state = resolve(state)  # the 6/1 token entering triggers Pelt Collector
    assert card(state, "PC")["counters"] == {"P1P1": 1}
    state = until_phase(state, "end")
    for _ in range(30):  # order the end step triggers as they come, then let everything resolve
        orders = dicts(state, kind="order")
        if orders:
            state = act(state, kind="order", card_id=orders[0]["card_id"], card=orders[0]["card"])
        elif stack(state):
            state = act(state, kind="pass", player=data(state)["priority"])
        else:
            break
    assert zone(state, "BL") == "graveyard"
    # the token (gone from every zone) and Ball Lightning died as 6/1s: two more counters
    assert card(state, "PC")["counters"] == {"P1P1": 3}


def test_T2_pelt_collector_counts_a_bigger_creature_dying():
    state = load(you={"battlefield": [{"card": "Pelt Collector", "id": "PC"}, {"card": "Grizzly Bears", "id": "GB"}]},
                 opponent={"hand": [{"card": "Lightning Bolt", "id": "LB"}], "battlefield": [{"card": "Mountain", "id": "M"}]})
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="LB", targets=["GB"])
    state = resolve(state)
    assert card(state, "PC")["counters"] == {"P1P1": 1}


# --- T3/T4 with cards written for the tests (the seed's own examples) ---------------------------

TEST_CARDS = [
    {"name": "Test Ward Keeper", "mana_cost": "{G}", "types": ["Creature"], "subtypes": ["Elf"], "power": 1,
     "toughness": 1, "text": "{0}: When this creature leaves the battlefield this turn, draw a card.",
     "abilities": [{"kind": "activated", "effect": [
         {"delayed": {"on": "leaves", "when": "e.card in keeper", "refs": {"keeper": "self"}, "effect": [{"draw": 1}]}}]}]},
    {"name": "Test Dawn Watch", "mana_cost": "{W}", "types": ["Instant"],
     "text": "When target creature becomes untapped, you gain 2 life.",
     "abilities": [{"kind": "spell", "targets": [{"from": "game.creatures"}], "effect": [
         {"delayed": {"on": "becomes_untapped", "when": "e.card in watched", "refs": {"watched": "t"},
                      "effect": [{"gain_life": 2}]}}]}]},
    {"name": "Test Wake", "mana_cost": "{G}", "types": ["Instant"], "text": "Untap target creature.",
     "abilities": [{"kind": "spell", "targets": [{"from": "game.creatures"}], "effect": [{"untap": "t"}]}]},
    {"name": "Test Rally Cry", "mana_cost": "{W}", "types": ["Instant"],
     "text": "This turn, whenever a creature you control attacks, you gain 1 life.",
     "abilities": [{"kind": "spell", "effect": [
         {"delayed": {"on": "attacks", "when": "e.card.controller == you", "once": False, "effect": [{"gain_life": 1}]}}]}]},
]


def test_T3_a_leaves_trigger_created_after_the_creature_left_never_triggers():
    state = load(cards=TEST_CARDS, you={"battlefield": [{"card": "Test Ward Keeper", "id": "WK"}]},
                 opponent={"hand": [{"card": "Lightning Bolt", "id": "LB"}], "battlefield": [{"card": "Mountain", "id": "M"}]})
    state = act(state, kind="activate", card_id="WK")
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="LB", targets=["WK"])
    state = resolve(state)
    assert zone(state, "WK") == "graveyard"
    assert len(data(state)["players"]["you"]["hand"]) == 0


def test_T3_a_leaves_trigger_created_before_it_leaves_triggers():
    state = load(cards=TEST_CARDS, you={"battlefield": [{"card": "Test Ward Keeper", "id": "WK"}]},
                 opponent={"hand": [{"card": "Lightning Bolt", "id": "LB"}], "battlefield": [{"card": "Mountain", "id": "M"}]})
    state = act(state, kind="activate", card_id="WK")
    state = resolve(state)
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="LB", targets=["WK"])
    state = resolve(state)
    assert len(data(state)["players"]["you"]["hand"]) == 1


def test_T3_an_untap_trigger_created_after_the_untap_waits_for_the_next_one():
    state = load(cards=TEST_CARDS,
                 you={"hand": [{"card": "Test Dawn Watch", "id": "DW"}, {"card": "Test Wake", "id": "WA"}],
                      "battlefield": [{"card": "Grizzly Bears", "id": "GB", "tapped": True},
                                      {"card": "Plains", "id": "P"}, {"card": "Forest", "id": "F"}]})
    state = act(state, kind="cast", card_id="DW", targets=["GB"])
    state = act(state, kind="cast", card_id="WA", targets=["GB"])  # in response: untapped first
    state = resolve(state)
    assert card(state, "GB")["tapped"] is False and life(state, "you") == 20
    assert data(state)["delayed"][0]["on"] == "becomes_untapped"
    # tapped again by attacking, untapped in the next untap step: now it triggers
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="GB")
    state = until_phase(state, "upkeep", turn=7)
    state = resolve(state)
    assert life(state, "you") == 22


def test_T4_a_delayed_trigger_with_a_duration_triggers_every_time_this_turn():
    state = load(cards=TEST_CARDS, phase="beginning_of_combat",
                 you={"hand": [{"card": "Test Rally Cry", "id": "RC"}],
                      "battlefield": [{"card": "Plains", "id": "P"}, {"card": "Grizzly Bears", "id": "G1"},
                                      {"card": "Silvercoat Lion", "id": "G2"}]})
    state = act(state, kind="cast", card_id="RC")
    state = resolve(state)
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="G1")
    state = act(state, kind="attack", card_id="G2")
    state = act(state, kind="pass", player="you")
    orders = dicts(state, kind="order")
    assert len(orders) == 2  # one trigger per attacker, each its own object
    state = act(state, kind="order", text=orders[0]["text"])
    state = resolve(state)
    assert life(state, "you") == 22
    # the duration ends with the turn
    state = until_phase(state, "upkeep", turn=6)
    assert "delayed" not in data(state)


def test_S5_delver_may_reveal_a_land_and_does_not_transform():
    state = load(active="opponent", phase="end",
                 you={"library": [{"card": "Forest", "id": "TOP"}, "Forest"],
                      "battlefield": [{"card": "Delver of Secrets", "id": "D"}]})
    state = until_phase(state, "upkeep", turn=6)
    state = pass_both(state)
    assert {tuple(d["targets"]) for d in dicts(state, kind="choose")} == {("TOP",), ()}
    state = act(state, kind="choose", targets=["TOP"])
    assert card(state, "D")["now"]["name"] == "Delver of Secrets"
    assert zone(state, "TOP") == "library"


def test_T6_a_clone_of_kiki_jikis_token_has_haste_and_is_not_sacrificed():
    state = load(phase="main1", you={"hand": [{"card": "Clone", "id": "CL"}],
                                     "battlefield": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                                     {"card": "Grizzly Bears", "id": "GB"}] +
                                                    [{"card": "Island", "id": f"I{n}"} for n in range(4)]})
    state = act(state, kind="activate", card_id="KJ", targets=["GB"])
    state = resolve(state)
    token = next(c for c in data(state)["players"]["you"]["battlefield"] if c.get("token"))
    state = act(state, kind="cast", card_id="CL")
    state = pass_both(state)
    state = act(state, kind="choose", targets=[token["id"]])
    assert card(state, "CL")["now"]["name"] == "Grizzly Bears"
    assert "Haste" in card(state, "CL")["now"]["keywords"]
    state = until_phase(state, "end")
    state = resolve(state)
    assert zone(state, "CL") == "battlefield"
    assert not [c for c in data(state)["players"]["you"]["battlefield"] if c.get("token")]

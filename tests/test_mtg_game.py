"""The Magic game: steps and priority, the stack, casting, mana, combat, state-based actions (G1)."""

import cardjudge as cj
from mtg_helpers import (
    act, battlefield, card, data, dicts, divide, division_parts, life, load, resolve, stack, until_phase,
    zone,
)


def pass_both(state):
    state = act(state, kind="pass", player=data(state)["priority"])
    return act(state, kind="pass", player=data(state)["priority"])


# --- turn structure and priority ------------------------------------------------------------

def test_steps_follow_in_order_and_untap_and_cleanup_pass_by_themselves():
    state = load(phase="upkeep", turn=5)
    seen = []
    for _ in range(40):
        position = data(state)
        key = (position["turn"], position["phase"])
        if not seen or seen[-1] != key:
            seen.append(key)
        if key == (6, "draw"):
            break
        state = act(state, kind="pass", player=position["priority"])
    assert [p for _, p in seen] == ["upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
                                    "end_of_combat", "main2", "end", "upkeep", "draw"]
    assert data(state)["active"] == "opponent"


def test_active_player_receives_priority_first_then_the_other():
    state = load(phase="upkeep")
    assert {d["player"] for d in dicts(state)} == {"you"}
    state = act(state, kind="pass")
    assert {d["player"] for d in dicts(state)} == {"opponent"}
    assert data(state)["phase"] == "upkeep"


def test_draw_step_draws_and_untap_step_untaps_the_active_players_permanents():
    state = load(active="opponent", phase="end", turn=4,
                 you={"library": [{"card": "Forest", "id": "TOP"}, "Forest"],
                      "battlefield": [{"card": "Forest", "id": "F", "tapped": True}]},
                 opponent={"battlefield": [{"card": "Forest", "id": "OF", "tapped": True}]})
    state = until_phase(state, "main1", turn=5)
    assert zone(state, "TOP") == "hand"
    assert card(state, "F")["tapped"] is False and card(state, "OF")["tapped"] is True


def test_drawing_from_an_empty_library_loses():
    state = load(active="opponent", phase="end", turn=4, you={"library": []})
    for _ in range(10):
        if data(state)["winner"]:
            break
        state = act(state, kind="pass", player=data(state)["priority"])
    assert data(state)["winner"] == "opponent"
    assert cj.legal_actions(state) == []


def test_mana_empties_between_steps():
    state = load(you={"battlefield": [{"card": "Forest", "id": "F"}]})
    state = act(state, kind="activate", card_id="F")
    assert data(state)["players"]["you"]["mana_pool"] == "G"
    state = pass_both(state)
    assert data(state)["phase"] == "beginning_of_combat"
    assert data(state)["players"]["you"]["mana_pool"] == ""


def test_G1_cleanup_discards_down_to_seven_interchangeable_cards_chosen_once():
    hand = [{"card": "Grizzly Bears", "id": f"H{n}"} for n in range(8)]
    state = load(phase="end", you={"hand": hand})
    state = pass_both(state)
    assert data(state)["phase"] == "cleanup"
    choices = dicts(state, kind="choose")
    assert len(choices) == 1 and choices[0]["player"] == "you"  # eight interchangeable Bears: one way
    state = act(state, kind="choose")
    assert len(data(state)["players"]["you"]["hand"]) == 7
    assert data(state)["turn"] == 6


# --- lands and casting ----------------------------------------------------------------------

def test_one_land_per_turn_and_only_at_sorcery_speed():
    state = load(you={"hand": [{"card": "Forest", "id": "A"}, {"card": "Mountain", "id": "B"}]})
    assert {d["card_id"] for d in dicts(state, kind="play_land")} == {"A", "B"}
    state = act(state, kind="play_land", card_id="A")
    assert not dicts(state, kind="play_land")
    state = load(phase="upkeep", you={"hand": [{"card": "Forest", "id": "A"}]})
    assert not dicts(state, kind="play_land")


def test_sorceries_and_creatures_wait_for_an_empty_stack_in_a_main_phase_instants_do_not():
    state = load(phase="beginning_of_combat",
                 you={"hand": [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Shock", "id": "SH"}],
                      "battlefield": [{"card": "Mountain", "id": "M"}, {"card": "Forest", "id": "F"}]})
    kinds = {d["card_id"] for d in dicts(state, kind="cast")}
    assert kinds == {"SH"}


def test_opponent_casts_instants_in_your_turn():
    state = load(opponent={"hand": [{"card": "Shock", "id": "SH"}], "battlefield": [{"card": "Mountain", "id": "M"}]})
    state = act(state, kind="pass", player="you")
    assert dicts(state, player="opponent", kind="cast", card_id="SH")


def test_G1_casting_lists_every_distinct_payment_once():
    state = load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                      "battlefield": [{"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"},
                                      {"card": "Mountain", "id": "M"}]})
    payments = sorted(sorted(d["costs"][0]["cards"]) for d in dicts(state, kind="cast", card_id="GB"))
    assert payments == [["F1", "F2"], ["F1", "M"]]  # G1: F1 and F2 are interchangeable


def test_mana_in_the_pool_is_used_first():
    state = load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                      "battlefield": [{"card": "Forest", "id": "F1"}, {"card": "Mountain", "id": "M"}]})
    state = act(state, kind="activate", card_id="F1")
    found = dicts(state, kind="cast", card_id="GB")
    assert [d["costs"] for d in found] == [[{"kind": "mana", "cards": ["M"]}]]
    state = act(state, kind="cast", card_id="GB")
    assert data(state)["players"]["you"]["mana_pool"] == ""
    assert card(state, "M")["tapped"] is True


def test_dark_ritual_adds_mana_on_resolution_not_as_a_mana_ability():
    state = load(you={"hand": [{"card": "Dark Ritual", "id": "DR"}], "battlefield": [{"card": "Swamp", "id": "S"}]})
    state = act(state, kind="cast", card_id="DR")
    assert [s["card"] for s in stack(state)] == ["Dark Ritual"]
    state = pass_both(state)
    assert data(state)["players"]["you"]["mana_pool"] == "BBB"


def test_hybrid_scar_can_be_paid_with_black_or_red():
    state = load(you={"hand": [{"card": "Scar", "id": "SC"}],
                      "battlefield": [{"card": "Swamp", "id": "S"}, {"card": "Mountain", "id": "M"},
                                      {"card": "Grizzly Bears", "id": "GB"}]})
    payments = sorted(d["costs"][0]["cards"][0] for d in dicts(state, kind="cast", card_id="SC"))
    assert payments == ["M", "S"]
    state = act(state, kind="cast", card_id="SC", targets=["GB"], costs_include=["S"])
    state = resolve(state)
    assert card(state, "GB")["counters"] == {"M1M1": 1} and card(state, "GB")["now"]["power"] == 1


def test_the_stack_resolves_last_in_first_out():
    state = load(you={"hand": [{"card": "Giant Growth", "id": "GG"}], "battlefield": [{"card": "Grizzly Bears", "id": "GB"},
                                                                                      {"card": "Forest", "id": "F"}]},
                 opponent={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                           "battlefield": [{"card": "Mountain", "id": "M"}, {"card": "Island", "id": "I"}]})
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="LB", targets=["GB"])
    state = act(state, kind="pass", player="opponent")
    state = act(state, kind="cast", card_id="GG", targets=["GB"])
    assert [s["card"] for s in stack(state)] == ["Lightning Bolt", "Giant Growth"]
    state = resolve(state)
    assert zone(state, "GB") == "battlefield" and card(state, "GB")["now"]["toughness"] == 5


def test_a_spell_whose_only_target_is_gone_does_nothing():
    state = load(you={"hand": [{"card": "Giant Growth", "id": "GG"}],
                      "battlefield": [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Forest", "id": "F"}]},
                 opponent={"hand": [{"card": "Doom Blade", "id": "DB"}],
                           "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"}]})
    state = act(state, kind="cast", card_id="GG", targets=["GB"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="DB", targets=["GB"])
    state = resolve(state)
    assert zone(state, "GB") == "graveyard" and zone(state, "GG") == "graveyard"


def test_counterspell_counters_a_spell():
    state = load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                      "battlefield": [{"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"}]},
                 opponent={"hand": [{"card": "Counterspell", "id": "CS"}],
                           "battlefield": [{"card": "Island", "id": "I1"}, {"card": "Island", "id": "I2"}]})
    state = act(state, kind="cast", card_id="GB")
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="CS", targets=["GB"])
    state = resolve(state)
    assert zone(state, "GB") == "graveyard" and zone(state, "CS") == "graveyard"


def test_doom_blade_cannot_target_a_black_creature_and_destroys_another():
    state = load(you={"hand": [{"card": "Doom Blade", "id": "DB"}],
                      "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"}]},
                 opponent={"battlefield": [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Clone", "id": "CL",
                                                                                    "copy_of": "Elite Vanguard"}]},
                 cards=[{"name": "Test Shade", "mana_cost": "{B}", "types": ["Creature"], "power": 1, "toughness": 1}])
    position = data(state)
    position["players"]["opponent"]["battlefield"].append({"card": "Test Shade", "id": "TS"})
    state = cj.load_position(position)
    assert {tuple(d["targets"]) for d in dicts(state, kind="cast", card_id="DB")} == {("GB",), ("CL",)}
    state = act(state, kind="cast", card_id="DB", targets=["GB"])
    state = resolve(state)
    assert zone(state, "GB") == "graveyard"


def test_shock_to_a_player_and_divination_draws_two():
    state = load(you={"hand": [{"card": "Shock", "id": "SH"}, {"card": "Divination", "id": "DV"}],
                      "battlefield": [{"card": "Mountain", "id": "M"}] + [{"card": "Island", "id": f"I{n}"} for n in range(3)]})
    state = act(state, kind="cast", card_id="SH", targets=["opponent"])
    state = resolve(state)
    assert life(state, "opponent") == 18
    state = act(state, kind="cast", card_id="DV")
    state = resolve(state)
    assert len(data(state)["players"]["you"]["hand"]) == 2


def test_soulmender_gains_life_through_the_stack():
    state = load(you={"battlefield": [{"card": "Soulmender", "id": "SM"}]})
    state = act(state, kind="activate", card_id="SM")
    assert [s["kind"] for s in stack(state)] == ["ability"]
    state = resolve(state)
    assert life(state, "you") == 21


def test_cultivators_caravan_taps_for_any_color_and_needs_crew_3():
    state = load(you={"battlefield": [{"card": "Cultivator's Caravan", "id": "CC"}, {"card": "Grizzly Bears", "id": "GB"},
                                      {"card": "Memnite", "id": "MM"}, {"card": "Elite Vanguard", "id": "EV"}]})
    crews = sorted(sorted(c for part in d["costs"] for c in part["cards"])
                   for d in dicts(state, kind="activate", card_id="CC") if d["costs"][0]["kind"] == "crew")
    # every set of creatures with total power 3 or more
    assert ["GB", "MM"] in crews and ["EV", "MM"] in crews and ["GB", "MM", "EV"] not in crews
    assert ["EV", "GB"] in crews and ["EV", "GB", "MM"] in crews
    assert ["GB"] not in crews
    state = act(state, kind="activate", card_id="CC", costs_include=["CC"])
    state = act(state, kind="choose", text="you choose {R}")
    assert data(state)["players"]["you"]["mana_pool"] == "R"


def test_humble_defector_draws_two_and_goes_to_the_opponent():
    state = load(you={"battlefield": [{"card": "Humble Defector", "id": "HD"}]})
    state = act(state, kind="activate", card_id="HD", targets=["opponent"])
    state = resolve(state)
    assert len(data(state)["players"]["you"]["hand"]) == 2
    assert any(c["id"] == "HD" for c in battlefield(state, "opponent"))
    assert card(state, "HD")["sick"] is True
    # only during its controller's turn
    state = load(active="opponent", you={"battlefield": [{"card": "Humble Defector", "id": "HD"}]})
    state = act(state, kind="pass", player="opponent")
    assert not dicts(state, kind="activate", card_id="HD")


def test_threaten_steals_until_end_of_turn():
    state = load(you={"hand": [{"card": "Threaten", "id": "TH"}],
                      "battlefield": [{"card": "Mountain", "id": f"M{n}"} for n in range(3)]},
                 opponent={"battlefield": [{"card": "Grizzly Bears", "id": "GB", "tapped": True}]})
    state = act(state, kind="cast", card_id="TH", targets=["GB"])
    state = resolve(state)
    assert any(c["id"] == "GB" for c in battlefield(state, "you")) and not card(state, "GB")["tapped"]
    state = until_phase(state, "upkeep", turn=6)
    assert any(c["id"] == "GB" for c in battlefield(state, "opponent"))
    assert "Haste" not in card(state, "GB")["now"]["keywords"]


def test_cloudshift_returns_a_new_object_under_your_control():
    state = load(you={"hand": [{"card": "Cloudshift", "id": "CS"}],
                      "battlefield": [{"card": "Plains", "id": "P"}, {"card": "Grizzly Bears", "id": "GB", "tapped": True}]})
    state = act(state, kind="cast", card_id="CS", targets=["GB"])
    state = resolve(state)
    assert card(state, "GB")["tapped"] is False and card(state, "GB")["sick"] is True


def test_lightning_greaves_equip_0_gives_haste_and_shroud():
    state = load(you={"hand": [{"card": "Memnite", "id": "MM"}], "battlefield": [{"card": "Lightning Greaves", "id": "LG"}]},
                 opponent={"hand": [{"card": "Shock", "id": "SH"}], "battlefield": [{"card": "Mountain", "id": "M"}]})
    state = act(state, kind="cast", card_id="MM")
    state = pass_both(state)
    state = act(state, kind="activate", card_id="LG", targets=["MM"])
    assert [s["card"] for s in stack(state)] == ["Lightning Greaves"]
    state = pass_both(state)
    assert card(state, "LG")["attached_to"] == "MM"
    assert set(card(state, "MM")["now"]["keywords"]) >= {"Haste", "Shroud"}
    state = act(state, kind="pass", player="you")
    assert {tuple(d["targets"]) for d in dicts(state, kind="cast", card_id="SH")} == {("you",), ("opponent",)}


def test_pelt_collector_has_trample_with_three_counters():
    state = load(you={"battlefield": [{"card": "Pelt Collector", "id": "PC", "counters": {"P1P1": 2}}]})
    assert "Trample" not in card(state, "PC")["now"]["keywords"]
    state = load(you={"battlefield": [{"card": "Pelt Collector", "id": "PC", "counters": {"P1P1": 3}}]})
    assert "Trample" in card(state, "PC")["now"]["keywords"] and card(state, "PC")["now"]["power"] == 4


def test_quicksilver_amulet_may_put_nothing():
    state = load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                      "battlefield": [{"card": "Quicksilver Amulet", "id": "QA"}] +
                                     [{"card": "Forest", "id": f"F{n}"} for n in range(4)]})
    state = act(state, kind="activate", card_id="QA")
    state = pass_both(state)
    state = act(state, kind="choose", targets=[])
    assert zone(state, "GB") == "hand"


# --- combat -----------------------------------------------------------------------------------

def combat(you, opponent):
    return load(phase="declare_attackers", you={"battlefield": you}, opponent={"battlefield": opponent})


def test_unblocked_attacker_deals_damage_to_the_player():
    state = combat([{"card": "Grizzly Bears", "id": "GB"}], [])
    state = act(state, kind="attack", card_id="GB")
    assert dicts(state, kind="attack") == []
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "end_of_combat")
    assert life(state, "opponent") == 18
    assert card(state, "GB")["tapped"] is True


def test_no_attackers_skips_blockers_and_damage():
    state = combat([{"card": "Grizzly Bears", "id": "GB"}], [])
    state = act(state, kind="pass", player="you")
    state = pass_both(state)
    assert data(state)["phase"] == "end_of_combat"


def test_blocked_creatures_deal_damage_to_each_other_and_lethal_damage_destroys():
    state = combat([{"card": "Grizzly Bears", "id": "GB"}], [{"card": "Elite Vanguard", "id": "EV"},
                                                            {"card": "Ornithopter", "id": "OR"}])
    state = act(state, kind="attack", card_id="GB")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "declare_blockers")
    assert {(d["card_id"], tuple(d["targets"])) for d in dicts(state, kind="block")} == {("EV", ("GB",)), ("OR", ("GB",))}
    state = act(state, kind="block", card_id="EV")
    state = act(state, kind="pass", player="opponent")
    state = until_phase(state, "end_of_combat")
    assert zone(state, "GB") == "graveyard" and zone(state, "EV") == "graveyard"
    assert life(state, "opponent") == 20


def test_flying_attacker_is_blocked_only_by_flying_creatures():
    state = load(phase="main1", you={"battlefield": [{"card": "Sky Skiff", "id": "SS"}, {"card": "Memnite", "id": "MM"}]},
                 opponent={"battlefield": [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Ornithopter", "id": "OR"}]})
    state = act(state, kind="activate", card_id="SS")
    state = resolve(state)
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="SS")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "declare_blockers")
    assert {d["card_id"] for d in dicts(state, kind="block")} == {"OR"}


def test_trample_assigns_excess_damage_to_the_player():
    state = combat([{"card": "Ball Lightning", "id": "BL"}], [{"card": "Grizzly Bears", "id": "GB"}])
    state = act(state, kind="attack", card_id="BL")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "declare_blockers")
    state = act(state, kind="block", card_id="GB")
    state = act(state, kind="pass", player="opponent")
    state = until_phase(state, "combat_damage")
    # lethal to the blocker first; the rest as the attacking player chooses (702.19b)
    assert sorted(part for d in dicts(state, kind="choose") for part in division_parts(d) if "opponent" in part) == [
        "0 to opponent", "1 to opponent", "2 to opponent", "3 to opponent", "4 to opponent"]
    state = divide(state, **{"Grizzly Bears": 2, "opponent": 4})
    state = until_phase(state, "end_of_combat")
    assert life(state, "opponent") == 16


def test_lifelink_and_vigilance_of_felidar_sovereign():
    state = combat([{"card": "Felidar Sovereign", "id": "FS"}], [])
    state = act(state, kind="attack", card_id="FS")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "end_of_combat")
    assert life(state, "you") == 24 and life(state, "opponent") == 16
    assert card(state, "FS")["tapped"] is False


def test_zero_life_loses_and_both_at_zero_is_a_draw():
    state = combat([{"card": "Ball Lightning", "id": "BL"}], [])
    position = data(state)
    position["players"]["opponent"]["life"] = 6
    state = cj.load_position(position)
    state = act(state, kind="attack", card_id="BL")
    state = act(state, kind="pass", player="you")
    for _ in range(6):
        if data(state)["winner"]:
            break
        state = act(state, kind="pass", player=data(state)["priority"])
    assert data(state)["winner"] == "you"
    # both players at 0 life when state-based actions are next checked: the game is a draw
    state = load(you={"life": 0}, opponent={"life": 0})
    state = act(state, kind="pass", player="you")
    assert data(state)["winner"] == "draw"


def test_legend_rule_keeps_one_of_two_kiki_jikis():
    state = load(you={"battlefield": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "K1"}, {"card": "Clone", "id": "CL"}],
                      "hand": [{"card": "Clone", "id": "C2"}]} )
    position = data(state)
    position["players"]["you"]["battlefield"] = [{"card": "Kiki-Jiki, Mirror Breaker", "id": "K1"},
                                                 {"card": "Kiki-Jiki, Mirror Breaker", "id": "K2", "sick": True}]
    state = cj.load_position(position)
    state = act(state, kind="pass", player="you")  # the check happens before a player would get priority again
    choices = dicts(state, kind="choose")
    assert {tuple(d["targets"]) for d in choices} == {("K1",), ("K2",)}
    state = act(state, kind="choose", targets=["K2"])
    assert zone(state, "K1") == "graveyard" and zone(state, "K2") == "battlefield"


def test_crew_needs_the_total_power():
    state = load(you={"battlefield": [{"card": "Sky Skiff", "id": "SS"}, {"card": "Ornithopter", "id": "OR"}]})
    assert not dicts(state, kind="activate", card_id="SS")
    state = load(you={"battlefield": [{"card": "Cultivator's Caravan", "id": "CC"}, {"card": "Grizzly Bears", "id": "GB"}]})
    assert not [d for d in dicts(state, kind="activate", card_id="CC") if d["costs"][0]["kind"] == "crew"]


def test_a_position_in_the_untap_step_untaps_and_moves_on_to_the_upkeep():
    state = load(phase="untap", you={"battlefield": [{"card": "Grizzly Bears", "id": "GB", "tapped": True, "sick": True}]})
    assert data(state)["phase"] == "upkeep"
    assert card(state, "GB")["tapped"] is False and card(state, "GB")["sick"] is False


def test_S3_casting_pays_with_heritage_druid_tapping_affected_elves_leftover_stays_in_the_pool():
    state = load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                      "battlefield": [{"card": "Heritage Druid", "id": "HD", "sick": True}] +
                                     [{"card": "Llanowar Elves", "id": f"E{n}", "sick": True} for n in range(3)]})
    payments = sorted(sorted(d["costs"][0]["cards"]) for d in dicts(state, kind="cast", card_id="GB"))
    assert payments == [["E0", "E1", "E2"], ["E0", "E1", "HD"]]
    state = act(state, kind="cast", card_id="GB", costs_include=["HD"])
    assert data(state)["players"]["you"]["mana_pool"] == "G"
    assert card(state, "E2")["tapped"] is False


def test_S3_casting_pays_with_springleaf_drum_and_an_affected_creature():
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Springleaf Drum", "id": "SD"}, {"card": "Memnite", "id": "MM", "sick": True}]})
    found = dicts(state, kind="cast", card_id="LB", targets=["opponent"])
    assert [sorted(d["costs"][0]["cards"]) for d in found] == [["MM", "SD"]]


def test_G1_interchangeable_targets_and_attackers_are_listed_once():
    state = load(phase="declare_attackers",
                 you={"hand": [{"card": "Shock", "id": "SH"}],
                      "battlefield": [{"card": "Mountain", "id": "M"}, {"card": "Grizzly Bears", "id": "B1"},
                                      {"card": "Grizzly Bears", "id": "B2"},
                                      {"card": "Grizzly Bears", "id": "B3", "tapped": True}]},
                 opponent={"battlefield": [{"card": "Memnite", "id": "N1"}, {"card": "Memnite", "id": "N2"}]})
    assert len(dicts(state, kind="attack")) == 1
    state = act(state, kind="attack")
    assert len(dicts(state, kind="attack")) == 1  # the other untapped Bears
    state = act(state, kind="attack")
    state = act(state, kind="pass", player="you")
    targets = sorted(tuple(d["targets"]) for d in dicts(state, kind="cast", card_id="SH"))
    # the two attacking Bears are interchangeable; the third, tapped but not attacking, is not
    assert len([t for t in targets if t[0].startswith("B")]) == 2
    assert len([t for t in targets if t[0].startswith("N")]) == 1
    assert ("you",) in targets and ("opponent",) in targets


def test_scar_counter_and_a_p1p1_counter_cancel_out():
    state = load(you={"hand": [{"card": "Scar", "id": "SC"}], "battlefield": [{"card": "Swamp", "id": "S"}]},
                 opponent={"battlefield": [{"card": "Pelt Collector", "id": "PC", "counters": {"P1P1": 2}}]})
    state = act(state, kind="cast", card_id="SC", targets=["PC"])
    state = resolve(state)
    assert card(state, "PC")["counters"] == {"P1P1": 1} and card(state, "PC")["now"]["power"] == 2


def test_a_response_window_where_nobody_can_do_anything_but_pass_passes_by_itself():
    state = load(phase="main2", you={"battlefield": [{"card": "Ball Lightning", "id": "BL"}]}, opponent={"battlefield": []})
    state = until_phase(state, "end")
    # nobody holds a land or an ability: the trigger resolved without anyone passing
    assert stack(state) == [] and zone(state, "BL") == "graveyard"
    assert data(state)["priority"] == "you"


def test_a_response_window_stays_open_while_a_player_can_act():
    state = load(phase="main2", you={"battlefield": [{"card": "Ball Lightning", "id": "BL"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "I"}]})
    state = until_phase(state, "end")
    assert [s["card"] for s in stack(state)] == ["Ball Lightning"]


def test_a_card_without_a_mana_cost_cannot_be_cast_but_a_zero_cost_one_can():
    state = load(you={"hand": [{"card": "Insectile Aberration", "id": "IA"}, {"card": "Memnite", "id": "MM"}]})
    assert {d["card_id"] for d in dicts(state, kind="cast")} == {"MM"}

"""Cards of MTG Puzzles #02 "It's a Trap!", each played as a scenario: a Trap's alternative cost
offered only while its condition holds (rule 118.9), Pitfall Trap's target, Viashino Fangtail,
Rockslide Sorcerer's cast trigger and Throne of the God-Pharaoh's end step trigger."""

from mtg_helpers import act, actions, data, life, load, pass_until, resolve, zone


def attacked_by(*attackers, plains=1):
    """The opponent's turn, its creatures attacking you, you with Plains and Pitfall Trap."""
    return load(active="opponent", phase="declare_attackers",
                you={"hand": [{"card": "Pitfall Trap", "id": "TRAP"}],
                     "battlefield": [{"card": "Plains", "id": f"P{n}"} for n in range(1, plains + 1)]},
                opponent={"battlefield": [{"card": name, "id": label, "attacking": "you"}
                                          for label, name in attackers] + [{"card": "Island", "id": "OPP_ISLAND"}]},
                priority="you")


def test_118_9_pitfall_trap_costs_w_while_exactly_one_creature_attacks():
    state = attacked_by(("BEARS", "Grizzly Bears"))
    (cast,) = [d for _, d in actions(state, kind="cast", card_id="TRAP")]
    assert cast["text"] == "you cast Pitfall Trap (paying {W} rather than its mana cost) targeting BEARS"
    state = resolve(act(state, kind="cast", card_id="TRAP"))
    assert zone(state, "BEARS") == "graveyard"


def test_118_9_pitfall_trap_costs_its_mana_cost_when_two_attack():
    state = attacked_by(("BEARS", "Grizzly Bears"), ("BEARS2", "Grizzly Bears"), plains=3)
    texts = sorted(d["text"] for _, d in actions(state, kind="cast", card_id="TRAP"))
    assert texts == ["you cast Pitfall Trap targeting BEARS"]  # the two Bears are interchangeable
    assert not actions(attacked_by(("BEARS", "Grizzly Bears"), ("BEARS2", "Grizzly Bears")), kind="cast")


def test_pitfall_trap_targets_only_an_attacking_creature_without_flying():
    state = attacked_by(("SPIRIT", "Spirit Token"))
    assert not actions(state, kind="cast", card_id="TRAP")


def test_viashino_fangtail_taps_to_deal_1_damage_to_any_target():
    state = load(you={"battlefield": [{"card": "Viashino Fangtail", "id": "FANG"}]})
    targets = sorted(d["text"] for _, d in actions(state, kind="activate", card_id="FANG"))
    # any target: a creature (itself, the only one), a player (either)
    assert targets == ["you activate Viashino Fangtail targeting FANG", "you activate Viashino Fangtail targeting "
                       "opponent", "you activate Viashino Fangtail targeting you"]
    state = resolve(act(state, kind="activate", card_id="FANG", targets=["opponent"]))
    assert life(state, "opponent") == 19


def test_rockslide_sorcerer_deals_1_when_you_cast_an_instant():
    state = load(you={"hand": [{"card": "Lightning Bolt", "id": "BOLT"}, {"card": "Grizzly Bears", "id": "BEARS"}],
                      "battlefield": [{"card": "Rockslide Sorcerer", "id": "ROCK"},
                                      {"card": "Mountain", "id": "M1"}, {"card": "Forest", "id": "F1"},
                                      {"card": "Forest", "id": "F2"}]})
    state = act(state, kind="cast", card_id="BOLT", targets=["opponent"])
    state = act(state, kind="order", targets=["opponent"])
    state = resolve(state)
    assert life(state, "opponent") == 16  # 1 from the Sorcerer, then 3 from the Bolt
    # a creature spell that is no Wizard does not trigger it
    state = resolve(act(state, kind="cast", card_id="BEARS"))
    assert life(state, "opponent") == 16 and zone(state, "BEARS") == "battlefield"


def test_throne_of_the_god_pharaoh_drains_for_each_tapped_creature_at_your_end_step():
    state = load(phase="main2", you={"battlefield": [
        {"card": "Throne of the God-Pharaoh", "id": "THRONE"}, {"card": "Grizzly Bears", "id": "B1", "tapped": True},
        {"card": "Grizzly Bears", "id": "B2", "tapped": True}, {"card": "Dread Shade", "id": "SHADE"}]},
        opponent={"battlefield": [{"card": "Grizzly Bears", "id": "OB", "tapped": True}]})
    state = pass_until(state, lambda s: data(s)["phase"] == "cleanup" or data(s)["turn"] == 6)
    assert life(state, "opponent") == 18 and life(state, "you") == 20  # its controller's tapped creatures only

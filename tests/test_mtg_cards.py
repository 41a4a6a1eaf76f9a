"""Library cards against their official rulings (the Oracle rulings of the issue's cards)."""

import gc

from cardjudge.cards.loader import parse_cards
from cardjudge.rules.mtg.views import abilities_of
from mtg_helpers import act, card, data, dicts, divide, life, load, resolve, stack, until_phase, zone

WAKE = {"name": "Test Wake", "mana_cost": "{G}", "types": ["Instant"], "text": "Untap target creature.",
        "abilities": [{"kind": "spell", "targets": [{"from": "game.creatures"}], "effect": [{"untap": "t"}]}]}


def test_entrancing_melody_checks_the_mana_value_again_on_resolution():
    state = load(you={"hand": [{"card": "Entrancing Melody", "id": "EM"}],
                      "battlefield": [{"card": "Island", "id": f"I{n}"} for n in range(4)]},
                 opponent={"hand": [{"card": "Cytoshape", "id": "CY"}],
                           "battlefield": [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Memnite", "id": "MM"},
                                           {"card": "Forest", "id": "F"}, {"card": "Island", "id": "J1"},
                                           {"card": "Island", "id": "J2"}]})
    state = act(state, kind="cast", card_id="EM", targets=["GB"])  # X = 2
    state = act(state, kind="pass", player="you")
    state = act(state, kind="cast", card_id="CY", targets=["GB"])
    # nobody has anything left to do: Cytoshape resolves by itself, up to its choice
    state = act(state, kind="choose", targets=["MM"])  # the Bears become a copy of Memnite: mana value 0
    state = resolve(state)
    assert any(c["id"] == "GB" for c in data(state)["players"]["opponent"]["battlefield"])
    assert zone(state, "EM") == "graveyard"


def test_humble_defector_activated_again_in_response_still_draws_two():
    state = load(cards=[WAKE], you={"hand": [{"card": "Test Wake", "id": "WA"}],
                                    "battlefield": [{"card": "Humble Defector", "id": "HD"}, {"card": "Forest", "id": "F"}]})
    state = act(state, kind="activate", card_id="HD", targets=["opponent"])
    state = act(state, kind="cast", card_id="WA", targets=["HD"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")  # Test Wake resolves: Defector untaps
    state = act(state, kind="activate", card_id="HD", targets=["opponent"])
    state = resolve(state)
    assert len(data(state)["players"]["you"]["hand"]) == 4
    assert any(c["id"] == "HD" for c in data(state)["players"]["opponent"]["battlefield"])


def test_pelt_collector_gets_one_counter_when_two_bigger_creatures_die_at_once():
    state = load(active="opponent", phase="declare_attackers",
                 you={"battlefield": [{"card": "Pelt Collector", "id": "PC"}, {"card": "Grizzly Bears", "id": "B1"},
                                      {"card": "Silvercoat Lion", "id": "B2"}, {"card": "Forest", "id": "F"}]},
                 opponent={"battlefield": [{"card": "Ball Lightning", "id": "BL"}, {"card": "Island", "id": "I"}]})
    state = act(state, kind="attack", card_id="BL")
    state = act(state, kind="pass", player="opponent")
    state = until_phase(state, "declare_blockers")
    state = act(state, kind="block", card_id="B1")
    state = act(state, kind="block", card_id="B2")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "combat_damage")
    # the attacking player divides Ball Lightning's 6 trample damage (510.1c, 702.19b)
    state = divide(state, **{"Grizzly Bears": 2, "Silvercoat Lion": 2, "you": 2})
    assert life(state, "you") == 18
    # both deaths triggered it (each greater than a 1/1): two triggers, one per dead creature, to order
    assert [d["card"] for d in dicts(state, kind="order")] == ["Pelt Collector", "Pelt Collector"]
    for _ in range(10):
        orders = dicts(state, kind="order")
        if orders:
            state = act(state, kind="order", text=orders[0]["text"])
        elif stack(state):
            state = act(state, kind="pass", player=data(state)["priority"])
    assert card(state, "PC")["counters"] == {"P1P1": 1}


def test_otherworldly_journey_token_does_not_come_back():
    state = load(you={"hand": [{"card": "Otherworldly Journey", "id": "OJ"}, {"card": "Krenko's Command", "id": "KC"}],
                      "battlefield": [{"card": "Plains", "id": "P1"}, {"card": "Plains", "id": "P2"},
                                      {"card": "Mountain", "id": "M1"}, {"card": "Mountain", "id": "M2"}]})
    state = act(state, kind="cast", card_id="KC", costs_include=["P1", "M1"])
    state = resolve(state)
    token = next(c for c in data(state)["players"]["you"]["battlefield"] if c.get("token"))
    state = act(state, kind="cast", card_id="OJ", targets=[token["id"]])
    state = resolve(state)
    state = until_phase(state, "end")
    state = resolve(state)
    assert len([c for c in data(state)["players"]["you"]["battlefield"] if c.get("token")]) == 1


def test_cloudshift_on_a_token_exiles_it_for_good():
    state = load(you={"hand": [{"card": "Cloudshift", "id": "CS"}, {"card": "Krenko's Command", "id": "KC"}],
                      "battlefield": [{"card": "Plains", "id": "P1"}, {"card": "Mountain", "id": "M1"},
                                      {"card": "Mountain", "id": "M2"}]})
    state = act(state, kind="cast", card_id="KC", costs_include=["M1", "M2"])
    state = resolve(state)
    token = next(c for c in data(state)["players"]["you"]["battlefield"] if c.get("token"))
    state = act(state, kind="cast", card_id="CS", targets=[token["id"]])
    state = resolve(state)
    assert len([c for c in data(state)["players"]["you"]["battlefield"] if c.get("token")]) == 1
    assert zone(state, token["id"]) is None


def test_cultivators_caravan_crewed_the_turn_it_arrived_cannot_tap_for_mana():
    state = load(you={"battlefield": [{"card": "Cultivator's Caravan", "id": "CC", "sick": True},
                                      {"card": "Grizzly Bears", "id": "GB"}, {"card": "Silvercoat Lion", "id": "SL"}]})
    assert [d for d in dicts(state, kind="activate", card_id="CC") if d["costs"][0]["kind"] == "tap"]
    state = act(state, kind="activate", card_id="CC", costs_include=["GB", "SL"])
    state = resolve(state)
    assert not [d for d in dicts(state, kind="activate", card_id="CC") if d["costs"][0]["kind"] == "tap"]


def test_lightning_greaves_cannot_be_moved_to_a_creature_with_shroud():
    state = load(you={"battlefield": [{"card": "Lightning Greaves", "id": "G1", "attached_to": "GB"},
                                      {"card": "Lightning Greaves", "id": "G2"},
                                      {"card": "Grizzly Bears", "id": "GB"}, {"card": "Memnite", "id": "MM"}]})
    assert {tuple(d["targets"]) for d in dicts(state, kind="activate", card_id="G2")} == {("MM",)}


def test_sneak_attack_during_the_end_step_sacrifices_at_the_next_turns_end_step():
    state = load(phase="end", you={"hand": [{"card": "Grizzly Bears", "id": "GB"}],
                                   "battlefield": [{"card": "Sneak Attack", "id": "SA"}, {"card": "Mountain", "id": "M"},
                                                   {"card": "Forest", "id": "F"}]})
    state = act(state, kind="activate", card_id="SA")
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    state = act(state, kind="choose", targets=["GB"])
    state = until_phase(state, "upkeep", turn=6)
    assert zone(state, "GB") == "battlefield"
    state = until_phase(state, "end", turn=6)
    state = resolve(state)
    assert zone(state, "GB") == "graveyard"


def test_a_card_definition_keeps_its_own_keyword_abilities():
    # Positions loaded one after another may define a card of the same name with other
    # keywords; once an earlier definition is freed, a later one may take its place in memory.
    # ``del`` frees the pool at once (reference counting); a collection of the youngest
    # generation frees it too were it in a reference cycle. A full collection, which walks every
    # object the test run holds, would add nothing but time.
    for _ in range(10):
        for crew in (1, 2, 3, 4):
            pool = parse_cards([{"name": "Test Skiff", "types": ["Artifact"], "subtypes": ["Vehicle"], "power": 2,
                                 "toughness": 3, "keywords": [f"Crew {crew}"]}], "mtg", "<test>")
            assert [a.text for a in abilities_of(pool["Test Skiff"])] == [f"Crew {crew}"]
            del pool
            gc.collect(0)

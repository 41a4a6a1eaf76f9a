"""Rings of Brighthearth: "whenever you activate an ability" (not a mana ability), a payment
made while it resolves ("you may pay {2}. If you do"), and the copy of an ability (707.10)."""

from mtg_helpers import act, actions, card, data, load, stack


def _ballista_and_rings(counters=2):
    return load(you={"battlefield": [{"card": "Rings of Brighthearth", "id": "RB"},
                                     {"card": "Walking Ballista", "id": "WB", "counters": {"P1P1": counters}},
                                     {"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"}]})


def _to_the_rings_choice(state):
    state = act(state, kind="activate", card_id="WB", targets=["opponent"])
    assert [s["card"] for s in stack(state)] == ["Walking Ballista", "Rings of Brighthearth"]
    state = act(state, kind="pass", player="you")
    return act(state, kind="pass", player="opponent")


def test_707_10_rings_copy_of_an_ability_may_choose_new_targets():
    state = _to_the_rings_choice(_ballista_and_rings())
    texts = sorted(d["text"] for _, d in actions(state, kind="choose"))
    assert texts == ["you decline to pay {2} (Rings of Brighthearth)",
                     "you pay {2} (tapping Swamp, Swamp) (Rings of Brighthearth)"]
    state = act(state, kind="choose", text="you pay {2} (tapping Swamp, Swamp) (Rings of Brighthearth)")
    assert card(state, "S1")["tapped"] and card(state, "S2")["tapped"]
    # the copy's targets are chosen again: the old one (opponent) among the choices (707.10c)
    choices = sorted(d["targets"][0] for _, d in actions(state, kind="order"))
    assert choices == ["WB", "opponent", "you"]
    state = act(state, kind="order", targets=["you"])
    assert [s["card"] for s in stack(state)] == ["Walking Ballista", "Walking Ballista"]
    for _ in range(4):
        state = act(state, kind="pass", player=data(state)["priority"])
    assert data(state)["players"]["you"]["life"] == 19 and data(state)["players"]["opponent"]["life"] == 19
    assert card(state, "WB")["counters"] == {"P1P1": 1}  # the copy's cost was not paid again


def test_rings_declined_copies_nothing():
    state = _to_the_rings_choice(_ballista_and_rings())
    state = act(state, kind="choose", text="you decline to pay {2} (Rings of Brighthearth)")
    assert [s["card"] for s in stack(state)] == ["Walking Ballista"]
    assert not card(state, "S1").get("tapped")


def test_rings_cannot_be_paid_for_without_mana():
    state = load(you={"battlefield": [{"card": "Rings of Brighthearth", "id": "RB"},
                                      {"card": "Walking Ballista", "id": "WB", "counters": {"P1P1": 2}}]})
    state = _to_the_rings_choice(state)
    assert [d["text"] for _, d in actions(state)] == ["you decline to pay {2} (Rings of Brighthearth)"]


def test_605_3_a_mana_ability_does_not_trigger_rings():
    state = load(you={"battlefield": [{"card": "Rings of Brighthearth", "id": "RB"},
                                      {"card": "Basalt Monolith", "id": "BM"}]})
    state = act(state, kind="activate", card_id="BM", ability=1)  # {T}: Add {C}{C}{C}
    assert stack(state) == [] and data(state)["players"]["you"]["mana_pool"] == "CCC"

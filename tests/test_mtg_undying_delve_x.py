"""Undying, delve and an {X} only one kind of mana may pay, with the cards of Pauper Puzzles
#00 that use them (Young Wolf, Gurmag Angler, Crypt Rats, Tendrils of Corruption): each rule
played as a scenario."""

from mtg_helpers import act, actions, card, data, load, now, resolve, zone, zone_of

SWAMPS = [{"card": "Swamp", "id": f"S{n}"} for n in range(1, 5)]
ISLANDS = [{"card": "Island", "id": f"I{n}"} for n in range(1, 4)]


def bolt(state, target):
    """You cast Lightning Bolt (from a Mountain) at ``target`` and it resolves."""
    return resolve(act(state, kind="cast", card="Lightning Bolt", targets=[target]))


def wolf_position(**wolf):
    return load(you={"hand": [{"card": "Lightning Bolt", "id": "LB1"}, {"card": "Lightning Bolt", "id": "LB2"}],
                     "battlefield": [{"card": "Mountain", "id": "M1"}, {"card": "Mountain", "id": "M2"}]},
                opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Young Wolf", "id": "YW", **wolf}]})


def test_702_93a_undying_returns_the_creature_once_with_a_counter():
    state = bolt(wolf_position(), "YW")
    assert zone(state, "YW") == "battlefield"
    assert zone_of(state, "YW") == ("opponent", "battlefield") and card(state, "YW")["counters"] == {"P1P1": 1}
    assert (now(state, "YW")["power"], now(state, "YW")["toughness"]) == (2, 2)
    # it returned with a +1/+1 counter: the second time it dies, it stays in the graveyard
    state = bolt(state, "YW")
    assert zone(state, "YW") == "graveyard"


def test_702_93a_undying_does_nothing_for_a_creature_that_had_a_counter():
    state = bolt(wolf_position(counters={"P1P1": 1}), "YW")
    assert zone(state, "YW") == "graveyard"


def test_702_66a_delve_exiles_graveyard_cards_to_pay_generic_mana():
    graveyard = [{"card": "Divination", "id": "G1"}, {"card": "Shock", "id": "G2"}, {"card": "Doom Blade", "id": "G3"}]
    state = load(you={"hand": [{"card": "Gurmag Angler", "id": "GA"}], "graveyard": graveyard,
                      "battlefield": SWAMPS})
    casts = [d for _, d in actions(state, kind="cast", card_id="GA")]
    # {6}{B} from four Swamps: only by exiling all three cards ({3}{B} left)
    assert len(casts) == 1
    assert {c["kind"]: sorted(c["cards"]) for c in casts[0]["costs"]} == \
        {"exile_from_graveyard": ["G1", "G2", "G3"], "mana": ["S1", "S2", "S3", "S4"]}
    state = resolve(act(state, kind="cast", card_id="GA"))
    assert zone(state, "GA") == "battlefield"
    assert [zone(state, label) for label in ("G1", "G2", "G3")] == ["exile"] * 3


def test_702_66a_delve_is_a_choice_of_how_many_cards():
    state = load(you={"hand": [{"card": "Gurmag Angler", "id": "GA"}], "graveyard": [{"card": "Shock", "id": "G1"}],
                      "battlefield": SWAMPS + ISLANDS})
    exiled = sorted(len(next((c["cards"] for c in d["costs"] if c["kind"] == "exile_from_graveyard"), []))
                    for _, d in actions(state, kind="cast", card_id="GA"))
    assert set(exiled) == {0, 1}  # seven lands pay {6}{B}; or Shock and six of them


def rats_position():
    return load(you={"life": 20, "battlefield": [{"card": "Crypt Rats", "id": "CR"}, *SWAMPS[:2], *ISLANDS[:2],
                                                 {"card": "Grizzly Bears", "id": "GB"}]},
                opponent={"life": 20, "battlefield": [{"card": "Island", "id": "OI"}, {"card": "Hill Giant", "id": "HG"}]})


def test_107_3a_crypt_rats_x_is_paid_with_black_mana_only():
    state = rats_position()
    offers = [d for _, d in actions(state, kind="activate", card_id="CR")]
    assert sorted(d["text"] for d in offers) == [
        "you activate Crypt Rats", "you activate Crypt Rats with X=1", "you activate Crypt Rats with X=2"]
    (two,) = [d for d in offers if d["text"].endswith("X=2")]
    assert sorted(next(c["cards"] for c in two["costs"] if c["kind"] == "mana")) == ["S1", "S2"]
    for d in offers:
        spent = next((c["cards"] for c in d["costs"] if c["kind"] == "mana"), [])
        assert not [label for label in spent if label.startswith("I")]


def test_crypt_rats_deals_x_damage_to_each_creature_and_each_player():
    state = resolve(act(state := rats_position(), kind="activate", card_id="CR", text="you activate Crypt Rats with X=2"))
    players = data(state)["players"]
    assert (players["you"]["life"], players["opponent"]["life"]) == (18, 18)
    assert [zone(state, label) for label in ("CR", "GB", "HG")] == ["graveyard", "graveyard", "battlefield"]
    assert card(state, "HG")["damage"] == 2


def test_tendrils_of_corruption_counts_every_swamp_you_control_tapped_or_not():
    state = load(you={"life": 1, "hand": [{"card": "Tendrils of Corruption", "id": "TC"}],
                      "battlefield": SWAMPS + ISLANDS},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Gurmag Angler", "id": "GA"}]})
    pays = [d for _, d in actions(state, kind="cast", card_id="TC", targets=["GA"])]
    by_swamps = {sum(label.startswith("S") for c in d["costs"] for label in c["cards"]): d for d in pays}
    state = resolve(act(state, kind="cast", card_id="TC", targets=["GA"], text=by_swamps[4]["text"],
                        costs=by_swamps[4]["costs"]))
    assert data(state)["players"]["you"]["life"] == 5 and card(state, "GA")["damage"] == 4

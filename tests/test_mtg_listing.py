"""The mid-game example's listing, counted by hand: every distinct target and payment, once (G1).

examples/mtg-midgame.yaml is the position the Magic benchmark times; these tests pin down what
its 274 actions are, so that making the listing faster cannot change it.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import cardjudge as cj
from mtg_helpers import dicts

MIDGAME = Path(__file__).resolve().parent.parent / "examples" / "mtg-midgame.yaml"

# every creature on the battlefield but Grizzly Bears, which Lightning Greaves gives shroud
CREATURES = {"LE", "HD", "PC", "EV", "RG", "SL", "OR", "MN", "SM", "HU", "DS"}

# {2}{R}: a Mountain for {R}; {2} from two of Forest (three interchangeable), the other Mountain,
# Plains, Island, Llanowar Elves, or from Heritage Druid tapping the three Elves for {G}{G}{G}
# (the Druid's mana ability makes three at once; the third stays in the pool)
TREASON_PAYMENTS = {
    frozenset(cards) for cards in [
        ("M1", "F1", "F2"), ("M1", "F1", "M2"), ("M1", "F1", "P1"), ("M1", "F1", "I1"), ("M1", "F1", "LE"),
        ("M1", "M2", "P1"), ("M1", "M2", "I1"), ("M1", "M2", "LE"), ("M1", "P1", "I1"), ("M1", "P1", "LE"),
        ("M1", "I1", "LE"), ("M1", "LE", "HD", "PC"),
    ]
}


def midgame():
    return cj.load_position(MIDGAME)


def test_G1_midgame_act_of_treason_every_target_with_every_payment_once():
    listed = dicts(midgame(), card="Act of Treason")
    pairs = [(tuple(d["targets"]), frozenset(c for part in d["costs"] for c in part["cards"])) for d in listed]
    assert len(pairs) == len(set(pairs)) == 132
    assert {target for (target,), _ in pairs} == CREATURES
    for creature in CREATURES:
        assert {payment for (target,), payment in pairs if target == creature} == TREASON_PAYMENTS


def test_G1_midgame_sky_skiff_crewed_by_every_set_of_untapped_creatures():
    # Crew 1: tap any number of untapped creatures with total power 1 or more (rule 702.122a);
    # each of the six has power 1 or more, the summoning-sick Raging Goblin included (S1)
    listed = dicts(midgame(), card="Sky Skiff", kind="activate")
    crews = [frozenset(c for part in d["costs"] if part["kind"] == "crew" for c in part["cards"]) for d in listed]
    creatures = ["GB", "LE", "HD", "PC", "EV", "RG"]
    expected = {frozenset(group) for size in range(1, 7) for group in combinations(creatures, size)}
    assert len(crews) == len(set(crews)) == 63
    assert set(crews) == expected


def test_G1_midgame_listing_size_and_numbering():
    listed = dicts(midgame())
    assert len(listed) == 274
    assert [d["id"] for d in listed] == [f"a{n}" for n in range(1, 275)]
    assert len({(d["text"], str(d["costs"])) for d in listed}) == 274  # no action listed twice


def test_listing_order_depends_on_the_position_only_so_ids_survive_a_reload():
    """A creature cast this game is a new object (rule 400.7) with a later id than the opponent's
    creature, while a reloaded position numbers your battlefield first: the listing, and so the
    id that ``play`` writes for each action, is the same in both."""
    from mtg_helpers import act, load

    state = load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Shock", "id": "SH"}],
                      "battlefield": [{"card": "Forest", "id": "F1"}, {"card": "Forest", "id": "F2"},
                                      {"card": "Mountain", "id": "M1"}, {"card": "Mountain", "id": "M2"}]},
                 opponent={"battlefield": [{"card": "Grizzly Bears", "id": "OB"}, {"card": "Island", "id": "OI"}]})
    state = act(state, kind="cast", card="Grizzly Bears", costs_include=["F1", "F2"])  # a Mountain stays untapped for Shock
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    reloaded = cj.load_position(cj.to_dict(state))
    shocks = [d["targets"] for d in dicts(state, kind="cast", card="Shock")]
    assert sorted(shocks) == [["GB"], ["OB"], ["opponent"], ["you"]]
    assert [a.to_dict() for a in cj.legal_actions(reloaded)] == [a.to_dict() for a in cj.legal_actions(state)]

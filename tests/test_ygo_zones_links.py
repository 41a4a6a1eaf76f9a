"""Zones by place and Link Summons (rulings Z1-Z7 and L1-L5 of tests/data/ygo_zone_link_rulings.md),
played through the public API; the cards Link Spider, Linkuriboh and Decode Talker."""

import cardjudge as cj
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from helpers import act, actions, card, chain, dicts, load, now, pass_until, resolve, zone

from cardjudge.errors import InputError
from cardjudge.rules.core.canonical import canonical_key, digest

CLIMB_EXTRA = [{"card": "Link Spider", "id": "LS"}, {"card": "Linkuriboh", "id": "LK"},
               {"card": "Decode Talker", "id": "DT"}]
# A rules fixture, not a library card: a Link-2 whose arrows point left and right, so that a Link
# Monster in a Main Monster Zone points at its neighbours.
SIDEWAYS = {"name": "Sideways Link", "kind": "monster", "subtype": "link", "attribute": "DARK", "race": "Cyberse",
            "atk": 1000, "link_rating": 2, "link_arrows": ["left", "right"],
            "materials": {"link": {"count": [1, 2]}}}


def places(state, player="you"):
    """label -> zone index of a player's monsters, as the position is written."""
    return {m["id"]: m["zone"] for m in cj.to_dict(state)["players"][player]["monsters"]}


def summon_zones(state, label):
    """The zones the Summons of a card are offered to, read from the action texts (a Summon
    offered to one zone names none: it is carried out to see where the card goes)."""
    found = set()
    for a, d in actions(state, card_id=label, kind="summon"):
        text = d["text"]
        if " to the left Extra Monster Zone" in text:
            found.add(5)
        elif " to the right Extra Monster Zone" in text:
            found.add(6)
        elif " to Main Monster Zone " in text:
            found.add(int(text.rsplit(" ", 1)[1]))
        else:
            found.add(places(cj.apply(state, a))[label])
    return found


# ------------------------------------------------------------------ zones


def test_Z1_zone_indexes_are_read_written_and_filled_left_to_right():
    state = load(you={"monsters": [{"card": "Axe Raider", "id": "A", "zone": 3}, {"card": "Battle Ox", "id": "B"},
                                   {"card": "Link Spider", "id": "LS", "zone": 5}],
                      "spells_traps": [{"card": "Mirror Force", "id": "MF", "zone": 4}, {"card": "Trap Hole", "id": "TH"}]})
    assert places(state) == {"A": 3, "B": 0, "LS": 5}
    written = cj.to_dict(state)
    assert [s["zone"] for s in written["players"]["you"]["spells_traps"]] == [4, 0]
    again = cj.load_position(written)
    assert cj.to_dict(again) == written


def test_Z2_one_extra_monster_zone_per_player_and_not_the_opponents():
    # the opponent's Link Spider in their left Extra Monster Zone is in your right one
    state = load(you={"monsters": [{"card": "Axe Raider", "id": "A"}], "extra_deck": CLIMB_EXTRA},
                 opponent={"monsters": [{"card": "Link Spider", "id": "OLS", "zone": 5}]})
    assert summon_zones(state, "LS") == {5}
    # with a monster in an Extra Monster Zone, the next Link Monster needs a zone an arrow points to
    state = load(you={"monsters": [{"card": "Link Spider", "id": "LS0", "zone": 5}, {"card": "Mokey Mokey", "id": "M"}],
                      "extra_deck": CLIMB_EXTRA})
    assert summon_zones(state, "LK") == {1}  # Link Spider in the left one points down at Main Monster Zone 1


def test_Z3_main_deck_monsters_never_go_to_an_extra_monster_zone():
    full = [{"card": "Battle Ox", "id": f"B{i}"} for i in range(5)]
    state = load(you={"monsters": full, "hand": [{"card": "Axe Raider", "id": "A"}], "extra_deck": CLIMB_EXTRA})
    assert not dicts(state, card_id="A")  # both Extra Monster Zones are free, no Main Monster Zone is
    state = load(you={"monsters": [{"card": "Mokey Mokey", "id": "M"}], "hand": [{"card": "Axe Raider", "id": "A"}],
                      "extra_deck": CLIMB_EXTRA})
    assert summon_zones(state, "A") == {1, 2, 3, 4}


def test_Z3_linkuriboh_from_the_gy_goes_to_any_main_monster_zone():
    state = load(you={"monsters": [{"card": "Mokey Mokey", "id": "M", "zone": 2}],
                      "graveyard": [{"card": "Linkuriboh", "id": "LK"}]})
    state = act(state, kind="activate", card_id="LK", costs_include=["M"])
    state = pass_until(state, lambda s: bool(dicts(s, kind="choose")))
    offered = {d["text"].rsplit(" ", 1)[1] for d in dicts(state, kind="choose", position="attack")}
    assert offered == {"0", "1", "2", "3", "4"}  # the Main Monster Zones, not an Extra Monster Zone
    state = act(state, kind="choose", position="attack",
                text="you Special Summon LK in attack position to Main Monster Zone 3")
    state = resolve(state)
    assert places(state) == {"LK": 3} and zone(state, "M") == "graveyard"


def test_Z4_a_link_monster_goes_to_an_extra_monster_zone_or_a_zone_an_arrow_points_to():
    state = load(you={"monsters": [{"card": "Axe Raider", "id": "A", "zone": 2}], "extra_deck": CLIMB_EXTRA})
    assert summon_zones(state, "LS") == {5, 6}  # no Link Monster points anywhere yet
    # arrows of either player's Link Monsters count; the opponent's are turned round
    state = load(you={"monsters": [{"card": "Link Spider", "id": "LS0", "zone": 6}, {"card": "Mokey Mokey", "id": "M"}],
                      "extra_deck": CLIMB_EXTRA},
                 opponent={"monsters": [{"card": "Decode Talker", "id": "ODT", "zone": 6}]})
    # your Link Spider (your right Extra Monster Zone, above your zone 3) points at your zone 3; the
    # opponent's Decode Talker in their right one (your left one) points its top arrow at your
    # zone 1 and its bottom arrows at their zones 2 and 4
    assert summon_zones(state, "LK") == {1, 3}


def test_Z5_synchro_to_any_main_monster_zone_since_2020_and_linked_ones_under_master_rule_4():
    body = dict(you={"monsters": [{"card": "Junk Synchron", "id": "JS", "zone": 0},
                                  {"card": "Axe Raider", "id": "SK", "zone": 1},
                                  {"card": "Link Spider", "id": "LS0", "zone": 5}],
                     "extra_deck": [{"card": "Scrap Archfiend", "id": "SA"}, *CLIMB_EXTRA]})
    state = load(**body)
    # Link Spider holds your Extra Monster Zone: every Main Monster Zone once the materials left
    assert summon_zones(state, "SA") == {0, 1, 2, 3, 4}
    position = cj.to_dict(state)
    position["rules"] = {"master_rule": 4}
    older = cj.load_position(position)
    assert summon_zones(older, "SA") == {1}  # only the zone Link Spider points to
    assert cj.to_dict(older)["rules"] == {"master_rule": 4}


def test_Z6_without_link_monsters_one_zone_is_offered_and_the_key_ignores_main_zones():
    hand = {"hand": [{"card": "Axe Raider", "id": "A"}], "monsters": [{"card": "Mokey Mokey", "id": "M", "zone": 2}]}
    state = load(you=hand)
    assert [d["text"] for d in dicts(state, card_id="A")] == ["you Normal Summon Axe Raider", "you Set Axe Raider"]
    after = act(state, kind="summon", card_id="A")
    assert places(after)["A"] == 0  # the leftmost free one
    moved = load(you={**hand, "monsters": [{"card": "Mokey Mokey", "id": "M", "zone": 4}]})
    assert canonical_key(moved) == canonical_key(state)
    # with a Link Monster in the pool, where a card is matters
    linked = load(you={**hand, "extra_deck": CLIMB_EXTRA})
    linked_moved = load(you={**hand, "extra_deck": CLIMB_EXTRA,
                             "monsters": [{"card": "Mokey Mokey", "id": "M", "zone": 4}]})
    assert canonical_key(linked) != canonical_key(linked_moved)


def test_Z6_a_synchro_monster_without_link_monsters_goes_to_the_extra_monster_zone():
    state = load(you={"monsters": [{"card": "Junk Synchron", "id": "JS"}, {"card": "Axe Raider", "id": "AX"}],
                      "extra_deck": [{"card": "Scrap Archfiend", "id": "SA"}]})
    summons = dicts(state, card_id="SA")
    assert [d["position"] for d in summons] == ["attack", "defense"]  # one zone: as many actions as before
    state = act(state, card_id="SA", position="attack")
    assert places(state) == {"SA": 5}


def test_Z7_decode_talker_points_at_the_zones_next_to_its_arrows():
    # Decode Talker in your left Extra Monster Zone: bottom-left -> your zone 0, bottom-right ->
    # your zone 2, top -> the opponent's zone 3 (their column 1 from where they sit)
    state = load(you={"monsters": [{"card": "Decode Talker", "id": "DT", "zone": 5},
                                   {"card": "Axe Raider", "id": "A", "zone": 0},
                                   {"card": "Battle Ox", "id": "B", "zone": 1}]},
                 opponent={"monsters": [{"card": "Mokey Mokey", "id": "O3", "zone": 3},
                                        {"card": "Mokey Mokey", "id": "O1", "zone": 1}]})
    assert now(state, "DT")["atk"] == 2300 + 2 * 500  # Axe Raider and the opponent's zone 3
    assert cj.to_dict(state)["players"]["you"]["monsters"][0]["now"]["atk"] == 3300


# ------------------------------------------------------------------ Link Summons


def test_L1_link_spider_from_one_normal_monster_no_chain_and_solemn_warning_negates_it():
    state = load(you={"monsters": [{"card": "Axe Raider", "id": "A"}, {"card": "Cyber Dragon", "id": "CD"}],
                      "extra_deck": CLIMB_EXTRA},
                 opponent={"spells_traps": [{"card": "Solemn Warning", "id": "SW"}]})
    assert {tuple(d["costs"][0]["cards"]) for d in dicts(state, card_id="LS")} == {("A",)}  # not Cyber Dragon
    state = act(state, card_id="LS", text="you Link Summon Link Spider in attack position using A to the left Extra Monster Zone")
    assert not chain(state) and zone(state, "A") == "graveyard"
    state = act(state, player="opponent", kind="activate", card_id="SW")
    state = resolve(state)
    assert zone(state, "LS") == "graveyard" and zone(state, "A") == "graveyard"


def test_L1_a_link_monster_counts_as_1_or_its_link_rating():
    state = load(cards=[SIDEWAYS],
                 you={"monsters": [{"card": "Sideways Link", "id": "SL", "zone": 2},
                                   {"card": "Cyber Dragon", "id": "CD", "zone": 3},
                                   {"card": "Effect Veiler", "id": "EV", "zone": 1}],
                      "extra_deck": CLIMB_EXTRA})
    used = {tuple(sorted(d["costs"][0]["cards"])) for d in dicts(state, card_id="DT")}
    # Link-3: the Link-2 as 2 with one more, or as 1 with two more; never the Link-2 alone
    assert used == {("CD", "SL"), ("EV", "SL"), ("CD", "EV", "SL")}


def test_L2_link_monsters_start_in_the_extra_deck_and_stay_in_attack_position():
    with pytest.raises(InputError, match="Extra Deck"):
        load(you={"deck": ["Link Spider"]})
    with pytest.raises(InputError, match="always face-up in Attack Position"):
        load(you={"monsters": [{"card": "Link Spider", "position": "defense"}]})
    state = load(you={"monsters": [{"card": "Axe Raider", "id": "A"}], "extra_deck": CLIMB_EXTRA})
    assert {d["position"] for d in dicts(state, card_id="LS")} == {"attack"}
    assert now(act(state, card_id="LS", text="you Link Summon Link Spider in attack position using A to the "
                                                "left Extra Monster Zone"), "LS")["level"] is None


def test_L3_a_link_material_no_longer_points_at_the_zone():
    # Sideways Link in zone 2 points at zones 1 and 3; used as material, it points nowhere: with
    # the Extra Monster Zone taken, the new Link Monster goes only where another arrow points
    state = load(cards=[SIDEWAYS],
                 you={"monsters": [{"card": "Link Spider", "id": "LS0", "zone": 5},
                                   {"card": "Sideways Link", "id": "SL", "zone": 2}],
                      "extra_deck": [{"card": "Sideways Link", "id": "SL2"}]})
    alone = [d for d in dicts(state, card_id="SL2") if d["costs"][0]["cards"] == ["SL"]]
    assert [d["text"] for d in alone] == ["you Link Summon Sideways Link in attack position using SL"]
    assert places(act(state, card_id="SL2", costs_include=["SL"], text=alone[0]["text"]))["SL2"] == 1
    # (not zone 3, which only SL pointed at)
    kept = load(cards=[SIDEWAYS],
                you={"monsters": [{"card": "Link Spider", "id": "LS0", "zone": 5},
                                  {"card": "Sideways Link", "id": "SL", "zone": 2},
                                  {"card": "Mokey Mokey", "id": "M", "zone": 4}],
                     "extra_deck": [{"card": "Sideways Link", "id": "SL2"}]})
    # Link Spider and Mokey Mokey as materials: Sideways Link stays and points at zones 1 and 3,
    # and Link Spider's Extra Monster Zone is free
    offered = {d["text"].split(" to ", 1)[1] for d in dicts(kept, card_id="SL2")
               if d["costs"][0]["cards"] == ["LS0", "M"]}
    assert offered == {"Main Monster Zone 1", "Main Monster Zone 3", "the left Extra Monster Zone",
                       "the right Extra Monster Zone"}


def test_L4_linked_and_co_linked_in_expressions():
    state = load(cards=[SIDEWAYS],
                 you={"monsters": [{"card": "Sideways Link", "id": "S1", "zone": 1},
                                   {"card": "Sideways Link", "id": "S2", "zone": 2},
                                   {"card": "Axe Raider", "id": "A", "zone": 4}]})
    goal = "count(you.monsters, linked) == 2 and count(you.monsters, count(co_linked) >= 1) == 2"
    assert cj.find_combos(state, goal, max_actions=0).found
    apart = load(cards=[SIDEWAYS],
                 you={"monsters": [{"card": "Sideways Link", "id": "S1", "zone": 0},
                                   {"card": "Sideways Link", "id": "S2", "zone": 2},
                                   {"card": "Axe Raider", "id": "A", "zone": 3}]})
    assert cj.find_combos(apart, "count(you.monsters, linked) == 2", max_actions=0).found  # S2 and A
    assert not cj.find_combos(apart, "count(you.monsters, count(co_linked) >= 1) >= 1", max_actions=0).found


def test_L5_interchangeable_materials_are_one_action():
    state = load(you={"monsters": [{"card": "Axe Raider", "id": "A1", "zone": 0}, {"card": "Axe Raider", "id": "A2",
        "zone": 0 + 1}],
                      "extra_deck": CLIMB_EXTRA})
    # places are read (Link Monsters in the pool): the two copies are in different zones, so not
    # interchangeable; each, to each free Extra Monster Zone
    assert len(dicts(state, card_id="LS")) == 4
    same = load(you={"monsters": [{"card": "Mokey Mokey", "id": "M1"}, {"card": "Mokey Mokey", "id": "M2"}],
                     "extra_deck": [{"card": "Scrap Archfiend", "id": "SA"}]})
    assert len(dicts(same, card_id="SA")) == 0  # (no Tuner: nothing to merge)


# ------------------------------------------------------------------ the cards


def test_link_spider_summons_a_normal_monster_to_the_zone_it_points_to():
    state = load(you={"monsters": [{"card": "Link Spider", "id": "LS", "zone": 6}],
                      "hand": [{"card": "Axe Raider", "id": "A"}, {"card": "Cyber Dragon", "id": "CD"}]})
    state = act(state, kind="activate", card_id="LS")
    state = pass_until(state, lambda s: bool(dicts(s, kind="choose")))
    assert [d["targets"] for d in dicts(state, kind="choose")] == [["A"]]  # a Normal Monster only
    state = act(state, kind="choose", targets=["A"])
    state = act(state, kind="choose", position="defense")  # one zone: no zone choice
    state = resolve(state)
    assert places(state)["A"] == 3  # under the right Extra Monster Zone
    assert not dicts(state, kind="activate", card_id="LS")  # once per turn
    # in a Main Monster Zone its arrow points at a Spell & Trap Zone: nothing to Summon to
    mmz = load(you={"monsters": [{"card": "Link Spider", "id": "LS", "zone": 1}], "hand": ["Axe Raider"]})
    assert not dicts(mmz, kind="activate", card_id="LS")


def test_linkuriboh_tributes_itself_to_make_the_attacker_0_atk():
    state = load(active="opponent",
                 you={"monsters": [{"card": "Linkuriboh", "id": "LK", "zone": 5}]},
                 opponent={"monsters": [{"card": "Summoned Skull", "id": "SS"}]}, phase="battle_start")
    state = pass_until(state, lambda s: bool(dicts(s, kind="attack")))
    state = act(state, kind="attack", card_id="SS", targets=["LK"])
    state = act(state, kind="activate", card_id="LK")
    assert zone(state, "LK") == "graveyard"  # the Tribute is its cost
    state = resolve(state)
    assert now(state, "SS")["atk"] == 0


def test_decode_talker_negates_a_targeting_effect_by_tributing_a_monster_it_points_to():
    state = load(active="opponent",
                 you={"monsters": [{"card": "Decode Talker", "id": "DT", "zone": 5},
                                   {"card": "Axe Raider", "id": "A", "zone": 0}]},
                 opponent={"hand": [{"card": "Forbidden Lance", "id": "FL"}]})
    state = act(state, kind="activate", card_id="FL", targets=["DT"])
    answers = dicts(state, kind="activate", card_id="DT")
    assert [d["costs"][0]["cards"] for d in answers] == [["A"]]
    state = act(state, kind="activate", card_id="DT")
    state = resolve(state)
    assert zone(state, "FL") == "graveyard" and zone(state, "A") == "graveyard"
    assert now(state, "DT")["atk"] == 2300  # it points to nothing any more


# ------------------------------------------------------------------ the Link climb


CLIMB = dict(you={"hand": [{"card": "Axe Raider", "id": "AX"}, {"card": "Mokey Mokey", "id": "MK"},
                           {"card": "Cyber Dragon", "id": "CD"}],
                  "extra_deck": CLIMB_EXTRA},
             opponent={"monsters": [{"card": "Battle Ox", "id": "OX"}]})
# Cyber Dragon by its procedure (only the opponent controls a monster), a Normal Monster into Link
# Spider, Link Spider brings Mokey Mokey to the zone it points to, Mokey Mokey into Linkuriboh
# (where Link Spider points), and the three Effect Monsters into Decode Talker.
CLIMB_LINE = ["you Special Summon Cyber Dragon from the hand in attack position",
              "you Normal Summon Axe Raider",
              "you Link Summon Link Spider in attack position using AX",
              "you activate the effect of Link Spider",
              "you Link Summon Linkuriboh in attack position using MK",
              "you Link Summon Decode Talker in attack position using CD, LS, LK"]


def _without_zone(text):
    return text.split(" to Main Monster Zone ")[0].split(" to the left Extra")[0].split(" to the right Extra")[0]


def _replay(state, actions):
    """Each action of the line is legal where it is played (compared without its id)."""
    for action in actions:
        wanted = {k: v for k, v in action.to_dict().items() if k != "id"}
        found = [a for a in cj.legal_actions(state) if {k: v for k, v in a.to_dict().items() if k != "id"} == wanted]
        assert len(found) == 1, f"{action.text} is not legal once"
        state = cj.apply(state, found[0])
    return state


def test_link_climb_through_link_spider_to_decode_talker_is_found_and_checked():
    state = load(**CLIMB)
    result = cj.find_combos(state, "control: [DT]", max_actions=len(CLIMB_LINE), limit_seconds=120)
    assert result.found and result.complete
    line = result.lines[0]
    played = [a.text for a in line.actions if a.kind in ("summon", "activate")]
    assert [_without_zone(t) for t in played] == CLIMB_LINE
    final = _replay(state, line.actions)
    assert zone(final, "DT") == "monsters" and places(final)["DT"] in (5, 6)
    assert {zone(final, label) for label in ("LS", "LK", "CD", "AX", "MK")} == {"graveyard"}
    # Linkuriboh went where Link Spider pointed: below Link Spider's Extra Monster Zone
    linkuriboh = [a for a in line.actions if a.text.startswith("you Link Summon Linkuriboh")][0]
    assert " to " not in linkuriboh.text.split(" using ")[1]  # one zone: no choice
    # the round trip at every step of the line
    for action in [None, *line.actions]:
        if action is not None:
            state = cj.apply(state, action)
        written = cj.to_dict(state)
        again = cj.load_position(written)
        assert cj.to_dict(again) == written
        assert [a.to_dict() for a in cj.legal_actions(again)] == [a.to_dict() for a in cj.legal_actions(state)]


def test_no_shorter_link_climb():
    state = load(**CLIMB)
    result = cj.find_combos(state, "control: [DT]", max_actions=len(CLIMB_LINE) - 1, limit_seconds=120)
    assert not result.found and result.complete


def test_a_link_monster_is_written_with_its_arrows_and_what_it_points_to():
    state = load(you={"monsters": [{"card": "Decode Talker", "id": "DT", "zone": 6},
                                   {"card": "Axe Raider", "id": "A", "zone": 4}],
                      "graveyard": [{"card": "Link Spider", "id": "LS"}]})
    assert now(state, "DT") == {"name": "Decode Talker", "atk": 2800, "def": None, "level": None, "race": "Cyberse",
                                "attribute": "DARK", "link_rating": 3,
                                "link_arrows": ["top", "bottom-left", "bottom-right"], "points_to": ["A"]}
    written = cj.to_dict(state)
    assert cj.to_dict(cj.load_position(written)) == written


# ------------------------------------------------------------------ properties

MONSTERS = ["Axe Raider", "Battle Ox", "Mokey Mokey", "Axe Raider"]


def _placed(zones_for, extra_deck=()):
    return load(you={"monsters": [{"card": name, "id": f"M{i}", "zone": z}
                                  for i, (name, z) in enumerate(zip(MONSTERS, zones_for))],
                     "extra_deck": list(extra_deck)})


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(5)), st.permutations(range(5)))
def test_Z6_main_zones_never_enter_the_key_when_nothing_reads_places(first, second):
    one, other = _placed(first[:4]), _placed(second[:4])
    assert canonical_key(one) == canonical_key(other) and digest(one) == digest(other)
    assert [a.text for a in cj.legal_actions(one)] == [a.text for a in cj.legal_actions(other)]


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(5)), st.booleans())
def test_Z1_zones_round_trip_with_or_without_link_monsters(order, with_link):
    state = _placed(order[:4], ["Link Spider"] if with_link else ())
    written = cj.to_dict(state)
    assert [m["zone"] for m in written["players"]["you"]["monsters"]] == list(order[:4])
    again = cj.load_position(written)
    assert cj.to_dict(again) == written and canonical_key(again) == canonical_key(state)
    moved = _placed([order[1], order[0], *order[2:4]], ["Link Spider"] if with_link else ())
    # Axe Raider and Battle Ox swapped: the same position unless something reads places
    assert (canonical_key(moved) == canonical_key(state)) is (not with_link)


def test_Z6_a_summon_in_a_fixed_position_asks_only_for_the_zone_when_places_are_read():
    # Junk Synchron: "Special Summon it in Defense Position"; with a Link Monster in the position
    # the zone is its controller's choice, the battle position is not
    state = load(you={"hand": [{"card": "Junk Synchron", "id": "JS"}],
                      "graveyard": [{"card": "Mokey Mokey", "id": "MK"}], "extra_deck": CLIMB_EXTRA})
    state = act(state, kind="summon", card_id="JS", text="you Normal Summon Junk Synchron to Main Monster Zone 2")
    state = act(state, kind="activate", card_id="JS", targets=["MK"])
    state = pass_until(state, lambda s: bool(dicts(s, kind="choose")))
    offered = dicts(state, kind="choose")
    assert {d["position"] for d in offered} == {"defense"}
    assert sorted(d["text"].rsplit(" ", 1)[1] for d in offered) == ["0", "1", "3", "4"]
    state = act(state, kind="choose", text="you Special Summon MK in defense position to Main Monster Zone 4")
    state = resolve(state)
    assert places(state) == {"JS": 2, "MK": 4} and card(state, "MK")["position"] == "defense"
    # without one, no choice at all (as before zones had places)
    plain = load(you={"hand": [{"card": "Junk Synchron", "id": "JS"}], "graveyard": [{"card": "Mokey Mokey", "id": "MK"}]})
    plain = act(plain, kind="summon", card_id="JS", text="you Normal Summon Junk Synchron")
    plain = act(plain, kind="activate", card_id="JS", targets=["MK"])
    plain = resolve(plain)
    assert places(plain) == {"JS": 0, "MK": 1}


def test_L2_a_link_monster_never_changes_its_battle_position():
    state = load(you={"monsters": [{"card": "Link Spider", "id": "LS", "zone": 5},
                                   {"card": "Axe Raider", "id": "A", "zone": 0}]})
    assert [d["card_id"] for d in dicts(state, kind="choose") if d.get("position")] == ["A"]
    # Book of Moon ("change that target to face-down Defense Position") cannot target a Link Monster
    state = load(you={"hand": [{"card": "Book of Moon", "id": "BM"}]},
                 opponent={"monsters": [{"card": "Link Spider", "id": "LS", "zone": 5},
                                        {"card": "Axe Raider", "id": "A", "zone": 0}]})
    assert [d["targets"] for d in dicts(state, kind="activate", card_id="BM")] == [["A"]]


# ------------------------------------------------------------------ Tokens (Z8)


def _doppel_tokens_pending(with_link):
    """Junk Warrior Synchro Summoned with Doppelwarrior; its Doppel Token effect resolving."""
    monsters = [{"card": "Junk Synchron", "id": "JS", "zone": 0}, {"card": "Doppelwarrior", "id": "DW", "zone": 1}]
    if with_link:
        monsters.append({"card": "Link Spider", "id": "LS", "zone": 5})
    state = load(you={"monsters": monsters, "extra_deck": [{"card": "Junk Warrior", "id": "JW"}]})
    where = " to Main Monster Zone 3" if with_link else ""
    state = act(state, kind="summon", text=f"you Synchro Summon Junk Warrior in attack position using JS, DW{where}")
    state = act(state, text="you activate the effect of Junk Warrior")  # mandatory: first on the chain
    state = act(state, text="you activate the effect of Doppelwarrior")
    for _ in range(6):
        if dicts(state, card="Doppel Token") or not chain(state):
            return state
        state = act(state, kind="pass")
    return state


def test_Z8_token_zones_are_chosen_by_their_player_where_places_matter():
    state = _doppel_tokens_pending(with_link=True)
    offered = [d["text"] for d in dicts(state, card="Doppel Token")]
    # free: Main Monster Zones 0, 1, 2 and 4 (Junk Warrior in 3): one action per set of two
    assert sorted(offered) == sorted(f"you Special Summon 2 Doppel Token to Main Monster Zone {a} and "
                                     f"Main Monster Zone {b}"
                                     for a, b in [(0, 1), (0, 2), (0, 4), (1, 2), (1, 4), (2, 4)])
    again = cj.load_position(cj.to_dict(state))  # the pending choice round-trips
    assert sorted(d["text"] for d in dicts(again, card="Doppel Token")) == sorted(offered)
    state = act(state, text="you Special Summon 2 Doppel Token to Main Monster Zone 0 and Main Monster Zone 4")
    tokens = sorted(m["zone"] for m in cj.to_dict(state)["players"]["you"]["monsters"] if m["card"] == "Doppel Token")
    assert tokens == [0, 4]


def test_Z8_tokens_take_the_leftmost_zones_without_a_choice_where_places_do_not_matter():
    state = _doppel_tokens_pending(with_link=False)
    assert not dicts(state, card="Doppel Token")
    state = resolve(state)
    assert sorted(m["card"] for m in cj.to_dict(state)["players"]["you"]["monsters"]) == \
        ["Doppel Token", "Doppel Token", "Junk Warrior"]


# ------------------------------------------------------------------ Extra Link (Z9)

# A rules fixture, not a library card: a Link-4 with arrows on all four sides (Top, Left, Right,
# Bottom), so that three of them side by side in the central Main Monster Zones are co-linked with
# each other and with Link Monsters pointing down at them from the Extra Monster Zones.
CROSS = {"name": "Cross Link", "kind": "monster", "subtype": "link", "attribute": "DARK", "race": "Cyberse",
         "atk": 2500, "link_rating": 4, "link_arrows": ["top", "left", "right", "bottom"],
         "materials": {"link": {"count": [2, 4]}}}


def _extra_link_field(centre: bool):
    """Link Spider in your left Extra Monster Zone (its Bottom arrow on Main Monster Zone 1), Cross
    Links in Main Monster Zones 1 and 3 (and 2 when ``centre``), Axe Raider in zone 0, a Link
    Spider in the Extra Deck."""
    monsters = [{"card": "Link Spider", "id": "LS0", "zone": 5}, {"card": "Cross Link", "id": "X1", "zone": 1},
                {"card": "Cross Link", "id": "X3", "zone": 3}, {"card": "Axe Raider", "id": "A", "zone": 0}]
    if centre:
        monsters.append({"card": "Cross Link", "id": "X2", "zone": 2})
    return load(cards=[CROSS], you={"monsters": monsters, "extra_deck": [{"card": "Link Spider", "id": "LS"}]})


def test_Z9_a_link_summon_that_makes_an_extra_link_takes_the_second_extra_monster_zone():
    state = _extra_link_field(centre=True)
    # Link Spider (left EMZ) - Cross Link 1 - Cross Link 2 - Cross Link 3 - the right EMZ, each
    # pair co-linked: a Link Spider there (Bottom arrow on Cross Link 3) completes the Extra Link
    assert summon_zones(state, "LS") == {0, 4, 6}
    state = act(state, card_id="LS", text="you Link Summon Link Spider in attack position using A to the right "
                                            "Extra Monster Zone")
    assert places(state) == {"LS0": 5, "X1": 1, "X2": 2, "X3": 3, "LS": 6}
    again = cj.load_position(cj.to_dict(state))  # a position with both, joined by an Extra Link, is legal
    assert places(again) == places(state)


def test_Z9_no_second_extra_monster_zone_without_an_extra_link():
    # Cross Link 3's Top arrow points at the right EMZ, but nothing joins it to Link Spider's
    state = _extra_link_field(centre=False)
    assert summon_zones(state, "LS") == {0, 2, 4}
    # an opponent's monster in the other EMZ also closes it, Extra Link or not
    blocked = load(cards=[CROSS], you=cj.to_dict(_extra_link_field(centre=True))["players"]["you"],
                   opponent={"monsters": [{"card": "Link Spider", "id": "OLS", "zone": 5}]})
    assert summon_zones(blocked, "LS") == {0, 4}


def test_Z9_a_position_holding_both_extra_monster_zones_needs_an_extra_link():
    written = cj.to_dict(_extra_link_field(centre=False))
    written["players"]["you"]["monsters"].append({"card": "Link Spider", "id": "LS6", "zone": 6})
    with pytest.raises(InputError, match="both Extra Monster Zones .* no Extra Link"):
        cj.load_position(written)
    written["players"]["you"]["monsters"].append({"card": "Cross Link", "id": "X2", "zone": 2})
    assert places(cj.load_position(written))["LS6"] == 6

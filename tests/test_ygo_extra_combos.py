"""Combo lines deck builders know, each found by find_combos and checked action by action.

The searches are bounded (max_actions, limit_seconds) and each must come back complete: a
line is found, and shorter ones were proved absent within the bounds. Each goal is one of
this turn (``this_turn_goal``): a goal written as an expression is otherwise also looked for
through the opponent's turns, which multiplies the states searched.
"""


import cardjudge as cj
import pytest
from helpers import load

from cardjudge.solver.goals import parse_goal


def this_turn_goal(goal, state):
    """The goal, to be reached within the turn that ``state`` is in."""
    return parse_goal(goal, state)  # every goal is bounded by the current turn by default

COMBOS = {
    # Junk Synchron revives a Level 1, then Junk Synchron (3) + 2 Level 1s = Junk Warrior (5)
    "junk_warrior": (
        dict(you={"hand": [{"card": "Junk Synchron", "id": "JS"}], "graveyard": [{"card": "Mokey Mokey", "id": "MK"}],
                  "monsters": [{"card": "Skull Servant", "id": "SK", "position": "defense"}],
                  "extra_deck": [{"card": "Junk Warrior", "id": "JW"}]}),
        "control: [JW]",
        ["you Normal Summon Junk Synchron", "you activate the effect of Junk Synchron targeting MK",
         "you Synchro Summon Junk Warrior in attack position using JS, SK, MK"]),
    # the classic Fusion: Polymerization with Avian and Burstinatrix from the hand
    "flame_wingman": (
        dict(you={"hand": [{"card": "Polymerization", "id": "PO"}, {"card": "Elemental HERO Avian", "id": "AV"},
                           {"card": "Elemental HERO Burstinatrix", "id": "BU"}],
                  "extra_deck": [{"card": "Elemental HERO Flame Wingman", "id": "FW"}]}),
        "control: [FW]",
        ["you activate Polymerization"]),
    # an Xyz into a detach: two Level 3 HEROes make Leviathan Dragon, which detaches for 500 ATK
    "leviathan_detach": (
        dict(you={"hand": [{"card": "Elemental HERO Avian", "id": "AV"}],
                  "monsters": [{"card": "Elemental HERO Burstinatrix", "id": "BU", "position": "defense"}],
                  "extra_deck": [{"card": "Number 17: Leviathan Dragon", "id": "L"}]}),
        "count(you.monsters, name == 'Number 17: Leviathan Dragon' and atk >= 2500) >= 1",
        ["you Normal Summon Elemental HERO Avian",
         "you Xyz Summon Number 17: Leviathan Dragon in attack position using BU, AV"]),
    # Cyber Dragon by its own procedure, a Level 1 Tuner, Synchro Summon a Level 6
    "cyber_dragon_gaia": (
        dict(you={"hand": [{"card": "Cyber Dragon", "id": "CD"}, {"card": "Effect Veiler", "id": "EV"}],
                  "extra_deck": [{"card": "Gaia Knight, the Force of Earth", "id": "GK"}]},
             opponent={"monsters": ["Summoned Skull"]}),
        "control: [GK]",
        ["you Special Summon Cyber Dragon from the hand in attack position", "you Normal Summon Effect Veiler",
         "you Synchro Summon Gaia Knight, the Force of Earth in attack position using EV, CD"]),
    # Goblindbergh brings a second Level 4 from the hand: Number 39: Utopia
    "goblindbergh_utopia": (
        dict(you={"hand": [{"card": "Goblindbergh", "id": "GB"}, {"card": "Vorse Raider", "id": "VR"}],
                  "extra_deck": [{"card": "Number 39: Utopia", "id": "U"}]}),
        "control: [U]",
        ["you Normal Summon Goblindbergh", "you activate the effect of Goblindbergh",
         "you Xyz Summon Number 39: Utopia in attack position using GB, VR"]),
}


def _replay(state, actions):
    """Each action of the line is legal where it is played (compared without its id)."""
    for action in actions:
        wanted = {k: v for k, v in action.to_dict().items() if k != "id"}
        found = [a for a in cj.legal_actions(state) if {k: v for k, v in a.to_dict().items() if k != "id"} == wanted]
        assert len(found) == 1, f"{action.text} is not legal once"
        state = cj.apply(state, found[0])
    return state


@pytest.mark.parametrize("name", sorted(COMBOS))
def test_combo_line_is_found_and_checked(name):
    position, goal, counted = COMBOS[name]
    state = load(**position)
    goal = this_turn_goal(goal, state)
    result = cj.find_combos(state, goal, max_actions=len(counted) + 1, limit_seconds=60)
    assert result.found and result.complete
    line = result.lines[0]
    played = [a.text for a in line.actions if a.kind in ("summon", "activate", "set", "attack")]
    # the counted actions of the line, in order (the Synchro materials in any order of listing)
    assert [_sorted_materials(t) for t in played[:len(counted)]] == [_sorted_materials(t) for t in counted]
    final = _replay(state, line.actions)
    assert cj.find_combos(final, goal, max_actions=0).found  # the goal holds where the line ends


def _sorted_materials(text):
    head, _, used = text.partition(" using ")
    return (head, tuple(sorted(used.split(", "))) if used else ())


def test_no_shorter_junk_warrior_line():
    position, goal, counted = COMBOS["junk_warrior"]
    state = load(**position)
    result = cj.find_combos(state, this_turn_goal(goal, state), max_actions=len(counted) - 1, limit_seconds=60)
    assert not result.found and result.complete


# The Doppelwarrior line: Junk Synchron revives a monster from the GY, Doppelwarrior answers it
# from the hand, both make Junk Warrior, and the Doppel Tokens are there when it resolves.
DOPPEL = dict(you={"hand": [{"card": "Junk Synchron", "id": "JS"}, {"card": "Doppelwarrior", "id": "DW"}],
                   "graveyard": [{"card": "Mokey Mokey", "id": "MK"}],
                   "extra_deck": [{"card": "Junk Warrior", "id": "JW"}]})
DOPPEL_GOAL = "count(you.monsters, name == 'Junk Warrior' and atk >= 3400) >= 1"


def test_doppelwarrior_line_to_a_3400_atk_junk_warrior():
    state = load(**DOPPEL)
    goal = this_turn_goal(DOPPEL_GOAL, state)
    result = cj.find_combos(state, goal, max_actions=6, limit_seconds=60)
    assert result.found and result.complete
    played = [a.text for a in result.lines[0].actions if a.kind in ("summon", "activate")]
    assert played == ["you Normal Summon Junk Synchron", "you activate the effect of Junk Synchron targeting MK",
                      "you activate Doppelwarrior",
                      "you Synchro Summon Junk Warrior in attack position using JS, DW",
                      "you activate the effect of Junk Warrior", "you activate the effect of Doppelwarrior"]
    final = _replay(state, result.lines[0].actions)
    monsters = cj.to_dict(final)["players"]["you"]["monsters"]
    assert sorted(m["card"] for m in monsters) == ["Doppel Token", "Doppel Token", "Junk Warrior", "Mokey Mokey"]
    # 2300 + Mokey Mokey 300 + two Doppel Tokens 400 each: the Tokens came first (SEGOC: the
    # mandatory trigger went on the chain first and resolves last)
    assert [m["now"]["atk"] for m in monsters if m["card"] == "Junk Warrior"] == [3400]
    shorter = cj.find_combos(state, goal, max_actions=5, limit_seconds=60)
    assert not shorter.found and shorter.complete

"""Actions left out of the searches for the shortest lines where the position's cards prove that
no line needs them: standalone mana abilities (CR 605.3a, ``rules/mtg/floating.py``) and spells
and abilities in the beginning of combat, end of combat and end steps (CR 507, 511, 513,
``rules/mtg/moments.py``). The proofs' conditions, each refused when a card breaks it, and the
reduced search against the full one on random small positions (the same solutions, up to the
solutions' equivalence, and the same verdicts)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge.rules.core.engine import legal_actions, load_position
from cardjudge.rules.mtg.build import build_position
from cardjudge.rules.mtg.floating import needless_floats
from cardjudge.rules.mtg.moments import needless_moments
from cardjudge.rules.mtg.zero_x import needless_zero_x
from cardjudge.solver.combos import find_combos, goal_domain, unreduced
from cardjudge.solver.goals import parse_goal
from cardjudge.solver.solutions import group_solutions

# cards whose abilities keep the proof's conditions (burn, pump, life, undying, X, cycling lands)
# (Ball Lightning's end step trigger leaves the spells of the end step in)
CREATURES = ["Grizzly Bears", "Raging Goblin", "Crypt Rats", "Young Wolf", "Oreskos Sun Guide", "Nocturnal Feeder",
             "Bogardan Firefiend", "Ball Lightning", "Elite Vanguard", "Hill Giant", "Goblin Piker", "Gurmag Angler"]
SPELLS = ["Lightning Bolt", "Shock", "Giant Growth", "Tendrils of Corruption", "Blazing Salvo", "Lava Axe", "Opt",
          "Magma Spray"]
HASTE = ["Raging Goblin", "Ball Lightning"]
LANDS = ["Swamp", "Island", "Mountain", "Forest", "Plains", "Savai Triome"]


def _position(you_battlefield=(), hand=(), lands=("Swamp", "Swamp"), opponent=(), life=20, **body) -> dict:
    position = build_position({"you": {"battlefield": list(you_battlefield), "hand": list(hand)},
                               "opponent": {"battlefield": list(opponent)}},
                              life={"opponent": life}, lands={"you": list(lands)})
    position["players"]["you"].update(body)
    return position


def _cut(position: dict, goal: str = "win"):
    state = load_position(position)
    return needless_floats(state, "you", goal, state.turn)


def test_605_3a_floats_left_out_with_only_plain_lands_and_harmless_cards():
    state = load_position(_position(["Crypt Rats"], ["Tendrils of Corruption"], life=8))
    leave_out = needless_floats(state, "you", "win", state.turn)
    assert leave_out is not None
    floats = [a for a in legal_actions(state) if a.get("mana_ability")]
    others = [a for a in legal_actions(state) if not a.get("mana_ability")]
    assert floats and all(leave_out(state, a) for a in floats)
    assert not any(leave_out(state, a) for a in others)
    # only within the search's last turn: an untap step later would tell the two lines apart
    assert not any(needless_floats(state, "you", "win", state.turn + 1)(state, a) for a in floats)
    assert needless_floats(state, "you", "win", None) is None


@pytest.mark.parametrize("change, why", [
    ({"you_battlefield": ["Llanowar Elves"]}, "a creature's mana ability: it can die or be tapped to attack"),
    ({"hand": ["Doom Blade"]}, "destroy"),
    ({"hand": ["Dark Ritual"]}, "mana added by a spell"),
    ({"you_battlefield": ["Pestermite"]}, "tap or untap a permanent"),
    ({"you_battlefield": ["Springleaf Drum"]}, "a cost that taps another permanent"),
    ({"hand": ["Cruel Edict"]}, "sacrifice"),
    ({"hand": ["Threaten"]}, "untap and gain control"),
    ({"mana_pool": "B"}, "mana already in the pool"),
])
def test_605_3a_floats_kept_when_a_card_could_profit_from_them(change, why):
    assert _cut(_position()) is not None
    assert _cut(_position(**change)) is None, why


def test_605_3a_floats_kept_for_a_goal_that_reads_tapped_status():
    position = _position(["Grizzly Bears"])
    assert _cut(position, "count(you.creatures, tapped) == 1") is None


def _moments(position: dict, goal: str = "win", opponent: str = "passive"):
    return needless_moments(load_position(position), "you", goal, opponent)


def _at(position: dict, phase: str, **changes) -> dict:
    return dict(position, phase=phase, **changes)


def test_507_511_513_spells_in_the_steps_beside_the_main_phases_left_out():
    position = _position(["Grizzly Bears"], ["Shock", "Giant Growth"], ["Mountain", "Forest"])
    for phase, left_out in [("upkeep", False), ("main1", False), ("beginning_of_combat", True),
                            ("end_of_combat", True), ("main2", False), ("end", True)]:
        state = load_position(_at(position, phase))
        leave_out = needless_moments(load_position(position), "you", "win", "passive")
        spells = [a for a in legal_actions(state) if a.kind == "cast"]
        assert spells and all(leave_out(state, a) == left_out for a in spells), phase
        assert not any(leave_out(state, a) for a in legal_actions(state) if a.kind == "pass")


def test_507_513_an_action_is_kept_when_the_search_starts_after_the_main_phase_it_would_move_to():
    position = _position(["Grizzly Bears"], ["Shock"], ["Mountain"])
    for phase in ("beginning_of_combat", "end"):
        state = load_position(_at(position, phase))
        leave_out = needless_moments(state, "you", "win", "passive")
        assert not any(leave_out(state, a) for a in legal_actions(state) if a.kind == "cast"), phase
    # from the end of combat the spell moves to the second main phase, which is still ahead
    state = load_position(_at(position, "end_of_combat"))
    leave_out = needless_moments(state, "you", "win", "passive")
    assert all(leave_out(state, a) for a in legal_actions(state) if a.kind == "cast")


@pytest.mark.parametrize("change, why", [
    ({"you_battlefield": ["Ball Lightning"]}, "a trigger at the beginning of the end step"),
    ({"hand": ["Sneak Attack"]}, "a delayed trigger"),
])
def test_507_511_513_moments_kept_when_a_card_acts_at_them(change, why):
    assert _moments(_position()) is not None
    assert _moments(_position(**change)) is None, why


def test_507_511_513_moments_kept_against_an_adversarial_opponent_or_for_a_goal_that_reads_combat():
    position = _position(["Grizzly Bears"])
    assert _moments(position, opponent="adversarial") is None
    assert _moments(position, goal="count(you.creatures, attacking) == 1") is None


def _random_position(seed: int) -> dict:
    """A small board whose solutions, when it has some, take spells at various moments: burn,
    pump and haste creatures in hand (cast in a main phase only), red mana most often."""
    rng = random.Random(seed)
    return _position([rng.choice(CREATURES) for _ in range(rng.randint(1, 2))],
                     [rng.choice(SPELLS + HASTE) for _ in range(rng.randint(1, 2))],
                     [rng.choice(LANDS + ["Mountain"] * 3) for _ in range(rng.randint(2, 4))],
                     [rng.choice(CREATURES) for _ in range(rng.randint(0, 1))], life=rng.randint(1, 6))


def _solutions(state, max_actions: int):
    goal = parse_goal("win", state, "you")
    result = find_combos(state, goal, max_actions=max_actions, all_lines=True, limit_nodes=40_000, limit_seconds=None)
    solutions = group_solutions(goal_domain(state, goal), state, result.lines, "you", goal)
    return result, sorted(repr(solution.key) for solution in solutions), [s.length for s in solutions]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), max_actions=st.integers(1, 2))
def test_605_3a_the_reduced_search_finds_the_solutions_of_the_full_one(seed, max_actions):
    state = load_position(_random_position(seed))
    assert needless_floats(state, "you", "win", state.turn) is not None  # the cut is in force
    # (the moments' cut too, unless a card acts at them: Ball Lightning)
    reduced, reduced_keys, reduced_lengths = _solutions(state, max_actions)
    with unreduced():
        full, full_keys, full_lengths = _solutions(load_position(_random_position(seed)), max_actions)
    assert reduced.stats.nodes <= full.stats.nodes
    if not full.complete:
        return  # the full search was cut short by its node limit: nothing to compare with
    assert reduced.complete
    assert (reduced.found, reduced_lengths, reduced_keys) == (full.found, full_lengths, full_keys)


def test_120_8_an_activation_with_x_0_that_deals_no_damage_left_out():
    state = load_position(_position(["Crypt Rats"], lands=("Swamp",)))
    leave_out = needless_zero_x(state, "you", "win")
    rats = {a.text: a for a in legal_actions(state) if a.card == "Crypt Rats"}
    assert sorted(rats) == ["you activate Crypt Rats", "you activate Crypt Rats with X=1"]
    assert leave_out(state, rats["you activate Crypt Rats"]) and not leave_out(state, rats["you activate Crypt Rats with X=1"])


@pytest.mark.parametrize("change", [{"you_battlefield": ["Crypt Rats", "Rings of Brighthearth"]},
                                    {"you_battlefield": ["Crypt Rats"], "hand": ["Counterspell"]}])
def test_120_8_kept_when_a_card_could_copy_or_counter_the_ability(change):
    assert needless_zero_x(load_position(_position(["Crypt Rats"], lands=("Swamp",))), "you", "win") is not None
    assert needless_zero_x(load_position(_position(lands=("Swamp",), **change)), "you", "win") is None

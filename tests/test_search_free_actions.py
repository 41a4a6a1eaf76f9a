"""The search's actions that do not count, built without the whole listing (``free_actions``).

Where the searcher has no counted action left, and where a passive opponent passes, the search
tries only the actions that do not count; Magic gives them (the pass of a player holding
priority) without listing every payment of every spell. These tests check the behaviour that
shortcut must keep: the same lines, ids and counters as a search over the whole listings, and
the shortcut's actions equal to the listing's own.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardjudge as cj
from cardjudge.rules.core.engine import legal_actions_except
from cardjudge.solver.combos import COUNTED, EngineDomain, last_turn
from cardjudge.solver.goals import parse_goal
from cardjudge.solver.search import search_lines

ROOT = Path(__file__).resolve().parent.parent


class _WholeListings(EngineDomain):
    """The engine domain without the shortcut: every node lists every action."""

    free_actions = None

    def actor(self, state):
        actions = self.actions(state)
        return actions[0].player if actions else None


def _search(domain_class, state, goal_text, max_actions, opponent="passive"):
    goal = parse_goal(goal_text, state, None)
    domain = domain_class(state, last_turn=last_turn(state, goal.player, 1))
    return search_lines(domain, state, goal.test, searcher=goal.player, max_actions=max_actions,
                        opponent=opponent, limit_nodes=20000, limit_seconds=None)


@pytest.mark.parametrize("name, goal, max_actions, opponent", [
    ("examples/mtg-midgame.yaml", "opponent.life <= 10", 2, "passive"),
    ("examples/mtg-end-step.yaml", "opponent.life <= 0", 1, "passive"),
    ("examples/puzzles/mtg-flying.yaml", "win", 3, "passive"),
    ("examples/puzzles/ygo-tribute.yaml", "win", 3, "passive"),
    ("examples/puzzles/mtg-ritual.yaml", "win", 3, "adversarial"),
])
def test_search_finds_the_same_lines_with_the_same_ids_as_over_whole_listings(name, goal, max_actions, opponent):
    state = cj.load_position(ROOT / name)
    quick = _search(EngineDomain, state, goal, max_actions, opponent)
    whole = _search(_WholeListings, state, goal, max_actions, opponent)
    assert [line.to_dict() for line in quick.lines] == [line.to_dict() for line in whole.lines]
    assert (quick.found, quick.complete, quick.reason) == (whole.found, whole.complete, whole.reason)
    assert (quick.stats.nodes, quick.stats.states) == (whole.stats.nodes, whole.stats.states)
    for line in quick.lines:
        assert all(action.id for action in line.actions)  # every action with its listing's id


def _magic_starts():
    return sorted(str(p) for p in (ROOT / "examples").glob("mtg-*.yaml")) + sorted(
        str(p) for p in (ROOT / "examples" / "puzzles").glob("mtg-*.yaml"))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(_magic_starts()), choices=st.lists(st.integers(0, 10_000), max_size=12))
def test_magic_actions_without_the_counted_kinds_are_the_listing_filtered(start, choices):
    """Along random playouts: whenever Magic answers without its listing, the answer is the
    listing without those kinds (same decisions, in order), and applying it gives the state the
    listed action gives."""
    state = cj.load_position(start)
    for choice in choices:
        listed = cj.legal_actions(state)
        if not listed:
            break
        data = cj.to_dict(state)
        fresh = cj.load_position(data)  # no listing remembered
        quick = legal_actions_except(fresh, COUNTED)
        if quick is not None:
            listed_state = cj.load_position(data)
            expected = [a for a in cj.legal_actions(listed_state) if a.kind not in COUNTED]
            assert [a.signature() for a in quick] == [a.signature() for a in expected]
            for shortcut, listed_one in zip(quick, expected):
                assert cj.to_dict(cj.apply(fresh, shortcut)) == cj.to_dict(cj.apply(listed_state, listed_one))
        state = cj.apply(state, listed[choice % len(listed)])


def test_the_pass_built_without_the_listing_and_the_listed_pass_lead_to_one_successor():
    """The search recognises a state by its object first: both objects of one decision must give
    the same successor, or every later iteration of the search works the position out again."""
    state = cj.load_position(ROOT / "examples" / "mtg-midgame.yaml")
    domain = EngineDomain(state, last_turn=state.turn)
    (quick,) = domain.free_actions(state)
    assert quick.kind == "pass" and not quick.id
    after = domain.apply(state, quick)
    (listed,) = [a for a in domain.actions(state) if a.kind == "pass"]
    assert listed.id and listed is not quick
    assert domain.apply(state, listed) is after

"""``passes_and_choices``: the moves of a Magic listing that count as none, built apart from it,
are exactly those of ``legal_actions`` (random playouts of every Magic example); and a search
that uses them returns lines of listed actions."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, load_position
from cardjudge.rules.mtg import passes_and_choices
from cardjudge.solver.combos import find_combos
from playouts import EXAMPLES, ROOT, play_out, start_positions

POSITIONS = start_positions("mtg")


def _check_state(state, trail, name):
    apart = [a.signature() for a in passes_and_choices(state)]
    actions = legal_actions(state)
    listed = [a.signature() for a in actions if a.kind in ("pass", "choose", "order")]
    assert apart == listed, f"{name} after {trail}"
    return actions


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(POSITIONS)),
       choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=12))
def test_passes_and_choices_are_the_listing_moves_that_count_as_none(name, choices):
    # built before the listing: from a state whose listing is not known yet
    play_out(load_position(POSITIONS[name]), choices, _check_state, name)


def test_the_one_action_goblin_token_goal_is_complete_with_listed_actions():
    state = load_position(str(ROOT / "examples" / "mtg-midgame.yaml"))
    result = find_combos(state, "count(you.battlefield, name == 'Goblin Token') >= 1")
    assert result.found and result.complete and result.reason == "found a line of 1 action"
    line = result.lines[0]
    assert [a.text for a in line.actions] == ["you cast Krenko's Command", "you pass", "opponent passes"]
    # every action is the listing's own (with its id), whichever way the search built it
    step = state
    for action in line.actions:
        assert action in legal_actions(step)
        step = apply(step, action)

"""The memos of values that read only the zones and objects (a player's activation candidates,
the continuous candidates of the field, the equipped monsters) and the listing ``apply`` leaves
in the new state never change an answer: along random playouts of the example, acceptance and
puzzle positions, every state an action leads to (each made through a Draft that may start from
its base state's memo) lists the same legal actions, ids and order included, and shows the same
cards (their characteristics now), as the same state made cold, with nothing worked out."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, to_dict
from cold import cold_copy, listing
from playouts import EXAMPLES, Starts, start_positions

MAX_DEPTH = 10
PUZZLES = sorted((Path(__file__).resolve().parent.parent / "examples" / "puzzles").glob("ygo-*.yaml"))
POSITIONS = {**start_positions("ygo"),
             **{f"puzzles/{p.name}": yaml.safe_load(p.read_text(encoding="utf-8")) for p in PUZZLES}}
STARTS = Starts(POSITIONS)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH),
)
def test_every_state_reached_lists_what_its_cold_copy_lists(name, choices):
    state = STARTS[name]
    trail: list = []
    for pick in choices:
        actions = legal_actions(state)
        assert listing(state) == listing(cold_copy(state)), f"{name} after {trail}"
        if not actions:
            break
        for action in actions:  # every state one action away, each made through its own Draft
            after = apply(state, action)
            where = f"{name} after {trail} + {action.text}"
            assert listing(after) == listing(cold_copy(after)), where
            assert to_dict(after) == to_dict(cold_copy(after)), where  # the cards' characteristics now
        action = actions[pick % len(actions)]
        state = apply(state, action)
        trail.append(action.text)


def test_a_state_listed_again_after_its_successors_lists_the_same():
    # listing the states one action away (their Drafts start from this state's memos) leaves
    # this state's own answers as they were
    state = STARTS["ygo-battle.yaml"]
    first = listing(state)
    for action in legal_actions(state):
        for deeper in legal_actions(apply(state, action)):
            apply(apply(state, action), deeper)
    assert listing(state) == first == listing(cold_copy(state))

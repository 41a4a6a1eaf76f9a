"""``explain`` agrees with ``legal_actions`` along random playouts of every game's examples.

At each state of a playout, for every card of the position and every kind of action a judge
may ask about: the game's ``why_not`` finds no reason exactly when ``legal_actions`` lists an
action of that kind with that card (or with an interchangeable copy, listed once: G1); and
``explain`` with a selector naming a listed action answers legal, with no reason.
"""

from __future__ import annotations

from importlib import import_module

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import explain, legal_actions
from cardjudge.rules import GAMES
from playouts import EXAMPLES, Starts, play_out, start_positions

MAX_DEPTH = 10
GAMES_ASKED = ("ygo", "mtg", "eredan")
POSITIONS = {f"{game}:{name}": (game, data) for game in GAMES_ASKED
             for name, data in start_positions(game).items()}
STARTS = Starts({name: data for name, (_game, data) in POSITIONS.items()})


def _check_state(state, trail: list[str], name: str) -> list:
    where = f"{name} after {trail}"
    why = import_module(GAMES[state.game] + ".why")
    actions = legal_actions(state)
    listed = {(a.kind, a.card_id) for a in actions}
    labels = {oid: obj.label for oid, obj in state.objects.items()}
    absent = []
    for oid in sorted(state.objects):
        same = {labels[o] for o in why.copies(state, oid)}
        for kind in why.KINDS:
            reasons = why.why_not(state, oid, kind)
            offered = any((kind, label) in listed for label in same)
            assert offered == (not reasons), (
                f"{kind} {labels[oid]} ({state.objects[oid].card}): listed={offered}, reasons="
                f"{[r.text for r in reasons]}: {where}")
            for reason in reasons:
                assert reason.kind in ("timing", "condition", "limit", "cost", "target", "sickness", "summon",
                                       "zone"), reason
            if reasons:
                absent.append((kind, labels[oid], reasons))
    for kind, label, reasons in absent[::max(1, len(absent) // 4)]:  # a few, through the public API
        answer = explain(state, {"kind": kind, "card_id": label})
        assert not answer.legal and not answer.actions and list(answer.reasons) == reasons, where
    for action in actions[:8]:
        if action.card_id is None:
            continue
        answer = explain(state, {"id": action.id})
        assert answer.legal and not answer.reasons and answer.actions == [action], where
    return actions


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(POSITIONS)),
       choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH))
def test_explain_finds_reasons_exactly_for_the_actions_not_listed(name, choices):
    play_out(STARTS[name], choices, _check_state, name)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_explain_agrees_with_the_listing_at_every_start(name):
    _check_state(STARTS[name], [], name)

"""The memos of values that read only the zones and objects (a player's activation candidates,
the continuous candidates of the field, the equipped monsters) give what a fresh computation gives, at every call made
while applying actions along random playouts of the example, acceptance and puzzle positions.

A Draft that has changed no object or zone yet uses its base state's memo for them (the base
state's own listing worked them out); its first such change, and ``touched``, start a new memo;
the frozen state keeps the Draft's (its values hold for the zones and objects it ends with).
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions
from cardjudge.rules.core.state import Draft
from cardjudge.rules.ygo import copies, legal, views
from playouts import EXAMPLES, Starts, start_positions

MAX_DEPTH = 10
PUZZLES = sorted((Path(__file__).resolve().parent.parent / "examples" / "puzzles").glob("ygo-*.yaml"))
POSITIONS = {**start_positions("ygo"),
             **{f"puzzles/{p.name}": yaml.safe_load(p.read_text(encoding="utf-8")) for p in PUZZLES}}
STARTS = Starts(POSITIONS)


def _fresh(s):
    """What the memoised functions read of ``s`` (zones, objects, pool, players), with an empty
    memo: their answer on it is computed afresh."""
    memo: dict = {}
    return SimpleNamespace(zones=dict(s.zones), objects=dict(s.objects), pool=s.pool, players=s.players,
                           _zone_memo=memo, _cache=memo, cache=lambda: memo, zone_memo=lambda: memo)


@contextmanager
def _checked_memos(calls: list):
    """Every call of the memoised functions during the block checked against a fresh answer
    (each call is recorded in ``calls``, with whether it was made on a Draft)."""
    activation, continuous = legal._activation_candidates, views._continuous_candidates
    equipped = copies._equipped_monsters

    def checked_activation(s, player, fast=False):
        found = activation(s, player, fast)
        assert found == activation(_fresh(s), player, fast), (player, fast)
        calls.append(isinstance(s, Draft))
        return found

    def checked_continuous(s):
        found = continuous(s)
        assert found == continuous(_fresh(s))
        calls.append(isinstance(s, Draft))
        return found

    def checked_equipped(s):
        found = equipped(s)
        assert found == equipped(_fresh(s))
        calls.append(isinstance(s, Draft))
        return found

    with mock.patch.object(legal, "_activation_candidates", checked_activation), \
            mock.patch.object(views, "_continuous_candidates", checked_continuous), \
            mock.patch.object(copies, "_equipped_monsters", checked_equipped):
        yield


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH),
)
def test_zone_memos_give_the_fresh_answers_along_playouts(name, choices):
    state = STARTS[name]
    calls: list = []
    with _checked_memos(calls):
        for pick in choices:
            actions = legal_actions(state)
            if not actions:
                break
            for action in actions:  # every apply from here, its Drafts included
                apply(state, action)
            state = apply(state, actions[pick % len(actions)])
    assert calls  # the memoised functions were asked


def test_a_draft_uses_its_base_memo_until_a_zone_changes():
    state = STARTS["ygo-battle.yaml"]
    player = state.active
    listed = legal._activation_candidates(state, player)
    d = Draft(state)
    assert legal._activation_candidates(d, player) is listed  # what the base state worked out
    d.set_player(player, life=100)  # no object or zone changed
    assert legal._activation_candidates(d, player) is listed
    oid = next(iter(d.zone(player, "hand") or d.objects))
    d.move(oid, "graveyard")
    assert d._zone_memo is not state._zone_memo
    after = legal._activation_candidates(d, player)
    assert after == legal._activation_candidates(_fresh(d), player)
    assert after is not listed
    assert legal._activation_candidates(state, player) is listed  # the base state's memo is left as it was
    # the new state starts with what the Draft worked out after its last change
    assert legal._activation_candidates(d.freeze(), player) is after


def test_a_change_of_lasting_effects_keeps_the_zone_memo():
    state = STARTS["ygo-battle.yaml"]
    d = Draft(state)
    memo = d.zone_memo()
    d.touched(zones=False)
    assert d.zone_memo() is memo
    d.touched()
    assert d.zone_memo() is not memo


def test_a_draft_that_changed_no_zone_shares_only_the_zone_memo():
    state = STARTS["ygo-battle.yaml"]
    state.cache()["not a zone value"] = 1
    listed = legal._activation_candidates(state, state.active)
    d = Draft(state)
    d.set_player(state.active, life=100)
    after = d.freeze()
    assert "not a zone value" not in after.cache()
    assert legal._activation_candidates(after, state.active) is listed

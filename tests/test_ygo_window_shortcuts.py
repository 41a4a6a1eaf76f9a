"""The shortcuts of the Yu-Gi-Oh window walk and listing agree with the full listing, on random
playouts of the example, acceptance and puzzle positions.

- a player's activation candidates (indexed per pool by the zone an ability is usable from)
  are what a scan of every card of every activation zone finds;
- a player with no ability of speed 2 or more where their cards are (``can_respond`` false) is
  offered nothing in any window but the open Main Phase window of their own turn;
- ``advance`` passing at once for such a player leads to the states the full listing of every
  window leads to.
"""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, load_position, to_dict
from cardjudge.rules.ygo import legal
from playouts import EXAMPLES, Starts, start_positions
from helpers import only

MAX_DEPTH = 12
PUZZLES = sorted((Path(__file__).resolve().parent.parent / "examples" / "puzzles").glob("ygo-*.yaml"))
POSITIONS = {**start_positions("ygo"),
             **{f"puzzles/{p.name}": yaml.safe_load(p.read_text(encoding="utf-8")) for p in PUZZLES}}
STARTS = Starts(POSITIONS)
WINDOW_KINDS = ("open", "phase_end", "summon", "attack", "damage", "respond")
ACTIVATED = ("activate", "ignition", "quick")


def _scanned(s, player: str, fast: bool) -> list:
    """The candidates as a plain scan finds them: every card of the player's activation zones,
    with its activated abilities usable from there (of speed 2 or more when ``fast``)."""
    found = []
    for zone in legal.ACTIVATION_ZONES:
        for oid in s.zone(player, zone):
            card = s.pool[s.objects[oid].card]
            pairs = tuple((a, legal._speed(card, a)) for a in card.abilities if a.kind in ACTIVATED and zone in a.zones)
            pairs = tuple(p for p in pairs if p[1] >= 2) if fast else pairs
            if pairs:
                found.append((zone, oid, pairs))
    return found


def _speed_1_window(s, player: str, kind: str) -> bool:
    return kind == "open" and player == s.active and s.phase in legal.MAIN_PHASES and not s.chain


def _check_candidates(s) -> None:
    for player in s.players:
        for fast in (False, True):
            assert legal._activation_candidates(s, player, fast) == _scanned(s, player, fast)
        if not legal.can_respond(s, player):
            for kind in WINDOW_KINDS:
                if not _speed_1_window(s, player, kind):
                    assert legal.activations(s, player, kind) == [], (player, kind, s.phase)


def _listing(state) -> list:
    return [(a.id, a.text, a.signature()) for a in legal_actions(state)]


def _full_walk_apply(state, action):
    """``apply`` with every window of the walk listed in full (no player passes at once)."""
    with mock.patch.object(legal, "can_respond", lambda s, player: True):
        return apply(state, action)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH),
)
def test_window_shortcuts_agree_with_the_full_listing(name, choices):
    state = STARTS[name]
    for pick in choices:
        _check_candidates(state)
        actions = legal_actions(state)
        if not actions:
            return
        for action in actions:
            quick, full = apply(state, action), _full_walk_apply(state, action)
            assert to_dict(quick) == to_dict(full), (name, action.text)
            assert _listing(quick) == _listing(full), (name, action.text)
        state = apply(state, actions[pick % len(actions)])


def test_a_pool_without_fast_abilities_passes_every_other_window():
    """Dark Magician alone: nothing to respond with, so both players pass through the Battle
    Phase to Main Phase 2 with the same result as the full walk."""
    state = load_position({
        "game": "ygo", "turn": 2, "active": "you", "phase": "main1",
        "players": {
            "you": {"lp": 8000, "deck": ["Battle Ox"],
                    "monsters": [{"card": "Dark Magician", "position": "attack"}]},
            "opponent": {"lp": 8000, "deck": ["Battle Ox"]},
        },
    })
    assert not legal.can_respond(state, "you") and not legal.can_respond(state, "opponent")
    pass_action = only(a for a in legal_actions(state) if a.kind == "pass")
    after = apply(state, pass_action)
    assert after.phase == "battle_step"
    assert to_dict(after) == to_dict(_full_walk_apply(state, pass_action))

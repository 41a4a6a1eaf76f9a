"""The shortcuts of the Yu-Gi-Oh window walk and listing agree with the full listing, on random
playouts of the example, acceptance and puzzle positions.

- the activations listed (found through an index of the pool's abilities by the zone they are
  usable from, remembered while the zones stay the same) are those of the cards that ``why_not``,
  which reads each card's own abilities, finds no reason against; and a state made afresh, with
  a fresh pool, lists the same actions;
- a player with no ability of speed 2 or more where their cards are (``can_respond`` false) is
  offered nothing in any window but the open Main Phase window of their own turn;
- ``advance`` passing at once for such a player leads to the states the full listing of every
  window leads to.
"""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, load_position, to_dict
from cardjudge.rules.ygo import legal, why
from cold import colder_copy
from playouts import EXAMPLES, Starts, start_positions
from helpers import only

MAX_DEPTH = 12
PUZZLES = sorted((Path(__file__).resolve().parent.parent / "examples" / "puzzles").glob("ygo-*.yaml"))
# a card activated from the GY (Glow-Up Bulb, with a Deck to send a card from)
FROM_THE_GY = {"game": "ygo", "turn": 3, "active": "you", "phase": "main1",
               "players": {"you": {"lp": 8000, "deck": ["Battle Ox"], "graveyard": [{"card": "Glow-Up Bulb", "id": "GB"}]},
                           "opponent": {"lp": 8000, "deck": ["Battle Ox"]}}}
POSITIONS = {**start_positions("ygo"),
             **{f"puzzles/{p.name}": yaml.safe_load(p.read_text(encoding="utf-8")) for p in PUZZLES},
             "glow-up-bulb-in-the-gy": FROM_THE_GY}
STARTS = Starts(POSITIONS)
WINDOW_KINDS = ("open", "phase_end", "summon", "attack", "damage", "respond")


def _speed_1_window(s, player: str, kind: str) -> bool:
    return kind == "open" and player == s.active and s.phase in legal.MAIN_PHASES and not s.chain


def _check_activations(s, actions: list) -> None:
    """The cards activated by the listed actions are those ``why_not`` finds no reason against
    (a card interchangeable with a listed one counts as listed: G1); a player who cannot respond
    is offered nothing outside the speed-1 window; the state made afresh lists the same."""
    listed = {a.card_id for a in actions if a.kind == "activate"}
    for oid in s.objects:
        same = {s.objects[other].label for other in why.copies(s, oid)}
        reasons = why.why_not(s, oid, "activate")
        assert bool(listed & same) == (not reasons), (s.objects[oid].label, [r.text for r in reasons])
    for player in s.players:
        if not legal.can_respond(s, player):
            for kind in WINDOW_KINDS:
                if not _speed_1_window(s, player, kind):
                    assert legal.activations(s, player, kind) == [], (player, kind, s.phase)
    assert _listing(colder_copy(s)) == _listing(s)


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
    _check_activations(state, legal_actions(state))
    for pick in choices:
        actions = legal_actions(state)
        if not actions:
            return
        for action in actions:
            quick, full = apply(state, action), _full_walk_apply(state, action)
            assert to_dict(quick) == to_dict(full), (name, action.text)
            assert _listing(quick) == _listing(full), (name, action.text)
            _check_activations(quick, legal_actions(quick))
        state = apply(state, actions[pick % len(actions)])


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_start_and_every_state_one_action_on_list_the_activations_found_card_by_card(name):
    state = STARTS[name]
    actions = legal_actions(state)
    _check_activations(state, actions)
    for action in actions:
        after = apply(state, action)
        _check_activations(after, legal_actions(after))


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

"""The moment of a Yu-Gi-Oh position (contract sections 2 and 4): a trigger waiting to be
activated, a response window and the player holding priority in it survive ``to_dict`` and
``load_position``; malformed moment fields are refused with the file and line."""

from __future__ import annotations

import glob
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardjudge
from cardjudge.errors import InputError
from cardjudge.rules.ygo.windows import window
from cardjudge.selectors import select
from helpers import act, load, pass_until, pass_until_legal
from playouts import EXAMPLES, ROOT, Starts, apply_checked, start_positions

MAX_DEPTH = 12


def _positions() -> dict:
    found = start_positions("ygo")
    for path in sorted(glob.glob(str(ROOT / "examples" / "puzzles" / "ygo-*.yaml"))):
        with open(path, encoding="utf-8") as fh:
            found["puzzles/" + Path(path).name] = yaml.safe_load(fh)
    return found


POSITIONS = _positions()
STARTS = Starts(POSITIONS)


def _texts(state) -> list[str]:
    return sorted(a.to_dict()["text"] for a in cardjudge.legal_actions(state))


def _reloaded(state, name: str | None = None):
    written = cardjudge.to_dict(state)
    cards = POSITIONS[name].get("cards") if name else None
    if cards and "cards" not in written:
        written = {**written, "cards": cards}
    return written, cardjudge.load_position(written)


def _after(path: str, *selectors: str):
    state = cardjudge.load_position(str(ROOT / "examples" / path))
    for selector in selectors:
        state = cardjudge.apply(state, select(cardjudge.legal_actions(state), selector))
    return state


def test_wanghu_trigger_waiting_after_the_summon_round_trips():
    state = _after("ygo-wanghu.yaml", "kind=summon card_id=R")
    written, reloaded = _reloaded(state)
    assert [t["id"] for t in written["triggers"]] == ["W"]
    assert written["triggers"][0]["mandatory"] is True
    assert written["triggers"][0]["event"]["kind"] == "summoned"
    assert _texts(reloaded) == _texts(state)
    assert any(a.kind == "activate" and a.to_dict()["card_id"] == "W" for a in cardjudge.legal_actions(reloaded))
    assert cardjudge.to_dict(reloaded) == written


def test_response_window_with_the_opponent_holding_priority_round_trips():
    # After the Summon, the opponent may answer it with Solemn Warning: the summon window is
    # open and the opponent holds priority in it.
    state = _after("ygo-solemn-warning.yaml", "kind=summon card_id=AR")
    written, reloaded = _reloaded(state)
    assert written["window"]["priority"] == "opponent"
    assert reloaded.get("window") == state.get("window")
    assert {a.player for a in cardjudge.legal_actions(reloaded)} == {"opponent"}
    assert _texts(reloaded) == _texts(state)


MALFORMED = [
    # the moment's fields, the line of the fault within them, words the message must contain
    ("window:\n  kind: lunch\n  priority: you\n", 2, ["'kind'"]),
    ("window:\n  kind: respond\n  priority: nobody\n", 3, ["'priority'"]),
    ("window:\n  kind: respond\n  priority: you\n  passes: 2\n", 4, ["'passes'"]),
    ("triggers:\n  - {id: NOPE, ability: 0, event: {kind: summoned}}\n", 2, ["NOPE"]),
    ("triggers:\n  - {id: W, ability: 0}\n", 2, ["'event'"]),
    ("triggers:\n  - {id: W, ability: 0, event: {kind: summoned}, colour: red}\n", 2, ["colour"]),
    ("summoning: {card: W, method: normal, when: now}\n", 1, ["when"]),
    ("chain:\n  - {id: W, speed: fast}\n", 2, ["'speed'"]),
    ("choice:\n  player: you\n  kind: guess\n  name: chosen\n", 3, ["'kind'"]),
    ("choice: {player: you, kind: cards, name: chosen, candidates: [W, GHOST]}\n", 1, ["GHOST"]),
    ("resolving:\n  steps: []\n", 2, ["'link'"]),
    ("maintenance:\n  - {card: W, amount: lots}\n", 2, ["'amount'"]),
]


@pytest.mark.parametrize("tail, line, words", MALFORMED, ids=[m[0].replace("\n", " ") for m in MALFORMED])
def test_malformed_moment_is_refused_with_file_and_line(tmp_path, tail, line, words):
    head = ("game: ygo\nturn: 3\nactive: you\nphase: main1\nplayers:\n  you:\n    monsters:\n"
            "      - {card: King Tiger Wanghu, id: W}\n  opponent: {lp: 8000}\n")
    path = tmp_path / "moment.yaml"
    path.write_text(head + tail, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        cardjudge.load_position(str(path))
    message = str(caught.value)
    assert f"moment.yaml:{head.count(chr(10)) + line}:" in message, message
    assert all(word in message for word in words), message


def _check(state, trail, name):
    where = f"{name} after {trail}"
    written, reloaded = _reloaded(state, name)
    assert cardjudge.to_dict(reloaded) == written, f"to_dict does not round-trip: {where}"
    assert _texts(reloaded) == _texts(state), f"the reloaded position has other legal actions: {where}"
    # the State keeps the same moment (ids aside: loading numbers the objects anew)
    assert window(reloaded) == window(state), f"window {window(state)} read back as {window(reloaded)}: {where}"
    before, after = dict(state.game_data), dict(reloaded.game_data)
    before.pop("window", None), after.pop("window", None)  # absent is the open game state
    assert sorted(after) == sorted(before), f"game data {sorted(before)} read back as {sorted(after)}: {where}"
    for key in ("base_window", "step", "placing", "resolving_chain"):
        assert after.get(key) == before.get(key), f"{key} {before.get(key)} read back as {after.get(key)}: {where}"
    assert [(p.label, p.ability, p.event.kind) for p in reloaded.pending] == \
        [(p.label, p.ability, p.event.kind) for p in state.pending], f"other waiting triggers: {where}"
    return cardjudge.legal_actions(state)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(POSITIONS)),
       choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH))
def test_positions_round_trip_with_the_same_legal_actions_along_random_playouts(name, choices):
    state = STARTS[name]
    trail: list[str] = []
    for pick in choices:
        actions = _check(state, trail, name)
        if not actions:
            return
        action = actions[pick % len(actions)]
        state = apply_checked(state, action, trail, name)
        trail.append(f"{action.id}:{action.text}")
    _check(state, trail, name)


def _same_after_reload(state, **selector):
    """``state`` reloaded from ``to_dict`` lists the same actions, and applying the action picked
    by ``selector`` on both gives the same position."""
    written, reloaded = _reloaded(state)
    assert cardjudge.to_dict(reloaded) == written
    assert _texts(reloaded) == _texts(state)
    after = [cardjudge.to_dict(act(s, **selector)) for s in (state, reloaded)]
    assert after[0] == after[1]
    return written


def test_choice_while_foolish_burial_resolves_round_trips():
    state = load(you={"hand": [{"card": "Foolish Burial", "id": "FB"}],
                      "deck": [{"card": "Axe Raider", "id": "AX"}, {"card": "Celtic Guardian", "id": "CG"}]})
    state = pass_until_legal(act(state, kind="activate", card_id="FB"), kind="choose")
    written = _same_after_reload(state, kind="choose", targets=["CG"])
    assert written["choice"]["candidates"] == ["AX", "CG"]
    assert written["resolving"]["link"]["id"] == "FB"


def test_maintenance_cost_waiting_to_be_paid_round_trips():
    # Two Messengers of Peace: while the first asks for its 100 LP, the second waits its turn.
    state = load(phase="draw", you={"spells_traps": [{"card": "Messenger of Peace", "id": "MP1", "face_up": True},
                                                     {"card": "Messenger of Peace", "id": "MP2", "face_up": True}]})
    state = pass_until(state, lambda s: s.phase == "standby")
    written = _same_after_reload(state, kind="decline")
    assert written["choice"]["kind"] == "maintenance"
    assert [entry["card"] for entry in written["maintenance"]] == ["MP2"]


def test_discard_down_to_the_hand_limit_round_trips():
    state = load(phase="main2", you={"hand": ["Axe Raider"] * 8})
    state = pass_until_legal(state, kind="choose")
    written = _same_after_reload(state, kind="choose")
    assert written["choice"]["kind"] == "discard"

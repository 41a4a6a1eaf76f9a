"""The order-free digest that the searches compare before building canonical keys.

It must be equal whenever the canonical keys are equal (or transpositions would be missed), and
the digest that ``Draft.freeze`` keeps incrementally must be the one computed from scratch.
"""

from __future__ import annotations

import copy
import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, load_position, to_dict
from cardjudge.rules.core.canonical import canonical_key, digest
from cold import cold_copy
from playouts import EXAMPLES, Starts, start_positions
from helpers import only

MAX_DEPTH = 12
POSITIONS = start_positions("ygo")
_start = Starts(POSITIONS).__getitem__


def _with_inline_cards(d: dict, name: str) -> dict:
    """``d`` with the start position's inline ``cards:`` (``to_dict`` does not write them back)."""
    cards = POSITIONS[name].get("cards")
    return {**d, "cards": cards} if cards and "cards" not in d else d


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH),
)
def test_incremental_digest_is_the_digest_from_scratch(name, choices):
    state = _start(name)
    digest(state)
    for pick in choices:
        actions = legal_actions(state)
        if not actions:
            break
        state = apply(state, actions[pick % len(actions)])
        assert digest(state) == digest(cold_copy(state))


def test_reloaded_position_has_the_same_key_and_digest():
    # Reloading renumbers every object: the key and the digest must not see the difference.
    for name in sorted(POSITIONS):
        state = _start(name)
        if state.chain or state.pending:
            continue
        reloaded = load_position(_with_inline_cards(to_dict(state), name))
        assert canonical_key(reloaded) == canonical_key(state), name
        assert digest(reloaded) == digest(state), name
        assert digest(reloaded) == digest(state)


def test_copies_swapped_are_one_state():
    # Which of two Feral Imps is in Defense Position does not matter: one state, one digest.
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "puzzles" / "ygo-tribute.yaml"
    base = to_dict(load_position(str(path)))
    states = []
    for defending in ("FI1", "FI2"):
        position = copy.deepcopy(base)
        for monster in position["players"]["you"]["monsters"]:
            if monster["id"] == defending:
                monster["position"] = "defense"
        states.append(load_position(position))
    first, second = states
    assert first.exact_key() != second.exact_key()
    assert canonical_key(first) == canonical_key(second)
    assert digest(first) == digest(second)
    assert digest(first) == digest(second)


def _mtg(battlefield_you, battlefield_opponent=(), library=("Forest", "Island", "Forest")):
    return load_position({
        "game": "mtg", "turn": 5, "active": "you", "phase": "main1",
        "players": {"you": {"life": 20, "library": list(library), "battlefield": list(battlefield_you)},
                    "opponent": {"life": 20, "library": ["Forest"] * 3, "battlefield": list(battlefield_opponent)}}})


def test_key_tells_apart_which_attacker_a_creature_blocks():
    # Blocking is a game-specific value of the blocker that names another object: the key and
    # the digest must see it, or a declared block looks like the position before it.
    start = _mtg([{"card": "Elite Vanguard", "id": "EV"}, {"card": "Grizzly Bears", "id": "GB"}],
                 [{"card": "Grizzly Bears", "id": "OB"}])
    state = start
    for _ in range(40):
        texts = {a.text: a for a in legal_actions(state)}
        if "opponent blocks Elite Vanguard with Grizzly Bears" in texts:
            break
        wanted = next((t for t in ("you attack opponent with Elite Vanguard", "you attack opponent with Grizzly Bears")
                       if t in texts), None)
        state = apply(state, texts[wanted] if wanted else only(a for a in texts.values() if a.kind == "pass"))
    blocks = {a.text: apply(state, a) for a in legal_actions(state) if a.kind == "block"}
    on_vanguard = blocks["opponent blocks Elite Vanguard with Grizzly Bears"]
    on_bears = blocks["opponent blocks Grizzly Bears with Grizzly Bears"]
    assert len({canonical_key(s) for s in (state, on_vanguard, on_bears)}) == 3
    assert len({digest(s) for s in (state, on_vanguard, on_bears)}) == 3


def test_digest_tells_apart_which_creature_bears_a_mark():
    # One mark (tapped, blocked, a counter) on one creature or on another: two states, and the
    # digest must tell them apart (it is the whole point of a pre-filter). A sum of raw tuple
    # hashes did not: such a move often changed both sums by the same amount.
    creatures = ["Grizzly Bears", "Elite Vanguard", "Raging Goblin", "Llanowar Elves", "Silvercoat Lion",
                 "Memnite", "Ornithopter"]
    same = []
    for mark in ({"tapped": True}, {"attacking": "opponent", "blocked": True}, {"counters": {"P1P1": 1}}):
        unmarked = {k: v for k, v in mark.items() if k == "attacking"}
        for one, other in itertools.combinations(creatures, 2):
            on_one = _mtg([{"card": one, **mark}, {"card": other, **unmarked}])
            on_other = _mtg([{"card": one, **unmarked}, {"card": other, **mark}])
            assert canonical_key(on_one) != canonical_key(on_other)
            if digest(on_one) == digest(on_other):
                same.append((sorted(mark), one, other))
    assert same == []


def test_key_keeps_the_order_of_a_magic_library():
    one = _mtg([], library=("Forest", "Island", "Forest"))
    other = _mtg([], library=("Forest", "Forest", "Island"))
    assert canonical_key(one) != canonical_key(other)

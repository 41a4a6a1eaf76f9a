"""The digest stands for the canonical key (the searches merge states by digest alone).

Over random playouts and search states of every example, puzzle and acceptance position of the
three games: equal keys give equal digests, different keys different digests, and the digest that
``Draft.freeze`` carries over from the parent state is the one computed from scratch.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, load_position
from cardjudge.rules.core.canonical import canonical_key, digest
from cardjudge.rules.core.state import Lasting
from cardjudge.solver.combos import EngineDomain, last_turn
from cardjudge.solver.goals import parse_goal
from cardjudge.solver.search import search_lines
from cold import cold_copy
from playouts import EXAMPLES, Starts, start_positions
from puzzle_files import PUZZLES, puzzle

GAMES = ("ygo", "mtg", "eredan")
POSITIONS = {f"{game}:{name}": data for game in GAMES for name, data in start_positions(game).items()}
STARTS = Starts(POSITIONS)
EXAMPLE_FILES = sorted(p.name for p in (Path(__file__).resolve().parent.parent / "examples").glob("*.yaml"))

# Every state checked by this module, both ways: a digest shared by two keys, or a key with two
# digests, is found whichever test met the two states.
_KEY_OF: dict = {}
_DIGEST_OF: dict = {}


def _fresh(state):
    """``state`` made cold: its digest is computed from scratch."""
    return cold_copy(state)


def _check(state, where: str) -> None:
    carried = digest(state)
    assert digest(_fresh(state)) == carried, f"carried digest is not the digest from scratch: {where}"
    key = canonical_key(state)
    known_key = _KEY_OF.setdefault(carried, key)
    assert known_key == key, f"two different keys share a digest: {where}"
    known_digest = _DIGEST_OF.setdefault(key, carried)
    assert known_digest == carried, f"one key has two digests: {where}"


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POSITIONS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=15),
)
def test_digest_is_one_to_one_with_the_key_on_playouts(name, choices):
    state = STARTS[name]
    digest(state)
    trail: list = []
    for pick in choices:
        actions = legal_actions(state)
        # the states one action away are where copies make transpositions: check them all
        for action in actions:
            _check(apply(state, action), f"{name} after {trail} + {action.text}")
        if not actions:
            break
        action = actions[pick % len(actions)]
        state = apply(state, action)
        trail.append(action.text)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_digest_is_one_to_one_with_the_key_one_action_from_every_start(name):
    state = STARTS[name]
    digest(state)
    for action in legal_actions(state):
        _check(apply(state, action), f"{name} + {action.text}")


class _Recording(EngineDomain):
    """The engine domain, remembering every state the search keys."""

    def __init__(self, root, last_turn: int | None = None):
        super().__init__(root, last_turn=last_turn)
        self.states: list = []

    def key(self, state):
        self.states.append(state)
        return super().key(state)


def _searched_states(state, goal, opponent: str = "passive", max_actions: int = 3, limit_nodes: int = 3000) -> list:
    goal = parse_goal(goal, state)
    domain = _Recording(state, last_turn=last_turn(state, goal.player, 1, goal.next_turn))
    search_lines(domain, state, goal, searcher=goal.player, max_actions=max_actions, opponent=opponent,
                 limit_nodes=limit_nodes, limit_seconds=60)
    return domain.states


@pytest.mark.parametrize("name", sorted(p.name for p in PUZZLES.glob("*.yaml")))
def test_digest_is_one_to_one_with_the_key_on_puzzle_searches(name):
    state, goal, opponent = puzzle(name)
    states = _searched_states(state, goal, opponent)
    assert len(states) > 10
    for index, searched in enumerate(states):
        _check(searched, f"{name}, searched state {index}")


@pytest.mark.parametrize("name", EXAMPLE_FILES)
def test_digest_is_one_to_one_with_the_key_on_example_searches(name):
    # A goal that never holds: the search walks every line of the turn up to the node limit.
    state = load_position(str(PUZZLES.parent / name))
    states = _searched_states(state, lambda s: False, max_actions=2, limit_nodes=400)
    for index, searched in enumerate(states):
        _check(searched, f"{name}, searched state {index}")


def test_the_search_key_is_the_digest():
    state, _, _ = puzzle("ygo-tribute.yaml")
    assert EngineDomain(state).key(state) == digest(state)


def _mtg(life: int, library=("Forest", "Island")):
    return load_position({
        "game": "mtg", "turn": 5, "active": "you", "phase": "main1",
        "players": {"you": {"life": life, "library": list(library)},
                    "opponent": {"life": 20, "library": ["Forest"] * 3}}})


def test_life_minus_one_and_minus_two_have_different_digests():
    # CPython hashes -1 and -2 alike; the digest must not.
    assert hash(-1) == hash(-2)
    assert canonical_key(_mtg(-1)) != canonical_key(_mtg(-2))
    assert digest(_mtg(-1)) != digest(_mtg(-2))


def test_library_order_is_in_the_digest():
    assert digest(_mtg(20, ("Forest", "Island", "Forest"))) != digest(_mtg(20, ("Forest", "Forest", "Island")))
    assert digest(_mtg(20, ("Forest", "Island"))) == digest(_mtg(20, ("Forest", "Island")))


def test_minus_one_and_minus_two_in_a_lasting_effect_have_different_digests():
    # A record's plain field and a value inside its parameters, -1 or -2: different keys, different digests.
    state, _, _ = puzzle("ygo-tribute.yaml")
    monster = next(oid for oid, obj in state.objects.items() if obj.zone == "monsters")
    states = [cold_copy(state, lasting=(Lasting(1, "modify", affected=(monster,), params=(("atk", atk),), turn=turn),))
              for turn in (-1, -2) for atk in (-1, -2)]
    assert len({canonical_key(s) for s in states}) == 4
    assert len({digest(s) for s in states}) == 4


def test_an_expression_compiled_or_not_is_one_key_and_one_digest():
    # An expression kept in a record (a delayed trigger's condition) compiles itself the first time
    # it is evaluated; the closure it keeps is not part of its value, so neither of the key.
    from cardjudge.rules.core.expr import Env, evaluate, parse

    state, _, _ = puzzle("ygo-tribute.yaml")
    condition = parse("e.step == 'end'")
    with_condition = cold_copy(state, lasting=(Lasting(1, "delayed", params=(("when", condition),)),))
    key, before = canonical_key(with_condition), digest(with_condition)
    assert evaluate(condition, Env({"e": {"step": "end"}})) is True
    assert canonical_key(_fresh(with_condition)) == key
    assert digest(_fresh(with_condition)) == before

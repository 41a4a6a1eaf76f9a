"""No search returns a line that does not replay or does not reach its goal.

Each returned line (and each reply of a strategy) is replayed here independently of the search:
on the toy domains through their rules, on Yu-Gi-Oh positions through fresh ``legal_actions``
listings and ``apply``, matching each action by what the player sees (its contract dictionary
without the per-listing id).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, find_combos, legal_actions
from cardjudge.solver.combos import COUNTED
from cardjudge.solver.goals import parse_goal
from cardjudge.solver.search import search_lines
from cardjudge.solver.toy import Counter, Dice, Lamps, TakeAway, Toggles
from playouts import Starts, start_positions

POSITIONS = start_positions("ygo")
_start = Starts(POSITIONS).__getitem__

EXAMPLES = int(os.environ.get("CARDJUDGE_PROPERTY_EXAMPLES", "30"))


# -- toy domains -----------------------------------------------------------------------------


def _options(game, state):
    if game.actor(state) == "chance":
        return [outcome for outcome, _ in game.chance_outcomes(state)]
    return game.actions(state)


def _check_toy(game, state, line, searcher="you"):
    """Replay ``line`` from ``state`` by the game's own rules; its replies from their states."""
    states = [state]
    for action in line.actions:
        assert action in _options(game, states[-1]), f"{action!r} is not legal"
        states.append(game.apply(states[-1], action))
    assert game.goal(states[-1]), f"{line.actions} does not reach the goal"
    counted = sum(1 for here, action in zip(states, line.actions)
                  if game.actor(here) == searcher and game.counts(action))
    assert counted == line.length
    for at, alternative, sub in line.replies:
        assert alternative in _options(game, states[at])
        _check_toy(game, game.apply(states[at], alternative), sub, searcher)


TOYS = st.one_of(
    st.builds(Counter, st.integers(0, 25)),
    st.builds(TakeAway, st.integers(1, 8), st.booleans()),
    st.builds(Dice, st.integers(1, 5)),
    st.builds(Toggles, st.integers(1, 4), st.sets(st.integers(0, 3), max_size=4).map(tuple)),
    st.builds(Lamps, st.integers(0, 5)),
)


@settings(max_examples=max(60, EXAMPLES), deadline=None)
@given(game=TOYS, max_actions=st.integers(0, 5), opponent=st.sampled_from(["passive", "adversarial"]),
       chance=st.sampled_from(["worst", "best", "expect"]), all_lines=st.booleans(),
       transpositions=st.booleans(), limit_nodes=st.one_of(st.none(), st.integers(1, 200)))
def test_toy_searches_return_only_lines_that_replay_to_the_goal(game, max_actions, opponent, chance, all_lines,
                                                                 transpositions, limit_nodes):
    if isinstance(game, Toggles) and any(i >= game.n for i in game.want):
        game = Toggles(game.n, [i for i in game.want if i < game.n])
    result = search_lines(game, game.root, game.goal, max_actions=max_actions, opponent=opponent, chance=chance,
                          all_lines=all_lines, transpositions=transpositions, limit_nodes=limit_nodes)
    assert result.found == bool(result.lines)
    for line in result.lines:
        assert line.length <= max_actions
        _check_toy(game, game.root, line)


# -- Yu-Gi-Oh positions ----------------------------------------------------------------------


def _same(action) -> dict:
    fields = action.to_dict()
    fields.pop("id")
    return fields


def _check_engine(state, line, goal):
    """Replay through fresh listings; each reply from the state where it deviates."""
    states = [state]
    counted = 0
    for action in line.actions:
        here = states[-1]
        matches = [a for a in legal_actions(here) if _same(a) == _same(action)]
        assert matches, f"{action.text!r} is not legal where the line plays it"
        counted += action.player == goal.player and action.kind in COUNTED
        states.append(apply(here, matches[0]))
    assert goal(states[-1]), f"the line {[a.text for a in line.actions]} does not reach {goal.text!r}"
    assert counted == line.length
    assert len(line.steps) == len(line.actions)
    for at, alternative, sub in line.replies:
        matches = [a for a in legal_actions(states[at]) if _same(a) == _same(alternative)]
        assert matches, f"the reply to {alternative.text!r} answers an action that is not legal"
        _check_engine(apply(states[at], matches[0]), sub, goal)


def _goals(state) -> st.SearchStrategy:
    opponent = state.players[1]
    field = sorted(obj.label for obj in state.objects.values()
                   if obj.zone in ("monsters", "spells_traps") and obj.controller == opponent)
    options = [
        st.just("win"),
        st.just("survive"),
        st.integers(0, 8000).map(lambda n: f"opponent.lp <= {n}"),
        st.integers(0, 6).map(lambda n: f"you.hand_size <= {n}"),
        st.integers(0, 3).map(lambda n: f"count(you.monsters, atk >= 1000) >= {n}"),
    ]
    if field:
        options.append(st.sampled_from(field).map(lambda label: f"destroy: [{label}]"))
    return st.one_of(options)


@st.composite
def _searches(draw):
    name = draw(st.sampled_from(sorted(POSITIONS)))
    state = _start(name)
    return (name, state, draw(_goals(state)), draw(st.integers(0, 2)),
            draw(st.sampled_from(["passive", "adversarial"])), draw(st.booleans()))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(search=_searches())
def test_combo_searches_return_only_lines_that_replay_to_the_goal(search):
    name, state, goal_text, max_actions, opponent, all_lines = search
    if not legal_actions(state):
        return
    goal = parse_goal(goal_text, state)
    result = find_combos(state, goal, max_actions=max_actions, opponent=opponent, all_lines=all_lines,
                         limit_nodes=150, limit_seconds=5)
    assert result.found == bool(result.lines)
    for line in result.lines:
        assert line.length <= max_actions
        _check_engine(state, line, goal)

"""Combo goals count only in a settled position; searches are bounded by turns; manual battle
position changes are counted; a line holds no step the goal does not need."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from helpers import only
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, find_combos, legal_actions, load_position
from cardjudge.rules.core.settled import settled
from cardjudge.solver.combos import EngineDomain, last_turn
from cardjudge.solver.search import search_lines

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _final_states(root, line):
    """The final state of ``line`` and of every reply in it."""
    states = [root]
    for action in line.actions:
        states.append(apply(states[-1], action))
    finals = [states[-1]]
    for at, alternative, sub in line.replies:
        finals += _final_states(apply(states[at], alternative), sub)
    return finals


def test_wanghu_destroys_roboyarou_so_no_line_keeps_it_face_up():
    # King Tiger Wanghu: "When a monster with 1400 or less ATK is Normal or Special Summoned:
    # destroy it" - the Summon is not where the line ends, the trigger's resolution is.
    state = load_position(EXAMPLES / "ygo-wanghu.yaml")
    result = find_combos(state, 'count(you.monsters, name == "Roboyarou" and face_up) >= 1', max_actions=1)
    assert not result.found
    assert result.complete


def test_solemn_warning_answers_every_summon_of_axe_raider():
    state = load_position(EXAMPLES / "ygo-solemn-warning.yaml")
    goal = 'count(you.monsters, name == "Axe Raider" and face_up) >= 1'
    assert find_combos(state, goal, max_actions=1).found  # a passive opponent lets it resolve
    adversarial = find_combos(state, goal, max_actions=1, opponent="adversarial")
    assert not adversarial.found
    assert adversarial.complete


def test_a_goal_in_the_middle_of_a_summon_is_not_reached():
    state = load_position(EXAMPLES / "ygo-wanghu.yaml")
    summon = only(a for a in legal_actions(state) if a.kind == "summon" and a.card == "Roboyarou")
    during = apply(state, summon)
    assert not settled(during)  # Wanghu's trigger waits
    assert settled(state)


def test_the_goblin_token_line_resolves_krenkos_command():
    state = load_position(EXAMPLES / "mtg-midgame.yaml")
    result = find_combos(state, "count(you.battlefield, name == 'Goblin Token') >= 1", max_actions=1)
    assert result.found and result.complete
    (line,) = result.lines
    assert line.length == 1
    assert [a.kind for a in line.actions] == ["cast", "pass", "pass"]  # cast, then both pass: it resolves
    assert all(settled(final) for final in _final_states(state, line))


SEARCHES = [
    ("ygo-wanghu.yaml", 'count(you.monsters, face_up) >= 1', "passive"),
    ("ygo-wanghu.yaml", 'count(you.graveyard) >= 1', "passive"),
    ("ygo-solemn-warning.yaml", 'count(you.monsters) >= 1', "adversarial"),
    ("ygo-solemn-warning.yaml", 'opponent.lp <= 7000', "passive"),
    ("ygo-battle.yaml", 'opponent.lp <= 7000', "adversarial"),
    ("mtg-bolt-counterspell.yaml", 'opponent.life <= 17', "adversarial"),
    ("mtg-end-step.yaml", 'count(you.graveyard) >= 1', "passive"),
    ("eredan-fight.yaml", 'win', "passive"),
]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(SEARCHES), max_actions=st.integers(min_value=1, max_value=2))
def test_every_returned_line_ends_settled(case, max_actions):
    name, goal, opponent = case
    path = EXAMPLES / name
    if not path.exists():
        path = Path(__file__).resolve().parent / "data" / name
    state = load_position(path)
    result = find_combos(state, goal, max_actions=max_actions, opponent=opponent, limit_nodes=3000,
                         limit_seconds=20, all_lines=True)
    for line in result.lines:
        for final in _final_states(state, line):
            assert settled(final), f"{name}: {goal}: a line ends with something pending"


def test_turns_bound_an_expression_goal():
    state = load_position(EXAMPLES / "ygo-wanghu.yaml")
    goal = f"game.turn >= {state.turn + 1}"
    this_turn = find_combos(state, goal, max_actions=0)
    assert not this_turn.found and this_turn.complete
    two_turns = find_combos(state, goal, max_actions=0, turns=2)
    assert two_turns.found


def test_last_turn_counts_the_searching_players_turns():
    state = load_position(EXAMPLES / "ygo-wanghu.yaml")
    me, other = state.active, next(p for p in state.players if p != state.active)
    assert last_turn(state, me, 1) == state.turn
    assert last_turn(state, me, 2) == state.turn + 2
    assert last_turn(state, me, 3) == state.turn + 4
    assert last_turn(state, other, 2) == state.turn + 1
    assert last_turn(state, me, 1, next_turn=True) == state.turn + 2


def test_a_manual_battle_position_change_is_counted():
    state = load_position(EXAMPLES / "puzzles" / "ygo-positions.yaml")
    domain = EngineDomain(state, last_turn=state.turn)
    changes = [a for a in legal_actions(state) if a.kind == "choose" and a.get("mode") == "reposition"]
    assert changes, "the position lets a monster change its battle position"
    assert all(domain.counts(a) for a in changes)


@dataclass(frozen=True)
class _Waits:
    value: int = 0
    waited: int = 0


class _WaitingRoom:
    """Reach 1 with "+1" (counted); "wait" (not counted) only adds a step, up to three times."""

    root = _Waits()

    def goal(self, state):
        return state.value == 1

    def actor(self, state):
        return "you" if state.value < 1 else None

    def actions(self, state):
        return (["wait"] if state.waited < 3 else []) + ["+1"] if self.actor(state) else []

    def apply(self, state, action):
        return _Waits(state.value + 1, state.waited) if action == "+1" else _Waits(state.value, state.waited + 1)

    def key(self, state):
        return state

    def counts(self, action):
        return action == "+1"

    def is_pass(self, action):
        return False

    def chance_outcomes(self, state):
        return []


def test_among_lines_of_one_length_the_fewest_steps_is_returned():
    room = _WaitingRoom()
    result = search_lines(room, room.root, room.goal, max_actions=1)
    assert result.lines[0].actions == ("+1",)  # not wait, wait, wait, +1 (found first)
    assert result.complete

"""find_combos on Magic positions, end to end: goals over life totals and the winner, the named
goals (win, survive, destroy, control, play), opponents and what the search proves."""

from __future__ import annotations

import pytest
from helpers import only

from cardjudge import apply, find_combos, legal_actions, load_position, to_dict
from cardjudge.solver.combos import COUNTED


def _position(you_battlefield=(), you_hand=(), opponent_battlefield=(), opponent_hand=(), you_life=20,
              opponent_life=20, phase="main1"):
    return load_position({
        "game": "mtg", "turn": 3, "active": "you", "phase": phase,
        "players": {
            "you": {"life": you_life, "hand": list(you_hand), "library": ["Forest"] * 3,
                    "battlefield": list(you_battlefield)},
            "opponent": {"life": opponent_life, "hand": list(opponent_hand), "library": ["Island"] * 3,
                         "battlefield": list(opponent_battlefield)},
        }})


def _card(name, label, **fields):
    return {"card": name, "id": label, **fields}


def _replayed(state, line):
    """The state at the end of ``line``, each action matched in a fresh listing by its contract
    dictionary without the per-listing id."""
    for action in line.actions:
        wanted = {k: v for k, v in action.to_dict().items() if k != "id"}
        state = apply(state, only(a for a in legal_actions(state)
                                  if {k: v for k, v in a.to_dict().items() if k != "id"} == wanted))
    return state


def _counted(line):
    return [action for action in line.actions if action.kind in COUNTED and action.player == "you"]


BOLT_AND_MOUNTAIN = dict(you_battlefield=[_card("Mountain", "M1")], you_hand=[_card("Lightning Bolt", "LB")])


def test_opponent_life_goal_is_reached_by_burning_the_opponent():
    state = _position(**BOLT_AND_MOUNTAIN, opponent_life=10)
    result = find_combos(state, "opponent.life <= 7", max_actions=2)
    assert result.found
    (line,) = result.lines
    assert line.length == 1
    (cast,) = _counted(line)
    assert (cast.kind, cast.card, cast.targets) == ("cast", "Lightning Bolt", ("opponent",))
    assert to_dict(_replayed(state, line))["players"]["opponent"]["life"] == 7


def test_you_life_goal_is_reached_by_an_activated_ability():
    # Soulmender: {T}: You gain 1 life.
    state = _position(you_battlefield=[_card("Soulmender", "SM")])
    result = find_combos(state, "you.life >= 21", max_actions=1)
    (line,) = result.lines
    (activation,) = _counted(line)
    assert (activation.kind, activation.card) == ("activate", "Soulmender")
    assert to_dict(_replayed(state, line))["players"]["you"]["life"] == 21
    assert not find_combos(state, "you.life >= 22", max_actions=1, limit_seconds=30).found


def test_winner_expression_and_the_win_goal_find_the_same_attack():
    # Giant Growth makes Grizzly Bears 5/5; the opponent at 5 life has no blocker.
    position = dict(you_battlefield=[_card("Grizzly Bears", "GB"), _card("Forest", "F1")],
                    you_hand=[_card("Giant Growth", "GG")], opponent_life=5)
    for goal in ("win", "winner == you"):
        state = _position(**position)
        result = find_combos(state, goal, max_actions=3)
        assert result.found, goal
        (line,) = result.lines
        assert [(a.kind, a.card) for a in _counted(line)] == [("cast", "Giant Growth"), ("attack", "Grizzly Bears")]
        assert _replayed(state, line).winner == "you"
    assert find_combos(_position(**position), "win", max_actions=3).complete  # this turn only


def test_win_goal_is_proved_impossible_when_the_damage_falls_one_short():
    # Bolt (3) and Grizzly Bears (2) make 5; the opponent has 6 life.
    state = _position(you_battlefield=[_card("Mountain", "M1"), _card("Grizzly Bears", "GB")],
                      you_hand=[_card("Lightning Bolt", "LB")], opponent_life=6)
    result = find_combos(state, "win", max_actions=3)
    assert not result.found and result.complete
    assert result.reason == "no line exists within 3 actions"
    five = find_combos(_position(you_battlefield=[_card("Mountain", "M1"), _card("Grizzly Bears", "GB")],
                                 you_hand=[_card("Lightning Bolt", "LB")], opponent_life=5), "win", max_actions=3)
    assert five.found and five.complete and five.lines[0].length == 2


def test_summoning_sick_creature_cannot_win_by_attacking():
    state = _position(you_battlefield=[_card("Grizzly Bears", "GB", sick=True)], opponent_life=2)
    result = find_combos(state, "win", max_actions=2)
    assert not result.found and result.complete
    hasty = _position(you_battlefield=[_card("Raging Goblin", "RG", sick=True)], opponent_life=1)
    assert find_combos(hasty, "win", max_actions=2).found


def test_destroy_goal_kills_the_creature_with_damage():
    state = _position(**BOLT_AND_MOUNTAIN, opponent_battlefield=[_card("Silvercoat Lion", "SL")])
    (line,) = find_combos(state, "destroy: [SL]", max_actions=1).lines
    (cast,) = _counted(line)
    assert cast.targets == ("SL",)
    final = to_dict(_replayed(state, line))
    assert [entry["id"] for entry in final["players"]["opponent"]["graveyard"]] == ["SL"]
    assert final["players"]["opponent"]["battlefield"] == []


def test_control_goal_takes_the_creature_with_act_of_treason():
    state = _position(you_battlefield=[_card("Mountain", "M1"), _card("Mountain", "M2"), _card("Forest", "F1")],
                      you_hand=[_card("Act of Treason", "AT")], opponent_battlefield=[_card("Silvercoat Lion", "SL")])
    (line,) = find_combos(state, "control: [SL]", max_actions=1).lines
    (cast,) = _counted(line)
    assert (cast.card, cast.targets) == ("Act of Treason", ("SL",))
    final = to_dict(_replayed(state, line))
    assert [entry["id"] for entry in final["players"]["you"]["battlefield"] if entry["card"] == "Silvercoat Lion"] == ["SL"]
    # Two lands cannot pay {2}{R} this turn; with a second action, the Forest drawn next turn
    # is played and pays it.
    short = _position(you_battlefield=[_card("Mountain", "M1"), _card("Forest", "F1")],
                      you_hand=[_card("Act of Treason", "AT")], opponent_battlefield=[_card("Silvercoat Lion", "SL")])
    assert not find_combos(short, "control: [SL]", max_actions=1).found
    (later,) = find_combos(short, "control: [SL]", max_actions=2, turns=2).lines
    assert [(a.kind, a.card) for a in _counted(later)] == [("play_land", "Forest"), ("cast", "Act of Treason")]
    assert _replayed(short, later).turn == 5


def test_play_goal_casts_the_creature_with_mana_from_heritage_druid():
    # No land: only Heritage Druid tapping three Elves ({G}{G}{G}) pays for Grizzly Bears.
    state = _position(you_battlefield=[_card("Heritage Druid", "HD"), _card("Llanowar Elves", "LE"),
                                       _card("Elvish Mystic", "EM")], you_hand=[_card("Grizzly Bears", "GB")])
    (line,) = find_combos(state, "play: Grizzly Bears", max_actions=1).lines
    (cast,) = _counted(line)
    assert cast.card == "Grizzly Bears" and cast.costs[0].kind == "mana"
    assert set(cast.costs[0].cards) == {"HD", "LE", "EM"}
    final = to_dict(_replayed(state, line))
    assert "GB" in [entry["id"] for entry in final["players"]["you"]["battlefield"]]


def test_play_goal_counts_an_instant_that_resolved_to_the_graveyard():
    state = _position(**BOLT_AND_MOUNTAIN)
    (line,) = find_combos(state, "play: Lightning Bolt", max_actions=1).lines
    assert [a.card for a in _counted(line)] == ["Lightning Bolt"]


def test_survive_goal_reaches_your_next_turn_against_every_attack():
    # At 2 life facing Grizzly Bears: a passive opponent never attacks; an adversarial one does,
    # and only killing the Bears first (Lightning Bolt) gets through the opponent's turn.
    def position():
        return _position(**BOLT_AND_MOUNTAIN, you_life=2, opponent_battlefield=[_card("Grizzly Bears", "GB")])

    passive = find_combos(position(), "survive", max_actions=1)
    assert passive.found and passive.complete and passive.lines[0].length == 0
    final = _replayed(position(), passive.lines[0])
    assert (final.turn, final.active, final.winner) == (5, "you", None)
    assert not any(action.kind == "attack" for action in passive.lines[0].actions)

    without = find_combos(position(), "survive", max_actions=0, opponent="adversarial")
    assert not without.found and without.complete
    (line,) = find_combos(position(), "survive", max_actions=1, opponent="adversarial").lines
    (cast,) = _counted(line)
    assert (cast.card, cast.targets) == ("Lightning Bolt", ("GB",))
    assert _replayed(position(), line).player("you").life == 2


@pytest.mark.parametrize("opponent, found", [("passive", True), ("adversarial", False)])
def test_counterspell_answers_the_bolt_only_against_an_adversarial_opponent(opponent, found):
    state = _position(**BOLT_AND_MOUNTAIN, opponent_life=3,
                      opponent_battlefield=[_card("Island", "I1"), _card("Island", "I2")],
                      opponent_hand=[_card("Counterspell", "CN")])
    result = find_combos(state, "win", max_actions=2, opponent=opponent)
    assert result.found == found
    assert result.complete
    if found:
        line = result.lines[0]
        kinds = [(action.player, action.kind) for action in line.actions]
        assert kinds[0] == ("you", "cast")
        assert ("opponent", "pass") in kinds  # the bolt resolves once both players passed
        assert _replayed(state, line).winner == "you"
        assert line.to_dict(lambda a: a.to_dict())["actions"][0]["card"] == "Lightning Bolt"


# -- property: every line found on small Magic positions replays, replies included -----------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

SMALL = {
    "bolt and bears": dict(you_battlefield=[_card("Mountain", "M1"), _card("Grizzly Bears", "GB")],
                           you_hand=[_card("Lightning Bolt", "LB")],
                           opponent_battlefield=[_card("Silvercoat Lion", "SL")], opponent_life=5),
    "counterspell": dict(**BOLT_AND_MOUNTAIN, opponent_life=3,
                         opponent_battlefield=[_card("Island", "I1"), _card("Island", "I2"),
                                               _card("Silvercoat Lion", "SL")],
                         opponent_hand=[_card("Counterspell", "CN")]),
    "treason": dict(you_battlefield=[_card("Mountain", "M1"), _card("Mountain", "M2"), _card("Forest", "F1")],
                    you_hand=[_card("Act of Treason", "AT"), _card("Giant Growth", "GG")],
                    opponent_battlefield=[_card("Silvercoat Lion", "SL")], opponent_life=4),
}
GOALS = st.one_of(st.sampled_from(["win", "winner == you", "destroy: [SL]", "control: [SL]", "survive",
                                   "play: Lightning Bolt"]),
                  st.integers(0, 6).map(lambda n: f"opponent.life <= {n}"),
                  st.integers(18, 21).map(lambda n: f"you.life >= {n}"))


def _check(state, line, goal):
    """Replay ``line`` through fresh listings, each reply from the state where it deviates, and
    check that it is explained action by action."""
    states = [state]
    for action in line.actions:
        wanted = {k: v for k, v in action.to_dict().items() if k != "id"}
        here = states[-1]
        match = only((a for a in legal_actions(here) if {k: v for k, v in a.to_dict().items() if k != "id"} == wanted),
                     f"listings of {action.text!r} where the line plays it")
        states.append(apply(here, match))
    assert goal(states[-1])
    assert len(line.steps) == len(line.actions) and len(line.reply_steps) == len(line.replies)
    for at, alternative, sub in line.replies:
        _check(apply(states[at], alternative), sub, goal)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(SMALL)), goal=GOALS, max_actions=st.integers(0, 2),
       opponent=st.sampled_from(["passive", "adversarial"]))
def test_magic_searches_return_only_lines_that_replay_to_the_goal(name, goal, max_actions, opponent):
    from cardjudge.solver.goals import parse_goal

    state = _position(**SMALL[name])
    parsed = parse_goal(goal, state)
    result = find_combos(state, parsed, max_actions=max_actions, opponent=opponent, limit_nodes=300,
                         limit_seconds=10)
    assert result.found == bool(result.lines)
    for line in result.lines:
        assert line.length <= max_actions
        _check(state, line, parsed)

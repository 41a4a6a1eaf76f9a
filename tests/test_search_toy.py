"""The search engine on tiny toy domains, where every answer can be checked by hand."""

import doctest
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardjudge.solver import search as search_module
from cardjudge.solver import traces as traces_module
from cardjudge.solver.search import Line, SearchStats, replay, search_lines
from cardjudge.solver.traces import essential_actions, line_class, merge_lines, trace_normal_form
from cardjudge.solver.toy import Counter, Dice, Lamps, Score, TakeAway, Toggles


def run(game, **options):
    return search_lines(game, game.root, game.goal, **options)


def assert_answers_everything(game, state, line, deciders):
    """Every option of the players in ``deciders`` along the line is played or replied to."""
    replies = {}
    for at, alternative, sub in line.replies:
        replies.setdefault(at, set()).add(alternative)
        assert_answers_everything(game, replay(game, state, line.actions[:at] + (alternative,)),
                                  sub, deciders)
    for at, action in enumerate(line.actions):
        here = replay(game, state, line.actions[:at])
        who = game.actor(here)
        if who in deciders:
            options = ([o for o, _ in game.chance_outcomes(here)] if who == "chance"
                       else game.actions(here))
            assert {action} | replies.get(at, set()) == set(options)
        else:
            assert at not in replies
    assert game.goal(replay(game, state, line.actions))


# -- counter puzzle ----------------------------------------------------------------------------


def test_counter_shortest_line():
    result = run(Counter(10), max_actions=5)
    assert result.found and result.complete
    assert [line.actions for line in result.lines] == [("+1", "+1", "+3", "x2")]
    assert result.lines[0].length == 4
    assert result.stats.depth == 4
    assert result.reason == "found a line of 4 actions"


def test_counter_all_shortest_lines_never_loop_through_passes():
    result = run(Counter(5), max_actions=4, all_lines=True)
    assert result.complete
    # +1 and +3 commute: their three orders are one line; x2 does not commute with +3 (1 x2 +3
    # is 5, 1 +3 x2 is 8), so that line stays apart.
    assert sorted((line.actions, line.variants) for line in result.lines) == [
        (("+1", "+1", "+3"), 3), (("+1", "x2", "+3"), 1)]
    assert result.reason == "found 2 lines of 3 actions"


def test_counter_all_lines_stop_once_enough_are_found():
    seen = []

    def enough(lines):
        seen.append(len(lines))
        return len(lines) >= 1

    full = run(Counter(5), max_actions=4, all_lines=True)
    cut = run(Counter(5), max_actions=4, all_lines=True, enough=enough)
    assert len(seen) == 1  # asked once, when the first root option (+1) gave its sure lines
    assert not cut.complete and cut.lines
    # The orders starting +3 were never searched: fewer variants stand behind the lines.
    assert sum(line.variants for line in cut.lines) < sum(line.variants for line in full.lines)
    assert all(line.length == 3 and line.actions[0] == "+1" for line in cut.lines)
    assert cut.stats.nodes < full.stats.nodes
    assert cut.reason.startswith("stopped once enough lines were found")


def test_counter_enough_is_asked_as_soon_as_a_line_is_found_below_the_root():
    seen = []

    def enough(lines):
        seen.append([line.actions for line in lines])
        return True

    full = run(Counter(5), max_actions=4, all_lines=True)
    cut = run(Counter(5), max_actions=4, all_lines=True, enough=enough)
    # asked with the first line found, deep in the search, before the root's first option (+1)
    # had given all its lines: it stops there
    assert seen == [[("+1", "+1", "+3")]]
    assert len([line for line in full.lines if line.actions[0] == "+1"]) > 1
    assert [line.actions for line in cut.lines] == [("+1", "+1", "+3")]


def test_enough_sees_only_lines_that_answer_every_reply_of_an_adversary():
    game = TakeAway(7)
    seen = []

    def enough(lines):
        seen.extend(lines)
        return False

    full = run(game, max_actions=6, opponent="adversarial", all_lines=True, enough=enough)
    assert seen and full.lines
    for line in seen:  # below a choice of the opponent nothing was shown before it was answered
        assert_answers_everything(game, game.root, line, {"opponent"})


def test_counter_goal_at_root_is_a_line_of_no_action():
    result = run(Counter(0), max_actions=2)
    assert result.lines == [Line((), 0, ())] and result.complete


def test_counter_proves_there_is_no_line_within_the_bound():
    result = run(Counter(10), max_actions=3)
    assert not result.found and result.complete and result.lines == []
    assert result.reason == "no line exists within 3 actions"


def test_counter_node_limit_leaves_the_answer_open():
    result = run(Counter(10), max_actions=5, limit_nodes=3)
    assert not result.found and not result.complete
    assert result.stats.nodes == 3
    assert result.reason == "cut short by the node limit after 3 nodes"


def test_ply_bound_is_a_cut_not_a_proof():
    result = run(Counter(10), max_actions=5, max_plies=2)
    assert not result.found and not result.complete
    assert "2 plies" in result.reason


def test_time_limit_leaves_the_answer_open():
    game = Toggles(n=12, want=range(12))
    result = run(game, max_actions=12, transpositions=False, limit_seconds=0.05)
    assert not result.complete and not result.found
    assert result.reason.startswith("cut short by the time limit")


def test_progress_is_called_a_few_times_a_second():
    calls = []
    game = Toggles(n=12, want=range(12))
    run(game, max_actions=12, transpositions=False, limit_seconds=0.35,
        progress=lambda stats, line: calls.append((stats, line)))
    assert 2 <= len(calls) <= 6
    assert all(isinstance(stats, SearchStats) for stats, _ in calls)
    assert calls[-1][0].nodes >= calls[0][0].nodes > 0


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=40), st.booleans())
def test_every_line_replays_to_the_goal(target, all_lines):
    game = Counter(target)
    result = run(game, max_actions=6, all_lines=all_lines)
    for line in result.lines:
        assert game.goal(replay(game, game.root, line.actions))
        assert line.length == sum(action != "pass" for action in line.actions)
        assert line.length == result.stats.depth
    if target <= 10:  # within reach of six moves
        assert result.found and result.complete


# -- take-away: opponents ------------------------------------------------------------------


@pytest.mark.parametrize("opponent", ["passive", "adversarial"])
def test_take_away_strategy_answers_every_reply(opponent):
    # Without a pass the passive opponent must be answered on every option too.
    game = TakeAway(4)
    result = run(game, max_actions=4, opponent=opponent)
    assert result.found and result.complete
    (line,) = result.lines
    assert line.actions == ("take1", "take1", "take2") and line.length == 2
    assert line.replies == ((1, "take2", Line(("take1",), 1, ())),)
    assert_answers_everything(game, game.root, line, {"opponent"})


def test_take_away_lost_position_has_no_line():
    result = run(TakeAway(6), max_actions=6, opponent="adversarial")
    assert not result.found and result.complete
    assert result.reason == "no line exists within 6 actions"


def test_passive_opponent_passes_but_adversarial_one_does_not():
    game = TakeAway(4, opponent_may_pass=True)
    passive = run(game, max_actions=4, opponent="passive")
    assert [line.actions for line in passive.lines] == [("take2", "pass", "take2")]
    adversarial = run(game, max_actions=4, opponent="adversarial")
    assert not adversarial.found and adversarial.complete


def test_explain_tells_each_reply_after_the_action_it_replaces():
    (line,) = run(TakeAway(4), max_actions=2, opponent="adversarial").lines
    # the reply takes the number of the action it replaces; its line is numbered on from there
    assert line.explain() == ["1. take1", "2. take1", "if instead 2. take2:", "   3. take1", "3. take2"]
    (dice,) = run(Dice(), max_actions=2, chance="expect").lines
    assert dice.explain() == ["1. roll", "2. 1", "if instead 2. 2:", "   3. step", "if instead 2. 3:",
                              "3. roll", "4. 2"]


def test_line_to_dict():
    (line,) = run(TakeAway(4), max_actions=2, opponent="adversarial").lines
    assert line.to_dict(str.upper) == {
        "actions": ["TAKE1", "TAKE1", "TAKE2"], "length": 2, "variants": 1,
        "replies": [{"at": 1, "action": "TAKE2",
                     "line": {"actions": ["TAKE1"], "length": 1, "variants": 1, "replies": []}}]}


# -- dice: chance ------------------------------------------------------------------------------


def test_worst_case_chance_must_answer_every_outcome():
    game = Dice()
    assert not run(game, max_actions=2, chance="worst").found
    result = run(game, max_actions=3, chance="worst")
    assert result.found and result.complete and result.probability is None
    # three steps take fewer steps than a roll answered outcome by outcome (four plies)
    assert [line.actions for line in result.lines] == [("step", "step", "step")]
    every = run(game, max_actions=3, chance="worst", all_lines=True)
    (line,) = [line for line in every.lines if line.actions[0] == "roll"]
    assert line.actions == ("roll", 1, "step", "step")
    assert line.replies == ((1, 2, Line(("step",), 1, ())), (1, 3, Line((), 0, ())))
    assert_answers_everything(game, game.root, line, {"chance"})


def test_best_case_chance_picks_the_outcome():
    result = run(Dice(), max_actions=3, chance="best")
    assert [line.actions for line in result.lines] == [("roll", 3)]
    assert result.stats.depth == 1


@pytest.mark.parametrize("max_actions, probability, actions", [
    (0, 0, None),
    (1, Fraction(1, 3), ("roll", 3)),
    (2, Fraction(7, 9), ("roll", 1, "roll", 2)),
    (3, 1, ("step", "step", "step")),  # the fewest steps among the sure lines of 3 actions
])
def test_expected_chance_maximises_the_probability(max_actions, probability, actions):
    result = run(Dice(), max_actions=max_actions, chance="expect")
    assert result.complete
    assert result.probability == pytest.approx(float(probability))
    assert result.found == (actions is not None)
    if actions:
        assert result.lines[0].actions == actions
        assert f"a chance of {float(probability) * 100:.4g}%" in result.reason


def test_expected_chance_answers_only_outcomes_that_can_still_win():
    (line,) = run(Dice(), max_actions=2, chance="expect").lines
    # After the second roll only a 2 reaches 3 exactly; 1 and 3 are lost, so not answered.
    assert line.replies == ((1, 2, Line(("step",), 1, ())), (1, 3, Line((), 0, ())))


# -- toggles: transpositions ----------------------------------------------------------------


def test_all_lines_counts_the_orders_of_independent_moves_once():
    result = run(Toggles(n=3, want=(0, 1)), max_actions=4, all_lines=True)
    assert result.complete
    # flip0 then flip1 and flip1 then flip0 reach the same switches: one line, two variants.
    assert [(line.actions, line.variants) for line in result.lines] == [(("flip0", "flip1"), 2)]


@pytest.mark.parametrize("all_lines", [False, True])
def test_transpositions_reduce_nodes_and_keep_the_answer(all_lines):
    game = Toggles(n=4, want=(0, 1, 2))
    with_table = run(game, max_actions=4, all_lines=all_lines)
    without = run(game, max_actions=4, all_lines=all_lines, transpositions=False)
    assert with_table.lines == without.lines and with_table.complete and without.complete
    assert len(with_table.lines) == 1
    assert with_table.lines[0].variants == (6 if all_lines else 1)  # the orders of three flips
    assert with_table.stats.transposition_hits > 0 == without.stats.transposition_hits
    assert with_table.stats.nodes < without.stats.nodes


def test_transpositions_reduce_nodes_when_no_line_exists():
    game = Toggles(n=6, want=range(6))
    with_table = run(game, max_actions=5)
    without = run(game, max_actions=5, transpositions=False)
    assert not with_table.found and with_table.complete and without.complete
    assert with_table.stats.nodes * 4 < without.stats.nodes


# -- replay --------------------------------------------------------------------------------


def test_replay_rejects_an_illegal_action():
    game = Counter(3)
    assert replay(game, game.root, ("+3",)).value == 3
    with pytest.raises(AssertionError):
        replay(game, game.root, ("+3", "+3", "+1"))  # overshot: the game is over
    with pytest.raises(AssertionError):
        replay(game, game.root, ("+2",))


def test_bad_options_are_refused():
    with pytest.raises(ValueError):
        run(Counter(3), opponent="hostile")
    with pytest.raises(ValueError):
        run(Counter(3), chance="average")


def test_docstring_examples():
    assert doctest.testmod(search_module).failed == 0
    assert doctest.testmod(traces_module).failed == 0


# -- lamps: all_lines merges copies and steps that commute -------------------------------


def test_all_lines_merges_copies_and_commuting_steps():
    game = Lamps(target=3)
    result = run(game, max_actions=2, all_lines=True)
    assert result.complete
    # Without merging, the copies of add1, the two orders of add1 and add2 and the unlock and
    # light steps placed anywhere make dozens of lines; they all do one thing.
    (line,) = result.lines
    assert [game.signature(None, a) for a in line.actions if game.counts(a)] in (["add1", "add2"], ["add2", "add1"])
    assert line.length == 2
    assert "unlock" in line.actions  # needed, kept
    assert not any(a.startswith("light") for a in line.actions)  # not needed, merged away
    assert game.goal(replay(game, game.root, line.actions))
    assert line.variants > 10
    assert result.reason == "found a line of 2 actions"


def test_essential_actions_drop_only_what_the_goal_does_not_need():
    game = Lamps(target=3)
    line = ("light0", "add1:b", "unlock", "light1", "add2")
    # The actions kept are matched by identity in the new listing: the first copy of add1.
    assert essential_actions(game, game.root, game.goal, line, "you") == ("add1:a", "unlock", "add2")
    assert line_class(game, game.root, game.goal, Line(line, 2)) == \
        line_class(game, game.root, game.goal, Line(("unlock", "add1:a", "add2"), 2))
    # add1 and add2 commute: both orders reach a total of 3 with the lock open
    assert line_class(game, game.root, game.goal, Line(line, 2)) == \
        line_class(game, game.root, game.goal, Line(("unlock", "add2", "add1:a"), 2))


# -- traces: moves that commute, and moves whose order matters ------------------------------


def test_trace_normal_form_sorts_only_moves_that_commute():
    game = Counter(target=8)
    normal = [action for _, action in trace_normal_form(game, game.root, ("+3", "+1", "x2"))]
    assert normal == ["+1", "+3", "x2"]  # x2 stays last: 4 x2 is not 0 x2 then +4
    assert [a for _, a in trace_normal_form(game, game.root, ("+3", "+1", "x2"), pinned={1})] == ["+3", "+1", "x2"]
    assert replay(game, game.root, normal).value == 8


def test_moves_whose_order_changes_the_position_stay_distinct_lines():
    # From 2 to at least 5: +1 then x2 makes 6, x2 then +1 makes 5; both reach the goal, in
    # positions that differ, so the two orders are two lines.
    game = Score(start=2, target=5)
    result = run(game, max_actions=2, all_lines=True)
    assert result.complete
    assert sorted((line.actions, line.variants) for line in result.lines) == [
        (("+1", "x2"), 1), (("x2", "+1"), 1), (("x2", "x2"), 1)]
    assert sorted(replay(game, game.root, line.actions).value for line in result.lines) == [5, 6, 8]


def test_strategies_are_one_only_if_they_answer_deviations_alike():
    game = TakeAway(4)
    strategy = Line(("take1", "take1", "take2"), 2, ((1, "take2", Line(("take1",), 1)),))
    other = Line(("take1", "take1", "take2"), 2, ((1, "take2", Line(("take2",), 1)),))
    unanswered = Line(("take1", "take1", "take2"), 2)
    classes = {line_class(game, game.root, game.goal, line) for line in (strategy, other, unanswered)}
    assert len(classes) == 3
    merged = merge_lines(game, game.root, game.goal, [strategy, Line(strategy.actions, 2, strategy.replies)])
    assert [(line.replies, line.variants) for line in merged] == [(strategy.replies, 2)]


# -- the ply bound and the transposition table ----------------------------------------------


def test_failures_cut_by_the_ply_bound_are_remembered_with_the_plies_left():
    game = Lamps(target=7)
    with_table = run(game, max_actions=4, max_plies=4)
    without = run(game, max_actions=4, max_plies=4, transpositions=False)
    assert not with_table.found and not with_table.complete  # the cut is reported, not a proof
    assert (without.found, without.complete) == (False, False)
    assert with_table.stats.nodes * 4 < without.stats.nodes


@settings(max_examples=60, deadline=None)
@given(game=st.one_of(st.builds(Lamps, st.integers(0, 8)), st.builds(Counter, st.integers(0, 12)),
                      st.builds(Toggles, st.integers(1, 4), st.just((0, 1)))),
       max_actions=st.integers(0, 4), max_plies=st.integers(0, 8), all_lines=st.booleans())
def test_the_table_never_changes_the_answer_under_a_ply_bound(game, max_actions, max_plies, all_lines):
    if isinstance(game, Toggles) and game.n < 2:
        game = Toggles(2, (0, 1))
    with_table = run(game, max_actions=max_actions, max_plies=max_plies, all_lines=all_lines)
    without = run(game, max_actions=max_actions, max_plies=max_plies, all_lines=all_lines, transpositions=False)
    assert (with_table.found, with_table.complete) == (without.found, without.complete)
    assert [line.length for line in with_table.lines[:1]] == [line.length for line in without.lines[:1]]
    if all_lines:
        assert sorted(x.actions for x in with_table.lines) == sorted(x.actions for x in without.lines)


def test_a_bound_that_leaves_no_move_unsearched_is_no_cut():
    # Lamps(7) in 4 counted actions: any line holds at most 4 counted actions and the 3
    # uncounted ones (unlock, light0, light1), so 7 plies search everything; the states met on
    # the 7th ply have no move left within the budget, and the bound there cuts nothing.
    game = Lamps(target=7)
    for transpositions in (True, False):
        result = run(game, max_actions=4, max_plies=7, all_lines=True, transpositions=transpositions)
        assert result.found and result.complete
        # 1 + 2 + 2 + 2 in any order, before or after the unlock: one line
        assert result.reason == "found a line of 4 actions"
    assert not run(game, max_actions=4, max_plies=6, all_lines=True).complete


def test_a_win_remembered_is_not_reused_where_its_line_does_not_fit_the_bound():
    # Dice(4) within 3 plies: only "roll, 3, step" or "step, roll, 3" fit (probability 1/3);
    # the win from a total of 3 ("step") met at the third ply would make a line of 4 plies.
    game = Dice(4)
    for transpositions in (True, False):
        result = run(game, max_actions=3, max_plies=3, chance="expect", transpositions=transpositions)
        assert result.probability == pytest.approx(1 / 3) and not result.complete
        assert all(len(line.actions) <= 3 for line in result.lines)


def _cut_somewhere(game, budget, max_plies):
    """By brute force: whether a line that repeats no position, within ``budget`` counted
    actions, reaches the ply bound in a state that is not a goal and still has a move."""
    def walk(state, budget, ply, path):
        if game.goal(state) or game.actor(state) is None:
            return False
        moves = [a for a in game.actions(state) if budget > 0 or not game.counts(a)]
        if ply == max_plies:
            return bool(moves)
        for action in moves:
            child = game.apply(state, action)
            if game.key(child) not in path and walk(child, budget - game.counts(action), ply + 1,
                                                   path | {game.key(child)}):
                return True
        return False
    return walk(game.root, budget, 0, {game.key(game.root)})


@settings(max_examples=150, deadline=None)
@given(game=st.one_of(st.builds(Lamps, st.integers(0, 8)), st.builds(Counter, st.integers(0, 12)),
                      st.builds(Toggles, st.integers(2, 4), st.just((0, 1)))),
       max_actions=st.integers(0, 4), max_plies=st.integers(0, 8), all_lines=st.booleans(),
       transpositions=st.booleans())
def test_complete_means_the_ply_bound_cut_no_line(game, max_actions, max_plies, all_lines,
                                                  transpositions):
    # Depths are searched in turn up to the first one with a line; at that depth the cuts
    # matter only with all_lines (another line of that length may lie beyond the bound).
    result = run(game, max_actions=max_actions, max_plies=max_plies, all_lines=all_lines,
                 transpositions=transpositions)
    last = result.stats.depth
    cut = any(_cut_somewhere(game, depth, max_plies) for depth in range(last))
    if not result.found or all_lines:
        cut = cut or _cut_somewhere(game, last, max_plies)
    assert result.complete == (not cut)


# -- traces: properties ----------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(["+1", "+3", "x2", "pass"]), max_size=7), st.data())
def test_trace_normal_form_is_a_fixed_point_reached_from_every_commuting_swap(moves, data):
    game = Counter(target=10 ** 6)  # out of reach: every move stays legal
    normal = [action for _, action in trace_normal_form(game, game.root, moves)]
    assert sorted(normal) == sorted(moves)
    assert replay(game, game.root, normal) == replay(game, game.root, moves)
    assert [a for _, a in trace_normal_form(game, game.root, normal)] == normal
    # Swapping two adjacent moves that commute (same value both ways) gives the same normal form.
    index = data.draw(st.integers(0, max(len(moves) - 2, 0)))
    if len(moves) >= 2:
        swapped = moves[:index] + [moves[index + 1], moves[index]] + moves[index + 2:]
        if replay(game, game.root, swapped) == replay(game, game.root, moves) and \
                replay(game, game.root, swapped[:index + 2]) == replay(game, game.root, moves[:index + 2]):
            assert [a for _, a in trace_normal_form(game, game.root, swapped)] == normal


@settings(max_examples=30, deadline=None)
@given(st.permutations(["flip0", "flip1", "flip2", "flip3"]))
def test_every_order_of_independent_flips_is_one_class(order):
    game = Toggles(n=4, want=range(4))
    assert line_class(game, game.root, game.goal, Line(tuple(order), 4)) == \
        line_class(game, game.root, game.goal, Line(("flip0", "flip1", "flip2", "flip3"), 4))


# -- copies merged by the key, wins kept per exact state --------------------------------------


class _Twins:
    """The opponent hands over copy "a" (two ways, "a" and "a2") or copy "b"; playing the copy
    you hold wins. The key merges the two copies, but the winning action names the copy held."""

    root = ("start",)

    def goal(self, state):
        return state[0] == "played"

    def actor(self, state):
        return {"start": "them", "has": "you"}.get(state[0])

    def actions(self, state):
        if state[0] == "start":
            return ["a", "b", "a2"]
        return [f"play {state[1]}"] if state[0] == "has" else []

    def apply(self, state, action):
        if state[0] == "start":
            return ("has", action[0])  # a new (equal) tuple every time
        return ("played", state[1])

    def chance_outcomes(self, state):
        return []

    def key(self, state):
        return state[0]

    def counts(self, action):
        return action.startswith("play")

    def is_pass(self, action):
        return False


def test_a_win_is_reused_only_from_an_equal_state_not_from_a_merged_copy():
    game = _Twins()
    result = run(game, max_actions=1, opponent="adversarial")
    assert result.found and result.complete
    (line,) = result.lines
    assert line.actions == ("a", "play a")
    # "b" gets its own line (the copy's key is the same, its action is not); "a2" leads to a
    # state equal to the one "a" leads to, whose win is reused from the table.
    assert [(at, alt, sub.actions) for at, alt, sub in line.replies] == [
        (0, "b", ("play b",)), (0, "a2", ("play a",))]
    assert result.stats.transposition_hits == 1
    assert run(game, max_actions=1, opponent="adversarial", transpositions=False).lines == result.lines

"""search_cycles on toy domains: an exact loop, a pumping loop, a once-per-turn cycle and a
cycle a running-out resource stops."""

from cardjudge.solver.cycles import grows, search_cycles
from cardjudge.solver.search import replay
from cardjudge.solver.toy import Monolith, OncePerTurn, PayLife, Toggle


def test_exact_loop_is_found_and_mandatory():
    game = Toggle()
    result = search_cycles(game, game.root, game.measure)
    (cycle,) = result.cycles
    assert cycle.prefix == () and cycle.actions == ("flip", "flip")
    assert cycle.exact and cycle.yields == {} and cycle.mandatory is True
    assert replay(game, game.root, cycle.actions) == game.root


def test_pumping_loop_is_found_after_one_iteration_and_is_optional():
    game = Monolith()
    result = search_cycles(game, game.root, game.measure, max_plies=1000)
    (cycle,) = result.cycles
    assert cycle.actions == ("tap", "untap")
    assert cycle.yields == {"mana": 1} and not cycle.exact
    assert cycle.mandatory is False  # "stop" leaves it
    assert result.stats.nodes <= 4  # recognised by dominance, not by running to the ply bound
    end = replay(game, game.root, cycle.prefix + cycle.actions)
    assert game.measure(end)[0] == game.measure(game.root)[0]


def test_once_per_turn_cycle_is_exhausted_with_its_bound():
    game = OncePerTurn()
    result = search_cycles(game, game.root, game.measure)
    assert result.cycles == [] and result.complete
    assert result.longest == 1
    assert "no line repeats a position" in result.reason


def test_running_out_resource_bounds_the_loop():
    game = PayLife()
    result = search_cycles(game, game.root, game.measure)
    assert result.cycles == [] and result.complete and result.longest == 2


def test_ply_bound_makes_the_result_incomplete():
    game = PayLife()
    game.root = type(game.root)(life=50)
    result = search_cycles(game, game.root, game.measure, max_plies=10)
    assert result.cycles == [] and not result.complete
    assert "plies cut" in result.reason


def test_node_limit_is_reported():
    game = PayLife()
    game.root = type(game.root)(life=50)
    result = search_cycles(game, game.root, game.measure, limit_nodes=5)
    assert not result.complete and "node limit" in result.reason


def test_restricting_the_actions_hides_the_loop():
    game = Monolith()
    result = search_cycles(game, game.root, game.measure, allowed=lambda state, action: action != "untap")
    assert result.cycles == [] and result.complete and result.longest == 1


def test_grows():
    assert grows({"mana": 1}, {"mana": 2})
    assert not grows({"mana": 2}, {"mana": 1})
    assert grows({}, {"mana": 1}) and not grows({}, {"mana": -1})
    assert not grows({"mana": 1}, {})


# -- property: on random finite graphs, a loop is found exactly when one is reachable ------------

import networkx as nx  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


class _Graph:
    """A one-player domain over a directed graph: states are nodes, actions are edges."""

    def __init__(self, edges):
        self.graph = nx.DiGraph()
        self.graph.add_node(0)
        self.graph.add_edges_from(edges)

    def actions(self, state):
        return [("go", target) for target in sorted(self.graph.successors(state))]

    def apply(self, state, action):
        return action[1]

    def actor(self, state):
        return "you" if self.actions(state) else None

    def chance_outcomes(self, state):
        return []

    def key(self, state):
        return state

    def counts(self, action):
        return True

    def is_pass(self, action):
        return False

    @staticmethod
    def measure(state):
        return state, {}


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=14))
def test_a_loop_is_found_exactly_when_one_is_reachable(edges):
    game = _Graph(edges)
    result = search_cycles(game, 0, game.measure, max_plies=20)
    reachable = game.graph.subgraph(nx.descendants(game.graph, 0) | {0})
    has_cycle = not nx.is_directed_acyclic_graph(reachable)
    assert bool(result.cycles) == has_cycle
    if result.cycles:
        (cycle,) = result.cycles
        start = replay(game, 0, cycle.prefix)
        assert replay(game, start, cycle.actions) == start and cycle.exact
    else:
        assert result.complete and result.longest == nx.dag_longest_path_length(reachable)

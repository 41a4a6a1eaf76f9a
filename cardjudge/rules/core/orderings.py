"""Orders of simultaneous events: a precedence graph and every topological order of it.

The games state which groups must come first (Yu-Gi-Oh's SEGOC, Magic's APNAP); each
group's controller orders the group freely. ``allowed_orders`` lists every order the
rules allow, ``next_choices`` which items may be placed next.
"""

from __future__ import annotations

from typing import Hashable, Sequence

import networkx as nx


def precedence_graph(items: Sequence[Hashable], group_of) -> nx.DiGraph:
    """A graph with an edge a -> b whenever a's group must come before b's.

    ``group_of(item)`` gives a sortable rank; lower ranks come first.
    """
    graph = nx.DiGraph()
    graph.add_nodes_from(items)
    for a in items:
        for b in items:
            if group_of(a) < group_of(b):
                graph.add_edge(a, b)
    return graph


def allowed_orders(items: Sequence[Hashable], group_of) -> list[tuple]:
    """Every order of ``items`` that respects the groups.

    >>> sorted(allowed_orders(["a1", "a2", "b"], lambda x: x[0]))
    [('a1', 'a2', 'b'), ('a2', 'a1', 'b')]
    """
    return [tuple(order) for order in nx.all_topological_sorts(precedence_graph(items, group_of))]


def next_choices(items: Sequence[Hashable], group_of) -> list:
    """The items that may come first in some allowed order (in the given order of items)."""
    graph = precedence_graph(items, group_of)
    return [item for item in items if graph.in_degree(item) == 0]

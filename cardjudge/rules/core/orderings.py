"""Orders of simultaneous events: a precedence graph and the items that may come first.

The games state which groups must come first (Yu-Gi-Oh's SEGOC, Magic's APNAP); each
group's controller orders the group freely: ``next_choices`` gives the items that may be placed
next, the sources of the precedence graph.
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


def next_choices(items: Sequence[Hashable], group_of) -> list:
    """The items that may come first in some allowed order (in the given order of items).

    >>> next_choices(["b", "a1", "a2"], lambda x: x[0])
    ['a1', 'a2']
    """
    graph = precedence_graph(items, group_of)
    return [item for item in items if graph.in_degree(item) == 0]

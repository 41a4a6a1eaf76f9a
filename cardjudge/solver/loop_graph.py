"""The dependency graph of a card pool: abilities as nodes, an edge A -> B when what A emits can
trigger B or what A produces can pay B's cost (from each game's ``ability_facts``).

Cycles are listed only inside strongly connected components and bounded in length (listing is
output-bound: 30 nodes can hold millions of simple cycles). A graph without a cycle is a proof
that no loop exists among the pool's abilities: nothing one does can lead back to itself.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from cardjudge.rules import rules_for


def abilities_of(rules, card) -> tuple:
    """Every ability of ``card`` for its game (keyword abilities included where a game has them)."""
    listing = getattr(rules, "card_abilities", None)
    return listing(card) if listing is not None else card.abilities


def node_name(card: str, index: int) -> str:
    """The graph's name of ability ``index`` of ``card``."""
    return f"{card}#{index}"


def build_graph(cards, game: str) -> nx.DiGraph:
    """The dependency graph of ``cards`` (CardDefs of ``game``).

    An edge goes into a triggered ability when the source can emit the event it listens to, and
    into any other ability when the source produces a resource its cost or use consumes.

    Each node ``"Card#i"`` carries ``card``, ``index``, ``facts`` (AbilityFacts) and ``text``;
    each edge its ``why``: a sorted list like ``["triggers: summoned", "pays: mana"]``.
    """
    rules = rules_for(game)
    graph = nx.DiGraph()
    for card in cards:
        for ability in abilities_of(rules, card):
            facts = rules.ability_facts(card, ability)
            graph.add_node(node_name(card.name, ability.index), card=card.name, index=ability.index,
                           facts=facts, text=facts.text or card.name)
    nodes = list(graph.nodes(data="facts"))
    for source, made in nodes:
        for target, needs in nodes:
            # a triggered ability is started only by its event; one a player uses, by what pays for it
            if needs.listens:
                why = [f"triggers: {event}" for event in sorted(made.emits & needs.listens)]
            else:
                why = [f"pays: {resource}" for resource in sorted(made.produces & needs.consumes)]
            if why:
                graph.add_edge(source, target, why=why)
    return graph


@dataclass(frozen=True)
class CycleListing:
    """The cycles of a graph: ``cycles`` (lists of node names), and whether the listing is
    ``complete`` (no length bound or count limit left a cycle out) with the ``components`` that
    hold cycles."""

    cycles: list
    complete: bool
    components: list
    reason: str


def list_cycles(graph: nx.DiGraph, max_length: int = 6, max_count: int = 1000) -> CycleListing:
    """The simple cycles of ``graph`` up to ``max_length`` nodes, at most ``max_count`` of them,
    searched only inside non-trivial strongly connected components."""
    components = [sorted(c) for c in nx.strongly_connected_components(graph)
                  if len(c) > 1 or graph.has_edge(next(iter(c)), next(iter(c)))]
    components.sort()
    if not components:
        return CycleListing([], True, [], "the dependency graph has no cycle: no loop is possible among these abilities")
    cycles, complete, longest_cut = [], True, False
    for component in components:
        sub = graph.subgraph(component)
        for cycle in nx.simple_cycles(sub, length_bound=max_length):
            if len(cycles) >= max_count:
                complete = False
                break
            cycles.append(_rotated(cycle))
        if not complete:
            break
        if len(component) > max_length:
            longest_cut = True  # a longer cycle may exist in this component
    cycles.sort(key=lambda c: (len(c), c))
    reason = f"{len(cycles)} cycle(s) in {len(components)} strongly connected component(s)"
    if not complete:
        reason += f"; listing stopped at {max_count} cycles"
    if longest_cut:
        complete = False
        reason += f"; cycles longer than {max_length} abilities were not listed"
    return CycleListing(cycles, complete, components, reason)


def _rotated(cycle: list) -> list:
    """A cycle starting from its smallest node (a stable way to write it)."""
    start = cycle.index(min(cycle))
    return cycle[start:] + cycle[:start]

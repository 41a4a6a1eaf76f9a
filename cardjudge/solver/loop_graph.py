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


def paid(produced, needs) -> set:
    """The resources of ``needs`` that ``produced`` provides: by name, a card-specific one
    (``card_on_field:Exiled Force``: this very card) by the general one (``card_on_field``: any
    card), and the general one by any card-specific one."""
    kinds = {resource.split(":", 1)[0] for resource in produced}
    return {need for need in needs if need in produced or need in kinds
            or (":" in need and need.split(":", 1)[0] in produced)}


def abilities_of(rules, card) -> tuple:
    """Every ability of ``card`` for its game (keyword abilities included where a game has them)."""
    return rules.card_abilities(card)


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
                why = [f"pays: {resource}" for resource in sorted(paid(made.produces, needs.consumes))]
            if why:
                graph.add_edge(source, target, why=why)
    _add_copy_edges(graph, nodes)
    for name, facts in nodes:
        if facts.at_will and not facts.consumes and not facts.listens:
            # nothing to pay and nothing to wait for: a player may use it again at once
            graph.add_edge(name, name, why=graph.edges[name, name]["why"] + ["repeats: costs nothing"]
                           if graph.has_edge(name, name) else ["repeats: costs nothing"])
    return graph


def _add_copy_edges(graph: nx.DiGraph, nodes: list) -> None:
    """An ability that copies the one whose event triggered it (``facts.copies``) does what that
    one does: it gets the copied ability's edges, but for those the copied event itself made (a
    copy is not activated: it does not trigger the copier again)."""
    for copier, facts in nodes:
        if not facts.copies:
            continue
        for original in list(graph.predecessors(copier)):
            made = graph.nodes[original]["facts"]
            if original == copier or not made.emits & facts.copies:
                continue
            for target, needs in nodes:
                if needs.listens:
                    events = (made.emits - facts.copies) & needs.listens
                    why = [f"triggers: {event} (a copy of {original})" for event in sorted(events)]
                else:
                    why = [f"pays: {resource} (a copy of {original})"
                           for resource in sorted(paid(made.produces, needs.consumes))]
                if why:
                    known = graph.edges[copier, target]["why"] if graph.has_edge(copier, target) else []
                    graph.add_edge(copier, target, why=sorted(set(known) | set(why)))


@dataclass(frozen=True)
class CycleListing:
    """The cycles of a graph.

    ``cycles`` (lists of node names): first every cycle that no ability of it bounds (the
    candidates), then cycles through a bounding ability, as examples. ``bounding``: node ->
    why every cycle through it is bounded. ``complete``: no length bound or count limit left a
    candidate out (every cycle not listed goes through a bounding ability). ``components``: the
    strongly connected components that hold cycles.
    """

    cycles: list
    complete: bool
    components: list
    reason: str
    bounding: dict


def _components(graph) -> list:
    found = [sorted(c) for c in nx.strongly_connected_components(graph)
             if len(c) > 1 or graph.has_edge(next(iter(c)), next(iter(c)))]
    return sorted(found)


def bounding_abilities(graph: nx.DiGraph) -> dict:
    """The abilities that bound every cycle through them, each with why: a use limit (once per
    turn), or a resource it consumes that nothing in its strongly connected component produces
    (so nothing it can loop with gives it back). Found to a fixpoint: once they are set aside,
    the components that remain are smaller and may show more."""
    bounding: dict = {}
    work = graph.copy()
    while True:
        found = {}
        for component in _components(work):
            produced = set().union(*(work.nodes[n]["facts"].produces for n in component))
            for node in component:
                facts = work.nodes[node]["facts"]
                if facts.limit:
                    found[node] = f"limited ({facts.limit.replace('_', ' ')})"
                elif facts.consumes - paid(produced, facts.consumes):
                    used = ", ".join(sorted(facts.consumes - paid(produced, facts.consumes)))
                    found[node] = f"uses up {used}, which nothing it can loop with produces"
        if not found:
            return bounding
        bounding.update(found)
        work.remove_nodes_from(found)


def list_cycles(graph: nx.DiGraph, max_length: int = 6, max_count: int = 1000) -> CycleListing:
    """The simple cycles of ``graph`` up to ``max_length`` nodes, at most ``max_count`` of them,
    searched only inside non-trivial strongly connected components: first those that no
    bounding ability (:func:`bounding_abilities`) bounds, then examples of the others."""
    components = _components(graph)
    if not components:
        return CycleListing([], True, [], "the dependency graph has no cycle: no loop is possible among these abilities", {})
    bounding = bounding_abilities(graph)
    free = graph.subgraph([n for n in graph if n not in bounding])
    candidates, complete, reasons = _listed(free, _components(free), max_length, max_count)
    examples, _, _ = _listed(graph, components, max_length, max_count - len(candidates))
    seen = {tuple(c) for c in candidates}
    cycles = candidates + [c for c in examples if tuple(c) not in seen]
    reason = (f"{len(cycles)} cycle(s) listed in {len(components)} strongly connected component(s); "
              f"{len(bounding)} abilit{'y bounds' if len(bounding) == 1 else 'ies bound'} every cycle through "
              f"{'it' if len(bounding) == 1 else 'them'}, {len(candidates)} cycle(s) avoid them")
    if reasons:
        reason += "; " + "; ".join(reasons)
    return CycleListing(cycles, complete, components, reason, bounding)


def _listed(graph, components, max_length: int, max_count: int) -> tuple[list, bool, list]:
    """(cycles, complete, what cut the listing) of the components of ``graph``."""
    cycles, complete, reasons = [], True, []
    for component in components:
        if len(cycles) >= max_count:
            complete = False
            break
        sub = graph.subgraph(component)
        for cycle in _bounded_cycles(sub, max_length):
            if len(cycles) >= max_count:
                complete = False
                break
            cycles.append(cycle)
        if len(component) > max_length:
            complete = False  # a longer cycle may exist in this component
            if f"cycles longer than {max_length} abilities were not listed" not in reasons:
                reasons.append(f"cycles longer than {max_length} abilities were not listed")
    if not complete and len(cycles) >= max_count:
        reasons.append(f"listing stopped at {max_count} cycles")
    cycles.sort(key=lambda c: (len(c), c))
    return cycles, complete, reasons


def _bounded_cycles(graph, max_length: int):
    """The simple cycles of ``graph`` of at most ``max_length`` nodes, each once, starting from its
    smallest node, in a fixed order (start nodes and successors sorted by name): the same cycles
    come first whatever the process, so a listing cut by a count limit is the same every time."""
    order = sorted(graph)
    rank = {node: number for number, node in enumerate(order)}
    successors = {node: sorted(graph.successors(node), key=rank.__getitem__) for node in order}
    for start in order:
        low = rank[start]
        path, on_path = [start], {start}
        stack = [iter(successors[start])]
        while stack:
            following = next(stack[-1], None)
            if following is None:
                stack.pop()
                on_path.discard(path.pop())
                continue
            if following == start:
                yield list(path)
                continue
            if rank[following] <= low or following in on_path or len(path) >= max_length:
                continue
            path.append(following)
            on_path.add(following)
            stack.append(iter(successors[following]))

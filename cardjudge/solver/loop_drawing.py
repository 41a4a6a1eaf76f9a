"""The dependency graph drawn for a person: Graphviz DOT, and SVG through the ``dot`` program.

Nodes are named by card and ability text, edges by what links them (the event that triggers,
the resource that pays); the nodes and edges of cycles are drawn in red.
"""

from __future__ import annotations

import shutil
import textwrap

from cardjudge.errors import InputError


def to_dot(graph, title: str = "abilities") -> str:
    """The DOT source of a dependency graph made by :func:`loop_graph.build_graph`."""
    import graphviz

    drawing = graphviz.Digraph(title, graph_attr={"rankdir": "LR"}, node_attr={"shape": "box", "fontsize": "10"},
                               edge_attr={"fontsize": "9"})
    for name, data in sorted(graph.nodes(data=True)):
        text = textwrap.shorten(data.get("text") or "", 90, placeholder=" ...")
        label = f"{data['card']} (ability {data['index']})\n" + "\n".join(textwrap.wrap(text, 36))
        style = {"color": "red", "penwidth": "2"} if data.get("loop") else {}
        drawing.node(name, label=label, **style)
    for source, target, data in sorted(graph.edges(data=True)):
        style = {"color": "red", "penwidth": "2"} if data.get("loop") else {}
        drawing.edge(source, target, label=", ".join(data.get("why", [])), **style)
    return drawing.source


def write_dot(graph, path: str) -> None:
    """Write the DOT source to ``path``."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(to_dot(graph))


def write_svg(graph, path: str) -> None:
    """Render the graph to an SVG file at ``path`` with Graphviz's ``dot``; InputError when the
    ``dot`` program is not installed."""
    if shutil.which("dot") is None:
        raise InputError("--svg needs Graphviz's 'dot' program (install the graphviz package of your system)", path)
    import graphviz

    svg = graphviz.Source(to_dot(graph)).pipe(format="svg")
    with open(path, "wb") as handle:
        handle.write(svg)

"""Imports flow one way (cli -> solver -> rules.<game> -> rules.core): no cycle among the modules
of any package, counting every import a module makes, at its top or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardjudge"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph() -> nx.DiGraph:
    """module -> the cardjudge modules it imports (``from package import name`` counts the
    module ``package.name`` when there is one, else the package)."""
    modules = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
            for target in targets:
                if target in modules and target != name:
                    graph.add_edge(name, target)
    return graph


def _within_packages(graph: nx.DiGraph) -> nx.DiGraph:
    """The edges between modules of one package (a package's ``__init__`` belongs to it)."""
    def package_of(module: str) -> str:
        return module if (PACKAGE / Path(*module.split(".")[1:]) / "__init__.py").exists() else module.rpartition(".")[0]

    kept = nx.DiGraph()
    for source, target in graph.edges:
        if package_of(source) == package_of(target):
            kept.add_edge(source, target)
    return kept


def test_no_import_cycle_inside_any_package():
    graph = _within_packages(import_graph())
    cycles = [sorted(component) for component in nx.strongly_connected_components(graph) if len(component) > 1]
    assert cycles == []


def _imports_of(graph: nx.DiGraph, prefix: str) -> set:
    return {(source, target) for source, target in graph.edges if source.startswith(prefix)}


def test_imports_flow_one_way_between_the_layers():
    """cli -> solver -> rules.<game> -> rules.core; the card loader is handed the rules (it
    imports none of them), the core never imports a game, a game never imports another."""
    graph = import_graph()
    games = {"ygo", "mtg", "eredan"}
    wrong = []
    for source, target in graph.edges:
        src, dst = source.split(".") + ["", ""], target.split(".") + ["", ""]
        if src[1] == "cards" and dst[1] in ("rules", "solver", "cli"):
            wrong.append((source, target))
        if src[1:3] == ["rules", "core"] and dst[1] == "rules" and dst[2] in games:
            wrong.append((source, target))
        if src[1] == "rules" and dst[1] in ("solver", "cli"):
            wrong.append((source, target))
        if src[1] == "solver" and dst[1] == "cli":
            wrong.append((source, target))
        if src[1] == dst[1] == "rules" and src[2] in games and dst[2] in games \
                and src[2] != dst[2]:
            wrong.append((source, target))
    assert wrong == []

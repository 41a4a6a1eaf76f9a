"""Reading YAML and JSON with the line of every mapping key, for error messages.

Mappings come back as ``dict`` subclasses and sequences as ``list`` subclasses that
remember where they stood in the file; ``line_of`` reads that back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError

from cardjudge.errors import InputError

_yaml = YAML(typ="rt")


def load_text(text: str, source: str) -> Any:
    """Parse YAML (JSON is YAML too) from ``text``; ``source`` names it in errors."""
    try:
        return _yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        language = "JSON" if str(source).lower().endswith(".json") else "YAML"
        raise InputError(f"malformed {language}: {exc.problem or exc.context}", source, line) from None


def load_file(path: str | Path) -> Any:
    """Parse the YAML or JSON file at ``path``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", str(path)) from None
    return load_text(text, str(path))


def line_of(node: Any, key: Any = None) -> int | None:
    """The 1-based line of ``node`` (or of ``node[key]`` when a key or index is given), if known."""
    lc = getattr(node, "lc", None)
    if lc is None:
        return None
    try:
        if key is None:
            return lc.line + 1
        if isinstance(node, dict):
            return lc.key(key)[0] + 1
        return lc.item(key)[0] + 1
    except (KeyError, IndexError, TypeError, AttributeError):
        return lc.line + 1

"""Which modules run compiled, and a guard that runs a module from its source when it changed.

The build compiles the modules of the rules engines and of the solver (``setup.py``) and records
in ``compiled.json`` the SHA-256 of each one's source at that time. Python imports a compiled
module in preference to its source wherever both lie; so that an edited source is never shadowed
by an out-of-date compiled module, :func:`install` (called when the package is imported) has every
module whose source no longer matches the record, or every module when ``CARDJUDGE_PURE`` is set,
imported from its source. Running ``pip install -e .`` again compiles the changed modules.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = PACKAGE_DIR / "compiled.json"


class Status:
    """The modules built compiled: those running compiled, and those whose source changed since
    the build (or all of them under ``CARDJUDGE_PURE``), which run from their source."""

    def __init__(self, compiled: list[str], from_source: list[str], reason: str):
        self.compiled = compiled
        self.from_source = from_source
        self.reason = reason

    def describe(self) -> str:
        """One line for people: how much of the package runs compiled."""
        if not self.compiled and not self.from_source:
            return "plain Python (no compiled core was built)"
        if not self.compiled:
            return f"plain Python ({self.reason}; {len(self.from_source)} compiled modules left unused)"
        text = f"{len(self.compiled)} modules compiled"
        if self.from_source:
            text += f", {len(self.from_source)} run from their source ({self.reason})"
        return text


class FromSource(importlib.abc.MetaPathFinder):
    """Finds the listed modules as source files under ``root``, ahead of their compiled builds."""

    def __init__(self, modules: set[str], root: Path):
        self.modules = modules
        self.root = root

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.modules:
            return None
        source = source_of(fullname, self.root)
        if not source.exists():  # a module removed since the build: its compiled copy is stale too
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        loader = importlib.machinery.SourceFileLoader(fullname, str(source))
        return importlib.util.spec_from_file_location(fullname, source, loader=loader)


def source_of(module: str, root: Path) -> Path:
    """The source file of a module of the package found under ``root``."""
    return root.joinpath(*module.split(".")).with_suffix(".py")


def status_of(manifest: Path, root: Path, pure: bool) -> Status:
    """What runs compiled, from the build's manifest (``module: SHA-256 of its source``) and the
    sources found under ``root`` now; nothing when ``pure``."""
    try:
        built = json.loads(manifest.read_text())
    except (OSError, ValueError):  # never built (a plain Python install) or a broken manifest
        built = {}
    if pure:
        return Status([], sorted(built), "CARDJUDGE_PURE is set")
    changed = []
    for module, digest in built.items():
        source = source_of(module, root)
        if not source.exists() or hashlib.sha256(source.read_bytes()).hexdigest() != digest:
            changed.append(module)
    compiled = sorted(set(built) - set(changed))
    return Status(compiled, sorted(changed), "changed since the build: pip install -e . compiles them again")


STATUS: Status | None = None


def install() -> Status:
    """Put the guard in place (once); the status of the compiled core."""
    global STATUS
    if STATUS is None:
        STATUS = status_of(MANIFEST, PACKAGE_DIR.parent, bool(os.environ.get("CARDJUDGE_PURE")))
        if STATUS.from_source:
            sys.meta_path.insert(0, FromSource(set(STATUS.from_source), PACKAGE_DIR.parent))
    return STATUS

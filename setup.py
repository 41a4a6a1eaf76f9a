"""Build of cardjudge's compiled core.

The modules of the rules engines and of the solver (``cardjudge/rules``, ``cardjudge/solver``)
are compiled to C extension modules with Cython, as they are, without type declarations: the
same Python code runs about 1.6 times as fast. The build is asked for: ``CARDJUDGE_COMPILE=1 pip
install -e .`` compiles (a few minutes on two cores); a plain ``pip install -e .`` installs the
package as plain Python in seconds, and so does an install without a C compiler or Cython.

Next to the compiled modules the build writes ``cardjudge/compiled.json``, the SHA-256 of each
module's source when it was compiled; ``cardjudge.native`` runs a module from its source instead
whenever that source has changed since (see there).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
COMPILED_PACKAGES = ("cardjudge/rules", "cardjudge/solver")
MANIFEST = "compiled.json"  # in the package cardjudge, next to the compiled modules


def compiled_sources() -> list[Path]:
    """The sources compiled, relative to the root: every module of the compiled packages but
    the packages' own ``__init__``."""
    found = []
    for package in COMPILED_PACKAGES:
        found += [path.relative_to(ROOT) for path in sorted((ROOT / package).rglob("*.py"))
                  if path.name != "__init__.py"]
    return found


def module_name(source: Path) -> str:
    return ".".join(source.with_suffix("").parts)


def _warn(message: str) -> None:
    print(f"cardjudge: {message}; the package runs as plain Python (slower)", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """build_ext that leaves out what cannot be compiled, and writes the manifest of what was."""

    def finalize_options(self):
        # The modules are turned into C first: setuptools prepares the extensions it is given.
        self.extensions = _cythonized(self.distribution.ext_modules or [])
        self.distribution.ext_modules = self.extensions
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self):
        try:
            super().run()
        except Exception as error:  # no compiler, no Python headers...: the sources still run
            _warn(f"the compiled core was not built ({error})")
        self._write_manifest()

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as error:
            _warn(f"{ext.name} was not compiled ({error})")

    def _write_manifest(self) -> None:
        built = {}
        for ext in self.extensions:
            if Path(self.get_ext_fullpath(ext.name)).exists():
                source = ROOT / (ext.name.replace(".", "/") + ".py")
                built[ext.name] = hashlib.sha256(source.read_bytes()).hexdigest()
        package_dir = Path(self.get_ext_fullpath("cardjudge.x")).parent
        package_dir.mkdir(parents=True, exist_ok=True)
        (package_dir / MANIFEST).write_text(json.dumps(built, indent=1, sort_keys=True) + "\n")


def _cythonized(modules: list[Extension]) -> list[Extension]:
    """The modules with their sources turned into C by Cython (none without Cython)."""
    if not modules:
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _warn("Cython is not installed")
        return []
    return cythonize(modules, build_dir="build/cython", language_level=3, nthreads=os.cpu_count() or 1,
                     quiet=True,
                     # annotations stay documentation, as in plain Python (no type checks added)
                     compiler_directives={"binding": True, "annotation_typing": False})


def extensions() -> list[Extension]:
    """The modules to compile (none unless ``CARDJUDGE_COMPILE`` is set, or with
    ``CARDJUDGE_PURE`` set); Cython turns their sources into C when they are built."""
    # Compiling is opt-in: it takes minutes on a small machine, and plain Python is the
    # install a newcomer waits for.
    if not os.environ.get("CARDJUDGE_COMPILE") or os.environ.get("CARDJUDGE_PURE"):
        return []
    # Without debugging information the build takes two thirds of the time (-O3 is kept: -O2
    # runs the search about a tenth slower).
    return [Extension(module_name(source), [str(source)], extra_compile_args=["-g0"])
            for source in compiled_sources()]


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})

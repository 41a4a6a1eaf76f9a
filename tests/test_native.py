"""The compiled core: an edited module runs from its source, never from an out-of-date build."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardjudge import native

ROOT = Path(__file__).resolve().parent.parent


def _package(tmp_path: Path, source: str, recorded: str) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "mod.py").write_text(source)
    manifest = tmp_path / "compiled.json"
    manifest.write_text(json.dumps({"pkg.mod": hashlib.sha256(recorded.encode()).hexdigest()}))
    return manifest


def test_a_module_unchanged_since_the_build_runs_compiled(tmp_path):
    manifest = _package(tmp_path, "x = 1\n", "x = 1\n")
    status = native.status_of(manifest, tmp_path, pure=False)
    assert status.compiled == ["pkg.mod"] and status.from_source == []


def test_a_module_edited_since_the_build_runs_from_its_source(tmp_path):
    manifest = _package(tmp_path, "x = 2\n", "x = 1\n")
    status = native.status_of(manifest, tmp_path, pure=False)
    assert status.compiled == [] and status.from_source == ["pkg.mod"]
    spec = native.FromSource(set(status.from_source), tmp_path).find_spec("pkg.mod")
    assert spec.origin == str(tmp_path / "pkg" / "mod.py")
    assert native.FromSource(set(status.from_source), tmp_path).find_spec("pkg.other") is None
    assert "changed since the build" in status.describe()


def test_a_module_removed_since_the_build_is_not_found(tmp_path):
    manifest = _package(tmp_path, "x = 1\n", "x = 1\n")
    (tmp_path / "pkg" / "mod.py").unlink()
    status = native.status_of(manifest, tmp_path, pure=False)
    with pytest.raises(ModuleNotFoundError):
        native.FromSource(set(status.from_source), tmp_path).find_spec("pkg.mod")


def test_pure_runs_every_module_from_its_source(tmp_path):
    manifest = _package(tmp_path, "x = 1\n", "x = 1\n")
    status = native.status_of(manifest, tmp_path, pure=True)
    assert status.compiled == [] and status.from_source == ["pkg.mod"]
    assert status.describe().startswith("plain Python (CARDJUDGE_PURE is set")


def test_no_build_means_plain_python(tmp_path):
    status = native.status_of(tmp_path / "missing.json", tmp_path, pure=False)
    assert status.compiled == [] and status.describe().startswith("plain Python")


def _module_file(env: dict) -> str:
    code = "import cardjudge.rules.core.state as m; print(m.__file__)"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_cardjudge_pure_imports_the_sources():
    assert _module_file({**os.environ, "CARDJUDGE_PURE": "1"}).endswith("state.py")


def test_the_built_modules_are_the_ones_imported():
    status = native.install()
    env = {k: v for k, v in os.environ.items() if k != "CARDJUDGE_PURE"}
    imported = _module_file(env)
    if "cardjudge.rules.core.state" in native.status_of(native.MANIFEST, ROOT, pure=False).compiled:
        assert not imported.endswith(".py")
    else:
        assert imported.endswith("state.py"), status.describe()

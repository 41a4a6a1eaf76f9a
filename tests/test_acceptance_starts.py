"""The property tests' start positions ``tests/data/starts`` are copies of the shared acceptance
cases' positions (tests read nothing outside the checkout); this test finds the cases at
``../shared/acceptance/cases`` beside the checkout and checks that no copy is missing or stale.
Without ``../shared`` it is skipped, saying so."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT.parent / "shared" / "acceptance" / "cases"
STARTS = ROOT / "tests" / "data" / "starts"


def _cases() -> list[Path]:
    return sorted(CASES.glob("*.yaml")) if CASES.is_dir() else []


@pytest.mark.skipif(not CASES.is_dir(), reason=f"the shared acceptance cases are not beside the checkout ({CASES})")
def test_every_acceptance_case_has_its_start_copied():
    assert [path.name for path in _cases()] == sorted(path.name for path in STARTS.glob("*.yaml"))


@pytest.mark.skipif(not CASES.is_dir(), reason=f"the shared acceptance cases are not beside the checkout ({CASES})")
@pytest.mark.parametrize("case", [path.name for path in _cases()])
def test_each_copied_start_is_the_position_of_its_case(case):
    shared = yaml.safe_load((CASES / case).read_text(encoding="utf-8"))["position"]
    copied = yaml.safe_load((STARTS / case).read_text(encoding="utf-8"))
    assert copied == shared

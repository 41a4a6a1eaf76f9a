"""Fuzzing the command line with mutated shipped positions, card files and goals.

Every mutated input must give exit 0, or exit 1 with one line on stderr naming the file; never
an internal error (exit 2) and never a traceback, within a time bound and a memory bound (the
address space a run may add, ``MEMORY_PER_INPUT``, enforced by the kernel through
``RLIMIT_AS``: a run that would grow past it fails the test). The budget is fixed
(``FUZZ_EXAMPLES``, 40 by default; .ci/run sets it) and the examples derandomized, so a run is
repeatable.
"""

from __future__ import annotations

import json
import os
import resource
import signal
from contextlib import contextmanager

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from cardjudge.cli import cli
from fuzz_inputs import BAD_VALUES, CARD_FILES, POSITIONS, deep, mutate, paths

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
SECONDS_PER_INPUT = 60  # far above the slowest case seen (about 3 s); a hang fails the test
MEMORY_PER_INPUT = 1024 * 1024 * 1024  # bytes of address space a run may add: far above any case seen
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))


def _documents(files):
    return [(path, YAML(typ="safe").load(path.read_text(encoding="utf-8"))) for path in files]


POSITION_DOCS = _documents(POSITIONS)
CARD_DOCS = _documents(CARD_FILES)
bad_values = st.one_of(st.sampled_from(BAD_VALUES), st.integers(40, 70).map(deep),
                       st.text(max_size=20), st.integers(-10**20, 10**20))


class _TooSlow(Exception):
    pass


def _alarm(signum, frame):
    raise _TooSlow()


def _address_space() -> int:
    """The bytes of address space this process uses now (VmSize)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    raise OSError("no VmSize in /proc/self/status")


@contextmanager
def memory_bound(extra: int):
    """Within the block, the process may use at most ``extra`` more bytes of address space
    (more raises MemoryError); the limit is lifted after it. Without /proc (not Linux) the
    block runs unbounded."""
    try:
        used = _address_space()
    except OSError:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    bound = used + extra if hard == resource.RLIM_INFINITY else min(hard, used + extra)
    resource.setrlimit(resource.RLIMIT_AS, (bound, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def run_bounded(args):
    """Run the command line in this process, failing the test if it takes too long or would
    use too much memory."""
    shown = f"cardjudge {' '.join(map(str, args))}"
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS_PER_INPUT)
    try:
        with memory_bound(MEMORY_PER_INPUT):
            result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    except _TooSlow:
        pytest.fail(f"{shown} ran over {SECONDS_PER_INPUT} s")
    except MemoryError:
        pytest.fail(f"{shown} ran over {MEMORY_PER_INPUT // 2**20} MB")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert "MemoryError" not in result.stderr, f"{shown} ran over {MEMORY_PER_INPUT // 2**20} MB: {result.stderr}"
    return result


def test_the_memory_bound_stops_a_run_that_grows_past_it():
    """The bound is real: inside it, taking more than it allows fails at once."""
    with pytest.raises(MemoryError):
        with memory_bound(64 * 2**20):
            bytearray(256 * 2**20)
    bytearray(256 * 2**20)  # and it is lifted after the block


def assert_clean_outcome(result, path):
    """Exit 0, or exit 1 with one line on stderr naming ``path``."""
    stderr = result.stderr
    assert result.exit_code in (0, 1), stderr
    assert "Traceback" not in stderr
    if result.exit_code == 1:
        lines = stderr.splitlines()
        assert len(lines) == 1, stderr
        assert lines[0].startswith(f"cardjudge: {path}"), lines[0]


def _mutated(draw, docs):
    path, doc = draw(st.sampled_from(docs))
    place = draw(st.sampled_from(list(paths(doc))))
    return path, mutate(doc, place, draw(bad_values))


@st.composite
def mutated_positions(draw):
    return _mutated(draw, POSITION_DOCS)


@st.composite
def mutated_card_files(draw):
    return _mutated(draw, CARD_DOCS)


@FUZZ
@given(case=mutated_positions(), as_json=st.booleans())
def test_mutated_positions_give_a_clean_outcome(tmp_path_factory, case, as_json):
    source, document = case
    path = tmp_path_factory.mktemp("fuzz") / (source.stem + (".json" if as_json else ".yaml"))
    path.write_text(json.dumps(document), encoding="utf-8")
    assert_clean_outcome(run_bounded(["moves", path]), path)


@FUZZ
@given(case=mutated_card_files())
def test_mutated_card_files_give_a_clean_outcome(tmp_path_factory, case):
    source, document = case
    path = tmp_path_factory.mktemp("fuzz") / source.name
    path.write_text(json.dumps(document), encoding="utf-8")
    assert_clean_outcome(run_bounded(["validate", path]), path)


@FUZZ
@given(source=st.sampled_from(POSITIONS), where=st.floats(0, 1), damage=st.sampled_from(
    [b"\xe9", b"\x00", b"\xff\xfe", b"&a [1]\n", b"*nowhere", b"\t", b"{[", b"\x85", b"\xef\xbb\xbf"]))
def test_damaged_bytes_give_a_clean_outcome(tmp_path_factory, source, where, damage):
    raw = source.read_bytes()
    cut = int(len(raw) * where)
    path = tmp_path_factory.mktemp("fuzz") / source.name
    path.write_bytes(raw[:cut] + damage + raw[cut:])
    assert_clean_outcome(run_bounded(["moves", path]), path)


goal_texts = st.one_of(
    st.sampled_from(["5", "'win'", "count(you.monsters)", "1/0 == 1", "you.lp < 'x'", "you.monsters[99]",
                     "(" * 4000 + "1" + ")" * 4000, "1" + "+1" * 30000, "you.nothing", "win", "survive",
                     "destroy: [Nobody]", "play: No Such Card", "not", "you.lp <= 0 or"]),
    st.text(alphabet="youpnet.lhasdcrmiw()[]<>=!+-*/%,' 0123456789", max_size=40),
)


@FUZZ
@given(goal=goal_texts, position=st.sampled_from(POSITIONS))
def test_goals_give_a_clean_outcome(goal, position):
    result = run_bounded(["combos", position, "--goal", goal, "--limit-nodes", "30"])
    stderr = result.stderr
    assert result.exit_code in (0, 1), stderr
    if result.exit_code == 1:
        assert len(stderr.splitlines()) == 1, stderr

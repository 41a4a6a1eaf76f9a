"""The memory limit of searches: honoured and reported like the node and time limits."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardjudge import find_combos, list_chains, load_position
from cardjudge.cli import cli
from cardjudge.rules.core import memory

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ONE_BYTE = 1  # below what any process holds: the limit is reached at the first check


def test_a_combo_search_stops_at_the_memory_limit_and_says_so():
    state = load_position(EXAMPLES / "mtg-midgame.yaml")
    result = find_combos(state, "opponent.life <= 0", limit_memory=ONE_BYTE)
    assert not result.complete
    assert result.reason.startswith("cut short by the memory limit")
    assert result.stats.nodes == 0  # read before the first node


def test_a_chain_listing_stops_at_the_memory_limit_and_says_so():
    listing = list_chains(load_position(EXAMPLES / "mtg-end-step.yaml"), limit_memory=ONE_BYTE)
    assert not listing.complete
    assert listing.reason.startswith("cut short by the memory limit after 256 positions")


def test_the_default_limit_is_half_the_machine():
    memory.set_default_limit(None)
    assert memory.default_limit() == memory.machine_bytes() // 2


@pytest.mark.parametrize("text, size", [("4G", 4 * 1024**3), ("800M", 800 * 1024**2), ("1000", 1000),
                                        ("512k", 512 * 1024), ("1.5GB", 3 * 1024**3 // 2)])
def test_sizes_are_read_with_their_unit(text, size):
    assert memory.parse_size(text) == size


def test_the_command_line_option_bounds_the_search():
    try:
        result = CliRunner().invoke(cli, ["combos", str(EXAMPLES / "mtg-midgame.yaml"), "--goal", "opponent.life <= 0",
                                          "--limit-memory", "1K"], catch_exceptions=False)
    finally:
        memory.set_default_limit(None)
    assert result.exit_code == 0, result.stderr
    assert "incomplete: cut short by the memory limit (1 KB) after 0 nodes" in result.stdout


@pytest.mark.parametrize("value", ["banana", "0", "-4G"])
def test_a_bad_size_is_a_one_line_error(value):
    result = CliRunner().invoke(cli, ["chains", str(EXAMPLES / "mtg-end-step.yaml"), "--limit-memory", value],
                                catch_exceptions=False)
    assert result.exit_code == 1
    assert len(result.stderr.splitlines()) == 1
    assert "Invalid value for '--limit-memory'" in result.stderr

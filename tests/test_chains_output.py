"""Bounded output of ``cardjudge chains``: a summary and the first chains, --all, streamed --json."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardjudge.cli import FIRST_CHAINS_SHOWN, cli

END_STEP = Path(__file__).resolve().parent.parent / "examples" / "mtg-end-step.yaml"
# a few hundred stacks, more than are printed by default; the node limit alone cuts the search
# (the clock's default would cut it first on a loaded machine, and two runs would differ)
LIMIT = ["--limit-nodes", "3000", "--limit-seconds", "86400"]


def run(*args):
    return CliRunner().invoke(cli, ["chains", str(END_STEP), *LIMIT, *args], catch_exceptions=False)


def test_by_default_a_summary_and_the_first_chains_are_printed():
    found = json.loads(run("--json").stdout)["found"]
    assert found > FIRST_CHAINS_SHOWN
    result = run()
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith(f"summary: {found} chains of up to ")
    assert sum(line.startswith("chain ") for line in lines) == FIRST_CHAINS_SHOWN
    assert f"(the first {FIRST_CHAINS_SHOWN} of {found} chains printed; --all prints every one" in result.stdout
    assert lines[-1].startswith(f"incomplete: {found} chains found, more may exist (cut short by the node limit")


def test_all_prints_every_chain_found():
    document = json.loads(run("--json").stdout)
    result = run("--all")
    assert sum(line.startswith("chain ") for line in result.stdout.splitlines()) == document["found"]


def test_json_is_one_document_with_every_chain_written():
    document = json.loads(run("--json").stdout)
    assert document["written"] == document["found"] == len(document["chains"])
    assert document["complete"] is False
    assert "output_cut" not in document
    assert all(chain["actions"] for chain in document["chains"])

"""Published Forge puzzles whose cards are in the library: each imports (its solution found by
the search), the line found is the published solution's idea, and ``check_puzzle`` proves it
unique. The .pzl files are copies from Forge's forge-gui/res/puzzle in tests/data/forge_published.

These searches are the slowest tests of the suite (each a complete search of every line up to
the solution's length that the rules' ``needless_actions`` leave in, for Pauper Puzzles #00; see
``bench/bench_forge_published.py`` for their sizes with and without those). They are bounded by the
number of positions only (the searches' own limits), not by the clock: the machine's load does
not decide whether they pass. Both are marked ``search_heavy``: ``.ci/run`` runs them in its
plain-Python pass only, not again on the compiled core (``bench/bench_forge_published.py`` measures
their searches and what the searched positions list).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardjudge import check_puzzle, load_puzzle
from cardjudge.solver.forge_import import import_pzl
from cardjudge.solver.puzzles import save_puzzle

DATA = Path(__file__).resolve().parent / "data" / "forge_published"
NO_CLOCK = 24 * 3600.0  # seconds: the node limits bound these searches


def imported(name: str, tmp_path):
    """The puzzle imported, written as a puzzle file and read back, and its decisions' texts."""
    puzzle = import_pzl(DATA / f"{name}.pzl", limit_seconds=NO_CLOCK)
    path = tmp_path / f"{name}.yaml"
    save_puzzle(puzzle, path)
    puzzle = load_puzzle(str(path))
    return puzzle, [a["text"] for a in puzzle.solution["actions"] if a["kind"] != "pass"]


@pytest.mark.search_heavy
def test_pauper_puzzles_00_crypt_rats_twice_for_the_undying_wolf(tmp_path):
    """You are at 1 life, the opponent at 8 with Young Wolf (undying) and Gurmag Angler. The
    published solution: Tendrils of Corruption on their Angler (4 damage, you gain 4), then
    Crypt Rats activated twice, X=2 under X=1, so that the Wolf dies, comes back and dies
    again; your Angler attacks unblocked for the last 5."""
    puzzle, texts = imported("PP00", tmp_path)
    assert texts == ["you activate Crypt Rats with X=2", "you activate Crypt Rats with X=1",
                     "you cast Tendrils of Corruption targeting OB2", "you attack opponent with Gurmag Angler"]
    cards = {c["id"]: c["card"] for body in puzzle.position["players"].values() for c in body["battlefield"]}
    assert cards["OB2"] == "Gurmag Angler"
    tendrils = next(a for a in puzzle.solution["actions"] if a["text"].startswith("you cast Tendrils"))
    # paid with the three Islands and one Swamp: three Swamps are left for the Rats' black X
    (mana,) = [c["cards"] for c in tendrils["costs"] if c["kind"] == "mana"]
    assert sorted(cards[label] for label in mana) == ["Island", "Island", "Island", "Swamp"]
    result = check_puzzle(puzzle, limit_seconds=NO_CLOCK)
    assert result.ok and result.unique, result.reason


@pytest.mark.search_heavy
def test_mtg_puzzles_06_take_5_then_exchange_life_totals(tmp_path):
    """You are at 10, the opponent at 14; your upkeep brings Oreskos Sun Guide's +2, Axis of
    Mortality (exchange life totals) and Triskaidekaphobia (13 life loses). The published idea:
    Blazing Salvo at your own creature and take the 5 damage (5), Triskaidekaphobia's "each
    player loses 1" (4 and 13), exchange (13 and 4), the Sun Guide's 2 life, and attack: every
    block leaves the opponent dead (Nocturnal Feeder drains the last 2 when Bogardan Firefiend's
    dying shot kills it). It is not unique: Salvo may target either of your creatures."""
    puzzle, texts = imported("MTGP_06", tmp_path)
    cards = {c["id"]: c["card"] for body in puzzle.position["players"].values() for c in body["battlefield"]}
    salvo = next(text for text in texts if text.startswith("you cast Blazing Salvo"))
    assert cards[salvo.rsplit(" ", 1)[1]] in ("Oreskos Sun Guide", "Nocturnal Feeder")
    decisions = [text for text in texts if text.startswith("you choose")]
    assert decisions == ["you choose it_deals_5_to_me", "you choose then_each_loses_1",
                         "you choose yes (Axis of Mortality: you may)"]
    assert "you attack opponent with Nocturnal Feeder" in texts
    result = check_puzzle(puzzle, limit_seconds=NO_CLOCK)
    assert not result.ok and result.reason == "not unique: a second solution exists"
    other = [a.text for a in result.other.line.actions if a.kind == "cast"]
    (other_salvo,) = other
    # the same line with Salvo at the other creature of yours: a different target, so another solution
    assert other_salvo != salvo and cards[other_salvo.rsplit(" ", 1)[1]] in ("Oreskos Sun Guide", "Nocturnal Feeder")

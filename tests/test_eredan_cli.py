"""The cardjudge command on Eredan positions: moves, play, chains, validate, combos."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from test_cli import assert_one_line_error, run

ROOT = Path(__file__).resolve().parent.parent
FIGHT = ROOT / "examples" / "eredan-fight.yaml"
COMBO = ROOT / "examples" / "eredan-combo.yaml"
PICK = "kind=attack card_id=T targets=C"


def test_moves_lists_the_fights_the_active_player_may_pick():
    data = json.loads(run("moves", FIGHT, "--json").stdout)
    fights = {(a["card_id"], a["targets"][0]) for a in data["actions"]}
    # B is tapped; the opponent's three characters are untapped
    assert fights == {(me, them) for me in ("T", "M") for them in ("C", "P", "X")}


def test_play_gives_a_position_that_loads_back(tmp_path):
    result = run("play", FIGHT, "--do", PICK, "--do", "kind=activate card=Shi", "--do", "kind=activate card=Mi")
    assert result.exit_code == 0, result.stderr
    position = yaml.safe_load(result.stdout)
    assert position["phase"] == "play" and position["to_play"] == "opponent"
    assert [q["card"] for q in position["queue"]] == ["Shi", "Mi"]
    path = tmp_path / "next.yaml"
    path.write_text(result.stdout, encoding="utf-8")
    assert run("validate", path).exit_code == 0
    after = json.loads(run("play", path, "--do", "kind=pass", "--json").stdout)
    opponent = {c["id"]: c for c in after["players"]["opponent"]["characters"]}
    assert opponent["C"]["hp"] == 20 - 2  # Shi attached and stripped by Mi: 2 direct damage
    assert after["phase"] == "clash"


def test_chains_lists_every_order_of_play_and_its_outcome():
    data = json.loads(run("chains", FIGHT, "--do", PICK, "--json").stdout)
    assert data["complete"]
    orders = [[a["card"] for a in chain["actions"] if a["kind"] == "activate"] for chain in data["chains"]]
    assert len(orders) == len({tuple(o) for o in orders})
    assert ["Shi", "Fu", "Mi", "Epée courte"] in orders
    assert [] in orders  # nobody plays a card
    for chain in data["chains"]:
        if [a["card"] for a in chain["actions"] if a["kind"] == "activate"] == ["Shi", "Fu", "Mi"]:
            assert chain["life"]["opponent"]["C"] == 16  # Shi and Fu stripped by Mi: 4 direct damage
    # Fu needs a Tsoutaï, Corruption de l'âme a Mage: T cannot open with Corruption
    assert not any(o and o[0] == "Corruption de l'âme" for o in orders)


def test_validate_the_library_and_the_examples():
    result = run("validate", FIGHT, COMBO, ROOT / "cardjudge" / "cards" / "eredan" / "cards.yaml")
    assert result.exit_code == 0, result.stdout


def test_combos_with_chance_modes():
    worst = json.loads(run("combos", COMBO, "--goal", "win", "--chance", "worst", "--json").stdout)
    assert worst["found"] and worst["lines"][0]["length"] == 3
    expect = json.loads(run("combos", COMBO, "--goal", "win", "--chance", "expect", "--max-actions", "2",
                            "--json").stdout)
    assert abs(expect["probability"] - 1 / 3) < 1e-9
    rolls = [a for a in expect["lines"][0]["actions"] if a["player"] == "chance"]
    assert rolls and all("probability" in a for a in rolls)


def test_unknown_phase_is_one_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(FIGHT.read_text(encoding="utf-8").replace("phase: fight_choice", "phase: brawl"), encoding="utf-8")
    assert_one_line_error(run("moves", path), "bad.yaml:5", "unknown phase 'brawl'")

"""Lines explained step by step: what was activated, paid and targeted, how each chain resolved,
what moved where, and the LP and ATK changes, read from replaying the line."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardjudge import apply, find_combos, legal_actions, load_position
from cardjudge.cli import cli
from cardjudge.solver.explain import explain_line

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "examples" / "puzzles"


def _solve(name: str, **options):
    state = load_position(str(PUZZLES / name))
    result = find_combos(state, "win", max_actions=3, **options)
    assert result.found
    return state, result.lines[0]


def test_chain_resolution_and_destruction_are_told():
    _, line = _solve("ygo-mst.yaml", opponent="adversarial")
    first = line.steps[0]
    assert first.kind == "activate"
    assert first.targets == ("Sakuretsu Armor [SA]",)
    assert first.happened[:2] == ("you activate Mystical Space Typhoon [MST] (chain link 1)",
                                  "chain link 1 resolves: Mystical Space Typhoon [MST]")
    assert any(s.startswith("Sakuretsu Armor [SA] moves from spells_traps to graveyard") and "destroy" in s
               for s in first.happened)
    last = line.steps[-1]
    assert "opponent lp 1700 -> 0" in last.happened
    assert last.happened[-1] == "you win the game"


def test_atk_change_is_told():
    _, line = _solve("ygo-shrink.yaml")
    shrink = next(step for step in line.steps if step.text.startswith("you activate Shrink"))
    assert "Blue-Eyes White Dragon [BE] atk 3000 -> 1500" in shrink.happened
    assert "opponent lp 1000 -> 0" in line.steps[-1].happened


def test_costs_are_told():
    _, line = _solve("ygo-tribute.yaml")
    summon = line.steps[0]
    assert summon.paid == ("tribute Feral Imp [FI1], Feral Imp [FI2]",)
    assert "Blue-Eyes White Dragon [BE] moves from your hand to your monsters" in summon.happened
    assert any(s.startswith("Feral Imp [FI1] moves from monsters to graveyard") and "tribute" in s
               for s in summon.happened)


def test_the_opponents_response_and_its_cost_are_told():
    # Solemn Warning answering a Normal Summon: its LP cost, its resolution, what it destroyed.
    state = load_position(str(ROOT / "examples" / "ygo-solemn-warning.yaml"))
    summon = next(a for a in legal_actions(state) if a.text == "you Normal Summon Axe Raider")
    after = apply(state, summon)
    warning = next(a for a in legal_actions(after) if a.card == "Solemn Warning")
    steps = explain_line(state, [summon, warning])
    assert steps[1].player == "opponent"
    assert steps[1].paid == ("pay lp 2000",)
    assert steps[1].happened[:2] == ("opponent activates Solemn Warning [SW] (chain link 1)",
                                     "chain link 1 resolves: Solemn Warning [SW]")
    assert "opponent lp 2500 -> 500" in steps[1].happened
    assert any(s.startswith("destroyed: Axe Raider [AR]") for s in steps[1].happened)


def test_explain_and_to_dict_carry_the_steps():
    _, line = _solve("ygo-shrink.yaml")
    text = line.explain()
    assert text[0].startswith("1. you activate Shrink")
    assert any("atk 3000 -> 1500" in row for row in text)
    data = line.to_dict(lambda a: a.to_dict())
    assert len(data["steps"]) == len(data["actions"])
    assert data["steps"][0]["happened"] == list(line.steps[0].happened)


def test_cli_shows_what_happened_and_json_keeps_the_contract_shape():
    path = str(PUZZLES / "ygo-shrink.yaml")
    human = CliRunner().invoke(cli, ["combos", path, "--goal", "win", "--no-progress"])
    assert human.exit_code == 0, human.output
    assert "- Blue-Eyes White Dragon [BE] atk 3000 -> 1500" in human.output
    result = CliRunner().invoke(cli, ["combos", path, "--goal", "win", "--json"])
    document = json.loads(result.output)
    line = document["lines"][0]
    assert {"actions", "length"} <= set(line)
    assert all(isinstance(action["id"], str) for action in line["actions"])
    assert line["steps"][0]["kind"] == "activate"


def test_a_chain_of_two_resolves_last_link_first():
    # Shrink on Blue-Eyes, answered by Mystical Space Typhoon on Shrink: link 2 resolves first and
    # destroys Shrink, then link 1 still halves Blue-Eyes' ATK.
    position = {
        "game": "ygo", "turn": 3, "active": "you", "phase": "main1",
        "players": {
            "you": {"lp": 8000, "deck": ["Dark Magician"],
                    "spells_traps": [{"card": "Shrink", "id": "SH", "face_up": False}],
                    "monsters": [{"card": "Dark Magician", "id": "DM", "position": "attack", "face_up": True}]},
            "opponent": {"lp": 1000, "deck": ["Dark Magician"],
                         "monsters": [{"card": "Blue-Eyes White Dragon", "id": "BE", "position": "attack",
                                       "face_up": True}],
                         "spells_traps": [{"card": "Mystical Space Typhoon", "id": "OM", "face_up": False}]},
        },
    }
    state = load_position(position)
    shrink = next(a for a in legal_actions(state) if a.targets == ("BE",))
    after = apply(state, shrink)
    typhoon = next(a for a in legal_actions(after) if a.card == "Mystical Space Typhoon")
    first, second = explain_line(state, [shrink, typhoon])
    assert first.happened[0] == "you activate Shrink [SH] (chain link 1)"
    assert "chain: 0 -> 1 link" in first.happened
    told = list(second.happened)
    assert told[0] == "opponent activates Mystical Space Typhoon [OM] (chain link 2)"
    order = [told.index("chain link 2 resolves: Mystical Space Typhoon [OM]"),
             next(i for i, s in enumerate(told) if s.startswith("destroyed: Shrink [SH]")),
             told.index("chain link 1 resolves: Shrink [SH]"),
             told.index("Blue-Eyes White Dragon [BE] atk 3000 -> 1500")]
    assert order == sorted(order)

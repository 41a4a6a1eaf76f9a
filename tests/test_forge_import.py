"""The Forge .pzl importer: a puzzle's zones and card modifiers become a Magic position, the
puzzle is solved and checked; a puzzle whose cards the library lacks is refused with one line
naming each; what the importer cannot read (an unknown section, a token in the old format) is one line
with the file and line. Files are copies in tests/data/forge (PS_GRN1 from Forge's
forge-gui/res/puzzle; cardjudge_pelt, cardjudge_missing and cardjudge_advance written for these tests in
Forge's format)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardjudge import InputError, apply, check_puzzle, legal_actions, load_position, load_puzzle, to_dict
from cardjudge.cli import cli
from cardjudge.solver.forge import read_pzl, to_position
from cardjudge.solver.forge_import import advanced, import_pzl, import_report

DATA = Path(__file__).resolve().parent / "data" / "forge"


def test_zones_and_modifiers_become_the_position():
    position = to_position(read_pzl(DATA / "cardjudge_pelt.pzl"))
    you, opponent = position["players"]["you"], position["players"]["opponent"]
    assert (position["active"], position["phase"], position["turn"]) == ("you", "main1", 3)
    assert (you["life"], opponent["life"]) == (20, 2)
    field = {card["card"] + ("*" if card["tapped"] else ""): card for card in you["battlefield"]}
    assert sorted(field) == ["Elvish Mystic", "Forest", "Forest*", "Lightning Greaves", "Pelt Collector"]
    assert field["Elvish Mystic"]["sick"] is True and field["Pelt Collector"]["sick"] is False
    assert field["Lightning Greaves"]["attached_to"] == field["Pelt Collector"]["id"]
    (bears,) = opponent["battlefield"]
    assert bears["tapped"] is True and bears["counters"] == {"P1P1": 1}
    state = load_position(position)
    pelt = next(obj for obj in state.objects.values() if obj.card == "Pelt Collector")
    assert pelt.controller == "you" and pelt.zone == "battlefield"


def test_imported_puzzle_solves_and_checks_unique(tmp_path):
    puzzle = import_pzl(DATA / "cardjudge_pelt.pzl")
    texts = [a["text"] for a in puzzle.solution["actions"] if a["kind"] not in ("pass",)]
    assert texts[:2] == ["you cast Grizzly Bears", "you attack opponent with Pelt Collector"]
    assert puzzle.difficulty == "medium" and puzzle.opponent == "adversarial"
    run = CliRunner().invoke(cli, ["puzzle", "import", str(DATA / "cardjudge_pelt.pzl"), "--out", str(tmp_path)])
    assert run.exit_code == 0, run.output
    written = tmp_path / "cardjudge_pelt.yaml"
    result = check_puzzle(load_puzzle(str(written)))
    assert result.ok and result.unique, result.reason


def test_missing_cards_are_named_in_one_line(tmp_path):
    with pytest.raises(InputError) as error:
        import_pzl(DATA / "cardjudge_missing.pzl")
    assert str(error.value) == (f"{DATA / 'cardjudge_missing.pzl'}:14: 3 cards not in the library: Time Walk, "
                                "Ancestral Recall, Black Lotus")
    run = CliRunner().invoke(cli, ["puzzle", "import", str(DATA / "cardjudge_missing.pzl"), "--out", str(tmp_path)])
    assert run.exit_code == 1 and "Traceback" not in run.output
    assert run.output.strip().splitlines() == [f"cardjudge: {error.value}"]
    assert not list(tmp_path.iterdir())


def test_active_phase_advance_plays_the_steps_on_the_way():
    """Forge's ActivePhaseAdvance: set at the upkeep, the game goes through the draw step (its
    draw done) to the main phase, where Lava Axe, drawn on the way, wins."""
    parsed = read_pzl(DATA / "cardjudge_advance.pzl")
    position = to_position(parsed)
    assert position["phase"] == "upkeep" and [c["card"] for c in position["players"]["you"]["hand"]] == []
    state = advanced(load_position(position), parsed)
    assert (state.phase, state.turn) == ("main1", 3)
    assert [state.objects[oid].card for oid in state.zone("you", "hand")] == ["Lava Axe"]
    puzzle = import_pzl(DATA / "cardjudge_advance.pzl")
    assert puzzle.position["phase"] == "main1"
    assert [a["text"] for a in puzzle.solution["actions"] if a["kind"] != "pass"] == [
        "you cast Lava Axe targeting opponent"]


def test_active_phase_advance_to_an_earlier_step_advances_nothing():
    # Forge compares the steps within the turn: from the cleanup, the upkeep is not later
    text = ("[metadata]\nName:x\n[state]\nactiveplayer=human\nactivephase=CLEANUP\nactivephaseadvance=UPKEEP\n"
            "humanbattlefield=Forest\n")
    parsed = _written(text)
    state = load_position(to_position(parsed))
    assert advanced(state, parsed) is state


def _written(text: str):
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "advance.pzl"
        path.write_text(text, encoding="utf-8")
        return read_pzl(path)


def test_tokens_in_the_old_field_by_field_format_are_refused_with_the_line():
    with pytest.raises(InputError, match=r"PS_GRN1.pzl:16: token 'Zombie Knight' written field by field "
                                         r"\(Forge's old format\) is not supported"):
        import_pzl(DATA / "PS_GRN1.pzl")


@pytest.mark.parametrize("text, message", [
    ("[metadata]\nName:x\n[board]\n", ":3: unknown section [board]"),
    ("Name:x\n", ":1: a line before the first section"),
    ("[metadata]\nName:x\n[state]\nhumanmagic=1\n", ":4: unknown state key 'humanmagic'"),
    ("[metadata]\nName:x\n[state]\nhumanbattlefield=Forest|Flying\n", ":4: card modifier 'Flying' of 'Forest'"),
    ("[metadata]\nName:x\nGoal:Survive\n[state]\n", ":3: goal 'Survive' is not supported"),
    ("[metadata]\nName:x\n[state]\nhumanbattlefield=Lightning Greaves|AttachedTo:4\n",
     ":4: 'Lightning Greaves' is AttachedTo:4, but no card has that Id"),
    ("[metadata]\nName:x\n[state]\naiexile=Shock|Id:1|ExiledWith:5\n",
     ":4: 'Shock' is ExiledWith:5, but no permanent has that Id"),
    ("[metadata]\nName:x\n[state]\nhumanbattlefield=Mesmeric Fiend|Id:5|RememberedCards:2\naiexile=Shock|Id:1|ExiledWith:5\n",
     ":4: 'Mesmeric Fiend': RememberedCards:2 is read only as the cards exiled with it (ExiledWith:5)"),
    ("[metadata]\nName:x\n[state]\nhumanbattlefield=Mesmeric Fiend|RememberedCards:1\n",
     ":4: 'Mesmeric Fiend': RememberedCards: needs the card's own Id:"),
    ("[metadata]\nName:x\n[state]\naihand=Shock|ExiledWith:5\n", ":4: 'Shock': ExiledWith: applies to a card in exile only"),
    ("[metadata]\nName:x\n[state]\nactivephase=MAIN1\nactivephaseadvance=COMBAT_DECLARE_BLOCKERS\n",
     ":5: ActivePhaseAdvance=COMBAT_DECLARE_BLOCKERS goes through the declare attackers step: the attackers "
     "Forge's AI declares there are not in the file"),
    ("[metadata]\nName:x\n[state]\nactivephaseadvance=TEATIME\n", ":4: unsupported ActivePhaseAdvance 'TEATIME'"),
    # Rowen's trigger on the drawn Forest would wait on the stack in Forge; passing would resolve it
    ("[metadata]\nName:x\n[state]\nturn=3\nactivephase=UPKEEP\nactivephaseadvance=MAIN1\n"
     "humanlibrary=Forest;Forest\nhumanbattlefield=Rowen\n",
     ":6: ActivePhaseAdvance: a triggered ability on the way to the main1 step"),
    ("[metadata]\nName:x\n[state]\nactivephase=MAIN2\nactivephaseadvance=CLEANUP\n",
     ":5: ActivePhaseAdvance=CLEANUP: the game here cannot stand in the cleanup step"),
])
def test_bad_pzl_files_are_one_line(tmp_path, text, message):
    path = tmp_path / "bad.pzl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as error:
        import_pzl(path)
    assert f"{path}{message}" in str(error.value)


def test_607_2a_a_card_exiled_with_a_permanent_is_linked_to_it(tmp_path):
    """Forge writes the link of Mesmeric Fiend's two abilities (rule 607.2a) from both sides:
    the exiled card's ``ExiledWith:`` names the Fiend's Id, the Fiend's ``RememberedCards:`` the
    card's. The position's exiled card remembers the Fiend (``exiled_by``), so that the Fiend's
    leaves-the-battlefield ability returns it; a card exiled by nothing stays."""
    path = tmp_path / "linked.pzl"
    path.write_text("[metadata]\nName:linked\n[state]\nhumanhand=Lightning Bolt\n"
                    "humanbattlefield=Mountain;Mesmeric Fiend|Id:5|RememberedCards:1\n"
                    "aiexile=Wall of Omens|Id:1|ExiledWith:5;Shock\n", encoding="utf-8")
    position = to_position(read_pzl(path))
    fiend = next(c for c in position["players"]["you"]["battlefield"] if c["card"] == "Mesmeric Fiend")
    wall, shock = position["players"]["opponent"]["exile"]
    assert wall["exiled_by"] == fiend["id"] and "exiled_by" not in shock
    state = load_position(position)
    for act in ("you cast Lightning Bolt targeting " + fiend["id"], "you pass", "opponent passes",
                "you pass", "opponent passes"):
        (action,) = [a for a in legal_actions(state) if a.text == act]
        state = apply(state, action)
    players = to_dict(state)["players"]
    assert [c["card"] for c in players["opponent"]["hand"]] == ["Wall of Omens"]
    assert [c["card"] for c in players["opponent"]["exile"]] == ["Shock"]


def test_a_printing_broken_onto_its_own_line_is_skipped_as_forge_skips_it(tmp_path):
    """Forge's tutorial puzzles break a card entry after its name (``Swamp`` then ``|Set:DTK``
    on the next line). Forge reads no line without ``=``, so that line is skipped; it names
    only the printing, which the position does not read either."""
    path = tmp_path / "broken.pzl"
    path.write_text("[metadata]\nName:broken\n[state]\nhumanbattlefield=Swamp|Set:DTK; Swamp\n|Set:DTK\n"
                    "ailife=3\n", encoding="utf-8")
    position = to_position(read_pzl(path))
    assert [c["card"] for c in position["players"]["you"]["battlefield"]] == ["Swamp", "Swamp"]
    assert position["players"]["opponent"]["life"] == 3


def test_the_older_attaching_modifier_reads_as_attached_to(tmp_path):
    """Forge reads ``Attaching:`` (Forge Puzzle Tutorial #02's Wild Growth) as ``AttachedTo:``."""
    path = tmp_path / "aura.pzl"
    path.write_text("[metadata]\nName:aura\n[state]\nhumanbattlefield=Forest|Id:141;Lightning Greaves|Attaching:141\n",
                    encoding="utf-8")
    forest, greaves = to_position(read_pzl(path))["players"]["you"]["battlefield"]
    assert greaves["attached_to"] == forest["id"]


def test_a_broken_line_with_more_than_the_printing_is_refused(tmp_path):
    """Forge would drop ``|Tapped`` on a line of its own: refused rather than guessed."""
    path = tmp_path / "broken.pzl"
    path.write_text("[metadata]\nName:broken\n[state]\nhumanbattlefield=Swamp\n|Set:DTK|Tapped\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"broken.pzl:5: expected key=value in \[state\], got '\|Set:DTK\|Tapped'"):
        read_pzl(path)


def test_report_counts_what_imports_and_what_unlocks_the_most():
    report = import_report(sorted(DATA.glob("*.pzl")))
    assert report.files == 4
    assert report.importable == [str(DATA / "cardjudge_advance.pzl"), str(DATA / "cardjudge_pelt.pzl")]
    assert sum(report.refused.values()) == 1
    assert report.missing == {str(DATA / "cardjudge_missing.pzl"): ["Time Walk", "Ancestral Recall", "Black Lotus"]}
    # adding the three cards in turn unlocks the puzzle with the last one
    assert [count for _, count in report.unlocking] == [0, 0, 1]
    run = CliRunner().invoke(cli, ["puzzle", "import", "--report", "--json", str(DATA)])
    assert run.exit_code == 0
    assert json.loads(run.output)["unlocking"][-1]["unlocks"] == 1

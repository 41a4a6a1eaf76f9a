"""One card language for every game: the old-style keys are refused with the file, the line and
the new key, and ``cardjudge upgrade-cards`` rewrites old files in place (comments and order
kept) into files that load as the library does."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import cardjudge
from cardjudge.cards.loader import LIBRARY_ROOT
from cardjudge.cli import cli
from cardjudge.errors import InputError
from cardjudge.upgrade import upgrade_cards

OLD_EREDAN = """\
game: eredan
cards:
  - name: Old Curse   # a card written before the keys were shared
    type: sort
    duration: permanent
    attach: opponent
    abilities:
      - when: activation
        do:
          - damage: {to: opponent, amount: "caster.esprit + 2", kind: magic}
      - when: fight_end   # at the end of each fight
        repeat: every
        if: "opponent != none"
        do:
          - lose_hp: {to: holder, amount: 1}
      - when: static
        modify: {attack: -1}
"""


# a Yu-Gi-Oh! card file in today's keys with an add_counters step (the library has none)
YGO_COUNTERS = """\
game: ygo
cards:
  - name: Test Counting Spell   # a test card, not a library card
    kind: spell
    subtype: continuous
    abilities:
      - kind: activate
        effect:
          - add_counters: {cards: self, counter: SPELL, n: 1}
"""


def _old_copy(tmp_path: Path, game: str, name: str, old: dict) -> Path:
    """A library card file (or ``YGO_COUNTERS`` for ``name`` "counters") with the old keys put
    back (``old``: new text -> old text)."""
    text = YGO_COUNTERS if name == "counters" else (LIBRARY_ROOT / game / name).read_text(encoding="utf-8")
    for new, before in old.items():
        assert new in text, f"{new!r} not in {game}/{name}"
        text = text.replace(new, before)
    path = tmp_path / f"{game}-{name}"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("key, line, new", [("do", 9, "'effect'"), ("when", 8, "'kind'")])
def test_an_old_eredan_key_is_refused_at_its_line_naming_the_new_key(tmp_path, key, line, new):
    path = tmp_path / "old.yaml"
    first = ("      - when: activation\n        do:", "      - kind: activation\n        do:" if key == "do"
             else "      - when: activation\n        effect:")
    text = OLD_EREDAN.replace(*first, 1)  # the first ability with one old key left
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        cardjudge.load_cards(path)
    error = caught.value
    assert (error.path, error.line) == (str(path), line)
    assert f"{key!r} is the old name; write {new}" in error.message
    assert "cardjudge upgrade-cards" in error.message


def test_an_old_magic_intervening_if_is_refused_naming_condition(tmp_path):
    path = _old_copy(tmp_path, "mtg", "creatures.yaml", {'condition: "you.life >= 40"': 'if: "you.life >= 40"'})
    with pytest.raises(InputError) as caught:
        cardjudge.load_cards(path)
    assert "'if' is the old name; write 'condition'" in caught.value.message
    assert path.read_text(encoding="utf-8").splitlines()[caught.value.line - 1].strip().startswith("if:")


def test_an_old_yugioh_counter_name_is_refused_naming_counter(tmp_path):
    path = _old_copy(tmp_path, "ygo", "counters", {"counter: SPELL": "name: SPELL"})
    with pytest.raises(InputError, match="add_counters 'name' is the old name; write 'counter'"):
        cardjudge.load_cards(path)


def test_upgrade_rewrites_old_eredan_cards_keeping_comments_and_order(tmp_path):
    path = tmp_path / "old.yaml"
    path.write_text(OLD_EREDAN, encoding="utf-8")
    [result] = upgrade_cards([path])
    assert result.written and len(result.changes) == 6
    text = path.read_text(encoding="utf-8")
    assert "- name: Old Curse   # a card written before the keys were shared" in text
    # the comment stays at its column, on the line of the key that took the old key's place
    assert ("      - kind: trigger     # at the end of each fight\n        on: fight_end\n        repeat: every\n"
            "        condition: \"opponent != none\"\n        effect:\n") in text
    assert "      - kind: static\n        modify: {attack: -1}\n" in text
    card = cardjudge.load_cards(path)["Old Curse"]
    assert [a.when for a in card.abilities] == ["activation", "fight_end", "static"]
    assert upgrade_cards([path])[0].changes == []  # upgraded files are left as they are


@pytest.mark.parametrize("game, name, old", [
    ("eredan", "cards.yaml", {"kind: activation\n        effect:": "when: activation\n        do:"}),
    ("mtg", "creatures.yaml", {'condition: "self.p1p1 >= 3"': 'if: "self.p1p1 >= 3"'}),
    ("ygo", "counters", {"counter: SPELL": "name: SPELL"}),
])
def test_upgrade_gives_back_the_library_file_byte_for_byte(tmp_path, game, name, old):
    path = _old_copy(tmp_path, game, name, old)
    with pytest.raises(InputError, match="upgrade-cards"):
        cardjudge.load_cards(path)
    [result] = upgrade_cards([path])
    assert result.changes and result.written
    new = YGO_COUNTERS if name == "counters" else (LIBRARY_ROOT / game / name).read_text(encoding="utf-8")
    assert path.read_text(encoding="utf-8") == new


def test_the_built_in_libraries_need_no_upgrade():
    folders = [LIBRARY_ROOT / game for game in ("ygo", "mtg", "eredan")]
    files = [p for folder in folders for p in sorted(folder.glob("*.yaml"))]
    assert all(result.changes == [] for result in upgrade_cards(files, check=True))


def test_cli_check_reports_and_changes_nothing_then_upgrade_writes(tmp_path):
    path = tmp_path / "old.yaml"
    path.write_text(OLD_EREDAN, encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(cli, ["upgrade-cards", "--check", str(path)])
    assert checked.exit_code == 1
    assert f"{path}:8: card 'Old Curse', ability 0: when: activation -> kind: activation" in checked.output
    assert path.read_text(encoding="utf-8") == OLD_EREDAN
    done = runner.invoke(cli, ["upgrade-cards", "--json", str(tmp_path)])
    assert done.exit_code == 0
    report = json.loads(done.output)
    assert report["files"][0]["written"] and len(report["files"][0]["changes"]) == 6
    assert runner.invoke(cli, ["upgrade-cards", "--check", str(path)]).exit_code == 0


def test_cli_upgrade_of_a_bad_file_is_one_line_and_writes_nothing(tmp_path):
    good = tmp_path / "a.yaml"
    good.write_text(OLD_EREDAN, encoding="utf-8")
    bad = tmp_path / "b.yaml"
    bad.write_text("game: chess\ncards: []\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["upgrade-cards", str(good), str(bad)])
    assert result.exit_code == 1
    assert "b.yaml:1: unknown or missing game 'chess'" in result.output
    assert good.read_text(encoding="utf-8") == OLD_EREDAN


def test_upgrade_reads_the_inline_cards_of_positions(tmp_path):
    source = Path(__file__).resolve().parent.parent / "examples" / "eredan-fight.yaml"
    position = tmp_path / "position.yaml"
    shutil.copy(source, position)
    text = position.read_text(encoding="utf-8")
    assert upgrade_cards([position], check=True)[0].changes == []
    assert position.read_text(encoding="utf-8") == text


def _helios_now(you_banished: list, opponent_banished: list) -> dict:
    position = {"game": "ygo", "turn": 3, "active": "you", "phase": "main1", "players": {
        "you": {"lp": 8000, "monsters": [{"card": "Helios - The Primordial Sun", "id": "H", "position": "attack"}],
                "banished": you_banished},
        "opponent": {"lp": 8000, "banished": opponent_banished}}}
    now = cardjudge.to_dict(cardjudge.load_position(position))["players"]["you"]["monsters"][0]["now"]
    return {"atk": now["atk"], "def": now["def"]}


def test_helios_atk_and_def_are_100_per_banished_monster_written_in_its_card():
    """Helios - The Primordial Sun: "ATK and DEF are each equal to the number of banished
    monsters x 100": both players' banished monsters count, a banished Spell does not."""
    assert _helios_now([], []) == {"atk": 0, "def": 0}
    assert _helios_now(["Feral Imp", "Pot of Greed"], ["Dark Magician", "Feral Imp"]) == {"atk": 300, "def": 300}
    card = (LIBRARY_ROOT / "ygo" / "effect_monsters.yaml").read_text(encoding="utf-8")
    assert "count((you.banished + opponent.banished) where is_monster) * 100" in card

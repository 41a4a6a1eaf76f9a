"""Card-language expressions are type-checked before they run: the names and attributes they
read and the types of both come from each game's own environment (on a probe position), and an
expression that cannot work is refused when its card file or goal is read."""

from __future__ import annotations

import pytest

import cardjudge as cj
from cardjudge.errors import InputError
from cardjudge.rules import rules_for
from cardjudge.rules.core import expr_types as T
from cardjudge.rules.core.expr import ExprError, parse
from fuzz_inputs import POSITIONS


MIDGAME = next(p for p in POSITIONS if p.name == "ygo-midgame.yaml")


def _ygo():
    """The names a goal reads on the Yu-Gi-Oh! mid-game position."""
    return T.scope_of(rules_for("ygo").goal_env(cj.load_position(str(MIDGAME)), "you"))


@pytest.mark.parametrize("text, kind", [
    ("you.lp", T.NUMBER), ("you.lp > 1000", T.CONDITION), ("game.phase", T.TEXT),
    ("count(you.monsters where atk >= 1000)", T.NUMBER), ("you.monsters where face_up", T.ListOf),
    ("any(opponent.hand, level <= 4)", T.CONDITION), ("half(you.lp) + 100", T.NUMBER),
    ("winner", T.NONE), ("you.monsters[0]", T.ViewOf),
])
def test_the_type_of_an_expression_is_read_off_the_game_environment(text, kind):
    found = T.infer(parse(text), _ygo())
    assert found is kind or isinstance(found, kind), found


@pytest.mark.parametrize("text, words", [
    ("you.lp < 'x'", "compares a number with a text"),
    ("game.phase == 3", "compares a text with a number"),
    ("you.nothing", "unknown attribute 'nothing' of a player"),
    ("count(you.monsters where nosuch > 1)", "unknown name 'nosuch'"),
    ("you.monsters where atk > 'x'", "compares a number with a text"),
    ("you.lp + 'x'", "'+' cannot combine a number with a text"),
    ("you.hand.lp", "unknown attribute 'lp' of a list"),
    ("you.lp.size", "unknown attribute 'size' of a number"),
    ("-game.phase", "'-' applies to a number, not a text"),
    ("you.hand['a']", "a list is indexed by a number, not a text"),
    ("nosuchfunction(you)", "unknown function 'nosuchfunction'"),
    ("banana", "unknown name 'banana'"),
])
def test_an_expression_that_cannot_work_is_refused(text, words):
    with pytest.raises(ExprError) as caught:
        T.infer(parse(text), _ygo())
    assert words in caught.value.message, caught.value.message


def test_a_condition_must_be_true_or_false():
    with pytest.raises(ExprError, match="is a number, not a condition"):
        T.check(parse("count(you.monsters)"), _ygo(), "condition", "condition")
    with pytest.raises(ExprError, match="is a list, not a condition"):
        T.check(parse("you.hand"), _ygo(), "condition", "condition")
    T.check(parse("count(you.hand) > 0 and game.phase == 'main1'"), _ygo(), "condition", "condition")


def _card_file(tmp_path, game, card_text):
    path = tmp_path / "cards.yaml"
    path.write_text(f"game: {game}\ncards:\n{card_text}", encoding="utf-8")
    return path


@pytest.mark.parametrize("game, card, line, words", [
    ("ygo", """  - name: Odd Spell
    kind: spell
    subtype: normal
    abilities:
      - kind: activate
        targets: [{from: game.monsters}]
        effect:
          - modify: {cards: t, atk: "game.phase"}
""", 9, "card 'Odd Spell', ability 0: effect: modify.atk 'game.phase' is a text, not a number"),
    ("mtg", """  - name: Odd Bolt
    mana_cost: "{R}"
    types: [Instant]
    abilities:
      - kind: spell
        targets: [{from: game.creatures, where: "power > 'big'"}]
        effect: [{damage: {to: t, amount: 3}}]
""", 8, 'card \'Odd Bolt\', ability 0: targets "power > \'big\'": compares a number with a text'),
    ("mtg", """  - name: Odd Growth
    mana_cost: "{G}"
    types: [Instant]
    abilities:
      - kind: spell
        effect: [{gain_life: {amount: "you.creatures"}}]
""", 8, "card 'Odd Growth', ability 0: effect: gain_life.amount 'you.creatures' is a list, not a number"),
    ("mtg", """  - name: Odd Construct
    mana_cost: "{X}"
    types: [Artifact, Creature]
    power: 0
    toughness: 0
    abilities:
      - {kind: enters_with, counters: {P1P1: "you.creatures"}}
""", 9, "card 'Odd Construct', ability 0: counters 'you.creatures' is a list, not a number"),
    ("eredan", """  - name: Odd Sort
    type: sort
    duration: permanent
    attach: opponent
    abilities:
      - when: fight_end
        repeat: every
        if: "holder.nothing > 1"
        do: [{damage: {to: holder, amount: 1}}]
""", 10, "card 'Odd Sort', ability 0: if 'holder.nothing > 1': unknown attribute 'nothing' of a character"),
    ("eredan", """  - name: Odd Sort
    type: sort
    duration: permanent
    attach: opponent
    abilities:
      - when: fight_end
        repeat: every
        do: [{damage: {to: holder, amount: "holder.name"}}]
""", 10, "do: damage amount 'holder.name' is a text, not a number"),
])
def test_card_file_with_an_expression_that_cannot_work_is_refused(tmp_path, game, card, line, words):
    path = _card_file(tmp_path, game, card)
    with pytest.raises(InputError) as caught:
        cj.load_cards(str(path))
    assert caught.value.line == line, str(caught.value)
    assert words in str(caught.value), str(caught.value)

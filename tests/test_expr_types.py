"""Card-language expressions are type-checked before they run: the names and attributes they
read and the types of both come from each game's own environment (on a probe position), and an
expression that cannot work is refused when its card file or goal is read."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardjudge as cj
from cardjudge.errors import InputError
from cardjudge.rules import rules_for
from cardjudge.rules.core import expr_types as T
from cardjudge.rules.core.expr import ExprError, evaluate, parse
from fuzz_inputs import POSITIONS


MIDGAME = next(p for p in POSITIONS if p.name == "ygo-midgame.yaml")


@lru_cache(maxsize=1)
def _midgame():
    return cj.load_position(str(MIDGAME))


def _ygo():
    """The names a goal reads on the Yu-Gi-Oh! mid-game position."""
    return T.scope_of(rules_for("ygo").goal_env(_midgame(), "you"))


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
    ("mtg", """  - name: Odd Tax
    mana_cost: "{G}"
    types: [Instant]
    abilities:
      - kind: spell
        effect: [{pay: "{2}", then: [{draw: "you.hand"}]}]
""", 8, "card 'Odd Tax', ability 0: effect: draw 'you.hand' is a list, not a number"),
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
      - kind: trigger
        on: fight_end
        repeat: every
        condition: "holder.nothing > 1"
        effect: [{damage: {to: holder, amount: 1}}]
""", 11, "card 'Odd Sort', ability 0: condition 'holder.nothing > 1': unknown attribute 'nothing' of a character"),
    ("eredan", """  - name: Odd Sort
    type: sort
    duration: permanent
    attach: opponent
    abilities:
      - kind: trigger
        on: fight_end
        repeat: every
        effect: [{damage: {to: holder, amount: "holder.name"}}]
""", 11, "effect: damage amount 'holder.name' is a text, not a number"),
])
def test_card_file_with_an_expression_that_cannot_work_is_refused(tmp_path, game, card, line, words):
    path = _card_file(tmp_path, game, card)
    with pytest.raises(InputError) as caught:
        cj.load_cards(str(path))
    assert caught.value.line == line, str(caught.value)
    assert words in str(caught.value), str(caught.value)


# ---------------------------------------------------------------- the check against evaluation

_ATOMS = ["you.lp", "opponent.lp", "game.phase", "game.turn", "count(you.monsters)", "'main1'", "3", "true",
          "you.hand_size", "winner", "you.monsters", "opponent.graveyard", "you.monsters where atk > 1000",
          "you.nothing", "banana", "you.monsters[0]", "game.chain_size", "opponent.is_turn_player"]
_ATTRIBUTES = ["atk", "level", "name", "face_up", "race", "nothing", "size", "first", "lp"]
_OPERATORS = ["<", "==", "!=", ">=", "+", "-", "*", "and", "or", "in"]


@st.composite
def _expressions(draw, depth=0):
    if depth >= 2 or draw(st.booleans()):
        text = draw(st.sampled_from(_ATOMS))
        if draw(st.integers(0, 3)) == 0:
            text = f"({text}).{draw(st.sampled_from(_ATTRIBUTES))}"
        return text
    left, right = draw(_expressions(depth + 1)), draw(_expressions(depth + 1))
    if draw(st.integers(0, 4)) == 0:
        return f"count({left} where {draw(st.sampled_from(_ATTRIBUTES))} > {right})"
    return f"({left}) {draw(st.sampled_from(_OPERATORS))} ({right})"


_TYPE_FAILURES = ("cannot be compared", "cannot be combined", "unknown attribute", "unknown name", "TypeError")


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(text=_expressions())
def test_an_expression_the_check_accepts_has_no_type_error_when_it_runs(text):
    """What the inference lets through never fails for a type reason on the position it was
    checked against. What only the values decide may: an index out of range, and arithmetic on
    a value that is none there (``winner``, the ATK of a Spell), which may be a number elsewhere."""
    env = rules_for("ygo").goal_env(_midgame(), "you")
    tree = parse(text)
    try:
        T.infer(tree, T.scope_of(env))
    except ExprError:
        return
    try:
        evaluate(tree, env)
    except ExprError as error:
        if "NoneType" not in error.message:
            assert not any(words in error.message for words in _TYPE_FAILURES), (text, error.message)

"""The game contract (``cardjudge.rules.core.contract``): every registered game's ``RULES``
satisfies it, a game added by one registration line works through the public API, and no module
outside a game's package names that game or its zones."""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Mapping
from pathlib import Path

import pytest

import cardjudge
from cardjudge.errors import InputError
from cardjudge.rules import GAMES, games, register, rules_for, unregister
from cardjudge.rules.core.contract import GameRules, PuzzleBoards, Rules
from cardjudge.rules.core.derived import Derived
from cardjudge.rules.core.facts import AbilityFacts
from cardjudge.solver.combos import find_combos
from playouts import start_positions

ROOT = Path(__file__).resolve().parent.parent
BUILT_IN = tuple(games())
TOY_POSITION = {"game": "toy", "cards": [{"name": "Pebble", "points": 1}],
                "players": {"you": {"hand": ["Pebble", "Pebble", "Pebble"]}, "opponent": {"hand": ["Pebble"]}}}


@pytest.fixture
def toy():
    """The toy game of ``tests/toygame``, registered for one test."""
    register("toy", "toygame")
    yield rules_for("toy")
    unregister("toy")


def _conforms(rules) -> None:
    assert isinstance(rules, Rules) and isinstance(rules, GameRules)
    for zones in (rules.field_zones, rules.ordered_zones, rules.id_data, rules.id_extra):
        assert isinstance(zones, frozenset) and all(isinstance(z, str) for z in zones)
    for key, kind in rules.characteristics.items():
        kinds = kind if isinstance(kind, tuple) else (kind,)
        assert isinstance(key, str) and all(isinstance(k, type) for k in kinds)
    assert set(rules.required) <= set(rules.characteristics)
    assert rules.life_key is None or isinstance(rules.life_key, str)
    assert isinstance(rules.life_word, str) and rules.life_word
    for part in dataclasses.fields(Rules):
        value = getattr(rules, part.name)
        assert part.type in FIELD_CHECKS, f"Rules.{part.name}: no check for the type {part.type!r}"
        assert FIELD_CHECKS[part.type](value), f"{rules.name}: Rules.{part.name} is not a {part.type}: {value!r}"


# Every field of Rules by its declared type (a new type of field needs its check here).
FIELD_CHECKS = {
    "Callable": callable,
    "Callable | None": lambda v: v is None or callable(v),
    "Mapping": lambda v: isinstance(v, Mapping),
    "PuzzleBoards | None": lambda v: v is None or isinstance(v, PuzzleBoards),
    "frozenset": lambda v: isinstance(v, frozenset) and all(isinstance(z, str) for z in v),
    "str": lambda v: isinstance(v, str) and bool(v),
    "str | None": lambda v: v is None or isinstance(v, str),
    "tuple": lambda v: isinstance(v, tuple),
    "tuple | None": lambda v: v is None or isinstance(v, tuple),
    "type": lambda v: isinstance(v, type) and issubclass(v, Derived),
}


def _plays_through(position: dict) -> None:
    """Load, list, apply and write back along the first few actions: every state round-trips."""
    state = cardjudge.load_position(position)
    rules = rules_for(state.game)
    for _ in range(4):
        written = cardjudge.to_dict(state)
        assert cardjudge.to_dict(cardjudge.load_position(written)) == written
        assert isinstance(rules.settled(state), bool)
        assert rules.goal_env(state, state.players[0]) is not None
        assert isinstance(rules.life_totals(written), dict)
        actions = cardjudge.legal_actions(state)
        assert (actions == []) == (state.winner is not None)
        if not actions:
            return
        assert len({a.id for a in actions}) == len(actions)
        state = cardjudge.apply(state, actions[0])


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_registered_game_satisfies_the_contract(game):
    rules = rules_for(game)
    assert rules.name == game
    _conforms(rules)


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_registered_game_plays_through_the_public_api(game):
    positions = start_positions(game)
    assert positions, f"no example position for {game}"
    for position in list(positions.values())[:3]:
        _plays_through(position)


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_library_ability_has_declared_facts(game):
    rules = rules_for(game)
    for card in cardjudge.cards.loader.library(game):
        for ability in rules.card_abilities(card):
            assert isinstance(rules.ability_facts(card, ability), AbilityFacts)


@pytest.mark.parametrize("game", BUILT_IN)
def test_a_card_definition_reads_as_the_mapping_of_its_printed_fields(game):
    card = next(iter(cardjudge.cards.loader.library(game)))
    assert list(card) == list(card.fields)
    assert all(key in card and card[key] == card.fields[key] for key in card.fields)
    assert "colour_of_the_sleeve" not in card and card["colour_of_the_sleeve"] is None


@pytest.mark.parametrize("game", BUILT_IN)
def test_the_loader_reads_each_game_s_fields_from_its_rules(game, tmp_path):
    rules = rules_for(game)
    missing = tmp_path / "missing.yaml"
    missing.write_text(f"game: {game}\ncards:\n  - name: Blank\n", encoding="utf-8")
    if rules.required:
        with pytest.raises(InputError, match=f"missing field '{rules.required[0]}'"):
            cardjudge.load_cards(missing)
    unknown = tmp_path / "unknown.yaml"
    fields = "".join(f"    {key}: x\n" for key in rules.required)
    unknown.write_text(f"game: {game}\ncards:\n  - name: Blank\n{fields}    colour_of_the_sleeve: red\n",
                       encoding="utf-8")
    with pytest.raises(InputError, match="unknown field 'colour_of_the_sleeve'"):
        cardjudge.load_cards(unknown)


def test_a_game_is_one_package_and_one_registry_line(toy):
    _conforms(toy)
    _plays_through(TOY_POSITION)
    state = cardjudge.load_position(TOY_POSITION)
    result = find_combos(state, "win", max_actions=3)
    assert result.found and result.lines[0].actions[-1].text == "you puts Pebble on the table"
    assert len(result.lines[0].actions) == 3
    # the core keeps cards on the table under their controller: the toy game's field zone
    after = cardjudge.apply(state, cardjudge.legal_actions(state)[0])
    assert [after.objects[o].card for o in after.zone("you", "table")] == ["Pebble"]


def test_an_unregistered_game_is_refused_with_the_registered_ones():
    with pytest.raises(InputError, match="unknown or unsupported game 'toy'"):
        cardjudge.load_position(TOY_POSITION)
    assert "toy" not in GAMES


# -- no game's words outside its package ----------------------------------------------------------

# Modules outside a game's package that may name it, and why.
ALLOWED = {
    "cardjudge/rules/__init__.py": "the registry, the one list of games",
    "cardjudge/solver/forge.py": "Forge's puzzle files are Magic's: an importer of that game's file format",
    "cardjudge/solver/forge_import.py": "Forge's puzzle files are Magic's: an importer of that game's file format",
}


def _game_words() -> dict:
    """word -> game, for the game names and the zones only one game has."""
    owners: dict = {}
    for game in BUILT_IN:
        rules = rules_for(game)
        for word in {game} | rules.field_zones | rules.ordered_zones:
            owners.setdefault(word, set()).add(game)
    return {word: next(iter(names)) for word, names in owners.items() if len(names) == 1}


def _named(path: Path, words: dict) -> list:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            for name in names:
                parts = name.split(".")
                if parts[:2] == ["cardjudge", "rules"] and len(parts) > 2 and parts[2] in BUILT_IN:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports {name}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in words:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: names {node.value!r} ({words[node.value]})")
    return found


def test_no_module_outside_a_game_package_names_the_game_or_its_zones():
    words = _game_words()
    found = []
    for path in sorted((ROOT / "cardjudge").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        parts = relative.split("/")
        if relative in ALLOWED or (parts[1] == "rules" and len(parts) > 3 and parts[2] in BUILT_IN):
            continue
        found += _named(path, words)
    assert found == []

"""Card files and folders into a CardPool; the built-in libraries; inline cards of positions.

A card file is YAML: ``game: ygo|mtg|eredan`` and ``cards:`` a list. Each card has a
``name``, its game's printed characteristics, and optionally ``abilities`` in the
format of that game's rules module. A file with an error is refused whole, with
``file:line: what is wrong``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardjudge.cards import values, yamlio
from cardjudge.errors import InputError

LIBRARY_ROOT = Path(__file__).resolve().parent

# Printed characteristics each game's cards may carry (contract section 3), besides
# name, text, abilities.
CHARACTERISTICS: dict[str, dict[str, type | tuple]] = {
    "ygo": {
        "kind": str, "subtype": str, "attribute": str, "race": str, "level": int,
        "atk": int, "def": int, "tags": list, "rank": int, "materials": dict, "summon_condition": str,
        "summon_limit": str,
    },
    "mtg": {
        "mana_cost": str, "types": list, "subtypes": list, "supertypes": list,
        "power": int, "toughness": int, "keywords": list, "colors": list,
    },
    "eredan": {
        "type": str, "keywords": list, "duration": (dict, str), "attack": (list, int, str),
        "defense": int, "esprit": int, "hp": int, "class": (str, list), "guild": str, "race": str,
        "subtype": str, "caste": str, "attach": str, "chain": (bool, list), "requires": dict,
        "after_fight": bool, "ambidextrie": list, "unique": bool, "test": bool,
    },
}
COMMON_FIELDS = {"name", "text", "abilities"}
REQUIRED: dict[str, tuple[str, ...]] = {"ygo": ("kind",), "mtg": ("types",), "eredan": ("type",)}


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card's printed characteristics and compiled abilities."""

    name: str
    game: str
    fields: dict
    abilities: tuple
    text: str = ""

    def __getitem__(self, key: str) -> Any:
        return self.fields.get(key)

    def __hash__(self) -> int:
        return hash((self.game, self.name))


@dataclass
class CardPool:
    """Card definitions by name for one game."""

    game: str
    cards: dict = field(default_factory=dict)
    inline: list = field(default_factory=list)  # a position's own card definitions, as written, for to_dict

    def __contains__(self, name: str) -> bool:
        # a list or mapping written where a name belongs is no card (and no internal error)
        return isinstance(name, str) and name in self.cards

    def __getitem__(self, name: str) -> CardDef:
        return self.cards[name]

    def __iter__(self):
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def merged(self, other: "CardPool") -> "CardPool":
        """A pool with this pool's cards and the other's (the other's win on a name clash)."""
        return CardPool(self.game, {**self.cards, **other.cards}, self.inline + other.inline)


def _game_rules(game: str):
    from cardjudge.rules import rules_for

    return rules_for(game)


def _expressions_from(what: str, source: str, line: int | None):
    from cardjudge.rules.core.expr import reading_from

    return reading_from(what, source, line)


def parse_cards(entries: Any, game: str, source: str, container: Any = None) -> CardPool:
    """Cards from a parsed ``cards:`` list; errors name ``source`` and the line."""
    if not isinstance(entries, list):
        raise InputError("'cards' must be a list", source, yamlio.line_of(container, "cards"))
    allowed = CHARACTERISTICS[game]
    compile_ability = _game_rules(game).compile_ability
    # what a game checks of an ability's expressions before they run (their types, the names they read)
    check_types = getattr(_game_rules(game), "check_expression_types", None)
    pool = CardPool(game)
    for index, entry in enumerate(entries):
        line = yamlio.line_of(entries, index)
        if not isinstance(entry, dict):
            raise InputError("a card must be a mapping with at least a name", source, line)
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InputError("a card needs a 'name'", source, line)
        for key in entry:
            if key not in allowed and key not in COMMON_FIELDS:
                raise InputError(f"card {name!r}: unknown field {key!r}", source, yamlio.line_of(entry, key))
        for key in REQUIRED[game]:
            if key not in entry:
                raise InputError(f"card {name!r}: missing field {key!r}", source, line)
        fields = {}
        for key, kind in allowed.items():
            if key in entry:
                value = entry[key]
                bool_allowed = kind is bool or (isinstance(kind, tuple) and bool in kind)
                if not isinstance(value, kind) or (isinstance(value, bool) and not bool_allowed):
                    expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
                    raise InputError(
                        f"card {name!r}: {key!r} must be {expected}", source, yamlio.line_of(entry, key)
                    )
                fields[key] = _plain(value)
        wrong = values.wrong_value(game, fields)
        if wrong is not None:
            message, key = wrong
            raise InputError(f"card {name!r}: {message}", source, yamlio.line_of(entry, key) if key else line)
        raw_abilities = entry.get("abilities") or []
        if not isinstance(raw_abilities, list):
            raise InputError(f"card {name!r}: 'abilities' must be a list", source, yamlio.line_of(entry, "abilities"))
        abilities = []
        for number, raw in enumerate(raw_abilities):
            where = yamlio.line_of(raw_abilities, number)
            if isinstance(raw, dict) and "kind" in raw and not isinstance(raw["kind"], str):
                raise InputError(f"card {name!r}, ability {number}: 'kind' must be a name, not {raw['kind']!r}",
                                 source, yamlio.line_of(raw, "kind"))
            try:
                with _expressions_from(f"card {name!r}, ability {number}", source, where):
                    abilities.append(compile_ability(_plain(raw), number, fields))
                    if check_types is not None:
                        check_types(fields, abilities[-1])
            except InputError as error:
                # the message starts with the field at fault ("condition: ..."): point at its line
                key = error.message.split(":", 1)[0].split(" ", 1)[0]
                if isinstance(raw, dict) and key in raw:
                    where = yamlio.line_of(raw, key) or where
                raise InputError(f"card {name!r}, ability {number}: {error.message}", source, where) from None
            except (TypeError, ValueError) as error:
                # the last line of defence: a value of a type the game's reader did not check for
                raise InputError(f"card {name!r}, ability {number}: a value of the wrong type ({error})",
                                 source, where) from None
        if name in pool.cards:
            raise InputError(f"card {name!r} is defined twice", source, line)
        card = CardDef(name, game, fields, tuple(abilities), str(entry.get("text") or ""))
        check_card = getattr(_game_rules(game), "check_card", None)  # what a game reads off the card's fields
        if check_card is not None:
            check_card(card, source, line)
        pool.cards[name] = card
    return pool


def _plain(value: Any) -> Any:
    """ruamel's containers as plain dicts and lists (line numbers are no longer needed)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


def _parse_card_document(data: Any, source: str, game: str | None) -> CardPool:
    if not isinstance(data, dict):
        raise InputError("a card file must be a mapping with 'game' and 'cards'", source, 1)
    file_game = data.get("game", game)
    if file_game is None:
        raise InputError("a card file needs 'game' (ygo, mtg or eredan)", source, 1)
    if not isinstance(file_game, str) or file_game not in CHARACTERISTICS:
        raise InputError(f"unknown game {file_game!r} (expected ygo, mtg or eredan)", source, yamlio.line_of(data, "game"))
    if game is not None and file_game != game:
        raise InputError(f"this is a {file_game} file, expected {game}", source, yamlio.line_of(data, "game"))
    for key in data:
        if key not in ("game", "cards"):
            raise InputError(f"unknown top-level field {key!r}", source, yamlio.line_of(data, key))
    return parse_cards(data.get("cards") or [], file_game, source, data)


def load_cards(path: str | Path, game: str | None = None) -> CardPool:
    """Read a card file, or every ``*.yaml`` file of a folder, into one CardPool.

    >>> pool = load_cards(LIBRARY_ROOT / "ygo")
    >>> pool["Dark Magician"]["atk"]
    2500
    """
    path = Path(path)
    if path.is_dir():
        files = sorted(path.glob("*.yaml"))
        if not files:
            raise InputError("no card files (*.yaml) in this folder", str(path))
    elif path.exists():
        files = [path]
    else:
        raise InputError("no such file or folder", str(path))
    pool: CardPool | None = None
    for file in files:
        part = _parse_card_document(yamlio.load_file(file), str(file), game)
        if pool is None:
            pool = part
        else:
            if part.game != pool.game:
                raise InputError(f"this is a {part.game} file among {pool.game} files", str(file), 1)
            for name in part.cards:
                if name in pool.cards:
                    raise InputError(f"card {name!r} is defined in two files", str(file))
            pool = pool.merged(part)
    return pool


_libraries: dict[str, CardPool] = {}


def library(game: str) -> CardPool:
    """The built-in card library of a game (loaded once)."""
    if game not in _libraries:
        folder = LIBRARY_ROOT / game
        _libraries[game] = load_cards(folder, game) if any(folder.glob("*.yaml")) else CardPool(game)
    return _libraries[game]

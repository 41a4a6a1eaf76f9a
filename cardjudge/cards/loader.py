"""Card files and folders into a CardPool; the built-in libraries; inline cards of positions.

A card file is YAML: ``game:`` a registered game and ``cards:`` a list. Each card has a
``name``, its game's printed characteristics (``RULES.characteristics``), and optionally
``abilities`` in the format of that game's rules. A file with an error is refused whole, with
``file:line: what is wrong``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from cardjudge.cards import yamlio
from cardjudge.errors import InputError

LIBRARY_ROOT = Path(__file__).resolve().parent

COMMON_FIELDS = {"name", "text", "abilities"}


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

    def __contains__(self, key: str) -> bool:
        return key in self.fields

    def __iter__(self):
        # without it, ``in`` and ``for`` would fall back on ``__getitem__(0)``, ``(1)``... forever
        return iter(self.fields)

    def __hash__(self) -> int:
        return hash((self.game, self.name))


@dataclass
class CardPool:
    """Card definitions by name for one game."""

    game: str
    cards: dict = field(default_factory=dict)
    inline: list = field(default_factory=list)  # a position's own card definitions, as written, for to_dict
    # indexes of the cards that readers build once per pool (see ``index``), by their builder
    _indexes: dict = field(default_factory=dict, compare=False, repr=False)

    def index(self, build):
        """``build(self)``, built once for this pool: an index of its cards (the abilities by the
        event they listen to, for instance), remembered under the builder function itself."""
        found = self._indexes.get(build)
        if found is None:
            found = self._indexes[build] = build(self)
        return found

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


@dataclass(frozen=True)
class Contract:
    """What the loader needs to know about games, handed to it by the registry
    (:func:`use_contract`): the loader never imports the rules.

    ``games()``: the registered games; ``rules_for(game)``: a game's RULES (its characteristics,
    required fields, ``compile_ability``, ``wrong_value``, ``check_card``);
    ``reading_from(what, source, line)``: a context in which expression errors name the card
    and the file's line."""

    games: Callable
    rules_for: Callable
    reading_from: Callable


_CONTRACT: list = []


def use_contract(contract: Contract) -> None:
    """Give the loader the games' rules (the registry does it once, when it is imported)."""
    _CONTRACT[:] = [contract]


def _contract() -> Contract:
    if not _CONTRACT:
        raise RuntimeError("no game registry: import cardjudge (or cardjudge.rules) before reading cards")
    return _CONTRACT[0]


def _game_names() -> str:
    names = _contract().games()
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def _is_game(game) -> bool:
    return isinstance(game, str) and game in _contract().games()


def parse_cards(entries: Any, game: str, source: str, container: Any = None) -> CardPool:
    """Cards from a parsed ``cards:`` list; errors name ``source`` and the line."""
    if not isinstance(entries, list):
        raise InputError("'cards' must be a list", source, yamlio.line_of(container, "cards"))
    contract = _contract()
    rules = contract.rules_for(game)
    allowed = rules.characteristics
    compile_ability = rules.compile_ability
    # what a game checks of an ability's expressions before they run (their types, the names they read)
    check_types = rules.check_expression_types
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
        for key in rules.required:
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
        wrong = rules.wrong_value(fields)
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
                with contract.reading_from(f"card {name!r}, ability {number}", source, where):
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
        rules.check_card(card, source, line)  # what a game reads off the card's fields
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
        raise InputError(f"a card file needs 'game' ({_game_names()})", source, 1)
    if not _is_game(file_game):
        raise InputError(f"unknown game {file_game!r} (expected {_game_names()})", source, yamlio.line_of(data, "game"))
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

"""What the loop analysis reads: card files, folders, deck lists and positions.

A source is a card file or folder (its cards), a deck list (a text file with a count and a card
name per line, the names looked up in the given card files and then the game's built-in
library) or a position file (its cards and the position as it stands). Every error names the
file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from cardjudge.cards import yamlio
from cardjudge.cards.loader import CardPool, library, load_cards
from cardjudge.errors import InputError
from cardjudge.rules import games as registered_games
from cardjudge.rules.core.engine import load_position
from cardjudge.rules.core.positions import plain
from cardjudge.rules.core.state import State

_DECK_LINE = re.compile(r"^\s*(\d+)\s*x?\s+(.+?)\s*$")


@dataclass
class Pool:
    """The cards under analysis (by name) of one game, and the positions given."""

    game: str
    cards: dict = field(default_factory=dict)  # name -> CardDef
    positions: list = field(default_factory=list)  # States, as given
    sources: list = field(default_factory=list)
    written: dict = field(default_factory=dict)  # name -> the card as written in a given card file


def read_sources(sources) -> Pool:
    """Read every source (paths, a State, or a CardPool) into one :class:`Pool`.

    Raises InputError for a missing file, an unknown card in a deck list, sources of different
    games, or no card at all."""
    if isinstance(sources, (str, Path, State, CardPool)):
        sources = [sources]
    sources = list(sources)
    if not sources:
        raise InputError("nothing to analyse: give a card file, a folder, a deck list or a position")
    files = [s for s in sources if isinstance(s, (str, Path))]
    card_files = [Path(s) for s in files if _kind(Path(s)) == "cards"]
    extra_cards: dict = {}
    pool: Pool | None = None
    written = _Written()
    for path in card_files:
        cards = load_cards(path)
        pool = _joined(pool, cards.game, str(path))
        pool.cards.update(cards.cards)
        extra_cards.update(cards.cards)
        written.paths.append(path)
    for source in sources:
        if isinstance(source, State):
            pool = _joined(pool, source.game, "<position>")
            pool.positions.append(source)
            pool.cards.update(_cards_of_state(source))
        elif isinstance(source, CardPool):
            pool = _joined(pool, source.game, "<cards>")
            pool.cards.update(source.cards)
            extra_cards.update(source.cards)
        elif Path(source) in card_files:
            continue
        elif _kind(Path(source)) == "position":
            state = load_position(source)
            pool = _joined(pool, state.game, str(source))
            pool.positions.append(state)
            pool.cards.update(_cards_of_state(state))
        else:
            game, cards = _read_deck(Path(source), extra_cards, pool.game if pool else None)
            pool = _joined(pool, game, str(source))
            pool.cards.update(cards)
    pool.sources = [str(s) for s in files]
    pool.written = written
    if not pool.cards:
        where = files[0] if files else None
        raise InputError("the pool is empty: no card to analyse", str(where) if where else None, 1 if where else None)
    return pool


class _Written(dict):
    """The cards of the given card files as written, read from the files the first time a
    position built for the analysis asks for one (a static analysis never does)."""

    def __init__(self):
        super().__init__()
        self.paths: list = []
        self.read = False

    def _ensure(self) -> None:
        if not self.read:
            self.read = True
            for path in self.paths:
                self.update(_written(path))

    def __contains__(self, name) -> bool:
        self._ensure()
        return super().__contains__(name)

    def __getitem__(self, name):
        self._ensure()
        return super().__getitem__(name)


def _written(path: Path) -> dict:
    """The cards of a card file or folder as written (plain data), by name, to place them in a
    position built for the analysis."""
    found = {}
    for file in sorted(path.glob("*.yaml")) if path.is_dir() else [path]:
        data = yamlio.load_file(file)
        for entry in (data.get("cards") or []) if isinstance(data, dict) else []:
            if isinstance(entry, dict) and "name" in entry:
                found[str(entry["name"])] = plain(entry)
    return found


def _joined(pool: Pool | None, game: str, where: str) -> Pool:
    if pool is None:
        return Pool(game)
    if pool.game != game:
        raise InputError(f"this is a {game} source among {pool.game} sources: a pool holds cards of one game", where, 1)
    return pool


def _kind(path: Path) -> str:
    """``cards``, ``position`` or ``deck`` for an existing path."""
    if path.is_dir():
        return "cards"
    if not path.exists():
        raise InputError("no such file or folder", str(path))
    if path.suffix.lower() in (".yaml", ".yml", ".json"):
        data = yamlio.load_file(path)
        if isinstance(data, dict) and "players" in data:
            return "position"
        return "cards"
    return "deck"


def _cards_of_state(state: State) -> dict:
    names = {obj.card for obj in state.objects.values()}
    return {name: state.pool[name] for name in sorted(names) if name in state.pool}


def _read_deck(path: Path, extra: dict, game: str | None) -> tuple[str, dict]:
    """A deck list: ``N Card Name`` per line (blank lines and ``#`` comments skipped; section
    headers like ``Main Deck:`` ignored). The game is the one whose library knows every name."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the deck list: {exc}", str(path)) from None
    entries = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "//")) or stripped.endswith(":"):
            continue
        match = _DECK_LINE.match(stripped)
        if match is None:
            raise InputError(f"a deck list line is a count and a card name, like '3 Pot of Greed', not {stripped!r}",
                             str(path), number)
        entries.append((number, match.group(2)))
    if not entries:
        raise InputError("the deck list holds no card", str(path), 1)
    games = [game] if game else list(registered_games())
    known = {g: {**library(g).cards, **{n: c for n, c in extra.items() if c.game == g}} for g in games}
    first_line, first_name = entries[0]
    candidates = [g for g in games if first_name in known[g]]
    if not candidates:
        raise InputError(f"unknown card {first_name!r} (not in the given card files nor the built-in libraries"
                         + (f" of {game}" if game else "") + ")", str(path), first_line)
    best = max(candidates, key=lambda g: sum(name in known[g] for _, name in entries))
    cards = {}
    for number, name in entries:
        if name not in known[best]:
            raise InputError(f"unknown card {name!r} (not in the given card files nor the {best} library)",
                             str(path), number)
        cards[name] = known[best][name]
    return best, cards

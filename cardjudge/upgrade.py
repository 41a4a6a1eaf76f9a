"""Card files in the older card language rewritten to today's keys, in place.

The card language once said the same thing differently in each game (Eredan's ``do:`` for
``effect:``, ``if:`` for ``condition:``, ``when: MOMENT`` for the ability's kind; Magic's
ability-level ``if:``; Yu-Gi-Oh's ``add_counters: {name:}``). Each game's rules say how to
rewrite one of its abilities (``RULES.upgrade_ability``); this module applies that to every
ability of every card of card files, positions with inline ``cards:`` and puzzle files, keeping
comments, key order and layout (a ruamel round trip), and writes a file only when it changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardjudge.cards import yamlio
from cardjudge.errors import InputError
from cardjudge.rules import GAMES, rules_for


@dataclass
class FileUpgrade:
    """What upgrading one file changed (``changes``: one line each, with the card's line)."""

    path: str
    changes: list = field(default_factory=list)
    written: bool = False

    def to_dict(self) -> dict:
        """Plain data for ``--json``."""
        return {"path": self.path, "changes": list(self.changes), "written": self.written}


def _cards_and_game(data, source: str) -> tuple:
    """The ``cards:`` list of a card file, position or puzzle file, and its game."""
    if not isinstance(data, dict):
        raise InputError("not a card file, position or puzzle file (expected a mapping)", source, 1)
    holder = data.get("position") if "puzzle" in data and isinstance(data.get("position"), dict) else data
    game = holder.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise InputError(f"unknown or missing game {game!r}", source, yamlio.line_of(holder, "game") or 1)
    cards = holder.get("cards") or []
    if not isinstance(cards, list):
        raise InputError("'cards' must be a list", source, yamlio.line_of(holder, "cards"))
    return cards, game


def upgrade_document(data, source: str) -> list[str]:
    """Rewrite the abilities of a parsed (round-trip) document in place; the changes, in words."""
    cards, game = _cards_and_game(data, source)
    upgrade = rules_for(game).upgrade_ability
    changes = []
    for card in cards:
        if not isinstance(card, dict) or not isinstance(card.get("abilities"), list):
            continue
        for number, ability in enumerate(card["abilities"]):
            line = yamlio.line_of(card["abilities"], number)
            for change in upgrade(ability):
                changes.append(f"{source}:{line}: card {card.get('name')!r}, ability {number}: {change}")
    return changes


def upgrade_cards(paths, check: bool = False) -> list[FileUpgrade]:
    """Rewrite each file of ``paths`` (card files, positions, puzzle files) to today's card
    language, in place; with ``check``, only report what would change. Every file is read and
    rewritten in memory before any is written: a bad file stops the run with nothing written.

    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "old.yaml")
    >>> _ = open(path, "w").write("game: mtg\\ncards:\\n  - name: X\\n    types: [Creature]\\n"
    ...                           "    abilities:\\n      - kind: triggered  # a comment\\n"
    ...                           "        on: enters\\n        if: \\"you.life >= 40\\"\\n        effect: [{draw: 1}]\\n")
    >>> [len(u.changes) for u in upgrade_cards([path])]
    [1]
    >>> print(open(path).read().split("abilities:")[1])
    <BLANKLINE>
          - kind: triggered  # a comment
            on: enters
            condition: "you.life >= 40"
            effect: [{draw: 1}]
    <BLANKLINE>
    """
    results, texts = [], []
    for path in paths:
        source = str(path)
        data = yamlio.load_file(path, keep_quotes=True)
        changes = upgrade_document(data, source)
        results.append(FileUpgrade(source, changes))
        texts.append(yamlio.round_trip_text(data) if changes else None)
    if not check:
        for result, text in zip(results, texts):
            if text is not None:
                Path(result.path).write_text(text, encoding="utf-8")
                result.written = True
    return results

"""Magic positions built from cards by zone (for generated puzzles): the game contract's
``build_position``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

ZONES = ("hand", "battlefield", "graveyard", "exile", "library")
DEFAULT_LIBRARY = ("Forest", "Forest", "Forest")
_CODES = {"hand": "H", "battlefield": "B", "graveyard": "G", "exile": "E", "library": "L"}


def build_position(cards: Mapping[str, Mapping[str, Sequence]], life: Mapping[str, int] | None = None,
                   turn: int = 3, phase: str = "main1", active: str = "you",
                   lands: Mapping[str, Sequence[str]] | None = None) -> dict:
    """A position (contract section 4) with ``cards[player][zone]`` in each zone.

    An entry is a card name or a mapping (``{"card": ..., "tapped": true}``...). Permanents
    start untapped and without summoning sickness (they have been there since the turn began);
    ``lands[player]`` adds untapped lands to pay costs with; a player without a ``library``
    gets three cards, so that nobody loses by drawing. Each card gets a label made of its
    player, zone and place (``YB1``: your first permanent).
    """
    players = {}
    for player in ("you", "opponent"):
        zones = cards.get(player, {})
        unknown = set(zones) - set(ZONES)
        if unknown:
            raise ValueError(f"unknown Magic zone(s) {sorted(unknown)} (known: {', '.join(ZONES)})")
        body = {"life": (life or {}).get(player, 20)}
        for zone in ZONES:
            entries = list(zones.get(zone, DEFAULT_LIBRARY if zone == "library" else ()))
            if zone == "battlefield":
                entries += list((lands or {}).get(player, ()))
            body[zone] = [_entry(player, zone, index, entry) for index, entry in enumerate(entries)]
        players[player] = body
    return {"game": "mtg", "turn": turn, "active": active, "phase": phase, "players": players}


def _entry(player: str, zone: str, index: int, entry) -> dict:
    out = dict(entry) if isinstance(entry, Mapping) else {"card": entry}
    out.setdefault("id", f"{'Y' if player == 'you' else 'O'}{_CODES[zone]}{index + 1}")
    if zone == "battlefield":
        out.setdefault("tapped", False)
        out.setdefault("sick", False)
    return out

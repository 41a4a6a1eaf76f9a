"""Yu-Gi-Oh positions built from cards by zone (for generated puzzles): the game contract's
``build_position``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

ZONES = ("hand", "monsters", "spells_traps", "graveyard", "banished", "deck")
DEFAULT_DECK = ("Feral Imp", "Feral Imp", "Feral Imp")
_CODES = {"hand": "H", "monsters": "M", "spells_traps": "S", "graveyard": "G", "banished": "B", "deck": "D"}


def build_position(cards: Mapping[str, Mapping[str, Sequence]], life: Mapping[str, int] | None = None,
                   turn: int = 3, phase: str = "main1", active: str = "you") -> dict:
    """A position (contract section 4) with ``cards[player][zone]`` in each zone.

    An entry is a card name or a mapping (``{"card": ..., "position": "defense"}``...). Monsters
    are face-up in Attack Position unless the entry says otherwise; Spells and Traps are Set;
    each card gets a label made of its player, zone and place (``YM1``: your first monster). A
    player without a ``deck`` gets three cards, so that nobody loses by drawing; turn 3 by default
    has a Battle Phase (the first turn of the duel has none).
    """
    players = {}
    for player in ("you", "opponent"):
        zones = cards.get(player, {})
        unknown = set(zones) - set(ZONES)
        if unknown:
            raise ValueError(f"unknown Yu-Gi-Oh zone(s) {sorted(unknown)} (known: {', '.join(ZONES)})")
        body = {"lp": (life or {}).get(player, 8000)}
        for zone in ZONES:
            entries = zones.get(zone, DEFAULT_DECK if zone == "deck" else ())
            body[zone] = [_entry(player, zone, index, entry) for index, entry in enumerate(entries)]
        players[player] = body
    return {"game": "ygo", "turn": turn, "active": active, "phase": phase, "players": players}


def _entry(player: str, zone: str, index: int, entry) -> dict:
    out = dict(entry) if isinstance(entry, Mapping) else {"card": entry}
    out.setdefault("id", f"{'Y' if player == 'you' else 'O'}{_CODES[zone]}{index + 1}")
    if zone == "monsters":
        out.setdefault("position", "attack")
        out.setdefault("face_up", out["position"] == "attack")
    elif zone == "spells_traps":
        out.setdefault("face_up", False)
    return out

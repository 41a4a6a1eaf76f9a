"""Positions built from a pool for one of its cycles: each card of the cycle where its abilities
work (on the field, in the hand for what is played from it, in the graveyard for what works
from there), the player to act in a main phase, nothing else.

A loop found from such a position is a loop of the pool; finding none proves nothing about the
pool (another position may hold one), so the analysis only ever uses these to confirm.
"""

from __future__ import annotations

#: the zone a card goes to for an ability that works from ``zone``, per game
_PLACES = {
    "ygo": {"monsters": "monsters", "hand": "hand", "graveyard": "graveyard", "spells_traps": "spells_traps",
            "field_spell": "hand", "banished": "banished"},
    "mtg": {"battlefield": "battlefield", "stack": "hand", "hand": "hand", "graveyard": "graveyard",
            "exile": "exile"},
}
_LIFE = {"ygo": ("lp", 8000), "mtg": ("life", 20)}


def buildable(game: str) -> bool:
    """Whether positions can be built for this game's cycles."""
    return game in _PLACES


def build_position(game: str, placements: list, written: dict, phase: str = "main1") -> dict:
    """A position (the format of ``load_position``) with each ``(card, zone its ability works
    from, card kind)`` of ``placements`` where that ability works, for the first player;
    ``written``: the cards as written in the user's files (name -> plain data), carried in the
    position so that it loads; ``phase``: the one the player is in (the Draw Phase for an
    ability of the Standby Phase, which passing then begins)."""
    word, life = _LIFE[game]
    you: dict = {word: life}
    for number, (card, zone, card_kind) in enumerate(placements):
        place = _PLACES[game].get(zone, "hand")
        if game == "ygo" and place == "monsters" and card_kind != "monster":
            place = "hand"
        entry: dict = {"card": card, "id": f"L{number + 1}"}
        if game == "ygo" and place == "monsters":
            entry.update(position="attack", face_up=True)
        if game == "ygo" and place == "spells_traps":
            entry.update(face_up=card_kind == "spell")
        you.setdefault(place, []).append(entry)
    position = {"game": game, "turn": 3, "active": "you", "phase": phase,
                "players": {"you": you, "opponent": {word: life}}}
    own = [written[card] for card, _, _ in placements if card in written]
    if own:
        position["cards"] = own
    return position

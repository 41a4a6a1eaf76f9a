"""Random Yu-Gi-Oh! boards for generated puzzles, and the positions the loop analysis builds for a
cycle of abilities: the game contract's ``puzzle_boards`` and ``loop_position``."""

from __future__ import annotations

import random

from cardjudge.errors import InputError
from cardjudge.rules.core.contract import PuzzleBoards
from cardjudge.rules.ygo.build import build_position
from cardjudge.rules.ygo.materials import EXTRA_DECK_KINDS

_NOT_IN_MAIN_DECK = (*EXTRA_DECK_KINDS, "token")


def card_kinds(pool, names) -> dict:
    """The pool's card names sorted into what a board is built from."""
    kinds: dict = {}
    for name in sorted(names):
        card = pool[name]
        kind = card["kind"]
        if kind == "monster" and card["subtype"] in _NOT_IN_MAIN_DECK:
            continue  # Extra Deck monsters and Tokens never start in a hand or on a board
        if kind == "monster" and (card["level"] or 0) <= 4:
            kinds.setdefault("monster", []).append(name)
        elif kind == "monster":
            kinds.setdefault("big", []).append(name)
        elif kind == "spell" and card["subtype"] in ("normal", "quick-play"):
            kinds.setdefault("spell", []).append(name)
        elif kind == "trap" and card["subtype"] == "normal":
            kinds.setdefault("trap", []).append(name)
    return kinds


def board(rng: random.Random, kinds: dict, pool, life: int) -> dict:
    """A random position: a monster or two of yours, perhaps one in hand, Set Spells and Traps,
    up to two monsters of the opponent, who has ``life`` LP."""
    monsters, spells = kinds.get("monster", []), kinds.get("spell", []) + kinds.get("trap", [])
    if not monsters:
        raise InputError("the pool has no Level 4 or lower monster to build Yu-Gi-Oh boards with")
    you = {"monsters": [rng.choice(monsters) for _ in range(rng.randint(1, 2))],
           "hand": [rng.choice(monsters + kinds.get("big", []))] if rng.random() < 0.6 else [],
           "spells_traps": [rng.choice(spells) for _ in range(rng.randint(0, 2))] if spells else []}
    opponent = {"monsters": [{"card": rng.choice(monsters + kinds.get("big", [])),
                              "position": rng.choice(("attack", "attack", "defense"))}
                             for _ in range(rng.randint(0, 2))]}
    return build_position({"you": you, "opponent": opponent}, life={"opponent": life})


def red_herrings(kinds: dict) -> tuple:
    """Set Spells and Traps that look useful."""
    return "spells_traps", kinds.get("spell", []) + kinds.get("trap", []), {"face_up": False}


PUZZLE_BOARDS = PuzzleBoards(card_kinds, board, 8000, lambda rng: rng.randrange(100, 4001, 100), red_herrings,
                             zone_size=5)

#: the zone a card goes to for an ability that works from a zone
_PLACES = {"monsters": "monsters", "hand": "hand", "graveyard": "graveyard", "spells_traps": "spells_traps",
           "field_spell": "hand", "banished": "banished"}


def loop_position(placements: list, written: dict, abilities: list = ()) -> dict:
    """A position with each ``(card, zone its ability works from, card kind)`` of ``placements``
    where that ability works, for the first player in a Main Phase, or in the Draw Phase when one
    of ``abilities`` (the cycle's) works only during the Standby Phase (Destiny HERO - Departed),
    which passing then begins; ``written``: the cards as written in the user's files (name ->
    plain data), carried in the position so that it loads."""
    standby = any("'standby'" in repr(getattr(ability, "when", None)) for ability in abilities)
    you: dict = {"lp": 8000}
    for number, (card, zone, card_kind) in enumerate(placements):
        place = _PLACES.get(zone, "hand")
        if place == "monsters" and card_kind != "monster":
            place = "hand"
        entry: dict = {"card": card, "id": f"L{number + 1}"}
        if place == "monsters":
            entry.update(position="attack", face_up=True)
        if place == "spells_traps":
            entry.update(face_up=card_kind == "spell")
        you.setdefault(place, []).append(entry)
    position = {"game": "ygo", "turn": 3, "active": "you", "phase": "draw" if standby else "main1",
                "players": {"you": you, "opponent": {"lp": 8000}}}
    own = [written[card] for card, _, _ in placements if card in written]
    if own:
        position["cards"] = own
    return position

"""Random Magic boards for generated puzzles, and the positions the loop analysis builds for a
cycle of abilities: the game contract's ``puzzle_boards`` and ``loop_position``."""

from __future__ import annotations

import random

from cardjudge.errors import InputError
from cardjudge.rules.core.contract import PuzzleBoards
from cardjudge.rules.mtg.build import build_position


def card_kinds(pool, names) -> dict:
    """The pool's card names sorted into what a board is built from."""
    kinds: dict = {}
    for name in sorted(names):
        card = pool[name]
        types = card["types"] or []
        if "Land" in types or card["token"]:
            continue
        if "Creature" in types:
            kinds.setdefault("creature", []).append(name)
        elif "Instant" in types or "Sorcery" in types:
            kinds.setdefault("spell", []).append(name)
    return kinds


def board(rng: random.Random, kinds: dict, pool, life: int) -> dict:
    """A random position: a creature or two of yours, a card or two in hand, one to three basic
    lands, perhaps a creature of the opponent, who has ``life`` life."""
    creatures, spells = kinds.get("creature", []), kinds.get("spell", [])
    if not creatures:
        raise InputError("the pool has no creature to build Magic boards with")
    you = {"battlefield": [rng.choice(creatures) for _ in range(rng.randint(1, 2))],
           "hand": [rng.choice(creatures + spells) for _ in range(rng.randint(1, 2))]}
    opponent = {"battlefield": [rng.choice(creatures) for _ in range(rng.randint(0, 1))]}
    lands = {"you": [_basic(pool, rng) for _ in range(rng.randint(1, 3))]}
    return build_position({"you": you, "opponent": opponent}, life={"opponent": life}, lands=lands)


def _basic(pool, rng: random.Random) -> str:
    basics = [name for name in ("Plains", "Island", "Swamp", "Mountain", "Forest") if name in pool]
    return rng.choice(basics)


def red_herrings(kinds: dict) -> tuple:
    """Spells and creatures in hand that look useful."""
    return "hand", kinds.get("spell", []) + kinds.get("creature", []), {}


PUZZLE_BOARDS = PuzzleBoards(card_kinds, board, 20, lambda rng: rng.randint(1, 8), red_herrings)

#: the zone a card goes to for an ability that works from a zone
_PLACES = {"battlefield": "battlefield", "stack": "hand", "hand": "hand", "graveyard": "graveyard",
           "exile": "exile"}


def loop_position(placements: list, written: dict, abilities: list = ()) -> dict:
    """A position with each ``(card, zone its ability works from, card kind)`` of ``placements``
    where that ability works, for the first player in a main phase; ``written``: the cards as
    written in the user's files (name -> plain data), carried in the position so that it loads;
    ``abilities``: the cycle's (a main phase suits every one of them)."""
    you: dict = {"life": 20}
    for number, (card, zone, _) in enumerate(placements):
        you.setdefault(_PLACES.get(zone, "hand"), []).append({"card": card, "id": f"L{number + 1}"})
    position = {"game": "mtg", "turn": 3, "active": "you", "phase": "main1",
                "players": {"you": you, "opponent": {"life": 20}}}
    own = [written[card] for card, _, _ in placements if card in written]
    if own:
        position["cards"] = own
    return position

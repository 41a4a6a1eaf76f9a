"""The part of a position file (contract section 4) that every game reads the same way.

A position starts with the same header in every game: its top-level fields, the inline card
definitions (``cards``), the players in turn order, the active player, the phase and the turn
number; each player's entry is a mapping of known fields. ``read_header`` checks all that and
``player_body`` one player's entry; each refuses bad input with an InputError naming the file
and line. ``card_label`` and ``card_owner`` read the label and owner of a card entry the same
way in every game. ``written_header`` writes the header of a state back. What a game's zones, cards and
extra fields mean stays in that game's module.
"""

from __future__ import annotations

from typing import Any, NamedTuple, NoReturn

from cardjudge.cards import yamlio
from cardjudge.cards.loader import CardPool, library, parse_cards
from cardjudge.errors import InputError

NEEDS_PLAYERS = "a position needs 'players' (a mapping of players in turn order)"


class Header(NamedTuple):
    """What the header of a position says: the card pool (library and inline cards), the
    ``players`` node as read, the players in turn order, the active player, phase and turn
    (in that order when unpacked)."""

    pool: CardPool
    players_node: dict
    players: tuple
    active: str
    phase: str
    turn: int


def fail(message: str, source: str, node: Any, key: Any = None) -> NoReturn:
    """Refuse a position: an InputError naming ``source`` and the line of ``node[key]`` (or of ``node``)."""
    raise InputError(message, source, yamlio.line_of(node, key))


def plain(value):
    """``value`` (as read from YAML) made of plain dicts, lists and scalars, with string keys."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def read_header(data: dict, source: str, game: str, *, top_fields: set, phases: tuple, default_phase: str,
                not_two_players: str, no_players: str = NEEDS_PLAYERS) -> Header:
    """Check and read the header of the position ``data`` of ``game``.

    ``top_fields`` are the top-level fields the game knows, ``phases`` its phases. A missing or
    empty ``players`` is refused with ``no_players``, a number of players other than two with
    ``not_two_players``. ``active`` defaults to the first player, ``phase`` to ``default_phase``
    and ``turn`` to 1.
    """
    for key in data:
        if key not in top_fields:
            fail(f"unknown field {key!r}", source, data, key)
    pool = library(game)
    if data.get("cards"):
        inline = parse_cards(data["cards"], game, source, data)
        inline.inline = [plain(c) for c in data["cards"]]
        pool = pool.merged(inline)
    players_node = data.get("players")
    if not isinstance(players_node, dict) or not players_node:
        fail(no_players, source, data, "players")
    players = tuple(str(p) for p in players_node)
    if len(players) != 2:
        fail(not_two_players, source, data, "players")
    active = data.get("active", players[0])
    if active not in players:
        fail(f"unknown player {active!r} in 'active'", source, data, "active")
    phase = data.get("phase", default_phase)
    if phase not in phases:
        fail(f"unknown phase {phase!r} (expected one of {', '.join(phases)})", source, data, "phase")
    turn = data.get("turn", 1)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        fail("'turn' must be a positive number", source, data, "turn")
    return Header(pool, players_node, players, active, phase, turn)


def player_body(players_node: dict, player: str, fields: set, source: str, unknown: str = "field") -> dict:
    """The entry of ``player`` (an empty mapping when it is empty), refused if it is not a mapping
    or holds a key outside ``fields`` ("unknown <unknown> 'key' for player 'name'")."""
    body = players_node[player] or {}
    if not isinstance(body, dict):
        fail(f"player {player!r} must be a mapping", source, players_node, player)
    for key in body:
        if key not in fields:
            fail(f"unknown {unknown} {key!r} for player {player!r}", source, body, key)
    return body


def card_label(entry: dict, name: str, player: str, zone: str, index: int, labels, players, source: str,
               node) -> str:
    """The label of the card entry ``node[index]`` in ``player``'s ``zone``: its ``id``, else
    ``name#zone<index>`` (``name#player.zone<index>`` when that is taken); refused when the label
    is already among ``labels`` or ``players``."""
    label = entry.get("id")
    if label is None:
        base = f"{name}#{zone}{index}"
        label = base if base not in labels else f"{name}#{player}.{zone}{index}"
    label = str(label)
    if label in labels or label in players:
        fail(f"label {label!r} is used twice", source, node, index)
    return label


def card_owner(entry: dict, player: str, players, source: str) -> str:
    """The owner of a card entry: its ``owner`` (by default ``player``), refused when it is not one of ``players``."""
    owner = entry.get("owner", player)
    if owner not in players:
        fail(f"unknown owner {owner!r}", source, entry, "owner")
    return owner


def written_header(s, players: dict, **more) -> dict:
    """The header of the position ``s`` as written: game, turn, active player, phase, the
    ``players`` entries, the ``more`` fields, the winner, and the inline card definitions when
    the position has some."""
    out = {"game": s.game, "turn": s.turn, "active": s.active, "phase": s.phase, "players": players, **more,
           "winner": s.winner}
    if s.pool.inline:
        out["cards"] = [dict(card) for card in s.pool.inline]
    return out


# --- typed fields: what each game's position reader calls for a scalar ----------------------

def read_bool(node: dict, key: str, default: bool, source: str) -> bool:
    """``node[key]`` (``default`` when absent), refused unless it is ``true`` or ``false``:
    ``'no'`` or ``'false'`` written as text would otherwise read as true."""
    value = node.get(key, default)
    if not isinstance(value, bool):
        fail(f"{key!r} must be true or false, not {value!r}", source, node, key)
    return value


def read_int(node: dict, key: str, default: int, source: str, minimum: int | None = None) -> int:
    """``node[key]`` (``default`` when absent), refused unless it is a whole number (not a
    boolean, text or fraction) of at least ``minimum``."""
    value = node.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        fail(f"{key!r} must be a whole number, not {value!r}", source, node, key)
    if minimum is not None and value < minimum:
        fail(f"{key!r} must be at least {minimum}, not {value}", source, node, key)
    return value


def read_name(node: dict, key: str, source: str, default: str | None = None) -> str | None:
    """``node[key]`` (``default`` when absent), refused unless it is a name (text)."""
    value = node.get(key, default)
    if value is not default and not isinstance(value, str):
        fail(f"{key!r} must be a name, not {value!r}", source, node, key)
    return value


def read_winner(data: dict, players, source: str):
    """The ``winner`` of a position: None (the game goes on), one of ``players`` or ``draw``."""
    winner = data.get("winner")
    if winner is not None and (not isinstance(winner, str) or (winner not in players and winner != "draw")):
        fail(f"'winner' must be a player or draw, not {winner!r}", source, data, "winner")
    return winner


def read_counters(node: dict, key: str, kinds, source: str, example: str) -> tuple:
    """The counters ``node[key]`` (a mapping of kind to count) as sorted (kind, count) pairs,
    refused unless every kind is among ``kinds`` and every count a whole number >= 0."""
    counters = node.get(key) or {}
    if not isinstance(counters, dict):
        fail(f"{key!r} must be a mapping like {example}", source, node, key)
    for kind in counters:
        if kind not in kinds:
            fail(f"unknown counter {kind!r} (known: {', '.join(sorted(kinds))})", source, counters, kind)
        read_int(counters, kind, 0, source, minimum=0)
    return tuple(sorted((str(k), v) for k, v in counters.items()))

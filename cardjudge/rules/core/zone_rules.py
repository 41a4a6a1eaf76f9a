"""Impossible positions: a card in a zone the rules never let it be in, an attachment to a host
it cannot have.

Each game declares its rules as two tables (``rules/<game>/zone_rules.py``): ``Placement``
rows, a card test for the zones it forbids, and ``Attachment`` rows, a test on an attached
card and its host. ``check`` applies them to a loaded State and refuses the first row broken,
with the file and line of the card's entry in the position.
"""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple

from cardjudge.cards import yamlio
from cardjudge.errors import InputError


class Placement(NamedTuple):
    """A card ``refused(card)`` cannot be in any of ``zones``; ``why`` is the message, formatted
    with ``name``, ``zone`` and the card's printed fields."""

    zones: tuple
    refused: Callable
    why: str


class Attachment(NamedTuple):
    """An attached card ``obj`` with ``refused(state, obj, host)`` true is impossible (``host``
    is None when the card it is attached to is not in the position); ``why`` is formatted with
    ``name`` and ``host`` (the host's card name)."""

    refused: Callable
    why: str


def entry_line(data: dict, state, oid: int) -> int | None:
    """The line of the position entry the object ``oid`` was read from: the entry at its place
    in its player's zone list (the loaders read each list in order into one zone)."""
    players = data.get("players") if isinstance(data, dict) else None
    for (player, zone), oids in state.zones.items():
        if oid not in oids:
            continue
        body = players.get(player) if isinstance(players, dict) else None
        if not isinstance(body, dict) or zone not in body:
            break
        entries = body[zone]
        index = oids.index(oid)
        if isinstance(entries, list) and index < len(entries):
            return yamlio.line_of(entries, index)
        return yamlio.line_of(body, zone)
    return yamlio.line_of(data, "players")


def check(state, data: dict, source: str, placements: Iterable[Placement], attachments: Iterable[Attachment],
          line_of: Callable = entry_line) -> None:
    """Refuse ``state`` (read from ``data`` in ``source``) if a card is where ``placements``
    forbid it, or attached against ``attachments``: an InputError with the card entry's line
    (``line_of(data, state, oid)``)."""
    pool = state.pool
    by_zone: dict = {}
    for row in placements:
        for zone in row.zones:
            by_zone.setdefault(zone, []).append(row)
    for (_player, zone), oids in sorted(state.zones.items()):
        for oid in oids:
            obj = state.objects[oid]
            card = pool[obj.card]
            for row in by_zone.get(zone, ()):
                if row.refused(card):
                    raise InputError(row.why.format(name=card.name, zone=zone, **card.fields), source,
                                     line_of(data, state, oid))
    rows = tuple(attachments)
    for oid in sorted(state.objects):
        obj = state.objects[oid]
        if obj.equipped_to is None:
            continue
        host = state.objects.get(obj.equipped_to)
        for row in rows:
            if row.refused(state, obj, host):
                raise InputError(row.why.format(name=obj.card, host=host.card if host else None), source,
                                 line_of(data, state, oid))

"""Where an Eredan card may be in a position: characters (personnages) in play as characters
only; every other card in a hand, deck, discard, the fight or the queue of cards played, or
attached to a character in play.

``check`` refuses a loaded position that breaks a row of ``PLACEMENTS`` or ``ATTACHMENTS``.
"""

from __future__ import annotations

from cardjudge.cards import yamlio
from cardjudge.rules.core import zone_rules
from cardjudge.rules.core.zone_rules import Attachment, Placement
from cardjudge.rules.eredan.cards import card_type


def _character(card) -> bool:
    return card_type(card) == "personnage"


PLACEMENTS = (
    Placement(("characters",), lambda card: not _character(card),
              "{name!r} is not a character: it cannot be in characters"),
    Placement(("hand", "deck", "discard", "in_fight", "queue"), _character,
              "{name!r} is a character: it cannot be in {zone}"),
    Placement(("attached",), _character, "{name!r} is a character: it cannot be attached"),
)

ATTACHMENTS = (
    Attachment(lambda state, obj, host: host is None or host.zone != "characters",
               "{name!r} is attached to {host!r}, which is not a character in play"),
)


def _rank(state, obj, same) -> int:
    """The place of ``obj`` among the objects ``same`` selects, in the order they were read."""
    return sorted(o.oid for o in state.objects.values() if same(o)).index(obj.oid)


def _line(data: dict, state, oid: int) -> int | None:
    """The line of an object's entry: in a player's zone list, under its character's
    ``attached``, or in ``queue``."""
    obj = state.objects[oid]
    if obj.zone == "queue" and isinstance(data.get("queue"), list):
        return yamlio.line_of(data["queue"], _rank(state, obj, lambda o: o.zone == "queue"))
    if obj.zone == "attached" and obj.equipped_to in state.objects:
        host = state.objects[obj.equipped_to]
        entries = data["players"][host.controller]["characters"]
        index = state.zones[(host.controller, "characters")].index(host.oid)
        attached = entries[index].get("attached") if isinstance(entries[index], dict) else None
        if isinstance(attached, list):
            return yamlio.line_of(attached, _rank(state, obj, lambda o: o.equipped_to == host.oid))
        return yamlio.line_of(entries, index)
    return zone_rules.entry_line(data, state, oid)


def check(state, data: dict, source: str) -> None:
    """Refuse the position ``state`` read from ``data`` if a card is where it cannot be
    (file:line of the card's entry)."""
    zone_rules.check(state, data, source, PLACEMENTS, ATTACHMENTS, line_of=_line)

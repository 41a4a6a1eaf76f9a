"""Where a Magic card may be in a position, and what an Aura or Equipment may be attached to
(rules 110.4, 301.5, 303.4, 304.4, 305.1, 307.4).

``check`` refuses a loaded position that breaks a row of ``PLACEMENTS`` or ``ATTACHMENTS``.
"""

from __future__ import annotations

from cardjudge.cards import yamlio
from cardjudge.rules.core import zone_rules
from cardjudge.rules.core.zone_rules import Attachment, Placement
from cardjudge.rules.mtg.sba import enchant_allows
from cardjudge.rules.mtg.views import chars, is_creature


def _printed(card, kind: str) -> bool:
    return kind in (card["types"] or ())


PLACEMENTS = (
    Placement(("battlefield",), lambda card: _printed(card, "Instant") or _printed(card, "Sorcery"),
              "{name!r} is an instant or sorcery card: it cannot be on the battlefield (rules 304.4, 307.4)"),
    Placement(("stack",), lambda card: _printed(card, "Land"),
              "{name!r} is a land card: it is played without using the stack, never cast (rule 305.1)"),
)


def _subtypes(state, obj) -> tuple:
    return chars(state, obj.oid).subtypes


def _neither(state, obj, host) -> bool:
    subtypes = _subtypes(state, obj)
    return "Aura" not in subtypes and "Equipment" not in subtypes


def _itself(state, obj, host) -> bool:
    return host is not None and host.oid == obj.oid


def _equipment_off_creature(state, obj, host) -> bool:
    if "Equipment" not in _subtypes(state, obj):
        return False
    return host is None or host.zone != "battlefield" or not is_creature(state, host.oid)


def _aura_cannot_enchant(state, obj, host) -> bool:
    return "Aura" in _subtypes(state, obj) and not enchant_allows(state, obj.oid, obj.equipped_to)


ATTACHMENTS = (
    Attachment(_neither, "{name!r} is neither an Aura nor an Equipment: it cannot be attached (rule 301.5, 303.4)"),
    Attachment(_itself, "{name!r} cannot be attached to itself (rules 301.5c, 303.4d)"),
    Attachment(_equipment_off_creature,
               "{name!r} is an Equipment attached to {host!r}, which is not a creature on the battlefield "
               "(rule 301.5c)"),
    Attachment(_aura_cannot_enchant, "{name!r} cannot enchant {host!r}: its enchant ability forbids it (rule 303.4)"),
)


def _line(data: dict, state, oid: int) -> int | None:
    """The line of an object's entry: in a player's zone list, or for a spell on the stack in
    ``stack`` (or ``resolving_spells``), found by its label."""
    obj = state.objects[oid]
    if obj.zone != "stack":
        return zone_rules.entry_line(data, state, oid)
    for key in ("stack", "resolving_spells"):
        entries = data.get(key)
        for index, entry in enumerate(entries if isinstance(entries, list) else ()):
            if isinstance(entry, dict) and str(entry.get("id") or f"{entry.get('card')}#stack{index}") == obj.label:
                return yamlio.line_of(entries, index)
    return yamlio.line_of(data, "stack")


def check(state, data: dict, source: str) -> None:
    """Refuse the position ``state`` read from ``data`` if a card is where it cannot be or
    attached to what it cannot be attached to (file:line of the card's entry)."""
    zone_rules.check(state, data, source, PLACEMENTS, ATTACHMENTS, line_of=_line)

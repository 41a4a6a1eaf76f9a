"""Where a Yu-Gi-Oh! card may be in a position, and what an Equip Spell may be equipped to
(Official Rulebook: the zones of the field, the Extra Deck, Equip Spell Cards).

``check`` refuses a loaded position that breaks a row of ``PLACEMENTS`` or ``ATTACHMENTS``.
"""

from __future__ import annotations

from cardjudge.rules.core import zone_rules
from cardjudge.rules.core.zone_rules import Attachment, Placement
from cardjudge.rules.ygo.materials import EXTRA_DECK_KINDS


def _monster(card) -> bool:
    return card["kind"] == "monster"


def _extra_deck_monster(card) -> bool:
    return _monster(card) and card["subtype"] in EXTRA_DECK_KINDS


def _field_spell(card) -> bool:
    return card["kind"] == "spell" and card["subtype"] == "field"


def _token(card) -> bool:
    return _monster(card) and card["subtype"] == "token"


OFF_THE_FIELD = ("hand", "deck", "extra_deck", "graveyard", "banished", "xyz_materials")

PLACEMENTS = (
    Placement(("monsters",), lambda card: not _monster(card), "{name!r} is not a monster"),
    Placement(("spells_traps", "field_spell"), _monster, "{name!r} is a monster, not a Spell or Trap"),
    Placement(("field_spell",), lambda card: not _field_spell(card), "{name!r} is not a Field Spell"),
    Placement(("spells_traps",), _field_spell, "{name!r} is a Field Spell: it is placed in the Field Zone"),
    Placement(OFF_THE_FIELD, _token, "{name!r} is a Token: it can only be in a Monster Zone"),
    Placement(("hand", "deck"), _extra_deck_monster,
              "{name!r} is a {subtype} monster: it starts in the Extra Deck, not the {zone}"),
    Placement(("extra_deck",), lambda card: not _extra_deck_monster(card),
              "{name!r} is not a Fusion, Synchro, Xyz or Link Monster: it cannot be in the Extra Deck"),
)


def _not_equip_spell(state, obj, host) -> bool:
    card = state.pool[obj.card]
    return not (card["kind"] == "spell" and card["subtype"] == "equip")


ATTACHMENTS = (
    Attachment(_not_equip_spell, "{name!r} is not an Equip Spell: it cannot be equipped to a monster"),
    Attachment(lambda state, obj, host: host is obj or (host is not None and host.oid == obj.oid),
               "{name!r} cannot be equipped to itself"),
    Attachment(lambda state, obj, host: not obj.face_up, "{name!r} is Set: a face-down card equips nothing"),
    Attachment(lambda state, obj, host: host is None or host.zone != "monsters",
               "{name!r} is equipped to {host!r}, which is not a monster in a Monster Zone"),
    Attachment(lambda state, obj, host: not host.face_up,
               "{name!r} is equipped to {host!r}, which is face-down: only a face-up monster can be equipped"),
)


def check(state, data: dict, source: str) -> None:
    """Refuse the position ``state`` read from ``data`` if a card is where it cannot be or
    equipped to what it cannot be equipped to (file:line of the card's entry)."""
    zone_rules.check(state, data, source, PLACEMENTS, ATTACHMENTS)

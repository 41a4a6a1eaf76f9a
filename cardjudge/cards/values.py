"""The printed values a card may carry, by game: a card file with another is refused.

Types are checked by the loader (``CHARACTERISTICS``); this module checks what the values
may be: Yu-Gi-Oh! card kinds and their subtypes, Attributes, Types, Levels and ATK/DEF
(Official Rulebook: Levels 1 to 12, ATK/DEF 0 or more), and Magic mana costs made of known
mana symbols (CR 107.4) and power/toughness of 0 or more as printed.
"""

from __future__ import annotations

import re
from typing import Callable

YGO_SUBTYPES = {
    "monster": {"normal", "effect", "ritual", "fusion", "synchro", "xyz", "link", "pendulum", "token"},
    "spell": {"normal", "quick-play", "continuous", "equip", "field", "ritual"},
    "trap": {"normal", "continuous", "counter"},
}
YGO_ATTRIBUTES = {"DARK", "LIGHT", "EARTH", "WATER", "FIRE", "WIND", "DIVINE"}
YGO_TYPES = {
    "Aqua", "Beast", "Beast-Warrior", "Creator God", "Cyberse", "Dinosaur", "Divine-Beast", "Dragon", "Fairy",
    "Fiend", "Fish", "Illusion", "Insect", "Machine", "Plant", "Psychic", "Pyro", "Reptile", "Rock",
    "Sea Serpent", "Spellcaster", "Thunder", "Warrior", "Winged Beast", "Wyrm", "Zombie",
}
# one mana symbol (CR 107.4): generic, colours, colourless, X/Y/Z, snow, hybrid and Phyrexian
_MANA_SYMBOL = r"\{(?:\d+|[WUBRGCXYZS]|[WUBRG]/[WUBRG]|2/[WUBRG]|[WUBRGC]/P|[WUBRG]/[WUBRG]/P)\}"
_MANA_COST = re.compile(f"(?:{_MANA_SYMBOL})*")


def _ygo(fields: dict) -> str | None:
    kind = fields.get("kind")
    if kind not in YGO_SUBTYPES:
        return f"'kind' must be monster, spell or trap, not {kind!r}"
    subtype = fields.get("subtype")
    if subtype is not None and subtype not in YGO_SUBTYPES[kind]:
        return f"'subtype' of a {kind} must be one of {', '.join(sorted(YGO_SUBTYPES[kind]))}, not {subtype!r}"
    if "attribute" in fields and fields["attribute"] not in YGO_ATTRIBUTES:
        return f"unknown Attribute {fields['attribute']!r} (expected one of {', '.join(sorted(YGO_ATTRIBUTES))})"
    if "race" in fields and fields["race"] not in YGO_TYPES:
        return f"unknown Type {fields['race']!r}"
    if fields.get("level") is not None and not 1 <= fields["level"] <= 12:
        return f"'level' must be 1 to 12, not {fields['level']}"
    for stat in ("atk", "def"):
        if stat in fields and fields[stat] < 0:
            return f"{stat!r} must be 0 or more, not {fields[stat]}"
    return None


def _mtg(fields: dict) -> str | None:
    cost = fields.get("mana_cost")
    if cost is not None and not _MANA_COST.fullmatch(cost):
        return f"'mana_cost' {cost!r} is not made of mana symbols like {{2}}{{W}}{{U/B}}"
    for stat in ("power", "toughness"):
        if stat in fields and fields[stat] < 0:
            return f"{stat!r} must be 0 or more as printed, not {fields[stat]}"
    return None


CHECKS: dict[str, Callable[[dict], str | None]] = {"ygo": _ygo, "mtg": _mtg}


def wrong_value(game: str, fields: dict) -> tuple[str, str | None] | None:
    """What is wrong with the printed values ``fields`` of a card of ``game`` (the message and
    the field it is about), or None."""
    check = CHECKS.get(game)
    message = check(fields) if check else None
    if message is None:
        return None
    field = next((key for key in fields if message.startswith((f"'{key}'", f"{key!r}"))), None)
    if field is None and message.startswith("unknown Attribute"):
        field = "attribute"
    elif field is None and message.startswith("unknown Type"):
        field = "race"
    return message, field

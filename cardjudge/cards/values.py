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


# the card types, supertypes and the subtypes that belong to each card type (CR 205.2a, 205.3g-k,
# 205.4a); creature and planeswalker types are too many to list: a subtype of a creature (or
# kindred) or planeswalker card that is none of the listed ones is taken as one of those
MTG_TYPES = {"Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred", "Land",
             "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Vanguard"}
MTG_SUPERTYPES = {"Basic", "Legendary", "Ongoing", "Snow", "World"}
MTG_SUBTYPES_OF = {
    "Artifact": {"Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food", "Fortification",
                 "Gold", "Incubator", "Infinity", "Junk", "Lander", "Map", "Powerstone", "Spacecraft", "Stone",
                 "Treasure", "Vehicle"},
    "Enchantment": {"Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga",
                    "Shard", "Shrine"},
    "Land": {"Cave", "Cloud", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Planet",
             "Plains", "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza's"},
    "Instant": {"Adventure", "Arcane", "Chorus", "Lesson", "Omen", "Trap"},
    "Sorcery": {"Adventure", "Arcane", "Chorus", "Lesson", "Omen", "Trap"},
    "Battle": {"Siege"},
}
_LISTED_SUBTYPES = set().union(*MTG_SUBTYPES_OF.values())
_OPEN_SUBTYPES = {"Creature", "Kindred", "Planeswalker"}  # the types whose subtypes are not listed here
MTG_COLORS = {"W", "U", "B", "R", "G"}
# the keywords the Magic rules here implement (Crew N and Equip N with N a number 0 or more)
# ("Can't attack" and "Can't block" are no keywords, but the abilities an effect grants by those names)
MTG_KEYWORDS = {"Deathtouch", "Defender", "Double strike", "First strike", "Flash", "Flying", "Haste", "Hexproof",
                "Indestructible", "Lifelink", "Menace", "Reach", "Shroud", "Trample", "Vigilance", "Can't attack",
                "Can't block"}
MTG_NUMBERED_KEYWORDS = re.compile(r"(Crew|Equip) (-?\d+)")


def mtg_keyword_problem(keyword) -> str | None:
    """What is wrong with a Magic keyword as a card or effect writes it, or None."""
    if keyword in MTG_KEYWORDS:
        return None
    numbered = MTG_NUMBERED_KEYWORDS.fullmatch(keyword) if isinstance(keyword, str) else None
    if numbered is None:
        return (f"unknown keyword {keyword!r} (known: {', '.join(sorted(MTG_KEYWORDS))}, Crew N, Equip N)")
    if int(numbered.group(2)) < 0:
        return f"{numbered.group(1)} takes a number 0 or more, not {numbered.group(2)}"
    return None


def _mtg_type_line(fields: dict) -> str | None:
    types = fields.get("types") or []
    for kind in types:
        if kind not in MTG_TYPES:
            return f"'types' holds unknown card type {kind!r} (known: {', '.join(sorted(MTG_TYPES))})"
    for kind in fields.get("supertypes") or []:
        if kind not in MTG_SUPERTYPES:
            return f"'supertypes' holds unknown supertype {kind!r} (known: {', '.join(sorted(MTG_SUPERTYPES))})"
    allowed = set().union(*(MTG_SUBTYPES_OF.get(kind, set()) for kind in types))
    open_types = _OPEN_SUBTYPES & set(types)
    for subtype in fields.get("subtypes") or []:
        if not isinstance(subtype, str):
            return f"'subtypes' holds names, not {subtype!r}"
        if subtype in allowed or (open_types and subtype not in _LISTED_SUBTYPES):
            continue
        owner = next((kind for kind, names in MTG_SUBTYPES_OF.items() if subtype in names), None)
        if owner is not None:
            return f"'subtypes' holds {subtype!r}, a subtype of {owner} cards, on a card that is not one (CR 205.3d)"
        return f"'subtypes' holds unknown subtype {subtype!r} for a {' '.join(types) or 'typeless'} card"
    for color in fields.get("colors") or []:
        if color not in MTG_COLORS:
            return f"'colors' holds {color!r}: a color is one of W, U, B, R, G"
    for keyword in fields.get("keywords") or []:
        problem = mtg_keyword_problem(keyword)
        if problem:
            return f"'keywords': {problem}"
    return None


def _mtg(fields: dict) -> str | None:
    cost = fields.get("mana_cost")
    if cost is not None and not _MANA_COST.fullmatch(cost):
        return f"'mana_cost' {cost!r} is not made of mana symbols like {{2}}{{W}}{{U/B}}"
    problem = _mtg_type_line(fields)
    if problem:
        return problem
    for stat in ("power", "toughness"):
        if stat in fields and fields[stat] < 0:
            return f"{stat!r} must be 0 or more as printed, not {fields[stat]}"
    return None


def _eredan(fields: dict) -> str | None:
    # Eredan's keywords are written as fields of their own (chain for Enchaînement, ambidextrie,
    # unique, after_fight): no name under ``keywords`` is one the rules know
    for keyword in fields.get("keywords") or []:
        return (f"'keywords': unknown keyword {keyword!r} (Eredan keywords are fields of their own: chain, "
                "ambidextrie, unique, after_fight)")
    return None


CHECKS: dict[str, Callable[[dict], str | None]] = {"ygo": _ygo, "mtg": _mtg, "eredan": _eredan}


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

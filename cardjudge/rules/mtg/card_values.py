"""The printed fields of a Magic card and the values they may take: mana costs made of known mana
symbols (CR 107.4) and power/toughness of 0 or more as printed. The loader checks the types;
``wrong_value`` what the values may be."""

from __future__ import annotations

import re

# Printed characteristics a card may carry besides name, text, abilities (contract section 3).
CHARACTERISTICS: dict = {
    "mana_cost": str, "types": list, "subtypes": list, "supertypes": list,
    "power": int, "toughness": int, "keywords": list, "colors": list, "loyalty": int,
}
REQUIRED = ("types",)

# one mana symbol (CR 107.4): generic, colours, colourless, X/Y/Z, snow, hybrid and Phyrexian
_MANA_SYMBOL = r"\{(?:\d+|[WUBRGCXYZS]|[WUBRG]/[WUBRG]|2/[WUBRG]|[WUBRGC]/P|[WUBRG]/[WUBRG]/P)\}"
_MANA_COST = re.compile(f"(?:{_MANA_SYMBOL})*")


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
# ("Can't attack" and "Can't block" are no keywords, but the abilities an effect grants by those names;
# "Can't be countered" is a spell's "This spell can't be countered", read while it is on the stack)
MTG_KEYWORDS = {"Can't be countered", "Convoke",
                "Deathtouch", "Defender", "Delve", "Devoid", "Double strike", "First strike", "Flash", "Flying", "Haste",
                "Hexproof", "Undying",
                "Indestructible", "Lifelink", "Menace", "Reach", "Shroud", "Trample", "Vigilance", "Can't attack",
                "Can't block"}
MTG_NUMBERED_KEYWORDS = re.compile(r"(Crew|Equip) (-?\d+)")
MTG_CYCLING = re.compile(r"Cycling\s+(?:\{[^{}]+\})+")  # Cycling {2}: its cost, as the rules read it (702.29a)


def mtg_keyword_problem(keyword) -> str | None:
    """What is wrong with a Magic keyword as a card or effect writes it, or None."""
    if not isinstance(keyword, str):
        return f"a keyword is a word like Flying, not {keyword!r}"
    if keyword in MTG_KEYWORDS:
        return None
    if isinstance(keyword, str) and MTG_CYCLING.fullmatch(keyword):
        return None
    numbered = MTG_NUMBERED_KEYWORDS.fullmatch(keyword) if isinstance(keyword, str) else None
    if numbered is None:
        return (f"unknown keyword {keyword!r} (known: {', '.join(sorted(MTG_KEYWORDS))}, Crew N, Equip N, "
                "Cycling {cost})")
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


def _field_of(message: str, fields: dict) -> str | None:
    """The field a message is about: the one it starts by naming."""
    return next((key for key in fields if message.startswith((f"'{key}'", f"{key!r}"))), None)


def wrong_value(fields: dict) -> tuple[str, str | None] | None:
    """What is wrong with a card's printed values (the message and the field it is about), or None."""
    cost = fields.get("mana_cost")
    if cost is not None and not _MANA_COST.fullmatch(cost):
        return f"'mana_cost' {cost!r} is not made of mana symbols like {{2}}{{W}}{{U/B}}", "mana_cost"
    problem = _mtg_type_line(fields)
    if problem:
        return problem, _field_of(problem, fields)
    for stat in ("power", "toughness"):
        if stat in fields and fields[stat] < 0:
            return f"{stat!r} must be 0 or more as printed, not {fields[stat]}", stat
    return None

"""The printed fields of a Magic card and the values they may take: mana costs made of known mana
symbols (CR 107.4) and power/toughness of 0 or more as printed. The loader checks the types;
``wrong_value`` what the values may be."""

from __future__ import annotations

import re

from cardjudge.rules.mtg import keywords

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


def _mtg_type_line(fields: dict) -> str | None:
    types = fields.get("types") or []
    for field in ("types", "supertypes", "colors"):
        for value in fields.get(field) or []:
            if not isinstance(value, str):
                return f"'{field}' holds names, not {value!r}"
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
        problem = keywords.problem(keyword)  # known: what the rules implement
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

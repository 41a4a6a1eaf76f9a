"""The printed fields of a Yu-Gi-Oh! card and the values they may take: card kinds and their
subtypes, Attributes, Types, Levels and ATK/DEF (Official Rulebook: Levels 1 to 12, ATK/DEF 0
or more). The loader checks the types; ``wrong_value`` what the values may be."""

from __future__ import annotations

# Printed characteristics a card may carry besides name, text, abilities (contract section 3).
CHARACTERISTICS: dict = {
    "kind": str, "subtype": str, "attribute": str, "race": str, "level": int,
    "atk": int, "def": int, "tags": list, "rank": int, "materials": dict, "summon_condition": str,
    "summon_limit": str, "link_rating": int, "link_arrows": list,
}
REQUIRED = ("kind",)

SUBTYPES = {
    "monster": {"normal", "effect", "ritual", "fusion", "synchro", "xyz", "link", "pendulum", "token"},
    "spell": {"normal", "quick-play", "continuous", "equip", "field", "ritual"},
    "trap": {"normal", "continuous", "counter"},
}
ATTRIBUTES = {"DARK", "LIGHT", "EARTH", "WATER", "FIRE", "WIND", "DIVINE"}
TYPES = {
    "Aqua", "Beast", "Beast-Warrior", "Creator God", "Cyberse", "Dinosaur", "Divine-Beast", "Dragon", "Fairy",
    "Fiend", "Fish", "Illusion", "Insect", "Machine", "Plant", "Psychic", "Pyro", "Reptile", "Rock",
    "Sea Serpent", "Spellcaster", "Thunder", "Warrior", "Winged Beast", "Wyrm", "Zombie",
}


def wrong_value(fields: dict) -> tuple[str, str | None] | None:
    """What is wrong with a card's printed values (the message and the field it is about), or None."""
    kind = fields.get("kind")
    if kind not in SUBTYPES:
        return f"'kind' must be monster, spell or trap, not {kind!r}", "kind"
    subtype = fields.get("subtype")
    if subtype is not None and subtype not in SUBTYPES[kind]:
        return f"'subtype' of a {kind} must be one of {', '.join(sorted(SUBTYPES[kind]))}, not {subtype!r}", "subtype"
    if "attribute" in fields and fields["attribute"] not in ATTRIBUTES:
        return f"unknown Attribute {fields['attribute']!r} (expected one of {', '.join(sorted(ATTRIBUTES))})", "attribute"
    if "race" in fields and fields["race"] not in TYPES:
        return f"unknown Type {fields['race']!r}", "race"
    if fields.get("level") is not None and not 1 <= fields["level"] <= 12:
        return f"'level' must be 1 to 12, not {fields['level']}", "level"
    for stat in ("atk", "def"):
        if stat in fields and fields[stat] < 0:
            return f"{stat!r} must be 0 or more, not {fields[stat]}", stat
    return None

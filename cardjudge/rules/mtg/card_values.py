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


def wrong_value(fields: dict) -> tuple[str, str | None] | None:
    """What is wrong with a card's printed values (the message and the field it is about), or None."""
    cost = fields.get("mana_cost")
    if cost is not None and not _MANA_COST.fullmatch(cost):
        return f"'mana_cost' {cost!r} is not made of mana symbols like {{2}}{{W}}{{U/B}}", "mana_cost"
    for stat in ("power", "toughness"):
        if stat in fields and fields[stat] < 0:
            return f"{stat!r} must be 0 or more as printed, not {fields[stat]}", stat
    return None

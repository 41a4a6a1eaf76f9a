"""What a card's printed characteristics mean for the rules: its type, who may play it,
where it attaches, how long it lasts, what may be played after it (Enchaînement)."""

from __future__ import annotations

from cardjudge.errors import InputError
from cardjudge.rules.core.lasting import until_for

# Printed characteristics a card may carry besides name, text, abilities (contract section 3).
CHARACTERISTICS: dict = {
    "type": str, "keywords": list, "duration": (dict, str), "attack": (list, int, str),
    "defense": int, "esprit": int, "hp": int, "class": (str, list), "guild": str, "race": str,
    "subtype": str, "caste": str, "attach": str, "chain": (bool, list), "requires": dict,
    "after_fight": bool, "ambidextrie": list, "unique": bool, "test": bool,
}
REQUIRED = ("type",)

TYPES = ("personnage", "action", "sort", "theurgie", "objet")
ATTACH = ("self", "opponent", "chosen", "none")
# the class a card type needs by default (Sorts: Mages; Théurgies: Prêtres)
CLASS_OF_TYPE = {"sort": "Mage", "theurgie": "Prêtre"}
REQUIREMENTS = ("class", "guild", "race", "caste")
CHAIN_KEYS = ("name", "type", "subtype")


def card_type(cdef) -> str:
    return str(cdef["type"]).lower()


def classes(cdef) -> tuple:
    """A character's classes ("Mage/Combattant" or a list is multi-class)."""
    value = cdef["class"]
    if value is None:
        return ()
    if isinstance(value, list):
        return tuple(value)
    return tuple(part.strip() for part in str(value).split("/") if part.strip())


def attack_range(cdef) -> tuple[int, int]:
    """A character's printed Attaque (min, max): ``[7, 9]``, ``"7/9"`` or a single number."""
    value = cdef["attack"]
    if value is None:
        return 0, 0
    if isinstance(value, int):
        return value, value
    if isinstance(value, str):
        low, _, high = value.partition("/")
        return int(low), int(high or low)
    return int(value[0]), int(value[-1])


def lifetime(cdef) -> str:
    """The card's duration as a lasting-effect ``until`` (ephemeral: the current combat)."""
    return until_for(cdef["duration"])


def attach_mode(cdef) -> str:
    """Where the card goes once resolved: attached to the player's fighter (self), to the
    opposing fighter, to the chosen character, or nowhere (an ephemeral card)."""
    mode = cdef["attach"]
    if mode is None:
        return "none" if lifetime(cdef) == "end_of_combat" else "self"
    return mode


def chain_allows(cdef, following) -> bool:
    """Whether ``following`` may be played after ``cdef`` thanks to its Enchaînement."""
    rule = cdef["chain"]
    if not rule:
        return False
    if rule is True:
        return True
    for allowed in rule:
        if all(_matches(following, key, value) for key, value in allowed.items()):
            return True
    return False


def _matches(cdef, key: str, value) -> bool:
    if key == "name":
        return cdef.name == value
    if key == "type":
        return card_type(cdef) == str(value).lower()
    return (cdef[key] or "") == value


def requirements(cdef) -> dict:
    """What the character playing the card must be: class, guild, race, caste."""
    needed = {}
    if card_type(cdef) in CLASS_OF_TYPE:
        needed["class"] = CLASS_OF_TYPE[card_type(cdef)]
    if cdef["guild"]:
        needed["guild"] = cdef["guild"]
    needed.update(cdef["requires"] or {})
    return needed


def check_card(cdef, source: str | None = None, line: int | None = None) -> None:
    """Refuse a card whose rules fields cannot be read (InputError naming the card)."""
    name = cdef.name

    def fail(message: str):
        raise InputError(f"card {name!r}: {message}", source, line)

    if card_type(cdef) not in TYPES:
        fail(f"unknown type {cdef['type']!r} (expected {', '.join(TYPES)})")
    try:
        lifetime(cdef)
    except ValueError as error:
        fail(str(error))
    if cdef["attach"] is not None and cdef["attach"] not in ATTACH:
        fail(f"'attach' must be one of {', '.join(ATTACH)}")
    for key in cdef["requires"] or {}:
        if key not in REQUIREMENTS:
            fail(f"'requires' may name {', '.join(REQUIREMENTS)}, not {key!r}")
    for allowed in cdef["chain"] if isinstance(cdef["chain"], list) else ():
        if not isinstance(allowed, dict) or not allowed or any(k not in CHAIN_KEYS for k in allowed):
            fail(f"each 'chain' entry is a mapping of {', '.join(CHAIN_KEYS)}")
    if card_type(cdef) == "personnage":
        for key in ("hp", "defense", "esprit", "attack"):
            if cdef[key] is None:
                fail(f"a character needs {key!r}")
        try:
            low, high = attack_range(cdef)
        except (ValueError, IndexError, TypeError):
            fail("'attack' must be a number, [min, max] or \"min/max\"")
        if low > high:
            fail("'attack' minimum is above its maximum")


def wrong_value(fields: dict) -> tuple[str, str | None] | None:
    """What is wrong with a card's printed values (the message and the field), or None: Eredan's
    keywords are written as fields of their own (chain for Enchaînement, ambidextrie, unique,
    after_fight), so no name under ``keywords`` is one the rules know."""
    for keyword in fields.get("keywords") or []:
        return (f"'keywords': unknown keyword {keyword!r} (Eredan keywords are fields of their own: chain, "
                "ambidextrie, unique, after_fight)", "keywords")
    return None

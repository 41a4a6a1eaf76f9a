"""Actions in the words a Magic player uses at the table, for listings (the actions' own
``text`` stays as it is: scripts read it)."""

from __future__ import annotations

from cardjudge.rules.mtg.views import object_abilities


def _mana(add: str) -> str:
    if add == "any":
        return "one mana of any color"
    return "".join(f"{{{symbol}}}" for symbol in add)


def listing_text(s, action) -> str | None:
    """"tap Forest: add {G}" for a mana ability; None for any other action (its own text)."""
    if not action.get("mana_ability"):
        return None
    abilities = object_abilities(s, action.get("oid"))
    if action.ability is None or action.ability >= len(abilities):
        return None
    ability = abilities[action.ability]
    names = {obj.label: obj.card for obj in s.objects.values()}
    paid = []
    if ability.mana:
        paid.append("pay " + "".join(f"{{{symbol}}}" for symbol in ability.mana))
    for part in action.costs:
        cards = ", ".join(names.get(label, label) for label in part.cards)
        if part.kind == "tap":
            paid.append(f"tap {cards}")
        elif part.kind == "sacrifice":
            paid.append(f"sacrifice {cards}")
        else:
            paid.append(f"{part.kind} {cards}".strip())
    if not paid:
        paid.append(f"activate {action.card}")
    return f"{', '.join(paid)}: add {_mana(ability.add)}"

"""Convoke (rule 702.51a): "For each colored mana in this spell's total cost, you may tap an
untapped creature of that color you control rather than pay that mana. For each generic mana in
this spell's total cost, you may tap an untapped creature you control rather than pay that
mana." Each way to share the cost between creatures and mana is its own total cost (rule
601.2f): the mana left, plus tapping so many creatures (of a colour, for a coloured symbol).
Convoke is not a mana ability (702.51b): a creature tapped for it adds no mana. Here the printed
generic and coloured symbols may be convoked; hybrid symbols and {X} are paid with mana.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from cardjudge.rules.core.expr import parse
from cardjudge.rules.mtg.abilities import CostPart
from cardjudge.rules.mtg.mana import ManaCost, parse_mana_cost

_COLOUR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@lru_cache(maxsize=256)
def convoke_costs(mana_cost: str) -> tuple[tuple[str, tuple[CostPart, ...]], ...]:
    """(the mana cost left, the tap cost parts) for each way, tapping one creature or more,
    that convoke may pay part of ``mana_cost``: creatures for generic mana first, then one part
    per colour (a creature of that colour for each of its symbols)."""
    cost = parse_mana_cost(mana_cost)
    colours = [(colour, n) for colour, n in cost.colored if colour in _COLOUR_WORDS]
    out = []
    for shares in product(range(cost.generic + 1), *(range(n + 1) for _, n in colours)):
        if not any(shares):
            continue
        generic, *by_colour = shares
        parts = [CostPart("tap", where=parse("creature"), count=generic)] if generic else []
        left = dict(cost.colored)
        for (colour, _), tapped in zip(colours, by_colour):
            if tapped:
                parts.append(CostPart("tap", where=parse(f"creature and {_COLOUR_WORDS[colour]}"), count=tapped))
                left[colour] -= tapped
        remaining = ManaCost(cost.generic - generic, tuple((c, n) for c, n in left.items() if n), cost.hybrid,
                             cost.x_count)
        out.append((str(remaining), tuple(parts)))
    return tuple(out)

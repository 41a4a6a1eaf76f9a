"""Costs that replace a printed mana cost: delve's, and {X} that only one kind of mana may pay.

Delve (rule 702.66a): "For each generic mana in this spell's total cost, you may exile a card
from your graveyard rather than pay that mana." Each number of cards exiled is its own total
cost (rule 601.2f): the generic part less that many, plus exiling that many cards.

"Spend only black mana on X" (Crypt Rats): X is announced (rule 601.2b, 107.3a) and each X is
then a {B} of the total cost.
"""

from __future__ import annotations

from itertools import count

from cardjudge.rules.mtg.mana import ManaCost, parse_mana_cost


def delve_costs(mana_cost: str, graveyard_size: int) -> list[tuple[str, int]]:
    """(the mana cost left, the cards exiled) for each number of cards, 1 or more, that delve
    may exile from a graveyard of ``graveyard_size`` cards."""
    cost = parse_mana_cost(mana_cost)
    out = []
    for exiled in range(1, min(cost.generic, graveyard_size) + 1):
        left = ManaCost(cost.generic - exiled, cost.colored, cost.hybrid, cost.x_count)
        out.append((str(left), exiled))
    return out


def restricted_x_costs(mana_cost: str, kind: str):
    """(X, the cost with each {X} a ``kind`` symbol) for X = 0, 1, 2, ... (without end: the caller
    stops at the first it cannot pay)."""
    cost = parse_mana_cost(mana_cost)
    for x in count():
        colored = dict(cost.colored)
        colored[kind] = colored.get(kind, 0) + x * cost.x_count
        yield x, str(ManaCost(cost.generic, tuple(sorted(colored.items())), cost.hybrid, 0))

"""Costs that replace a printed mana cost: delve's, and {X} that only one kind of mana may pay.

Delve (rule 702.66a): "For each generic mana in this spell's total cost, you may exile a card
from your graveyard rather than pay that mana." Each number of cards exiled is its own total
cost (rule 601.2f): the generic part less that many, plus exiling that many cards.

A Trap's "If [condition], you may pay [cost] rather than pay this spell's mana cost" (rule 118.9):
an ``alternative_cost`` ability of the card, offered while its condition holds.

"Spend only black mana on X" (Crypt Rats): X is announced (rule 601.2b, 107.3a) and each X is
then a {B} of the total cost.
"""

from __future__ import annotations

from itertools import count

from cardjudge.rules.core.expr import evaluate
from cardjudge.rules.mtg.mana import ManaCost, parse_mana_cost
from cardjudge.rules.mtg.views import env_for


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


def offered_alternatives(s, player: str, oid: int, abilities) -> list[tuple[str, str]]:
    """(the mana cost, the words said after the cast's text) of each alternative cost among
    ``abilities`` (the card's) whose condition holds now for ``player`` casting card ``oid``."""
    out = []
    for ability in abilities:
        if ability.kind != "alternative_cost":
            continue
        if ability.condition is not None and not evaluate(ability.condition, env_for(s, oid, player, None)):
            continue
        out.append((ability.mana, f" (paying {ability.mana} rather than its mana cost)"))
    return out

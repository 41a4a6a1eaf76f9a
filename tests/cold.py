"""Cold copies: the same state with nothing worked out yet, to compare the engine's answers on a
state that carries what was worked out on the way to it (its digest, its listing, the values of
its zones) with the answers on that state computed afresh."""

from __future__ import annotations

from dataclasses import fields, replace

from cardjudge import legal_actions
from cardjudge.cards.loader import CardPool
from cardjudge.rules.core.state import State


def cold_copy(state: State, **changes) -> State:
    """``state`` made anew by the State constructor from the fields that make its value (every
    field that takes part in equality), each object made anew too, with ``changes`` to those
    fields: nothing derived from the state or kept for one of its objects is carried over."""
    value = {f.name: getattr(state, f.name) for f in fields(State) if f.compare}
    value["objects"] = {oid: replace(obj) for oid, obj in state.objects.items()}
    return State(**{**value, **changes})


def fresh_pool(pool: CardPool) -> CardPool:
    """A pool of the same cards that is another object: nothing built once per pool (its indexes)
    nor carried from state to state under the pool's identity is found for it."""
    return CardPool(pool.game, dict(pool.cards), list(pool.inline))


def colder_copy(state: State) -> State:
    """``cold_copy`` of ``state`` with a fresh pool too (see ``fresh_pool``)."""
    return cold_copy(state, pool=fresh_pool(state.pool))


def listing(state) -> list:
    """The legal actions of ``state`` in the contract's form, in the engine's order."""
    return [action.to_dict() for action in legal_actions(state)]

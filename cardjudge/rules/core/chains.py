"""Every chain (or stack) the players can build from the current window, and how each resolves.

A listing explores, from the current state, every sequence of activations, responses,
passes and the decisions made while links resolve, until the chain has resolved (or
the phase moved on without one). Actions that start something other than a chain
(summons, Sets, attacks) are not followed. Bounded by nodes and seconds; a listing cut
short by a bound says so.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from cardjudge.rules import rules_for
from cardjudge.rules.core.engine import apply, legal_actions
from cardjudge.rules.core.memory import MemoryLimit

# the contract's action kinds that start something other than a chain (contract section 2)
NOT_FOLLOWED = {"summon", "set", "attack", "play_land"}


@dataclass(frozen=True)
class ChainOutcome:
    """One way the chain can go: the actions in order, and the state once it has resolved."""

    actions: tuple
    result: object


@dataclass(frozen=True)
class ChainListing:
    chains: list
    complete: bool
    reason: str
    nodes: int


def list_chains(state, limit_nodes: int = 20000, limit_seconds: float | None = 30.0,
                limit_memory: int | None = None) -> ChainListing:
    """Every chain the two players can build from ``state`` and its resolved outcome.

    ``limit_memory`` (bytes of resident memory; default half the machine's memory) stops the
    listing like its node and time limits."""
    memory = MemoryLimit(limit_memory)
    rules = rules_for(state.game)
    resolved = rules.chain_settled  # the chain is empty again, nothing waits to resolve
    not_in_chains = rules.not_in_chains
    start_key = (state.phase, state.turn)
    started = time.monotonic()
    chains: list[ChainOutcome] = []
    nodes = 0
    cut = None

    def walk(current, line: tuple, built: bool) -> None:
        nonlocal nodes, cut
        if cut:
            return
        nodes += 1
        if nodes > limit_nodes:
            cut = "node"
            return
        if limit_seconds is not None and nodes % 64 == 0 and time.monotonic() - started > limit_seconds:
            cut = "time"
            return
        if nodes % 256 == 0 and memory.reached():
            cut = "memory"
            return
        moved_on = (current.phase, current.turn) != start_key or current.winner is not None
        if line and (moved_on or (built and resolved(current))):
            chains.append(ChainOutcome(line, current))  # resolved, or the phase ended with no chain
            return
        for action in legal_actions(current):
            if action.kind in NOT_FOLLOWED or not_in_chains(action):
                continue
            if action.kind == "choose" and action.position and not current.get("choice"):
                continue  # a battle position change is not part of a chain
            following = apply(current, action)
            walk(following, line + (action,), built or action.kind == "activate" or bool(following.chain))

    walk(state, (), bool(state.chain))
    if cut:
        reason = f"cut short by the {cut} limit after {nodes} positions: the listing is incomplete"
    else:
        reason = f"complete: {len(chains)} chain(s) from {nodes} positions"
    return ChainListing(chains, cut is None, reason, nodes)

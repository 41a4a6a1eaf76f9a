"""Whether a position is settled: the game is over, or the player who must act next holds
priority with nothing pending (no chain link or stack object, no trigger waiting, no response
window, summon-negation window or choice open).

A combo goal counts only in a settled position: a card that is on the field while a trigger
that destroys it waits, or while the opponent may still negate its Summon, has not stayed there.
"""

from __future__ import annotations

from cardjudge.rules import rules_for


def settled(state) -> bool:
    """Whether ``state`` is settled (see the module's docstring); each game's rules say it with
    their ``settled(state)`` (by default: nothing on the chain and nothing pending), given states
    whose game is not over."""
    if state.winner is not None:
        return True
    own = _OWN.get(state.game)
    if own is None:
        own = _OWN[state.game] = rules_for(state.game).settled
    return own(state)


_OWN: dict = {}  # game -> its settled test (asked for every state a search meets)

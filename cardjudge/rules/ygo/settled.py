"""A settled Yu-Gi-Oh position: the turn player holds priority in the open game state, with no
chain link, no trigger waiting, no Summon being performed (its negation window) and no choice or
resolution in progress."""

from __future__ import annotations

from cardjudge.rules.ygo.windows import window

# what the game keeps while something is under way: a choice asked, a chain resolving, a Summon
# not yet complete, triggers being put on the chain
_UNDER_WAY = ("choice", "resolving", "resolving_chain", "summoning", "placing")


def settled(s) -> bool:
    """Whether nothing is pending in ``s`` (a position whose game is not over)."""
    if s.chain or s.pending:
        return False
    if window(s)[0] != "open":
        return False
    return not any(s.get(key) for key in _UNDER_WAY)

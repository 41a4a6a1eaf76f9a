"""A settled Magic position: a player holds priority with an empty stack, no triggered ability
waiting to be put on it, no choice asked and no declaration (attackers, blockers) under way."""

from __future__ import annotations

_UNDER_WAY = ("choice", "resolving", "declaring")


def settled(s) -> bool:
    """Whether nothing is pending in ``s`` (a position whose game is not over)."""
    if s.chain or s.pending:
        return False
    return not any(s.get(key) for key in _UNDER_WAY)

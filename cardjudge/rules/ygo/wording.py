"""How actions are worded: the verb agreeing with the player's key."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=None)  # a few players and verbs, asked for by every action listed
def says(player: str, verb: str) -> str:
    """"you activate" but "opponent activates": the verb agrees with the player's key."""
    if player == "you":
        return f"you {verb}"
    third = {"pass": "passes", "do not": "does not", "have": "has"}.get(verb) or (
        verb[:-1] + "ies" if verb.endswith("y") and verb != "pay" else verb + "s"
    )
    return f"{player} {third}"

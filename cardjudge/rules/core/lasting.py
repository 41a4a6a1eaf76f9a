"""Lasting effects and their durations, for every game.

A duration is a string in ``Lasting.until``:

- ``end_phase``: until the End Phase of the turn it was made (Yu-Gi-Oh);
- ``end_of_turn``: until the end of the turn it was made ("until end of turn");
- ``permanent``: until something removes it;
- ``turns:N`` / ``combats:N``: N more turn ends / combat ends, the current one counted.

``tick`` is called by the game at each moment (``end_phase``, ``end_of_turn``,
``end_of_combat``) and returns what still runs and what has just ended.
"""

from __future__ import annotations

from dataclasses import replace

from cardjudge.rules.core.state import Lasting

MOMENTS = ("end_phase", "end_of_turn", "end_of_combat")


def _counted(until: str) -> tuple[str, int] | None:
    unit, _, count = until.partition(":")
    if unit in ("turns", "combats") and count.isdigit():
        return unit, int(count)
    return None


def tick(effects: tuple[Lasting, ...], moment: str) -> tuple[tuple[Lasting, ...], tuple[Lasting, ...]]:
    """(still running, ended now) after ``moment``.

    >>> a = Lasting(1, "modify", until="end_phase")
    >>> b = Lasting(2, "modify", until="turns:2")
    >>> kept, ended = tick((a, b), "end_phase")
    >>> [e.lid for e in ended], [e.until for e in kept]
    ([1], ['turns:2'])
    >>> kept, ended = tick(kept, "end_of_turn")
    >>> [e.until for e in kept]
    ['turns:1']
    """
    kept, ended = [], []
    for effect in effects:
        counted = _counted(effect.until)
        if effect.until == moment or (moment == "end_of_turn" and effect.until == "end_phase"):
            ended.append(effect)
        elif counted and (counted[0], moment) in (("turns", "end_of_turn"), ("combats", "end_of_combat")):
            left = counted[1] - 1
            if left <= 0:
                ended.append(effect)
            else:
                kept.append(replace(effect, until=f"{counted[0]}:{left}"))
        else:
            kept.append(effect)
    return tuple(kept), tuple(ended)


def still_affecting(effect: Lasting, objects: dict) -> tuple:
    """The affected oids that still exist (an object that left its zone is a new object)."""
    return tuple(oid for oid in effect.affected if oid in objects)

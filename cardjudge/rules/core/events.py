"""Event records: what happened, to which objects, for what reason.

Every event carries its ``reason`` (``cost``, ``effect``, ``battle``, ``rule``,
``summon``) and the object that caused it, so that "sent to the GY by a card effect"
can tell a card discarded as a cost from one sent by an effect.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardjudge.rules.core.records import quick_init, record_maker


@quick_init
@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``cards`` are the oids of the objects as they are after it."""

    kind: str  # moved, summoned, summoning, destroyed, attack_declared, flipped, activated, phase, ...
    cards: tuple = ()
    player: str | None = None
    reason: str = "rule"
    source: int | None = None  # oid of the card whose cost/effect caused it
    method: str | None = None  # summon method, how a card moved (discard, tribute, ...)
    from_zone: str | None = None
    to_zone: str | None = None
    labels: tuple = ()  # the labels of ``cards``, for explanations
    seq: int = 0  # order of the event within the game, for "missing the timing"
    amount: int = 0  # how much: life or LP gained, lost or paid, damage dealt, counters, mana (0 when no amount)


# An Event made through a slots twin (see ``records.record_maker``), a third of the cost of the
# constructor: for the hot paths that emit two or three events per move. The game's ``emit``
# fills in ``labels`` and ``seq``.
new_event = record_maker(Event, ("kind", "cards", "player", "reason", "source", "method", "from_zone", "to_zone"))

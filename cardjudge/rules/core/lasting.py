"""Lasting effects and their durations, for every game.

A duration is a string in ``Lasting.until``:

- ``end_phase``: until the End Phase of the turn it was made (Yu-Gi-Oh);
- ``end_of_turn``: until the end of the turn it was made ("until end of turn");
- ``end_of_combat``: until the end of the combat it was made in (an Eredan ephemeral card);
- ``permanent``: until something removes it;
- ``turns:N`` / ``combats:N``: N more turn ends / combat ends, the current one counted.

``tick`` is called by the game at each moment (``end_phase``, ``end_of_turn``,
``end_of_combat``) and returns what still runs and what has just ended. Combat durations
can count only some combats (Eredan counts the fights of the card's holder): the game
passes ``fought`` to say which effects the combat that just ended counts for.

A timed part of a lasting card ("at the end of the combat", "at the start of each
combat") fires ``once`` (the first time its moment comes while the card is in play) or
``every`` time; ``fires`` decides.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from cardjudge.rules.core.state import Lasting

MOMENTS = ("end_phase", "end_of_turn", "end_of_combat")
REPEATS = ("once", "every")


def _counted(until: str) -> tuple[str, int] | None:
    unit, _, count = until.partition(":")
    if unit in ("turns", "combats") and count.isdigit():
        return unit, int(count)
    return None


def remaining(until: str) -> tuple[str, int] | None:
    """``("turns", n)`` or ``("combats", n)`` for a counted duration, else None.

    >>> remaining("turns:2"), remaining("permanent")
    (('turns', 2), None)
    """
    return _counted(until)


def until_for(duration) -> str:
    """The ``until`` string of a card's printed duration.

    ``permanent``, ``{turns: N}``, ``{combats: N}``; None or ``ephemeral`` is the combat it is
    played in.

    >>> until_for({"turns": 3}), until_for("permanent"), until_for(None)
    ('turns:3', 'permanent', 'end_of_combat')
    """
    if duration in (None, "ephemeral"):
        return "end_of_combat"
    if duration == "permanent":
        return "permanent"
    if isinstance(duration, dict) and len(duration) == 1:
        (unit, count), = duration.items()
        if unit in ("turns", "combats") and isinstance(count, int) and not isinstance(count, bool) and count >= 1:
            return f"{unit}:{count}"
    raise ValueError(f"unknown duration {duration!r} (expected permanent, {{turns: N}} or {{combats: N}})")


def tick(effects: tuple[Lasting, ...], moment: str, fought: Callable[[Lasting], bool] | None = None,
         combats_expire: str = "end_of_combat") -> tuple[tuple[Lasting, ...], tuple[Lasting, ...]]:
    """(still running, ended now) after ``moment``.

    At ``end_of_combat`` a ``combats:N`` duration counts down only if ``fought(effect)`` (every
    one when ``fought`` is None). When it reaches zero it ends now, or, with
    ``combats_expire="end_of_turn"``, at the end of the current turn.

    >>> a = Lasting(1, "modify", until="end_phase")
    >>> b = Lasting(2, "modify", until="turns:2")
    >>> kept, ended = tick((a, b), "end_phase")
    >>> [e.lid for e in ended], [e.until for e in kept]
    ([1], ['turns:2'])
    >>> kept, ended = tick(kept, "end_of_turn")
    >>> [e.until for e in kept]
    ['turns:1']
    >>> c = Lasting(3, "card", until="combats:1")
    >>> tick((c,), "end_of_combat", fought=lambda e: False)[0][0].until
    'combats:1'
    >>> tick((c,), "end_of_combat", combats_expire="end_of_turn")[0][0].until
    'end_of_turn'
    """
    if combats_expire not in ("end_of_combat", "end_of_turn"):
        raise ValueError(f"combats_expire must be end_of_combat or end_of_turn, not {combats_expire!r}")
    kept, ended = [], []
    for effect in effects:
        counted = _counted(effect.until)
        if effect.until == moment or (moment == "end_of_turn" and effect.until in ("end_phase", "end_of_combat")):
            ended.append(effect)
        elif counted and (counted[0], moment) in (("turns", "end_of_turn"), ("combats", "end_of_combat")):
            if counted[0] == "combats" and fought is not None and not fought(effect):
                kept.append(effect)
                continue
            left = counted[1] - 1
            if left > 0:
                kept.append(replace(effect, until=f"{counted[0]}:{left}"))
            elif counted[0] == "combats" and combats_expire == "end_of_turn":
                kept.append(replace(effect, until="end_of_turn"))
            else:
                ended.append(effect)
        else:
            kept.append(effect)
    return tuple(kept), tuple(ended)


def fires(repeat: str, fired_before: bool) -> bool:
    """Whether a timed part fires now: ``every`` time, or ``once`` if it has not fired yet.

    >>> fires("once", False), fires("once", True), fires("every", True)
    (True, False, True)
    """
    if repeat not in REPEATS:
        raise ValueError(f"repeat must be once or every, not {repeat!r}")
    return repeat == "every" or not fired_before

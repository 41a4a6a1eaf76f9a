"""Yu-Gi-Oh windows and the chain: the window the game waits in, priority, events and the triggers
they cause, links added to the chain, and the triggers that go on it next (SEGOC).

The game waits in one *window* at a time, kept in ``game_data["window"]`` as
``(kind, priority, passes)``:

- ``open``: the turn player's open game state (any phase; main phases and the battle
  step are always offered, other phases pass by themselves when nothing can be done);
- ``phase_end``: the turn player passed; the opponent may respond before the phase ends;
- ``summon``: a monster is being Summoned; only "when a monster would be Summoned"
  effects may respond (Solemn Warning);
- ``attack``: an attack was declared; responses to it (Mirror Force) and quick effects;
- ``damage``: the Damage Step before damage calculation (ATK/DEF changes);
- ``respond``: a chain is being built; the player with priority may add a link.

Fast Effect Timing: after an activation the other player responds first (``add_link``); what
happens when both pass is the turn driver's (:mod:`cardjudge.rules.ygo.turn`).
"""

from __future__ import annotations

from cardjudge.rules.core.events import Event
from cardjudge.rules.core.orderings import next_choices
from cardjudge.rules.core.state import Draft
from cardjudge.rules.ygo import triggers
from cardjudge.rules.ygo.records import Link, PendingTrigger


def window(s) -> tuple[str, str, int]:
    return s.get("window") or ("open", s.active, 0)


def set_window(d: Draft, kind: str, priority: str, passes: int = 0) -> None:
    d.game_data["window"] = (kind, priority, passes)


def base_window(d) -> str:
    return d.get("base_window") or "open"


def next_step(d: Draft) -> int:
    data = d.game_data  # the Draft's dict, read directly (Draft.get is a call more)
    data["step"] = step = data.get("step", 0) + 1
    return step


def emit(d: Draft, event: Event) -> Event:
    """Record an event and collect the triggers it causes (checked at the moment it happens).

    ``event`` is one made for this call (every caller builds it in the call): its ``labels``
    and ``seq`` are filled in here, in place, and it is returned."""
    objects = d.objects
    cards = event.cards
    if len(cards) == 1:
        oid = cards[0]
        labels = (objects[oid].label,) if oid in objects else ()
    else:
        labels = tuple([objects[o].label for o in cards if o in objects])
    # completed in place through the slots' own setters (Event is frozen to its readers):
    # building a second frozen Event cost more than the rest of this function
    _set_labels(event, labels)
    _set_seq(event, d.game_data.get("step", 0))
    d.events.append(event)
    triggers.collect(d, event)
    return event


_set_labels = Event.__dict__["labels"].__set__
_set_seq = Event.__dict__["seq"].__set__


def opponent(s, player: str) -> str:
    """The other player (a Yu-Gi-Oh game has two): ``opponent_of`` without its search."""
    first, second = s.players
    return second if player == first else first


def add_link(d: Draft, link: Link) -> None:
    """Put a link on the chain; the other player gets the first chance to respond."""
    if not d.chain:
        kind = window(d)[0]
        d.game_data["base_window"] = "open" if kind in ("open", "phase_end", "respond") else kind
    d.chain = (*d.chain, link)
    emit(d, Event("activated", cards=(link.oid,) if link.oid in d.objects else (), player=link.controller,
                  source=link.oid, reason="effect"))
    set_window(d, "respond", opponent(d, link.controller), 0)


def trigger_choices(d) -> list[PendingTrigger]:
    """The pending triggers that may be put on the chain next (SEGOC order, G2)."""
    pending = [p for p in d.pending if isinstance(p, PendingTrigger)]
    if not pending:
        return []
    return next_choices(pending, lambda p: segoc_rank(d, p))


def segoc_rank(d, trigger: PendingTrigger) -> int:
    """Turn player's mandatory, opponent's mandatory, turn player's optional, opponent's optional."""
    mine = trigger.controller == d.active
    if trigger.mandatory:
        return 0 if mine else 1
    return 2 if mine else 3


def drop_missed_timing(d: Draft) -> None:
    """Optional "When ..." triggers whose event is not the last thing that happened miss the timing."""
    last = d.game_data.get("step", 0)
    d.pending = tuple(
        p for p in d.pending
        if not isinstance(p, PendingTrigger) or p.mandatory or p.timing == "if" or p.step == last
    )


def finish_triggers_if_done(d: Draft) -> None:
    """All simultaneous triggers are placed: the chain (if any) opens for responses."""
    if any(isinstance(p, PendingTrigger) for p in d.pending):
        return
    if d.chain:
        set_window(d, "respond", opponent(d, d.chain[-1].controller), 0)


# These modules import this one; imported last (rather than in each function, as they were)
# so that the hot paths of the turn flow do not pay an import statement per call.

"""The records a Yu-Gi-Oh game keeps besides its cards: chain links, triggers waiting to go on the
chain, the continuation of a resolving link, and the choices asked of a player.

All are frozen and hashable, so that they live in the frozen State (``State.chain`` holds the
chain, ``State.pending`` the triggers, and ``game_data`` the rest).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardjudge.rules.core.events import Event


@dataclass(frozen=True, slots=True)
class Link:
    """One chain link: what was activated, by whom, with which targets and paid costs."""

    number: int
    oid: int  # the activated card as it was when activated
    label: str
    card: str
    controller: str
    ability: int
    targets: tuple = ()  # (slot name, tuple of oids)
    event: Event | None = None  # the event a trigger or "When ..." card answers
    card_activation: bool = False  # the activation of a Spell/Trap card
    speed: int = 1
    summons: bool = False
    negated: bool = False  # the activation was negated
    effect_negated: bool = False  # its effect was negated (Lost Wind on a chained monster effect)
    declared: tuple = ()  # (name, value) declared at activation ("declare a Level from 1 to 8")


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A trigger effect waiting to go on the chain."""

    oid: int
    label: str
    card: str
    ability: int
    controller: str
    mandatory: bool
    timing: str
    event: Event
    step: int


@dataclass(frozen=True, slots=True)
class Resolving:
    """A chain link halfway through its resolution, waiting for a choice."""

    link: Link
    steps: tuple  # the remaining effect steps
    bound: tuple  # (name, tuple of oids)


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice a player makes while something resolves (which card, which position)."""

    player: str
    kind: str  # "cards" | "position" | "discard" | "maintenance"
    name: str  # the variable the chosen cards are bound to
    candidates: tuple = ()
    min: int = 1
    max: int = 1
    prompt: str = ""
    oid: int | None = None  # the card the choice is about (position, maintenance)
    amount: int = 0
    redo: tuple | None = None  # the effect step to run again once chosen


# ------------------------------------------------------------------ windows

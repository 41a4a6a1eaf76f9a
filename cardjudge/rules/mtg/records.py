"""The records a Magic game keeps besides its cards: stack objects, delayed triggered
abilities, decisions waiting for a player, and the continuation of a resolving object.

All are frozen and hashable, so that they live in the frozen State (``State.chain`` holds
the stack, ``State.pending`` the triggered abilities waiting to be put on it, and
``game_data`` the rest).
"""

from __future__ import annotations

from dataclasses import dataclass

MAIN_PHASES = ("main1", "main2")  # the steps in which a player may cast at sorcery speed


@dataclass(frozen=True, slots=True)
class StackItem:
    """A spell, activated ability or triggered ability on the stack (or waiting to go there).

    ``targets`` are ``(slot name, refs)`` pairs, a ref being an object id or a player's
    name. ``effect`` holds the steps that run on resolution; ``condition`` an intervening
    "if" checked again then (T2). ``bindings`` carries named references of a delayed
    triggered ability (the object it refers to, T5).
    """

    sid: int
    kind: str  # spell | ability | trigger
    source: int  # oid of the source (the spell card itself for a spell)
    label: str
    card: str
    controller: str
    ability: int | None = None
    targets: tuple = ()
    target_specs: tuple = ()  # the TargetSlots, to check the targets again on resolution
    x: int = 0
    effect: tuple = ()
    condition: object | None = None
    event: object | None = None
    bindings: tuple = ()
    optional: bool = False
    delayed: bool = False
    mode: str = ""  # the mode a modal spell was cast with (rule 700.2a)

    def target_refs(self) -> tuple:
        """Every target, in slot order."""
        return tuple(ref for _, refs in self.targets for ref in refs)


@dataclass(frozen=True, slots=True)
class Delayed:
    """A delayed triggered ability (rule 603.7), created when a spell or ability resolves (T3).

    It triggers once, the next time its event happens, unless ``once`` is false (a stated
    duration, T4). Its source and controller are those of what created it (T6).
    """

    did: int
    on: str
    when: object  # parsed tree
    when_text: str
    effect: tuple
    controller: str
    source: int
    label: str
    card: str
    bindings: tuple = ()
    once: bool = True
    until_turn: int | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision a player makes while something resolves (a card to choose, a color).

    ``options`` are object ids (kind ``cards``) or mana symbols (kind ``color``); the
    player picks between ``min`` and ``max`` of them.
    """

    player: str
    kind: str  # cards | color | legend | discard
    name: str
    options: tuple
    min: int
    max: int
    prompt: str


@dataclass(frozen=True, slots=True)
class Frame:
    """Where a resolution stands: the steps, the next one to run, and what they refer to."""

    steps: tuple
    index: int
    controller: str
    source: int | None
    label: str
    card: str
    bindings: tuple = ()  # (name, refs) pairs: targets, choices, created objects
    x: int = 0
    event: object | None = None

    def binding(self, name: str, default=None):
        """What a name refers to in this frame."""
        for key, value in self.bindings:
            if key == name:
                return value
        return default

    def bind(self, name: str, refs: tuple) -> "Frame":
        """This frame with ``name`` referring to ``refs``."""
        kept = tuple((k, v) for k, v in self.bindings if k != name)
        return Frame(self.steps, self.index, self.controller, self.source, self.label, self.card,
                     kept + ((name, tuple(refs)),), self.x, self.event)

    def advanced(self) -> "Frame":
        """This frame at its next step."""
        return Frame(self.steps, self.index + 1, self.controller, self.source, self.label, self.card,
                     self.bindings, self.x, self.event)


@dataclass(frozen=True, slots=True)
class DamageDivision:
    """How an attacking creature's controller divides its combat damage (rule 510.1c): the
    amount each blocker (or, past lethal damage with trample, the attacked player) is assigned."""

    attacker: int
    targets: tuple  # object ids of blockers, or a player's name
    amounts: tuple

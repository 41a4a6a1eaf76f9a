"""What an ability can do, declared: the record the loop analysis reads.

Each game exports ``ability_facts(card, ability) -> AbilityFacts`` from a table beside its step
handlers: the events the ability listens to, the events its costs and effects can emit, the
resources they produce and consume, its use limit, whether it is optional and where it works
from. The facts over-approximate: an event an ability may emit is declared even when a given
resolution does not emit it; a property test checks that what ``apply`` emits is declared.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardjudge.rules.core.frozen import thaw


@dataclass(frozen=True, slots=True)
class AbilityFacts:
    """The declared behaviour of one ability of one card.

    ``listens``: events that trigger it (empty for an ability a player activates);
    ``emits``: events its costs and effects can cause; ``produces`` / ``consumes``: resources
    (``mana``, ``life``, ``counter:NAME``, ``untapped``, ``card_in_hand`` ...) it adds or uses up;
    ``limit``: ``once_per_turn`` and the like, or None; ``optional``: a player may decline or
    simply not use it; ``zones``: where the card must be for it to work; ``kind``: the game's
    ability kind; ``at_will``: a player may use it again and again while it can be paid for (an
    activated ability, not a card played from the hand nor a trigger); ``copies``: the events
    whose ability it copies (Rings of Brighthearth copies the ability whose activation triggered
    it: the copy does what that ability does, which the graph reads from that ability's facts).
    """

    kind: str
    listens: frozenset = frozenset()
    emits: frozenset = frozenset()
    produces: frozenset = frozenset()
    consumes: frozenset = frozenset()
    limit: str | None = None
    optional: bool = True
    zones: tuple = ()
    text: str = ""
    at_will: bool = False  # a player may use it again whenever it can be paid for (an activated ability)
    copies: frozenset = frozenset()

    def to_dict(self) -> dict:
        """Plain data, the sets sorted."""
        return {"kind": self.kind, "listens": sorted(self.listens), "emits": sorted(self.emits),
                "produces": sorted(self.produces), "consumes": sorted(self.consumes), "limit": self.limit,
                "optional": self.optional, "zones": list(self.zones), "text": self.text, "at_will": self.at_will,
                "copies": sorted(self.copies)}


def step_ops(steps, nested=("then", "else")) -> list[tuple[str, object]]:
    """Every (op, body) of a list of frozen or plain effect steps, the branches of ``if`` included."""
    found = []
    for step in steps:
        step = thaw(step) if not isinstance(step, dict) else step
        if not step:
            continue
        op, body = next(iter(step.items()))
        found.append((op, body))
        for branch in nested:
            if isinstance(step.get(branch), list):
                found += step_ops(step[branch], nested)
            if isinstance(body, dict) and isinstance(body.get(branch), list):
                found += step_ops(body[branch], nested)
    return found

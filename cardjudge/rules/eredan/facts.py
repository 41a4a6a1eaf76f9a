"""Declared facts of Eredan card parts (see :mod:`cardjudge.rules.core.facts`).

Eredan parts fire at moments of the turn and the fight (``when``) or at what happens to the
card's holder (it dies, it plays a card) or to the card (it leaves). What a part can cause is
therefore declared as those moments: a part that deals damage or makes a character lose hit
points can make a holder die (``holder_dies``), one that discards a card makes it ``leave``, one
that attaches a card from the deck is that card's ``activation``.
"""

from __future__ import annotations

from cardjudge.rules.core.facts import AbilityFacts

#: op -> (moments it can cause, resources it produces, resources it consumes)
STEP_FACTS = {
    "damage": (frozenset({"damaged", "holder_dies"}), set(), {"hp"}),
    "lose_hp": (frozenset({"hp_lost", "holder_dies"}), set(), {"hp"}),
    "heal": (frozenset({"healed"}), {"hp"}, set()),
    "modify": (frozenset(), set(), set()),
    "discard_self": (frozenset({"leave"}), set(), set()),
    "discard_attached": (frozenset({"leave", "damaged", "holder_dies"}), set(), {"hp"}),
    "fetch_attach": (frozenset({"activation"}), set(), {"card_in_deck"}),
    "counter_next": (frozenset(), set(), set()),
    "move_random": (frozenset(), set(), set()),
    "items_now": (frozenset(), set(), set()),
}

_MOMENTS_LISTENED = {"fight_start", "fight_end", "turn_start", "turn_end", "leave", "holder_dies", "holder_plays"}


def ability_facts(card, ability) -> AbilityFacts:
    """The declared facts of one compiled part of ``card`` (a CardDef)."""
    emits, produces, consumes = set(), set(), set()
    for effect in ability.effects:
        events, made, used = STEP_FACTS[effect.op]
        emits |= events
        produces |= made
        consumes |= used
    listens = frozenset({ability.when}) if ability.when in _MOMENTS_LISTENED else frozenset()
    limit = "once" if ability.repeat == "once" else None
    return AbilityFacts(
        kind=ability.when, listens=listens, emits=frozenset(emits), produces=frozenset(produces),
        consumes=frozenset(consumes), limit=limit, optional=ability.when == "activation",
        zones=("attached",), text=ability.text or card.text)

"""Declared facts of Magic abilities: the events each cost part and effect step can emit and
the resources it produces and consumes (see :mod:`cardjudge.rules.core.facts`).

The table follows the step handlers of :mod:`cardjudge.rules.mtg.effects` and the cost payments
of :mod:`cardjudge.rules.mtg.legal`; ``tests/test_loops_facts.py`` checks along random playouts
that every event an effect or cost emits is declared here for its card.
"""

from __future__ import annotations

from dataclasses import replace

from cardjudge.rules.core.facts import AbilityFacts, step_ops
from cardjudge.rules.mtg.abilities import EVENTS, keyword_abilities

_DIES = frozenset({"dies", "leaves"})
_MOVES = frozenset({"leaves", "enters"})

#: op -> (events it can emit, resources it produces, resources it consumes)
STEP_FACTS = {
    # damage from a source with lifelink also makes its controller gain that much life (702.15b)
    "damage": (frozenset({"damaged", "life_lost", "counters_put", "life_gained"}) | _DIES, {"life"}, {"life"}),
    "destroy": (_DIES, set(), set()),
    "draw": (frozenset({"drawn", "revealed"}), {"card_in_hand"}, {"card_in_library"}),
    "gain_life": (frozenset({"life_gained"}), {"life"}, set()),
    "lose_life": (frozenset({"life_lost"}), set(), {"life"}),
    "create_token": (frozenset({"enters", "counters_put"}), {"permanent"}, set()),
    "copy_token": (frozenset({"enters", "counters_put"}), {"permanent"}, set()),
    "gain_control": (frozenset({"control_changed"}), {"permanent"}, set()),
    "untap": (frozenset({"becomes_untapped"}), {"untapped"}, set()),
    "tap": (frozenset({"tapped"}), set(), {"untapped"}),
    "modify": (frozenset(), set(), set()),
    "grant": (frozenset(), set(), set()),
    "counter": (frozenset({"leaves"}), set(), set()),
    "exile": (frozenset({"leaves"}), set(), set()),
    "return": (_MOVES | {"dies", "counters_put"}, {"permanent"}, set()),  # to the battlefield, from exile or a graveyard
    "put_onto_battlefield": (_MOVES | {"counters_put"}, {"permanent"}, set()),
    "to_hand": (frozenset({"leaves"}), {"card_in_hand"}, set()),
    "mode": (frozenset(), set(), set()),  # its modes are read by _steps
    "enters_tapped": (frozenset(), set(), set()),  # how a permanent enters: no event of its own
    "become_creature": (frozenset(), set(), set()),
    "add_counters": (frozenset({"counters_put"}), {"counter"}, set()),
    "remove_counters": (frozenset({"counters_removed"}), set(), {"counter"}),  # 'then' read by step_ops
    "count_resolution": (frozenset(), set(), set()),  # a count on the source, no event
    "win_game": (frozenset(), set(), set()),
    "transform": (frozenset(), set(), set()),
    "become_copy": (frozenset(), set(), set()),
    "choose": (frozenset(), set(), set()),
    "sacrifice": (_DIES, set(), {"permanent"}),
    "attach": (frozenset(), set(), set()),
    "discard": (frozenset({"leaves", "discarded"}), set(), {"card_in_hand"}),
    "add_mana": (frozenset({"mana_added"}), {"mana"}, set()),
    "exile_if_dies": (frozenset(), set(), set()),  # a replacement until end of turn: the move it changes emits
    "if": (frozenset(), set(), set()),  # its branches are read by step_ops
    "exchange_life": (frozenset({"life_gained", "life_lost"}), {"life"}, {"life"}),
    "lose_game": (frozenset(), set(), set()),
    "scry": (frozenset(), set(), set()),  # a card from the top of the library to its bottom: no event
    "pay": (frozenset({"tapped"}), set(), {"mana"}),  # "you may pay {2}": sources tapped for it; 'then' read by step_ops
}

ALL_EVENTS = frozenset(EVENTS)
# a copy of an ability does what the copied ability does: declared as the event whose ability it
# copies (``copies``), the graph giving it that ability's edges; the copy itself emits nothing
STEP_FACTS["copy_ability"] = (frozenset(), set(), set())

#: cost part -> (events, resources consumed)
COST_FACTS = {
    "tap": (frozenset({"tapped"}), {"untapped"}),
    "crew": (frozenset({"tapped"}), {"untapped"}),
    "sacrifice": (_DIES, {"permanent"}),
    "discard": (frozenset({"leaves", "discarded"}), {"card_in_hand"}),
    "pay_life": (frozenset({"life_lost"}), {"life"}),
    "exile": (frozenset({"leaves"}), set()),
    "remove_counter": (frozenset({"counters_removed"}), {"counter"}),
    "put_counter": (frozenset({"counters_put"}), set()),
    "loyalty": (frozenset({"counters_put", "counters_removed"}), set()),
    "exile_from_graveyard": (frozenset(), set()),  # delve: cards from a graveyard to exile, no event
}


def ability_facts(card, ability) -> AbilityFacts:
    """The declared facts of one compiled ability of ``card`` (a CardDef)."""
    emits, produces, consumes = set(), set(), set()
    if ability.kind == "spell":
        emits |= {"cast"} | _MOVES
        consumes.add("card_in_hand")  # the spell itself, cast from the hand and then gone
        if "/P}" in (card.fields.get("mana_cost") or ""):
            emits.add("life_lost")  # Phyrexian mana may be paid with 2 life (CR 107.4f)
            consumes.add("life")
    if ability.kind == "mana":
        produces.add("mana")
        emits.add("mana_added")
    # a modal spell does what any one of its modes does (700.2)
    effect = tuple(ability.effect) + tuple(step for mode in ability.modes for step in mode.effect)
    for op, body in _steps(effect):
        if op == "delayed":
            # a delayed trigger's own steps run later, from the same card
            for inner, _ in _steps(body.get("effect", []) if isinstance(body, dict) else []):
                emits |= STEP_FACTS.get(inner, (ALL_EVENTS, set(), set()))[0]
            continue
        events, made, used = STEP_FACTS[op]
        emits |= events
        produces |= made
        consumes |= used
    if ability.mana or ability.kind == "spell":
        consumes.add("mana")
        emits.add("tapped")  # the mana sources tapped to pay it
    if ability.tap:
        emits.add("tapped")
        consumes.add("untapped")
    if ability.untap:
        emits.add("becomes_untapped")
        produces.add("untapped")
    if ability.kind == "activated":
        emits.add("ability_activated")  # "whenever you activate an ability" (a mana ability is not one)
    for part in ability.costs:
        events, used = COST_FACTS[part.kind]
        emits |= events
        consumes |= used
    listens = frozenset({ability.on}) if ability.on else frozenset()
    copies = listens if any(op == "copy_ability" for op, _ in _steps(effect)) else frozenset()
    limit = None
    if any(name == "reveal_first_draw" for name, _ in ability.rule):
        limit = "first_draw_each_turn"  # only the first card drawn each turn is revealed
    if any(part.kind == "loyalty" for part in ability.costs):
        limit = "once_per_turn"  # one loyalty ability of a planeswalker per turn (606.3)
    return AbilityFacts(
        kind=ability.kind, listens=listens, emits=frozenset(emits), produces=frozenset(produces),
        consumes=frozenset(consumes), limit=limit, optional=ability.kind != "triggered" or ability.optional,
        zones=tuple(ability.zones), text=ability.text or card.text, at_will=ability.kind in ("activated", "mana"),
        copies=copies)


def _steps(steps) -> list:
    """Every (op, body) of ``steps``, the branches of ``if`` and the modes of ``mode`` included."""
    found = []
    for op, body in step_ops(steps):
        found.append((op, body))
        if op == "mode" and isinstance(body, dict):
            for branch in body.values():
                found += _steps(branch if isinstance(branch, list) else [])
    return found


def effect_ops(steps) -> list:
    """Every (op, body) of an ability's effect steps, the branches of ``if`` and the modes of
    ``mode`` included."""
    return _steps(steps)


def card_abilities(card) -> tuple:
    """Every ability of ``card``, those its keywords stand for (Crew N, Equip N) included, and
    those its static abilities grant (Viridian Longbow's "{T}: ... 1 damage"): what a permanent
    may do because this card is on the battlefield."""
    own = card.abilities + keyword_abilities(card.fields, len(card.abilities))
    granted = tuple(given for ability in card.abilities for given in ability.granted)
    return own + tuple(replace(given, index=len(own) + n) for n, given in enumerate(granted))

"""Declared facts of Yu-Gi-Oh abilities: the events each cost part and effect step can emit and
the resources it produces and consumes (see :mod:`cardjudge.rules.core.facts`).

The table follows the step handlers of :mod:`cardjudge.rules.ygo.effects` and the cost payments
of :mod:`cardjudge.rules.ygo.legal`; ``tests/test_loops_facts.py`` checks along random playouts
that every event an effect or cost emits is declared here for its card.
"""

from __future__ import annotations

from cardjudge.rules.core.facts import AbilityFacts, step_ops

_LEAVES = frozenset({"moved", "left_field"})
_TO_GY = _LEAVES | {"sent_to_gy"}
_DESTROYS = _TO_GY | {"destroyed"}

#: op -> (events it can emit, resources it produces, resources it consumes)
STEP_FACTS = {
    "destroy": (_DESTROYS, {"card_in_gy"}, {"card_on_field"}),
    "send_to_gy": (_TO_GY, {"card_in_gy"}, set()),
    "banish": (_LEAVES, set(), set()),
    "to_hand": (_LEAVES, {"card_in_hand"}, set()),
    "to_deck_top": (_LEAVES, set(), set()),
    "draw": (frozenset({"drawn", "moved"}), {"card_in_hand"}, {"card_in_deck"}),
    "special_summon": (frozenset({"summoned", "moved", "left_field"}), {"card_on_field"}, set()),
    "change_position": (frozenset({"flipped", "turned_face_down"}), set(), set()),
    "flip_face_up": (frozenset({"flipped"}), set(), set()),
    "negate_summon": (_DESTROYS, {"card_in_gy"}, set()),
    "negate_activation": (_DESTROYS, {"card_in_gy"}, set()),
    "add_counters": (frozenset(), {"counter"}, set()),
    "choose": (frozenset(), set(), set()),
    "modify": (frozenset(), set(), set()),
    "negate_effects": (frozenset(), set(), set()),
    "immune_to_spells_traps": (frozenset(), set(), set()),
    "equip": (frozenset(), set(), set()),
    "lasting_rule": (frozenset(), set(), set()),
    "if": (frozenset(), set(), set()),  # its branches are read by step_ops
    "negate_attack": (frozenset(), set(), set()),
    "negate_effect": (frozenset(), set(), set()),
    "create_tokens": (frozenset({"summoned"}), {"card_on_field"}, set()),
    "damage": (frozenset({"damage", "lp_lost"}), set(), {"lp"}),
    "gain_lp": (frozenset({"lp_gained"}), {"lp"}, set()),
    # the Fusion Summon: materials sent to the GY, the Fusion Monster Special Summoned
    "fusion_summon": (_TO_GY | {"summoned", "moved", "left_field"}, {"card_on_field", "card_in_gy"},
                      {"card_on_field", "card_in_hand"}),
}

#: every event the engine emits, for steps that run another card's steps or steps stored for later
ALL_EVENTS = frozenset().union(*(events for events, _, _ in STEP_FACTS.values())) | {
    "activated", "resolving", "summoning", "set", "attack_declared", "battle_damage", "phase", "lp_paid",
    "lp_gained", "lp_lost"}
_RUNS_OTHER_STEPS = {"copy_effect", "at_end_phase"}

#: cost kind -> (events, resources consumed)
COST_FACTS = {
    "pay_lp": (frozenset({"lp_paid"}), {"lp"}),
    "discard": (_TO_GY, {"card_in_hand"}),
    "send_to_gy": (_TO_GY, {"card"}),
    "tribute": (_TO_GY, {"card_on_field"}),
    "banish": (_LEAVES, {"card"}),
    "reveal": (frozenset(), set()),
    "detach": (_TO_GY, {"xyz_material"}),
}

_ONE_SHOT = {"normal", "quick-play", "counter", "ritual"}  # Spells and Traps that leave once resolved

_ACTIVATED = frozenset({"activated", "resolving"})  # every effect that is activated


def ability_facts(card, ability) -> AbilityFacts:
    """The declared facts of one compiled ability of ``card`` (a CardDef)."""
    emits, produces, consumes = set(), set(), set()
    if ability.kind != "continuous":
        emits |= _ACTIVATED
    for op, _ in step_ops(ability.effect):
        if op in _RUNS_OTHER_STEPS:
            emits |= ALL_EVENTS
            continue
        events, made, used = STEP_FACTS[op]
        emits |= events
        produces |= made
        consumes |= used
    for cost in ability.costs:
        events, used = COST_FACTS[cost.kind]
        emits |= events
        consumes |= used
    if ability.kind == "activate" and card.fields.get("subtype") in _ONE_SHOT:
        consumes.add("card_in_hand")  # the card itself, played from the hand (or Set from it) and then gone
    if ability.kind == "maintenance":
        consumes.add("lp")
        emits.add("lp_paid")
    if ability.remains:
        emits |= _DESTROYS  # a card that stays counts turns and destroys itself (Swords of Revealing Light)
    listens = frozenset({ability.on}) if ability.on else frozenset()
    return AbilityFacts(
        kind=ability.kind, listens=listens, emits=frozenset(emits), produces=frozenset(produces),
        consumes=frozenset(consumes), limit=ability.limit, optional=not ability.mandatory,
        zones=tuple(ability.zones), text=ability.text or card.text, at_will=ability.kind in ("ignition", "quick"))

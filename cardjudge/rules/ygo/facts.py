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

#: limits a trigger's own condition sets: what only a player's summon or a battle can start
PLAYER_SUMMON = "normal_or_flip_summon"  # a Normal (or Flip) Summon: a player's own, a few a turn at most
BATTLE = "destruction_by_battle"  # only a monster destroyed by battle: the turn's attacks bound it
SYNCHRO = "synchro_summon"  # only a Synchro Summon: each uses up a card of the Extra Deck

#: the zone words of an expression -> the resource a card taken from there uses up
_FROM_ZONE = {"hand": "card_in_hand", "graveyard": "card_in_gy", "deck": "card_in_deck", "banished": "card_banished"}
_ZONE_OF_ABILITY = {"hand": "card_in_hand", "graveyard": "card_in_gy", "banished": "card_banished"}

_ACTIVATED = frozenset({"activated", "resolving"})  # every effect that is activated
#: the activation of an effect that targets: the only one a "when ... that targets" trigger reads
#: (Decode Talker). Not an event of its own in the engine: the graph's name for an "activated"
#: event whose targets are not empty.
ACTIVATED_TARGETING = "activated_targeting"


def _started_only_by(ability) -> str | None:
    """The limit a trigger's own condition sets (a necessary part of its ``when``): only a Normal
    or Flip Summon ("When this card is Normal Summoned"), which no effect performs, or only a
    destruction by battle, starts it."""
    if ability.on is None or ability.when is None:
        return None
    for part in _conjuncts(ability.when):
        field, values = _event_test(part)
        if field == "method" and values and values <= {"normal", "flip"}:
            return PLAYER_SUMMON
        if field == "reason" and values == {"battle"}:
            return BATTLE
        if field == "method" and values == {"synchro_material"}:
            return SYNCHRO
    return None


def _reads_targets(ability) -> bool:
    """Whether a necessary part of the trigger's ``when`` reads the event's targets
    (``any(e.targets, ...)``, ``count(e.targets, ...) >= 1``, ``e.targets``): only an activation
    that targets can start it."""
    if ability.on != "activated" or ability.when is None:
        return False
    for part in _conjuncts(ability.when):
        if type(part).__name__ == "Binary" and part.op in (">=", ">") and type(part.left).__name__ == "Call":
            part = part.left
        if type(part).__name__ == "Call" and part.func in ("any", "count") and part.args:
            part = part.args[0]
        if type(part).__name__ == "Attr" and part.name == "targets" and getattr(part.obj, "name", None) == "e":
            return True
    return False


def _conjuncts(tree) -> list:
    """The parts of an expression joined by a top-level ``and`` (each one necessary)."""
    if type(tree).__name__ == "Logic" and tree.op == "and":
        return [part for item in tree.items for part in _conjuncts(item)]
    return [tree]


def _event_test(tree) -> tuple:
    """("method" or "reason", the values allowed) of ``e.method == 'x'`` / ``e.method in ('x', 'y')``."""
    if type(tree).__name__ != "Binary" or tree.op not in ("==", "in"):
        return None, None
    left, right = tree.left, tree.right
    if type(left).__name__ != "Attr" or getattr(left.obj, "name", None) != "e" or type(right).__name__ != "Const":
        return None, None
    value = right.value
    values = {value} if tree.op == "==" else set(value) if isinstance(value, (tuple, list)) else None
    if values is None or not all(isinstance(v, str) for v in values):
        return None, None
    return left.name, values


def _summoned_from(ability) -> set:
    """What a Special Summon or an "add to the hand" of the ability uses up: a card from the zone
    it is taken from (the hand, the GY, the Deck, banishment), read from the steps' and targets'
    expressions ("this card", where the ability works from)."""
    summons = [body for op, body in step_ops(ability.effect) if op in ("special_summon", "to_hand")]
    if not summons:
        return set()
    words = " ".join(_expression_text(body) for body in summons)
    words += " " + " ".join(_expression_text(body) for op, body in step_ops(ability.effect) if op == "choose")
    words += " " + " ".join(str(slot.source) for slot in ability.targets)
    used = {resource for zone, resource in _FROM_ZONE.items() if zone in words}
    if "self" in words:
        used |= {_ZONE_OF_ABILITY[zone] for zone in ability.zones if zone in _ZONE_OF_ABILITY}
    return used


def _summons_only_itself(ability) -> bool:
    """Whether every card the ability puts on the field is the card itself ("Special Summon this card")."""
    ops = [(op, body) for op, body in step_ops(ability.effect)]
    summons = [body for op, body in ops if op == "special_summon"]
    if not summons or any(op in ("create_tokens", "fusion_summon") for op, _ in ops):
        return False
    for body in summons:
        cards = _expression_text(body).split(" where ")[0].strip()
        if cards != "self":
            return False
    return True


def _expression_text(body) -> str:
    from cardjudge.rules.core.frozen import thaw

    body = thaw(body) if not isinstance(body, (str, dict)) else body
    if isinstance(body, dict):
        return " ".join(str(body.get(key, "")) for key in ("cards", "from"))
    return str(body)


def ability_facts(card, ability) -> AbilityFacts:
    """The declared facts of one compiled ability of ``card`` (a CardDef)."""
    emits, produces, consumes = set(), set(), set()
    if ability.kind != "continuous":
        emits |= _ACTIVATED
        if ability.targets:
            emits.add(ACTIVATED_TARGETING)
    for op, _ in step_ops(ability.effect):
        if op in _RUNS_OTHER_STEPS:
            emits |= ALL_EVENTS | {ACTIVATED_TARGETING}
            continue
        events, made, used = STEP_FACTS[op]
        emits |= events
        produces |= made
        consumes |= used
    for cost in ability.costs:
        events, used = COST_FACTS[cost.kind]
        emits |= events
        if cost.self_only and cost.kind == "tribute":
            # "Tribute this card": this very card on the field, which only what puts this card
            # (or any card) on the field gives back (``card_on_field:NAME``, see loop_graph)
            used = {f"card_on_field:{card.name}"}
        consumes |= used
    if ability.kind == "activate" and card.fields.get("subtype") in _ONE_SHOT:
        consumes.add("card_in_hand")  # the card itself, played from the hand (or Set from it) and then gone
    if ability.kind == "maintenance":
        consumes.add("lp")
        emits.add("lp_paid")
    if ability.remains:
        emits |= _DESTROYS  # a card that stays counts turns and destroys itself (Swords of Revealing Light)
    consumes |= _summoned_from(ability)
    if _summons_only_itself(ability):
        # "Special Summon this card": the card itself on the field, not any card
        produces.discard("card_on_field")
        produces.add(f"card_on_field:{card.name}")
    listens = frozenset({ability.on}) if ability.on else frozenset()
    if _reads_targets(ability):
        listens = frozenset({ACTIVATED_TARGETING})
    return AbilityFacts(
        kind=ability.kind, listens=listens, emits=frozenset(emits), produces=frozenset(produces),
        consumes=frozenset(consumes), limit=ability.limit or _started_only_by(ability), optional=not ability.mandatory,
        zones=tuple(ability.zones), text=ability.text or card.text, at_will=ability.kind in ("ignition", "quick"))

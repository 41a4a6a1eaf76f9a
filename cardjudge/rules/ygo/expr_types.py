"""The check of each expression of a Yu-Gi-Oh! card's ability when its card file is read (see
:mod:`cardjudge.rules.core.expr_types`).

The names and their types come from the environment the engine builds (``views.env_for``) on a
probe position: a monster in every zone but the Spell & Trap Zones and
the Field Zone, which hold a Spell.
"""

from __future__ import annotations

from functools import lru_cache

from cardjudge.rules.core import expr_types as T
from cardjudge.rules.core.events import Event
from cardjudge.rules.core.frozen import thaw

PROBE_CARDS = {
    "Probe Monster": {"kind": "monster", "subtype": "effect", "attribute": "DARK", "race": "Machine", "level": 4,
                      "atk": 1000, "def": 1000, "tags": []},
    "Probe Spell": {"kind": "spell", "subtype": "normal"},
    "Probe Field Spell": {"kind": "spell", "subtype": "field"},
}
PROBE_ZONES = {"monsters": "Probe Monster", "hand": "Probe Monster", "deck": "Probe Monster",
               "graveyard": "Probe Monster", "banished": "Probe Monster", "extra_deck": "Probe Monster",
               "spells_traps": "Probe Spell", "field_spell": "Probe Field Spell"}
# the names effect steps bind when the card file does not name them ("summoned", "tokens")
STEP_NAMES = ("summoned", "tokens")
_STAT_KEYS = {"n": "number", "amount": "number", "level": "number", "atk": "number", "def": "number",
              "set_atk": "number", "base_atk": "number", "if": "condition"}


@lru_cache(maxsize=1)
def _probe():
    from cardjudge.rules.ygo.views import CardView, env_for

    state = T.probe_state("ygo", PROBE_CARDS, PROBE_ZONES, 8000, attack_zones=("monsters",))
    card = 1  # the first player's monster
    event = Event("summoned", cards=(card,), player="you", source=card, method="normal")
    return CardView(state, card), env_for(state, card, "you", event)



def _bound_names(ability) -> set:
    """The names the ability binds itself: its targets, declared values, choices and the cards
    its steps keep (``as:``), besides those steps bind by default."""
    names = {slot.name for slot in ability.targets} | set(STEP_NAMES)
    if ability.declare:
        names.add(ability.declare[0])
    todo = [thaw(step) for step in ability.effect]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key in ("name", "as") and isinstance(value, str):
                    names.add(value)
                else:
                    todo.append(value)
        elif isinstance(item, list):
            todo.extend(item)
    return names


def check_expression_types(fields: dict, ability) -> None:
    """Refuse an ability of a card (printed ``fields``) whose expressions cannot work: an
    InputError led by the field at fault (``condition: ...``)."""
    from cardjudge.rules.core.expr import parse

    card, env = _probe()
    scope = T.scope_of(env, _bound_names(ability))
    on_card = scope.with_subject(T.type_of(card))
    for key in ("condition", "when", "requires_on_resolve"):
        if getattr(ability, key) is not None:
            T.check(getattr(ability, key), scope, "condition", key)
    if ability.applies_to is not None:
        T.check(ability.applies_to, on_card, "condition", "applies_to")
    if ability.pay_lp is not None:
        T.check(ability.pay_lp, scope, "number", "pay_lp")
    T.check_targets_and_costs(ability, scope, on_card)
    for cost in ability.costs:
        if cost.amount is not None and cost.amount != "half":
            T.check(cost.amount, scope, "number", "cost")
    for _rule, value in ability.rule:
        if hasattr(value, "_fn"):  # a rule that holds an expression: a test of each card it may apply to
            T.check(value, on_card, "condition", "rule")
    _check_steps([thaw(step) for step in ability.effect], scope, on_card, parse)


def _check_steps(steps, scope, on_card, parse) -> None:
    for step in steps:
        if not isinstance(step, dict) or not step:
            continue
        (op, body), *rest = step.items()
        if op == "if":
            if isinstance(body, str):
                T.check(parse(body), scope, "condition", "effect: if")
            _check_steps(step.get("then") or [], scope, on_card, parse)
            _check_steps(step.get("else") or [], scope, on_card, parse)
            continue
        if isinstance(body, str) and op not in ("negate_summon", "negate_activation", "at_end_phase"):
            T.check(parse(body), scope, "number" if op in ("draw", "damage", "gain_lp") else "any", f"effect: {op}")
        if isinstance(body, dict):
            for key, value in body.items():
                if not isinstance(value, str) or key not in _STAT_KEYS and key not in ("cards", "from", "player"):
                    continue
                # set_atk and base_atk are read against each card they change ("double its ATK")
                where = on_card if key in ("set_atk", "base_atk") else scope
                T.check(parse(value), where, _STAT_KEYS.get(key, "any"), f"effect: {op}.{key}")
            for key in ("then", "else", "steps"):
                if isinstance(body.get(key), list):
                    _check_steps(body[key], scope, on_card, parse)

"""The check of each expression of a Magic card's ability when its card file is read (see
:mod:`cardjudge.rules.core.expr_types`).

The names and their types come from the environment the engine builds (``views.env_for`` with
the ``x`` a resolving step sees) on a probe position: a creature card in
every zone.
"""

from __future__ import annotations

from functools import lru_cache

from cardjudge.rules.core import expr_types as T
from cardjudge.rules.core.events import Event
from cardjudge.rules.core.frozen import thaw

PROBE_CARDS = {"Probe Creature": {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"], "power": 2,
                                  "toughness": 2, "keywords": []}}
PROBE_ZONES = {zone: "Probe Creature" for zone in ("battlefield", "hand", "library", "graveyard", "exile")}
# what steps bind by themselves (return, create_token/copy_token, exile, choose), besides the
# names a card file gives (a target's or a choice's ``name``, a delayed ability's ``refs``)
STEP_NAMES = ("returned", "created", "exiled", "chosen")
_NUMBER_KEYS = {"amount", "n", "power", "toughness"}
# steps whose text is mana, not an expression ("add {G}", "you may pay {2}")
_MANA_STEPS = {"add_mana", "pay"}
_NAME_STEPS = {"count_resolution"}  # steps whose text names an ability, not an expression


@lru_cache(maxsize=1)
def _probe():
    from cardjudge.rules.mtg.views import CardView, env_for

    state = T.probe_state("mtg", PROBE_CARDS, PROBE_ZONES, 20)
    card = 1  # the first player's creature on the battlefield
    event = Event("enters", cards=(card,), player="you", source=card, amount=1)
    return CardView(state, card), env_for(state, card, "you", event, {"x": 0})



def _bound_names(ability) -> set:
    names = {slot.name for slot in ability.targets} | set(STEP_NAMES)
    todo = [thaw(step) for step in ability.effect]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key in ("name", "as") and isinstance(value, str):
                    names.add(value)
                else:
                    todo.append(value)
                if key == "refs" and isinstance(value, dict):
                    names.update(str(name) for name in value)
        elif isinstance(item, list):
            todo.extend(item)
    return names


def check_expression_types(fields: dict, ability) -> None:
    """Refuse an ability of a card (printed ``fields``) whose expressions cannot work: an
    InputError led by the field at fault (``when: ...``)."""
    from cardjudge.rules.core.expr import parse

    card, env = _probe()
    scope = T.scope_of(env, _bound_names(ability))
    on_card = scope.with_subject(T.type_of(card))
    if ability.when is not None:
        T.check(ability.when, scope, "condition", "when")
    if ability.condition is not None:
        T.check(ability.condition, scope, "condition", "condition")
    T.check_targets_and_costs(ability, scope, on_card)
    rule = thaw(ability.rule) if ability.rule else {}
    _check_counts(rule.get("counters") if isinstance(rule, dict) else None, scope, parse, "counters")
    for name in ("grant", "modify"):
        spec = rule.get(name) if isinstance(rule, dict) else None
        if isinstance(spec, dict) and isinstance(spec.get("to"), str):
            T.check(parse(spec["to"]), scope, "any", "rule")
    _check_steps([thaw(step) for step in ability.effect], scope, parse)


def _check_steps(steps, scope, parse) -> None:
    for step in steps:
        if not isinstance(step, dict) or not step:
            continue
        op, body = next(iter(step.items()))
        if op == "if":
            if isinstance(body, str):
                T.check(parse(body), scope, "condition", "effect: if")
            _check_steps(step.get("then") or [], scope, parse)
            _check_steps(step.get("else") or [], scope, parse)
        elif op == "mode" and isinstance(body, dict):
            for branch in body.values():
                _check_steps(branch if isinstance(branch, list) else [], scope, parse)
        elif op == "delayed" and isinstance(body, dict):
            if isinstance(body.get("when"), str):
                T.check(parse(body["when"]), scope, "condition", "effect: delayed when")
            _check_steps(body.get("effect") or [], scope, parse)
        elif isinstance(body, str) and op in _MANA_STEPS:
            _check_steps(step.get("then") or [], scope, parse)  # "if you do, ..."
        elif isinstance(body, str) and op in _NAME_STEPS:
            continue
        elif isinstance(body, str):
            T.check(parse(body), scope, "any", f"effect: {op}")
        elif isinstance(body, dict):
            if op == "remove_counters":
                _check_steps(step.get("then") or [], scope, parse)  # "and it deals that much damage"
            for key, value in body.items():
                if op == "remove_counters" and key == "n" and value == "all":
                    continue
                if isinstance(value, str) and key in _NUMBER_KEYS | {"cards", "to", "from", "player", "of", "count"}:
                    T.check(parse(value), scope, "number" if key in _NUMBER_KEYS else "any", f"effect: {op}.{key}")
            _check_counts(body.get("counters"), scope, parse, f"effect: {op}.counters")


def _check_counts(counters, scope, parse, what: str) -> None:
    """The counts of ``{P1P1: x}`` (numbers or expressions) must be numbers."""
    for value in (counters.values() if isinstance(counters, dict) else ()):
        if isinstance(value, str):
            T.check(parse(value), scope, "number", what)

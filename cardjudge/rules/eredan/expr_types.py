"""The check of each expression of an Eredan card's part when its card file is read (see
:mod:`cardjudge.rules.core.expr_types`).

The names and their types come from the environment the engine builds (``views.card_env`` with
the ``victim`` an amount sees) on a probe position: a character in play and
a spell in every other zone, the spell played by that character.
"""

from __future__ import annotations

from functools import lru_cache

from cardjudge.rules.core import expr_types as T

PROBE_CARDS = {
    "Probe Character": {"type": "personnage", "hp": 20, "defense": 2, "esprit": 2, "attack": [3, 5],
                        "class": "Combattant", "guild": "Noz'Dingard", "race": "Humain"},
    "Probe Spell": {"type": "sort", "duration": "permanent", "attach": "self"},
}
PROBE_ZONES = {"characters": "Probe Character", "hand": "Probe Spell", "deck": "Probe Spell",
               "discard": "Probe Spell", "in_fight": "Probe Spell"}


@lru_cache(maxsize=1)
def _probe():
    from cardjudge.rules.eredan.views import CharView, card_env

    state = T.probe_state("eredan", PROBE_CARDS, PROBE_ZONES, 0)
    character, card = 1, 5  # the first player's character, and the spell it played (in the fight)
    env = card_env(state, card, "you", holder=character, caster=character, target=character)
    with_victim = card_env(state, card, "you", holder=character, caster=character, target=character)
    with_victim.vars["victim"] = CharView(state, character)  # what parts._amount adds
    return env, with_victim



def check_expression_types(fields: dict, ability) -> None:
    """Refuse a part of a card (printed ``fields``) whose expressions cannot work: an
    InputError led by the field at fault (``if: ...``, ``do: ...``)."""
    env, with_victim = _probe()
    if ability.condition is not None:
        T.check(ability.condition, T.scope_of(env), "condition", "condition")
    amounts = T.scope_of(with_victim)  # an effect's number may read the character it applies to
    for effect in ability.effects:
        if effect.amount is not None:
            T.check(effect.amount, amounts, "number", f"effect: {effect.op} amount")
        if effect.op == "modify":
            for key, value in effect.params:
                if hasattr(value, "_fn"):
                    T.check(value, amounts, "number", f"effect: modify {key}")

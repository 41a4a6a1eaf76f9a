"""Eredan iTCG's part of the game contract: its zones, keys, card fields and words, and its functions.

Eredan has no life total: a player's characters each have their HP, and the game is won on
points (``score``)."""

from __future__ import annotations

from collections.abc import Mapping

from cardjudge.rules.core.contract import Rules
from cardjudge.rules.eredan.derived import EredanDerived
from cardjudge.rules.eredan.expr_types import check_expression_types
from cardjudge.rules.eredan import why
from cardjudge.rules.eredan.abilities import compile_ability, upgrade_ability
from cardjudge.rules.eredan.cards import CHARACTERISTICS, REQUIRED, check_card, wrong_value
from cardjudge.rules.eredan.facts import ability_facts
from cardjudge.rules.eredan.legal import legal_actions
from cardjudge.rules.eredan.play import apply
from cardjudge.rules.eredan.position import load as load_position
from cardjudge.rules.eredan.position import to_dict
from cardjudge.rules.eredan.views import goal_env, in_play


def _life_totals(position: Mapping) -> dict:
    """Each player's characters' HP (label -> HP), from a position's ``to_dict``."""
    totals = {}
    for player, body in (position.get("players") or {}).items():
        if isinstance(body, Mapping) and body.get("characters"):
            totals[player] = {c.get("id"): (c.get("now") or {}).get("hp", c.get("hp"))
                              for c in body["characters"] if isinstance(c, Mapping)}
    return totals


def _no_chain_note(position: Mapping) -> str | None:
    if position.get("phase") == "fight_choice":
        return "no chain yet: pick the fight first (cards are played once a fight is picked)"
    return None


RULES = Rules(
    name="eredan",
    compile_ability=compile_ability,
    upgrade_ability=upgrade_ability,
    load_position=load_position,
    to_dict=to_dict,
    legal_actions=legal_actions,
    apply=apply,
    goal_env=goal_env,
    in_play=in_play,
    played=lambda obj: obj.zone in ("queue", "in_fight", "attached", "discard"),
    ability_facts=ability_facts,
    check_card=check_card,
    characteristics=CHARACTERISTICS,
    required=REQUIRED,
    field_zones=frozenset({"characters"}),
    ordered_zones=frozenset({"deck"}),
    life_key=None,
    life_word="HP",
    header_totals=(("score", "points"),),
    life_totals=_life_totals,
    no_chain_note=_no_chain_note,
    shared_zones=frozenset({"queue", "played"}),
    zone_words={"played": "cards played in the fight"},
    attached_key="attached",
    why_not=why.why_not,
    copies=why.copies,
    wrong_value=wrong_value,
    check_expression_types=check_expression_types,
    derived=EredanDerived,
)

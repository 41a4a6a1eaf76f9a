"""Yu-Gi-Oh!'s part of the game contract: its zones, keys, card fields and words, and its functions."""

from __future__ import annotations

from collections.abc import Mapping

from cardjudge.rules.core.contract import Rules
from cardjudge.rules.ygo.derived import YgoDerived
from cardjudge.rules.ygo.expr_types import check_expression_types
from cardjudge.rules.ygo import why
from cardjudge.rules.ygo import card_values
from cardjudge.rules.ygo.abilities import compile_ability, upgrade_ability
from cardjudge.rules.ygo.build import build_position
from cardjudge.rules.ygo.facts import ability_facts
from cardjudge.rules.ygo.legal import legal_actions
from cardjudge.rules.ygo.materials import check_card
from cardjudge.rules.ygo.play import apply, apply_within_turn
from cardjudge.rules.ygo.position import load as load_position
from cardjudge.rules.ygo.position import to_dict
from cardjudge.rules.ygo.puzzle_boards import PUZZLE_BOARDS, loop_position
from cardjudge.rules.ygo.settled import settled
from cardjudge.rules.ygo.views import ON_FIELD, goal_env


def chain_settled(s) -> bool:
    """The chain has resolved: no link, nothing pending, no choice asked, no chain resolving."""
    return not s.chain and not s.pending and s.get("choice") is None and not s.get("resolving_chain")


def _life_totals(position: Mapping) -> dict:
    return {player: body["lp"] for player, body in (position.get("players") or {}).items()
            if isinstance(body, Mapping) and "lp" in body}


RULES = Rules(
    name="ygo",
    compile_ability=compile_ability,
    upgrade_ability=upgrade_ability,
    load_position=load_position,
    to_dict=to_dict,
    legal_actions=legal_actions,
    apply=apply,
    apply_within_turn=apply_within_turn,
    goal_env=goal_env,
    settled=settled,
    ability_facts=ability_facts,
    check_card=check_card,
    wrong_value=card_values.wrong_value,
    characteristics=card_values.CHARACTERISTICS,
    required=card_values.REQUIRED,
    field_zones=frozenset(ON_FIELD),
    ordered_zones=frozenset({"deck"}),
    # the attack being declared or fought, the Summon being performed, the card whose maintenance
    # cost is asked
    id_data=frozenset({"attack", "summoning", "maintenance"}),
    id_extra=frozenset({"attached_to"}),
    life_key="lp",
    life_word="LP",
    life_totals=_life_totals,
    played_zones=frozenset({"graveyard", "banished"}),
    chain_settled=chain_settled,
    build_position=build_position,
    loop_position=loop_position,
    puzzle_boards=PUZZLE_BOARDS,
    mandatory_loop="TCG Policy 2.1",
    why_not=why.why_not,
    copies=why.copies,
    check_expression_types=check_expression_types,
    derived=YgoDerived,
)

"""Magic's part of the game contract: its zones, keys, card fields and words, and its functions."""

from __future__ import annotations

from cardjudge.rules.core.contract import Rules
from cardjudge.rules.mtg.derived import MtgDerived
from cardjudge.rules.mtg.expr_types import check_expression_types
from cardjudge.rules.mtg import why
from cardjudge.rules.mtg import card_values
from cardjudge.rules.mtg.abilities import compile_ability, upgrade_ability
from cardjudge.rules.mtg.build import build_position
from cardjudge.rules.mtg.facts import ability_facts, card_abilities
from cardjudge.rules.mtg.needless import needless_actions
from cardjudge.rules.mtg.legal import legal_actions, legal_actions_except
from cardjudge.rules.mtg.play import apply, apply_stepwise
from cardjudge.rules.mtg.position import load as load_position
from cardjudge.rules.mtg.position import to_dict
from cardjudge.rules.mtg.puzzle_boards import PUZZLE_BOARDS, loop_position
from cardjudge.rules.mtg.sba import cannot_lose
from cardjudge.rules.mtg.settled import settled
from cardjudge.rules.mtg.views import goal_env
from cardjudge.rules.mtg.words import listing_text


def chain_settled(s) -> bool:
    """The stack has resolved: nothing on it, nothing pending, no choice asked."""
    return not s.chain and not s.pending and s.get("choice") is None


def not_in_chains(action) -> bool:
    """A mana ability only makes mana that casting can make by itself: chain listings skip it."""
    return bool(action.get("mana_ability"))


RULES = Rules(
    name="mtg",
    compile_ability=compile_ability,
    upgrade_ability=upgrade_ability,
    load_position=load_position,
    to_dict=to_dict,
    legal_actions=legal_actions,
    apply=apply,
    goal_env=goal_env,
    settled=settled,
    ability_facts=ability_facts,
    card_abilities=card_abilities,
    listing_text=listing_text,
    wrong_value=card_values.wrong_value,
    characteristics=card_values.CHARACTERISTICS,
    required=card_values.REQUIRED,
    field_zones=frozenset({"battlefield"}),
    ordered_zones=frozenset({"library"}),
    # the object that last entered (for "it" in its triggers), the creatures that dealt first-strike damage
    id_data=frozenset({"last_entered", "struck_first"}),
    id_extra=frozenset({"blocking", "attached_to", "enchant_only", "exiled_by", "attacking"}),
    life_key="life",
    life_word="life",
    played_zones=frozenset({"graveyard", "exile"}),
    shared_zones=frozenset({"stack"}),
    chain_settled=chain_settled,
    not_in_chains=not_in_chains,
    build_position=build_position,
    loop_position=loop_position,
    puzzle_boards=PUZZLE_BOARDS,
    legal_actions_except=legal_actions_except,
    apply_stepwise=apply_stepwise,
    cannot_lose=cannot_lose,
    why_not=why.why_not,
    copies=why.copies,
    check_expression_types=check_expression_types,
    derived=MtgDerived,
    needless_actions=needless_actions,
)

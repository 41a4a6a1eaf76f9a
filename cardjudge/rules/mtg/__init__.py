"""Magic: The Gathering rules: steps and priority, the stack, mana, combat, triggers, summoning sickness."""

from cardjudge.rules.mtg.abilities import compile_ability
from cardjudge.rules.mtg.legal import legal_actions
from cardjudge.rules.mtg.play import apply, apply_stepwise
from cardjudge.rules.mtg.position import load as load_position
from cardjudge.rules.mtg.position import to_dict
from cardjudge.rules.mtg.settled import settled
from cardjudge.rules.mtg.sba import cannot_lose
from cardjudge.rules.mtg.views import goal_env
from cardjudge.rules.mtg.build import build_position
from cardjudge.rules.mtg.facts import ability_facts, card_abilities
from cardjudge.rules.mtg.words import listing_text
from cardjudge.rules.mtg.expr_types import check_expression_types
from cardjudge.rules.mtg.legal import legal_actions_except, passes_and_choices
from cardjudge.rules.mtg.game import RULES

__all__ = [
    "RULES",
    "check_expression_types",
    "ability_facts",
    "build_position",
    "card_abilities",
    "compile_ability",
    "legal_actions",
    "apply",
    "load_position",
    "to_dict",
    "goal_env",
    "settled",
    "listing_text",
    "passes_and_choices",
    "legal_actions_except",
    "apply_stepwise",
    "cannot_lose",
]

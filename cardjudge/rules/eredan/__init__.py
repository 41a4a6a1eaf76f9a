"""Eredan iTCG rules: one fight per turn, cards played in order and resolved as a queue,
attached cards with their lifetimes, attack rolls as chance events."""

from cardjudge.rules.eredan.abilities import compile_ability
from cardjudge.rules.eredan.cards import check_card
from cardjudge.rules.eredan.legal import legal_actions
from cardjudge.rules.eredan.play import apply
from cardjudge.rules.eredan.position import load as load_position
from cardjudge.rules.eredan.position import to_dict
from cardjudge.rules.eredan.views import goal_env, in_play
from cardjudge.rules.eredan.facts import ability_facts
from cardjudge.rules.eredan.expr_types import check_expression_types
from cardjudge.rules.eredan.game import RULES

__all__ = [
    "RULES",
    "check_expression_types",
    "ability_facts",
    "check_card",
    "compile_ability",
    "legal_actions",
    "apply",
    "load_position",
    "to_dict",
    "goal_env",
    "in_play",
]

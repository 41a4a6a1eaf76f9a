"""Yu-Gi-Oh rules: turn and phases, summons, Fast Effect Timing, the chain, SEGOC, battle."""

from cardjudge.rules.ygo.abilities import compile_ability
from cardjudge.rules.ygo.legal import legal_actions
from cardjudge.rules.ygo.materials import check_card
from cardjudge.rules.ygo.play import apply, apply_within_turn
from cardjudge.rules.ygo.position import load as load_position
from cardjudge.rules.ygo.position import to_dict
from cardjudge.rules.ygo.settled import settled
from cardjudge.rules.ygo.views import goal_env
from cardjudge.rules.ygo.build import build_position
from cardjudge.rules.ygo.facts import ability_facts
from cardjudge.rules.ygo.expr_types import check_expression_types
from cardjudge.rules.ygo.game import RULES

__all__ = [
    "RULES",
    "check_expression_types",
    "ability_facts",
    "build_position",
    "compile_ability",
    "legal_actions",
    "apply",
    "apply_within_turn",
    "load_position",
    "to_dict",
    "goal_env",
    "check_card",
    "settled",
]

"""cardjudge: a rules checker for trading card games.

Public API (contract section 2)::

    state = load_position("examples/ygo-wanghu.yaml")
    for action in legal_actions(state):
        print(action.to_dict())
    state = apply(state, legal_actions(state)[0])
    print(to_dict(state))
"""

from cardjudge import native

native.install()  # before any compiled module is imported: an edited source must not be shadowed

from cardjudge.cards.loader import CardPool, load_cards
from cardjudge.errors import InputError
from cardjudge.rules.core.actions import Action
from cardjudge.rules.core.chains import list_chains
from cardjudge.rules.core.engine import apply, legal_actions, load_position, to_dict
from cardjudge.rules.core.state import State
from cardjudge.solver.combos import find_combos
from cardjudge.solver.generate import generate_puzzles
from cardjudge.solver.puzzles import check_puzzle, load_puzzle, solve_puzzle
from cardjudge.solver.loops import find_loops
from cardjudge.solver.why import explain

__all__ = [
    "Action",
    "CardPool",
    "InputError",
    "State",
    "apply",
    "find_combos",
    "find_loops",
    "legal_actions",
    "list_chains",
    "load_cards",
    "load_position",
    "to_dict",
    "check_puzzle",
    "generate_puzzles",
    "load_puzzle",
    "solve_puzzle",
    "explain",
]

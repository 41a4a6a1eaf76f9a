"""The actions of the searcher that no shortest line needs, proved from the position's cards: the
game contract's ``needless_actions`` for Magic. Three proofs, each of its own module:

- floated mana (:mod:`cardjudge.rules.mtg.floating`): a line with fewer counted actions pays
  with the same mana abilities while it pays;
- spells and abilities in the steps beside the main phases (:mod:`cardjudge.rules.mtg.moments`):
  a line of the same solution takes them in the main phase next to that step;
- an ability activated with X = 0 that does nothing (:mod:`cardjudge.rules.mtg.zero_x`): the
  line without it is shorter.

Together they hold too: from a line with any of these actions, leave out the X = 0 activations
(what remains is the same line otherwise), then the floated mana (each payment activates the
same sources, at the same moment), then move the spells and abilities out of those steps (their
payments tap the same untapped sources, as nothing happens between the two moments): each step
keeps the line winning, of the same solution or shorter, and adds none of the other actions.
"""

from __future__ import annotations

from typing import Callable

from cardjudge.rules.mtg.floating import needless_floats
from cardjudge.rules.mtg.moments import needless_moments
from cardjudge.rules.mtg.zero_x import needless_zero_x


def needless_actions(state, searcher: str, goal_text: str | None, last_turn: int | None,
                     opponent: str) -> Callable | None:
    """``leave_out(state, action)`` for a search of the shortest lines from ``state`` to the goal
    ``goal_text`` (None: a goal given as a function, which may read anything) against a
    ``passive`` or ``adversarial`` opponent, or None when nothing can be left out."""
    parts = [part for part in (needless_floats(state, searcher, goal_text, last_turn),
                               needless_moments(state, searcher, goal_text, opponent),
                               needless_zero_x(state, searcher, goal_text)) if part is not None]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    return lambda s, action: any(part(s, action) for part in parts)

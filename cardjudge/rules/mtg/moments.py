"""When a search for the shortest lines may leave out the spells and abilities taken in the
beginning of combat, end of combat and end steps, with the stack empty.

Two lines that make the same decisions at other moments of the turn are one solution (see
:mod:`cardjudge.solver.solutions`), and they have as many counted actions. :func:`needless_moments`
proves, from the position's cards alone, that whatever the searcher does at one of those moments
with the stack empty, it can do at a moment next to it with the same outcome, so that every line
has one of the same solution, and as short, that acts at none of them:

- in the beginning of combat step (CR 507) as at the end of the first main phase, just before
  passing: nothing happens between the two (no trigger at the beginning of combat);
- in the end of combat step (CR 511) as at the start of the second main phase: between the two
  only the creatures leave combat (511.3), which nothing reads, and no trigger comes at the
  beginning of the main phase;
- in the end step (CR 513) as at the end of the second main phase: nothing happens between the
  two (no trigger at the beginning of the end step).

Spells and abilities are taken in the same order, only the step they are taken in changes, and
the actions of the other moments (each done at the same point of the line) stay as they are. The
conditions, checked on every card of the position (every zone, both players):

1. no triggered ability listens to the beginning of those steps or of the second main phase, and
   none is delayed ("at the beginning of the next end step");
2. no expression, target or rule reads the step, the phase, combat or whether a creature is
   attacking or blocking (the words appear nowhere but in the step triggers' own conditions on
   other steps), nor does the goal; lasting effects end at the end of the turn or never
   (``effects._until``), never at the end of a step;
3. the other players are passive (they pass whenever they may): an adversarial opponent gets to
   answer at the moments themselves, and the strategies would not be the same;
4. the moment the action moves to lies within the search: the first main phase or the second
   one of a turn the search starts before or in.

Only the searcher's spells and activated abilities are left out (declaring attackers and
blockers, choices and the players' passes are kept), and only with the stack empty and nothing
waiting to be put on it. When any condition fails the answer is None and nothing is left out.
"""

from __future__ import annotations

import re
from typing import Callable

from cardjudge.rules.core.expr import Attr, Binary, Const, Logic, Name
from cardjudge.rules.mtg.facts import card_abilities, effect_ops
from cardjudge.rules.mtg.flow import STEPS

# the step an action there moves to, and whether that is earlier (so the search must begin before it)
_MOVED = {"beginning_of_combat": ("main1", True), "end_of_combat": ("main2", False), "end": ("main2", True)}
_QUIET_STEPS = frozenset(_MOVED) | {"main2"}  # no trigger may come at the beginning of these
_READS_MOMENT = re.compile(r"step|phase|combat|attacking|blocking", re.IGNORECASE)
_MOVABLE = frozenset({"cast", "activate"})


def needless_moments(state, searcher: str, goal_text: str | None, opponent: str) -> Callable | None:
    """``leave_out(state, action)``: whether ``action`` is a spell or activated ability of
    ``searcher`` taken, with the stack empty, in a step where a line needs none (see the
    module's proof); None when the position's cards do not prove it."""
    if opponent != "passive" or goal_text is None or _READS_MOMENT.search(goal_text):
        return None
    for name in sorted({obj.card for obj in state.objects.values()}):
        card = state.pool[name]
        if not all(_quiet(ability) for ability in card_abilities(card)):
            return None
    root_turn, root_step = state.turn, STEPS.index(state.phase)

    def leave_out(s, action) -> bool:
        if action.kind not in _MOVABLE or action.player != searcher or s.chain or s.pending:
            return False
        moved = _MOVED.get(s.phase)
        if moved is None:
            return False
        target, earlier = moved
        return not earlier or s.turn > root_turn or STEPS.index(target) >= root_step

    return leave_out


def _quiet(ability) -> bool:
    """Conditions 1 and 2 for one ability."""
    when = ability.when
    if ability.on == "step":
        step, when = _step_of(when)
        if step is None or step in _QUIET_STEPS:
            return False
    if any(op == "delayed" for op, _ in effect_ops(ability.effect)):
        return False
    return not _READS_MOMENT.search(repr((ability.targets, ability.effect, when, ability.condition, ability.rule)))


def _step_of(when) -> tuple:
    """(the step, the rest of the condition) of a step trigger whose condition is ``e.step ==
    'NAME'``, alone or with others joined by ``and``; (None, the condition) for another one."""
    if _is_step_test(when):
        return str(when.right.value), None
    if type(when) is Logic and when.op == "and":
        tests = [item for item in when.items if _is_step_test(item)]
        if len(tests) == 1:
            return str(tests[0].right.value), tuple(item for item in when.items if item is not tests[0])
    return None, when


def _is_step_test(node) -> bool:
    return (type(node) is Binary and node.op == "==" and type(node.left) is Attr and node.left.name == "step"
            and type(node.left.obj) is Name and node.left.obj.name == "e" and type(node.right) is Const)

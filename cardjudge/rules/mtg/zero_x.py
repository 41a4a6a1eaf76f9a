"""When a search for the shortest lines may leave out an activated ability with X = 0 that does
nothing ("{X}: Crypt Rats deals X damage to each creature and each player", X = 0).

Such an activation costs nothing, targets nothing, and resolves doing nothing: every step of its
effect deals X damage, and 0 damage is no damage (CR 120.8; ``mutations.deal_damage``). Let L be a
line that activates it, and L* the same line without that activation: what L does while the
ability waits on the stack (answers at instant speed, passes) L* does at the same moment with the
ability absent, and it resolves the same way, provided that nothing sees the ability itself: no
trigger listens to abilities being activated, and no effect counters or copies what is on the
stack (``counter``, ``copy_ability``). L* then reaches the same position as L (the count of
passes in succession aside, which starts again at the next action) with one counted action
fewer, so no shortest line activates it (a goal given as a function rather than as text, which
might read anything, keeps it): :func:`needless_zero_x` says which actions a
search for the shortest lines may leave out, checked on every card of the position (every zone,
both players); None when a card could see the activation.
"""

from __future__ import annotations

from typing import Callable

from cardjudge.rules.mtg.facts import card_abilities, effect_ops

_SEES_THE_STACK = frozenset({"counter", "copy_ability"})


def needless_zero_x(state, searcher: str, goal_text: str | None) -> Callable | None:
    """``leave_out(state, action)``: whether ``action`` is the searcher's activation with X = 0
    of an ability that then does nothing (see the module's proof); None when a card of the
    position could see such an activation."""
    if goal_text is None:
        return None
    does_nothing: set = set()  # (card name, ability index) of the abilities that do nothing at X = 0
    for name in sorted({obj.card for obj in state.objects.values()}):
        for ability in card_abilities(state.pool[name]):
            if ability.on == "ability_activated":
                return None
            ops = effect_ops(ability.effect)
            if any(op in _SEES_THE_STACK for op, _ in ops):
                return None
            if _nothing_at_zero(ability, ops):
                does_nothing.add((name, ability.index))
    if not does_nothing:
        return None

    def leave_out(s, action) -> bool:
        return (action.kind == "activate" and action.player == searcher and not action.costs
                and (action.card, action.ability) in does_nothing)

    return leave_out


def _nothing_at_zero(ability, ops) -> bool:
    """An activated ability whose whole cost is {X} (no other mana, tapping or cost part), with
    no target, whose every step deals X damage from itself: at X = 0, nothing."""
    if ability.kind != "activated" or ability.mana.replace("{X}", "") or ability.tap or ability.untap:
        return False
    if ability.costs or ability.targets or ability.condition is not None or "{X}" not in ability.mana:
        return False
    return bool(ops) and all(op == "damage" and isinstance(body, dict) and body.get("amount") == "x"
                             and "from" not in body for op, body in ops)

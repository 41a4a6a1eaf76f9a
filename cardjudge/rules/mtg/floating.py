"""When a search for the shortest lines may leave out the standalone mana abilities (CR 605.3a).

A mana ability activated on its own at priority ("tap Swamp: add {B}", mana floated) counts as
an action of its own, and the listing offers it beside every payment, which activates the same
abilities while the cost is paid (CR 601.2g). :func:`needless_floats` proves, from the position's
cards alone, that floating mana never helps: then every winning line that floats mana has a
winning line with fewer counted actions, so no shortest line floats mana, and a search for the
shortest lines (a solution, every solution, a second solution, "no shorter line") may leave those
actions out and find exactly the same lines.

The proof. Let L be a line (or a strategy: each way the game can go) that floats mana, and L*
the same line without its standalone mana abilities, each payment of L that spent floated mana
activating instead, while it is paid, the abilities that made that mana. The check below
establishes, for every card of the position (every zone, both players):

1. Every mana ability is plain: its whole cost is {T} of its own permanent, it adds one mana
   (of one kind, or one of any colour), has no other effect and no condition, and it is on a land
   that is neither a creature nor an artifact. Such an ability is one of the sources every
   payment may activate (``legal.mana_sources``), each activation paying one symbol; the mana
   pools are empty at the start and no other effect adds mana. So in L the pools hold only
   floated mana, and in L* they are always empty.
2. Nothing can make a floated source unavailable before its mana is spent: no effect destroys,
   exiles, bounces, sacrifices, taps or untaps a permanent, changes its controller, or makes it a
   creature, a copy or another face (only the effect steps listed in ``_HARMLESS_OPS`` appear, and
   those touch creatures, players, the stack, cards in other zones or add counters, or those of
   ``_SELF_ONLY_OPS`` on the ability's own card when it is no land: Ball Lightning sacrificing
   itself; a card's types change by no effect there, point 1 keeping lands from becoming
   creatures); no cost taps,
   sacrifices or exiles another permanent, or untaps ({Q}); no lasting effect in the position does
   more than those steps. So each source floated in L is still on the battlefield, untapped and
   under its controller's control in L* when the payment that spent its mana comes.
3. Nothing tells a tapped land from an untapped one or reads a mana pool: no trigger listens to
   tapping or to mana being added, and no expression, target or rule of any card names tapped
   status or the pool (the words ``tap`` and ``pool`` appear nowhere in them but in costs, in
   "enters tapped" and in the untap-triggers of point 4), nor does the goal. So each action of L
   is legal in the matching state of L* (the listing of payments over more untapped sources
   still holds L's payment; copies that are interchangeable are merged by the canonical key) and
   does the same thing; the states of L* differ from L's only by floated sources being untapped
   and the pools empty, and L* ends where L ends, up to sources whose floated mana was never spent
   being untapped, which the goal does not see.
4. Only in the search's last turn, after its untap step: an untap step later on would untap, in
   L, sources that are already untapped in L*, and a trigger on becoming untapped (Inspired) would
   tell the two apart. Within the last turn nothing untaps (point 2).

L* has one counted action fewer per standalone mana ability, so it is shorter than L: the
shortest lines float no mana. Only the searcher's own mana abilities are left out (an adversarial
opponent keeps every option). When any point fails the answer is None and nothing is left out.
"""

from __future__ import annotations

import re
from typing import Callable

from cardjudge.rules.mtg.facts import card_abilities, effect_ops
from cardjudge.rules.mtg.mutations import mana_pool

# effect steps that cannot touch a noncreature land on the battlefield, read tapped status or
# add mana ("damage" and "modify" reach creatures, players and planeswalkers; "counter" a spell)
_HARMLESS_OPS = frozenset({
    "damage", "draw", "gain_life", "lose_life", "counter", "return", "put_onto_battlefield", "add_counters",
    "win_game", "lose_game", "choose", "mode", "if", "exchange_life", "scry", "discard", "exile_if_dies",
    "modify", "delayed",
})
# steps harmless when they touch only the ability's own card ("self"), which is no land
_SELF_ONLY_OPS = frozenset({"sacrifice", "destroy", "exile", "to_hand", "tap", "untap"})
_HARMLESS_LASTING = frozenset({"modify", "exile_if_dies"})
# cost parts that only touch the hand, the graveyard, life or counters
_HARMLESS_COSTS = frozenset({"discard", "pay_life", "remove_counter", "loyalty", "exile_from_graveyard"})
_TAPPED_OR_POOL = re.compile(r"tap|pool", re.IGNORECASE)
_UNTAP_TRIGGER = "becomes_untapped"  # harmless within the last turn (point 4)


def needless_floats(state, searcher: str, goal_text: str | None, last_turn: int | None) -> Callable | None:
    """``leave_out(state, action)``: whether ``action`` is a standalone mana ability of
    ``searcher`` that a search for the shortest lines to the goal ``goal_text`` may leave out
    (see the module's proof); None when the position's cards do not prove it. ``last_turn``: the
    last turn the search looks at (None: no bound, and nothing is left out)."""
    if last_turn is None or goal_text is None or _TAPPED_OR_POOL.search(goal_text):
        return None
    if any(mana_pool(state, player) for player in state.players):
        return None
    if any(obj.get("copy_of") for obj in state.objects.values()):
        return None
    if any(effect.kind not in _HARMLESS_LASTING for effect in state.lasting):
        return None
    for name in sorted({obj.card for obj in state.objects.values()}):
        card = state.pool[name]
        if not all(_harmless(card, ability) for ability in card_abilities(card)):
            return None

    def leave_out(s, action) -> bool:
        return s.turn == last_turn and action.player == searcher and bool(action.get("mana_ability"))

    return leave_out


def _harmless(card, ability) -> bool:
    """Points 1-3 of the proof for one ability of ``card``."""
    if ability.kind == "mana":
        return _plain_mana(card, ability)
    if ability.untap or any(part.kind not in _HARMLESS_COSTS for part in ability.costs):
        return False
    if ability.on is not None and ability.on != _UNTAP_TRIGGER and _TAPPED_OR_POOL.search(ability.on):
        return False
    if ability.on == "mana_added":
        return False
    land = "Land" in (card["types"] or ())
    if any(op not in _HARMLESS_OPS and not (op in _SELF_ONLY_OPS and body == "self" and not land)
           for op, body in _all_ops(ability.effect)):
        return False
    rule = tuple(item for item in ability.rule if not (ability.kind == "enters_with" and item[0] == "tapped"))
    return not _TAPPED_OR_POOL.search(repr((ability.targets, ability.effect, ability.when, ability.condition, rule)))


def _all_ops(effect) -> list:
    """The effect's steps, those of its delayed triggers included."""
    found = []
    for op, body in effect_ops(effect):
        found.append((op, body))
        if op == "delayed" and isinstance(body, dict):
            found += _all_ops(body.get("effect", []))
    return found


def _plain_mana(card, ability) -> bool:
    """Point 1: "{T}: Add one mana" on a land that is no creature or artifact, nothing else."""
    types = set(card["types"] or ())
    if "Land" not in types or types & {"Creature", "Artifact"}:
        return False
    one = ability.add == "any" or len(ability.add) == 1
    return (ability.tap and not ability.untap and not ability.mana and not ability.costs and one
            and not ability.effect and ability.condition is None and not ability.targets and not ability.rule)

"""Why an Eredan action is not legal now: every reason, from the checks ``legal`` lists with.

``why_not(s, oid, kind)`` runs, for one card and one kind of action (``activate``: play a
card; ``attack``: pick a fight with a character), the named checks of
:mod:`cardjudge.rules.eredan.legal` (the moment, the fighter's class, guild, race and caste,
one card a fight unless an Enchaînement allows another, what a character may hold) and keeps
every reason they give. It is empty exactly when ``legal_actions`` lists an action of that kind
with that card (or with an interchangeable copy, listed once: G1).
"""

from __future__ import annotations

from cardjudge.errors import InputError
from cardjudge.rules.core.reasons import Reason, in_judge_order
from cardjudge.rules.eredan import legal
from cardjudge.rules.eredan.cards import attach_mode
from cardjudge.rules.eredan.options import option
from cardjudge.rules.eredan.views import alive, cdef, characters, fighter_of, living

#: The kinds of action a judge may ask about.
KINDS = ("activate", "attack")


def copies(s, oid: int) -> list[int]:
    """The objects a listing stands for when it names ``oid`` (G1): the cards of the same name
    in the same hand, the characters ``legal`` counts as one."""
    obj = s.objects[oid]
    if obj.zone == "characters":
        return legal._distinct_group(s, oid)
    return [other for other in s.zone(obj.controller, obj.zone) if s.objects[other].card == obj.card]


def why_not(s, oid: int, kind: str) -> list[Reason]:
    """Every reason the card ``oid`` cannot be used for an action of ``kind`` now (empty: it can)."""
    if kind not in KINDS:
        raise InputError(f"explain: Eredan actions of kind {kind!r} are not explained; ask about one of "
                         f"{', '.join(KINDS)}")
    obj = s.objects[oid]
    if s.winner is not None:
        return [Reason("timing", f"the game is over ({s.winner} won)", None, None)]
    if s.pending:
        return [Reason("timing", "a decision is pending: it is made first", None, None)]
    if kind == "attack":
        return in_judge_order(_fight_reasons(s, oid))
    if s.phase != "play":
        return [Reason("timing", f"cards are played once the fight is picked (now: {s.phase.replace('_', ' ')})",
                       None, obj.card)]
    player = s.get("to_play")
    if obj.controller != player:
        return [Reason("timing", f"{player} plays now, not {obj.controller}", None, obj.card)]
    if obj.zone != "hand":
        return [Reason("zone", f"{obj.card} is not in the hand: a card is played from the hand", None, obj.card)]
    found = legal.play_reasons(s, player, oid)
    if found:
        return in_judge_order(found)
    return in_judge_order(_holder_reasons(s, oid, player))


def _holder_reasons(s, oid: int, player: str) -> list[Reason]:
    """Why a card the fighter may play has nobody to be attached to (what a character may hold)."""
    card = cdef(s, oid)
    mode = attach_mode(card)
    if mode == "chosen":
        targets = [o for p in s.players for o in characters(s, p) if alive(s, o)]
        found = [legal.hold_reason(s, card, target) for target in targets]
        if not targets or any(reason is None for reason in found):
            return [] if targets else [Reason("target", f"no living character can receive {card.name}", None,
                                              card.name)]
        return [reason for reason in found if reason is not None]
    holder = fighter_of(s, player) if mode == "self" else (
        fighter_of(s, s.opponent_of(player)) if mode == "opponent" else None)
    if holder is None:
        return []
    reason = legal.hold_reason(s, card, holder)
    return [reason] if reason is not None else []


def _fight_reasons(s, oid: int) -> list[Reason]:
    obj = s.objects[oid]
    name = obj.card
    if s.phase != "fight_choice":
        return [Reason("timing", f"a fight is picked at the start of a combat (now: {s.phase.replace('_', ' ')})",
                       None, name)]
    if obj.controller != s.active:
        return [Reason("timing", f"{s.active} picks the fight, not {obj.controller}", None, name)]
    if obj.zone != "characters":
        return [Reason("zone", f"{name} is not a character in play: only one fights", None, name)]
    found = []
    if not alive(s, oid):
        found.append(Reason("condition", f"{name} has no HP left", None, name))
    if "tapped" in obj.flags:
        found.append(Reason("condition", f"{name} is tapped: it fought already this turn", None, name))
    other = s.opponent_of(s.active)
    theirs = [o for o in living(s, other) if option(s, "tapped_defender") or "tapped" not in s.objects[o].flags]
    if not theirs:
        found.append(Reason("target", f"{other} has no untapped living character to fight", None, name))
    return found

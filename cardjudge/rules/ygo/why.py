"""Why a Yu-Gi-Oh action is not legal now: every reason, from the checks ``legal`` lists with.

``why_not(s, oid, kind)`` runs, for one card and one kind of action, each named check of
:mod:`cardjudge.rules.ygo.legal` that the listing of legal actions stops at (timing, the
card's state, limits, its condition, its costs and targets, the Normal Summon, the zones) and
keeps every reason they give, in the order a judge checks them. It is empty exactly when
``legal_actions`` lists an action of that kind with that card (or with an interchangeable copy
of it, listed once: G1).
"""

from __future__ import annotations

from cardjudge.errors import InputError
from cardjudge.rules.core.reasons import Reason, in_judge_order, whose
from cardjudge.rules.ygo.wording import says
from cardjudge.rules.ygo import effects, legal, materials, windows, zones
from cardjudge.rules.ygo.copies import interchange_key
from cardjudge.rules.ygo.records import PendingTrigger
from cardjudge.rules.ygo.windows import window
from cardjudge.rules.ygo.procedures import hand_procedures

#: The kinds of action a judge may ask about.
KINDS = ("activate", "summon", "set", "attack")

_ZONE_WORDS = {"hand": "the hand", "deck": "the Deck", "graveyard": "the GY", "banished": "banishment",
               "monsters": "a Monster Zone", "spells_traps": "the Spell & Trap Zone", "field_spell": "the Field Zone",
               "extra_deck": "the Extra Deck"}


def copies(s, oid: int) -> list[int]:
    """The objects interchangeable with ``oid`` (itself included): a listing names one of them (G1)."""
    key = interchange_key(s, oid)
    obj = s.objects[oid]
    return [other for other in s.zone(obj.controller, obj.zone) if interchange_key(s, other) == key]


def why_not(s, oid: int, kind: str) -> list[Reason]:
    """Every reason the card ``oid`` cannot be used for an action of ``kind`` now (empty: it can)."""
    if kind not in KINDS:
        raise InputError(f"explain: Yu-Gi-Oh actions of kind {kind!r} are not explained; ask about one of "
                         f"{', '.join(KINDS)}")
    obj = s.objects[oid]
    player = obj.controller
    moment = _moment_reasons(s, player, oid, kind)
    if moment is not None:
        return in_judge_order(moment)
    window_kind, _priority, _ = window(s)
    if kind == "activate":
        reasons = _activation_reasons(s, oid, player, window_kind)
    elif kind == "attack":
        reasons = _attack_reasons(s, oid, player, window_kind)
    else:
        reasons = _summon_reasons(s, oid, player, window_kind, kind)
    return in_judge_order(reasons)


def _moment_reasons(s, player: str, oid: int, kind: str) -> list[Reason] | None:
    """The reasons nothing of ``player``'s may be done at this moment (the game over, a choice
    open, triggers to place, the other player's priority); None when the moment allows it."""
    card = s.objects[oid].card
    if s.winner is not None:
        return [Reason("timing", f"the game is over ({s.winner} won)", None, None)]
    choice = s.get("choice")
    if choice is not None:
        return [Reason("timing", f"{choice.player} must first make a choice ({choice.kind.replace('_', ' ')})",
                       None, None)]
    if legal.placing_triggers(s):
        return _trigger_reasons(s, oid, kind)
    _kind, priority, _ = window(s)
    if priority != player:
        rule = "Y7" if s.chain else None
        return [Reason("timing", f"{says(priority, 'hold')} priority now, not {player}", rule, card)]
    return None


def _trigger_reasons(s, oid: int, kind: str) -> list[Reason]:
    """While triggers are put on the chain: nothing else may be done; a trigger of this card
    that cannot be activated says why."""
    card = s.objects[oid].card
    ours = [t for t in s.pending if isinstance(t, PendingTrigger) and t.oid == oid]
    if kind != "activate" or not ours:
        return [Reason("timing", "triggered effects are being put on the chain first", "G2", card)]
    next_ones = set(map(id, windows.trigger_choices(s)))
    reasons = []
    for trigger in ours:
        if id(trigger) not in next_ones:
            reasons.append(Reason("timing", f"{card}'s trigger waits: the turn player's mandatory triggers go on "
                                            "the chain first, then the opponent's, then the optional ones",
                                  "G2", card))
            continue
        options = legal._trigger_options(s, trigger)
        if options:
            return []
        obj = s.objects[oid]
        pool_card = s.pool[obj.card]
        ability = pool_card.abilities[trigger.ability]
        found = [legal.limit_reason(s, obj, pool_card, ability, trigger.controller),
                 legal.condition_reason(s, oid, trigger.controller, trigger.event, ability, pool_card)]
        found = [r for r in found if r is not None]
        if not found:
            found = _option_reasons(s, oid, ability, trigger.controller, trigger.event, 0, pool_card)
        reasons += found
    return reasons


def _activation_reasons(s, oid: int, player: str, window_kind: str) -> list[Reason]:
    obj = s.objects[oid]
    card = s.pool[obj.card]
    abilities = [a for a in card.abilities if a.kind in ("activate", "ignition", "quick")]
    if not abilities:
        return [Reason("condition", f"{card.name} has no card or effect activation of its own", None, card.name)]
    rules = legal.window_rules(s, player, window_kind)
    own_turn = s.active == player
    every = []
    for number, ability in enumerate(abilities, 1):
        found = _ability_reasons(s, obj, card, ability, player, rules, own_turn)
        if not found:
            return []
        if len(abilities) > 1:  # which of the card's activations each reason is about
            found = [Reason(r.kind, f"(activation {number}) {r.text}", r.rule, r.card) for r in found]
        every += found
    return every


def _ability_reasons(s, obj, card, ability, player, rules, own_turn) -> list[Reason]:
    if obj.zone not in ability.zones:
        places = ", ".join(_ZONE_WORDS.get(z, z) for z in ability.zones)
        return [Reason("zone", f"{card.name} is in {_ZONE_WORDS.get(obj.zone, obj.zone)}; it is activated from "
                               f"{places}", None, card.name)]
    found = [legal.timing_reason(rules, card, ability, legal._speed(card, ability))]
    mode = legal._card_activation_mode(s, obj, card, ability, own_turn)
    found.append(mode if isinstance(mode, Reason) else None)
    found.append(legal.limit_reason(s, obj, card, ability, player))
    found.append(legal.fusion_reason(s, player, card, ability))
    found.append(legal.events_reason(s, ability, rules.kind, obj, player, card))
    found = [r for r in found if r is not None]
    events = legal._matching_events(s, ability, rules.kind, obj, player)
    if not events:
        return found
    extra = legal.play_cost(s, player, obj.zone == "hand")
    per_event = []
    for event in events:
        reason = legal.condition_reason(s, obj.oid, player, event, ability, card)
        if reason is not None:
            per_event.append([reason])
            continue
        per_event.append(_option_reasons(s, obj.oid, ability, player, event, extra, card))
    if any(not reasons for reasons in per_event) and not found:
        return []
    return found + min(per_event, key=len)


def _option_reasons(s, oid: int, ability, player: str, event, extra_lp: int, card) -> list[Reason]:
    """Why an activation has no way to pay its costs and choose its targets (empty: it has one)."""
    why: list[Reason] = []
    plan = legal.activation_slots(s, oid, ability, player, event, extra_lp, why)
    if why:
        return why
    if plan is not None and not legal._solved_options(s, ability, *plan):
        return [Reason("target", f"no choice of {card.name}'s costs and targets fits together (one card cannot "
                                 "be used twice)", "G1", card.name)]
    return []


def _main_phase_reason(s, player: str, window_kind: str, what: str, card: str) -> Reason | None:
    if window_kind != "open" or s.phase not in legal.MAIN_PHASES or s.active != player:
        return Reason("timing", f"{what} only in its controller's own Main Phase, when nothing else is happening "
                                f"(now: {whose(s.active)} {s.phase.replace('_', ' ')})", None, card)
    return None


def _summon_reasons(s, oid: int, player: str, window_kind: str, kind: str) -> list[Reason]:
    obj = s.objects[oid]
    card = s.pool[obj.card]
    name = card.name
    timing = _main_phase_reason(s, player, window_kind, "a monster is Summoned or Set" if card["kind"] == "monster"
                                else "a card is Set", name)
    if obj.zone == "hand":
        imposed = legal._imposed_by(s, "play_cost")
        found = [timing, legal.lp_cost_reason(s, player, legal.play_cost(s, player, True),
                                              f"a play from the hand ({imposed})", imposed, "C7")]
        if card["kind"] == "monster":
            found.append(legal.normal_summon_reason(s, player, oid, s.zone(player, "monsters")))
        elif kind == "set":
            found.append(legal.set_spell_reason(s, player, oid))
        else:
            found.append(Reason("summon", f"{name} is not a monster: it is not Summoned", None, name))
        found = [r for r in found if r is not None]
        if found and kind == "summon" and timing is None and any(a.kind == "procedure" for a in card.abilities):
            procedure = _procedure_reasons(s, oid, player)
            if not procedure:
                return []
            found += procedure
        return found
    if obj.zone == "extra_deck" and kind == "summon":
        return [r for r in (timing, *_extra_deck_reasons(s, oid, player, card)) if r is not None]
    if obj.zone == "monsters" and kind == "summon":
        return [r for r in (timing, legal.flip_summon_reason(obj)) if r is not None]
    verb = "Summoned" if kind == "summon" else "Set"
    return [Reason("zone", f"{name} is in {_ZONE_WORDS.get(obj.zone, obj.zone)}: a card is {verb} from the hand"
                           + (" or the Extra Deck" if kind == "summon" else ""), None, name)]


def _procedure_reasons(s, oid: int, player: str) -> list[Reason]:
    """Why a monster of the hand with a Summon procedure of its own (Cyber Dragon) cannot use it."""
    obj = s.objects[oid]
    card = s.pool[obj.card]
    procedures = [a for a in card.abilities if a.kind == "procedure"]
    same = set(copies(s, oid))
    if any(action.get("oid") in same for action in hand_procedures(s, player)):
        return []
    if not zones.free_main(s, player):
        return [Reason("zone", f"{whose(player)} Main Monster Zones are full (5 monsters)", None, card.name)]
    if effects.summon_limited(s, player, card):
        return [Reason("limit", f"{player} already Special Summoned {card.name} this turn (once per turn)", None,
                       card.name)]
    found = []
    for ability in procedures:
        if ability.limit is not None and ("turn", "hard", player, ability.limit_key or obj.card) in s.used:
            found.append(Reason("limit", f"{player} already Special Summoned {card.name} this way this turn",
                                None, card.name))
        else:
            found.append(legal.condition_reason(s, oid, player, None, ability, card))
    return [r for r in found if r is not None]


def _extra_deck_reasons(s, oid: int, player: str, card) -> list[Reason]:
    kind = card["subtype"]
    if effects.summon_limited(s, player, card):
        return [Reason("limit", f"{player} already Special Summoned {card.name} this turn (once per turn)", None,
                       card.name)]
    if kind == "synchro":
        sets = materials.synchro_sets(s, player, card.name, card["level"])
    elif kind == "xyz":
        sets = materials.xyz_sets(s, player, card.name)
    else:
        return [Reason("summon", f"{card.name} is a {kind.title()} Monster: it is Summoned by a card that says so "
                                 "(Polymerization for a Fusion)", None, card.name)]
    if sets:
        return []
    return [Reason("cost", f"no set of monsters {says(player, 'control')} meets {card.name}'s materials", None, card.name)]


def _attack_reasons(s, oid: int, player: str, window_kind: str) -> list[Reason]:
    obj = s.objects[oid]
    if obj.zone != "monsters":
        return [Reason("zone", f"{obj.card} is in {_ZONE_WORDS.get(obj.zone, obj.zone)}: only a monster on the "
                               "field attacks", None, obj.card)]
    found = []
    if window_kind != "open" or s.phase != "battle_step" or s.active != player:
        found.append(Reason("timing", f"attacks are declared in their controller's own Battle Step (now: "
                                      f"{whose(s.active)} {s.phase.replace('_', ' ')})", None, obj.card))
    imposed = legal._imposed_by(s, "attack_cost")
    found.append(legal.lp_cost_reason(s, player, legal.attack_cost(s), f"an attack ({imposed})", imposed, "C7"))
    found.append(legal.attacker_reason(s, oid))
    found.append(legal.direct_attack_reason(s, oid, s.zone(s.opponent_of(player), "monsters")))
    return [r for r in found if r is not None]


__all__ = ["KINDS", "copies", "why_not"]

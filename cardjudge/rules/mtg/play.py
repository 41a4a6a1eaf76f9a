"""Applying an action to a Magic game: a new State, the given one untouched.

After the action itself, the game goes on by itself (state-based actions, triggered
abilities onto the stack, steps without priority) until a player has a decision to make.
"""

from __future__ import annotations

from cardjudge.errors import InputError
from cardjudge.rules.core.events import Event
from cardjudge.rules.core.state import Draft, State
from cardjudge.rules.mtg import effects, flow, sba
from cardjudge.rules.mtg import mutations as m
from cardjudge.rules.mtg.legal import is_listed
from cardjudge.rules.mtg.records import Choice, Frame, StackItem
from cardjudge.rules.mtg.triggers import emit
from cardjudge.rules.mtg.views import abilities_of, card_def, has_keyword, object_abilities
from cardjudge.rules.mtg.keywords import implements

# the keyword of attacking this module implements (rule 702.20)
implements(__name__, "Vigilance")


def apply(state: State, action) -> State:
    """The state after ``action`` (one of ``legal_actions(state)``)."""
    if not is_listed(state, action):
        raise InputError(f"not a legal action now: {action.text}")
    d = Draft(state)
    HANDLERS[action.kind](d, action)
    flow.settle(d)
    return d.freeze()


def apply_stepwise(state: State, action) -> State:
    """As :func:`apply`, but an object on the stack nobody can respond to waits for the players
    to pass instead of resolving by itself: each resolution is an action of its own."""
    from cardjudge.rules.mtg.legal import is_listed

    if not is_listed(state, action):
        raise InputError(f"not a legal action now: {action.text}")
    d = Draft(state)
    HANDLERS[action.kind](d, action)
    flow.settle(d, stepwise=True)
    return d.freeze()


def _pass(d, action) -> None:
    if d.game_data.get("declaring"):
        flow.end_declaration(d)
    else:
        flow.pass_priority(d)


def _choose(d, action) -> None:
    choice = d.game_data["choice"]
    refs = action.get("refs")
    if choice.kind == "legend":
        sba.keep_legend(d, refs[0])
    elif choice.kind == "damage":
        flow.damage_divided(d, action.get("division"))
    elif choice.kind == "discard":
        d.game_data.pop("choice")
        for oid in refs:
            m.discard(d, oid, reason="rule")  # down to the maximum hand size in cleanup (514.1)
    else:
        effects.resume(d, tuple(refs))


def _order(d, action) -> None:
    sid = action.get("sid")
    item = next(i for i in d.pending if i.sid == sid)
    flow.push_trigger(d, item, action.get("chosen") or ())


def _attack(d, action) -> None:
    oid = action.get("oid")
    obj = d.objects[oid]
    if not has_keyword(d, oid, "Vigilance"):
        d.update(oid, flags=obj.flags | {"tapped"})
    m.set_extra(d, oid, attacking=action.get("defender"))


def _block(d, action) -> None:
    blocker, attacker = action.get("oid"), action.get("attacker")
    m.set_extra(d, blocker, blocking=attacker)
    m.set_extra(d, attacker, blocked=True)


def _play_land(d, action) -> None:
    oid = action.get("oid")
    player = d.objects[oid].owner
    m.set_player_value(d, player, lands_played=m.player_value(d, player, "lands_played", 0) + 1)
    card = d.objects[oid].card
    effects.run(d, tuple(effects.enter_frames(d, oid, player, Frame((), 0, player, None, "", card), reason="play")))
    flow.acted(d, player)


def _pay(d, player: str, source: int | None, plan, costs: tuple = ()) -> None:
    """Pay a total cost: mana (pool first, then the sources' mana abilities), then the other parts."""
    if plan.payment is not None:
        # the sources' mana and the pool mana spent pay the cost; what the sources made beyond it stays
        m.pay_mana(d, player, plan.payment, source)
        if plan.payment.abilities:
            effects.run(d, effects.mana_ability_frames(d, player, plan.payment.abilities))
    for kind, oids in plan.parts:
        for oid in oids:
            if kind in ("tap", "crew"):
                m.tap(d, oid, reason="cost", source=source)
            elif kind == "sacrifice":
                m.move(d, oid, "graveyard", reason="cost", source=source)
            elif kind == "discard":
                m.discard(d, oid, reason="cost", source=source)
            elif kind in ("exile", "exile_from_graveyard"):
                m.move(d, oid, "exile", reason="cost", source=source)
            elif kind == "loyalty":
                part = next(p for p in costs if p.kind == "loyalty")
                if part.amount > 0:
                    m.add_counters(d, oid, "LOYALTY", part.amount, source)
                else:
                    m.remove_counters(d, oid, "LOYALTY", -part.amount, source, reason="cost")
                m.set_extra(d, oid, loyalty_used=True)  # one loyalty ability per turn (606.3)
            elif kind == "remove_counter":
                part = next(p for p in costs if p.kind == "remove_counter")
                m.remove_counters(d, oid, part.counter, part.count, source, reason="cost")
            elif kind == "put_counter":
                part = next(p for p in costs if p.kind == "put_counter")
                m.add_counters(d, oid, part.counter, part.count, source)
    if plan.life:
        m.lose_life(d, player, plan.life, source, reason="cost")


def _cast(d, action) -> None:
    oid, plan = action.get("oid"), action.get("plan")
    player = d.objects[oid].controller if d.objects[oid].zone == "battlefield" else d.objects[oid].owner
    spell = m.move(d, oid, "stack", reason="cast")
    card = d.pool[spell.card]
    ability = next((a for a in abilities_of(card) if a.kind == "spell"), None)
    targets = _remap_targets(plan.targets, oid, spell.oid)
    _pay(d, player, spell.oid, plan)
    # a modal spell is the mode chosen as it was cast, with that mode's targets (rule 700.2a)
    chosen = next((mode for mode in ability.modes if mode.name == action.get("spell_mode")), ability) if ability else None
    d.chain = tuple(d.chain) + (StackItem(
        sid=d.new_id(), kind="spell", source=spell.oid, label=spell.label, card=spell.card, controller=player,
        ability=ability.index if ability else None, targets=targets, target_specs=chosen.targets if chosen else (),
        x=plan.x, effect=chosen.effect if chosen else (), mode=chosen.name if ability and ability.modes else "",
    ),)
    emit(d, Event("cast", (spell.oid,), player=player, labels=(spell.label,)))
    flow.acted(d, player)


def _remap_targets(targets, old: int, new: int) -> tuple:
    return tuple((name, tuple(new if ref == old else ref for ref in refs)) for name, refs in targets)


def _activate(d, action) -> None:
    oid, plan = action.get("oid"), action.get("plan")
    obj = d.objects[oid]
    player = obj.controller
    ability = object_abilities(d, oid)[action.ability]
    name = card_def(d, oid).name  # known before a cost that sacrifices the source is paid
    _pay(d, player, oid, plan, ability.costs)
    if ability.kind == "mana":
        # a mana ability does not use the stack (rule 605.3)
        # what it does besides adding mana (a pain land's damage) is done at once too (605.3b)
        if ability.add == "any":
            d.game_data["choice"] = Choice(player, "color", "color", tuple("WUBRG"), 1, 1, "the color of the mana")
            d.game_data["resolving"] = (Frame(tuple(ability.effect), 0, player, oid, obj.label, obj.card),)
        else:
            m.add_mana(d, player, ability.add, oid)
            if ability.effect:
                effects.run(d, (Frame(tuple(ability.effect), 0, player, oid, obj.label, obj.card),))
        return
    d.chain = tuple(d.chain) + (StackItem(
        sid=d.new_id(), kind="ability", source=oid, label=obj.label, card=name, controller=player,
        ability=ability.index, targets=plan.targets, target_specs=ability.targets, x=plan.x, effect=ability.effect,
    ),)
    # "whenever you activate an ability" (Rings of Brighthearth): a mana ability emits no such
    # event (it never reaches the stack, 605.3)
    here = oid in d.objects
    emit(d, Event("ability_activated", (oid,) if here else (), player=player, source=oid,
                  labels=(obj.label,) if here else ()))
    flow.acted(d, player)


HANDLERS = {
    "pass": _pass, "choose": _choose, "order": _order, "attack": _attack, "block": _block,
    "play_land": _play_land, "cast": _cast, "activate": _activate,
}

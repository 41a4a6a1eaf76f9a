"""Turn structure, priority and the stack.

Steps in order: untap, upkeep, draw, main1, beginning_of_combat, declare_attackers,
declare_blockers, combat_damage, end_of_combat, main2, end, cleanup. Nobody gets priority
in the untap and cleanup steps: they pass by themselves. In every other step the active
player receives priority first; when all players pass in succession the top of the stack
resolves (and the active player receives priority again) or, with an empty stack, the game
moves to the next step. Before a player would receive priority, state-based actions
(``sba``) are checked and triggered abilities are put on the stack (T1, G2).
"""

from __future__ import annotations

from dataclasses import replace

from cardjudge.rules.core import lasting as lasting_rules
from cardjudge.rules.core.events import Event
from cardjudge.rules.core.expr import evaluate
from cardjudge.rules.mtg import effects
from cardjudge.rules.mtg import mutations as m
from cardjudge.rules.mtg.combat import (attackers, combat_damage, damage_step_kind, division_to_choose, end_combat,
                                       possible_attackers, possible_blocks)
from cardjudge.rules.mtg.sba import state_based_actions
from cardjudge.rules.mtg.legal import can_act
from cardjudge.rules.mtg.records import Choice, Frame
from cardjudge.rules.mtg.targets import target_candidates, trigger_targets
from cardjudge.rules.mtg.triggers import apnap_rank, emit, trigger_class
from cardjudge.rules.mtg.views import env_for, static_rule_names

STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_of_combat", "main2", "end", "cleanup")
HAND_SIZE = 7


def settle(d, stepwise: bool = False) -> None:
    """Go on until a player has a decision to make (or the game is over).

    ``stepwise``: an object on the stack that no player can respond to is not resolved by
    itself; the player with priority passes (each resolution a step a search can see, as a
    drain of triggered abilities through the stack is one step of a loop each, 603)."""
    for _ in range(10000):
        if d.winner is not None:
            d.game_data.pop("priority", None)
            return
        if d.game_data.get("choice") is not None:
            return
        if state_based_actions(d):
            continue
        if d.game_data.get("choice") is not None or d.winner is not None:
            continue
        if d.phase in ("untap", "cleanup"):
            if d.phase == "cleanup" and _cleanup_discard(d):
                return
            if d.phase == "cleanup" and d.pending:
                # something triggered during cleanup: players get priority, then another
                # cleanup step follows (rule 514.3a)
                d.game_data["priority"] = d.active
                d.game_data["cleanup_again"] = True
            else:
                advance_step(d)
                continue
        if d.game_data.get("declaring"):
            return
        if d.pending:
            if put_triggers(d):
                continue
            return  # a player orders their triggered abilities
        if d.game_data.get("priority") is None:
            d.game_data["priority"] = d.active
        if d.chain and not stepwise and _nobody_responds(d):
            # a response window in which no player can do anything but pass passes by itself
            d.game_data["passes"] = 0
            resolve_top(d)
            d.game_data["priority"] = d.active
            continue
        _forget_unreferenced(d)
        return
    raise RuntimeError("the game does not settle")


def _forget_unreferenced(d) -> None:
    """Last known information (608.2h) is kept while something can still read it: a spell or
    ability on the stack or waiting to go there, a delayed trigger, a lasting effect that names
    the object. Once nothing does, it is forgotten (the position is the same as if it never was:
    a loop of permanents leaving and coming back comes back to the same position)."""
    known = d.game_data.get("lki")
    if not known:
        return
    named: set = set()
    for item in tuple(d.chain) + tuple(d.pending):
        named.add(item.source)
        named.update(ref for ref in item.target_refs() if isinstance(ref, int))
        named.update(_ids(item.bindings))
        if item.event is not None:
            named.update(item.event.cards)
            named.add(item.event.source)
    for delayed in d.game_data.get("delayed", ()):
        named.add(getattr(delayed, "source", None))
        named.update(_ids(getattr(delayed, "bindings", ())))
    for effect in d.lasting:
        named.add(effect.source)
        named.update(effect.affected)
    kept = tuple(entry for entry in known if entry.oid in named)
    if len(kept) != len(known):
        if kept:
            d.game_data["lki"] = kept
        else:
            d.game_data.pop("lki")


def _ids(bindings) -> set:
    """The object ids among ``(name, value or values)`` bindings."""
    found = set()
    for _, value in bindings or ():
        for ref in value if isinstance(value, tuple) else (value,):
            if isinstance(ref, int):
                found.add(ref)
    return found


def _nobody_responds(d) -> bool:
    """No player has any action but passing (not even a mana ability)."""
    d.touched()
    return not any(can_act(d, player) for player in d.players)


# ---------------------------------------------------------------- triggers onto the stack


def put_triggers(d) -> bool:
    """Put waiting triggered abilities on the stack, APNAP (G2). False when a player must order
    them or choose their targets."""
    _drop_untargetable(d)
    by_player: dict = {}
    for item in d.pending:
        by_player.setdefault(item.controller, []).append(item)
    for player in sorted(by_player, key=lambda p: apnap_rank(d, p)):
        mine = by_player[player]
        if len({trigger_class(d, item) for item in mine}) > 1:
            return False
        choices = [trigger_targets(d, item) for item in mine]
        if any(len(found) > 1 for found in choices):
            return False
        for item, found in zip(mine, choices):
            push_trigger(d, item, found[0])
    return True


def _drop_untargetable(d) -> None:
    """A triggered ability with no legal choice of targets is removed from the stack (603.3d)."""
    kept = tuple(item for item in d.pending if not item.target_specs or trigger_targets(d, item))
    if len(kept) != len(d.pending):
        d.pending = kept


def push_trigger(d, item, targets: tuple = ()) -> None:
    """Put a triggered ability on the stack with its targets; the player who was to receive
    priority receives it."""
    d.pending = tuple(i for i in d.pending if i.sid != item.sid)
    if targets:
        item = replace(item, targets=targets)
    d.chain = tuple(d.chain) + (item,)
    d.game_data.setdefault("priority", d.active)
    d.game_data["passes"] = 0


# ---------------------------------------------------------------- priority and the stack


def pass_priority(d) -> None:
    """The player with priority passes: the other one receives it, or all have passed in
    succession and the top of the stack resolves (or, with an empty stack, the step ends)."""
    player = d.game_data.get("priority", d.active)
    passes = d.game_data.get("passes", 0) + 1
    if passes >= len(d.players):
        d.game_data["passes"] = 0
        if d.chain:
            resolve_top(d)
            d.game_data["priority"] = d.active
        else:
            advance_step(d)
    else:
        d.game_data["passes"] = passes
        d.game_data["priority"] = d.opponent_of(player)


def acted(d, player: str) -> None:
    """After a player casts or activates, they receive priority again (rule 117.3c)."""
    d.game_data["priority"] = player
    d.game_data["passes"] = 0


def target_still_legal(d, item, slot_name: str, ref) -> bool:
    """On resolution, a target must still exist and still fit its slot (rule 608.2b)."""
    if isinstance(ref, str):
        spec = _spec(item, slot_name)
        if spec is None:
            return True
        return ref in _candidates(d, item, spec)
    if ref not in d.objects:
        return False
    spec = _spec(item, slot_name)
    return spec is None or ref in _candidates(d, item, spec)


def _spec(item, name):
    for spec in item.target_specs:
        if spec.name == name:
            return spec
    return None


def _candidates(d, item, spec) -> set:
    source = item.source if item.source in d.objects else None
    return set(target_candidates(d, spec, source, item.controller, item.x))


def resolve_top(d) -> None:
    """The top object of the stack resolves (rule 608)."""
    item = d.chain[-1]
    d.chain = d.chain[:-1]
    bindings = list(item.bindings)
    if item.targets:
        legal_any = False
        for name, refs in item.targets:
            kept = tuple(ref for ref in refs if target_still_legal(d, item, name, ref))
            legal_any = legal_any or bool(kept)
            bindings.append((name, kept))
        if not legal_any and any(refs for _, refs in item.targets):
            # every target is illegal: the spell or ability does nothing (rule 608.2b)
            if item.kind == "spell" and item.source in d.objects:
                m.move(d, item.source, "graveyard", reason="rule")
            return
    env_source = item.source if item.source in d.objects else None
    if item.condition is not None:
        env = env_for(d, env_source, item.controller, item.event)
        if not evaluate(item.condition, env):
            return  # intervening "if" false on resolution (T2)
    steps = tuple(item.effect)
    if item.kind == "spell":
        steps = steps + ((("_finish", item.source),),)
    frame = Frame(steps, 0, item.controller, item.source, item.label, item.card, tuple(bindings), item.x, item.event)
    if item.optional:
        # "you may": the controller decides as the ability resolves (rule 603.5)
        d.game_data["resolving"] = (frame,)
        d.game_data["choice"] = Choice(item.controller, "may", "may", ("yes", "no"), 1, 1, item.card)
        return
    effects.run(d, (frame,))


# ---------------------------------------------------------------- steps


def advance_step(d) -> None:
    """Leave the current step for the next one (mana empties between steps)."""
    for player in d.players:
        m.set_player_value(d, player, mana_pool="")
    current = d.phase
    if current == "cleanup":
        if d.game_data.pop("cleanup_again", False):
            enter_step(d, "cleanup")
        else:
            start_turn(d)
        return
    if current == "untap":
        untap_step(d)
        return
    following = STEPS[STEPS.index(current) + 1]
    if current == "combat_damage":
        if d.game_data.get("struck_first") is not None and d.game_data.get("second_strike") is None:
            d.game_data["second_strike"] = True  # the second combat damage step follows (510.4)
            enter_step(d, "combat_damage")
            return
        d.game_data.pop("struck_first", None)
        d.game_data.pop("second_strike", None)
    if current == "declare_attackers" and not attackers(d):
        following = "end_of_combat"  # no attackers: no blockers nor combat damage steps (rule 508.8)
    if current == "end_of_combat":
        end_combat(d)
    enter_step(d, following)


def start_turn(d) -> None:
    """The next player's turn begins with the untap step."""
    d.turn += 1
    d.active = d.opponent_of(d.active)
    for player in d.players:
        m.set_player_value(d, player, lands_played=0, drawn=0)
    d.phase = "untap"
    untap_step(d)


def untap_step(d) -> None:
    """The active player's permanents untap; nobody gets priority (rule 502)."""
    held = set(static_rule_names(d, "doesnt_untap"))  # "doesn't untap during your untap step" (502.3)
    for oid in d.zone(d.active, "battlefield"):
        # controlled continuously since the start of this turn from now on (rule 302.6)
        d.update(oid, flags=d.objects[oid].flags - {"sick"})
        if oid not in held:
            m.untap(d, oid, reason="rule")
    enter_step(d, "upkeep")


def enter_step(d, step: str) -> None:
    """Begin a step: its turn-based actions, then its "at the beginning of" event."""
    d.phase = step
    d.game_data["priority"] = d.active
    d.game_data["passes"] = 0
    d.game_data.pop("declaring", None)
    if step == "draw" and d.turn > 1:
        m.draw(d, d.active, 1)
    elif step == "declare_attackers":
        if possible_attackers(d):
            d.game_data["declaring"] = "attackers"
    elif step == "declare_blockers":
        if possible_blocks(d):
            d.game_data["declaring"] = "blockers"
    elif step == "combat_damage":
        if not combat_damage_or_ask(d):
            return  # the attacking player divides damage first; the step's event follows then
    elif step == "cleanup":
        _cleanup(d)
    emit(d, Event("step", player=d.active, method=step))


def combat_damage_or_ask(d) -> bool:
    """Deal this step's combat damage, or ask the attacking player how a blocked attacker divides
    its damage (rule 510.1c) and return False until every division is chosen."""
    which = damage_step_kind(d)
    attacker = division_to_choose(d, which)
    if attacker is not None:
        d.game_data["choice"] = Choice(d.active, "damage", "damage", (attacker,), 1, 1,
                                       f"how {d.objects[attacker].card} divides its combat damage")
        return False
    combat_damage(d, which)
    return True


def damage_divided(d, division) -> None:
    """The attacking player has chosen how one attacker divides its combat damage."""
    d.game_data.pop("choice")
    d.game_data["divisions"] = tuple(d.game_data.get("divisions", ())) + (division,)
    if combat_damage_or_ask(d):
        emit(d, Event("step", player=d.active, method="combat_damage"))


def end_declaration(d) -> None:
    """The declaration of attackers or blockers is complete: what it triggers triggers."""
    kind = d.game_data.pop("declaring")
    if kind == "attackers":
        for oid in attackers(d):
            emit(d, Event("attacks", (oid,), player=d.objects[oid].controller, labels=(d.objects[oid].label,)))
    else:
        for player in d.players:
            for oid in d.zone(player, "battlefield"):
                if d.objects[oid].get("blocking") is not None:
                    emit(d, Event("blocks", (oid,), player=player, labels=(d.objects[oid].label,)))
    d.game_data["priority"] = d.active
    d.game_data["passes"] = 0


def _cleanup_discard(d) -> bool:
    """The active player discards down to the maximum hand size (rule 514.1)."""
    hand = d.zone(d.active, "hand")
    if len(hand) > HAND_SIZE:
        d.game_data["choice"] = Choice(d.active, "discard", "discard", tuple(hand), len(hand) - HAND_SIZE,
                                       len(hand) - HAND_SIZE, "cards to discard down to seven")
        return True
    return False


def _cleanup(d) -> None:
    """Damage wears off and "until end of turn" effects end (rule 514.2)."""
    for player in d.players:
        for oid in d.zone(player, "battlefield"):
            if d.objects[oid].get("damage"):
                m.set_extra(d, oid, damage=None, deathtouched=None)
            if d.objects[oid].get("loyalty_used"):
                m.set_extra(d, oid, loyalty_used=None)  # "once each turn" ends with the turn
            if d.objects[oid].get("resolved"):
                m.set_extra(d, oid, resolved=None)  # "... has resolved this turn" counts start again
    kept, ended = lasting_rules.tick(tuple(d.lasting), "end_of_turn")
    d.lasting = kept
    d.touched()
    for effect in ended:
        if effect.kind == "control":
            for oid in effect.affected:
                if oid in d.objects and d.objects[oid].zone == "battlefield":
                    back = effect.param("back_to")
                    if not any(e.kind == "control" and oid in e.affected for e in kept):
                        m.change_control(d, oid, back)
    d.game_data["delayed"] = tuple(x for x in d.game_data.get("delayed", ())
                                   if x.until_turn is None or x.until_turn > d.turn)
    d.game_data.pop("lki", None)
    d.touched()



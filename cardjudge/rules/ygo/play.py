"""Carrying out an action, then moving the game on until someone must decide."""

from __future__ import annotations

from itertools import repeat
from operator import is_

from cardjudge.errors import InputError
from cardjudge.rules.core.state import Draft, State
from cardjudge.rules.ygo import battle, effects, extra_summons, legal, procedures, records, summons, turn, windows, zones
from cardjudge.rules.ygo.records import Link, PendingTrigger
from cardjudge.rules.ygo.turn import ALWAYS_OFFERED


def apply(state: State, action) -> State:
    """The state after ``action`` (one of ``legal_actions(state)``); ``state`` is not changed."""
    return _apply(state, action, None)


def apply_within_turn(state: State, action) -> State:
    """As :func:`apply`, but the game is not carried past the start of the next turn.

    When ``action`` ends the turn, the state returned is the next turn's right after its draw
    (a player who could not draw has lost), before anything is offered in its Draw Phase. It
    is meant for searches that treat every state of a later turn as ended: the rest of the
    way to the next decision is not played out, and the state is not one to list actions of.
    """
    return _apply(state, action, state.turn)


def _apply(state: State, action, stop_turn: int | None) -> State:
    listed = legal._listed(state)
    # the action listed itself, looked for by identity in C (its equality compares every field)
    if not any(map(is_, listed, repeat(action))) and not any(a.signature() == action.signature() for a in listed):
        raise InputError(f"not a legal action now: {action.text}")
    d = Draft(state)
    # the payload read as a dict once (Action.get scans its pairs at each call)
    payload = dict(action.payload)
    get = payload.get
    mode = get("mode")
    if mode == "pass":
        turn.do_pass(d)
    elif mode in ("activate", "from_hand", "set_card", "effect", "trigger"):
        _activate(d, action, payload)
    elif mode == "decline":
        trigger = get("trigger")
        d.pending = tuple(p for p in d.pending if p != trigger)
        windows.finish_triggers_if_done(d)
    elif mode in ("summon", "set"):
        summons.normal_summon(d, get("oid"), get("tributes"), mode == "set", get("lp"), get("place"))
    elif mode == "procedure":
        procedures.procedure_summon(d, get("oid"), get("position"), get("place"))
    elif mode in ("synchro", "xyz", "link"):
        extra_summons.extra_deck_summon(d, mode, get("oid"), get("materials"), get("position"), get("place"))
    elif mode == "flip":
        summons.flip_summon(d, get("oid"), get("lp"))
    elif mode == "reposition":
        summons.change_position(d, get("oid"))
    elif mode == "set_spell":
        summons.set_spell_trap(d, get("oid"), get("lp"))
    elif mode == "attack":
        battle.declare_attack(d, get("oid"), get("target"), get("lp"))
    elif mode in ("cards", "discard", "position", "maintenance", "fusion"):
        _answer_choice(d, mode, get("value"))
    else:  # pragma: no cover - every listed action has a mode
        raise InputError(f"unknown action {action.text}")
    listing = advance(d, stop_turn)
    after = d.freeze()
    if listing is not None:
        after.derived().raw_listing = listing  # already computed to know that someone must decide
    return after


def _activate(d: Draft, action, payload: dict) -> None:
    get = payload.get
    oid = get("oid")
    obj = d.objects[oid]
    card = d.pool[obj.card]
    ability = card.abilities[action.ability]
    player = action.player
    trigger = get("trigger")
    if trigger is not None:
        d.pending = tuple(p for p in d.pending if p != trigger)
        d.game_data["placing"] = True
    windows.next_step(d)
    limit_key = legal._limit_key(obj, card, ability, player)
    card_activation = ability.kind == "activate"
    if card_activation:
        if obj.zone == "hand":
            zone = "field_spell" if card["subtype"] == "field" else "spells_traps"
            if zone == "field_spell":
                for old in d.zone(player, "field_spell"):
                    effects.move(d, old, "graveyard", "rule")
            obj = d.move(oid, zone, controller=player, face_up=True)
            oid = obj.oid
            if zone == "spells_traps":
                obj = zones.put_first_spell_trap(d, oid)
        else:
            obj = d.update(oid, face_up=True)
    # costs are paid at activation, before the card is on the chain (C1)
    if get("lp"):
        effects.change_lp(d, player, -get("lp"), paid=True)
    for kind, oids in get("paid"):
        for paid in oids:
            if paid not in d.objects:
                continue
            if kind == "reveal":
                continue
            zone = "banished" if kind == "banish" else "graveyard"
            effects.move(d, paid, zone, "cost", oid, method=kind)
    if limit_key is not None:
        d.used = d.used | {limit_key}
    link = Link(
        number=len(d.chain) + 1, oid=oid, label=obj.label, card=card.name, controller=player,
        ability=ability.index, targets=get("target_oids"), event=get("event"),
        card_activation=card_activation, speed=legal._speed(card, ability), summons=ability.summons,
        declared=get("declared") or (),
    )
    windows.add_link(d, link)
    if trigger is not None:
        windows.finish_triggers_if_done(d)


def _answer_choice(d: Draft, mode: str, value) -> None:
    choice = d.game_data.pop("choice")
    if mode == "maintenance":
        if value:
            effects.change_lp(d, choice.player, -choice.amount, paid=True)
        else:
            effects.destroy(d, [choice.oid], "rule", choice.oid)
        effects.next_maintenance(d)
        return
    if mode == "discard":
        for oid in value:
            effects.move(d, oid, "graveyard", "rule", method="discard")
        return
    resolving = d.game_data.get("resolving")
    bound = dict(resolving.bound)
    bound[choice.name] = (value,) if mode == "position" else tuple(value)  # (a Fusion Summon: its one option)
    d.game_data["resolving"] = records.Resolving(resolving.link, resolving.steps, tuple(bound.items()))
    effects.continue_resolution(d, d.game_data["resolving"])
    if "choice" not in d.game_data:
        d.game_data.pop("resolving", None)
        link = d.chain[-1]
        effects.finish_link(d, link)
        d.chain = d.chain[:-1]
        turn.resolve_next(d)


def advance(d: Draft, stop_turn: int | None = None) -> list | None:
    """Move on through everything no player has to decide: resolutions, empty windows, phases.

    Returns the actions of the window it stopped in when it had to list them to know that a
    player has a decision to make (None otherwise). With ``stop_turn``, it also stops as soon
    as the game is in another turn than that one."""
    data = d.game_data  # the Draft's own dict: the calls below change it in place
    lives = d.player_states  # the Draft's own list, changed in place too
    for _ in range(2000):
        # effects.check_lp only when someone is at 0 (its call and generator cost more than this;
        # a Yu-Gi-Oh game has two players)
        if lives[0].life <= 0 or lives[1].life <= 0:
            effects.check_lp(d)
        if d.winner is not None or "choice" in data or (stop_turn is not None and d.turn != stop_turn):
            return None
        if data.get("maintenance"):
            effects.next_maintenance(d)
            continue
        if data.get("resolving_chain"):
            turn.resolve_next(d)
            continue
        pending = d.pending
        # triggers wait while a monster is being Summoned: they are placed once the Summon
        # succeeded or was negated, with the "when Summoned" ones (Synchro Materials' triggers)
        if (pending and (not d.chain or data.get("placing")) and "summoning" not in data
                and any(isinstance(p, PendingTrigger) for p in pending)):
            if not data.get("placing"):
                windows.drop_missed_timing(d)
                if not any(isinstance(p, PendingTrigger) for p in d.pending):
                    continue
                data["placing"] = True
            options = legal.trigger_actions(d)
            if options:
                return None
            # nothing can be activated: the remaining triggers are dropped
            d.pending = tuple(p for p in d.pending if not isinstance(p, PendingTrigger))
            windows.finish_triggers_if_done(d)
            continue
        if "placing" in data:
            del data["placing"]
        kind, priority, _ = data.get("window") or ("open", d.active, 0)  # windows.window, inline
        if kind == "open" and d.phase in ALWAYS_OFFERED:
            return None
        # Not the open window of a Main Phase or the Battle Step: no Summon, Set or attack, and no
        # ability of speed 1. A player without an ability of speed 2 or more where their cards
        # are passes at once (saves listing the window, the commonest case of this walk).
        if legal.can_respond(d, priority):
            choices = _window_actions(d, kind, priority)
            if choices:
                return choices
        if kind == "open":
            # Passing it only hands the opponent the window before the phase ends: nothing the
            # checks above look at changes, so that window is looked at here, without them.
            first, second = d.players
            priority = second if priority == first else first  # windows.opponent, inline
            data["window"] = ("phase_end", priority, 0)  # windows.set_window, inline
            if legal.can_respond(d, priority):
                choices = _window_actions(d, "phase_end", priority)
                if choices:
                    return choices
            turn.end_phase_now(d)  # both passed: what do_pass does in that window
            continue
        turn.do_pass(d)
    raise RuntimeError("the game did not reach a decision")


def _window_actions(d: Draft, kind: str, priority: str) -> list:
    """The actions of a window of the walk, pass last, if its player may do something else than
    pass (an empty list otherwise)."""
    choices = legal.window_choices(d, kind, priority)
    if choices:
        choices.append(legal.pass_action(d, kind, priority))
    return choices

"""Resolving spells and abilities: the effect steps of the card language, run one by one.

A resolution is a stack of ``Frame`` records (the steps, where they stand, what they refer
to). A step that needs a player's decision (``choose``) stops the run and leaves a
``Choice`` in the state; the ``choose`` action binds the answer and the run goes on.
Every reference is an object id, so a step about an object that has left its zone finds
nothing and does nothing (T5).
"""

from __future__ import annotations

from dataclasses import replace

from cardjudge.errors import InputError
from cardjudge.rules.core.expr import evaluate, parse, whole_number
from cardjudge.rules.core.frozen import freeze, thaw
from cardjudge.rules.core.state import Lasting, frozen_params
from cardjudge.rules.mtg import mutations as m
from cardjudge.rules.mtg.abilities import _check_steps
from cardjudge.rules.mtg.keywords import implements
from cardjudge.rules.mtg.records import Choice, Frame
from cardjudge.rules.mtg.sba import enchant_allows
from cardjudge.rules.mtg.triggers import add_delayed, bindings_env
from cardjudge.rules.mtg.views import (CardView, PlayerView, chars, copied_keywords, env_for, object_abilities,
                                      printed_def, static_rule_names)


def frame_env(d, frame: Frame, extra: dict | None = None):
    """The names a resolving step sees: self, you, opponent, game, e, x and the frame's references."""
    variables = bindings_env(d, frame.bindings)
    variables["x"] = frame.x
    if extra:
        variables.update(extra)
    source = frame.source if frame.source in d.objects else None
    env = env_for(d, source, frame.controller, frame.event, variables)
    if source is None and frame.source is not None:
        env.vars["self"] = CardView(d, frame.source)  # a source that left: "self" names nothing
    return env


def refs_of(d, frame: Frame, spec) -> list:
    """Object ids and player names an expression names now."""
    if spec is None:
        return []
    value = evaluate(parse(spec), frame_env(d, frame))
    items = value if isinstance(value, list | tuple) else [value]
    out = []
    for item in items:
        if isinstance(item, CardView) and item.oid in d.objects:
            out.append(item.oid)
        elif isinstance(item, PlayerView):
            out.append(item.name)
        elif isinstance(item, str) and item in d.players:
            out.append(item)
    return out


def number(d, frame: Frame, spec, default: int = 0) -> int:
    """A step's number: written as is, or an expression."""
    if spec is None:
        return default
    if isinstance(spec, int):
        return spec
    value = evaluate(parse(spec), frame_env(d, frame))
    return 0 if value is None else whole_number(value, spec, f"card {frame.card!r}", "amount")


def run(d, frames: tuple) -> None:
    """Run frames until they are done or a player must decide something."""
    frames = list(frames)
    while frames:
        frame = frames[-1]
        if frame.index >= len(frame.steps):
            frames.pop()
            continue
        step = thaw(frame.steps[frame.index])
        frames[-1] = frame.advanced()
        result = _do(d, frames[-1], step)
        pushed, choice, binds, outer = _norm(result)
        for name, refs in binds.items():
            frames[-1] = frames[-1].bind(name, tuple(frames[-1].binding(name, ())) + tuple(refs))
        if outer and len(frames) >= 2:
            for name, refs in outer.items():
                frames[-2] = frames[-2].bind(name, tuple(frames[-2].binding(name, ())) + tuple(refs))
        if choice is not None:
            d.game_data["resolving"] = tuple(frames)
            d.game_data["choice"] = choice
            return
        if pushed:
            frames.extend(pushed)
    d.game_data.pop("resolving", None)
    d.game_data.pop("choice", None)


def mana_ability_frames(d, player: str, activated) -> tuple:
    """The frames of what mana abilities activated as a cost was paid do besides adding mana
    (``activated``: (source, ability index) pairs): a pain land's damage to its controller, done
    at once without the stack (rule 605.3b)."""
    frames = []
    for oid, index in activated:
        if oid not in d.objects:
            continue
        obj = d.objects[oid]
        ability = object_abilities(d, oid)[index]
        if ability.effect:
            frames.append(Frame(tuple(ability.effect), 0, player, oid, obj.label, obj.card))
    return tuple(reversed(frames))  # run from the end: the first activated first


def _norm(result):
    """A step's answer as (frames to push, choice, bindings for its frame, bindings for the frame below)."""
    if not result:
        return (), None, {}, {}
    result = tuple(result) + ((), None, {}, {})[len(result):]
    return result[0] or (), result[1], result[2] or {}, result[3] or {}


def resume(d, refs: tuple) -> None:
    """Bind a player's answer to the waiting choice and go on resolving."""
    choice = d.game_data.pop("choice")
    frames = list(d.game_data.pop("resolving", ()))
    if choice.kind == "may":
        if refs != ("yes",):
            return  # declined: the ability does nothing
    elif choice.kind == "mode":
        step = thaw(frames[-1].steps[frames[-1].index - 1])
        steps = tuple(freeze(s) for s in step["mode"][refs[0]])
        top = frames[-1]
        frames.append(Frame(steps, 0, top.controller, top.source, top.label, top.card, top.bindings, top.x, top.event))
    elif choice.kind == "color":
        m.add_mana(d, choice.player, "".join(refs))
    elif choice.kind == "pay":
        if refs != ("no",):
            from cardjudge.rules.mtg.legal import resolution_payments

            top = frames[-1]
            payment = resolution_payments(d, choice.player, choice.name)[int(refs[0])]
            step = thaw(top.steps[top.index - 1])
            branch = tuple(freeze(s) for s in step.get("then", []))
            frames.append(Frame(branch, 0, top.controller, top.source, top.label, top.card, top.bindings, top.x,
                                top.event))
            if payment is not None:
                m.pay_mana(d, choice.player, payment, top.source)
                frames.extend(mana_ability_frames(d, choice.player, payment.abilities))
    else:
        frames[-1] = frames[-1].bind(choice.name, refs)
    run(d, tuple(frames))


def _do(d, frame: Frame, step: dict):
    """Carry out one step; returns (frames to push, choice to wait for)."""
    (op, body), *rest = step.items()
    options = dict(rest)
    handler = _STEPS.get(op)
    if handler is None:
        raise InputError(f"unknown effect step {op!r}")
    return handler(d, frame, body, options)


def _damage(d, frame, body, options):
    """Damage to each of ``to``; ``from`` names the source when it is not this object ("target
    creature you control deals damage ..."): no damage when that source is gone."""
    source = frame.source
    if body.get("from") is not None:
        found = [ref for ref in refs_of(d, frame, body["from"]) if isinstance(ref, int) and ref in d.objects]
        if not found:
            return
        source = found[0]
    amount = number(d, frame, body.get("amount"))
    for ref in refs_of(d, frame, body.get("to")):
        m.deal_damage(d, source, ref, amount)


def _destroy(d, frame, body, options):
    for ref in refs_of(d, frame, body):
        if isinstance(ref, int):
            m.destroy(d, ref, frame.source)


def _sacrifice(d, frame, body, options):
    """The ability's controller sacrifices the named permanents they control (rule 701.21a:
    a permanent under another player's control stays where it is); with ``by: controller``
    each permanent's controller sacrifices it ("that creature's controller sacrifices it")."""
    by_controller = isinstance(body, dict) and body.get("by") == "controller"
    spec = body.get("cards") if isinstance(body, dict) else body
    for ref in refs_of(d, frame, spec):
        if not isinstance(ref, int) or d.objects[ref].zone != "battlefield":
            continue
        if by_controller or d.objects[ref].controller == frame.controller:
            m.move(d, ref, "graveyard", reason="sacrifice", source=frame.source)


def _draw(d, frame, body, options):
    if isinstance(body, dict):
        players = refs_of(d, frame, body.get("player", "you"))
        count = number(d, frame, body.get("n", 1))
    else:
        players, count = [frame.controller], number(d, frame, body)
    for player in players:
        m.draw(d, player, count, frame.source)


def _life(sign):
    def change_life(d, frame, body, options):
        if isinstance(body, dict):
            players = refs_of(d, frame, body.get("player", "you"))
            amount = number(d, frame, body.get("amount", 1))
        else:
            players, amount = [frame.controller], number(d, frame, body)
        for player in players:
            if sign > 0:
                m.gain_life(d, player, amount, frame.source)
            else:
                m.lose_life(d, player, amount, frame.source)
    return change_life


def _create_token(d, frame, body, options):
    created = []
    for _ in range(number(d, frame, body.get("count", 1))):
        created.append(m.create_token(d, frame.controller, body["token"], frame.source).oid)
    return (), None, {"created": created}


def _copy_token(d, frame, body, options):
    """Create a token that is a copy of an object (its copiable values), with added keywords."""
    created = []
    for ref in refs_of(d, frame, body.get("of")):
        if not isinstance(ref, int):
            continue
        original = printed_def(d, ref)
        keywords = copied_keywords(d, ref) + tuple(k for k in body.get("keywords") or () if k not in copied_keywords(d, ref))
        extra = (("copy_keywords", keywords),) if keywords else ()
        token = m.create_token(d, frame.controller, original.name, frame.source, extra=extra)
        created.append(token.oid)
    return (), None, {"created": created}


def _add_lasting(d, kind: str, affected: tuple, params: dict, until: str, frame: Frame) -> None:
    d.lasting = tuple(d.lasting) + (Lasting(d.new_id(), kind, tuple(affected), frozen_params(params), until,
                                            d.turn, frame.source, frame.controller),)
    d.touched()


def _until(body) -> str:
    until = body.get("until", "end_of_turn") if isinstance(body, dict) else "end_of_turn"
    return "end_of_turn" if until == "end_of_turn" else "permanent"


def _cards(d, frame, body) -> list[int]:
    spec = body.get("cards", "t") if isinstance(body, dict) else body
    return [ref for ref in refs_of(d, frame, spec) if isinstance(ref, int) and d.objects[ref].zone == "battlefield"]


def _gain_control(d, frame, body, options):
    players = refs_of(d, frame, body.get("player", "you")) if isinstance(body, dict) else [frame.controller]
    player = players[0] if players else frame.controller
    for oid in _cards(d, frame, body):
        before = d.objects[oid].controller
        m.change_control(d, oid, player)
        if _until(body) == "end_of_turn":
            _add_lasting(d, "control", (oid,), {"player": player, "back_to": before}, "end_of_turn", frame)


def _tap_step(d, frame, body, options):
    for oid in _cards(d, frame, body):
        if "tapped" not in d.objects[oid].flags:
            m.tap(d, oid, reason="effect", source=frame.source)


def _untap_step(d, frame, body, options):
    for oid in _cards(d, frame, body):
        m.untap(d, oid, source=frame.source)


def _modify(d, frame, body, options):
    affected = tuple(_cards(d, frame, body))
    if affected:
        params = {"power": number(d, frame, body.get("power", 0)), "toughness": number(d, frame, body.get("toughness", 0))}
        _add_lasting(d, "modify", affected, params, _until(body), frame)


def _grant(d, frame, body, options):
    affected = tuple(_cards(d, frame, body))
    if affected:
        _add_lasting(d, "grant", affected, {"keywords": tuple(body.get("keywords") or ())}, _until(body), frame)


def _exile_if_dies(d, frame, body, options):
    """Until end of turn, if a creature would die, it is exiled instead (a replacement effect)."""
    affected = tuple(_cards(d, frame, body))
    if affected:
        _add_lasting(d, "exile_if_dies", affected, {}, "end_of_turn", frame)


def _become_creature(d, frame, body, options):
    affected = tuple(_cards(d, frame, body))
    if affected:
        _add_lasting(d, "become_creature", affected, {}, "end_of_turn", frame)


def _add_counters(d, frame, body, options):
    name, count = str(body.get("counter", "P1P1")), number(d, frame, body.get("n", 1))
    for oid in _cards(d, frame, body):
        m.add_counters(d, oid, name, count, frame.source)


def _remove_counters(d, frame, body, options):
    """Remove counters from permanents (``n: all``: every one of that kind, "remove all +1/+1
    counters"); the steps in ``then`` beside it see how many were removed in all as ``x`` ("and it
    deals that much damage")."""
    name = str(body.get("counter", "P1P1"))
    every = body.get("n") == "all"
    wanted = 0 if every else number(d, frame, body.get("n", 1))
    removed = 0
    for oid in _cards(d, frame, body):
        count = d.objects[oid].counter(name)
        count = count if every else min(count, wanted)
        m.remove_counters(d, oid, name, count, frame.source)
        removed += count
    then = options.get("then")
    if then:
        steps = tuple(freeze(s) for s in then)
        return [Frame(steps, 0, frame.controller, frame.source, frame.label, frame.card, frame.bindings, removed,
                      frame.event)], None


def _count_resolution(d, frame, body, options):
    """Count this resolution of the ability that ``body`` names on its source ("if this is the
    third time this ability has resolved this turn", read as ``self.resolved.NAME``). The count
    ends with the turn; a source that left the battlefield is a new object without one (400.7)."""
    if frame.source not in d.objects or d.objects[frame.source].zone != "battlefield":
        return
    source = d.objects[frame.source]
    counts = dict(source.get("resolved") or ())
    counts[str(body)] = counts.get(str(body), 0) + 1
    m.set_extra(d, frame.source, resolved=tuple(sorted(counts.items())))


# a spell's "This spell can't be countered", read while it is on the stack (101.2)
implements(__name__, "Can't be countered")


def _counter(d, frame, body, options):
    """Counter a spell: it leaves the stack for its owner's graveyard, unless it can't be
    countered (a spell's "This spell can't be countered": it stays, 101.2)."""
    for ref in refs_of(d, frame, body):
        if ref in d.objects and "Can't be countered" in chars(d, ref).keywords:
            continue
        for item in d.chain:
            if item.kind == "spell" and item.source == ref:
                d.chain = tuple(i for i in d.chain if i.sid != item.sid)
                m.move(d, ref, "graveyard", reason="effect", source=frame.source)


def _exile(d, frame, body, options):
    """Exile cards; with ``mark: true`` each remembers the source that exiled it (``exiled_by``)."""
    spec = body.get("cards") if isinstance(body, dict) else body
    mark = isinstance(body, dict) and body.get("mark")
    exiled = []
    for ref in refs_of(d, frame, spec):
        if isinstance(ref, int):
            new = m.move(d, ref, "exile", reason="effect", source=frame.source)
            if mark and new.oid in d.objects:
                m.set_extra(d, new.oid, exiled_by=frame.source)
            exiled.append(new.oid)
    return (), None, {"exiled": exiled}


def _return(d, frame, body, options):
    """Return cards (from exile or a graveyard) to the battlefield, under their owner or you;
    an Aura with ``attached_to`` enters attached to that object, and stays where it is when it
    cannot legally enchant it, gone from the battlefield included (rule 303.4i)."""
    frames = []
    hosts = None
    if body.get("attached_to") is not None:
        hosts = [ref for ref in refs_of(d, frame, body["attached_to"]) if isinstance(ref, int)]
    for ref in refs_of(d, frame, body.get("cards")):
        if not isinstance(ref, int) or d.objects[ref].zone == "battlefield":
            continue
        host = None
        if hosts is not None:
            host = hosts[0] if hosts else None
            if not enchant_allows(d, ref, host) or d.objects[host].zone != "battlefield":
                continue
        owner = d.objects[ref].owner
        controller = owner if body.get("under", "owner") == "owner" else frame.controller
        frames.append(enter_frames(d, ref, controller, frame, counters=body.get("counters"), bind_as="returned",
                                   attach_to=host))
    # "returned" names what entered (bound as each card enters); nothing when nothing returns
    return [f for group in reversed(frames) for f in group], None, {"returned": ()}


def _put_onto_battlefield(d, frame, body, options):
    frames = []
    name = body.get("name", "put") if isinstance(body, dict) else "put"
    for ref in refs_of(d, frame, body.get("cards") if isinstance(body, dict) else body):
        if isinstance(ref, int) and d.objects[ref].zone != "battlefield":
            frames.append(enter_frames(d, ref, frame.controller, frame, bind_as=name))
    return [f for group in reversed(frames) for f in group], None, {name: ()}


def enter_frames(d, oid: int, controller: str, frame: Frame, counters=None, bind_as: str | None = None,
                 reason: str = "effect", attach_to: int | None = None) -> list:
    """The frames that put a card onto the battlefield: its "as enters" steps first (T7), then the move."""
    # a count written in the card file may be an expression ("x"): read as a number now
    counters = {name: number(d, frame, value) for name, value in (counters or {}).items()}
    tapped = False
    card = d.pool[d.objects[oid].card]
    steps = []
    for ability in object_abilities(d, oid) if card else ():
        if ability.kind == "as_enters":
            steps.extend(ability.effect)
        elif ability.kind == "enters_with":
            # a replacement effect: it enters so (rule 614.1c), no event of its own
            rule = thaw(ability.rule)
            tapped = tapped or rule["tapped"]
            for name, value in rule["counters"].items():
                counters[name] = counters.get(name, 0) + number(d, frame, value)
    if card and "Planeswalker" in (card["types"] or ()) and card["loyalty"]:
        # a planeswalker enters with its printed loyalty in loyalty counters (306.5b)
        counters["LOYALTY"] = counters.get("LOYALTY", 0) + card["loyalty"]
    counters = {name: n for name, n in counters.items() if n > 0}
    if attach_to is None and card and "Aura" in (card["subtypes"] or ()):
        # an Aura put onto the battlefield without being cast: its controller chooses what it
        # enchants as it enters (rule 303.4f)
        steps.append(freeze({"_choose_enchant": oid}))
        attach_to = "_enchant"
    put = {"_put": {"oid": oid, "controller": controller, "counters": counters, "bind": bind_as, "tapped": tapped,
                    "reason": reason, "attach_to": attach_to}}
    return [Frame((*steps, freeze(put)), 0, controller, oid, d.objects[oid].label, card.name, frame.bindings,
                  frame.x, frame.event)]


def _choose_enchant(d, frame, aura, options):
    """The object an Aura entering without being cast will enchant: one it can legally enchant."""
    if aura not in d.objects:
        return
    candidates = tuple(oid for player in d.players for zone in ("battlefield", "graveyard")
                       for oid in d.zone(player, zone) if oid != aura and enchant_allows(d, aura, oid))
    if not candidates:
        # nothing it could enchant: it stays where it is (rule 303.4g)
        return (), None, {"_enchant": ()}
    return (), Choice(frame.controller, "cards", "_enchant", candidates, 1, 1, "what the Aura enchants")


def _put(d, frame, body, options):
    oid = body["oid"]
    if oid not in d.objects:
        return
    if body.get("attach_to") == "_enchant" and not frame.binding("_enchant", ()):
        return  # an Aura with nothing to enchant does not enter (303.4g)
    obj = d.objects[oid]
    extra = tuple((k, v) for k, v in obj.extra if k in ("copy_of", "copy_keywords"))
    new = m.put_onto_battlefield(d, oid, body["controller"], reason=body.get("reason", "effect"),
                                 source=None if body.get("reason") == "play" else frame.source, extra=extra,
                                 counters=tuple(sorted((str(k), v) for k, v in (body.get("counters") or {}).items())),
                                 tapped=bool(body.get("tapped")) or bool(obj.get("enters_tapped")))
    host = body.get("attach_to")
    if host == "_enchant":
        host = next(iter(frame.binding("_enchant", ())), None)
    if host is not None and host in d.objects:
        d.update(new.oid, equipped_to=host)
    d.game_data["last_entered"] = new.oid
    if body.get("bind"):
        return (), None, {}, {body["bind"]: (new.oid,)}


def _enters_tapped(d, frame, body, options):
    """"If you don't, it enters tapped": an "as enters" step (T7) that makes the entering
    permanent enter tapped (a replacement of how it enters, rule 614.1c)."""
    if frame.source in d.objects:
        m.set_extra(d, frame.source, enters_tapped=True)


def _delayed(d, frame, body, options):
    refs = {}
    for name, spec in (body.get("refs") or {}).items():
        refs[name] = tuple(refs_of(d, frame, spec))
    bindings = tuple(sorted(refs.items()))
    when_text = body.get("when", "true")

    add_delayed(d, body["on"], parse(when_text), when_text, _check_steps(body.get("effect", []), "delayed effect"),
                frame.controller, frame.source, frame.label, frame.card, bindings, once=body.get("once", True))


def _win_game(d, frame, body, options):
    players = [p for p in refs_of(d, frame, body) if p not in static_rule_names(d, "cant_win")]
    if players and d.winner is None:
        d.winner = players[0]


def _transform(d, frame, body, options):
    for oid in _cards(d, frame, body):
        obj = d.objects[oid]
        face = None if obj.get("face") else body.get("into")
        m.set_extra(d, oid, face=face)


def _become_copy(d, frame, body, options):
    """An object becomes a copy of another: the same object with the other's copiable values (S5)."""
    originals = [ref for ref in refs_of(d, frame, body.get("of")) if isinstance(ref, int)]
    if not originals:
        return
    name = printed_def(d, originals[0]).name
    keywords = copied_keywords(d, originals[0])
    targets = [ref for ref in refs_of(d, frame, body.get("cards", "self")) if isinstance(ref, int)]
    for oid in targets:
        if d.objects[oid].zone != "battlefield" or body.get("until") == "permanent":
            m.set_extra(d, oid, copy_of=name, copy_keywords=keywords or None)
        else:
            _add_lasting(d, "copy", (oid,), {"of": name, "keywords": keywords}, _until(body), frame)


def _choose(d, frame, body, options):
    """A choice made while resolving: which cards (``from``), how many, optional or not."""
    candidates = tuple(ref for ref in refs_of(d, frame, body.get("from")) if isinstance(ref, int))
    count = body.get("count", 1)
    low, high = (count, count) if isinstance(count, int) else tuple(count)
    if body.get("optional"):
        low = 0
    high = min(high, len(candidates))
    low = min(low, high)
    if not candidates and low == 0:
        return (), None, {body["name"]: ()}
    player = (refs_of(d, frame, body["player"]) or [frame.controller])[0] if body.get("player") else frame.controller
    return (), Choice(player, "cards", body["name"], candidates, low, high, str(body.get("prompt", "choose")))


def _mode(d, frame, body, options):
    """The controller picks one of several named modes as the step resolves ("tap or untap");
    with ``chooser`` another player picks ("unless that creature's controller has it deal 5
    damage to them": rule 118.12, the choice is that player's)."""
    modes = tuple(body)
    player = frame.controller
    if options.get("chooser"):
        player = next((p for p in refs_of(d, frame, options["chooser"]) if isinstance(p, str)), None)
        if player is None:
            return  # whoever was to choose is gone (the target left): nothing happens
    return (), Choice(player, "mode", "mode", modes, 1, 1, "choose one")


def _to_hand(d, frame, body, options):
    """Return permanents (or cards in a graveyard or exile) to their owners' hands."""
    spec = body.get("cards", "t") if isinstance(body, dict) else body
    for oid in refs_of(d, frame, spec):
        if isinstance(oid, int) and oid in d.objects and d.objects[oid].zone in ("battlefield", "graveyard", "exile"):
            m.move(d, oid, "hand", reason="effect", source=frame.source)


def _discard(d, frame, body, options):
    for ref in refs_of(d, frame, body):
        if isinstance(ref, int) and d.objects[ref].zone == "hand":
            m.discard(d, ref, reason="effect", source=frame.source)


def _attach(d, frame, body, options):
    equipment = frame.source
    if equipment not in d.objects or d.objects[equipment].zone != "battlefield":
        return
    only = isinstance(body, dict) and body.get("enchant_only")
    for oid in _cards(d, frame, body):
        d.update(equipment, equipped_to=oid)
        if only:
            # the Aura now enchants only this creature (Animate Dead's new enchant ability)
            m.set_extra(d, equipment, enchant_only=oid)
        break


def _if(d, frame, body, options):
    branch = options.get("then", []) if evaluate(parse(body), frame_env(d, frame)) else options.get("else", [])
    if branch:
        steps = tuple(freeze(s) for s in branch)
        return [Frame(steps, 0, frame.controller, frame.source, frame.label, frame.card, frame.bindings, frame.x,
                      frame.event)], None


def _pay(d, frame, body, options):
    """"You may pay {2}. If you do, ...": the controller chooses a way to pay, or not to (the
    steps in ``then`` follow a payment); mana abilities may be activated to pay (605.3a)."""
    from cardjudge.rules.mtg.legal import resolution_payments

    d.touched()
    ways = resolution_payments(d, frame.controller, str(body))
    options_ = ("no",) + tuple(str(number) for number in range(len(ways)))
    return (), Choice(frame.controller, "pay", str(body), options_, 1, 1, frame.card)


def _copy_ability(d, frame, body, options):
    """Copy the activated ability that triggered this one (707.10): the copy is put on the stack,
    controlled by this ability's controller; one with targets waits for them to be chosen again
    ("you may choose new targets for the copy", 707.10c), the old ones among the choices."""
    event = frame.event
    if event is None or event.kind != "ability_activated":
        return
    original = next((item for item in reversed(d.chain) if item.kind == "ability" and item.source == event.source),
                    None)
    if original is None:
        return  # the ability left the stack: nothing to copy
    copy = replace(original, sid=d.new_id(), controller=frame.controller)
    if original.target_specs:
        d.pending = tuple(d.pending) + (replace(copy, targets=()),)
    else:
        d.chain = tuple(d.chain) + (copy,)


def _add_mana(d, frame, body, options):
    m.add_mana(d, frame.controller, str(body), frame.source)


def _exchange_life(d, frame, body, options):
    """Two players exchange life totals: each gains or loses the life needed to have the other's
    total (rule 701.12c); with fewer than two players left to name, nothing happens."""
    players = [ref for ref in refs_of(d, frame, body) if isinstance(ref, str)]
    if len(players) != 2 or players[0] == players[1]:
        return
    first, second = (d.player(p).life for p in players)
    for player, before, after in ((players[0], first, second), (players[1], second, first)):
        if after > before:
            m.gain_life(d, player, after - before, frame.source)
        elif after < before:
            m.lose_life(d, player, before - after, frame.source)


def _lose_game(d, frame, body, options):
    """The named players lose the game (rule 104.3e), unless they can't (104.3 with Platinum
    Angel); in a two-player game the other one wins, and both losing at once is a draw (104.4a)."""
    safe = static_rule_names(d, "cant_lose")
    losers = [p for p in refs_of(d, frame, body) if isinstance(p, str) and p not in safe]
    if losers and d.winner is None:
        remaining = [p for p in d.players if p not in losers]
        d.winner = remaining[0] if len(remaining) == 1 else "draw"


def _scry(d, frame, body, options):
    """Scry 1 (rule 701.22a): look at the top card of your library, and you may put it on the
    bottom. (Scry N of more cards also orders them, which the card language does not offer.)"""
    if body != 1:
        raise InputError("scry: only scry 1 is supported")
    if not d.zone(frame.controller, "library"):
        return
    # a frame of its own: the card chosen is bound there, then put on the bottom
    steps = (freeze({"_scry_look": 1}), freeze({"_to_bottom": 1}))
    return [Frame(steps, 0, frame.controller, frame.source, frame.label, frame.card, frame.bindings, frame.x,
                  frame.event)], None


def _scry_look(d, frame, body, options):
    top = d.zone(frame.controller, "library")[:1]
    return (), Choice(frame.controller, "cards", "_scry_bottom", tuple(top), 0, 1,
                      "scry 1: the card to put on the bottom of your library")


def _to_bottom(d, frame, body, options):
    for oid in frame.binding("_scry_bottom", ()):
        if oid in d.objects and d.objects[oid].zone == "library":
            m.move(d, oid, "library", reason="effect", source=frame.source)


def _finish_spell(d, frame, body, options):
    """A resolved instant or sorcery goes to its owner's graveyard; a permanent spell enters."""
    oid = body
    if oid not in d.objects or d.objects[oid].zone != "stack":
        return
    card = d.pool[d.objects[oid].card]
    if set(card["types"] or ()) & {"Instant", "Sorcery"}:
        m.move(d, oid, "graveyard", reason="resolve")
        return
    host = None
    if "Aura" in (card["subtypes"] or ()):
        # an Aura spell enters attached to the object it targets (rule 303.4f)
        host = next((ref for ref in frame.binding("t", ()) if isinstance(ref, int) and ref in d.objects), None)
    return enter_frames(d, oid, frame.controller, frame, attach_to=host), None


_STEPS = {
    "damage": _damage,
    "destroy": _destroy,
    "sacrifice": _sacrifice,
    "draw": _draw,
    "gain_life": _life(1),
    "lose_life": _life(-1),
    "enters_tapped": _enters_tapped,
    "create_token": _create_token,
    "copy_token": _copy_token,
    "gain_control": _gain_control,
    "tap": _tap_step,
    "untap": _untap_step,
    "modify": _modify,
    "grant": _grant,
    "become_creature": _become_creature,
    "add_counters": _add_counters,
    "remove_counters": _remove_counters,
    "count_resolution": _count_resolution,
    "counter": _counter,
    "exile": _exile,
    "return": _return,
    "put_onto_battlefield": _put_onto_battlefield,
    "delayed": _delayed,
    "win_game": _win_game,
    "transform": _transform,
    "become_copy": _become_copy,
    "choose": _choose,
    "discard": _discard,
    "attach": _attach,
    "if": _if,
    "add_mana": _add_mana,
    "pay": _pay,
    "copy_ability": _copy_ability,
    "mode": _mode,
    "to_hand": _to_hand,
    "exile_if_dies": _exile_if_dies,
    "_finish": _finish_spell,
    "_put": _put,
    "_choose_enchant": _choose_enchant,
}
_STEPS.update(
    {"exchange_life": _exchange_life, "lose_game": _lose_game, "scry": _scry, "_scry_look": _scry_look, "_to_bottom": _to_bottom}
)

"""Yu-Gi-Oh effect primitives and the resolution of chain links.

Each step of an ability's ``effect`` is a one-key mapping (``destroy: t``,
``draw: 2``, ``special_summon: {cards: ..., from: ...}``); its expressions are read
when the step runs, so what the text restates is checked at resolution (Y5). Steps
that need a player's decision (``choose``, a Special Summon's battle position) stop
the resolution with a ``Choice``; the rest of the steps wait in ``Resolving``.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from cardjudge.rules.core.events import Event, new_event
from cardjudge.rules.core.expr import Env, evaluate, names_read, number_of, parse, whole_number
from cardjudge.rules.core.state import Draft, Obj, frozen_params, new_lasting
from cardjudge.rules.core.views import ability_variables
from cardjudge.rules.ygo import windows, zones
from cardjudge.rules.ygo.abilities import _freeze, thaw
from cardjudge.rules.ygo.records import Choice, Link, Resolving
from cardjudge.rules.ygo.views import ON_FIELD, VIEWS, CardView, continuous_rules, env_for, env_reading, is_negated

LEAVES_ON_RESOLUTION = {"normal", "quick-play", "counter", "ritual"}


# ------------------------------------------------------------------ moving cards



def redirected_to_banish(s, oid: int) -> bool:
    """Whether a card sent to the GY now would be banished instead (Dimensional Fissure, Macro Cosmos)."""
    return redirecting_card(s, oid) is not None


def redirecting_card(s, oid: int) -> str | None:
    """The name of the card that would banish this card if it were sent to the GY now, or None."""
    rules = continuous_rules(s, "redirect_gy_to_banish")
    if not rules:
        return None
    view = CardView(s, oid)
    for source, _ability, rule in rules:
        if rule is True or evaluate(rule, env_reading(rule, s, source.oid, source.controller).with_subject(view)):
            return source.card
    return None


def banished_instead_of_gy(s, oid: int, reason: str) -> bool:
    """Whether the card's own text banishes it instead of sending it to the GY now (Destiny HERO -
    Departed: "if this card would be destroyed by battle, banish it instead"), by the reason it
    is sent and the zone it leaves; a card on the field whose effects are negated does not."""
    obj = s.objects[oid]
    card = s.pool[obj.card]
    for ability in card.abilities:
        if ability.kind != "continuous":
            continue
        for name, clauses in ability.rule:
            if name != "banished_instead":
                continue
            if obj.zone in ON_FIELD and is_negated(s, oid):
                return False
            if any(reason in reasons and obj.zone in zones for reasons, zones in clauses):
                return True
    return False


_OWN_REPLACEMENT = "banished_instead"


def _rule_names(pool) -> frozenset:
    """The names of the continuous rules some card of the pool has (remembered on the pool)."""
    from cardjudge.rules.ygo.views import _continuous_rule_names

    return getattr(pool, "_continuous_rule_names", None) or _continuous_rule_names(pool)


# Monsters that return to the Extra Deck instead of the hand or the Deck.
_EXTRA_DECK_SUBTYPES = frozenset({"fusion", "synchro", "xyz", "link"})


def move(d: Draft, oid: int, zone: str, reason: str, source: int | None = None, method: str | None = None,
         top: bool = False, face_up: bool = True, position: str | None = None, controller: str | None = None,
         summon_type: str | None = None, extra: tuple = ()):
    """Move a card to a zone as a new object, with the events this causes; returns the new object.

    An Xyz Monster that leaves its Monster Zone takes its materials with it: they go to the GY."""
    obj = d.objects[oid]
    if zone == "graveyard" and (redirected_to_banish(d, oid) or (_OWN_REPLACEMENT in _rule_names(d.pool)
                                                                 and banished_instead_of_gy(d, oid, reason))):
        zone = "banished"
    hidden = zone in ("hand", "deck", "extra_deck")
    if hidden and zone != "extra_deck":
        card = d.pool[obj.card]
        if card["kind"] == "monster" and card["subtype"] in _EXTRA_DECK_SUBTYPES:
            zone = "extra_deck"
    from_zone = obj.zone
    new = d.move(oid, zone, controller=controller, top=top, face_up=face_up and not hidden,
                 position=position, summon_type=summon_type, extra=extra)
    player = obj.controller
    if from_zone == "monsters" and any(d.zones.get((p, MATERIAL_ZONE)) for p in d.players):
        detach_all(d, oid)
    vanishes = zone != "monsters" and d.pool[obj.card]["subtype"] == "token"
    cards = (new.oid,)  # one tuple for the two or three events of the move
    windows.emit(d, new_event("moved", cards, player, reason, source, method, from_zone, zone))
    if zone == "graveyard":
        windows.emit(d, new_event("sent_to_gy", cards, player, reason, source, method, from_zone, zone))
    if from_zone in ON_FIELD and zone not in ON_FIELD:
        windows.emit(d, new_event("left_field", cards, player, reason, source, method, from_zone, zone))
        # an Equip Spell whose monster left is destroyed (the events above change no object, so
        # the Equip Spells are still those that pointed at the monster before it moved)
        for equip in [o.oid for o in d.objects.values() if o.equipped_to == oid]:
            if equip in d.objects:
                destroy(d, [equip], "rule", None)
    if vanishes and new.oid in d.objects:
        d.remove_from_zone(d.objects[new.oid])  # a Token that left the field ceases to exist
    return new


MATERIAL_ZONE = "xyz_materials"  # attached Xyz Materials, under their owner; extra ("attached_to", oid)


def attached(s, xyz: int) -> list[int]:
    """The materials attached to an Xyz Monster, in the order they were attached."""
    found = []
    for player in s.players:
        for oid in s.zone(player, MATERIAL_ZONE):
            if s.objects[oid].get("attached_to") == xyz:
                found.append(oid)
    return found


def detach_all(d: Draft, xyz: int) -> None:
    """An Xyz Monster left the field (or was turned face-down): its materials go to the GY."""
    for oid in attached(d, xyz):
        move(d, oid, "graveyard", "rule", xyz, method="detach")


def destroy(d: Draft, oids, reason: str, source: int | None) -> list[int]:
    """Destroy cards on the field; returns the new objects in the GY (or banished)."""
    done = []
    for oid in oids:
        if oid not in d.objects or d.objects[oid].zone not in ON_FIELD:
            continue
        new = move(d, oid, "graveyard", reason, source, method="destroy")
        done.append(new.oid)
    if done:
        windows.emit(d, new_event("destroyed", tuple(done), None, reason, source))
    return done


def draw(d: Draft, player: str, count: int, reason: str = "effect", source: int | None = None) -> None:
    """Draw cards; a player who must draw from an empty Deck loses."""
    for _ in range(count):
        deck = d.zone(player, "deck")
        if not deck:
            d.winner = d.opponent_of(player)
            return
        new = d.move(deck[0], "hand", face_up=False)
        windows.emit(d, new_event("drawn", (new.oid,), player, reason, source, None, "deck", "hand"))


def change_lp(d: Draft, player: str, amount: int, reason: str = "effect", paid: bool = False) -> None:
    """Change a player's LP by ``amount``, emitting ``lp_paid`` (a cost: ``paid``), ``lp_gained``
    or ``lp_lost`` with the amount actually changed."""
    before = d.player(player).life
    after = max(0, before + amount)
    d.set_player(player, life=after)
    if after != before:
        kind = "lp_paid" if paid else ("lp_gained" if after > before else "lp_lost")
        windows.emit(d, Event(kind, (), player, "cost" if paid else reason, amount=abs(after - before)))
    check_lp(d)


def check_lp(d: Draft) -> None:
    """A player at 0 LP loses at once; both at 0 is a draw."""
    if d.winner is not None:
        return
    for ps in d.player_states:
        if ps.life <= 0:
            break
    else:  # everyone is alive (a loop: this runs at every step of ``advance``)
        return
    dead = [p for p in d.players if d.player(p).life <= 0]
    if len(dead) == len(d.players):
        d.winner = "draw"
    elif dead:
        d.winner = d.opponent_of(dead[0])


def special_summon(d: Draft, oid: int, player: str, position: str, source: int | None, face_up: bool = True,
                   summon_type: str = "special", place: int | None = None):
    """Special Summon a card to ``player``'s field, in ``place`` (None: the zone it goes to when
    no choice is asked, ``zones.first_place``); the summon event is emitted by ``summoned``."""
    card = d.pool[d.objects[oid].card]
    from_extra_deck = d.objects[oid].zone == "extra_deck"
    if place is None:
        place = zones.first_place(d, player, card, from_extra_deck)
    mark_special_summon(d, player, card.name)
    new = move(d, oid, "monsters", "effect", source, method="special", face_up=face_up, position=position,
               controller=player, summon_type=summon_type)
    d.update(new.oid, flags=new.flags | {"summoned_this_turn"})
    zones.put(d, new.oid, place)
    return d.objects[new.oid]


def position_choice_places(s, choice) -> list[int]:
    """The zones to choose among with the battle position of a card an effect Special Summons,
    when that choice matters (else none: it goes to the first, ``summon_places``)."""
    resolving = s.get("resolving")
    if not zones.reads_places(s) or resolving is None or choice.redo is None:
        return []
    spec = thaw(choice.redo).get("special_summon")
    if not isinstance(spec, dict):
        return []
    places = summon_places(s, choice.oid, choice.player, spec, resolving.link)
    return places if len(places) > 1 else []


def token_zone_choices(s, choice) -> list[tuple]:
    """The sets of zones a player may put the Tokens an effect creates in (a position choice
    about no card, asked only where places matter): the Tokens are alike, so one option per set
    of free Main Monster Zones, each in order."""
    return list(combinations(zones.free_main(s, choice.player), choice.amount))


def position_choice_positions(s, choice) -> tuple:
    """The battle positions a position choice offers: both, or the one the effect fixes ("in
    Defense Position", face-down: Defense Position)."""
    spec = thaw(choice.redo).get("special_summon") if choice.redo is not None else None
    fixed = spec.get("position") if isinstance(spec, dict) else None
    if fixed is None:
        return ("attack", "defense")
    return ("attack",) if fixed == "attack" else ("defense",)


def summon_places(s, oid: int, player: str, spec: dict, link) -> list[int]:
    """The zones an effect may Special Summon a card to: where it may go, limited to the zones
    the effect's card points to for "to your zone this card points to" (``to: pointed``)."""
    obj = s.objects[oid]
    places = zones.legal_places(s, player, s.pool[obj.card], obj.zone == "extra_deck")
    if spec.get("to") == "pointed":
        pointed = {place for owner, place in zones.pointed_zones(s, link.oid) if owner == player} \
            if link.oid in s.objects else set()
        places = [place for place in places if place in pointed]
    return places


def summonable_by_effect(s, oid: int, player: str | None = None) -> bool:
    """Whether an effect other than its own Summon procedure can Special Summon this card: not a
    monster whose text says "Must be Fusion Summoned" (field ``summon_condition``), nor one
    already Special Summoned this turn by a player who can only do so once per turn."""
    card = s.pool[s.objects[oid].card]
    return card["summon_condition"] is None and not summon_limited(s, player or s.objects[oid].controller, card)


def summon_limit_key(player: str, card) -> tuple | None:
    """The once-per-turn mark of "You can only Special Summon CARD once per turn" (None: no limit)."""
    return ("turn", "special_summon", player, card.name) if card["summon_limit"] == "once_per_turn" else None


def summon_limited(s, player: str, card) -> bool:
    """Whether ``player`` already Special Summoned a card with that name this turn, being
    allowed only one (field ``summon_limit: once_per_turn``)."""
    key = summon_limit_key(player, card)
    return key is not None and key in s.used


def mark_special_summon(d: Draft, player: str, name: str) -> None:
    """Remember that ``player`` Special Summoned a card called ``name`` (for ``summon_limit``)."""
    key = summon_limit_key(player, d.pool[name])
    if key is not None:
        d.used = d.used | {key}


# ------------------------------------------------------------------ resolution


def begin_resolution(d: Draft, link: Link) -> Resolving | None:
    """Start resolving the last link: None when it does nothing at all."""
    steps = _effect_steps(d, link)
    return None if steps is None else Resolving(link, steps, tuple(link.targets))


def _effect_steps(d: Draft, link: Link) -> tuple | None:
    """The effect steps the last link runs: None when it does nothing at all."""
    card = d.pool[link.card]
    ability = card.abilities[link.ability]
    source = d.objects.get(link.oid)
    if link.negated:
        return None
    if link.card_activation and card["subtype"] in ("continuous", "field", "equip") and source is None:
        return None  # a Continuous/Field/Equip card that left the field before resolving does nothing
    if link.effect_negated:
        return None
    if source is not None and source.zone in ON_FIELD and source.face_up and is_negated(d, link.oid):
        return None  # negated only while it is still there (C5)
    if ability.requires_on_resolve is not None:
        env = env_for(d, link.oid, link.controller, link.event)
        if not evaluate(ability.requires_on_resolve, env):
            return None
    return ability.effect


def resolve_link(d: Draft, link: Link) -> None:
    """Start resolving the last link and run its steps until they are done or one waits for a
    choice: as ``begin_resolution`` then ``continue_resolution``, without building the
    ``Resolving`` record that only a link waiting for a choice keeps."""
    steps = _effect_steps(d, link)
    if steps is not None:
        _run_steps(d, link, steps, dict(link.targets))


# A frozen effect step -> (op, body, the step as a plain dict), thawed once per distinct step
# (steps are plain data, never changed: the memo is keyed by the whole step).
_STEP_PARTS: dict = {}


def _step_parts(step: tuple) -> tuple:
    """(op, body, plain step) of a frozen effect step."""
    parts = _STEP_PARTS.get(step)
    if parts is None:
        plain = thaw(step)
        op, body = next(iter(plain.items()))
        parts = _STEP_PARTS[step] = (op, body, plain)
    return parts


def continue_resolution(d: Draft, resolving: Resolving) -> None:
    """Run effect steps until they are done or one waits for a choice."""
    _run_steps(d, resolving.link, resolving.steps, dict(resolving.bound))


def _run_steps(d: Draft, link: Link, pending: tuple, bound: dict) -> None:
    """Run the effect steps ``pending`` of ``link`` (names bound so far: ``bound``, changed in
    place) until they are done or one waits for a choice, kept with the rest in ``resolving``."""
    steps = list(pending)
    steps.reverse()  # a stack: the next step last
    while steps:
        outcome = run_step(d, link, steps.pop(), bound)
        if outcome is None:
            if d.winner is not None:
                break
            continue
        if isinstance(outcome, list):  # an "if" that expanded into its branch
            steps.extend(reversed(outcome))
            continue
        if outcome.redo is not None:  # a Choice
            steps.append(outcome.redo)
        steps.reverse()
        d.game_data["choice"] = outcome
        d.game_data["resolving"] = Resolving(link, tuple(steps), tuple(bound.items()))
        return
    d.game_data.pop("resolving", None)


def finish_link(d: Draft, link: Link) -> None:
    """After a link: a Normal/Quick-Play Spell or Normal/Counter Trap goes to the GY."""
    card = d.pool[link.card]
    source = d.objects.get(link.oid)
    ability = card.abilities[link.ability]
    if ability.remains:
        if ability.remains_turns and source is not None and source.zone in ON_FIELD:
            # its turns left, counted down by end_phase_countdowns
            counters = dict(source.counters)
            counters[TURNS_LEFT] = counters.get(TURNS_LEFT, 0) + ability.remains_turns
            d.update(link.oid, counters=tuple(sorted(counters.items())))
        return
    if link.card_activation and source is not None and source.zone in ("spells_traps", "field_spell"):
        subtype = card["subtype"]
        if subtype in LEAVES_ON_RESOLUTION or (card["kind"] == "trap" and subtype == "normal"):
            move(d, link.oid, "graveyard", "rule")
        elif subtype == "equip" and source.equipped_to is None:
            move(d, link.oid, "graveyard", "rule")


# An expression of a step -> (its tree, the names it reads), parsed once per text.
_EXPRESSIONS: dict = {}


def _parsed(expression) -> tuple:
    """(tree, names read) of an expression of an effect step."""
    if not isinstance(expression, str):
        return parse(expression), frozenset()  # a number (a constant), or the error of what is not an expression
    entry = _EXPRESSIONS.get(expression)
    if entry is None:
        tree = parse(expression)
        entry = _EXPRESSIONS[expression] = (tree, names_read(tree))
    return entry


def _env(d, link: Link, bound: dict, names) -> Env:
    """The environment of a step's expression: only the names it reads (``names``) are bound,
    as ``env_for`` with the bound cards as extras would bind them."""
    variables = ability_variables(VIEWS, names, d, link.oid, link.controller, link.event)
    for name, value in link.declared:  # "declare a Level": a plain value
        if name in names:
            variables[name] = value
    for name in names:
        oids = bound.get(name)
        if oids is not None:
            objects = d.objects
            variables[name] = [CardView(d, oid) for oid in oids if oid in objects]
    return Env(variables)


def _evaluated(d, link, bound, expression):
    """The value of a step's expression now."""
    tree, names = _parsed(expression)
    return evaluate(tree, _env(d, link, bound, names))


def _oids(d, link, bound, expression) -> list[int]:
    if expression is None:
        return []
    value = _evaluated(d, link, bound, expression)
    if value is None:
        return []
    if not isinstance(value, list):
        value = [value]
    return [v.oid for v in value if isinstance(v, CardView) and v.oid in d.objects]


def _player(d, link, bound, expression) -> str:
    if expression is None:
        return link.controller
    value = _evaluated(d, link, bound, expression)
    return value.name if hasattr(value, "name") else str(value)


def _value(d, link, bound, expression):
    if isinstance(expression, (int, bool)) or expression is None:
        return expression
    return _evaluated(d, link, bound, expression)


def _whole(d, link, bound, expression, field: str) -> int:
    """A step's number (none counts as 0): anything else is an error naming the card, the
    ability, and the file and line of the expression."""
    value = _value(d, link, bound, expression)
    if value is None:
        return 0
    return whole_number(value, expression, f"card {link.card!r}, ability {link.ability}", field)


def _unaffected(d, oid: int, link: Link) -> bool:
    """Whether a card is unaffected by this link's effect (Forbidden Lance: other Spell/Trap effects)."""
    for effect in d.lasting:  # first: there is seldom any such effect (the card is read only then)
        if effect.kind == "immune_to_spells_traps" and oid in effect.affected and effect.source != link.oid:
            return d.pool[link.card]["kind"] in ("spell", "trap")
    return False


def run_step(d: Draft, link: Link, step: tuple, bound: dict):
    """Carry out one (frozen) effect step; returns a Choice to wait for, a list of steps to run
    next, or None."""
    op, body, plain = _step_parts(step)
    handler = _STEPS.get(op)
    if handler is None:
        raise ValueError(f"unknown step {op}")
    return handler(d, link, body, bound, plain)


def _if_step(d, link, body, bound, step):
    branch = "then" if _value(d, link, bound, body) else "else"

    return [_freeze(s) for s in step.get(branch, [])]


def _choose_step(d, link, spec, bound, step):
    candidates = _oids(d, link, bound, spec["from"])
    low, high = (spec.get("count", 1),) * 2 if isinstance(spec.get("count", 1), int) else spec["count"]
    chooser = _player(d, link, bound, spec.get("player"))
    if not candidates:
        bound[spec["name"]] = ()
        return None
    return Choice(chooser, "cards", spec["name"], tuple(candidates), min(low, len(candidates)),
                  min(high, len(candidates)), prompt=spec.get("prompt", f"choose for {link.card}"))


_MOVE_ZONES = {"send_to_gy": "graveyard", "banish": "banished", "to_hand": "hand", "to_deck_top": "deck"}


def _moving_step(op: str):
    """The step that destroys the cards, or moves them to a zone (``_MOVE_ZONES``)."""
    def moving(d, link, body, bound, step):
        expression = body if isinstance(body, str) else body.get("cards")
        targets = [o for o in _oids(d, link, bound, expression) if not _unaffected(d, o, link)]
        if op == "destroy":
            moved = destroy(d, targets, "effect", link.oid)
        else:
            zone = _MOVE_ZONES[op]
            moved = [move(d, oid, zone, "effect", link.oid, top=(op == "to_deck_top")).oid for oid in targets
                     if oid in d.objects]
        if isinstance(body, dict) and "as" in body:
            bound[body["as"]] = tuple(moved)  # "and if you do": what actually moved
        return None
    return moving


def _draw_step(d, link, body, bound, step):
    spec = body if isinstance(body, dict) else {"n": body}
    draw(d, _player(d, link, bound, spec.get("player")), _whole(d, link, bound, spec.get("n", 1), "draw"), "effect",
         link.oid)
    return None


def _modify_step(d, link, body, bound, step):
    until = body.get("until", "end_of_turn")
    for oid in _oids(d, link, bound, body["cards"]):
        if _unaffected(d, oid, link) or d.objects[oid].zone not in ON_FIELD and d.objects[oid].zone != "graveyard":
            continue
        params = {}
        for key in ("level", "atk", "def", "race"):
            if key in body:
                params[key] = _value(d, link, bound, body[key]) if not isinstance(body[key], str) or key != "race" else body[key]
                if key != "race":
                    params[key] = _stat(link, key, body[key], params[key])
        for key in ("set_atk", "base_atk"):  # read against the card as it is now ("double its ATK")
            if key in body:
                tree, names = _parsed(body[key])
                value = evaluate(tree, _env(d, link, bound, names).with_subject(CardView(d, oid)))
                params[key] = _stat(link, key, body[key], value)
        add_lasting(d, "modify", (oid,), params, until, link)
    return None


def _stat(link: Link, key: str, written, value) -> int:
    """A value an effect gives a characteristic (ATK, DEF, Level): a whole number, or an error
    naming the card and ability (the card file's reader refuses what it can see is none)."""
    return whole_number(value, written, f"card {link.card!r}, ability {link.ability}", f"modify {key}")


def _negate_effects_step(d, link, body, bound, step):
    spec = body if isinstance(body, dict) else {"cards": body}
    oids = [o for o in _oids(d, link, bound, spec["cards"]) if not _unaffected(d, o, link)]
    if oids:
        add_lasting(d, "negate_effects", tuple(oids), {}, spec.get("until", "end_of_turn"), link)
        # its effects already on the chain are negated too
        d.chain = tuple(
            other if other.oid not in oids or other is link else _negate_effect(other) for other in d.chain
        )
    return None


def _immune_step(d, link, body, bound, step):
    oids = _oids(d, link, bound, body if isinstance(body, str) else body["cards"])
    if oids:
        add_lasting(d, "immune_to_spells_traps", tuple(oids), {}, "end_of_turn", link)
    return None


def _at_end_phase_step(d, link, body, bound, step):
    action, expression = next(iter(body.items()))
    oids = _oids(d, link, bound, expression)
    if oids:
        add_lasting(d, "at_end_phase", tuple(oids), {"do": action}, "end_phase", link)
    return None


def _change_position_step(d, link, body, bound, step):
    to = body.get("to", "defense")
    for oid in _oids(d, link, bound, body["cards"]):
        obj = d.objects[oid]
        if obj.zone != "monsters" or _unaffected(d, oid, link) or d.pool[obj.card]["subtype"] == "link":
            continue  # (a Link Monster cannot be changed to Defense Position or face-down)
        if to == "face_down":
            detach_all(d, oid)
            new = d.move(oid, "monsters", controller=obj.controller, face_up=False, position="defense",
                         summon_type=obj.summon_type, flags=obj.flags, extra=obj.extra)  # (same zone)
            windows.emit(d, new_event("turned_face_down", cards=(new.oid,), reason="effect", source=link.oid))
        else:
            d.update(oid, position=to)
    return None


def _flip_face_up_step(d, link, body, bound, step):
    for oid in _oids(d, link, bound, body):
        obj = d.objects[oid]
        if not obj.face_up:
            d.update(oid, face_up=True)
            windows.emit(d, new_event("flipped", cards=(oid,), reason="effect", source=link.oid, player=obj.controller))
    return None


def _negate_summon_step(d, link, body, bound, step):
    summoning = d.get("summoning")
    if summoning:
        oid = summoning[0]
        d.game_data.pop("summoning", None)
        if oid in d.objects:
            destroy(d, [oid], "effect", link.oid)
    return None


def _negate_activation_step(d, link, body, bound, step):
    below = [other for other in d.chain if other.number == link.number - 1]
    if below:
        negated = below[0]
        d.chain = tuple(replace_link(other, negated=True) if other.number == negated.number else other for other in d.chain)
        if body.get("destroy") if isinstance(body, dict) else False:
            if negated.oid in d.objects:
                destroy(d, [negated.oid], "effect", link.oid)
    return None


def _negate_effect_step(d, link, body, bound, step):
    """"Negate that effect": the link this one answers resolves without effect (it was still
    activated: its card is not destroyed, its costs stay paid)."""
    d.chain = tuple(replace_link(other, effect_negated=True) if other.number == link.number - 1 else other for other in d.chain)
    return None


def _equip_step(d, link, body, bound, step):
    oids = _oids(d, link, bound, body)
    source = d.objects.get(link.oid)
    if source is not None and oids and d.objects[oids[0]].face_up and d.objects[oids[0]].zone == "monsters":
        d.update(link.oid, equipped_to=oids[0])
    return None


def _copy_effect_step(d, link, body, bound, step):
    oids = _oids(d, link, bound, body)
    if oids:
        copied = d.pool[d.objects[oids[0]].card].abilities[0]
        return [s for s in copied.effect]
    return None


def _add_counters_step(d, link, body, bound, step):
    name, count = body.get("counter"), int(body.get("n", 1))
    for oid in _oids(d, link, bound, body["cards"]):
        obj = d.objects[oid]
        counters = dict(obj.counters)
        counters[name] = counters.get(name, 0) + count
        d.update(oid, counters=tuple(sorted(counters.items())))
    return None


def _lasting_rule_step(d, link, body, bound, step):
    add_lasting(d, body["rule"], (), {k: v for k, v in body.items() if k not in ("rule", "until")},
                body.get("until", "end_of_turn"), link)
    return None


def _negate_attack_step(d, link, body, bound, step):
    """"Negate the attack": the attack ends, no damage calculation."""
    d.game_data.pop("attack", None)
    return None


def _damage_step(d, link, body, bound, step):
    """"Inflict N damage to your opponent" (``player``: who takes it; default the opponent)."""
    player = _player(d, link, bound, body.get("player", "opponent"))
    amount = _whole(d, link, bound, body["amount"], "damage amount")
    if amount > 0:
        change_lp(d, player, -amount)
        windows.emit(d, new_event("damage", cards=(), player=player, reason="effect", source=link.oid))
    return None


def _gain_lp_step(d, link, body, bound, step):
    """"Gain N LP" (``player``: who gains; default the controller)."""
    player = _player(d, link, bound, body.get("player"))
    amount = int(_value(d, link, bound, body["amount"]) or 0)
    if amount > 0:
        change_lp(d, player, amount)
    return None


def _special_summon_entry(d, link, body, bound, step):
    return _special_summon_step(d, link, body, bound)


# What each kind of effect step does: handler(d, link, body, bound, plain step).
_STEPS = {
    "if": _if_step,
    "choose": _choose_step,
    **{op: _moving_step(op) for op in ("destroy", "send_to_gy", "banish", "to_hand", "to_deck_top")},
    "draw": _draw_step,
    "special_summon": _special_summon_entry,
    "modify": _modify_step,
    "negate_effects": _negate_effects_step,
    "immune_to_spells_traps": _immune_step,
    "at_end_phase": _at_end_phase_step,
    "change_position": _change_position_step,
    "flip_face_up": _flip_face_up_step,
    "negate_summon": _negate_summon_step,
    "negate_activation": _negate_activation_step,
    "equip": _equip_step,
    "copy_effect": _copy_effect_step,
    "add_counters": _add_counters_step,
    "lasting_rule": _lasting_rule_step,
    "negate_attack": _negate_attack_step,
    "negate_effect": _negate_effect_step,
    "create_tokens": lambda *args: _create_tokens_step(*args),  # (defined below)
    "damage": _damage_step,
    "gain_lp": _gain_lp_step,
}


def register_step(op: str, handler) -> None:
    """Add the handler of an effect step defined in another module (the Fusion Summon's), which
    imports this one: handler(d, link, body, bound, plain step)."""
    _STEPS[op] = handler


def replace_link(link: Link, **changes) -> Link:
    return replace(link, **changes)


def _negate_effect(link: Link) -> Link:
    return replace_link(link, effect_negated=True)


def _special_summon_step(d: Draft, link: Link, body, bound: dict):
    """Special Summon the given cards one by one, each in the position its controller chooses.

    The step asks for one position at a time and runs again after each answer; the cards
    are read again each time, so one that left meanwhile is skipped.
    """
    spec = body if isinstance(body, dict) else {"cards": body}
    player = _player(d, link, bound, spec.get("player"))
    placed = list(bound.get("__summoned__", ()))
    fixed = spec.get("position")  # "in Attack Position", "in Defense Position", "face-down"
    face_up = fixed != "face_down"
    if "__position__" in bound:
        oid = bound.pop("__position__")[0]
        position = bound.pop("__chosen_position__", ("attack",))[0]
        place = None
        if isinstance(position, tuple):  # (position, zone): the zone was chosen too
            position, place = position
        if oid in d.objects and summon_places(d, oid, player, spec, link):
            bound["__from__"] = (*bound.get("__from__", ()), d.objects[oid].zone)
            if place is None:
                place = summon_places(d, oid, player, spec, link)[0]
            placed.append(special_summon(d, oid, player, position, link.oid, face_up, place=place).oid)
    waiting = [o for o in _oids(d, link, bound, spec["cards"])
               if d.objects[o].zone != "monsters" and summonable_by_effect(d, o, player)]
    if fixed is not None:
        for oid in waiting:
            places = summon_places(d, oid, player, spec, link)
            if not places:
                continue
            if not summonable_by_effect(d, oid, player):
                continue  # a second copy of a card Special Summoned once per turn
            if len(places) > 1 and zones.reads_places(d):
                # the battle position is the effect's; the zone is its controller's choice
                bound["__summoned__"] = tuple(placed)
                bound["__position__"] = (oid,)
                return Choice(player, "position", "__chosen_position__", (), oid=oid,
                              prompt=f"zone of {d.objects[oid].label}", redo=_freeze({"special_summon": spec}))
            bound["__from__"] = (*bound.get("__from__", ()), d.objects[oid].zone)
            new = special_summon(d, oid, player, "attack" if fixed == "attack" else "defense", link.oid, face_up,
                                 place=places[0])
            placed.append(new.oid)
        waiting = []
    places = summon_places(d, waiting[0], player, spec, link) if waiting else ()
    if places:
        bound["__summoned__"] = tuple(placed)
        bound["__position__"] = (waiting[0],)
        choice = Choice(player, "position", "__chosen_position__", (), oid=waiting[0],
                        prompt=f"battle position of {d.objects[waiting[0]].label}",
                        redo=_freeze({"special_summon": spec}))
        return choice
    bound.pop("__summoned__", None)
    origins = set(bound.pop("__from__", ()))
    if placed:
        bound[spec.get("as", "summoned")] = tuple(placed)
        # "If a monster(s) in your GY is Special Summoned": the zone they all came from
        windows.emit(d, new_event("summoned", tuple(placed), player, "effect", link.oid, "special",
                               origins.pop() if len(origins) == 1 else None, "monsters"))
    return None


def _create_tokens_step(d, link, body, bound, step):
    """"Special Summon N CARD Tokens in Attack/Defense Position": all of them, or none when
    fewer Main Monster Zones are free."""
    player = _player(d, link, bound, body.get("player"))
    count = int(_value(d, link, bound, body.get("n", 1)))
    name = body["card"]
    free = zones.free_main(d, player)
    if len(free) < count:
        return None
    position = body.get("position", "attack")
    if "__token_zones__" in bound:
        free = list(bound.pop("__token_zones__")[0])
    elif zones.reads_places(d) and len(free) > count:
        # where places matter, the player whose field receives the Tokens chooses their zones
        from cardjudge.rules.ygo.abilities import _freeze

        return Choice(player, "position", "__token_zones__", (), prompt=f"zones of {count} {name}",
                      amount=count, redo=_freeze({"create_tokens": body}))
    placed = []
    for _ in range(count):
        oid = d.new_id()
        token = Obj(oid=oid, label=f"{name}#{oid}", card=name, owner=player, controller=player, zone="monsters",
                    face_up=True, position=position, summon_type="special", flags=frozenset({"summoned_this_turn"}))
        d.put_in_zone(token)
        zones.put(d, oid, free.pop(0))
        placed.append(oid)
    bound[body.get("as", "tokens")] = tuple(placed)
    windows.emit(d, new_event("summoned", tuple(placed), player, "effect", link.oid, "special", None, "monsters"))
    return None


def add_lasting(d: Draft, kind: str, affected: tuple, params: dict, until: str, link: Link | None) -> None:
    lid = d.new_id()
    effect = new_lasting(lid, kind, tuple(affected), frozen_params(params), until, d.turn,
                         link.oid if link else None, link.controller if link else None)
    d.lasting = (*d.lasting, effect)
    d.touched(zones=False)  # no object or zone changed: the zone memo holds


# ------------------------------------------------------------------ phase effects


TURNS_LEFT = "TURNS_LEFT"  # the counter of a card that remains for a number of turns


def end_phase_effects(d: Draft) -> None:
    """"During the End Phase" effects that lasting effects scheduled (Limiter Removal, RDD)."""
    for effect in d.lasting:
        if effect.kind != "at_end_phase":
            continue
        still = [oid for oid in effect.affected if oid in d.objects and d.objects[oid].zone in ON_FIELD]
        action = effect.param("do")
        if action == "destroy":
            destroy(d, still, "effect", effect.source)
        elif action == "banish":
            for oid in still:
                move(d, oid, "banished", "effect", effect.source)
    end_phase_countdowns(d)


def end_phase_countdowns(d: Draft) -> None:
    """A card that remains for a number of turns (``remains: {turns: N, of: WHO}``) counts one
    down in the End Phase of each of WHO's turns and is destroyed at 0. A face-up card holding
    turns left without such an ability (a position written by hand) counts its opponent's turns."""
    for obj in [o for o in d.objects.values() if o.zone == "spells_traps" and o.face_up and o.counter(TURNS_LEFT)]:
        of = next((a.remains_of for a in d.pool[obj.card].abilities if a.remains_turns), "opponent")
        if (obj.controller == d.active) == (of == "you"):
            left = obj.counter(TURNS_LEFT) - 1
            if left <= 0:
                destroy(d, [obj.oid], "effect", obj.oid)
            else:
                counters = dict(obj.counters)
                counters[TURNS_LEFT] = left
                d.update(obj.oid, counters=tuple(sorted(counters.items())))


def queue_maintenance(d: Draft) -> None:
    """Maintenance costs of the Standby Phase (Messenger of Peace, Imperial Order), as choices."""
    for obj in list(d.objects.values()):
        if obj.zone not in ("spells_traps",) or not obj.face_up:
            continue
        for ability in d.pool[obj.card].abilities:
            if ability.kind != "maintenance":
                continue
            env = env_for(d, obj.oid, obj.controller)
            if ability.condition is not None and not evaluate(ability.condition, env):
                continue
            amount = number_of(ability.pay_lp, evaluate(ability.pay_lp, env), "pay_lp")
            queue = list(d.get("maintenance", ()))
            queue.append((obj.oid, amount, ability.mandatory))
            d.game_data["maintenance"] = tuple(queue)
    next_maintenance(d)


def next_maintenance(d: Draft) -> None:
    queue = list(d.get("maintenance", ()))
    while queue:
        oid, amount, mandatory = queue.pop(0)
        d.game_data["maintenance"] = tuple(queue)
        if oid not in d.objects:
            continue
        obj = d.objects[oid]
        if d.player(obj.controller).life < amount:
            destroy(d, [oid], "rule", oid)  # unable to pay: the card is destroyed (C8)
            continue
        if mandatory:
            change_lp(d, obj.controller, -amount, paid=True)
            continue
        d.game_data["choice"] = Choice(obj.controller, "maintenance", "maintenance", (), oid=oid, amount=amount,
                                       prompt=f"pay {amount} LP to keep {obj.label}, or destroy it")
        return
    d.game_data.pop("maintenance", None)

"""Every legal action of the player who must act now, each payment and target choice apart.

Legality is condition ∧ timing ∧ limits ∧ "the costs and targets have a solution": the
costs and targets of one activation are one constraint problem (``core.choices``), so
the same definition says whether the card can be activated and lists every way to do it.
"""

from __future__ import annotations

from typing import NamedTuple as _NamedTuple

from cardjudge.rules.core.actions import Action, CostPart, number_in_place
from cardjudge.rules.core.choices import Slot, solve
from cardjudge.rules.core.events import Event
from cardjudge.rules.core.expr import evaluate, number_of, source_of
from cardjudge.rules.core.reasons import REFUSED, Reason, whose
from cardjudge.rules.ygo import windows, zones
from cardjudge.rules.ygo.abilities import thaw
from cardjudge.rules.ygo.effects import (attached, position_choice_places, position_choice_positions, token_zone_choices,
                                          redirecting_card)
from cardjudge.rules.ygo.extra_summons import extra_deck_summons
from cardjudge.rules.ygo.fusion import fusion_choice_actions, fusion_options
from cardjudge.rules.ygo.procedures import hand_procedures
from cardjudge.rules.ygo.copies import interchange_key
from cardjudge.rules.ygo.views import forbidding_card
from cardjudge.rules.ygo.wording import says
from cardjudge.rules.ygo.records import PendingTrigger
from cardjudge.rules.ygo.windows import window
from cardjudge.rules.ygo.summons import tributes_needed
from cardjudge.rules.ygo.views import ON_FIELD, CardView, continuous_rules, env_for

MAIN_PHASES = ("main1", "main2")
ACTIVATION_ZONES = ("hand", "spells_traps", "field_spell", "monsters", "graveyard", "banished")
COST_PART_NAMES = {"tribute": "tribute", "discard": "discard", "send_to_gy": "send_to_gy", "banish": "banish",
                   "reveal": "reveal", "detach": "detach"}


# ------------------------------------------------------------------ helpers


def _labels(s, oids) -> tuple:
    return tuple(s.objects[o].label for o in oids)


def play_cost(s, player: str, from_hand: bool) -> int:
    """LP that continuous effects make a player pay to Summon, Set or activate from the hand (Chain Energy)."""
    if not from_hand or s.active != player:
        return 0
    return sum(int(value) for _obj, _ability, value in continuous_rules(s, "play_cost"))


def attack_cost(s) -> int:
    """LP to pay to declare an attack (Toll)."""
    return sum(int(value) for _obj, _ability, value in continuous_rules(s, "attack_cost"))


def lp_cost_reason(s, player: str, amount: int, what: str, card: str | None, rule: str) -> Reason | None:
    """The reason ``player`` cannot pay ``amount`` LP for ``what``, or None (C2; C7 when a
    continuous effect imposes it)."""
    life = s.player(player).life
    if amount and life < amount:
        return Reason("cost", f"{what} costs {amount} LP and {says(player, 'have')} {life}", rule, card)
    return None


def _imposed_by(s, rule: str) -> str:
    """The names of the cards whose continuous rule ``rule`` applies now (Toll, Chain Energy)."""
    return ", ".join(sorted({obj.card for obj, _ability, _value in continuous_rules(s, rule)})) or "a card"


def limit_reason(s, obj, card, ability, player) -> Reason | None:
    """The reason a once-per-turn (or per-duel) activation is used up, or None."""
    key = _limit_key(obj, card, ability, player)
    if key is None or key not in s.used:
        return None
    if key[0] == "duel":
        text = f"{player} already activated {key[2]} this Duel (once per Duel)"
    elif key[1] == "soft":
        text = f"this effect of {card.name} [{obj.label}] was already activated this turn (once per turn, this copy)"
    else:
        text = f"{player} already activated an effect of a card named {key[3]} this turn (only once per turn)"
    return Reason("limit", text, None, card.name)


def condition_reason(s, oid: int, player: str, event, ability, card, explain: bool = True) -> Reason | None:
    """The reason an ability's activation condition does not hold now, or None (Y1); with
    ``explain=False``, ``REFUSED`` instead of its text and the cards it read."""
    condition = ability.condition
    if condition is None:
        return None
    env = env_for(s, oid, player, event)
    if evaluate(condition, env):
        return None
    if not explain:
        return REFUSED
    text, _origin = source_of(condition)
    read = cards_read(condition, env)
    seen = f" ({read})" if read else ""
    return Reason("condition", f"{card.name}'s activation condition does not hold: {text or 'its condition'}{seen}",
                  "Y1", card.name)


def cards_read(tree, env) -> str:
    """The cards an expression's collections held when it was evaluated ("you.monsters: Axe
    Raider [AX]"), for a judge to see what the condition was evaluated on."""
    from cardjudge.rules.core.expr import Attr, Name, _children

    parts, todo, seen = [], [tree], set()
    while todo:
        node = todo.pop()
        if type(node) is Attr and type(node.obj) is Name and node.obj.name in ("you", "opponent", "game"):
            text = f"{node.obj.name}.{node.name}"
            if text in seen:
                continue
            seen.add(text)
            value = evaluate(node, env)
            if isinstance(value, (bool, int)):
                parts.append(f"{text} = {value}")
            elif isinstance(value, list):
                views = [v for v in value if isinstance(v, CardView) and v.oid in v.s.objects]
                names = ", ".join(_described(v) for v in views) or "nothing"
                parts.append(f"{text}: {names}")
            continue
        todo.extend(_children(node))
    return "; ".join(sorted(parts))


def _described(view) -> str:
    obj = view.s.objects[view.oid]
    state = "" if obj.face_up or obj.zone not in ON_FIELD else ", face-down"
    return f"{obj.card} [{obj.label}{state}]"


def _limit_key(obj, card, ability, player):
    """The once-per-turn/duel key an activation uses, or None."""
    if ability.limit == "once_per_turn":
        return ("turn", "soft", obj.oid, ability.index)
    if ability.limit in ("hard_once_per_turn", "oath_once_per_turn"):
        return ("turn", "hard", player, ability.limit_key or card.name)
    if ability.limit == "once_per_duel":
        return ("duel", player, ability.limit_key or card.name)
    return None


# ------------------------------------------------------------------ costs and targets


def activation_options(s, oid: int, ability, player: str, event=None, extra_lp: int = 0) -> list[dict]:
    """Every distinct way to pay and target one activation: dicts with costs, targets, lp."""
    plan = activation_slots(s, oid, ability, player, event, extra_lp)
    if plan is None:
        return []
    return _solved_options(s, ability, *plan)


def activation_slots(s, oid: int, ability, player: str, event=None, extra_lp: int = 0, why: list | None = None):
    """(slots, fixed cost parts, LP to pay) of one activation: the choices its costs and targets
    ask for; None when a cost cannot be paid.

    With ``why`` (a list), the reasons each cost part or target cannot be met are added to it
    (C2, C3) and the slots are still built as far as they can be."""
    obj = s.objects[oid]
    name = obj.card
    env = env_for(s, oid, player, event)
    lp = extra_lp
    slots = []
    fixed = []
    payable = True
    for number, cost in enumerate(ability.costs):
        if cost.kind == "pay_lp":
            amount = (s.player(player).life // 2 if cost.amount == "half"
                      else number_of(cost.amount, evaluate(cost.amount, env), "cost: pay_lp"))
            lp += amount
            continue
        if cost.kind == "detach":  # materials of this card: which ones is a choice (G1)
            slots.append(Slot(f"cost{number}", tuple(attached(s, oid)), cost.count, cost.count))
            if why is not None and len(slots[-1].candidates) < cost.count:
                why.append(Reason("cost", f"{name} must detach {cost.count} material(s) and has "
                                          f"{len(slots[-1].candidates)}", "C2", name))
            continue
        if cost.self_only:
            if cost.kind == "tribute" and obj.zone != "monsters":
                if why is None:
                    return None
                payable = False
                why.append(Reason("cost", f"{name} is Tributed as its own cost and is not on the field", "C2", name))
            elif cost.kind == "send_to_gy" and redirecting_card(s, oid) is not None:
                if why is None:
                    return None
                payable = False
                why.append(Reason("cost", f"{name} is sent to the GY as its own cost, but "
                                          f"{redirecting_card(s, oid)} would banish it instead", "C3", name))
            fixed.append((cost.kind, (oid,)))
            continue
        candidates = []
        refused = [] if why is not None else None
        for view in _as_views(evaluate(cost.source, env)):
            if view.oid == oid or view.oid not in s.objects:
                continue
            if cost.where is not None and not evaluate(cost.where, env.with_subject(view)):
                continue
            if cost.kind == "send_to_gy":
                banisher = redirecting_card(s, view.oid)
                if banisher is not None:  # the card would be banished instead: not payable (C3)
                    if refused is not None:
                        refused.append(f"{_described(view)} would be banished instead by {banisher}")
                    continue
            candidates.append(view.oid)
        slots.append(Slot(f"cost{number}", tuple(candidates), cost.count, cost.count))
        if why is not None and len(candidates) < cost.count:
            where = source_of(cost.where)[0] if cost.where is not None else None
            among = f"{source_of(cost.source)[0] or 'the cards it names'}" + (f" where {where}" if where else "")
            detail = f" ({'; '.join(refused)})" if refused else ""
            why.append(Reason("cost", f"{name}'s cost needs {cost.count} card(s) to {cost.kind.replace('_', ' ')} "
                                      f"from {among}: {len(candidates)} can be{detail}",
                              "C3" if refused else "C2", name))
    lp_reason = lp_cost_reason(s, player, lp, name, name, "C7" if extra_lp else "C2")
    if lp_reason is not None:
        if why is None:
            return None
        payable = False
        why.append(lp_reason)
    used_by_fixed = {o for _, oids in fixed for o in oids}
    for target in ability.targets:
        candidates = []
        refused = [] if why is not None else None
        for view in _as_views(evaluate(target.source, env)):
            if view.oid == oid or view.oid in used_by_fixed or view.oid not in s.objects:
                continue  # a card that left its zone is a new object: the old one cannot be targeted
            if target.where is not None and not evaluate(target.where, env.with_subject(view)):
                if refused is not None:
                    refused.append(f"{_described(view)} is not {source_of(target.where)[0] or 'a legal target'}")
                continue
            candidates.append(view.oid)
        slots.append(Slot(f"target:{target.name}", tuple(candidates), target.min, target.max))
        if why is not None and len(candidates) < target.min:
            among = source_of(target.source)[0] or "the cards it names"
            detail = "; ".join(refused) if refused else f"{among} holds none"
            why.append(Reason("target", f"{name} needs {target.min} target(s) among {among}: "
                                        f"{len(candidates)} legal ({detail})", None, name))
    if not payable:
        return None
    return slots, fixed, lp


def _solved_options(s, ability, slots, fixed, lp) -> list[dict]:
    """The options of an activation whose choices are ``slots`` (see ``activation_slots``)."""
    classes = {}
    for slot in slots:
        for candidate in slot.candidates:
            if candidate not in classes:
                classes[candidate] = interchange_key(s, candidate)
    options = []
    for solution in solve(slots, classes):
        costs = list(fixed)
        for number, cost in enumerate(ability.costs):
            if f"cost{number}" in solution:
                costs.append((cost.kind, solution[f"cost{number}"]))
        targets = tuple((t.name, solution[f"target:{t.name}"]) for t in ability.targets)
        options.append({"costs": tuple(costs), "targets": targets, "lp": lp})
    if ability.declare:  # each value that may be declared: its own action
        name, values = ability.declare
        options = [{**option, "declared": ((name, value),)} for option in options for value in values]
    return options


def _as_views(value) -> list:
    if value is None:
        return []
    if isinstance(value, list):
        return [v for v in value if isinstance(v, CardView)]
    return [value] if isinstance(value, CardView) else []


def _activation_action(s, obj, card, ability, player, option, event, mode) -> Action:
    costs = []
    if option["lp"]:
        costs.append(CostPart("pay_lp", (), option["lp"]))
    for kind, oids in option["costs"]:
        costs.append(CostPart(COST_PART_NAMES.get(kind, kind), _labels(s, oids), None, oids))
    target_oids = tuple(o for _, oids in option["targets"] for o in oids)
    target_labels = _labels(s, target_oids)
    if obj.zone != "hand" and card["kind"] == "monster":
        text = f"{says(player, 'activate')} the effect of {card.name}"
    else:
        text = f"{says(player, 'activate')} {card.name}"
    if target_oids:
        text += " targeting " + ", ".join(target_labels)
    paid = [c for c in costs if c.cards] + [c for c in costs if c.amount]
    for _name, value in option.get("declared", ()):
        text += f" declaring {value}"
    if paid:
        text += " (cost: " + "; ".join(
            f"{c.kind} {', '.join(c.cards)}" if c.cards else f"pay {c.amount} LP" for c in paid) + ")"
    return Action(
        id="", player=player, kind="activate", text=text, card=card.name, card_id=obj.label,
        ability=ability.index, costs=tuple(costs), targets=target_labels,
        payload=((("declared", option["declared"]),) if "declared" in option else ())
        + (("event", event), ("lp", option["lp"]), ("mode", mode), ("oid", obj.oid),
           ("paid", option["costs"]), ("target_oids", option["targets"])),
    )


# ------------------------------------------------------------------ activations in a window


def _speed(card, ability) -> int:
    if ability.speed:
        return ability.speed
    if ability.kind == "activate":
        if card["kind"] == "trap":
            return 3 if card["subtype"] == "counter" else 2
        return 2 if card["subtype"] == "quick-play" else 1
    return 2 if ability.kind == "quick" else 1


def _matching_events(s, ability, kind, obj, player):
    """The events a "When ..." activation may answer now (None: it answers none)."""
    if not ability.on:
        return [None]
    events = list(s.get("window_events", ()))
    if s.chain:
        events.append(_activation_event(s, s.chain[-1]))
    found = []
    for event in events:
        if event is None or event.kind != ability.on:
            continue
        if kind == "summon" and event.kind != "summoning":
            continue
        if ability.when is not None and not evaluate(ability.when, env_for(s, obj.oid, player, event)):
            continue
        found.append(event)
    return found


def _activation_event(s, link):
    return Event("activated", cards=(link.oid,), player=link.controller, source=link.oid, reason="effect",
                 method="summons" if link.summons else None)


def _activatable_index(pool) -> tuple:
    """The pool's activatable abilities (card activations, ignition and quick effects), made once
    per pool: ``(every, fast)``, each a tuple of (zone, {card name: ((ability, speed), ...)}) in
    ``ACTIVATION_ZONES`` order, with only the abilities usable from that zone and only the zones
    where some card has one. ``fast`` keeps the abilities of speed 2 or more, the only ones
    usable outside the turn player's open Main Phase window with an empty chain.

    Split by zone so that a player's candidates are found by scanning only the zones that can
    hold one (most pools have nothing to activate from the graveyard or banished)."""
    return pool.index(_build_activatable_index)


def _build_activatable_index(pool) -> tuple:
    """The index ``_activatable_index`` gives, built."""
    every, fast = [], []
    for zone in ACTIVATION_ZONES:
        in_zone, fast_in_zone = {}, {}
        for card in pool:
            abilities = tuple((a, _speed(card, a)) for a in card.abilities
                              if a.kind in ("activate", "ignition", "quick") and zone in a.zones)
            if abilities:
                in_zone[card.name] = abilities
            fast_abilities = tuple(pair for pair in abilities if pair[1] >= 2)
            if fast_abilities:
                fast_in_zone[card.name] = fast_abilities
        if in_zone:
            every.append((zone, in_zone))
        if fast_in_zone:
            fast.append((zone, fast_in_zone))
    return (tuple(every), tuple(fast))


def _activation_candidates(s, player: str, fast: bool = False) -> list:
    """(zone, oid, (ability, speed) pairs) of the player's cards that have abilities usable from
    their zone (``fast``: of speed 2 or more only), in zone order; memoised in the zone memo
    (it reads only the zones, objects and pool: see ``Draft._zone_memo``)."""
    cache = s._zone_memo
    if cache is None:
        cache = s.zone_memo()
    key = ("activation_candidates", player, fast)
    found = cache.get(key)
    if found is None:
        pool = s.pool
        index = pool.index(_build_activatable_index)
        zones, objects = s.zones, s.objects
        found = cache[key] = []
        for zone, in_zone in index[fast]:
            oids = zones.get((player, zone))
            if oids:
                get = in_zone.get
                for oid in oids:
                    abilities = get(objects[oid].card)
                    if abilities is not None:
                        found.append((zone, oid, abilities))
    return found


def can_respond(s, player: str) -> bool:
    """Whether ``player`` has any card with an ability of speed 2 or more usable from where it is,
    and, when the window has nothing to answer (no window event, an empty chain), one that does
    not answer an event (a "When ..." ability answers only those: see ``_matching_events``).

    When not, every window but the turn player's open Main Phase window with an empty chain
    (and the Battle Step's, for attacks) offers that player nothing but passing."""
    candidates = _activation_candidates(s, player, True)
    if not candidates:
        return False
    if s.chain or s.get("window_events"):
        return True
    # The windows of a phase walk (a new phase drops the window events): saves listing them for
    # a player whose only cards answer an event, such as a face-down Sakuretsu Armor.
    memo = s._zone_memo  # made by _activation_candidates; the flag reads only the candidates
    key = ("answers_only", player)
    answers_only = memo.get(key)
    if answers_only is None:
        answers_only = memo[key] = all(ability.on for _zone, _oid, abilities in candidates
                                       for ability, _speed in abilities)
    return not answers_only




class WindowRules(_NamedTuple):
    """What a window allows, worked out once per listing (see ``window_rules``)."""

    kind: str
    speed_1_ok: bool  # the turn player's open Main Phase window with an empty chain
    min_speed: int  # a response must be at least this fast (0: no chain link to answer)
    summon_window: bool  # only what answers a Summon under way
    damage_rule: bool  # in the Damage Step: only Damage Step abilities and Counter Traps
    chain_speed: int


def window_rules(s, player: str, kind: str) -> WindowRules:
    """The timing rules of a window of this kind for ``player``."""
    own_turn = s.active == player
    chain_speed = s.chain[-1].speed if s.chain else 0
    return WindowRules(kind, own_turn and kind == "open" and s.phase in MAIN_PHASES and not s.chain,
                       max(2, chain_speed) if kind == "respond" else 0, kind == "summon",
                       kind == "damage" or s.phase == "damage_step", chain_speed)


def timing_reason(rules: WindowRules, card, ability, speed: int, explain: bool = True) -> Reason | None:
    """The reason an ability of this spell speed cannot be activated in this window, or None
    (``REFUSED`` with ``explain=False``)."""
    if rules.summon_window != (ability.on == "summoning"):
        if not explain:
            return REFUSED
        if rules.summon_window:
            return Reason("timing", "a monster would be Summoned: only an activation that answers the Summon "
                                    "(Solemn Warning's) can be made now, and this one does not", None, card.name)
        return Reason("timing", f"{card.name} answers a monster about to be Summoned, and none is", None, card.name)
    if speed < rules.min_speed:
        if not explain:
            return REFUSED
        return Reason("timing", f"{card.name} is Spell Speed {speed}: a chain link of Spell Speed "
                                f"{rules.chain_speed} is answered only at Spell Speed {rules.min_speed} or more",
                      None, card.name)
    if rules.damage_rule and not (ability.damage_step or speed == 3):
        if not explain:
            return REFUSED
        return Reason("timing", f"in the Damage Step only Counter Traps and cards that say so can be activated; "
                                f"{card.name} does not", None, card.name)
    if speed == 1 and not rules.speed_1_ok:
        if not explain:
            return REFUSED
        return Reason("timing", f"{card.name} is Spell Speed 1: it is activated only in its controller's own "
                                "Main Phase, when nothing else is happening (an empty chain)", None, card.name)
    return None


def activations(s, player: str, kind: str) -> list[Action]:
    """The card and effect activations ``player`` may make in a window of this kind."""
    own_turn = s.active == player
    rules = window_rules(s, player, kind)
    # the candidates hold only the abilities usable from the card's zone; without speed 1, the
    # shorter list of the abilities of speed 2 or more (speed 1 fails timing_reason there)
    candidates = _activation_candidates(s, player, not rules.speed_1_ok)
    if not candidates:
        return []  # before working out the window's other rules
    actions = []
    objects, pool = s.objects, s.pool
    for zone, oid, abilities in candidates:
        obj = card = None
        # the window's timing first (from the ability alone), then the card's state
        for ability, speed in abilities:
            if obj is None:
                obj = objects[oid]
                card = pool[obj.card]
            if timing_reason(rules, card, ability, speed, explain=False) is not None:
                continue
            mode = _card_activation_mode(s, obj, card, ability, own_turn, explain=False)
            if mode is REFUSED:
                continue
            if limit_reason(s, obj, card, ability, player) is not None:
                continue
            if fusion_reason(s, player, card, ability) is not None:
                continue  # a Fusion Summon it could not perform: it cannot be activated
            for event in _matching_events(s, ability, kind, obj, player):
                if condition_reason(s, oid, player, event, ability, card, explain=False) is not None:
                    continue
                extra = play_cost(s, player, zone == "hand")
                for option in activation_options(s, oid, ability, player, event, extra):
                    actions.append(_activation_action(s, obj, card, ability, player, option, event, mode))
    return actions


def fusion_reason(s, player: str, card, ability) -> Reason | None:
    """The reason a card that Fusion Summons cannot be activated (no Fusion it could perform), or None."""
    if ability.fusion is None or fusion_options(s, player, ability.fusion):
        return None
    return Reason("condition", f"{card.name} Fusion Summons, and no Fusion Monster can be Summoned with the "
                               "materials at hand", "C2", card.name)


def events_reason(s, ability, kind, obj, player, card) -> Reason | None:
    """The reason a "When ..." activation has nothing to answer now, or None."""
    if _matching_events(s, ability, kind, obj, player):
        return None
    when = source_of(ability.when)[0] if ability.when is not None else None
    what = _EVENT_WORDS.get(ability.on, f"a '{ability.on}' event happens")
    return Reason("timing", f"{card.name} is activated when {what}" + (f" ({when})" if when else "")
                            + ", and nothing it answers has just happened", None, card.name)


_EVENT_WORDS = {"activated": "a card or effect is activated", "attack_declared": "an attack is declared",
                "summoned": "a monster is Summoned", "destroyed": "a card is destroyed",
                "sent_to_gy": "a card is sent to the GY", "flipped": "a monster is flipped face-up",
                "summoning": "a monster would be Summoned"}


def _card_activation_mode(s, obj, card, ability, own_turn, explain: bool = True) -> str | Reason:
    """How the card is activated ("from_hand", "set_card", "effect"), or the reason it cannot be
    now (``REFUSED`` with ``explain=False``)."""
    if ability.kind != "activate":
        if obj.zone in ON_FIELD and not obj.face_up:
            if not explain:
                return REFUSED
            return Reason("condition", f"{card.name} is face-down: its effects cannot be activated", None, card.name)
        return "effect"
    if obj.zone == "hand":
        if not explain and (card["kind"] != "spell" or not own_turn):
            return REFUSED
        if card["kind"] != "spell":
            return Reason("timing", f"{card.name} is a Trap: it must be Set before it can be activated", None,
                          card.name)
        if not own_turn:
            return Reason("timing", "a Spell is activated from the hand only in its controller's own turn",
                          None, card.name)
        if card["subtype"] == "field":
            return "from_hand"
        if not zones.free_spell_traps(s, obj.controller):
            if not explain:
                return REFUSED
            return Reason("zone", f"{whose(obj.controller)} Spell & Trap Zone is full (5 cards)", None, card.name)
        return "from_hand"
    if obj.zone in ("spells_traps", "field_spell") and not obj.face_up:
        if card["kind"] == "trap" or card["subtype"] == "quick-play":
            if "set_this_turn" in obj.flags:
                if not explain:
                    return REFUSED
                return Reason("timing", f"{card.name} was Set this turn: it cannot be activated until the next "
                                        "turn", None, card.name)
        return "set_card"
    if not explain:
        return REFUSED
    return Reason("condition", f"{card.name} is already face-up: it was activated already", None, card.name)


# ------------------------------------------------------------------ summons, sets, attacks


_NO_TRIBUTE = ({},)  # what ``solve`` finds without slots: one way, nothing chosen
_EXTRA_DECK_KINDS = ("ritual", "fusion", "synchro", "xyz", "link")


def normal_summon_reason(s, player: str, oid: int, monsters: tuple, explain: bool = True) -> Reason | None:
    """The reason the card of the hand ``oid`` cannot be Normal Summoned or Set now, or None
    (Chain Energy's LP, checked for every play from the hand, apart: ``play_cost``); with
    ``explain=False``, ``REFUSED`` for any reason (the checks below take the same flag)."""
    card = s.pool[s.objects[oid].card]
    if card["kind"] != "monster":
        if not explain:
            return REFUSED
        return Reason("summon", f"{card.name} is not a monster: it is not Summoned", None, card.name)
    if card["subtype"] in _EXTRA_DECK_KINDS:
        if not explain:
            return REFUSED
        return Reason("summon", f"{card.name} is a {card['subtype'].title()} Monster: it cannot be Normal Summoned "
                                "or Set", None, card.name)
    if "normal_summon_used" in s.player(player).flags:
        if not explain:
            return REFUSED
        return Reason("summon", f"{player} already Normal Summoned or Set a monster this turn (once per turn)",
                      None, card.name)
    need = tributes_needed(card["level"])
    if len(monsters) < need:
        if not explain:
            return REFUSED
        return Reason("cost", f"{card.name} is Level {card['level']}: it needs {need} Tribute(s), and {says(player, 'control')} "
                              f"{len(monsters)} monster(s)", None, card.name)
    if need == 0 and not zones.free_main(s, player):
        if not explain:
            return REFUSED
        return Reason("zone", f"{whose(player)} Main Monster Zones are full (5 monsters)", None, card.name)
    if need:
        forbidder = forbidding_card(s, "cannot_tribute_summon", oid)
        if forbidder is not None:
            if not explain:
                return REFUSED
            return Reason("condition", f"{forbidder} forbids Tribute Summoning {card.name}", None, card.name)
    return None


def set_spell_reason(s, player: str, oid: int, explain: bool = True) -> Reason | None:
    """The reason a Spell or Trap of the hand cannot be Set now, or None."""
    card = s.pool[s.objects[oid].card]
    if card["subtype"] != "field" and not zones.free_spell_traps(s, player):
        if not explain:
            return REFUSED
        return Reason("zone", f"{whose(player)} Spell & Trap Zone is full (5 cards)", None, card.name)
    return None


def flip_summon_reason(obj, explain: bool = True) -> Reason | None:
    """The reason a face-down monster cannot be Flip Summoned now, or None."""
    if obj.face_up:
        if not explain:
            return REFUSED
        return Reason("summon", f"{obj.card} is face-up: only a face-down monster is Flip Summoned", None, obj.card)
    if obj.flags & {"summoned_this_turn", "set_this_turn", "position_changed_this_turn"}:
        if not explain:
            return REFUSED
        return Reason("timing", f"{obj.card} was Set or changed position this turn: it can be Flip Summoned from "
                                "the next turn", None, obj.card)
    return None


def reposition_reason(obj, card, explain: bool = True) -> Reason | None:
    """The reason a face-up monster cannot change its battle position now, or None."""
    if card["subtype"] == "link":
        if not explain:
            return REFUSED
        return Reason("condition", f"{obj.card} is a Link Monster: it has no DEF and stays in Attack Position",
                      None, obj.card)
    if not obj.face_up:
        if not explain:
            return REFUSED
        return Reason("condition", f"{obj.card} is face-down: it changes position by a Flip Summon", None, obj.card)
    if obj.flags & {"summoned_this_turn", "set_this_turn", "position_changed_this_turn"}:
        if not explain:
            return REFUSED
        return Reason("limit", f"{obj.card} was Summoned or changed position this turn (once per turn, not the "
                               "turn it arrives)", None, obj.card)
    if "attacked_this_turn" in obj.flags:
        if not explain:
            return REFUSED
        return Reason("limit", f"{obj.card} attacked this turn: it cannot change position after attacking", None,
                      obj.card)
    return None


def main_phase_plays(s, player: str) -> list[Action]:
    """Normal Summons and Sets (with every Tribute choice), Flip Summons, position changes, Spell/Trap Sets."""
    actions = []
    monsters = s.zone(player, "monsters")
    extra_lp = play_cost(s, player, True)
    if lp_cost_reason(s, player, extra_lp, "a play from the hand", None, "C7") is not None:
        return actions
    seen = set()
    monster_classes = None
    for oid in s.zone(player, "hand"):
        obj = s.objects[oid]
        card = s.pool[obj.card]
        key = interchange_key(s, oid)
        if key in seen:
            continue
        seen.add(key)
        if card["kind"] == "monster":
            if normal_summon_reason(s, player, oid, monsters, explain=False) is not None:
                continue
            need = tributes_needed(card["level"])
            if need:
                if monster_classes is None:  # the same for every monster of the hand
                    monster_classes = {m: interchange_key(s, m) for m in monsters}
                solutions = solve([Slot("tribute", tuple(monsters), need, need)], monster_classes)
            else:
                solutions = _NO_TRIBUTE
            for solution in solutions:
                tributes = solution.get("tribute", ())
                places = zones.useful_places(s, player, card, False, tributes)
                if not places:
                    continue  # no Main Monster Zone would be free
                costs = []
                if extra_lp:
                    costs.append(CostPart("pay_lp", (), extra_lp))
                if tributes:
                    costs.append(CostPart("tribute", _labels(s, tributes), None, tributes))
                suffix = f" (Tributing {', '.join(_labels(s, tributes))})" if tributes else ""
                for place in places:
                    where = f" to {zones.describe(place)}" if len(places) > 1 else ""
                    for verb, kind in (("Normal Summon", "summon"), ("Set", "set")):
                        actions.append(Action(
                            id="", player=player, kind=kind, text=f"{says(player, verb)} {card.name}{suffix}{where}",
                            card=card.name, card_id=obj.label, costs=tuple(costs),
                            payload=(("lp", extra_lp), ("mode", kind), ("oid", oid), ("place", place),
                                     ("tributes", tributes)),
                        ))
        elif card["kind"] in ("spell", "trap"):
            if set_spell_reason(s, player, oid, explain=False) is None:
                costs = (CostPart("pay_lp", (), extra_lp),) if extra_lp else ()
                actions.append(Action(
                    id="", player=player, kind="set", text=f"{says(player, 'Set')} {card.name}", card=card.name,
                    card_id=obj.label, costs=costs, payload=(("lp", extra_lp), ("mode", "set_spell"), ("oid", oid)),
                ))
    seen_on_field = set()
    for oid in monsters:
        obj = s.objects[oid]
        card = s.pool[obj.card]
        key = monster_classes[oid] if monster_classes is not None else interchange_key(s, oid)
        if key in seen_on_field:
            continue  # an interchangeable copy: the same decision (G1)
        seen_on_field.add(key)
        if not obj.face_up:
            if flip_summon_reason(obj, explain=False) is None:
                actions.append(Action(
                    id="", player=player, kind="summon", text=f"{says(player, 'Flip Summon')} {card.name}", card=card.name,
                    card_id=obj.label, payload=(("lp", 0), ("mode", "flip"), ("oid", oid)),
                ))
        elif reposition_reason(obj, card, explain=False) is None:
            to = "defense" if obj.position == "attack" else "attack"
            actions.append(Action(
                id="", player=player, kind="choose", text=f"{says(player, 'change')} {card.name} to {to} position",
                card=card.name, card_id=obj.label, position=to, payload=(("mode", "reposition"), ("oid", oid)),
            ))
    return actions


def attacker_reason(s, oid: int) -> Reason | None:
    """The reason a monster cannot declare an attack now (whatever it attacks), or None."""
    obj = s.objects[oid]
    if not obj.face_up or obj.position != "attack":
        return Reason("condition", f"{obj.card} is not in face-up Attack Position: only such a monster attacks",
                      None, obj.card)
    if "attacked_this_turn" in obj.flags:
        return Reason("limit", f"{obj.card} already attacked this turn (once per turn)", None, obj.card)
    forbidder = forbidding_card(s, "cannot_attack", oid)
    if forbidder is not None:
        return Reason("condition", f"{forbidder} stops {obj.card} from attacking", None, obj.card)
    return None


def direct_attack_reason(s, oid: int, defenders: tuple) -> Reason | None:
    """The reason a monster has nothing it may attack (a direct attack forbidden), or None."""
    if defenders:
        return None
    forbidder = forbidding_card(s, "cannot_attack_directly", oid)
    if forbidder is not None:
        return Reason("target", f"{forbidder} stops {s.objects[oid].card} from attacking directly, and the "
                                "opponent controls no monster", None, s.objects[oid].card)
    return None


def attacks(s, player: str) -> list[Action]:
    """Attack declarations of the battle step, with Toll-like costs."""
    actions = []
    lp = attack_cost(s)
    if lp_cost_reason(s, player, lp, "an attack", None, "C7") is not None:
        return actions
    opponent = s.opponent_of(player)
    defenders = s.zone(opponent, "monsters")
    costs = (CostPart("pay_lp", (), lp),) if lp else ()
    seen = set()
    for oid in s.zone(player, "monsters"):
        obj = s.objects[oid]
        if attacker_reason(s, oid) is not None or direct_attack_reason(s, oid, defenders) is not None:
            continue
        name = s.pool[obj.card].name
        if defenders:
            targets = [(d, s.objects[d].label) for d in defenders]
        else:
            targets = [(None, opponent)]
        for target, label in targets:
            key = (interchange_key(s, oid), interchange_key(s, target) if target is not None else None)
            if key in seen:
                continue  # the same attack by or on an interchangeable copy (G1)
            seen.add(key)
            what = "directly" if target is None else label
            actions.append(Action(
                id="", player=player, kind="attack", text=f"{says(player, 'attack')} {what} with {name}",
                card=name, card_id=obj.label, targets=(label,), costs=costs,
                payload=(("lp", lp), ("mode", "attack"), ("oid", oid), ("target", target)),
            ))
    return actions


# ------------------------------------------------------------------ decisions


def trigger_actions(s) -> list[Action]:
    """Putting the next simultaneous trigger on the chain, in an order SEGOC allows (G2)."""
    actions = []
    for trigger in windows.trigger_choices(s):
        actions.extend(_trigger_options(s, trigger))
    return actions


def _trigger_options(s, trigger: PendingTrigger) -> list[Action]:
    card = s.pool[trigger.card]
    ability = card.abilities[trigger.ability]
    payload_trigger = (("trigger", trigger),)
    out = []
    decline = Action(id="", player=trigger.controller, kind="decline",
                     text=f"{says(trigger.controller, 'do not')} activate {card.name}", card=card.name,
                     card_id=trigger.label, ability=ability.index, payload=(("mode", "decline"), *payload_trigger))
    obj = s.objects.get(trigger.oid)
    if obj is None:
        return [] if trigger.mandatory else [decline]
    key = _limit_key(obj, card, ability, trigger.controller)
    if key is not None and key in s.used:
        return [] if trigger.mandatory else [decline]
    if ability.condition is None or evaluate(ability.condition, env_for(s, obj.oid, trigger.controller, trigger.event)):
        for option in activation_options(s, obj.oid, ability, trigger.controller, trigger.event):
            action = _activation_action(s, obj, card, ability, trigger.controller, option, trigger.event, "trigger")
            out.append(Action(**{**_fields(action), "payload": action.payload + payload_trigger}))
    if not trigger.mandatory and out:
        out.append(decline)
    return out


def _fields(action: Action) -> dict:
    return {name: getattr(action, name) for name in Action.__slots__}


def choice_actions(s, choice) -> list[Action]:
    player = choice.player
    if choice.kind == "fusion":
        return fusion_choice_actions(s, choice)
    if choice.kind == "position" and choice.oid is None:  # the zones of Tokens an effect creates
        name = thaw(choice.redo)["create_tokens"]["card"]
        return [Action(id="", player=player, kind="choose",
                       text=f"{says(player, 'Special Summon')} {choice.amount} {name} to "
                            f"{' and '.join(zones.describe(z) for z in chosen)}",
                       card=name, payload=(("mode", "position"), ("value", chosen)))
                for chosen in token_zone_choices(s, choice)]
    if choice.kind == "position":
        label = s.objects[choice.oid].label
        card = s.objects[choice.oid].card
        places = position_choice_places(s, choice)
        if places:  # the zones it may go to: a choice of battle position and zone
            return [Action(id="", player=player, kind="choose",
                           text=f"{says(player, 'Special Summon')} {label} in {p} position to {zones.describe(z)}",
                           card=card, card_id=label, position=p, payload=(("mode", "position"), ("value", (p, z))))
                    for p in position_choice_positions(s, choice) for z in places]
        return [Action(id="", player=player, kind="choose", text=f"{says(player, 'Special Summon')} {label} in {p} position",
                       card=card, card_id=label, position=p, payload=(("mode", "position"), ("value", p)))
                for p in ("attack", "defense")]
    if choice.kind == "maintenance":
        obj = s.objects[choice.oid]
        return [
            Action(id="", player=player, kind="pay", text=f"{says(player, 'pay')} {choice.amount} LP to keep {obj.card}",
                   card=obj.card, card_id=obj.label, costs=(CostPart("pay_lp", (), choice.amount),),
                   payload=(("mode", "maintenance"), ("value", True))),
            Action(id="", player=player, kind="decline", text=f"{says(player, 'do not')} pay: {obj.card} is destroyed",
                   card=obj.card, card_id=obj.label, payload=(("mode", "maintenance"), ("value", False))),
        ]
    classes = {c: interchange_key(s, c) for c in choice.candidates}
    actions = []
    for size in range(choice.min, choice.max + 1):
        for solution in solve([Slot("pick", choice.candidates, size, size)], classes):
            picked = solution["pick"]
            verb = "discard" if choice.kind == "discard" else "choose"
            text = f"{says(player, verb)} {', '.join(_labels(s, picked))}" if picked else f"{says(player, 'choose')} nothing"
            actions.append(Action(id="", player=player, kind="choose", text=text,
                                  card=s.objects[picked[0]].card if picked else None,
                                  card_id=s.objects[picked[0]].label if picked else None,
                                  targets=_labels(s, picked), payload=(("mode", choice.kind), ("value", picked))))
    return actions


def window_actions(s, kind: str, player: str) -> list[Action]:
    """Everything the player with priority may do in the current window, pass last."""
    actions = window_choices(s, kind, player)
    actions.append(pass_action(s, kind, player))
    return actions


def window_choices(s, kind: str, player: str) -> list[Action]:
    """What the player with priority may do in the current window besides passing."""
    actions: list[Action] = []
    if kind == "open" and s.phase in MAIN_PHASES:
        actions += main_phase_plays(s, player)
        actions += extra_deck_summons(s, player)
        actions += hand_procedures(s, player)
    if kind == "open" and s.phase == "battle_step":
        actions += attacks(s, player)
    actions += activations(s, player, kind)
    return actions


def pass_action(s, kind: str, player: str) -> Action:
    """Passing priority in the current window."""
    return Action(id="", player=player, kind="pass", text=_pass_text(s, kind, player), payload=(("mode", "pass"),))


def _pass_text(s, kind, player) -> str:
    if kind == "respond":
        return f"{says(player, 'pass')} (no response)"
    if kind == "open":
        return f"{says(player, 'pass')} (ends {s.phase})"
    return says(player, "pass")


def placing_triggers(s) -> bool:
    pending = s.pending
    has_triggers = bool(pending) and any(isinstance(p, PendingTrigger) for p in pending)
    return (has_triggers and not s.get("resolving_chain") and (not s.chain or bool(s.get("placing")))
            and s.get("summoning") is None)  # they wait for the Summon under way (see play.advance)


def raw_actions(s) -> list[Action]:
    """The legal actions without ids (see ``legal_actions``)."""
    if s.winner is not None:
        return []
    choice = s.get("choice")
    if choice is not None:
        return choice_actions(s, choice)
    if placing_triggers(s):
        return trigger_actions(s)
    kind, priority, _ = window(s)
    return window_actions(s, kind, priority)


def legal_actions(s) -> list[Action]:
    """Every legal action now, numbered ``a1``, ``a2`` ... in a stable order."""
    return list(_listed(s))


def _listed(s) -> list:
    """The memoised listing of ``legal_actions`` itself (not to be changed by the caller)."""
    record = s.derived()
    listed = record.listing
    if listed is None:
        listed = record.raw_listing  # left by apply when it listed them on its way
        if listed is None:
            listed = raw_actions(s)
        else:
            record.raw_listing = None
        listed = record.listing = number_in_place(listed)
    return listed



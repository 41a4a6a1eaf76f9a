"""Card parts: which parts a moment fires, and what their effects do.

A part fires as ``part`` work (its condition is read then), which becomes one ``effect`` work
per effect, so that an effect may wait for a decision (a random amount, a chosen character, a
card moving to a random character) without the others being lost.
"""

from __future__ import annotations

from dataclasses import replace

from cardjudge.rules.core import lasting
from cardjudge.rules.core.expr import evaluate, number_of
from cardjudge.rules.core.state import Lasting
from cardjudge.rules.eredan import effects
from cardjudge.rules.eredan.cards import lifetime
from cardjudge.rules.eredan.records import Work
from cardjudge.rules.eredan.views import CharView, alive, attached_to, card_env, fight, fighter_of, living
from cardjudge.rules.eredan.work import CHANCE, asks, push_front, step

PLAY_ZONES = ("attached", "in_fight")


def draws_amount(s, work: Work) -> bool:
    """Whether the work waits for chance to draw a random amount ("1 à 3")."""
    return work.kind == "effect" and work.value is None and bool(_effect_of(s, work).param("range"))


@asks
def _effect_decision(s, work: Work):
    if draws_amount(s, work):
        low, high = _effect_of(s, work).param("range")
        count = high - low + 1
        return CHANCE, [(v, 1 / count, f"{work.name}: {v}") for v in range(low, high + 1)], "value"
    if work.kind == "effect" and work.target is None:
        effect = _effect_of(s, work)
        if effect.op == "move_random":
            options = [o for o in living(s, work.controller) if o != work.holder]
            return (CHANCE, [(o, 1 / len(options), f"{work.name} moves to {s.objects[o].label}") for o in options],
                    "target")
        if effect.to == "chosen_opponent":
            options = living(s, s.opponent_of(work.controller))
            return work.controller, [(o, None, f"{s.objects[o].label}") for o in options], "target"
    return None


def _ability_of(s, work: Work):
    return s.pool[work.name].abilities[work.ability]


def _effect_of(s, work: Work):
    return _ability_of(s, work).effects[work.effect]


def _env(d, work: Work):
    caster = work.caster
    if caster is None and work.card is not None:
        record = next((e for e in d.lasting if e.kind == "lifetime" and e.source == work.card), None)
        caster = record.param("caster") if record else None
    return card_env(d, work.card, work.controller, holder=work.holder, caster=caster, target=work.target,
                    index=work.index)


@step("part")
def _do_part(d, work: Work) -> None:
    ability = _ability_of(d, work)
    if ability.condition is not None and not evaluate(ability.condition, _env(d, work)):
        return
    if ability.when in ("fight_start", "fight_end", "turn_start", "turn_end") and work.card is not None:
        d.used = frozenset(d.used) | {("fired", work.card, ability.index)}
    push_front(d, [replace(work, kind="effect", effect=i) for i in range(len(ability.effects))])


def _targets(d, work: Work, to: str) -> list:
    env_caster = _env(d, work).vars["caster"]
    if to == "caster":
        return [env_caster.oid] if env_caster else []
    if to == "holder":
        return [work.holder] if work.holder is not None else []
    if to == "opponent":
        oid = fighter_of(d, d.opponent_of(work.controller))
        return [oid] if oid is not None else []
    if to in ("target", "chosen_opponent"):
        return [work.target] if work.target is not None else []
    if to == "each_opponent":
        return living(d, d.opponent_of(work.controller))
    return []


def _amount(d, work: Work, tree, victim=None) -> int:
    """An effect's number; ``victim`` names the character it is applied to ("son Esprit").
    A random amount was drawn by chance into ``work.value``."""
    if tree is None:
        return work.value or 0
    env = _env(d, work)
    env.vars["victim"] = CharView(d, victim) if victim is not None else None
    return number_of(tree, evaluate(tree, env), "amount")


@step("effect")
def _do_effect(d, work: Work) -> None:
    effect = _effect_of(d, work)
    op = effect.op
    if op == "discard_self":
        if work.card is not None:
            effects.leave_play(d, work.card, "effect", work.card)
        return
    if op == "counter_next":
        d.game_data["countering"] = tuple(d.game_data.get("countering") or ()) + (
            (d.opponent_of(work.controller), effect.kind),)
        return
    if op == "items_now":
        items = dict(d.game_data.get("items_now") or ())
        items[work.controller] = tuple(effect.param("subtypes"))
        d.game_data["items_now"] = tuple(sorted(items.items()))
        return
    if op == "move_random":
        if work.card in d.objects and work.target is not None and alive(d, work.target):
            effects.attach(d, work.card, work.target, waiting="waiting" in d.objects[work.card].flags)
        return
    if op == "fetch_attach":
        _fetch_attach(d, work, effect)
        return
    for oid in _targets(d, work, effect.to):
        if op == "damage":
            effects.deal_damage(d, oid, _amount(d, work, effect.amount, oid), effect.kind, reason="effect",
                                source=work.card)
        elif op == "lose_hp":
            effects.lose_hp(d, oid, _amount(d, work, effect.amount, oid), work.card)
        elif op == "heal":
            effects.heal(d, oid, _amount(d, work, effect.amount, oid), work.card)
        elif op == "modify":
            changes = tuple((k, 1 if v is True else _amount(d, work, v, oid)) for k, v in effect.params)
            effects.modify(d, oid, changes, effect.kind, work.card, work.controller)
        elif op == "discard_attached":
            names = effect.param("names")
            gone = [c for c in attached_to(d, oid) if d.objects[c].card in names]
            for card_oid in gone:
                effects.leave_play(d, card_oid, "effect", work.card)
            total = len(gone) * effect.param("each")
            if effect.param("cap") is not None:
                total = min(total, effect.param("cap"))
            effects.deal_damage(d, oid, total, effect.kind, reason="effect", source=work.card)


def _fetch_attach(d, work: Work, effect) -> None:
    name = effect.param("name")
    holders = _targets(d, work, effect.to)
    if not holders or not alive(d, holders[0]):
        return
    for zone in ("deck", "discard"):
        for oid in d.zone(work.controller, zone):
            if d.objects[oid].card == name:
                card = d.pool[name]
                new = effects.attach(d, oid, holders[0])
                d.lasting = tuple(d.lasting) + (Lasting(d.new_id(), "lifetime", (new,), (), lifetime(card), d.turn, new,
                                                        work.controller),)
                effects.emit(d, "activation", new, "effect", work.card)  # the card fetched comes into play
                return


def parts_at(s, moment: str) -> list:
    """The parts of the cards in play that ``moment`` fires, the active player's cards first,
    each player's in the order they came into play (no player chooses: the game orders them)."""
    fighters = set(fight(s).values())
    found = []
    for record in sorted((e for e in s.lasting if e.kind == "lifetime"), key=lambda e: e.lid):
        oid = record.source
        obj = s.objects.get(oid)
        if obj is None or obj.zone not in PLAY_ZONES:
            continue
        card = s.pool[obj.card]
        for ability in card.abilities:
            if ability.when != moment:
                continue
            if ability.whose == "holder" and obj.equipped_to not in fighters:
                continue
            if ability.on_turn is not None and s.turn - record.turn + 1 != ability.on_turn:
                continue
            if not lasting.fires(ability.repeat, ("fired", oid, ability.index) in s.used):
                continue
            found.append((obj.owner != s.active, Work("part", oid, card.name, ability.index, controller=obj.owner,
                                                      holder=obj.equipped_to)))
    return [work for _, work in sorted(found, key=lambda pair: pair[0])]


@step("moment")
def _do_moment(d, work: Work) -> None:
    push_front(d, parts_at(d, work.moment))

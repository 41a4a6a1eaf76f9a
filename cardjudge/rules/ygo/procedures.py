"""Special Summons from the hand by a card's own procedure ("If only your opponent controls a
monster, you can Special Summon this card (from your hand)", Cyber Dragon).

Such a Summon is not an effect: it is not activated, starts no chain and cannot be answered
by Ash Blossom-like cards, but it is a Summon, so the window for "when a monster would be
Summoned" opens (Solemn Warning can negate it). It is offered in its controller's open Main
Phase window, once per distinct card in the hand, in face-up Attack or Defense Position.
"""

from __future__ import annotations

from cardjudge.rules.core.actions import Action
from cardjudge.rules.core.expr import evaluate
from cardjudge.rules.ygo import effects, summons, windows, zones
from cardjudge.rules.ygo.copies import interchange_key
from cardjudge.rules.ygo.wording import says
from cardjudge.rules.ygo.views import env_for

POSITIONS = ("attack", "defense")


def _procedure_index(pool) -> dict:
    """card name -> its procedure abilities, for the cards that have one (built once per pool)."""
    return pool.index(_build_procedure_index)


def _build_procedure_index(pool) -> dict:
    return {card.name: tuple(a for a in card.abilities if a.kind == "procedure")
            for card in pool if any(a.kind == "procedure" for a in card.abilities)}


def hand_procedures(s, player: str) -> list[Action]:
    """The Special Summons by a card's own procedure ``player`` may perform now."""
    index = _procedure_index(s.pool)
    if not index:
        return []
    places = zones.free_main(s, player)
    if not places:
        return []
    if not zones.reads_places(s):
        places = places[:1]  # no card reads places: the zones are interchangeable
    actions, seen = [], set()
    for oid in s.zone(player, "hand"):
        obj = s.objects[oid]
        abilities = index.get(obj.card)
        if not abilities:
            continue
        key = interchange_key(s, oid)
        if key in seen:
            continue
        seen.add(key)
        if effects.summon_limited(s, player, s.pool[obj.card]):
            continue
        for ability in abilities:
            if ability.limit is not None and ("turn", "hard", player, ability.limit_key or obj.card) in s.used:
                continue  # "You can only Special Summon CARD once per turn this way"
            if ability.condition is not None and not evaluate(ability.condition, env_for(s, oid, player)):
                continue
            for place in places:
                where = f" to {zones.describe(place)}" if len(places) > 1 else ""
                for position in POSITIONS:
                    actions.append(Action(
                        id="", player=player, kind="summon",
                        text=f"{says(player, 'Special Summon')} {obj.card} from the hand in {position} position{where}",
                        card=obj.card, card_id=obj.label, ability=ability.index, position=position,
                        payload=(("mode", "procedure"), ("oid", oid), ("place", place), ("position", position)),
                    ))
    return actions


def procedure_summon(d, oid: int, position: str, place: int) -> None:
    """Carry out a Special Summon by the card's own procedure, to ``place``."""
    obj = d.objects[oid]
    player = obj.controller
    card = d.pool[obj.card]
    for ability in card.abilities:
        if ability.kind == "procedure" and ability.limit in ("hard_once_per_turn", "oath_once_per_turn"):
            d.used = d.used | {("turn", "hard", player, ability.limit_key or card.name)}
    windows.next_step(d)
    effects.mark_special_summon(d, player, card.name)
    new = d.move(oid, "monsters", controller=player, face_up=True, position=position, summon_type="special",
                 flags=frozenset({"summoned_this_turn"}))
    zones.put(d, new.oid, place)
    summons.start_summon(d, new.oid, "special")

"""The elementary changes of a Magic game, made to a Draft; each emits its events.

A card that changes zones is a new object (rule 400.7: ``Draft.move`` gives it a new id);
a permanent that changes control, taps, transforms or becomes a copy keeps its id (S5).
A permanent that enters or changes control is ``sick`` until its controller's next turn
begins (rule 302.6).
"""

from __future__ import annotations

import re

from cardjudge.rules.core.events import Event
from cardjudge.rules.core.state import Obj
from cardjudge.rules.mtg.triggers import Departed, emit
from cardjudge.rules.mtg.views import card_def, chars, has_keyword, last_known, is_creature, object_abilities, snapshot
from cardjudge.rules.mtg.keywords import implements

# the keywords of damage and destruction this module implements (rules 702.2, 702.12, 702.15)
implements(__name__, "Deathtouch", "Indestructible", "Lifelink")

ORDER = "WUBRGC"


def with_extra(obj: Obj, **values) -> tuple:
    """``obj.extra`` with keys set (a value of None removes the key)."""
    extra = dict(obj.extra)
    for key, value in values.items():
        if value is None:
            extra.pop(key, None)
        else:
            extra[key] = value
    return tuple(sorted(extra.items()))


def set_extra(d, oid: int, **values) -> Obj:
    """Set (or, with None, remove) game-specific values of an object; it stays the same object."""
    return d.update(oid, extra=with_extra(d.objects[oid], **values))


def player_value(s, player: str, key: str, default=None):
    """A player's Magic-specific value (mana_pool, lands_played, drawn, drew_from_empty)."""
    return s.player(player).get(key, default)


def set_player_value(d, player: str, **values) -> None:
    """Set a player's Magic-specific values (an empty value is dropped)."""
    state = d.player(player)
    extra = dict(state.extra)
    for key, value in values.items():
        if value in (None, 0, ""):
            extra.pop(key, None)
        else:
            extra[key] = value
    d.set_player(player, extra=tuple(sorted(extra.items())))


def mana_pool(s, player: str) -> str:
    """The mana in a player's pool, as symbols like "GGR"."""
    return player_value(s, player, "mana_pool", "")


def sort_mana(text: str) -> str:
    """Mana symbols in WUBRGC order."""
    return "".join(sorted(text, key=ORDER.index))


def pay_mana(d, player: str, payment, source: int | None = None) -> None:
    """Pay with ``payment`` (a ``mana.Payment``): its sources tapped for mana, the pool mana it
    spends gone, what the sources made beyond the cost left in the pool."""
    for oid in payment.tapped or payment.sources:
        tap(d, oid, reason="cost", source=source)
    pool = list(mana_pool(d, player))
    for symbol in payment.pool_spent:
        pool.remove(symbol)
    set_player_value(d, player, mana_pool=sort_mana("".join(pool) + payment.leftover))


def add_mana(d, player: str, mana: str, source: int | None = None) -> None:
    """Add mana to a player's pool (an event with the amount added)."""
    set_player_value(d, player, mana_pool=sort_mana(mana_pool(d, player) + mana))
    emit(d, Event("mana_added", player=player, source=source, method=mana, amount=len(mana)))


def gain_life(d, player: str, amount: int, source: int | None = None) -> None:
    """A player gains life (an event with the amount, rule 119.9)."""
    if amount <= 0:
        return
    d.set_player(player, life=d.player(player).life + amount)
    emit(d, Event("life_gained", player=player, source=source, amount=amount))


def lose_life(d, player: str, amount: int, source: int | None = None, reason: str = "effect") -> None:
    """A player loses life (damage, payment or effect; an event with the amount, rule 119.3)."""
    if amount <= 0:
        return
    d.set_player(player, life=d.player(player).life - amount)
    emit(d, Event("life_lost", player=player, source=source, reason=reason, amount=amount))


def add_counters(d, oid: int, name: str, count: int, source: int | None = None) -> None:
    """Put counters on a permanent (an event with how many)."""
    if count <= 0:
        return
    obj = d.objects[oid]
    counters = dict(obj.counters)
    counters[name] = counters.get(name, 0) + count
    d.update(oid, counters=tuple(sorted(counters.items())))
    emit(d, Event("counters_put", (oid,), player=obj.controller, source=source, method=name, amount=count,
                  labels=(obj.label,)))


def remove_counters(d, oid: int, name: str, count: int, source: int | None = None, reason: str = "effect") -> None:
    """Remove counters from a permanent (as many as it has, at most ``count``)."""
    obj = d.objects[oid]
    counters = dict(obj.counters)
    removed = min(count, counters.get(name, 0))
    if removed <= 0:
        return
    counters[name] -= removed
    if not counters[name]:
        del counters[name]
    d.update(oid, counters=tuple(sorted(counters.items())))
    emit(d, Event("counters_removed", (oid,), player=obj.controller, source=source, reason=reason, method=name,
                  amount=removed, labels=(obj.label,)))


def move(d, oid: int, zone: str, reason: str = "effect", source: int | None = None, top: bool = False,
         controller: str | None = None, **changes) -> Obj:
    """Move an object to a zone as a new object, emitting leaves/dies/enters events."""
    old = d.objects[oid]
    came_from = old.zone
    was_creature = came_from == "battlefield" and is_creature(d, oid)
    if was_creature and zone == "graveyard" and any(e.kind == "exile_if_dies" and oid in e.affected
                                                    for e in d.lasting):
        zone = "exile"  # "if it would die, exile it instead": a replacement, so it never dies (614.1a)
    if came_from == "battlefield":
        _leave_combat_refs(d, oid)
        # what it was on the battlefield stays known to the abilities it triggers (rule 608.2h)
        d.game_data["lki"] = tuple(d.game_data.get("lki", ())) + (snapshot(d, oid),)
        left = looked_back(d, oid)
    else:
        left = None
    new = d.move(oid, zone, controller=controller, top=top, **changes)
    if "token" in old.flags and zone != "battlefield":
        # a token that left the battlefield ceases to exist (rule 111.8); it still "died"
        d.zones[(new.owner, zone)] = tuple(o for o in d.zone(new.owner, zone) if o != new.oid)
        del d.objects[new.oid]
        d.touched()
    if came_from == "battlefield":
        emit(d, Event("leaves", (oid,), player=old.controller, reason=reason, source=source, from_zone=came_from,
                      to_zone=zone, labels=(old.label,)), left)
        if zone == "graveyard" and was_creature:
            emit(d, Event("dies", (oid,), player=old.controller, reason=reason, source=source,
                          from_zone=came_from, to_zone=zone, labels=(old.label,)), left)
    if zone == "battlefield":
        emit(d, Event("enters", (new.oid,), player=new.controller, reason=reason, source=source,
                      from_zone=came_from, to_zone=zone, labels=(new.label,)))
    return new


def discard(d, oid: int, reason: str = "effect", source: int | None = None) -> Obj:
    """A player discards a card: it moves from their hand to their graveyard (rule 701.9a) and
    a ``discarded`` event names the card (in the graveyard) and the player who discarded it."""
    player = d.objects[oid].owner
    new = move(d, oid, "graveyard", reason=reason, source=source)
    emit(d, Event("discarded", (new.oid,), player=player, reason=reason, source=source, method="discard",
                  from_zone="hand", to_zone="graveyard", labels=(new.label,)))
    return new


def looked_back(d, oid: int):
    """What a permanent about to leave the battlefield is, for its own leaves-the-battlefield
    and dies abilities, which look back in time (rule 603.10a); None when it has none."""
    abilities = tuple(a for a in object_abilities(d, oid) if a.kind == "triggered" and a.on in ("leaves", "dies"))
    if not abilities:
        return None
    obj = d.objects[oid]
    return Departed(oid, obj.controller, obj.label, card_def(d, oid).name, abilities)


def _leave_combat_refs(d, oid: int) -> None:
    """Blockers of a creature that left stay blocking nothing (it remains 'blocked')."""
    for player in d.players:
        for other in d.zone(player, "battlefield"):
            if d.objects[other].get("blocking") == oid:
                set_extra(d, other, blocking=-1)


def put_onto_battlefield(d, oid: int, controller: str, reason: str = "effect", source: int | None = None,
                         extra: tuple = (), counters: tuple = (), tapped: bool = False) -> Obj:
    """A card enters the battlefield under ``controller``: a new object, summoning sick (and, by
    replacement effects, tapped or with counters: it is so as the enters event happens)."""
    flags = frozenset({"sick", "tapped"}) if tapped else frozenset({"sick"})
    return move(d, oid, "battlefield", reason=reason, source=source, controller=controller,
                flags=flags, extra=extra, counters=counters)


def create_token(d, player: str, name: str, source: int | None, extra: tuple = (), label: str | None = None) -> Obj:
    """A token enters the battlefield (a new object with a fresh label)."""
    oid = d.new_id()
    obj = Obj(oid=oid, label=label or f"{name}#t{_next_token_number(d)}", card=name, owner=player, controller=player,
              zone="battlefield", flags=frozenset({"sick", "token"}), extra=extra)
    d.put_in_zone(obj)
    emit(d, Event("enters", (oid,), player=player, reason="effect", source=source, to_zone="battlefield",
                  labels=(obj.label,)))
    return obj


_TOKEN_NUMBER = re.compile(r"#t(\d+)$")


def _next_token_number(d) -> int:
    """One more than the greatest number of a made token's label (``name#tN``) that the position
    holds: its objects, the last known information, the sources of the stack's and the delayed
    abilities. Read off what the position shows, not off the object ids (which a position read
    back from its ``to_dict`` numbers afresh), so that the written position names its next token
    as the position it was written from does, and never with a label it still holds."""
    labels = [obj.label for obj in d.objects.values()]
    labels += [known.label for known in d.get("lki", ())]
    labels += [item.label for item in (*d.chain, *d.pending, *d.get("delayed", ())) if hasattr(item, "label")]
    numbers = [int(found.group(1)) for found in map(_TOKEN_NUMBER.search, labels) if found]
    return max(numbers, default=0) + 1


def draw(d, player: str, count: int = 1, source: int | None = None) -> None:
    """Draw cards; drawing from an empty library makes the player lose at the next check."""
    for _ in range(count):
        library = d.zone(player, "library")
        if not library:
            set_player_value(d, player, drew_from_empty=True)
            continue
        drawn_before = player_value(d, player, "drawn", 0)
        card = move(d, library[0], "hand", reason="draw", source=source)
        set_player_value(d, player, drawn=drawn_before + 1)
        emit(d, Event("drawn", (card.oid,), player=player, source=source, labels=(card.label,)))
        if drawn_before == 0:
            _reveal_first_draw(d, player, card)


def _reveal_first_draw(d, player: str, card: Obj) -> None:
    """A static ability "reveal the first card you draw each turn" reveals it (Rowen, T8)."""
    for oid in d.zone(player, "battlefield"):
        for ability in object_abilities(d, oid):
            if ability.kind == "linked" and any(k == "reveal_first_draw" for k, _ in ability.rule):
                emit(d, Event("revealed", (card.oid,), player=player, source=oid, labels=(card.label,)))


def tap(d, oid: int, reason: str = "cost", source: int | None = None) -> None:
    """Tap a permanent (the same object)."""
    obj = d.objects[oid]
    d.update(oid, flags=obj.flags | {"tapped"})
    emit(d, Event("tapped", (oid,), player=obj.controller, reason=reason, source=source, labels=(obj.label,)))


def untap(d, oid: int, reason: str = "effect", source: int | None = None) -> None:
    """Untap a tapped permanent; "becomes untapped" is an event."""
    obj = d.objects[oid]
    if "tapped" not in obj.flags:
        return
    d.update(oid, flags=obj.flags - {"tapped"})
    emit(d, Event("becomes_untapped", (oid,), player=obj.controller, reason=reason, source=source,
                  labels=(obj.label,)))


def change_control(d, oid: int, player: str) -> None:
    """Control changes; the permanent stays the same object but is sick for its new controller (S1)."""
    obj = d.objects[oid]
    if obj.controller == player:
        return
    old_key, new_key = (obj.controller, "battlefield"), (player, "battlefield")
    d.zones[old_key] = tuple(o for o in d.zones.get(old_key, ()) if o != oid)
    d.zones[new_key] = (*d.zones.get(new_key, ()), oid)
    d.update(oid, controller=player, flags=obj.flags | {"sick"},
             extra=with_extra(obj, attacking=None, blocking=None, blocked=None))
    emit(d, Event("control_changed", (oid,), player=player, labels=(obj.label,)))


def deal_damage(d, source: int | None, ref, amount: int, combat: bool = False) -> None:
    """Damage to a player (life loss) or a creature (marked damage; from a source with deathtouch
    it is lethal, rule 702.2b); lifelink gains life (for combat damage, the caller gains it once
    per source: one life-gain event for damage dealt at once, rule 120.3f)."""
    if amount <= 0:
        return
    if isinstance(ref, str):
        emit(d, Event("damaged", player=ref, source=source, amount=amount, method="combat" if combat else None))
        lose_life(d, ref, amount, source, reason="damage")  # damage to a player is life loss (120.3a)
    elif ref in d.objects and d.objects[ref].zone == "battlefield" and not is_creature(d, ref):
        obj = d.objects[ref]
        if "Planeswalker" not in chars(d, ref).types:
            return
        # damage to a planeswalker removes that many loyalty counters (120.3c)
        emit(d, Event("damaged", (ref,), player=obj.controller, source=source, amount=amount, labels=(obj.label,),
                      method="combat" if combat else None))
        remove_counters(d, ref, "LOYALTY", amount, source, reason="damage")
    elif ref in d.objects and d.objects[ref].zone == "battlefield":
        obj = d.objects[ref]
        deathtouch = _source_has(d, source, "Deathtouch")
        set_extra(d, ref, damage=obj.get("damage", 0) + amount, **({"deathtouched": True} if deathtouch else {}))
        emit(d, Event("damaged", (ref,), player=obj.controller, source=source, amount=amount, labels=(obj.label,),
                      method="combat" if combat else None))
    else:
        return
    if not combat and _source_has(d, source, "Lifelink"):
        known = d.objects[source] if source in d.objects else last_known(d, source)
        gain_life(d, known.controller, amount, source)


def _source_has(d, source, keyword: str) -> bool:
    """The damage source has the keyword, or had it as it last existed (a source that left, rule 608.2h)."""
    if source is None:
        return False
    if source in d.objects:
        return has_keyword(d, source, keyword)
    known = last_known(d, source)
    return known is not None and keyword in known.chars.keywords


def destroy(d, oid: int, source: int | None = None) -> None:
    """Put a permanent into its owner's graveyard, unless it is indestructible (rule 702.12b)."""
    if oid in d.objects and d.objects[oid].zone == "battlefield" and not has_keyword(d, oid, "Indestructible"):
        move(d, oid, "graveyard", reason="effect", source=source)


def lethal(d, oid: int) -> bool:
    """The creature has damage marked at least equal to its toughness."""
    c = chars(d, oid)
    damage = d.objects[oid].get("damage", 0)
    if damage > 0 and d.objects[oid].get("deathtouched"):
        return True  # damage from a source with deathtouch (rule 704.5h)
    return c.toughness is not None and damage >= c.toughness > 0

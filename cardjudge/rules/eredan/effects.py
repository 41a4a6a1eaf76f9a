"""What effects do to a draft: damage of the three kinds, loss of HP, healing, characteristic
changes, cards leaving play. Scores follow the rules: damage received by a character counts
for the other player, healing received counts for its own player; a loss of HP counts for
nobody."""

from __future__ import annotations

from dataclasses import replace

from cardjudge.rules.core.events import Event
from cardjudge.rules.core.state import Lasting
from cardjudge.rules.eredan.options import option
from cardjudge.rules.eredan.records import Work
from cardjudge.rules.eredan.views import alive, attached_to, stats

UNTIL = {"combat": "end_of_combat", "turn": "end_of_turn", "game": "permanent"}


def emit(d, kind: str, oid, reason: str, source, amount: int = 0) -> None:
    """Record what happened to a card or character (the moments parts listen to, and damage,
    loss of HP and healing with their amounts): ``source`` is the card whose part caused it."""
    obj = d.objects.get(oid) if oid is not None else None
    d.events.append(Event(kind, (oid,) if obj is not None else (), player=obj.controller if obj else None,
                          reason=reason, source=source, labels=(obj.label,) if obj else (), amount=amount))


def _add_score(d, player: str, amount: int) -> None:
    if amount <= 0:
        return
    ps = d.player(player)
    extra = dict(ps.extra)
    extra["score"] = extra.get("score", 0) + amount
    d.set_player(player, extra=tuple(sorted(extra.items())))


def _set_hp(d, oid, hp: int) -> None:
    obj = d.objects[oid]
    counters = dict(obj.counters)
    counters["hp"] = hp
    d.update(oid, counters=tuple(sorted(counters.items())))


def _after_hp_loss(d, oid, reason: str, source) -> None:
    if not alive(d, oid):
        died(d, oid, reason, source)


def deal_damage(d, oid, amount: int, kind: str, resisted: bool = True, reason: str = "battle",
                source: int | None = None) -> int:
    """Damage to a living character, reduced by Défense (physical) or Esprit (magic, when
    the rule option says so) unless already ``resisted``; returns the damage taken (``reason``
    and ``source``: the blow of a fight, or the card whose part deals it)."""
    if oid is None or not alive(d, oid):
        return 0
    now = stats(d, oid)
    if resisted and kind == "physical":
        amount -= now["defense"]
    elif resisted and kind == "magic" and option(d, "magic_resisted_by_esprit"):
        amount -= now["esprit"]
    amount = max(0, amount)
    if amount:
        obj = d.objects[oid]
        _set_hp(d, oid, obj.counter("hp") - amount)
        _add_score(d, d.opponent_of(obj.controller), amount)
        emit(d, "damaged", oid, reason, source, amount)
        _after_hp_loss(d, oid, reason, source)
    return amount


def lose_hp(d, oid, amount: int, source: int | None = None) -> None:
    """"Perd N points de vie": not damage, counts in no score."""
    if oid is None or not alive(d, oid) or amount <= 0:
        return
    _set_hp(d, oid, d.objects[oid].counter("hp") - amount)
    emit(d, "hp_lost", oid, "effect", source, amount)
    _after_hp_loss(d, oid, "effect", source)


def heal(d, oid, amount: int, source: int | None = None) -> int:
    """Healing up to the character's maximum HP; returns the HP gained."""
    if oid is None or not alive(d, oid) or amount <= 0:
        return 0
    now = stats(d, oid)
    gained = max(0, min(amount, now["hp_max"] - now["hp"]))
    if gained:
        _set_hp(d, oid, now["hp"] + gained)
        _add_score(d, d.objects[oid].controller, gained)
        emit(d, "healed", oid, "effect", source, gained)
    return gained


def modify(d, oid, changes: tuple, until: str, source, controller: str) -> None:
    """A lasting change of characteristics on a character."""
    if oid is None or not alive(d, oid) or not changes:
        return
    d.lasting = tuple(d.lasting) + (Lasting(d.new_id(), "modify", (oid,), tuple(sorted(changes)),
                                            UNTIL[until], d.turn, source, controller),)
    d.touched()


def died(d, oid, reason: str = "battle", source: int | None = None) -> None:
    """A character has just died: the "when its holder dies" parts of its cards fire."""
    emit(d, "holder_dies", oid, reason, source)
    d.pending = tuple(held_parts(d, oid, "holder_dies")) + tuple(d.pending)


def held_parts(d, holder, when: str, **fields) -> list:
    """The work of the parts with timing ``when`` of the cards ``holder`` holds, in their order
    (``fields``: more fields of each Work)."""
    parts = []
    for card_oid in attached_to(d, holder):
        card = d.pool[d.objects[card_oid].card]
        for ability in card.abilities:
            if ability.when == when:
                parts.append(Work("part", card_oid, card.name, ability.index, controller=d.objects[card_oid].owner,
                                  holder=holder, **fields))
    return parts


def leave_play(d, card_oid, reason: str = "rule", source: int | None = None) -> None:
    """A card in play goes to its owner's discard; its lifetime ends and its "quand cette
    carte est défaussée" parts fire (``reason``/``source``: a part of a card discards it, or
    the rules at the end of its lifetime)."""
    obj = d.objects.get(card_oid)
    if obj is None or obj.zone not in ("attached", "in_fight", "queue"):
        return
    emit(d, "leave", card_oid, reason, source)
    card = d.pool[obj.card]
    holder = obj.equipped_to
    d.lasting = tuple(e for e in d.lasting if not (e.kind == "lifetime" and e.source == card_oid))
    d.used = frozenset(u for u in d.used if not (isinstance(u, tuple) and u[:2] == ("fired", card_oid)))
    d.move(card_oid, "discard")
    front = [Work("part", None, card.name, ability.index, controller=obj.owner, holder=holder)
             for ability in card.abilities if ability.when == "leave"]
    d.pending = tuple(front) + tuple(d.pending)


def attach(d, card_oid, holder, waiting: bool = False) -> int:
    """Move a card to a character (kept as the same physical card, a new object); its
    lifetime record follows it. Returns the card's new object id."""
    flags = frozenset({"waiting"}) if waiting else frozenset()
    new = d.move(card_oid, "attached", equipped_to=holder, flags=flags)
    d.lasting = tuple(replace(e, source=new.oid, affected=(new.oid,)) if e.kind == "lifetime" and e.source == card_oid
                      else e for e in d.lasting)
    d.used = frozenset(("fired", new.oid, u[2]) if isinstance(u, tuple) and u[:2] == ("fired", card_oid) else u
                       for u in d.used)
    return new.oid

"""Events and the triggered abilities they trigger (rule 603, rulings T1-T8).

Every change to a game goes through ``emit``: the event is recorded, and each triggered
ability of a permanent on the battlefield (and each delayed triggered ability that exists
now) whose event it is and whose condition holds at this moment triggers. An ability that
works from a graveyard (``from: graveyard``: Dragon Fangs' "return this from your graveyard")
triggers from a card there instead, and not from the permanent (rule 113.6, 113.6k). A trigger with
an intervening "if" checks it now (no trigger when false) and again on resolution (T2).
Triggered abilities wait in ``pending`` and go on the stack the next time a player would
receive priority (T1), in APNAP order, each player ordering their own (G2).
"""

from __future__ import annotations

from typing import NamedTuple

from cardjudge.rules.core.events import Event
from cardjudge.rules.core.expr import evaluate
from cardjudge.rules.mtg.records import Delayed, StackItem
from cardjudge.rules.mtg.views import (CardView, PlayerView, abilities_of, card_def, class_key, env_for,
                                      object_abilities)


class Departed(NamedTuple):
    """A permanent that has just left the battlefield, as it last existed there: its own
    leaves-the-battlefield and dies abilities still trigger (rule 603.10a)."""

    oid: int
    controller: str
    label: str
    card: str
    abilities: tuple


def emit(d, event: Event, departed: Departed | None = None) -> None:
    """Record an event and trigger what it triggers (and what ``departed`` triggers, looking back)."""
    d.events.append(event)
    found = []
    listening = _listening(d).get(event.kind)
    if listening:
        objects = d.objects
        for oid, abilities in listening:
            obj = objects[oid]
            _collect(d, event, oid, obj.controller, obj.label, None, abilities, found)
    if departed is not None:
        _collect(d, event, departed.oid, departed.controller, departed.label, departed.card, departed.abilities,
                 found)
    delayed = d.game_data.get("delayed", ())
    kept = []
    for item in delayed:
        if item.on != event.kind:
            kept.append(item)
            continue
        env = env_for(d, item.source if item.source in d.objects else None, item.controller, event,
                      bindings_env(d, item.bindings))
        if evaluate(item.when, env):
            found.append(StackItem(
                sid=d.new_id(), kind="trigger", source=item.source, label=item.label, card=item.card,
                controller=item.controller, effect=item.effect, event=event, bindings=item.bindings, delayed=True,
            ))
            if not item.once:
                kept.append(item)
        else:
            kept.append(item)
    if len(kept) != len(delayed):
        d.game_data["delayed"] = tuple(kept)
    if found:
        d.pending = tuple(d.pending) + tuple(found)


def _listening(d) -> dict:
    """event kind -> (oid, its triggered abilities of that event) of every permanent that has
    one, in the order of the battlefield (player by player, zone order)."""
    objects = d.objects
    # what a permanent's definition reads of it (rule 707: copy, face) besides the lasting effects
    key = tuple([(oid, obj.card, obj.extra) for player in d.players for oid in d.zone(player, "battlefield")
                 for obj in (objects[oid],)])
    from_graveyard = _graveyard_triggers(d.pool)
    if from_graveyard:
        cards = tuple(oid for player in d.players for oid in d.zone(player, "graveyard")
                      if objects[oid].card in from_graveyard)
        if cards:
            key = key + (("graveyard", cards),)
    known = _listening_by_definitions.get(key)
    if known is not None and known[0] is d.pool and known[1] == d.lasting:
        return known[2]
    table: dict = {}
    for entry in key:
        if entry[0] == "graveyard":
            for oid in entry[1]:
                _add_listener(table, oid, object_abilities(d, oid), "graveyard")
            continue
        _add_listener(table, entry[0], object_abilities(d, entry[0]), "battlefield")
    if len(_listening_by_definitions) >= 20_000:
        _listening_by_definitions.clear()
    _listening_by_definitions[key] = (d.pool, tuple(d.lasting), table)
    return table


def _add_listener(table: dict, oid: int, abilities, zone: str) -> None:
    """The triggered abilities an object has that work from ``zone``, added to ``table`` by event."""
    by_kind: dict = {}
    for ability in abilities:
        if ability.kind in ("triggered", "linked") and zone in ability.zones:
            by_kind.setdefault(ability.on, []).append(ability)
    for kind, found in by_kind.items():
        table.setdefault(kind, []).append((oid, tuple(found)))


def _graveyard_triggers(pool) -> frozenset:
    """The names of the cards of ``pool`` with a triggered ability that works from a graveyard."""
    return pool.index(_cards_triggering_from_graveyard)


def _cards_triggering_from_graveyard(pool) -> frozenset:
    return frozenset(card.name for card in pool
                     if any(a.kind == "triggered" and "graveyard" in a.zones for a in abilities_of(card)))


# Every event (each tap, each payment) asks every permanent for its triggered abilities, which
# come from its definition alone: the card it is, its face and what it copies (its card and extra
# values, with the lasting copy effects and the card pool). The table of them by event is kept
# for each battlefield of such definitions, so that an event after a change that left every
# definition the same (tapping, damage, counters, control) finds it again.
_listening_by_definitions: dict = {}


def _collect(d, event: Event, oid: int, controller: str, label: str, name: str | None, abilities, found) -> None:
    """The triggered abilities of one object that ``event`` triggers, added to ``found``."""
    for ability in abilities:
        if ability.kind not in ("triggered", "linked") or ability.on != event.kind:
            continue
        env = env_for(d, oid, controller, event)
        if ability.when is not None and not evaluate(ability.when, env):
            continue
        if ability.condition is not None and not evaluate(ability.condition, env):
            continue  # intervening "if" false when the event happens: no trigger (T2)
        found.append(StackItem(
            sid=d.new_id(), kind="trigger", source=oid, label=label, card=name or card_def(d, oid).name,
            controller=controller, ability=ability.index, effect=ability.effect,
            condition=ability.condition, event=event, optional=ability.optional, target_specs=ability.targets,
        ))


def bindings_env(s, bindings) -> dict:
    """Named references as the card language sees them.

    An object that left its zone is still named (a "leaves" event can be matched against
    it), but it exists no more: effect steps find nothing to act on (T5).
    """
    return {name: [PlayerView(s, ref) if isinstance(ref, str) else CardView(s, ref) for ref in refs]
            for name, refs in bindings}


def add_delayed(d, on: str, when, when_text: str, effect: tuple, controller: str, source: int, label: str,
                card: str, bindings: tuple, once: bool = True) -> None:
    """Create a delayed triggered ability now (T3): only events from now on can trigger it."""
    item = Delayed(d.new_id(), on, when, when_text, effect, controller, source, label, card, bindings, once,
                   d.turn if not once else None)
    d.game_data["delayed"] = tuple(d.game_data.get("delayed", ())) + (item,)


def trigger_class(s, item: StackItem) -> tuple:
    """Triggered abilities that would resolve identically (same ability of interchangeable
    sources, same event and references) are ordered once (G1)."""
    event = item.event
    source = class_key(s, item.source) if item.source in s.objects else item.source
    return (source, item.ability, item.effect, item.controller, item.bindings,
            event.kind if event else None, event.cards if event else ())


def apnap_rank(d, player: str) -> int:
    """Active player first, then the others in turn order."""
    index = d.players.index(player)
    return (index - d.players.index(d.active)) % len(d.players)

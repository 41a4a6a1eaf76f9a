"""Trigger effects: which abilities an event triggers, checked at the moment of the event (Y4)."""

from __future__ import annotations

from cardjudge.rules.core.expr import evaluate
from cardjudge.rules.ygo.records import PendingTrigger
from cardjudge.rules.ygo.views import env_reading

WINDOW_EVENT_KINDS = {"summoning", "summoned", "attack_declared", "flipped", "sent_to_gy", "destroyed", "activated"}
# The events that "When ..." cards look back at: those of a window but the activations.
_REMEMBERED_KINDS = frozenset(WINDOW_EVENT_KINDS - {"activated"})


def _trigger_index(pool) -> dict:
    """event kind -> {card name: its trigger abilities on that kind} (built once per pool)."""
    return pool.index(_build_trigger_index)


def _build_trigger_index(pool) -> dict:
    index: dict = {}
    for card in pool:
        for ability in card.abilities:
            if ability.kind == "trigger" and ability.on:
                by_card = index.setdefault(ability.on, {})
                by_card[card.name] = (*by_card.get(card.name, ()), ability)
    return index


def collect(d, event) -> None:
    """Add the triggers that ``event`` causes to the pending triggers; remember it for "When ..." cards."""
    kind = event.kind
    if kind in _REMEMBERED_KINDS:
        data = d.game_data
        data["window_events"] = (*data.get("window_events", ()), event)
    pool = d.pool
    by_card = pool.index(_build_trigger_index).get(kind)
    if not by_card:
        return
    found = []
    for obj in d.objects.values():  # nothing below changes the objects
        abilities = by_card.get(obj.card)
        if abilities is None:
            continue
        for ability in abilities:
            if obj.zone not in ability.zones:
                continue
            if obj.zone in ("monsters", "spells_traps") and not obj.face_up:
                continue
            when = ability.when
            if when is not None and not evaluate(when, env_reading(when, d, obj.oid, obj.controller, event)):
                continue
            found.append(PendingTrigger(obj.oid, obj.label, obj.card, ability.index, obj.controller,
                                        ability.mandatory, ability.timing, event, event.seq))
    if found:
        d.pending = (*d.pending, *found)

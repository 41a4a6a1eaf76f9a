"""State-based actions (rule 704): checked whenever a player would receive priority.

A player at 0 life or who drew from an empty library loses; creatures with 0 toughness or
lethal damage die; +1/+1 and -1/-1 counters cancel out; Equipment on something that is no
creature becomes unattached; of two legendary permanents with one name, their controller keeps one.
"""

from __future__ import annotations

from cardjudge.rules.mtg import mutations as m
from cardjudge.rules.mtg.records import Choice
from cardjudge.rules.core.expr import evaluate
from cardjudge.rules.mtg.views import (CardView, chars, env_for, is_creature, object_abilities, permanents_chars,
                                      static_rule_names)


def cannot_lose(s) -> set:
    """The players who can't lose the game now ("You can't lose the game": Platinum Angel)."""
    return {name for name in static_rule_names(s, "cant_lose") if name in s.players}


def state_based_actions(d) -> bool:
    """Perform every state-based action that applies now (rule 704); True if any did."""
    changed = False
    losers = [p for p in d.players if d.player(p).life <= 0 or m.player_value(d, p, "drew_from_empty")]
    if losers:
        # "you can't lose the game" (Platinum Angel): the player stays in the game (104.3)
        safe = static_rule_names(d, "cant_lose")
        losers = [p for p in losers if p not in safe]
    if losers:
        remaining = [p for p in d.players if p not in losers]
        d.winner = remaining[0] if len(remaining) == 1 else "draw"
        return True
    for player in d.players:
        for oid in d.zone(player, "battlefield"):
            obj = d.objects[oid]
            pairs = min(obj.counter("P1P1"), obj.counter("M1M1"))
            if pairs:
                # +1/+1 and -1/-1 counters on one permanent are removed in pairs (rule 704.5q)
                counters = {k: v - pairs if k in ("P1P1", "M1M1") else v for k, v in obj.counters}
                d.update(oid, counters=tuple(sorted((k, v) for k, v in counters.items() if v)))
                changed = True
    # The characteristics of every permanent, read once and read again only after something
    # changed: most checks find nothing to do, and reading them is most of a check's work.
    now = _permanents_now(d)
    dying = []
    for oid, c in now:
        # lethal damage destroys, which an indestructible creature survives (702.12b); 0 toughness does not destroy
        if "Creature" in c.types and ((c.toughness or 0) <= 0 or (m.lethal(d, oid) and "Indestructible" not in c.keywords)):
            dying.append(oid)
    for oid, c in now:
        if "Planeswalker" in c.types and not d.objects[oid].counter("LOYALTY"):
            dying.append(oid)  # a planeswalker with 0 loyalty goes to the graveyard (704.5i)
    for oid in dying:
        if oid in d.objects and d.objects[oid].zone == "battlefield":
            m.move(d, oid, "graveyard", reason="rule")
            changed = True
    if dying:
        now = _permanents_now(d)
    aura_gone = [oid for oid, c in now if "Aura" in c.subtypes and not enchant_allows(d, oid, d.objects[oid].equipped_to)]
    for oid in aura_gone:
        # an Aura attached to nothing or to what it cannot enchant goes to the graveyard (704.5m)
        if oid in d.objects and d.objects[oid].zone == "battlefield":
            m.move(d, oid, "graveyard", reason="rule")
            changed = True
    if aura_gone:
        now = _permanents_now(d)
    unattached = False
    for oid, c in now:
        obj = d.objects[oid]
        if obj.equipped_to is None or "Aura" in (chars(d, oid) if unattached else c).subtypes:
            continue
        host = d.objects.get(obj.equipped_to)
        if host is None or host.zone != "battlefield" or not is_creature(d, host.oid):
            d.update(oid, equipped_to=None)
            changed = unattached = True
    if not changed and d.game_data.get("choice") is None:
        changed = _legend_rule(d, now)
    return changed


def _permanents_now(d) -> list:
    """(oid, characteristics) of every permanent, player by player, in zone order."""
    return permanents_chars(d)


def enchant_allows(d, aura: int, host) -> bool:
    """Whether an Aura may be attached to ``host``: what its enchant ability (the target of its
    spell ability, a permanent or a card in a graveyard) names, targeting restrictions aside
    (303.4), or the one object an effect made it enchant (``enchant_only``)."""
    if host is None or host not in d.objects:
        return False
    only = d.objects[aura].get("enchant_only")
    if only is not None:
        return host == only and d.objects[host].zone == "battlefield"
    spell = next((a for a in object_abilities(d, aura) if a.kind == "spell" and a.targets), None)
    if spell is None:
        return True
    spec = spell.targets[0]
    env = env_for(d, aura, d.objects[aura].controller)
    value = evaluate(spec.source, env)
    items = value if isinstance(value, list) else [value]
    for item in items:
        if isinstance(item, CardView) and item.oid == host:
            return spec.where is None or bool(evaluate(spec.where, env.with_subject(item)))
    return False


def _legend_rule(d, now: list) -> bool:
    """Two or more legendary permanents with the same name: their controller keeps one (rule 704.5j).
    ``now``: every permanent with its characteristics (``_permanents_now``)."""
    for player in d.players:
        seen: dict = {}
        for oid, c in now:
            if "Legendary" in c.supertypes and d.objects[oid].controller == player:
                seen.setdefault(c.name, []).append(oid)
        for name, oids in seen.items():
            if len(oids) > 1:
                d.game_data["choice"] = Choice(player, "legend", "keep", tuple(oids), 1, 1,
                                               f"the {name} to keep (legend rule)")
                return True
    return False


def keep_legend(d, keep: int) -> None:
    """The legend rule: the chosen permanent stays, the others go to the graveyard."""
    choice = d.game_data.pop("choice")
    for oid in choice.options:
        if oid != keep and oid in d.objects:
            m.move(d, oid, "graveyard", reason="rule")

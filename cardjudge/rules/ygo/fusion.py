"""Fusion Summons by effects (Polymerization): the ``fusion_summon`` effect step.

On resolution the player chooses which Fusion Monster to Fusion Summon with which materials
(every distinct set once, interchangeable copies merged, in either position); the materials
are sent to the GY by the card's effect, then the monster is Special Summoned. The choice's
options are a function of the state: they are worked out again when it is listed, so a
position saved while it is being made loads back with the same answers.
"""

from __future__ import annotations

from cardjudge.rules.core.actions import Action
from cardjudge.rules.core.events import new_event
from cardjudge.rules.core.expr import evaluate
from cardjudge.rules.ygo import effects, materials, windows, zones
from cardjudge.rules.ygo.abilities import _freeze, _fusion_materials
from cardjudge.rules.ygo.records import Choice
from cardjudge.rules.ygo.views import CardView, env_for
from cardjudge.rules.ygo.wording import says

POSITIONS = ("attack", "defense")


def fusion_options(s, player: str, materials_from) -> list[tuple]:
    """Every distinct Fusion Summon a "Polymerization" effect can perform now: (Fusion Monster,
    materials, position, zone) entries (each useful zone, ``zones.useful_places``), the materials
    taken among the cards ``materials_from`` names (an expression, like "you.hand + (you.monsters
    where face_up)")."""
    value = evaluate(materials_from, env_for(s, None, player))
    candidates = [v.oid for v in (value if isinstance(value, list) else [value])
                  if isinstance(v, CardView) and v.oid in s.objects]
    options, seen = [], set()
    for oid in s.zone(player, "extra_deck"):
        name = s.objects[oid].card
        if name in seen or s.pool[name]["subtype"] != "fusion" or effects.summon_limited(s, player, s.pool[name]):
            continue
        seen.add(name)
        card = s.pool[name]
        for used in materials.fusion_sets(s, player, name, candidates):
            places = zones.useful_places(s, player, card, True, used)  # (none: no zone would be free)
            options.extend((oid, used, position, place) for place in places for position in POSITIONS)
    return options


def fusion_step(d, link, spec: dict, bound: dict, materials_from, redo):
    """Run a ``fusion_summon`` effect step: ask which Fusion Summon, then perform it."""
    player = link.controller
    chosen = bound.pop("__fusion__", None)
    if chosen is None:
        options = fusion_options(d, player, materials_from)
        if not options:
            return None
        # the options are worked out again from the state when listed (they are a function of it)
        return Choice(player, "fusion", "__fusion__", (), 1, 1,
                      prompt="a Fusion Monster to Fusion Summon, with its materials", redo=redo)
    oid, used, position, place = chosen[0]
    if oid not in d.objects or any(o not in d.objects for o in used):
        return None
    windows.next_step(d)
    for material in used:
        effects.move(d, material, "graveyard", "effect", link.oid, method="fusion_material")
    new = effects.special_summon(d, oid, player, position, link.oid, summon_type="fusion", place=place)
    bound[spec.get("as", "summoned")] = (new.oid,)
    windows.emit(d, new_event("summoned", cards=(new.oid,), player=player, reason="effect", source=link.oid,
                           method="special"))
    return None


def fusion_choice_actions(s, choice) -> list[Action]:
    """The answers to a Fusion Summon's choice: one per distinct monster, materials and position."""
    player = choice.player
    actions = []
    options = fusion_options(s, player, _fusion_materials((choice.redo,)))
    zone_choice = len({option[3] for option in options}) > 1
    for option in options:
        oid, used, position, place = option
        labels = tuple(s.objects[o].label for o in used)
        name = s.objects[oid].card
        where = f" to {zones.describe(place)}" if zone_choice else ""
        actions.append(Action(
            id="", player=player, kind="choose",
            text=f"{says(player, 'Fusion Summon')} {name} in {position} position using {', '.join(labels)}{where}",
            card=name, card_id=s.objects[oid].label, position=position, targets=labels,
            payload=(("mode", "fusion"), ("value", (option,))),
        ))
    return actions


def _fusion_summon_step(d, link, body, bound, step):
    """"Fusion Summon 1 Fusion Monster from your Extra Deck, using monsters from ... as material"."""
    spec = body if isinstance(body, dict) else {}
    tree = _fusion_materials((_freeze(step),))
    return fusion_step(d, link, spec, bound, tree, _freeze(step))


effects.register_step("fusion_summon", _fusion_summon_step)

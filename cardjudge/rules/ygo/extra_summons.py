"""Synchro and Xyz Summons: Special Summons by the rules, from the Extra Deck, with materials.

A Synchro Summon sends one face-up Tuner and face-up non-Tuners whose Levels add up to the
Synchro Monster's Level from the field to the GY; an Xyz Summon stacks face-up monsters of
the Level its text asks for under the Xyz Monster as its materials (they leave the field
with it). Neither starts a chain: the monster is Summoned, then the window for "when a
monster would be Summoned" opens (Solemn Warning can negate it), as for a Normal Summon.

Each distinct set of materials (interchangeable copies merged, ruling G1) in each battle
position is one action of the turn player's open Main Phase window.
"""

from __future__ import annotations

from cardjudge.rules.core.actions import Action, CostPart
from cardjudge.rules.ygo import effects, flow, materials, summons

SUMMON_VERBS = {"synchro": "Synchro Summon", "xyz": "Xyz Summon"}
POSITIONS = ("attack", "defense")


def extra_deck_summons(s, player: str) -> list[Action]:
    """The Synchro and Xyz Summons ``player`` may perform now (their open Main Phase window)."""
    actions = []
    seen = set()
    for oid in s.zone(player, "extra_deck"):
        obj = s.objects[oid]
        if obj.card in seen:
            continue  # the copies of a card in the Extra Deck are interchangeable
        seen.add(obj.card)
        card = s.pool[obj.card]
        kind = card["subtype"]
        if effects.summon_limited(s, player, card):
            continue
        if kind == "synchro":
            sets = materials.synchro_sets(s, player, card.name, card["level"])
        elif kind == "xyz":
            sets = materials.xyz_sets(s, player, card.name)
        else:
            continue
        verb = SUMMON_VERBS[kind]
        from cardjudge.rules.ygo.legal import says

        for used in sets:
            labels = tuple(s.objects[o].label for o in used)
            for position in POSITIONS:
                actions.append(Action(
                    id="", player=player, kind="summon",
                    text=f"{says(player, verb)} {card.name} in {position} position using {', '.join(labels)}",
                    card=card.name, card_id=obj.label, position=position,
                    costs=(CostPart(f"{kind}_material", labels, None, used),),
                    payload=(("materials", used), ("mode", kind), ("oid", oid), ("position", position)),
                ))
    return actions


def extra_deck_summon(d, kind: str, oid: int, used: tuple, position: str) -> None:
    """Carry out a Synchro or Xyz Summon listed by ``extra_deck_summons``."""
    player = d.objects[oid].controller
    flow.next_step(d)
    effects.mark_special_summon(d, player, d.objects[oid].card)
    if kind == "synchro":
        for material in used:
            effects.move(d, material, "graveyard", "summon", None, method="synchro_material")
        new = d.move(oid, "monsters", controller=player, face_up=True, position=position, summon_type="synchro",
                     flags=frozenset({"summoned_this_turn"}))
    else:
        new = d.move(oid, "monsters", controller=player, face_up=True, position=position, summon_type="xyz",
                     flags=frozenset({"summoned_this_turn"}))
        for material in used:
            attach(d, material, new.oid)
    summons.start_summon(d, new.oid, "special")


def attach(d, oid: int, xyz: int):
    """Attach a card to an Xyz Monster as material (it leaves the field if it was there)."""
    obj = d.objects[oid]
    return effects.move(d, oid, effects.MATERIAL_ZONE, "summon", xyz, method="xyz_material", controller=obj.owner,
                        extra=(("attached_to", xyz),))


# ------------------------------------------------------------------ Fusion Summons by effects


def fusion_options(s, player: str, materials_from) -> list[tuple]:
    """Every distinct Fusion Summon a "Polymerization" effect can perform now: (Fusion Monster,
    materials, position) triples, the materials taken among the cards ``materials_from`` names
    (an expression, like "you.hand + (you.monsters where face_up)")."""
    from cardjudge.rules.core.expr import evaluate
    from cardjudge.rules.ygo.views import CardView, env_for

    value = evaluate(materials_from, env_for(s, None, player))
    candidates = [v.oid for v in (value if isinstance(value, list) else [value])
                  if isinstance(v, CardView) and v.oid in s.objects]
    options, seen = [], set()
    for oid in s.zone(player, "extra_deck"):
        name = s.objects[oid].card
        if name in seen or s.pool[name]["subtype"] != "fusion" or effects.summon_limited(s, player, s.pool[name]):
            continue
        seen.add(name)
        for used in materials.fusion_sets(s, player, name, candidates):
            on_field = sum(1 for o in used if s.objects[o].zone == "monsters")
            if len(s.zone(player, "monsters")) - on_field >= 5:
                continue  # no Main Monster Zone would be free
            options.extend((oid, used, position) for position in POSITIONS)
    return options


def fusion_step(d, link, spec: dict, bound: dict, materials_from, redo):
    """Run a ``fusion_summon`` effect step: ask which Fusion Summon, then perform it."""
    from cardjudge.rules.core.events import new_event
    from cardjudge.rules.ygo.flow import Choice

    player = link.controller
    chosen = bound.pop("__fusion__", None)
    if chosen is None:
        options = fusion_options(d, player, materials_from)
        if not options:
            return None
        # the options are worked out again from the state when listed (they are a function of it)
        return Choice(player, "fusion", "__fusion__", (), 1, 1,
                      prompt="a Fusion Monster to Fusion Summon, with its materials", redo=redo)
    oid, used, position = chosen[0]
    if oid not in d.objects or any(o not in d.objects for o in used):
        return None
    flow.next_step(d)
    for material in used:
        effects.move(d, material, "graveyard", "effect", link.oid, method="fusion_material")
    new = effects.special_summon(d, oid, player, position, link.oid, summon_type="fusion")
    bound[spec.get("as", "summoned")] = (new.oid,)
    flow.emit(d, new_event("summoned", cards=(new.oid,), player=player, reason="effect", source=link.oid,
                           method="special"))
    return None


def fusion_choice_actions(s, choice) -> list[Action]:
    """The answers to a Fusion Summon's choice: one per distinct monster, materials and position."""
    from cardjudge.rules.ygo.legal import says

    from cardjudge.rules.ygo.abilities import _fusion_materials

    player = choice.player
    actions = []
    for option in fusion_options(s, player, _fusion_materials((choice.redo,))):
        oid, used, position = option
        labels = tuple(s.objects[o].label for o in used)
        name = s.objects[oid].card
        actions.append(Action(
            id="", player=player, kind="choose",
            text=f"{says(player, 'Fusion Summon')} {name} in {position} position using {', '.join(labels)}",
            card=name, card_id=s.objects[oid].label, position=position, targets=labels,
            payload=(("mode", "fusion"), ("value", (option,))),
        ))
    return actions

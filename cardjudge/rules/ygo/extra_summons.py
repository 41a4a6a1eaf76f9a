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
from cardjudge.rules.ygo import effects, materials, summons, windows
from cardjudge.rules.ygo.wording import says

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
    windows.next_step(d)
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

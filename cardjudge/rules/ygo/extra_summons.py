"""Synchro, Xyz and Link Summons: Special Summons by the rules, from the Extra Deck, with materials.

A Synchro Summon sends one face-up Tuner and face-up non-Tuners whose Levels add up to the
Synchro Monster's Level from the field to the GY; an Xyz Summon stacks face-up monsters of
the Level its text asks for under the Xyz Monster as its materials (they leave the field
with it); a Link Summon sends face-up monsters whose count, each counting 1 or (a Link
Monster) its Link Rating, makes the Link Monster's Link Rating to the GY. None starts a chain:
the monster is Summoned, then the window for "when a monster would be Summoned" opens (Solemn
Warning can negate it), as for a Normal Summon.

Each distinct set of materials (interchangeable copies merged, ruling G1) in each battle
position (a Link Monster: Attack Position only) and each useful zone (``zones.useful_places``)
is one action of the turn player's open Main Phase window.
"""

from __future__ import annotations

from cardjudge.rules.core.actions import Action, CostPart
from cardjudge.rules.ygo import effects, materials, summons, windows, zones
from cardjudge.rules.ygo.wording import says

SUMMON_VERBS = {"synchro": "Synchro Summon", "xyz": "Xyz Summon", "link": "Link Summon"}
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
        elif kind == "link":
            sets = materials.link_sets(s, player, card.name, card["link_rating"])
        else:
            continue
        verb = SUMMON_VERBS[kind]
        positions = ("attack",) if kind == "link" else POSITIONS  # a Link Monster has no DEF
        for used in sets:
            labels = tuple(s.objects[o].label for o in used)
            places = zones.useful_places(s, player, card, True, used, link_summon=kind == "link")
            for place in places:
                where = f" to {zones.describe(place)}" if len(places) > 1 else ""
                for position in positions:
                    actions.append(Action(
                        id="", player=player, kind="summon",
                        text=f"{says(player, verb)} {card.name} in {position} position using {', '.join(labels)}{where}",
                        card=card.name, card_id=obj.label, position=position,
                        costs=(CostPart(f"{kind}_material", labels, None, used),),
                        payload=(("materials", used), ("mode", kind), ("oid", oid), ("place", place),
                                 ("position", position)),
                    ))
    return actions


def extra_deck_summon(d, kind: str, oid: int, used: tuple, position: str, place: int) -> None:
    """Carry out a Synchro, Xyz or Link Summon listed by ``extra_deck_summons``, to ``place``."""
    player = d.objects[oid].controller
    windows.next_step(d)
    effects.mark_special_summon(d, player, d.objects[oid].card)
    if kind in ("synchro", "link"):
        for material in used:
            effects.move(d, material, "graveyard", "summon", None, method=f"{kind}_material")
        new = d.move(oid, "monsters", controller=player, face_up=True, position=position, summon_type=kind,
                     flags=frozenset({"summoned_this_turn"}))
    else:
        new = d.move(oid, "monsters", controller=player, face_up=True, position=position, summon_type="xyz",
                     flags=frozenset({"summoned_this_turn"}))
        for material in used:
            attach(d, material, new.oid)
    zones.put(d, new.oid, place)
    summons.start_summon(d, new.oid, "special")


def attach(d, oid: int, xyz: int):
    """Attach a card to an Xyz Monster as material (it leaves the field if it was there)."""
    obj = d.objects[oid]
    return effects.move(d, oid, effects.MATERIAL_ZONE, "summon", xyz, method="xyz_material", controller=obj.owner,
                        extra=(("attached_to", xyz),))

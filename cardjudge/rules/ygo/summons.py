"""Normal Summons and Sets with their Tributes, Flip Summons, battle position changes, Setting Spells/Traps."""

from __future__ import annotations

from cardjudge.rules.core.events import new_event
from cardjudge.rules.ygo import effects, windows, zones
from cardjudge.rules.ygo.views import card_def


def tributes_needed(level: int | None) -> int:
    """Levels 5 and 6 need one Tribute, 7 and more two."""
    if not level or level <= 4:
        return 0
    return 1 if level <= 6 else 2


def normal_summon(d, oid: int, tributes: tuple, set_face_down: bool, lp_costs: int, place: int) -> None:
    """Carry out a Normal Summon (or Set): Tributes, then the monster on the field, in ``place``."""
    player = d.objects[oid].controller
    if lp_costs:
        effects.change_lp(d, player, -lp_costs, paid=True)
    windows.next_step(d)
    for tribute in tributes:
        effects.move(d, tribute, "graveyard", "summon", oid, method="tribute")
    d.set_player(player, flags=d.player(player).flags | {"normal_summon_used"})
    summon_type = "tribute" if tributes else "normal"
    if set_face_down:
        new = d.move(oid, "monsters", controller=player, face_up=False, position="defense",
                     summon_type=None, flags=frozenset({"set_this_turn"}))
        zones.put(d, new.oid, place)
        windows.emit(d, new_event("set", cards=(new.oid,), player=player, reason="rule"))
        windows.set_window(d, "open", d.active)
        return
    new = d.move(oid, "monsters", controller=player, face_up=True, position="attack",
                 summon_type=summon_type, flags=frozenset({"summoned_this_turn"}))
    zones.put(d, new.oid, place)
    start_summon(d, new.oid, "normal")


def flip_summon(d, oid: int, lp_costs: int) -> None:
    player = d.objects[oid].controller
    if lp_costs:
        effects.change_lp(d, player, -lp_costs, paid=True)
    windows.next_step(d)
    obj = d.update(oid, face_up=True, position="attack", summon_type="flip",
                   flags=d.objects[oid].flags | {"summoned_this_turn"})
    start_summon(d, obj.oid, "flip")


def start_summon(d, oid: int, method: str) -> None:
    """The monster is being Summoned: the window for "when a monster would be Summoned"."""
    d.game_data["summoning"] = (oid, method)
    d.game_data["window_events"] = ()
    windows.emit(d, new_event("summoning", cards=(oid,), player=d.objects[oid].controller, reason="summon",
                                   method=method))
    windows.set_window(d, "summon", d.active, 0)


def complete_summon(d) -> None:
    """The Summon succeeded: "summoned" (and "flipped") events, then the turn player's open state."""
    summoning = d.game_data.pop("summoning", None)
    windows.set_window(d, "open", d.active)
    if not summoning or summoning[0] not in d.objects:
        return
    oid, method = summoning
    windows.next_step(d)
    if method == "flip":
        windows.emit(d, new_event("flipped", cards=(oid,), player=d.objects[oid].controller, reason="summon",
                                       method="flip"))
    windows.emit(d, new_event("summoned", cards=(oid,), player=d.objects[oid].controller, reason="summon",
                                   method=method))


def change_position(d, oid: int) -> None:
    obj = d.objects[oid]
    d.update(oid, position="defense" if obj.position == "attack" else "attack",
             flags=obj.flags | {"position_changed_this_turn"})


def set_spell_trap(d, oid: int, lp_costs: int) -> None:
    obj = d.objects[oid]
    if lp_costs:
        effects.change_lp(d, obj.controller, -lp_costs, paid=True)
    zone = "field_spell" if card_def(d, oid)["subtype"] == "field" else "spells_traps"
    if zone == "field_spell":
        for old in d.zone(obj.controller, "field_spell"):
            effects.move(d, old, "graveyard", "rule")
    new = d.move(oid, zone, controller=obj.controller, face_up=False, flags=frozenset({"set_this_turn"}))
    if zone == "spells_traps":
        zones.put_first_spell_trap(d, new.oid)
    windows.emit(d, new_event("set", cards=(new.oid,), player=obj.controller, reason="rule"))

"""Battle: attack declarations, the Damage Step, damage calculation, direct attacks."""

from __future__ import annotations

from cardjudge.rules.core.events import new_event
from cardjudge.rules.ygo import effects, windows
from cardjudge.rules.ygo.views import chars


def declare_attack(d, attacker: int, target: int | None, lp_cost: int) -> None:
    player = d.objects[attacker].controller
    if lp_cost:
        effects.change_lp(d, player, -lp_cost, paid=True)
    windows.next_step(d)
    d.update(attacker, flags=d.objects[attacker].flags | {"attacked_this_turn"})
    d.game_data["attack"] = (attacker, target)
    d.game_data["window_events"] = ()
    windows.emit(d, new_event("attack_declared", cards=(attacker,) + ((target,) if target is not None else ()),
                                   player=player, reason="battle", source=attacker))
    windows.set_window(d, "attack", d.active, 0)


def _attack_still_on(d) -> tuple | None:
    attack = d.get("attack")
    if not attack:
        return None
    attacker, target = attack
    if attacker not in d.objects or d.objects[attacker].zone != "monsters" or not d.objects[attacker].face_up:
        return None
    return attacker, target


def enter_damage_step(d) -> None:
    attack = _attack_still_on(d)
    if attack is None:
        end_attack(d)
        return
    attacker, target = attack
    if target is not None and target not in d.objects:
        # the target left: a replay; this simple model lets the monster attack again
        d.update(attacker, flags=d.objects[attacker].flags - {"attacked_this_turn"})
        end_attack(d)
        return
    d.phase = "damage_step"
    windows.set_window(d, "damage", d.active, 0)


def damage_calculation(d) -> None:
    attack = _attack_still_on(d)
    if attack is None or (attack[1] is not None and attack[1] not in d.objects):
        end_attack(d)
        return
    attacker, target = attack
    windows.next_step(d)
    attacking_player = d.objects[attacker].controller
    defending_player = d.opponent_of(attacking_player)
    atk = chars(d, attacker).atk or 0
    if target is None:
        effects.change_lp(d, defending_player, -atk, reason="battle")
        windows.emit(d, new_event("battle_damage", cards=(attacker,), player=defending_player, reason="battle",
                                       source=attacker))
        end_attack(d)
        return
    defender = d.objects[target]
    if not defender.face_up:
        d.update(target, face_up=True)
        windows.emit(d, new_event("flipped", cards=(target,), player=defender.controller, reason="battle",
                                       source=attacker))
    defender = d.objects[target]
    destroyed = []
    if defender.position == "attack":
        other = chars(d, target).atk or 0
        if atk > other:
            destroyed.append(target)
            effects.change_lp(d, defending_player, -(atk - other), reason="battle")
        elif atk < other:
            destroyed.append(attacker)
            effects.change_lp(d, attacking_player, -(other - atk), reason="battle")
        elif atk > 0:
            destroyed += [attacker, target]
    else:
        defense = chars(d, target).defense or 0
        if atk > defense:
            destroyed.append(target)
        elif atk < defense:
            effects.change_lp(d, attacking_player, -(defense - atk), reason="battle")
    if d.winner is None and destroyed:
        # each destroyed by the monster it battled ("if this card destroys a monster by battle")
        by = {target: attacker, attacker: target}
        for oid in destroyed:
            effects.destroy(d, [oid], "battle", by[oid])
    end_attack(d)


def end_attack(d) -> None:
    d.game_data.pop("attack", None)
    if d.phase == "damage_step":
        d.phase = "battle_step"
    windows.set_window(d, "open", d.active)


def leave_battle_phase(d) -> None:
    d.game_data.pop("attack", None)

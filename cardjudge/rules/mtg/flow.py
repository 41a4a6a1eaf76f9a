"""Turn structure, priority, the stack and state-based actions.

Steps in order: untap, upkeep, draw, main1, beginning_of_combat, declare_attackers,
declare_blockers, combat_damage, end_of_combat, main2, end, cleanup. Nobody gets priority
in the untap and cleanup steps: they pass by themselves. In every other step the active
player receives priority first; when all players pass in succession the top of the stack
resolves (and the active player receives priority again) or, with an empty stack, the game
moves to the next step. Before a player would receive priority, state-based actions are
checked and triggered abilities are put on the stack (T1, G2).
"""

from __future__ import annotations

from cardjudge.rules.core import lasting as lasting_rules
from cardjudge.rules.core.events import Event
from cardjudge.rules.core.expr import evaluate
from cardjudge.rules.mtg import effects
from cardjudge.rules.mtg import mutations as m
from cardjudge.rules.mtg.records import Choice, Frame
from cardjudge.rules.mtg.triggers import apnap_rank, emit, trigger_class
from cardjudge.rules.mtg.views import chars, env_for, has_keyword, is_creature, summoning_sick

STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_of_combat", "main2", "end", "cleanup")
MAIN_PHASES = ("main1", "main2")
HAND_SIZE = 7


def settle(d) -> None:
    """Go on until a player has a decision to make (or the game is over)."""
    for _ in range(10000):
        if d.winner is not None:
            d.game_data.pop("priority", None)
            return
        if d.game_data.get("choice") is not None:
            return
        if state_based_actions(d):
            continue
        if d.game_data.get("choice") is not None or d.winner is not None:
            continue
        if d.phase in ("untap", "cleanup"):
            if d.phase == "cleanup" and _cleanup_discard(d):
                return
            if d.phase == "cleanup" and d.pending:
                # something triggered during cleanup: players get priority, then another
                # cleanup step follows (rule 514.3a)
                d.game_data["priority"] = d.active
                d.game_data["cleanup_again"] = True
            else:
                advance_step(d)
                continue
        if d.game_data.get("declaring"):
            return
        if d.pending:
            if put_triggers(d):
                continue
            return  # a player orders their triggered abilities
        if d.game_data.get("priority") is None:
            d.game_data["priority"] = d.active
        if d.chain and _nobody_responds(d):
            # a response window in which no player can do anything but pass passes by itself
            d.game_data["passes"] = 0
            resolve_top(d)
            d.game_data["priority"] = d.active
            continue
        return
    raise RuntimeError("the game does not settle")


def _nobody_responds(d) -> bool:
    """No player has any action but passing (not even a mana ability)."""
    from cardjudge.rules.mtg.legal import priority_actions

    d.touched()
    return all(len(priority_actions(d, player)) == 1 for player in d.players)


# ---------------------------------------------------------------- state-based actions


def state_based_actions(d) -> bool:
    """Perform every state-based action that applies now (rule 704); True if any did."""
    changed = False
    losers = [p for p in d.players if d.player(p).life <= 0 or m.player_value(d, p, "drew_from_empty")]
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
    dying = []
    for player in d.players:
        for oid in d.zone(player, "battlefield"):
            if not is_creature(d, oid):
                continue
            toughness = chars(d, oid).toughness or 0
            if toughness <= 0 or m.lethal(d, oid):
                dying.append(oid)
    for oid in dying:
        if oid in d.objects:
            m.move(d, oid, "graveyard", reason="rule")
            changed = True
    for player in d.players:
        for oid in d.zone(player, "battlefield"):
            obj = d.objects[oid]
            if obj.equipped_to is not None:
                host = d.objects.get(obj.equipped_to)
                if host is None or host.zone != "battlefield" or not is_creature(d, host.oid):
                    d.update(oid, equipped_to=None)
                    changed = True
    if not changed and d.game_data.get("choice") is None:
        changed = _legend_rule(d)
    return changed


def _legend_rule(d) -> bool:
    """Two or more legendary permanents with the same name: their controller keeps one (rule 704.5j)."""
    for player in d.players:
        seen: dict = {}
        for oid in d.zone(player, "battlefield"):
            c = chars(d, oid)
            if "Legendary" in c.supertypes:
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


# ---------------------------------------------------------------- triggers onto the stack


def put_triggers(d) -> bool:
    """Put waiting triggered abilities on the stack, APNAP (G2). False when a player must order."""
    by_player: dict = {}
    for item in d.pending:
        by_player.setdefault(item.controller, []).append(item)
    for player in sorted(by_player, key=lambda p: apnap_rank(d, p)):
        mine = by_player[player]
        if len({trigger_class(d, item) for item in mine}) > 1:
            return False
        for item in mine:
            push_trigger(d, item)
    return True


def push_trigger(d, item) -> None:
    """Put a triggered ability on the stack; the player who was to receive priority receives it."""
    d.pending = tuple(i for i in d.pending if i.sid != item.sid)
    d.chain = tuple(d.chain) + (item,)
    d.game_data.setdefault("priority", d.active)
    d.game_data["passes"] = 0


def orderer(s):
    """The player who must order their triggered abilities now, with the ones they may put first."""
    by_player: dict = {}
    for item in s.pending:
        by_player.setdefault(item.controller, []).append(item)
    for player in sorted(by_player, key=lambda p: apnap_rank(s, p)):
        mine = by_player[player]
        classes = {}
        for item in mine:
            classes.setdefault(trigger_class(s, item), item)
        if len(classes) > 1:
            return player, list(classes.values())
        return None, []
    return None, []


# ---------------------------------------------------------------- priority and the stack


def pass_priority(d) -> None:
    """The player with priority passes: the other one receives it, or all have passed in
    succession and the top of the stack resolves (or, with an empty stack, the step ends)."""
    player = d.game_data.get("priority", d.active)
    passes = d.game_data.get("passes", 0) + 1
    if passes >= len(d.players):
        d.game_data["passes"] = 0
        if d.chain:
            resolve_top(d)
            d.game_data["priority"] = d.active
        else:
            advance_step(d)
    else:
        d.game_data["passes"] = passes
        d.game_data["priority"] = d.opponent_of(player)


def acted(d, player: str) -> None:
    """After a player casts or activates, they receive priority again (rule 117.3c)."""
    d.game_data["priority"] = player
    d.game_data["passes"] = 0


def target_still_legal(d, item, slot_name: str, ref) -> bool:
    """On resolution, a target must still exist and still fit its slot (rule 608.2b)."""
    if isinstance(ref, str):
        spec = _spec(item, slot_name)
        if spec is None:
            return True
        return ref in _candidates(d, item, spec)
    if ref not in d.objects:
        return False
    spec = _spec(item, slot_name)
    return spec is None or ref in _candidates(d, item, spec)


def _spec(item, name):
    for spec in item.target_specs:
        if spec.name == name:
            return spec
    return None


def _candidates(d, item, spec) -> set:
    from cardjudge.rules.mtg.legal import target_candidates

    source = item.source if item.source in d.objects else None
    return set(target_candidates(d, spec, source, item.controller, item.x))


def resolve_top(d) -> None:
    """The top object of the stack resolves (rule 608)."""
    item = d.chain[-1]
    d.chain = d.chain[:-1]
    bindings = list(item.bindings)
    if item.targets:
        legal_any = False
        for name, refs in item.targets:
            kept = tuple(ref for ref in refs if target_still_legal(d, item, name, ref))
            legal_any = legal_any or bool(kept)
            bindings.append((name, kept))
        if not legal_any:
            # every target is illegal: the spell or ability does nothing (rule 608.2b)
            if item.kind == "spell" and item.source in d.objects:
                m.move(d, item.source, "graveyard", reason="rule")
            return
    env_source = item.source if item.source in d.objects else None
    if item.condition is not None:
        env = env_for(d, env_source, item.controller, item.event)
        if not evaluate(item.condition, env):
            return  # intervening "if" false on resolution (T2)
    steps = tuple(item.effect)
    if item.kind == "spell":
        steps = steps + ((("_finish", item.source),),)
    frame = Frame(steps, 0, item.controller, item.source, item.label, item.card, tuple(bindings), item.x, item.event)
    effects.run(d, (frame,))


# ---------------------------------------------------------------- steps


def advance_step(d) -> None:
    """Leave the current step for the next one (mana empties between steps)."""
    for player in d.players:
        m.set_player_value(d, player, mana_pool="")
    current = d.phase
    if current == "cleanup":
        if d.game_data.pop("cleanup_again", False):
            enter_step(d, "cleanup")
        else:
            start_turn(d)
        return
    if current == "untap":
        untap_step(d)
        return
    following = STEPS[STEPS.index(current) + 1]
    if current == "declare_attackers" and not _attackers(d):
        following = "end_of_combat"  # no attackers: no blockers nor combat damage steps (rule 508.8)
    if current == "end_of_combat":
        _end_combat(d)
    enter_step(d, following)


def start_turn(d) -> None:
    """The next player's turn begins with the untap step."""
    d.turn += 1
    d.active = d.opponent_of(d.active)
    for player in d.players:
        m.set_player_value(d, player, lands_played=0, drawn=0)
    d.phase = "untap"
    untap_step(d)


def untap_step(d) -> None:
    """The active player's permanents untap; nobody gets priority (rule 502)."""
    for oid in d.zone(d.active, "battlefield"):
        # controlled continuously since the start of this turn from now on (rule 302.6)
        d.update(oid, flags=d.objects[oid].flags - {"sick"})
        m.untap(d, oid, reason="rule")
    enter_step(d, "upkeep")


def enter_step(d, step: str) -> None:
    """Begin a step: its turn-based actions, then its "at the beginning of" event."""
    d.phase = step
    d.game_data["priority"] = d.active
    d.game_data["passes"] = 0
    d.game_data.pop("declaring", None)
    if step == "draw" and d.turn > 1:
        m.draw(d, d.active, 1)
    elif step == "declare_attackers":
        from cardjudge.rules.mtg.legal import possible_attackers

        if possible_attackers(d):
            d.game_data["declaring"] = "attackers"
    elif step == "declare_blockers":
        from cardjudge.rules.mtg.legal import possible_blocks

        if possible_blocks(d):
            d.game_data["declaring"] = "blockers"
    elif step == "combat_damage":
        combat_damage(d)
    elif step == "cleanup":
        _cleanup(d)
    emit(d, Event("step", player=d.active, method=step))


def end_declaration(d) -> None:
    """The declaration of attackers or blockers is complete: what it triggers triggers."""
    kind = d.game_data.pop("declaring")
    if kind == "attackers":
        for oid in _attackers(d):
            emit(d, Event("attacks", (oid,), player=d.objects[oid].controller, labels=(d.objects[oid].label,)))
    else:
        for player in d.players:
            for oid in d.zone(player, "battlefield"):
                if d.objects[oid].get("blocking") is not None:
                    emit(d, Event("blocks", (oid,), player=player, labels=(d.objects[oid].label,)))
    d.game_data["priority"] = d.active
    d.game_data["passes"] = 0


def _attackers(d) -> list:
    return [oid for p in d.players for oid in d.zone(p, "battlefield") if d.objects[oid].get("attacking") is not None]


def combat_damage(d) -> None:
    """Attackers and blockers deal their combat damage at once (rule 510); no first strike."""
    assignments = []  # (source, ref, amount)
    for attacker in _attackers(d):
        power = max(0, chars(d, attacker).power or 0)
        blockers = [oid for p in d.players for oid in d.zone(p, "battlefield")
                    if d.objects[oid].get("blocking") == attacker]
        if not d.objects[attacker].get("blocked"):
            assignments.append((attacker, d.objects[attacker].get("attacking"), power))
            continue
        left = power
        for number, blocker in enumerate(blockers):
            c = chars(d, blocker)
            need = max(0, (c.toughness or 0) - d.objects[blocker].get("damage", 0))
            last = number == len(blockers) - 1 and not has_keyword(d, attacker, "Trample")
            amount = left if last else min(left, need)
            assignments.append((attacker, blocker, amount))
            left -= amount
        if left > 0 and has_keyword(d, attacker, "Trample"):
            assignments.append((attacker, d.objects[attacker].get("attacking"), left))
        for blocker in blockers:
            assignments.append((blocker, attacker, max(0, chars(d, blocker).power or 0)))
    for source, ref, amount in assignments:
        m.deal_damage(d, source, ref, amount)


def _end_combat(d) -> None:
    for player in d.players:
        for oid in d.zone(player, "battlefield"):
            obj = d.objects[oid]
            if any(k in ("attacking", "blocking", "blocked") for k, _ in obj.extra):
                m.set_extra(d, oid, attacking=None, blocking=None, blocked=None)


def _cleanup_discard(d) -> bool:
    """The active player discards down to the maximum hand size (rule 514.1)."""
    hand = d.zone(d.active, "hand")
    if len(hand) > HAND_SIZE:
        d.game_data["choice"] = Choice(d.active, "discard", "discard", tuple(hand), len(hand) - HAND_SIZE,
                                       len(hand) - HAND_SIZE, "cards to discard down to seven")
        return True
    return False


def _cleanup(d) -> None:
    """Damage wears off and "until end of turn" effects end (rule 514.2)."""
    for player in d.players:
        for oid in d.zone(player, "battlefield"):
            if d.objects[oid].get("damage"):
                m.set_extra(d, oid, damage=None)
    kept, ended = lasting_rules.tick(tuple(d.lasting), "end_of_turn")
    d.lasting = kept
    d.touched()
    for effect in ended:
        if effect.kind == "control":
            for oid in effect.affected:
                if oid in d.objects and d.objects[oid].zone == "battlefield":
                    back = effect.param("back_to")
                    if not any(e.kind == "control" and oid in e.affected for e in kept):
                        m.change_control(d, oid, back)
    d.game_data["delayed"] = tuple(x for x in d.game_data.get("delayed", ())
                                   if x.until_turn is None or x.until_turn > d.turn)
    d.game_data.pop("lki", None)
    d.touched()


def can_attack(d, oid: int) -> bool:
    """An untapped creature of the active player that is not affected by summoning sickness (S1)."""
    obj = d.objects[oid]
    return (obj.controller == d.active and is_creature(d, oid) and "tapped" not in obj.flags
            and not summoning_sick(d, oid) and obj.get("attacking") is None)

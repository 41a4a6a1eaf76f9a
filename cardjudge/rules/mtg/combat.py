"""Combat: which creatures can attack and block, and combat damage (rules 506-511).

A creature can attack only if it is untapped and not affected by summoning sickness (S1);
blocking is not restricted by it (S3). Combat damage is dealt all at once: no first strike.
"""

from __future__ import annotations

from cardjudge.rules.mtg import mutations as m
from cardjudge.rules.mtg.views import chars, has_keyword, is_creature, summoning_sick


def attackers(d) -> list:
    """The attacking creatures."""
    return [oid for p in d.players for oid in d.zone(p, "battlefield") if d.objects[oid].get("attacking") is not None]


def can_attack(d, oid: int) -> bool:
    """An untapped creature of the active player that is not affected by summoning sickness (S1)
    and has no defender (702.3b)."""
    obj = d.objects[oid]
    return (obj.controller == d.active and is_creature(d, oid) and "tapped" not in obj.flags
            and not summoning_sick(d, oid) and obj.get("attacking") is None and not has_keyword(d, oid, "Defender"))


def possible_attackers(s) -> list[int]:
    """The active player's creatures that can be declared as attackers now."""
    return [oid for oid in s.zone(s.active, "battlefield") if can_attack(s, oid)]


def _can_block(s, blocker: int, attacker: int) -> bool:
    if has_keyword(s, attacker, "Flying") and not (has_keyword(s, blocker, "Flying") or has_keyword(s, blocker, "Reach")):
        return False
    return True


def possible_blocks(s) -> list[tuple[int, int]]:
    """(blocker, attacker) pairs the defending player can still declare."""
    defender = s.opponent_of(s.active)
    attacking = [oid for oid in s.zone(s.active, "battlefield") if s.objects[oid].get("attacking") == defender]
    out = []
    for blocker in s.zone(defender, "battlefield"):
        obj = s.objects[blocker]
        if not is_creature(s, blocker) or "tapped" in obj.flags or obj.get("blocking") is not None:
            continue
        for attacker in attacking:
            if _can_block(s, blocker, attacker):
                out.append((blocker, attacker))
    return out


def combat_damage(d) -> None:
    """Attackers and blockers deal their combat damage at once (rule 510); no first strike."""
    assignments = []  # (source, ref, amount)
    for attacker in attackers(d):
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


def end_combat(d) -> None:
    """Creatures stop attacking and blocking (rule 511.3)."""
    for player in d.players:
        for oid in d.zone(player, "battlefield"):
            obj = d.objects[oid]
            if any(k in ("attacking", "blocking", "blocked") for k, _ in obj.extra):
                m.set_extra(d, oid, attacking=None, blocking=None, blocked=None)

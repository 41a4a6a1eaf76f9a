"""Combat: which creatures can attack and block, and combat damage (rules 506-511).

A creature can attack only if it is untapped and not affected by summoning sickness (S1);
blocking is not restricted by it (S3). Creatures with first strike or double strike deal
their damage in a combat damage step of their own (rule 510.4).
"""

from __future__ import annotations

from cardjudge.rules.core.reasons import Reason
from cardjudge.rules.mtg import mutations as m
from cardjudge.rules.mtg.views import chars, has_keyword, is_creature, summoning_sick


def attackers(d) -> list:
    """The attacking creatures."""
    return [oid for p in d.players for oid in d.zone(p, "battlefield") if d.objects[oid].get("attacking") is not None]


def can_attack(d, oid: int) -> bool:
    """An untapped creature of the active player that is not affected by summoning sickness (S1)
    and has no defender (702.3b)."""
    return not attack_reasons(d, oid, every=False)


def attack_reasons(d, oid: int, every: bool = True) -> list[Reason]:
    """The reasons a permanent cannot be declared as an attacker (rule 508.1a), in the order a
    judge checks them; only the first unless ``every``."""
    obj = d.objects[oid]
    name = obj.card
    out = []
    if obj.controller != d.active:
        out.append(Reason("timing", f"only the active player attacks, and {name}'s controller is not", "506.2", name))
    if not is_creature(d, oid):
        out.append(Reason("condition", f"{name} is not a creature", "508.1a", name))
        return out  # summoning sickness and keywords are a creature's
    if out and not every:
        return out
    if "tapped" in obj.flags:
        out.append(Reason("condition", f"{name} is tapped: only an untapped creature attacks", "508.1a", name))
    if obj.get("attacking") is not None:
        out.append(Reason("limit", f"{name} is already attacking", "508.1a", name))
    if has_keyword(d, oid, "Defender"):
        out.append(Reason("condition", f"{name} has defender: it cannot attack", "702.3b", name))
    if has_keyword(d, oid, "Can't attack"):
        out.append(Reason("condition", f"{name} can't attack (its text or an effect says so)", "508.1a", name))
    if out and not every:
        return out
    if summoning_sick(d, oid):
        out.append(Reason("sickness", f"{name} came under its controller's control this turn (no haste): it cannot "
                                      "attack until it has been controlled since the start of their turn", "S1", name))
    return out


def possible_attackers(s) -> list[int]:
    """The active player's creatures that can be declared as attackers now."""
    return [oid for oid in s.zone(s.active, "battlefield") if can_attack(s, oid)]


def _can_block(s, blocker: int, attacker: int) -> bool:
    return block_reason(s, blocker, attacker) is None


def block_reason(s, blocker: int, attacker: int) -> Reason | None:
    """The reason ``blocker`` cannot block ``attacker``, or None (702.9b: flying)."""
    if has_keyword(s, blocker, "Can't block"):
        name = s.objects[blocker].card
        return Reason("condition", f"{name} can't block (its text or an effect says so)", "509.1a", name)
    if has_keyword(s, attacker, "Flying") and not (has_keyword(s, blocker, "Flying") or has_keyword(s, blocker, "Reach")):
        name = s.objects[blocker].card
        return Reason("target", f"{s.objects[attacker].card} has flying: {name} has neither flying nor reach",
                      "702.9b", name)
    return None


def blocker_reason(s, blocker: int) -> Reason | None:
    """The reason a permanent of the defending player cannot block at all, or None (509.1a)."""
    obj = s.objects[blocker]
    if not is_creature(s, blocker):
        return Reason("condition", f"{obj.card} is not a creature", "509.1a", obj.card)
    if "tapped" in obj.flags:
        return Reason("condition", f"{obj.card} is tapped: only an untapped creature blocks", "509.1a", obj.card)
    if obj.get("blocking") is not None:
        return Reason("limit", f"{obj.card} is already blocking", "509.1a", obj.card)
    return None


def possible_blocks(s) -> list[tuple[int, int]]:
    """(blocker, attacker) pairs the defending player can still declare."""
    defender = s.opponent_of(s.active)
    attacking = [oid for oid in s.zone(s.active, "battlefield") if s.objects[oid].get("attacking") == defender]
    out = []
    for blocker in s.zone(defender, "battlefield"):
        if blocker_reason(s, blocker) is not None:
            continue
        for attacker in attacking:
            if _can_block(s, blocker, attacker):
                out.append((blocker, attacker))
    return out


def strikers(d) -> list[int]:
    """The attacking and blocking creatures."""
    return [oid for p in d.players for oid in d.zone(p, "battlefield")
            if d.objects[oid].get("attacking") is not None or d.objects[oid].get("blocking") is not None]


def first_strike_step(d) -> bool:
    """Whether an attacking or blocking creature has first strike or double strike as the
    combat damage step begins: then there are two combat damage steps (rule 510.4)."""
    return any(has_keyword(d, oid, "First strike") or has_keyword(d, oid, "Double strike") for oid in strikers(d))


def combat_damage(d, which: str = "only") -> None:
    """The creatures that deal combat damage in this step deal it at once (rule 510).

    ``which``: "only" (a single step), "first" (first and double strikers only) or "second"
    (those that dealt no first-strike damage, and double strikers, rule 510.4)."""
    dealt_first = set(d.game_data.get("struck_first", ()))

    def deals(oid) -> bool:
        if which == "only":
            return True
        double = has_keyword(d, oid, "Double strike")
        if which == "first":
            return double or has_keyword(d, oid, "First strike")
        return double or oid not in dealt_first

    assignments = []  # (source, ref, amount)
    for attacker in attackers(d):
        blockers = [oid for p in d.players for oid in d.zone(p, "battlefield")
                    if d.objects[oid].get("blocking") == attacker]
        for blocker in blockers:
            if deals(blocker):
                assignments.append((blocker, attacker, max(0, chars(d, blocker).power or 0)))
        if not deals(attacker):
            continue
        power = max(0, chars(d, attacker).power or 0)
        if not d.objects[attacker].get("blocked"):
            assignments.append((attacker, d.objects[attacker].get("attacking"), power))
            continue
        assignments.extend(_assign(d, attacker, blockers, power))
    if which == "first":
        d.game_data["struck_first"] = tuple(sorted({source for source, _, _ in assignments}))
    gained: dict = {}  # lifelink: a source's combat damage is one life-gain event (rule 120.3f)
    for source, ref, amount in assignments:
        if amount > 0 and has_keyword(d, source, "Lifelink"):
            controller = d.objects[source].controller
            gained[(source, controller)] = gained.get((source, controller), 0) + amount
    for source, ref, amount in assignments:
        m.deal_damage(d, source, ref, amount, combat=True)
    for (source, controller), amount in gained.items():
        m.gain_life(d, controller, amount, source)


def lethal_to_assign(d, attacker: int, blocker: int) -> int:
    """The damage that counts as lethal for assignment: what the blocker's toughness still
    lacks, or 1 from a source with deathtouch (rule 702.2c)."""
    need = max(0, (chars(d, blocker).toughness or 0) - d.objects[blocker].get("damage", 0))
    return min(need, 1) if has_keyword(d, attacker, "Deathtouch") else need


def _assign(d, attacker: int, blockers: list, power: int) -> list:
    """A blocked attacker's damage: lethal to each blocker in turn, the rest to the last one, or
    with trample past lethal to all of them to the player (rule 702.19c)."""
    out, left = [], power
    trample = has_keyword(d, attacker, "Trample")
    for number, blocker in enumerate(blockers):
        last = number == len(blockers) - 1 and not trample
        amount = left if last else min(left, lethal_to_assign(d, attacker, blocker))
        out.append((attacker, blocker, amount))
        left -= amount
    if left > 0 and trample:
        out.append((attacker, d.objects[attacker].get("attacking"), left))
    return out


def end_combat(d) -> None:
    """Creatures stop attacking and blocking (rule 511.3)."""
    for player in d.players:
        for oid in d.zone(player, "battlefield"):
            obj = d.objects[oid]
            if any(k in ("attacking", "blocking", "blocked") for k, _ in obj.extra):
                m.set_extra(d, oid, attacking=None, blocking=None, blocked=None)

"""Combat: which creatures can attack and block, and combat damage (rules 506-511).

A creature can attack only if it is untapped and not affected by summoning sickness (S1);
blocking is not restricted by it (S3). Creatures with first strike or double strike deal
their damage in a combat damage step of their own (rule 510.4). A blocked creature's controller
divides its damage among its blockers as they choose (510.1c, with no damage assignment order).
"""

from __future__ import annotations

from cardjudge.rules.core.reasons import Reason
from cardjudge.rules.mtg import mutations as m
from cardjudge.rules.mtg.records import DamageDivision
from cardjudge.rules.mtg.views import chars, class_key, has_keyword, is_creature, summoning_sick
from cardjudge.rules.mtg.keywords import implements

# the keywords of combat this module implements (rules 702.3, 702.4, 702.7, 702.9, 702.17, 702.19)
implements(__name__, "Defender", "Double strike", "Fear", "First strike", "Flying", "Reach", "Trample", "Can't attack",
           "Can't block")


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
    if has_keyword(s, attacker, "Fear"):
        found = chars(s, blocker)
        if "Artifact" not in found.types and "B" not in found.colors:
            name = s.objects[blocker].card
            return Reason("target", f"{s.objects[attacker].card} has fear: {name} is neither an artifact creature "
                                    "nor black", "702.36b", name)
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


def attack_targets(s) -> list:
    """What the active player's creatures may attack: the opponent, and each planeswalker the
    opponent controls (rule 506.3: no damage redirection, a planeswalker is attacked directly)."""
    defender = s.opponent_of(s.active)
    walkers = [oid for oid in s.zone(defender, "battlefield") if "Planeswalker" in chars(s, oid).types]
    seen, out = set(), [defender]
    for oid in walkers:
        key = class_key(s, oid)
        if key not in seen:
            seen.add(key)
            out.append(oid)
    return out


def defending(s, attacked) -> bool:
    """Whether ``attacked`` (a player or a planeswalker) belongs to the defending player."""
    defender = s.opponent_of(s.active)
    if isinstance(attacked, str):
        return attacked == defender
    # a creature attacking a planeswalker that has left is still attacking (506.4) and may be blocked
    return attacked not in s.objects or s.objects[attacked].controller == defender


def possible_blocks(s) -> list[tuple[int, int]]:
    """(blocker, attacker) pairs the defending player can still declare: an attacker of the
    player or of a planeswalker they control."""
    defender = s.opponent_of(s.active)
    attacking = [oid for oid in s.zone(s.active, "battlefield")
                 if s.objects[oid].get("attacking") is not None and defending(s, s.objects[oid].get("attacking"))]
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
    def deals(oid) -> bool:
        return deals_in_step(d, oid, which)

    chosen = {division.attacker: division for division in d.game_data.get("divisions", ())}
    assignments = []  # (source, ref, amount)
    for attacker in attackers(d):
        for blocker in blockers_of(d, attacker):
            if deals(blocker):
                assignments.append((blocker, attacker, max(0, chars(d, blocker).power or 0)))
        if not deals(attacker):
            continue
        if not d.objects[attacker].get("blocked"):
            power = max(0, chars(d, attacker).power or 0)
            assignments.append((attacker, d.objects[attacker].get("attacking"), power))
            continue
        division = chosen.get(attacker) or divisions(d, attacker)[0]
        assignments.extend((attacker, ref, amount) for ref, amount in zip(division.targets, division.amounts))
    d.game_data.pop("divisions", None)
    if which == "first":
        d.game_data["struck_first"] = tuple(sorted({source for source, _, _ in assignments}))
    gained: dict = {}  # lifelink: a source's combat damage is one life-gain event (rule 120.3f)
    for source, _ref, amount in assignments:
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


def blockers_of(d, attacker: int) -> list[int]:
    """The creatures blocking ``attacker``."""
    return [oid for p in d.players for oid in d.zone(p, "battlefield") if d.objects[oid].get("blocking") == attacker]


def damage_step_kind(d) -> str:
    """Which combat damage step this is: "first", "second" (rule 510.4) or "only"."""
    if d.game_data.get("struck_first") is not None:
        return "second"
    return "first" if first_strike_step(d) else "only"


def deals_in_step(d, oid: int, which: str) -> bool:
    """Whether the creature deals combat damage in this combat damage step (rule 510.4)."""
    if which == "only":
        return True
    double = has_keyword(d, oid, "Double strike")
    if which == "first":
        return double or has_keyword(d, oid, "First strike")
    return double or oid not in set(d.game_data.get("struck_first", ()))


def divisions(d, attacker: int) -> list[DamageDivision]:
    """Every way the attacker's controller may divide a blocked attacker's combat damage, those
    differing only by interchangeable blockers given once (rules 510.1c, 702.19b, 702.2c).

    Among several blockers the damage is divided as its controller chooses; one blocker takes it
    all. With trample, damage goes to the attacked player only once every blocker is assigned
    lethal damage (1 from a source with deathtouch), the rest as chosen among them and the player;
    with no blocker left, all of it goes to the player (702.19e). With no blocker and no trample
    it assigns none."""
    power = max(0, chars(d, attacker).power or 0)
    trample = has_keyword(d, attacker, "Trample")
    player = d.objects[attacker].get("attacking")
    blockers = sorted(blockers_of(d, attacker), key=lambda oid: repr(class_key(d, oid)))
    if not blockers:
        return [DamageDivision(attacker, (player,) if trample and power else (), (power,) if trample and power else ())]
    lethal = [lethal_to_assign(d, attacker, blocker) for blocker in blockers]
    same_as_previous = [i > 0 and class_key(d, blockers[i]) == class_key(d, blockers[i - 1])
                        for i in range(len(blockers))]
    targets = tuple(blockers) + ((player,) if trample else ())
    out = []

    def extend(index: int, left: int, amounts: tuple) -> None:
        if index == len(blockers):
            if not trample:
                if left == 0:
                    out.append(DamageDivision(attacker, targets, amounts))
            elif left == 0 or all(a >= need for a, need in zip(amounts, lethal)):
                out.append(DamageDivision(attacker, targets, amounts + (left,)))
            return
        top = min(left, amounts[-1]) if same_as_previous[index] else left
        for amount in range(top, -1, -1):
            extend(index + 1, left - amount, amounts + (amount,))

    extend(0, power, ())
    return out


def division_to_choose(d, which: str) -> int | None:
    """The first attacker dealing damage in this step whose controller must still choose how to
    divide it (more than one way), or None."""
    chosen = {division.attacker for division in d.game_data.get("divisions", ())}
    for attacker in attackers(d):
        if (attacker not in chosen and d.objects[attacker].get("blocked") and deals_in_step(d, attacker, which)
                and len(divisions(d, attacker)) > 1):
            return attacker
    return None


def end_combat(d) -> None:
    """Creatures stop attacking and blocking (rule 511.3)."""
    for player in d.players:
        for oid in d.zone(player, "battlefield"):
            obj = d.objects[oid]
            if any(k in ("attacking", "blocking", "blocked") for k, _ in obj.extra):
                m.set_extra(d, oid, attacking=None, blocking=None, blocked=None)

"""Why a Magic action is not legal now: every reason, from the checks ``legal`` lists with.

``why_not(s, oid, kind)`` runs, for one card and one kind of action, the named checks of
:mod:`cardjudge.rules.mtg.legal` and :mod:`cardjudge.rules.mtg.combat` that the listing stops
at (priority and timing, {T} and summoning sickness, the land a turn, the costs of rule 601.2
and 602.2, the targets, attacking and blocking), and keeps every reason they give, in the
order a judge checks them, with the Comprehensive Rules number or ruling id each applies. It
is empty exactly when ``legal_actions`` lists an action of that kind with that card (or with an
interchangeable copy, listed once: G1).
"""

from __future__ import annotations

from cardjudge.errors import InputError
from cardjudge.rules.core.expr import source_of
from cardjudge.rules.core.reasons import Reason, in_judge_order
from cardjudge.rules.mtg import legal, targets
from cardjudge.rules.mtg.combat import attack_reasons, block_reason, blocker_reason
from cardjudge.rules.mtg.mutations import mana_pool
from cardjudge.rules.mtg.views import chars, class_key, object_abilities

#: The kinds of action a judge may ask about.
KINDS = ("cast", "activate", "play_land", "attack", "block")

_ZONE_WORDS = {"hand": "in the hand", "library": "in the library", "graveyard": "in the graveyard",
               "exile": "in exile", "battlefield": "on the battlefield", "stack": "on the stack",
               "command": "in the command zone"}


def copies(s, oid: int) -> list[int]:
    """The objects interchangeable with ``oid`` (itself included): a listing names one of them (G1)."""
    key = class_key(s, oid)
    obj = s.objects[oid]
    return [other for other in s.zone(obj.controller, obj.zone) if class_key(s, other) == key] or [oid]


def why_not(s, oid: int, kind: str) -> list[Reason]:
    """Every reason the card ``oid`` cannot be used for an action of ``kind`` now (empty: it can)."""
    if kind not in KINDS:
        raise InputError(f"explain: Magic actions of kind {kind!r} are not explained; ask about one of "
                         f"{', '.join(KINDS)}")
    moment = _moment_reasons(s, oid, kind)
    if moment is not None:
        return in_judge_order(moment)
    handler = {"cast": _cast_reasons, "activate": _activation_reasons, "play_land": _land_reasons,
               "attack": _attack_reasons, "block": _block_reasons}[kind]
    return in_judge_order(handler(s, oid))


def _moment_reasons(s, oid: int, kind: str) -> list[Reason] | None:
    """The reasons nothing of this kind may be done at this moment; None when the moment allows it."""
    obj = s.objects[oid]
    if s.winner is not None:
        return [Reason("timing", f"the game is over ({s.winner} won)", "104.1", None)]
    choice = s.get("choice")
    if choice is not None:
        return [Reason("timing", f"{choice.player} must first make a choice ({choice.prompt})", None, None)]
    if s.pending:
        return [Reason("timing", "triggered abilities are being put on the stack first", "603.3b", None)]
    declaring = s.get("declaring")
    if kind == "attack":
        if declaring != "attackers":
            return [Reason("timing", "attackers are declared as the declare attackers step begins (now: "
                                     f"{s.phase.replace('_', ' ')})", "508.1", obj.card)]
        return None
    if kind == "block":
        if declaring != "blockers":
            return [Reason("timing", "blockers are declared as the declare blockers step begins (now: "
                                     f"{s.phase.replace('_', ' ')})", "509.1", obj.card)]
        return None
    if declaring is not None:
        return [Reason("timing", f"{declaring} are being declared: no player has priority", "117.3", obj.card)]
    priority = s.get("priority") or s.active
    if obj.controller != priority:
        return [Reason("timing", f"{priority} {legal.verb(priority, 'hold')} priority, not {obj.controller}", "117.1",
                       obj.card)]
    return None


def _zone_reason(s, oid: int, wanted: str, what: str) -> Reason | None:
    obj = s.objects[oid]
    if obj.zone == wanted:
        return None
    return Reason("zone", f"{obj.card} is {_ZONE_WORDS.get(obj.zone, 'in ' + obj.zone)}: {what}", None, obj.card)


def _cast_reasons(s, oid: int) -> list[Reason]:
    obj = s.objects[oid]
    player = obj.controller
    zone = _zone_reason(s, oid, "hand", "a spell is cast from the hand")
    if zone is not None:
        return [zone]
    if "Land" in chars(s, oid).types:
        return [Reason("condition", f"{obj.card} is a land: it is played, not cast", "305.9", obj.card)]
    sorcery = legal.sorcery_timing(s, player)
    found = [legal.cast_timing_reason(s, player, oid, sorcery), legal.no_mana_cost_reason(s, oid)]
    found = [r for r in found if r is not None]
    if found:
        return found
    if legal._cast_offers(s, player, oid, sorcery):
        return []
    card = legal.card_def(s, oid)
    ability = legal._spell_ability(s, oid)
    return _offer_reasons(s, player, None, (), card["mana_cost"] or "", ability.targets if ability else (), (),
                          obj.card)


def _activation_reasons(s, oid: int) -> list[Reason]:
    obj = s.objects[oid]
    player = obj.controller
    zone = _zone_reason(s, oid, "battlefield", "its abilities are activated while it is on the battlefield")
    if zone is not None:
        return [zone]
    abilities = [a for a in object_abilities(s, oid) if a.kind in ("mana", "activated")]
    if not abilities:
        return [Reason("condition", f"{legal._name(s, oid)} has no activated ability", "602.1", obj.card)]
    sorcery = legal.sorcery_timing(s, player)
    every = []
    for ability in abilities:
        found = legal.activation_reasons(s, player, oid, ability, sorcery, every=True)
        if not found:
            if legal._activations(s, player, oid, ability, sorcery):
                return []
            exclude = (oid,) if ability.tap or ability.untap else ()
            found = _offer_reasons(s, player, oid, ability.costs, ability.mana, ability.targets, exclude,
                                   legal._name(s, oid))
        every += found
    return every


def _offer_reasons(s, player: str, source, parts, cost_text: str, target_specs, exclude, name: str) -> list[Reason]:
    """Why a cast or activation whose timing allows it has no way to pay and target: the cost
    parts, the mana (rule 601.2h), the targets (601.2c), each from the helpers ``_offers`` uses."""
    found = legal.cost_part_reasons(s, player, source, parts, exclude)
    life = s.player(player).life
    pool = mana_pool(s, player)
    sources = legal.mana_sources(s, player, frozenset(exclude))
    payable = False
    for variant, _life_paid in legal._phyrexian_variants(cost_text, life):
        cost, free = legal._parse_cost(variant)
        if free:
            payable = True
        elif cost.x_count:
            payable = payable or legal._max_x(s, player, variant, cost, pool, sources, frozenset(exclude)) >= 0
        else:
            payable = payable or bool(legal._payments(s, player, variant, cost, pool, sources, frozenset(exclude), 0))
    if not payable:
        untapped = ", ".join(sorted({targets.described(s, src.oid) for src in sources})) or "none"
        found.append(Reason("cost", f"{name} costs {cost_text}: the mana pool ({pool or 'empty'}) and the untapped "
                                    f"mana sources ({untapped}) cannot pay it", "601.2h", name))
    if target_specs and not targets._target_choices(s, target_specs, source, player, 0):
        for spec in target_specs:
            refused: list = []
            candidates = targets.target_candidates(s, spec, source, player, 0, refused)
            if len(candidates) >= spec.min:
                continue
            detail = "; ".join(f"{who} {why}" + (f" ({rule})" if rule else "") for who, why, rule in refused)
            among = source_of(spec.source)[0] or "what it names"
            rules = sorted({rule for _who, _why, rule in refused if rule})
            found.append(Reason("target", f"{name} needs {spec.min} target(s) among {among}: "
                                          f"{len(candidates)} legal" + (f" ({detail})" if detail else ""),
                                rules[0] if rules else "601.2c", name))
    if not found:
        found.append(Reason("cost", f"no choice of {name}'s targets and costs can be paid together", "601.2h", name))
    return found


def _land_reasons(s, oid: int) -> list[Reason]:
    obj = s.objects[oid]
    zone = _zone_reason(s, oid, "hand", "a land is played from the hand")
    if zone is not None:
        return [zone]
    if "Land" not in chars(s, oid).types:
        return [Reason("condition", f"{obj.card} is not a land", "305.1", obj.card)]
    reason = legal.land_play_reason(s, obj.controller, legal.sorcery_timing(s, obj.controller))
    return [Reason(reason.kind, reason.text, reason.rule, obj.card)] if reason is not None else []


def _attack_reasons(s, oid: int) -> list[Reason]:
    zone = _zone_reason(s, oid, "battlefield", "only a creature on the battlefield attacks")
    if zone is not None:
        return [zone]
    return attack_reasons(s, oid)


def _block_reasons(s, oid: int) -> list[Reason]:
    obj = s.objects[oid]
    zone = _zone_reason(s, oid, "battlefield", "only a creature on the battlefield blocks")
    if zone is not None:
        return [zone]
    defender = s.opponent_of(s.active)
    if obj.controller != defender:
        return [Reason("timing", f"only the defending player ({defender}) blocks", "509.1", obj.card)]
    reason = blocker_reason(s, oid)
    if reason is not None:
        return [reason]
    same = set(copies(s, oid))
    if any(action.get("oid") in same for action in legal._block_actions(s)):
        return []
    attacking = [a for a in s.zone(s.active, "battlefield") if s.objects[a].get("attacking") == defender]
    if not attacking:
        return [Reason("target", "no creature is attacking", "509.1a", obj.card)]
    found = [block_reason(s, oid, attacker) for attacker in attacking]
    found = [r for r in found if r is not None]
    half, alone = legal.menace_needs(s, legal.possible_blocks(s))
    for attacker in attacking:
        if attacker in alone or (half is not None and attacker != half):
            who = s.objects[attacker].card
            text = (f"{who} has menace and fewer than two creatures can block it" if attacker in alone
                    else f"{s.objects[half].card} has menace and one blocker so far: its second blocker comes first")
            found.append(Reason("target", text, "702.111b", obj.card))
    return found

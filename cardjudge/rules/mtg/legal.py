"""Every legal action of the player who must act now.

Casting a spell or activating an ability follows rule 601.2: announce it, choose X,
choose targets, determine the total cost, pay it. Each distinct choice of targets and each
distinct payment is its own action (G1): the non-mana cost parts (tap untapped Elves, crew,
sacrifice, discard) are one constraint problem of ``core.choices``, the mana part every
payment of ``mana.payments`` from the pool and the untapped mana sources left over.
"""

from __future__ import annotations

from functools import lru_cache, partial
from itertools import repeat
from operator import is_
import re
from typing import NamedTuple

from cardjudge.rules.core.actions import Action, CostPart, new_action, number_in_place
from cardjudge.rules.core.choices import Slot
from cardjudge.rules.core.expr import evaluate
from cardjudge.rules.core.orderings import next_choices
from cardjudge.rules.core.reasons import Reason, whose
from cardjudge.rules.core.derived import memo_table
from cardjudge.rules.mtg import alternative_costs
from cardjudge.rules.mtg import mana as mana_solver
from cardjudge.rules.mtg.abilities import CostPart as AbilityCostPart
from cardjudge.rules.mtg.combat import attack_targets, attackers, divisions, possible_attackers, possible_blocks
from cardjudge.rules.mtg.convoke import convoke_costs
from cardjudge.rules.mtg.mutations import mana_pool, player_value
from cardjudge.rules.mtg.records import MAIN_PHASES
from cardjudge.rules.mtg.shapes import solve, solve_picks
from cardjudge.rules.mtg.targets import orderer, target_choices, trigger_targets
from cardjudge.rules.mtg.triggers import apnap_rank
from cardjudge.rules.mtg.views import (
    CardView, abilities_of, card_def, chars, class_key, env_for, has_keyword, is_creature, object_abilities,
    position_rank, summoning_sick,
)
from cardjudge.rules.mtg.keywords import implements

# the keywords of casting and blocking this module implements (rules 702.8, 702.51, 702.66, 702.111)
implements(__name__, "Convoke", "Delve", "Flash", "Menace")

PHYREXIAN_LIFE = 2


class Plan(NamedTuple):
    """One way to cast or activate: targets, X, non-mana cost parts, the mana payment."""

    targets: tuple  # (slot, refs) pairs
    x: int
    parts: tuple  # (kind, oids) pairs
    payment: object | None
    life: int = 0


# a Plan from its five fields as one tuple, without the Python-level __new__ (made once per action)
_plan = partial(tuple.__new__, Plan)


def legal_actions(s) -> list[Action]:
    """Every legal action now (empty only when the game is over)."""
    if s.winner is not None:
        return []
    record = s.derived()
    listed = record.listing
    if listed is None:
        listed = record.listing = tuple(_listing(s))
    return list(listed)


# What a player holding priority may do besides passing: each of these kinds is a spell, an
# ability or a land play, never a pass or a choice.
# a player's own moves: what passes_and_choices leaves out
_OWN_MOVES = frozenset({"activate", "cast", "play_land", "attack", "block"})


def legal_actions_except(s, kinds) -> list[Action] | None:
    """``legal_actions(s)`` without the actions of ``kinds``, when that is known without the
    whole listing, else None.

    With the player's own moves left out (spells, abilities, land plays, attacks and blocks),
    what is left is passing and the rules' choices (:func:`passes_and_choices`), which costs
    little to build, where the whole listing (every payment of every target) is the engine's
    dearest work. A search that cannot spend another counted action, or whose opponent only
    passes, needs no more. A pass built so carries no id (ids number a whole listing); ``apply``
    takes it as it takes the listed one.
    """
    if not _OWN_MOVES <= kinds:
        return None
    return [action for action in passes_and_choices(s) if action.kind not in kinds]


def _listing(s) -> list[Action]:
    actions: list[Action] = []
    choice = s.get("choice")
    if choice is not None:
        actions = _choose_actions(s, choice)
    elif s.pending:
        actions = _order_actions(s)
    elif s.get("declaring") == "attackers":
        actions = _attack_actions(s)
    elif s.get("declaring") == "blockers":
        actions = _block_actions(s)
    else:
        player = s.get("priority") or s.active
        actions = priority_actions(s, player)
    return number_in_place(actions)  # made for this listing only




def passes_and_choices(s) -> list[Action]:
    """The actions of ``legal_actions(s)`` that are no move of a player's own: passing, and the
    choices and orders the rules ask for. A search with no counted move left tries only these;
    a pass is built here without the rest of the listing, so without its id (``is_listed``, and
    so ``apply``, take it all the same)."""
    if s.winner is not None:
        return []
    listed = s.derived().listing
    if listed is not None or s.get("choice") is not None or s.pending:
        return [a for a in (listed if listed is not None else legal_actions(s)) if a.kind in ("pass", "choose", "order")]
    declaring = s.get("declaring")
    if declaring == "attackers":
        return [_no_more(s.active, "attackers")]
    if declaring == "blockers":
        half, _alone = menace_needs(s, possible_blocks(s))
        return [_no_more(s.opponent_of(s.active), "blockers")] if half is None else []
    return [_pass_action(s.get("priority") or s.active)]


def _no_more(player: str, what: str) -> Action:
    """The pass of a declaration: "you declare no more attackers"."""
    return Action("", player, "pass", f"{player} {verb(player, 'declare')} no more {what}")


def verb(player: str, base: str) -> str:
    """The verb agreeing with the player key: "you cast", "opponent casts"."""
    if player == "you":
        return base
    return base + ("es" if base.endswith(("s", "sh", "ch")) else "s")


def _name(s, oid) -> str:
    """The name a card has now (a copy has the name of what it copies)."""
    return chars(s, oid).name


def _label(s, ref) -> str:
    return ref if isinstance(ref, str) else s.objects[ref].label


class _LabelTable(dict):
    """oid -> label of every object of a state; a player's name stands for itself."""

    def __missing__(self, ref):
        if isinstance(ref, str):
            return ref
        raise KeyError(ref)


def _label_table(s) -> _LabelTable:
    """The state's oid -> label table (made once per state)."""
    record = s.derived()
    table = record.labels
    if table is None:
        table = record.labels = _LabelTable((oid, obj.label) for oid, obj in s.objects.items())
    return table


def _labels(s, refs) -> tuple:
    """The labels of objects and players."""
    return tuple(map(_label_table(s).__getitem__, refs))


# ---------------------------------------------------------------- decisions


def menace_needs(s, blocks) -> tuple:
    """(a menace attacker blocked by one creature so far, or None; the menace attackers that
    fewer than two creatures could block): menace needs two or more blockers (702.111b)."""
    half = None
    alone = set()
    for attacker in {a for _, a in blocks} | set(attackers(s)):
        if not has_keyword(s, attacker, "Menace"):
            continue
        count = sum(1 for p in s.players for oid in s.zone(p, "battlefield") if s.objects[oid].get("blocking") == attacker)
        if count == 1:
            half = attacker
        elif count == 0 and len({b for b, a in blocks if a == attacker}) < 2:
            alone.add(attacker)
    return half, alone


def _choose_actions(s, choice) -> list[Action]:
    if choice.kind == "mode":
        return [Action("", choice.player, "choose", f"{choice.player} {verb(choice.player, 'choose')} {mode}",
                       payload=(("refs", (mode,)),)) for mode in choice.options]
    if choice.kind == "may":
        return [Action("", choice.player, "choose", f"{choice.player} {verb(choice.player, 'choose')} {answer}"
                       f" ({choice.prompt}: you may)", payload=(("refs", (answer,)),)) for answer in choice.options]
    if choice.kind == "color":
        return [Action("", choice.player, "choose", f"{choice.player} {verb(choice.player, 'choose')} {{{c}}}",
                       payload=(("refs", (c,)),))
                for c in choice.options]
    if choice.kind == "damage":
        return _division_actions(s, choice)
    if choice.kind == "pay":
        return _pay_actions(s, choice)
    class_of = {oid: class_key(s, oid) for oid in choice.options}
    out = []
    seen = set()
    for count in range(choice.min, choice.max + 1):
        if count == 0:
            out.append(Action("", choice.player, "choose",
                              f"{choice.player} {verb(choice.player, 'choose')} nothing ({choice.prompt})",
                              payload=(("refs", ()),)))
            continue
        for solution in solve([Slot("pick", choice.options, count, count)], class_of, position_rank(s)):
            picked = solution["pick"]
            key = tuple(sorted(class_of[o] for o in picked))
            if key in seen:
                continue
            seen.add(key)
            names = ", ".join(s.objects[o].card for o in picked)
            out.append(Action("", choice.player, "choose",
                              f"{choice.player} {verb(choice.player, 'choose')} {names} ({choice.prompt})",
                              targets=_labels(s, picked), payload=(("refs", picked),)))
    return out


def _division_actions(s, choice) -> list[Action]:
    """One action per distinct division of an attacker's combat damage among its blockers (510.1c)."""
    attacker = choice.options[0]
    name = _name(s, attacker)
    out = []
    for division in divisions(s, attacker):
        parts = ", ".join(f"{amount} to {ref if isinstance(ref, str) else _name(s, ref)}"
                          for ref, amount in zip(division.targets, division.amounts))
        out.append(Action("", choice.player, "choose", f"{choice.player} {verb(choice.player, 'assign')} "
                          f"{name}'s combat damage: {parts}", card=name, card_id=s.objects[attacker].label,
                          targets=_labels(s, division.targets), payload=(("division", division),)))
    return out


def resolution_payments(s, player: str, cost_text: str) -> list:
    """Every way for ``player`` to pay a mana cost while something resolves ("you may pay {2}"),
    mana abilities activated as it is paid (605.3a); ``[None]`` for a cost of no mana."""
    cost, free = _parse_cost(cost_text)
    if free:
        return [None]
    return mana_solver.payments(cost, mana_pool(s, player), mana_sources(s, player, frozenset()))


def _pay_actions(s, choice) -> list[Action]:
    """Not paying, and each way to pay, of a "you may pay" while something resolves."""
    player, cost = choice.player, choice.name
    out = [Action("", player, "choose", f"{player} {verb(player, 'decline')} to pay {cost} ({choice.prompt})",
                  payload=(("refs", ("no",)),))]
    for number, payment in enumerate(resolution_payments(s, player, cost)):
        tapped = () if payment is None else tuple(payment.tapped or payment.sources)
        how = []
        if payment is not None and payment.pool_spent:
            how.append("{" + "}{".join(payment.pool_spent) + "} from the pool")
        if tapped:
            how.append("tapping " + ", ".join(_name(s, oid) for oid in tapped))
        text = f"{player} {verb(player, 'pay')} {cost}" + (f" ({'; '.join(how)})" if how else "") + f" ({choice.prompt})"
        out.append(Action("", player, "choose", text, targets=_labels(s, tapped), payload=(("refs", (str(number),)),)))
    return out


def _order_actions(s) -> list[Action]:
    player, items = orderer(s)
    if player is None:
        return []
    firsts = next_choices(items, lambda item: apnap_rank(s, item.controller))
    out = []
    for item in firsts:
        for targets in trigger_targets(s, item):
            _, labels, text = _target_text(s, targets)
            # an ability waiting here is a copy whose targets are chosen again (707.10c)
            what = "triggered ability" if item.kind == "trigger" else "ability (a copy)"
            out.append(Action("", player, "order", f"{player} {verb(player, 'put')} {item.card}'s {what}"
                              f"{_event_text(s, item.event)} on the stack next{text}",
                              card=item.card, card_id=item.label, ability=item.ability, targets=labels,
                              payload=(("sid", item.sid), ("chosen", targets))))
    return out


# ---------------------------------------------------------------- combat


def _event_text(s, event) -> str:
    """What a triggered ability answers, to tell two triggers of one ability apart."""
    if event is None or not event.cards:
        return ""
    names = ", ".join(s.objects[o].label if o in s.objects else label
                      for o, label in zip(event.cards, event.labels or event.cards))
    return f" ({event.kind}: {names})"


def _attack_actions(s) -> list[Action]:
    out = []
    seen = set()
    attackable = attack_targets(s)
    for oid in possible_attackers(s):
        key = class_key(s, oid)
        if key in seen:
            continue
        seen.add(key)
        obj = s.objects[oid]
        for defender in attackable:
            what = defender if isinstance(defender, str) else _name(s, defender)
            out.append(Action("", s.active, "attack", f"{s.active} {verb(s.active, 'attack')} {what} with {_name(s, oid)}",
                              card=_name(s, oid), card_id=obj.label, targets=_labels(s, (defender,)),
                              payload=(("oid", oid), ("defender", defender))))
    out.append(_no_more(s.active, "attackers"))
    return out


def _block_actions(s) -> list[Action]:
    defender = s.opponent_of(s.active)
    out = []
    seen = set()
    blocks = possible_blocks(s)
    half, unblockable_alone = menace_needs(s, blocks)
    if half is not None:
        blocks = [(b, a) for b, a in blocks if a == half]  # the second blocker of a menace attacker first
    for blocker, attacker in blocks:
        if attacker in unblockable_alone:
            continue
        key = (class_key(s, blocker), attacker)
        if key in seen:
            continue
        seen.add(key)
        b, a = s.objects[blocker], s.objects[attacker]
        out.append(Action("", defender, "block",
                          f"{defender} {verb(defender, 'block')} {_name(s, attacker)} with {_name(s, blocker)}",
                          card=_name(s, blocker),
                          card_id=b.label, targets=(a.label,), payload=(("oid", blocker), ("attacker", attacker))))
    if half is None:
        out.append(_no_more(defender, "blockers"))
    return out


# ---------------------------------------------------------------- priority


def sorcery_timing(s, player: str) -> bool:
    """The player may do what sorceries may: their own main phase, with an empty stack."""
    return player == s.active and s.phase in MAIN_PHASES and not s.chain


def land_play_reason(s, player: str, sorcery: bool) -> Reason | None:
    """The reason ``player`` cannot play a land now, or None (rules 305.1, 305.2)."""
    if not sorcery:
        return Reason("timing", "a land is played in its owner's own main phase, when the stack is empty "
                                f"(now: {whose(s.active)} {s.phase.replace('_', ' ')}"
                                + (", a spell or ability on the stack)" if s.chain else ")"), "305.1", None)
    played = player_value(s, player, "lands_played", 0)
    if played >= 1:
        return Reason("limit", f"{player} already played a land this turn (one land a turn)", "305.2", None)
    return None


def priority_actions(s, player: str) -> list[Action]:
    """Mana abilities, lands, spells, activated abilities, and passing."""
    out: list[Action] = []
    sorcery = sorcery_timing(s, player)
    for oid in _sources(s, player):
        for ability in object_abilities(s, oid):
            if ability.kind in ("mana", "activated") and "battlefield" in ability.zones:
                out.extend(_activations(s, player, oid, ability, sorcery))
    for oid, ability in _hand_abilities(s, player):
        out.extend(_activations(s, player, oid, ability, sorcery))
    if land_play_reason(s, player, sorcery) is None:
        out.extend(_land_play(s, player, oid) for oid in _hand_cards(s, player, lands=True))
    for oid in _hand_cards(s, player, lands=False):
        out.extend(_cast_offers(s, player, oid, sorcery))
    out.append(_pass_action(player))
    return out


def can_act(s, player: str) -> bool:
    """Whether the player has an action besides passing (``priority_actions`` lists more than
    the pass); it stops at the first card that has one."""
    sorcery = sorcery_timing(s, player)
    for oid in _sources(s, player):
        for ability in object_abilities(s, oid):
            if ability.kind in ("mana", "activated") and "battlefield" in ability.zones \
                    and _activations(s, player, oid, ability, sorcery):
                return True
    if any(_activations(s, player, oid, ability, sorcery) for oid, ability in _hand_abilities(s, player)):
        return True
    if sorcery and player_value(s, player, "lands_played", 0) < 1 and _hand_cards(s, player, lands=True):
        return True
    return any(_cast_offers(s, player, oid, sorcery) for oid in _hand_cards(s, player, lands=False))


def _sources(s, player: str) -> list[int]:
    """The player's permanents whose abilities are listed: an interchangeable copy's once (G1)."""
    seen, out = set(), []
    for oid in s.zone(player, "battlefield"):
        klass = class_key(s, oid)
        if klass not in seen:
            seen.add(klass)
            out.append(oid)
    return out


def _hand_cards(s, player: str, lands: bool) -> list[int]:
    """The lands (or the other cards) of the player's hand, an interchangeable copy once (G1)."""
    seen, out = set(), []
    for oid in s.zone(player, "hand"):
        if ("Land" in chars(s, oid).types) is not lands:
            continue
        klass = class_key(s, oid)
        if klass not in seen:
            seen.add(klass)
            out.append(oid)
    return out


def _hand_abilities(s, player: str) -> list:
    """(card, ability) for the activated abilities of cards in the hand that work from there
    (cycling), an interchangeable copy's once."""
    return [(oid, ability) for lands in (True, False) for oid in _hand_cards(s, player, lands)
            for ability in object_abilities(s, oid) if ability.kind == "activated" and "hand" in ability.zones]


def _land_play(s, player: str, oid: int) -> Action:
    obj = s.objects[oid]
    return Action("", player, "play_land", f"{player} {verb(player, 'play')} {obj.card}", card=obj.card,
                  card_id=obj.label, payload=(("oid", oid),))


def cast_timing_reason(s, player: str, oid: int, sorcery: bool) -> Reason | None:
    """The reason a card of the hand cannot be cast at this moment, or None: a card that is not
    an instant and has no flash is cast only at sorcery speed (rules 307.1, 117.1a)."""
    c = chars(s, oid)
    if sorcery or "Instant" in c.types or "Flash" in c.keywords:
        return None
    return Reason("timing", f"{c.name} is cast only at sorcery speed: in its controller's own main phase, when the "
                            f"stack is empty (now: {whose(s.active)} {s.phase.replace('_', ' ')}"
                            + (", a spell or ability on the stack)" if s.chain else ")"), "307.1", c.name)


def _cast_offers(s, player: str, oid: int, sorcery: bool) -> list[Action]:
    """The casts of a card of the hand, when its timing allows it now."""
    if cast_timing_reason(s, player, oid, sorcery) is not None:
        return []
    return _casts(s, player, oid)


def _pass_action(player: str) -> Action:
    return Action("", player, "pass", f"{player} {verb(player, 'pass')}")


def is_listed(s, action) -> bool:
    """Whether ``action`` is one of ``legal_actions(s)`` (the same decision, whatever its id).

    When the listing is not known yet, a priority action is compared with the actions its own
    card (or land play, or pass) would be listed with, built the same way as in the listing,
    rather than with every action of the player.
    """
    listed = _listed_with(s, action)
    if any(map(is_, listed, repeat(action))):
        return True  # the listing's own action (as in a search)
    signature = action.signature()
    return any(a.signature() == signature for a in listed)


def _listed_with(s, action) -> list[Action] | tuple:
    """The actions of ``legal_actions(s)`` that ``action`` can be equal to (all of them, or a part)."""
    listed = s.derived().listing
    if listed is not None:
        return listed
    if (s.winner is not None or s.get("choice") is not None or s.pending or s.get("declaring") is not None
            or action.kind not in ("activate", "cast", "play_land", "pass")):
        return legal_actions(s)
    player = s.get("priority") or s.active
    if action.player != player:
        return []
    if action.kind == "pass":
        return [_pass_action(player)]
    oid = action.get("oid")
    sorcery = sorcery_timing(s, player)
    if action.kind == "activate":
        if oid in _sources(s, player):
            zone = "battlefield"
        elif any(card == oid for card, _ in _hand_abilities(s, player)):
            zone = "hand"
        else:
            return []
        return [offer for ability in object_abilities(s, oid)
                if ability.index == action.ability and ability.kind in ("mana", "activated") and zone in ability.zones
                for offer in _activations(s, player, oid, ability, sorcery)]
    if action.kind == "play_land":
        if not (land_play_reason(s, player, sorcery) is None and oid in _hand_cards(s, player, lands=True)):
            return []
        return [_land_play(s, player, oid)]
    if oid not in _hand_cards(s, player, lands=False):
        return []
    return _cast_offers(s, player, oid, sorcery)


def _spell_ability(s, oid):
    for ability in abilities_of(card_def(s, oid)):
        if ability.kind == "spell":
            return ability
    return None


def no_mana_cost_reason(s, oid: int) -> Reason | None:
    """The reason a card cannot be cast at all because it has no mana cost (rule 202.1b: a
    token's card, a back face), or None."""
    card = card_def(s, oid)
    if card["mana_cost"]:
        return None
    return Reason("cost", f"{card.name} has no mana cost: it cannot be cast", "202.1b", card.name)


def _casts(s, player: str, oid: int) -> list[Action]:
    card = card_def(s, oid)
    if no_mana_cost_reason(s, oid) is not None:
        return []  # a card with no mana cost cannot be cast (rule 202.1b): a token's card, a back face
    obj = s.objects[oid]
    ability = _spell_ability(s, oid)
    text = f"{player} {verb(player, 'cast')} {obj.card}"
    if ability and ability.modes:
        # the mode is chosen as the spell is cast, and its targets with it (rules 700.2a, 601.2b-c)
        out = []
        for mode in ability.modes:
            out += _cast_variants(s, player, obj, card, f"{text} choosing {mode.name}", mode.targets,
                                  (("spell_mode", mode.name),))
        return out
    return _cast_variants(s, player, obj, card, text, ability.targets if ability else (), ())


def _cast_variants(s, player: str, obj, card, text: str, targets, payload: tuple) -> list[Action]:
    """The casts of one spell (one mode of a modal spell): with its mana cost, delve or convoke."""
    oid = obj.oid
    out = _offers(s, player, "cast", obj, None, text, None, card["mana_cost"] or "", (), targets,
                  extra_payload=payload)
    for cost_text, said in alternative_costs.offered_alternatives(s, player, oid, object_abilities(s, oid)):
        out += _offers(s, player, "cast", obj, None, text + said, None, cost_text, (), targets,
                       extra_payload=payload)
    if "Delve" in chars(s, oid).keywords:
        graveyard = len(s.zone(player, "graveyard"))
        for cost_text, exiled in alternative_costs.delve_costs(card["mana_cost"], graveyard):
            part = AbilityCostPart("exile_from_graveyard", count=exiled)
            out += _offers(s, player, "cast", obj, None, text, None, cost_text, (part,), targets,
                           extra_payload=payload)
    if "Convoke" in chars(s, oid).keywords:
        out += _convoke_offers(s, player, obj, text, card["mana_cost"], targets, payload)
    return out


def _convoke_offers(s, player: str, obj, text: str, mana_cost: str, targets, payload: tuple = ()) -> list[Action]:
    """The casts that tap creatures for part of the cost (convoke, 702.51a), each distinct
    payment once: creatures and mana sources that pay the same total in another share (a green
    creature for {G} and a Forest for {1}, or the reverse) are one action."""
    out, seen = [], set()
    for cost_text, parts in convoke_costs(mana_cost):
        for action in _offers(s, player, "cast", obj, None, text, None, cost_text, parts, targets,
                              extra_payload=payload):
            key = (action.targets, action.get("x"), frozenset(oid for part in action.costs if part.kind == "tap"
                                                              for oid in part.oids),
                   tuple(sorted((part.kind, part.oids, part.amount) for part in action.costs if part.kind != "tap")))
            if key not in seen:
                seen.add(key)
                out.append(action)
    return out


def activation_reasons(s, player: str, oid: int, ability, sorcery: bool, every: bool = False) -> list[Reason]:
    """The reasons an activated ability of a permanent cannot be activated now, whatever its
    other costs and targets: its {T} or {Q} (a tapped permanent, summoning sickness: S1, rule
    302.6) and its timing (rules 602.5d and the card's own words). The first only, unless
    ``every``."""
    obj = s.objects[oid]
    name = _name(s, oid)
    out = []
    if ability.tap or ability.untap:
        if ability.tap and "tapped" in obj.flags:
            out.append(Reason("cost", f"{name} is tapped: it cannot pay the {{T}} of its ability", "118.3", name))
        if ability.untap and "tapped" not in obj.flags:
            out.append(Reason("cost", f"{name} is untapped: it cannot pay the {{Q}} of its ability", "118.3", name))
        if summoning_sick(s, oid):
            out.append(Reason("sickness", f"{name} came under {whose(obj.controller)} control this turn: a creature's "
                                          "ability with {T} or {Q} in its cost waits until it has been controlled "
                                          "since the start of its controller's turn", "S1", name))
        if out and not every:
            return out
    if ability.timing == "sorcery" and not sorcery:
        out.append(Reason("timing", f"{name}'s ability is activated only as a sorcery: in its controller's own main "
                                    "phase, when the stack is empty", "602.5d", name))
    if ability.timing == "your_turn" and s.active != player:
        out.append(Reason("timing", f"{name}'s ability is activated only during its controller's turn", None, name))
    return out


def _activations(s, player: str, oid: int, ability, sorcery: bool) -> list[Action]:
    obj = s.objects[oid]
    if (ability.tap or ability.untap or ability.timing != "any") and activation_reasons(s, player, oid, ability, sorcery):
        return []  # S1: {T} in its own ability's cost needs the creature unaffected
    exclude = (oid,) if ability.tap or ability.untap else ()
    text = f"{player} {verb(player, 'activate')} {_name(s, oid)}" + (f" ({ability.text})" if ability.text else "")
    extra = (("mana_ability", True),) if ability.kind == "mana" else ()
    if ability.x_mana:
        # "Spend only black mana on X": each X is a {B} of the cost, paid like any colored symbol
        out = []
        for x, cost_text in alternative_costs.restricted_x_costs(ability.mana, ability.x_mana):
            offers = _offers(s, player, "activate", obj, ability.index, text, oid, cost_text, ability.costs,
                             ability.targets, exclude, ability.tap, extra, fixed_x=x)
            if not offers:
                return out  # a larger X asks for more of the same mana
            out += offers
        return out
    return _offers(s, player, "activate", obj, ability.index, text, oid, ability.mana, ability.costs, ability.targets,
                   exclude, ability.tap, extra)


def _offers(s, player, kind, obj, ability_index, text, source, cost_text, parts, target_specs, exclude=(),
            tap_self=False, extra_payload=(), fixed_x=None) -> list[Action]:
    """One action per distinct (non-mana cost parts, X, targets, mana payment) of a cast or activation.

    What several actions share (a cost part, a payment's cost part, a target text) is built once;
    the loops only put the shared pieces together.
    """
    life = s.player(player).life
    life_parts = 0
    if parts:
        for part in parts:
            if part.kind == "pay_life" and life < part.amount:
                return []
        life_parts = sum(part.amount for part in parts if part.kind == "pay_life")
    slots = _cost_slots(s, player, source, parts, exclude)
    if slots is None:
        return []
    if slots:
        class_of = {oid: class_key(s, oid) for slot in slots for oid in slot.candidates}
        part_solutions = solve_picks(slots, class_of, position_rank(s))
        if not part_solutions:
            return []
    else:
        part_solutions = [()]
    kinds = tuple(slot.name.split(":", 1)[1] for slot in slots)
    label = _label_table(s).__getitem__
    tap_pairs = (("tap", (source,)),) if tap_self else ()
    tap_costs = (CostPart("tap", _labels(s, (source,)), oids=(source,)),) if tap_self else ()
    pool = mana_pool(s, player)
    name = _name(s, obj.oid)
    oid_pair = ("oid", obj.oid)
    out: list[Action] = []
    append = out.append
    offered_for_x: dict = {}  # x -> (targets, labels, full text) choices: they do not depend on the payment
    mana_costs: dict = {}  # id(payment) -> its cost part
    for variant, life_paid in _phyrexian_variants(cost_text, life):
        cost, free = _parse_cost(variant)
        life_total = life_paid + life_parts
        life_costs = (CostPart("pay_life", (), amount=life_total),) if life_total else ()
        for picked in part_solutions:
            if not picked:
                part_pairs, part_costs = tap_pairs, tap_costs + life_costs
            elif len(picked) == 1:  # one cost part (a crew, a tap): spelled out, it runs once per choice
                oids = picked[0]
                part_pairs = tap_pairs + ((kinds[0], oids),)
                part_costs = tap_costs + (CostPart(kinds[0], tuple(map(label, oids)), None, oids),) + life_costs
            else:
                part_pairs = tap_pairs + tuple(zip(kinds, picked))
                part_costs = tap_costs + tuple([CostPart(k, tuple(map(label, oids)), None, oids)
                                                for k, oids in zip(kinds, picked)]) + life_costs
            if free:
                xs, sources, used = (fixed_x or 0,), None, None
            else:
                used = frozenset(exclude).union(*picked)
                sources = mana_sources(s, player, used)
                if cost.x_count:
                    top = _max_x(s, player, variant, cost, pool, sources, used)
                    if top < 0:
                        continue
                    xs = range(top + 1)
                else:
                    xs = (fixed_x or 0,)
            for x in xs:
                pays = (None,) if free else _payments(s, player, variant, cost, pool, sources, used, x)
                if not pays:
                    continue
                offered = offered_for_x.get(x)
                if offered is None:
                    with_x = f" with X={x}" if x else ""
                    if target_specs:
                        found = target_choices(s, target_specs, source, player, x)
                        offered = [(targets, labels, text + suffix + with_x)
                                   for targets, labels, suffix in map(partial(_target_text, s), found)]
                    else:
                        offered = [((), (), text + with_x)]
                    offered_for_x[x] = offered
                if free:
                    paid = [(None, part_costs, "")]
                else:
                    paid = []
                    for payment in pays:
                        known = mana_costs.get(id(payment))
                        if known is None:
                            oids = tuple(payment.tapped or payment.sources)
                            known = mana_costs[id(payment)] = (CostPart("mana", _labels(s, oids), oids=oids),
                                                               _mana_effects_text(s, payment))
                        paid.append((payment, (known[0],) + part_costs, known[1]))
                for targets, labels, full in offered:
                    for payment, costs, said in paid:
                        plan = _plan((targets, x, part_pairs, payment, life_total))
                        # positional: id, player, kind, text, card, card_id, ability, costs, targets, position, payload
                        append(new_action("", player, kind, full + said, name, obj.label, ability_index, costs,
                                          labels, None, (oid_pair, ("plan", plan), *extra_payload)))
    return out


def _mana_effects_text(s, payment) -> str:
    """What the payment's mana abilities do besides adding mana, said after the action's text
    (" (Shivan Reef: add {R}, 1 damage to you)"): payments that differ only by it differ in
    what they do, so their texts differ too. Empty when none of them does more."""
    record = s.derived()
    table = record.mana_effects or memo_table(record, "mana_effects")
    said = []
    for pair in payment.abilities:
        text = table.get(pair)
        if text is None:
            oid, index = pair
            ability = object_abilities(s, oid)[index]
            text = table[pair] = f"{_name(s, oid)}: {ability.text or 'its mana ability'}" if ability.effect else ""
        if text:
            said.append(text)
    return f" ({'; '.join(said)})" if said else ""


def _target_text(s, targets) -> tuple:
    """(targets, their labels, the text " targeting ...") of one choice of targets."""
    labels = _labels(s, [ref for _, refs in targets for ref in refs])
    return targets, labels, " targeting " + ", ".join(labels) if labels else ""


# ---------------------------------------------------------------- targets and costs


def _cost_slots(s, player: str, source: int | None, parts, exclude: tuple) -> list[Slot] | None:
    """The choices the non-mana cost parts ask for (None when one of them cannot be paid).

    Memoised per state: a mana ability with such parts (Heritage Druid tapping three Elves) is
    asked for as a listed action and as a mana source.
    """
    if not parts:
        return []
    key = (player, source, id(parts), exclude)
    record = s.derived()
    table = record.cost_slots or memo_table(record, "cost_slots")
    known = table.get(key)
    if known is None or known[0] is not parts:
        known = table[key] = (parts, _solve_cost_slots(s, player, source, parts, exclude))
    return known[1]


def cost_part_reasons(s, player: str, source: int | None, parts, exclude: tuple) -> list[Reason]:
    """The reasons the non-mana cost parts cannot be paid now (life, crew, tapping, sacrificing,
    discarding, removing counters: rule 118.3), from the slots ``_cost_slots`` builds."""
    name = _name(s, source) if source in s.objects else None
    life = s.player(player).life
    out = []
    for part in parts:
        if part.kind == "pay_life" and life < part.amount:
            out.append(Reason("cost", f"it costs {part.amount} life and {player} has {life}", "119.4", name))
    slots = _solve_cost_slots(s, player, source, parts, exclude)
    if slots is None:
        crew = next((part for part in parts if part.kind == "crew"), None)
        amount = crew.amount if crew is not None else 0
        out.append(Reason("cost", f"crew {amount}: the untapped creatures {player} controls have less than "
                                  f"{amount} power in all", "702.122a", name))
        return out
    for slot in slots:
        kind = slot.name.split(":", 1)[1]
        if len(slot.candidates) < slot.min:
            out.append(Reason("cost", f"the cost asks to {kind.replace('_', ' ')} {slot.min} and {player} has "
                                      f"{len(slot.candidates)} that can be", "118.3", name))
    if not out and slots:
        class_of = {oid: class_key(s, oid) for slot in slots for oid in slot.candidates}
        if not solve_picks(slots, class_of, position_rank(s)):
            out.append(Reason("cost", "the cost's parts cannot be paid together (one permanent cannot pay two of "
                                      "them)", "118.3", name))
    return out


def _solve_cost_slots(s, player: str, source: int | None, parts, exclude: tuple) -> list[Slot] | None:
    slots = []
    for number, part in enumerate(parts):
        name = f"{number}:{part.kind}"
        if part.kind == "pay_life":
            continue
        if part.self_only:
            payable = source in s.objects and (part.kind != "remove_counter"
                                               or s.objects[source].counter(part.counter) >= part.count)
            if part.kind == "loyalty" and payable:
                # once per turn per planeswalker (606.3); -N needs N loyalty counters (606.6)
                obj = s.objects[source]
                payable = not obj.get("loyalty_used") and obj.counter("LOYALTY") + part.amount >= 0
            slots.append(Slot(name, (source,) if payable else (), 1, 1))
            continue
        env = env_for(s, source, player)
        if part.kind == "discard":
            pool = s.zone(player, "hand")
        elif part.kind == "exile_from_graveyard":
            pool = s.zone(player, "graveyard")
        else:
            pool = s.zone(player, "battlefield")
        candidates = []
        for oid in pool:
            if oid in exclude:
                continue
            obj = s.objects[oid]
            if part.kind in ("tap", "crew") and "tapped" in obj.flags:
                continue
            if part.kind == "crew" and (oid == source or not is_creature(s, oid)):
                continue
            if part.kind == "tap" and part.where is None and not is_creature(s, oid):
                continue
            if part.where is not None and not evaluate(part.where, env.with_subject(CardView(s, oid))):
                continue
            candidates.append(oid)
        if part.kind == "crew":
            weights = {oid: max(0, chars(s, oid).power or 0) for oid in candidates}
            if sum(weights.values()) < part.amount:
                return None  # not enough power among the untapped creatures
            slots.append(Slot(name, tuple(candidates), 1, len(candidates), weights, part.amount))
        else:
            slots.append(Slot(name, tuple(candidates), part.count, part.count))
    return slots


def mana_sources(s, player: str, exclude: frozenset) -> list:
    """The untapped permanents whose "{T}: Add ..." mana ability can pay a cost now."""
    record = s.derived()
    table = record.mana_sources or memo_table(record, "mana_sources")
    sources = table.get(player)
    if sources is None:
        sources = table[player] = _mana_sources(s, player)
    if not exclude:
        return sources
    return [source for source in sources if not exclude.intersection(source.tapped)]


def _mana_sources(s, player: str) -> list:
    """One source per mana ability whose cost only taps permanents, and per way to pay that cost
    (Heritage Druid: per choice of three Elves; Springleaf Drum: per creature tapped with it)."""
    sources = []
    for oid in s.zone(player, "battlefield"):
        obj = s.objects[oid]
        for ability in object_abilities(s, oid):
            if ability.kind != "mana" or ability.mana or ability.untap:
                continue
            if ability.tap and ("tapped" in obj.flags or summoning_sick(s, oid)):
                continue
            if any(part.kind != "tap" for part in ability.costs):
                continue
            produces = tuple("WUBRG") if ability.add == "any" else (ability.add[0],)
            amount = 1 if ability.add == "any" else len(ability.add)
            own = (oid,) if ability.tap else ()
            if not ability.costs:  # "{T}: Add ..." (a land, an Elf): one source, tapping itself
                klass = (ability.index, (class_key(s, oid),) if own else ())
                sources.append(mana_solver.ManaSource(oid, ability.index, produces, amount, klass, None))
                continue
            slots = _cost_slots(s, player, oid, ability.costs, own)
            if slots is None:
                continue
            class_of = {other: class_key(s, other) for slot in slots for other in slot.candidates}
            for solution in solve(slots, class_of, position_rank(s)) if slots else [{}]:
                tapped = own + tuple(other for oids in solution.values() for other in oids)
                klass = (ability.index, tuple(sorted(class_key(s, other) for other in tapped)))
                sources.append(mana_solver.ManaSource(oid, ability.index, produces, amount, klass,
                                                      taps=tapped if ability.costs else None))
    return sources


def _split_phyrexian(cost_text: str) -> tuple[str, int]:
    """{B/P} symbols: (the cost without them, how many there are)."""
    count = cost_text.count("/P}")
    if not count:
        return cost_text, 0

    kept = re.sub(r"\{[WUBRG]/P\}", "", cost_text)
    return kept, count


def _phyrexian_colors(cost_text: str) -> list[str]:
    return re.findall(r"\{([WUBRG])/P\}", cost_text)


@lru_cache(maxsize=512)
def _parse_cost(text: str) -> tuple:
    """(the mana cost, whether it is no mana at all), parsed once per text."""
    cost = mana_solver.parse_mana_cost(text)
    return cost, cost.is_zero


def _max_x(s, player, text, cost, pool, sources, used: frozenset) -> int:
    key = (player, text, used)
    record = s.derived()
    table = record.max_x or memo_table(record, "max_x")
    if key not in table:
        table[key] = mana_solver.max_x(cost, pool, sources)
    return table[key]


def _payments(s, player, text, cost, pool, sources, used: frozenset, x) -> list:
    """Every payment of a mana cost, memoised per state (many spells share a cost)."""
    key = (player, text, used, x)
    record = s.derived()
    table = record.payments or memo_table(record, "payments")
    if key not in table:
        table[key] = mana_solver.payments(cost, pool, sources, x)
    return table[key]


def _phyrexian_variants(cost_text: str, life: int) -> list[tuple[str, int]]:
    """(the mana cost, the life paid) for each number of {C/P} symbols paid with 2 life."""
    if "/P}" not in cost_text:
        return [(cost_text, 0)] if life >= 0 else []
    base_text, phyrexian = _split_phyrexian(cost_text)
    colors = _phyrexian_colors(cost_text) if phyrexian else []
    variants = []
    for paid_with_life in range(phyrexian + 1):
        if PHYREXIAN_LIFE * paid_with_life > life:
            break
        extra = "".join("{%s}" % c for c in colors[paid_with_life:])
        variants.append((base_text + extra, PHYREXIAN_LIFE * paid_with_life))
    return variants

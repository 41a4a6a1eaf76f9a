"""Legal actions: the fight to pick, the cards to play, the decisions of chance and players.

Chance events (attack rolls, random moves) are ``choose`` actions of the player ``chance``,
one per outcome, with its probability in the payload and in ``to_dict``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardjudge.rules.core.actions import Action
from cardjudge.rules.core.reasons import Reason
from cardjudge.rules.eredan.cards import attach_mode, card_type, chain_allows, classes, requirements
from cardjudge.rules.eredan.options import option
from cardjudge.rules.eredan.parts import draws_amount
from cardjudge.rules.eredan.views import alive, attached_to, cdef, characters, fighter_of, living
from cardjudge.rules.eredan.work import CHANCE, decision


@dataclass(frozen=True, slots=True)
class ChanceAction(Action):
    """A chance outcome: an Action whose dictionary form also gives its ``probability``."""

    def to_dict(self) -> dict:
        out = Action.to_dict(self)
        out["probability"] = self.get("probability")
        return out


def legal_actions(s) -> list:
    """Every legal action of the one who acts now (a player, or chance); empty when the game is over."""
    if s.winner is not None:
        return []
    record = s.derived()
    listed = record.listing
    if listed is None:
        listed = record.listing = _listing(s)
    return list(listed)


def _listing(s) -> list:
    if s.pending:
        asked = decision(s, s.pending[0])
        if asked is not None:
            return _decision_actions(s, *asked[:2])
        return []
    if s.phase == "fight_choice":
        return _fight_choices(s)
    if s.phase == "play":
        return _plays(s)
    return []


def _says(player: str, verb: str) -> str:
    """"you play", "opponent plays": the verb agrees with the player key."""
    return f"{player} {verb}" if player == "you" else f"{player} {verb}s"


def _number(actions: list) -> list:
    return [replace(a, id=f"a{i}") for i, a in enumerate(actions, 1)]


def _decision_actions(s, player, options) -> list:
    work = s.pending[0]
    label = lambda oid: s.objects[oid].label  # noqa: E731
    out = []
    for value, probability, text in options:
        if work.kind == "roll":
            who = s.objects[work.holder]
            out.append(ChanceAction("", CHANCE, "choose", f"{who.label} rolls {value} ({probability:.4g})",
                                    card=who.card, card_id=who.label,
                                    payload=(("probability", probability), ("value", value))))
        elif draws_amount(s, work):
            out.append(ChanceAction("", CHANCE, "choose", f"{text} ({probability:.4g})", card=work.name,
                                    card_id=label(work.card) if work.card in s.objects else None,
                                    payload=(("probability", probability), ("value", value))))
        elif player == CHANCE:
            out.append(ChanceAction("", CHANCE, "choose", f"{text} ({probability:.4g})", card=work.name,
                                    card_id=label(work.card) if work.card in s.objects else None,
                                    targets=(label(value),), payload=(("probability", probability), ("value", value))))
        elif work.kind == "discard_down":
            out.append(Action("", player, "choose", f"{_says(player, 'discard')} {s.objects[value].card}",
                              card=s.objects[value].card, card_id=label(value), targets=(label(value),),
                              payload=(("value", value),)))
        else:
            out.append(Action("", player, "choose", f"{_says(player, 'choose')} {label(value)} for {work.name}",
                              card=work.name, card_id=label(work.card) if work.card in s.objects else None,
                              targets=(label(value),), payload=(("value", value),)))
    return _number(out)


def _fight_choices(s) -> list:
    me, other = s.active, s.opponent_of(s.active)
    mine = [o for o in living(s, me) if "tapped" not in s.objects[o].flags]
    theirs = [o for o in living(s, other) if option(s, "tapped_defender") or "tapped" not in s.objects[o].flags]
    out = []
    for a in _distinct(s, mine):
        for b in _distinct(s, theirs):
            la, lb = s.objects[a].label, s.objects[b].label
            out.append(Action("", me, "attack", f"{_says(me, 'pick')} the fight {la} against {lb}", card=s.objects[a].card,
                              card_id=la, targets=(lb,), payload=(("mine", a), ("theirs", b))))
    return _number(out)


def _copy_key(s, oid) -> tuple:
    """What makes two characters interchangeable (G1): the same card in the same state."""
    obj = s.objects[oid]
    key = (obj.card, obj.counters, obj.flags, tuple(s.objects[c].card for c in attached_to(s, oid)))
    if any(oid in e.affected for e in s.lasting):
        key = (key, oid)
    return key


def _distinct_group(s, oid) -> list:
    """The characters of ``oid``'s player interchangeable with it (itself included)."""
    key = _copy_key(s, oid)
    return [other for other in characters(s, s.objects[oid].controller) if _copy_key(s, other) == key]


def _distinct(s, oids) -> list:
    """Characters that are not interchangeable (G1): one of each same card in the same state."""
    seen, out = set(), []
    for oid in oids:
        key = _copy_key(s, oid)
        if key not in seen:
            seen.add(key)
            out.append(oid)
    return out


def may_play(s, player: str, card_oid) -> bool:
    """Whether the player's fighter may play this card now (class, guild, race, caste, Enchaînement)."""
    return next(_play_refusals(s, player, card_oid), None) is None


def play_reasons(s, player: str, card_oid, every: bool = True) -> list[Reason]:
    """The reasons the player's fighter may not play this card now (no living fighter, a
    character card, the class, guild, race or caste the card asks for, one card a fight unless
    an Enchaînement allows the next); only the first unless ``every``."""
    name = cdef(s, card_oid).name
    out = []
    for kind, text in _play_refusals(s, player, card_oid):
        out.append(Reason(kind, text(), None, name))
        if not every:
            break
    return out


def _play_refusals(s, player: str, card_oid):
    """(kind, a function giving the text) of each reason of ``play_reasons``, in order, lazily:
    the listing asks only whether there is one, and a text is written only for an explanation."""
    card = cdef(s, card_oid)
    name = card.name
    by = fighter_of(s, player)
    if by is None or not alive(s, by):
        yield "condition", lambda: f"{player} has no living character in the fight to play {name}"
        return
    if card_type(card) == "personnage":
        yield "condition", lambda: f"{name} is a character: characters are not played in a fight"
        return
    fighter = cdef(s, by)
    for key, wanted in requirements(card).items():
        have = classes(fighter) if key == "class" else (fighter[key],)
        wanted = wanted if isinstance(wanted, list) else [wanted]
        if not any(w in have for w in wanted):
            yield "condition", (lambda key=key, wanted=wanted, have=have:
                                f"{name} is played by a character of {key} {' or '.join(map(str, wanted))}; "
                                f"{fighter.name} is {', '.join(str(h) for h in have if h) or 'none'}")
    status = dict(s.get("play") or ()).get(player)
    if isinstance(status, tuple) and status[0] == "chain":
        if not chain_allows(s.pool[status[1]], card):
            yield "limit", lambda: (f"after {status[1]}, only a card its Enchaînement names may follow, and "
                                    f"{name} is not one")
    elif status != "first":
        yield "limit", lambda: (f"{player} already played a card in this fight (one, unless an Enchaînement "
                                "allows another)")


def may_hold(s, card, holder) -> bool:
    """Weapons (one, or two with Ambidextrie) and cards limited to one copy per character."""
    return hold_reason(s, card, holder) is None


def hold_reason(s, card, holder) -> Reason | None:
    """The reason ``holder`` may not have ``card`` attached (a second copy of a unique card, a
    third weapon, a second weapon without Ambidextrie), or None."""
    held = [s.pool[s.objects[c].card] for c in attached_to(s, holder)]
    who = s.objects[holder].card
    if card["unique"] and any(h.name == card.name for h in held):
        return Reason("limit", f"{who} already has {card.name} attached (one copy per character)", None, card.name)
    if (card["subtype"] or "").startswith("Arme"):
        weapons = [h for h in held if (h["subtype"] or "").startswith("Arme")]
        if len(weapons) >= 2:
            return Reason("limit", f"{who} already holds two weapons", None, card.name)
        if weapons:
            other = weapons[0]
            if not (other.name in (card["ambidextrie"] or ()) or card.name in (other["ambidextrie"] or ())):
                return Reason("limit", f"{who} already holds {other.name}, and neither weapon allows a second "
                                       "(Ambidextrie)", None, card.name)
    return None


def _plays(s) -> list:
    player = s.get("to_play")
    by = fighter_of(s, player)
    out, seen = [], set()
    for oid in s.zone(player, "hand"):
        name = s.objects[oid].card
        if name in seen or not may_play(s, player, oid):
            continue
        seen.add(name)
        card = cdef(s, oid)
        mode = attach_mode(card)
        label = s.objects[oid].label
        if mode == "chosen":
            for target in [o for p in s.players for o in characters(s, p) if alive(s, o)]:
                if may_hold(s, card, target):
                    tl = s.objects[target].label
                    out.append(Action("", player, "activate", f"{_says(player, 'play')} {name} on {tl}", card=name,
                                      card_id=label, targets=(tl,), payload=(("card", oid), ("target", target))))
            continue
        holder = by if mode == "self" else fighter_of(s, s.opponent_of(player)) if mode == "opponent" else None
        if holder is not None and not may_hold(s, card, holder):
            continue
        out.append(Action("", player, "activate", f"{_says(player, 'play')} {name}", card=name, card_id=label,
                          payload=(("card", oid),)))
    out.append(Action("", player, "pass", f"{_says(player, 'play')} no more cards in this fight"))
    return _number(out)

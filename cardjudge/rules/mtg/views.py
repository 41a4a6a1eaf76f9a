"""What permanents are now, and what the card language sees of a Magic game.

Characteristics are computed from the printed card, copy effects (Clone's "enters as a
copy", Cytoshape's "becomes a copy"), the face a transformed permanent shows, lasting
effects ("until end of turn") and static abilities, by pure functions memoised per state.
Summoning sickness (rule 302.6) is read here too: a permanent carries the ``sick`` flag
from the moment it enters or changes control until its controller's next turn starts,
and that flag matters only while the permanent is a creature without haste (S1-S5).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardjudge.rules.core.carried import CarriedByObjects, CarriedMemo
from cardjudge.rules.core import views as core_views
from cardjudge.rules.core.expr import FUNCTIONS, Env, _Missing, evaluate, parse
from cardjudge.rules.core.frozen import thaw
from cardjudge.rules.core.identity_memo import IdentityMemo
from cardjudge.rules.core.derived import memo_table
from cardjudge.rules.core.views import ObjectView
from cardjudge.rules.mtg.abilities import keyword_abilities
from cardjudge.rules.mtg.mana import parse_mana_cost
from cardjudge.rules.mtg.keywords import implements

# the keywords of characteristics and summoning sickness this module implements (rules 702.10, 702.114)
implements(__name__, "Devoid", "Haste")

PLAYER_ZONES = ("hand", "library", "graveyard", "exile", "battlefield")

FUNCTIONS.setdefault("top", lambda items, n=1: list(items)[:n])


@dataclass(frozen=True, slots=True)
class Chars:
    """A permanent's (or card's) characteristics now."""

    name: str
    power: int | None
    toughness: int | None
    types: tuple
    subtypes: tuple
    supertypes: tuple
    keywords: tuple
    colors: tuple
    mana_cost: str


def printed_def(s, oid):
    """The card definition whose copiable values the object has now (copy, face), before lasting copies."""
    obj = s.objects[oid]
    name = obj.get("face") or obj.get("copy_of") or obj.card
    return s.pool[name]


# Definitions and characteristics carried across states and changes (see core.carried): both read
# the object, the lasting effects and the card pool; characteristics on the battlefield read also
# what static abilities grant the object and whether one says it is no creature (their context).
_carried_defs = CarriedMemo()
_carried_chars = CarriedMemo()


def card_def(s, oid):
    """The definition the object has now, lasting copy effects included (Cytoshape)."""
    record = s._derived or s.derived()
    table = record.card_defs or memo_table(record, "card_defs")
    found = table.get(oid)
    if found is None:
        found = table[oid] = _carried_defs.get(s.objects[oid], s.lasting, s.pool, None, lambda: _card_def(s, oid))
    return found


def _card_def(s, oid):
    found = printed_def(s, oid)
    for effect in s.lasting:
        if effect.kind == "copy" and oid in effect.affected:
            found = s.pool[effect.param("of")]
    return found


_abilities_by_definition = IdentityMemo()


def copied_keywords(s, oid) -> tuple:
    """Keywords that are part of a copy's copiable values ("except it has haste", rule 707.9b)."""
    for effect in reversed(s.lasting):
        if effect.kind == "copy" and oid in effect.affected:
            return tuple(effect.param("keywords", ()) or ())
    return tuple(s.objects[oid].get("copy_keywords", ()))


def abilities_of(card) -> tuple:
    """A card's abilities: those of its file, then those its keywords stand for (Crew, Equip)."""
    return _abilities_by_definition.get(
        card, lambda c: c.abilities + keyword_abilities(c.fields, len(c.abilities)))


def object_abilities(s, oid) -> tuple:
    """The abilities an object has now: its definition's (a copy has those of what it copies),
    then, on the battlefield, those it has gained: the abilities of keywords it gained (Undying
    Evil's undying, rule 702.93a) and those static abilities grant it (Viridian Longbow's
    "{T}: This creature deals 1 damage to any target."), numbered after its own."""
    own = abilities_of(card_def(s, oid))
    if s.objects[oid].zone != "battlefield":
        return own
    gained = _gained_abilities(s, oid, own)
    return own + gained if gained else own


def _gained_abilities(s, oid, own: tuple) -> tuple:
    record = s._derived or s.derived()
    table = record.gained or memo_table(record, "gained")
    found = table.get(oid)
    if found is not None:
        return found
    printed = set(card_def(s, oid)["keywords"] or ())
    keywords = [k for k in chars(s, oid).keywords if k not in printed]
    out = list(keyword_abilities({"keywords": keywords}, len(own))) if keywords else []
    for ability in _granted_abilities(s).get(oid, ()):
        out.append(replace(ability, index=len(own) + len(out)))
    table[oid] = found = tuple(out)
    return found


def _granted_abilities(s) -> dict:
    """oid -> the abilities static abilities grant it (``grant: {to, abilities}``)."""
    record = s.derived()
    if record.granted is not None:
        return record.granted
    out: dict = {}
    for obj, ability in _statics(s):
        if ability.granted:
            spec = thaw(ability.rule)["grant"]
            for target in evaluate_cards(spec.get("to", "self"), env_for(s, obj.oid, obj.controller)):
                out[target] = out.get(target, ()) + ability.granted
    record.granted = out
    return out


def colors_of(card) -> tuple:
    """A card's colors: its color indicator, else the colored symbols of its mana cost; none for
    a card with devoid (702.114a)."""
    if "Devoid" in (card["keywords"] or ()):
        return ()
    if card["colors"] is not None:
        return tuple(card["colors"])
    cost = card["mana_cost"] or ""
    return tuple(c for c in "WUBRG" if c in cost)


def mana_value(card) -> int:
    """The mana value of a printed mana cost ({X} counts 0)."""
    cost = (card["mana_cost"] or "").replace("/P}", "}")
    return parse_mana_cost(cost).mana_value(0)


def permanent_mana_value(s, oid) -> int:
    """An object's mana value; a transformed permanent has its front face's (rule 712.8e)."""
    obj = s.objects[oid]
    if obj.get("face"):
        return mana_value(s.pool[obj.get("copy_of") or obj.card])
    return mana_value(card_def(s, oid))


def _statics(s) -> list:
    """(obj, ability) for every static ability of a permanent on the battlefield whose condition holds."""
    record = s.derived()
    if record.statics is not None:
        return record.statics
    found: list = []
    record.statics = found  # while it is filled: a condition reading characteristics sees it so far
    objects = s.objects
    permanents = tuple([objects[oid] for player in s.players for oid in s.zone(player, "battlefield")])
    for obj, ability in _carried_statics.get(permanents, s.lasting, s.pool, None, lambda: _rule_abilities_of(s, permanents)):
        if ability.condition is not None and not evaluate(ability.condition, env_for(s, obj.oid, obj.controller)):
            continue
        found.append((obj, ability))
    return found


# Which permanents have which static abilities stating a rule reads only their definitions (each
# object, the lasting effects, the card pool): carried across the states and changes that leave
# every permanent the same object (core.carried). Their conditions are evaluated in each state.
_carried_statics = CarriedByObjects()


def _rule_abilities_of(s, permanents: tuple) -> tuple:
    """(obj, ability) for every static ability stating a rule of each of ``permanents``, in order."""
    return tuple((obj, ability) for obj in permanents
                 for ability in _rule_abilities_by_definition.get(card_def(s, obj.oid), _rule_abilities))


_rule_abilities_by_definition = IdentityMemo()


def _rule_abilities(card) -> tuple:
    """A card's static (and linked) abilities that state a rule: what ``_statics`` reads of it."""
    return tuple(a for a in abilities_of(card) if a.kind in ("static", "linked") and a.rule)


def _static_grants(s) -> dict:
    """oid -> (keywords granted, power delta, toughness delta) from static abilities."""
    record = s.derived()
    if record.grants is not None:
        return record.grants
    grants: dict = {}
    record.grants = grants
    statics = _statics(s)
    known = len(record.chars or ())
    for obj, ability in statics:
        rule = thaw(ability.rule)
        for name in ("grant", "modify"):
            spec = rule.get(name)
            if not spec:
                continue
            env = env_for(s, obj.oid, obj.controller)
            targets = evaluate_cards(spec.get("to", "self"), env)
            for target in targets:
                keywords, power, toughness = grants.get(target, ((), 0, 0))
                grants[target] = (keywords + tuple(spec.get("keywords") or ()), power + int(spec.get("power", 0)),
                                  toughness + int(spec.get("toughness", 0)))
    if len(record.chars or ()) > known:
        # characteristics read by a "to" filter while the grants were still being found
        # ("other permanents you control") were kept without them: read them again later
        record.chars = None
    return grants


def static_rule_names(s, rule_name: str) -> list:
    """What static abilities of one rule ("doesnt_untap", "cant_lose", "cant_win") apply to
    now: object ids and player names."""
    record = s.derived()
    table = record.static_rules
    if table is None:
        table = record.static_rules = {}
    elif rule_name in table:
        return table[rule_name]
    found: list = []
    for obj, ability in _statics(s):
        rule = thaw(ability.rule)
        if rule_name not in rule:
            continue
        env = env_for(s, obj.oid, obj.controller)

        value = evaluate(parse(str(rule[rule_name])), env)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, PlayerView):
                found.append(item.name)
            elif isinstance(item, CardView):
                found.append(item.oid)
    table[rule_name] = found
    return found


def evaluate_cards(text_or_tree, env) -> list[int]:
    """The oids an expression names (a card, a list of cards, or nothing)."""
    tree = parse(text_or_tree) if isinstance(text_or_tree, str) else text_or_tree
    value = evaluate(tree, env)
    items = value if isinstance(value, list | tuple) else [value] if value is not None else []
    return [item.oid for item in items if isinstance(item, CardView) and item.oid in env.vars["_s"].objects]


_printed_by_definition = IdentityMemo()


def _printed(card) -> Chars:
    """The characteristics a card definition gives before anything modifies them (remembered)."""
    return _printed_by_definition.get(card, _printed_chars)


def _printed_chars(card) -> Chars:
    power, toughness = card["power"], card["toughness"]  # numbers: the card loader refuses anything else
    types = tuple(card["types"] or ())
    if power is None and "Creature" in types:
        power, toughness = 0, 0
    return Chars(card.name, power, toughness, types, tuple(card["subtypes"] or ()), tuple(card["supertypes"] or ()),
                 tuple(card["keywords"] or ()), colors_of(card), card["mana_cost"] or "")


def _unmodified(s, obj) -> bool:
    """Nothing changes the object's printed characteristics: no lasting effect on it, no copied
    keyword, no counter, no static ability granting it anything."""
    oid = obj.oid
    if obj.counters or obj.get("copy_keywords"):
        return False
    for effect in s.lasting:
        if oid in effect.affected:
            return False
    return obj.zone != "battlefield" or (oid not in _static_grants(s) and oid not in _not_creatures(s))


def _not_creatures(s) -> frozenset:
    """The permanents a static ability says are not creatures (Heliod below devotion five)."""
    record = s.derived()
    if record.not_creatures is None:
        record.not_creatures = frozenset()  # while it is computed: no recursion through chars
        record.not_creatures = frozenset(ref for ref in static_rule_names(s, "not_creature") if isinstance(ref, int))
    return record.not_creatures


def devotion(s, player: str, color: str) -> int:
    """The mana symbols of ``color`` in the mana costs of the permanents ``player`` controls
    (rule 700.5; a hybrid symbol counts for each of its colors)."""
    total = 0
    for oid in s.zone(player, "battlefield"):
        cost = card_def(s, oid)["mana_cost"] or ""
        total += sum(symbol.count(color) for symbol in cost.replace("}", "").split("{"))
    return total


def chars(s, oid) -> Chars:
    """The characteristics of an object now (the contract's ``now`` mapping)."""
    record = s._derived or s.derived()
    table = record.chars
    if table is not None:
        found = table.get(oid)
        if found is not None:
            return found
    obj = s.objects[oid]
    # what the characteristics read besides the object, the lasting effects and the pool
    context = (_static_grants(s).get(oid), oid in _not_creatures(s)) if obj.zone == "battlefield" else None
    found = _carried_chars.get(obj, s.lasting, s.pool, context, lambda: _chars(s, oid, obj))
    # (read again: the grants may have dropped the table while they were found)
    (record.chars or memo_table(record, "chars"))[oid] = found
    return found


def permanents_chars(s) -> list:
    """(oid, characteristics) of every permanent, player by player, in zone order (what
    state-based actions read at each check)."""
    objects = s.objects
    oids = [oid for player in s.players for oid in s.zone(player, "battlefield")]
    permanents = tuple([objects[oid] for oid in oids])
    # the characteristics of permanents read besides the objects, the lasting effects and the
    # pool only what static abilities grant and which permanents they say are no creatures
    context = (_static_grants(s), _not_creatures(s))
    return _carried_permanents.get(permanents, s.lasting, s.pool, context,
                                   lambda: [(oid, chars(s, oid)) for oid in oids])


# Every permanent's characteristics together, carried across the states and changes that leave
# each permanent the same object with the same lasting effects, pool, grants and type changes
# (core.carried): most of a state-based action check, which mostly finds nothing to do.
_carried_permanents = CarriedByObjects()


def _chars(s, oid, obj) -> Chars:
    """The characteristics of an object now, worked out (see ``chars``)."""
    card = card_def(s, oid)
    if _unmodified(s, obj):
        return _printed(card)
    types = list(card["types"] or [])
    subtypes = list(card["subtypes"] or [])
    keywords = list(card["keywords"] or [])
    keywords.extend(k for k in copied_keywords(s, oid) if k not in keywords)
    power, toughness = card["power"], card["toughness"]  # numbers: the card loader refuses anything else
    for effect in s.lasting:
        if oid not in effect.affected:
            continue
        if effect.kind == "become_creature":
            if "Creature" not in types:
                types.append("Creature")
            for sub in effect.param("subtypes", ()) or ():
                if sub not in subtypes:
                    subtypes.append(sub)
        elif effect.kind == "grant":
            keywords.extend(k for k in effect.param("keywords", ()) if k not in keywords)
    if obj.zone == "battlefield" and "Creature" in types and oid in _not_creatures(s):
        types.remove("Creature")  # a static ability's type change (layer 4)
        power = toughness = None
    if power is None and "Creature" in types:
        power, toughness = 0, 0
    if power is not None:
        for effect in s.lasting:
            if effect.kind == "modify" and oid in effect.affected:
                power += effect.param("power", 0)
                toughness += effect.param("toughness", 0)
        if obj.zone == "battlefield":
            granted, p, t = _static_grants(s).get(oid, ((), 0, 0))
            power, toughness = power + p, toughness + t
        power += obj.counter("P1P1") - obj.counter("M1M1")
        toughness += obj.counter("P1P1") - obj.counter("M1M1")
    if obj.zone == "battlefield":
        granted = _static_grants(s).get(oid, ((), 0, 0))[0]
        keywords.extend(k for k in granted if k not in keywords)
    return Chars(card.name, power, toughness, tuple(types), tuple(subtypes), tuple(card["supertypes"] or ()),
                 tuple(keywords), colors_of(card), card["mana_cost"] or "")


def is_creature(s, oid) -> bool:
    """The object is a creature now."""
    return "Creature" in chars(s, oid).types


def has_keyword(s, oid, keyword: str) -> bool:
    """The object has the keyword now."""
    return keyword in chars(s, oid).keywords


def summoning_sick(s, oid) -> bool:
    """Rule 302.6 applies: a creature now, not controlled continuously since its controller's
    most recent turn began, and without haste (S1, S2, S4)."""
    obj = s.objects[oid]
    return "sick" in obj.flags and is_creature(s, oid) and not has_keyword(s, oid, "Haste")


def class_key(s, oid) -> tuple:
    """What makes two objects interchangeable (G1): same card, zone and state (memoised per state)."""
    record = s._derived or s.derived()
    table = record.class_keys or memo_table(record, "class_keys")
    key = table.get(oid)
    if key is None:
        obj = s.objects[oid]
        key = table[oid] = (obj.card, obj.zone, obj.controller, obj.owner, obj.flags, obj.counters, obj.extra,
                            obj.equipped_to, tuple(e.lid for e in s.lasting if oid in e.affected))
    return key


def position_rank(s) -> dict:
    """oid -> where the object stands in the position, as ``to_dict`` writes it (memoised per state).

    Players in order, their zones in order, each zone from first to last, then the stack.
    Object ids depend on a game's history (a moved object gets a new one) and a reloaded
    position numbers its objects afresh; this rank is the same in both, so that lists
    ordered by it (the legal actions) are the same before and after a reload.
    """
    record = s.derived()
    ranks = record.position_rank
    if ranks is None:
        ranks = record.position_rank = {}
        for player in s.players:
            for zone in PLAYER_ZONES:
                for oid in s.zone(player, zone):
                    ranks.setdefault(oid, len(ranks))
        for player in s.players:
            for oid in s.zone(player, "stack"):
                ranks.setdefault(oid, len(ranks))
        for oid in sorted(s.objects):
            ranks.setdefault(oid, len(ranks))
    return ranks


# ---------------------------------------------------------------- the card language


class CardView(ObjectView):
    """An object as the card language sees it (``self``, ``t``, items of a zone)."""

    __slots__ = ()

    def __repr__(self):
        obj = self.s.objects.get(self.oid)
        return obj.label if obj else f"<gone {self.oid}>"

    def attr(self, name: str):
        """``card.name`` in the card language."""
        s, oid = self.s, self.oid
        if oid not in s.objects:
            if name in ("exists", "on_battlefield"):
                return False
            known = last_known(s, oid)
            return _known_attribute(s, known, name) if known is not None else None
        obj = s.objects[oid]
        handler = _CARD_ATTRIBUTES.get(name)
        if handler is not None:
            return handler(s, obj)
        c = chars(s, oid)
        if name in ("power", "toughness", "types", "subtypes", "supertypes", "keywords", "colors", "name"):
            value = getattr(c, name)
            return list(value) if isinstance(value, tuple) else value
        lowered = name.replace("_", " ")
        for group in (c.types, c.supertypes):
            if lowered in (t.lower() for t in group):
                return True
        if name in _TYPE_WORDS:
            return False
        if name.startswith("non") and name[3:] in _COLOR_WORDS:
            return _COLOR_WORDS[name[3:]] not in c.colors
        if name in _COLOR_WORDS:
            return _COLOR_WORDS[name] in c.colors
        raise _Missing(name)


@dataclass(frozen=True, slots=True)
class LastKnown:
    """What a permanent was as it last existed on the battlefield (rule 608.2h)."""

    oid: int
    label: str
    card: str
    controller: str
    owner: str
    chars: Chars
    flags: frozenset
    counters: tuple
    attached: int | None = None  # what it was attached to (an Aura's "that creature")


def snapshot(s, oid) -> LastKnown:
    """The last known information of a permanent about to leave the battlefield."""
    obj = s.objects[oid]
    return LastKnown(oid, obj.label, obj.card, obj.controller, obj.owner, chars(s, oid), obj.flags, obj.counters,
                     obj.equipped_to)


def last_known(s, oid):
    """The last known information of a permanent that has left the battlefield this turn, if any."""
    for known in s.get("lki", ()):
        if known.oid == oid:
            return known
    return None


def _known_attribute(s, known: LastKnown, name: str):
    c = known.chars
    if name in ("power", "toughness", "name"):
        return getattr(c, name)
    if name in ("types", "subtypes", "supertypes", "keywords", "colors"):
        return list(getattr(c, name))
    if name == "controller":
        return PlayerView(s, known.controller)
    if name == "owner":
        return PlayerView(s, known.owner)
    if name in ("card", "label"):
        return getattr(known, name)
    if name == "token":
        return "token" in known.flags
    if name == "p1p1":
        return dict(known.counters).get("P1P1", 0)
    if name in ("attached", "attached_to"):
        return _view(s, known.attached)
    lowered = name.replace("_", " ")
    if any(lowered == t.lower() for t in c.types + c.supertypes):
        return True
    return False if name in _TYPE_WORDS else None


_TYPE_WORDS = {"creature", "land", "artifact", "enchantment", "instant", "sorcery", "planeswalker", "legendary",
               "basic", "token_type"}
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _view(s, oid):
    return CardView(s, oid) if oid is not None and oid in s.objects else None


_CARD_ATTRIBUTES = {
    "exists": lambda s, obj: True,
    "card": lambda s, obj: obj.card,
    "label": lambda s, obj: obj.label,
    "zone": lambda s, obj: obj.zone,
    "on_battlefield": lambda s, obj: obj.zone == "battlefield",
    "in_hand": lambda s, obj: obj.zone == "hand",
    "in_graveyard": lambda s, obj: obj.zone == "graveyard",
    "in_exile": lambda s, obj: obj.zone == "exile",
    "tapped": lambda s, obj: "tapped" in obj.flags,
    "untapped": lambda s, obj: "tapped" not in obj.flags,
    "token": lambda s, obj: "token" in obj.flags,
    "sick": lambda s, obj: summoning_sick(s, obj.oid),
    "attacking": lambda s, obj: obj.get("attacking") is not None,
    "blocking": lambda s, obj: obj.get("blocking") is not None,
    "controller": lambda s, obj: PlayerView(s, obj.controller),
    "owner": lambda s, obj: PlayerView(s, obj.owner),
    "mana_value": lambda s, obj: permanent_mana_value(s, obj.oid),
    "counters": lambda s, obj: dict(obj.counters),
    "p1p1": lambda s, obj: obj.counter("P1P1"),
    "resolved": lambda s, obj: dict(obj.get("resolved") or ()),  # count_resolution's counts this turn
    "attached_to": lambda s, obj: _view(s, obj.equipped_to),
    "attached": lambda s, obj: _view(s, obj.equipped_to),
    "exiled_by": lambda s, obj: CardView(s, obj.get("exiled_by")) if obj.get("exiled_by") is not None else None,
    "is_permanent_card": lambda s, obj: bool({"Creature", "Land", "Artifact", "Enchantment", "Planeswalker"}
                                             & set(chars(s, obj.oid).types)),
}


class PlayerView(core_views.PlayerView):
    """A player as the card language sees it (``you``, ``opponent``, a player target)."""

    __slots__ = ()
    card_view = CardView
    zones = PLAYER_ZONES

    def more(self, name: str):
        """The Magic attributes of a player: its permanents by type, life, library size, turn."""
        s = self.s
        if name == "permanents":
            return [CardView(s, oid) for oid in s.zone(self.name, "battlefield")]
        if name in ("creatures", "lands", "artifacts", "planeswalkers"):
            kind = {"creatures": "Creature", "lands": "Land", "artifacts": "Artifact", "planeswalkers": "Planeswalker"}[name]
            return [CardView(s, oid) for oid in s.zone(self.name, "battlefield") if kind in chars(s, oid).types]
        if name in ("life", "lp"):
            return s.player(self.name).life
        if name == "library_size":
            return len(s.zone(self.name, "library"))
        if name.startswith("devotion_") and name[9:] in _COLOR_WORDS:
            return devotion(s, self.name, _COLOR_WORDS[name[9:]])
        if name == "is_active":
            return s.active == self.name
        if name == "is_player":
            return True
        raise _Missing(name)


class EventView(core_views.EventView):
    """An event as the card language sees it (``e``), with its first card (``card``) and the
    step it happened in (``step``)."""

    __slots__ = ()
    card_view = CardView
    player_view = PlayerView

    def more(self, name: str):
        """``e.card`` and ``e.step``."""
        e = self.event
        if name == "card":
            return CardView(self.s, e.cards[0]) if e.cards else None
        if name == "step":
            return e.method
        if name == "amount":
            return e.amount
        if name == "combat":
            return e.method == "combat"  # combat damage (a "damaged" event)
        raise _Missing(name)


class Game(core_views.GameView):
    """The game as the card language sees it (``game.creatures``, ``game.players``)."""

    __slots__ = ()

    def attr(self, name: str):
        """``game.name`` in the card language."""
        s = self.s
        if name in ("phase", "turn"):
            return getattr(s, name)
        if name == "active":
            return PlayerView(s, s.active)
        if name == "players":
            return [PlayerView(s, p) for p in s.players]
        if name == "permanents":
            return [CardView(s, oid) for p in s.players for oid in s.zone(p, "battlefield")]
        if name == "creatures":
            return [CardView(s, oid) for p in s.players for oid in s.zone(p, "battlefield") if is_creature(s, oid)]
        if name == "planeswalkers":
            return [CardView(s, oid) for p in s.players for oid in s.zone(p, "battlefield")
                    if "Planeswalker" in chars(s, oid).types]
        if name == "any_target":
            # "any target": a creature, a player or a planeswalker (rule 115.4; battles are not modelled)
            return self.attr("creatures") + [PlayerView(s, p) for p in s.players] + [
                view for view in self.attr("planeswalkers") if not is_creature(s, view.oid)]
        if name == "spells":
            return [CardView(s, item.source) for item in s.chain if item.kind == "spell" and item.source in s.objects]
        if name == "exiled":
            return [CardView(s, oid) for p in s.players for oid in s.zone(p, "exile")]
        if name == "graveyards":
            return [CardView(s, oid) for p in s.players for oid in s.zone(p, "graveyard")]
        raise _Missing(name)


VIEWS = core_views.Views(card=CardView, player=PlayerView, game=Game, event=EventView)


def env_for(s, source_oid: int | None, controller: str, event=None, extra: dict | None = None) -> Env:
    """The names an ability's expressions see: self, you, opponent, game, e, and extras."""
    return core_views.ability_env(VIEWS, s, source_oid, controller, event, {"_s": s, **(extra or {})})


def goal_env(s, player: str) -> Env:
    """The names a combo goal sees: you (the searching player), opponent, game and winner."""
    env = env_for(s, None, player)
    env.vars["winner"] = PlayerView(s, s.winner) if s.winner and s.winner != "draw" else s.winner
    return env

"""What cards are now: characteristics after continuous and lasting effects, and the
views that the card language reads (``self``, ``you``, ``e``, targets).

Everything here is a pure function of a State (or Draft), memoised per state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from cardjudge.errors import InputError
from cardjudge.rules.core import views as core_views
from cardjudge.rules.core.expr import FUNCTIONS, Env, _Missing, evaluate, names_read
from cardjudge.rules.core.records import record_maker
from cardjudge.rules.core.views import ObjectView
from cardjudge.rules.core.views import ability_variables as _ability_variables
from cardjudge.rules.ygo import zones

ON_FIELD = ("monsters", "spells_traps", "field_spell")
# The ways a monster can have been Special Summoned (a Synchro Summon is a Special Summon).
SPECIAL_SUMMON_TYPES = frozenset({"special", "synchro", "xyz", "fusion", "link"})
PLAYER_ZONES = ("hand", "deck", "graveyard", "banished", "extra_deck", "monsters", "spells_traps", "field_spell")

FUNCTIONS.setdefault("top", lambda items, n=1: list(items)[:n])
# total(cards, "atk"): the sum of one attribute over cards ("the total ATK of all ...")
FUNCTIONS.setdefault("total", lambda items, name: sum(item.attr(name) or 0 for item in items or ()))


@dataclass(frozen=True, slots=True)
class Chars:
    """A card's characteristics now."""

    name: str
    atk: int | None
    defense: int | None
    level: int | None
    race: str | None
    attribute: str | None
    negated: bool
    original_atk: int | None


# Characteristics are made through a slots twin of Chars: one per card whose characteristics an
# apply or a listing reads.
_chars = record_maker(Chars)


def card_def(s, oid):
    return s.pool[s.objects[oid].card]


def _continuous_index(pool) -> dict:
    """card name -> its continuous abilities, for the cards that have some (built once per pool)."""
    index = getattr(pool, "_continuous_index", None)
    if index is None:
        index = {}
        for card in pool:
            abilities = tuple(a for a in card.abilities if a.kind == "continuous")
            if abilities:
                index[card.name] = abilities
        pool._continuous_index = index
    return index


def _continuous_sources(s) -> list:
    """(obj, card, ability) for every continuous ability of a face-up card on the field that is not negated."""
    record = s._derived  # s.derived() without a call when the state has its record (read at every apply)
    if record is None:
        record = s.derived()
    elif record.continuous is not None:
        return record.continuous
    found: list = []
    record.continuous = found  # guard against recursion while negation is computed
    negated = negated_oids(s)
    for obj, card, ability in _continuous_candidates(s):
        if obj.oid not in negated and obj.zone in ability.zones:
            found.append((obj, card, ability))
    return found


def _continuous_candidates(s) -> list:
    """(obj, card, ability) for every continuous ability of a face-up card on the field, negated
    or not, in zone order (memoised in the zone memo: it reads only the zones, objects and pool;
    see ``Draft._zone_memo``)."""
    cache = s._zone_memo  # s.zone_memo() without a call when there is one (read at every apply)
    if cache is None:
        cache = s.zone_memo()
    candidates = cache.get("continuous_candidates")
    if candidates is None:
        candidates = cache["continuous_candidates"] = []
        pool = s.pool
        index = getattr(pool, "_continuous_index", None) or _continuous_index(pool)
        zones, objects = s.zones, s.objects
        for obj in objects.values():
            if obj.card in index:
                break
        else:
            # no card of the game has one: a loop over the few objects is half the cost of the
            # look-ups of the field zones below
            return candidates
        keys = _FIELD_KEYS.get(s.players) or _field_keys(s.players)
        for key in keys:
            oids = zones.get(key)
            if not oids:
                continue
            for oid in oids:
                obj = objects[oid]
                abilities = index.get(obj.card)
                if abilities and obj.face_up:
                    card = s.pool[obj.card]
                    candidates.extend((obj, card, ability) for ability in abilities)
    return candidates


_FIELD_KEYS: dict = {}


def _field_keys(players: tuple) -> tuple:
    """The (player, zone) keys of the field zones, player by player in turn order (made once)."""
    keys = _FIELD_KEYS.get(players)
    if keys is None:
        keys = _FIELD_KEYS[players] = tuple((player, zone) for player in players for zone in ON_FIELD)
    return keys


def _negated_by(s, candidates) -> set:
    """The oids whose effects are negated, by lasting effects and continuous negation rules."""
    negated = set()
    for effect in s.lasting:
        if effect.kind == "negate_effects":
            negated.update(oid for oid in effect.affected if oid in s.objects)
    for obj, _card, ability in candidates:
        if obj.oid in negated:
            continue
        rules = dict(ability.rule)
        if "negate_effects" in rules:
            env = env_reading(rules["negate_effects"], s, obj.oid, obj.controller)
            for player in s.players:
                for oid in s.zone(player, "monsters"):
                    other = s.objects[oid]
                    if other.face_up and oid != obj.oid and evaluate(rules["negate_effects"], env.with_subject(CardView(s, oid))):
                        negated.add(oid)
        if rules.get("negate_spell_effects"):
            for player in s.players:
                for zone in ("spells_traps", "field_spell"):
                    for oid in s.zone(player, zone):
                        other = s.objects[oid]
                        if other.face_up and s.pool[other.card]["kind"] == "spell":
                            negated.add(oid)
    return negated


def negated_oids(s) -> set:
    record = s._derived  # s.derived() without a call when the state has its record
    if record is None:
        record = s.derived()
    negated = record.negated
    if negated is None:
        record.negated = set()  # guard against recursion while negation is computed
        negated = record.negated = _negated_by(s, _continuous_candidates(s))
    return negated


def is_negated(s, oid) -> bool:
    """Whether the effects of this object are negated now."""
    return oid in negated_oids(s)


def forbidden(s, rule: str, oid: int) -> bool:
    """Whether a continuous rule of that name forbids something to this card now (Cannot be
    used as Synchro Material; Messenger of Peace's "cannot attack")."""
    return forbidding_card(s, rule, oid) is not None


def forbidding_card(s, rule: str, oid: int) -> str | None:
    """The name of the card whose continuous rule of that name forbids something to this card
    now, or None (see ``forbidden``)."""
    rules = continuous_rules(s, rule)
    if not rules:
        return None  # the commonest answer, without a view of the card
    view = CardView(s, oid)
    for source, _ability, value in rules:
        env = env_for(s, source.oid, source.controller)
        if value is True or evaluate(value, env.with_subject(view)):
            return source.card
    return None


def _continuous_rule_names(pool) -> frozenset:
    """The names of the rules that the continuous abilities of the pool's cards set."""
    names = getattr(pool, "_continuous_rule_names", None)
    if names is None:
        names = pool._continuous_rule_names = frozenset(
            name for abilities in _continuous_index(pool).values() for ability in abilities for name, _ in ability.rule)
    return names


def continuous_rules(s, rule: str) -> list:
    """(obj, ability, value) for every applying continuous rule of that name."""
    pool = s.pool
    if rule not in (getattr(pool, "_continuous_rule_names", None) or _continuous_rule_names(pool)):
        return []  # no card of the pool sets it
    if not _continuous_candidates(s):
        return []  # no card on the field sets any rule: negation need not be worked out
    out = []
    for obj, _card, ability in _continuous_sources(s):
        for name, value in ability.rule:
            if name == rule:
                out.append((obj, ability, value))
    return out


# The layers of continuous "modify" rules: what a card is, then its ATK/DEF.
_TYPE_FIELDS = frozenset({"name", "race", "level"})
_STAT_FIELDS = frozenset({"atk", "def", "atk_per_pointed"})


def _stat_change(s, source, tree) -> int:
    """An ATK/DEF change written as an expression, read for the card whose rule it is."""
    value = evaluate(tree, env_reading(tree, s, source.oid, source.controller))
    if type(value) is not int:
        raise InputError(f"card {source.card!r}: an ATK/DEF change must be a number, not {value!r}")
    return value


def chars(s, oid) -> Chars:
    """The characteristics of an object now (contract: the ``now`` mapping).

    Continuous rules apply in two layers: first those that change what a card is (name, Type,
    Level), then ATK/DEF. A rule's ``applies_to`` that reads the card being computed (Dark
    Energy: "a Fiend-Type monster") sees what the earlier layers made of it, never itself.
    """
    record = s._derived  # s.derived() without a call when the state has its record
    if record is None:
        record = s.derived()
    made = record.chars
    if made is None:
        made = record.chars = {}
    else:
        made = made.get(oid)
        if made is not None:
            return made
    partial = record.chars_partial
    if partial is not None:
        partial = partial.get(oid)
        if partial is not None:  # asked again while its own continuous rules are being matched
            return partial
    obj = s.objects[oid]
    card = s.pool[obj.card]
    name = card.name
    printed = card.fields.get  # card[field], without a call of CardDef.__getitem__ per field
    atk, defense, level = printed("atk"), printed("def"), printed("level")
    race, attribute = printed("race"), printed("attribute")
    is_monster = printed("kind") == "monster"
    visible = obj.face_up or obj.zone not in ON_FIELD
    atk_add = def_add = 0
    rules = continuous_rules(s, "modify") if visible and (obj.zone in ON_FIELD or obj.zone == "graveyard") else ()
    if rules:
        subject = CardView(s, oid)
        partials = record.chars_partial
        if partials is None:
            partials = record.chars_partial = {}
        for layer in (_TYPE_FIELDS, _STAT_FIELDS):
            partials[oid] = _chars(name, atk, defense, level, race, attribute, False, atk)
            for source, ability, value in rules:
                if not any(field in layer for field, _ in value):
                    continue
                applies_to = ability.applies_to
                if applies_to is not None and not evaluate(
                        applies_to, env_reading(applies_to, s, source.oid, source.controller).with_subject(subject)):
                    continue
                for field, change in value:
                    if field not in layer:
                        continue
                    if field == "race" and is_monster:
                        race = change
                    elif field == "name":
                        name = change
                    elif field == "atk" and is_monster:
                        atk_add += change if type(change) is int else _stat_change(s, source, change)
                    elif field == "def" and is_monster:
                        def_add += change if type(change) is int else _stat_change(s, source, change)
                    elif field == "level" and is_monster:
                        level = change
                    elif field == "atk_per_pointed" and is_monster:  # "for each monster it points to"
                        atk_add += change * len(zones.pointed_monsters(s, source.oid))
        del partials[oid]
    set_atk = None
    original_atk = atk
    for effect in s.lasting:
        if effect.kind != "modify" or oid not in effect.affected:
            continue
        for field, value in effect.params:
            if field == "level":
                level = value
            elif field == "base_atk":
                original_atk = value
            elif field == "atk":
                atk_add += value
            elif field == "def":
                def_add += value
            elif field == "set_atk":
                set_atk = value
            elif field == "race":
                race = value
    if is_monster and atk is not None:
        atk = set_atk if set_atk is not None else max(0, original_atk + atk_add)
        defense = max(0, defense + def_add) if defense is not None else None
    result = _chars(name, atk, defense, level, race, attribute, is_negated(s, oid), original_atk)
    record.chars[oid] = result
    return result


class CardView(ObjectView):
    """An object as the card language sees it."""

    __slots__ = ()

    def __repr__(self):
        return f"<{self.s.objects[self.oid].label}>" if self.oid in self.s.objects else f"<gone {self.oid}>"

    @property
    def obj(self):
        return self.s.objects[self.oid]

    def attr(self, name: str):
        s, oid = self.s, self.oid
        if oid not in s.objects:
            return None if name not in ("on_field", "face_up", "exists") else False
        obj = s.objects[oid]
        card = s.pool[obj.card]
        handler = _CARD_ATTRIBUTES.get(name)
        if handler is not None:
            return handler(s, obj, card)
        field = _CHARS_FIELDS.get(name)
        if field is not None:
            return getattr(chars(s, oid), field)

        raise _Missing(name)


# The attributes read from the characteristics now, and the Chars field of each.
_CHARS_FIELDS = {"atk": "atk", "def": "defense", "level": "level", "race": "race", "attribute": "attribute",
                 "name": "name", "original_atk": "original_atk", "negated": "negated"}


def _normal_monster(card) -> bool:
    """A Normal Monster, or a Token without effects (the rules treat those as Normal Monsters)."""
    return card["kind"] == "monster" and (card["subtype"] == "normal"
                                          or card["subtype"] == "token" and not card.abilities)


def _in_zone(*zones):
    return lambda s, obj, card: obj.zone in zones


_CARD_ATTRIBUTES = {
    "exists": lambda s, obj, card: True,
    "card": lambda s, obj, card: card.name,
    "label": lambda s, obj, card: obj.label,
    "kind": lambda s, obj, card: card["kind"],
    "subtype": lambda s, obj, card: card["subtype"],
    "tags": lambda s, obj, card: list(card["tags"] or []),
    "is_monster": lambda s, obj, card: card["kind"] == "monster",
    "is_spell": lambda s, obj, card: card["kind"] == "spell",
    "is_trap": lambda s, obj, card: card["kind"] == "trap",
    "normal_monster": lambda s, obj, card: _normal_monster(card),
    "effect_monster": lambda s, obj, card: card["kind"] == "monster" and not _normal_monster(card),
    "face_up": lambda s, obj, card: obj.face_up,
    "face_down": lambda s, obj, card: not obj.face_up,
    "position": lambda s, obj, card: obj.position,
    "attack_position": lambda s, obj, card: obj.zone == "monsters" and obj.position == "attack",
    "defense_position": lambda s, obj, card: obj.zone == "monsters" and obj.position == "defense",
    "zone": lambda s, obj, card: obj.zone,
    "on_field": _in_zone(*ON_FIELD),
    "in_hand": _in_zone("hand"),
    "in_graveyard": _in_zone("graveyard"),
    "in_deck": _in_zone("deck"),
    "banished": _in_zone("banished"),
    "controller": lambda s, obj, card: PlayerView(s, obj.controller),
    "owner": lambda s, obj, card: PlayerView(s, obj.owner),
    "summon_type": lambda s, obj, card: obj.summon_type,
    "special_summoned": lambda s, obj, card: obj.summon_type in SPECIAL_SUMMON_TYPES,
    "rank": lambda s, obj, card: card["rank"],
    "summon_condition": lambda s, obj, card: card["summon_condition"],
    "tuner": lambda s, obj, card: "tuner" in (card["tags"] or ()),
    "materials": lambda s, obj, card: [CardView(s, o) for p in s.players for o in s.zone(p, "xyz_materials")
                                       if s.objects[o].get("attached_to") == obj.oid],
    "summoned_this_turn": lambda s, obj, card: "summoned_this_turn" in obj.flags,
    "equipped_to": lambda s, obj, card: CardView(s, obj.equipped_to) if obj.equipped_to in s.objects else None,
    "counters": lambda s, obj, card: dict(obj.counters),
    "link_rating": lambda s, obj, card: card["link_rating"],
    "link_arrows": lambda s, obj, card: list(card["link_arrows"] or ()),
    "zone_index": lambda s, obj, card: zones.place_of(obj),
    "in_extra_monster_zone": lambda s, obj, card: zones.place_of(obj) in zones.EXTRA_ZONES,
    # "linked": a monster a Link Monster points to, or a Link Monster pointing to a monster
    "linked": lambda s, obj, card: zones.is_linked(s, obj.oid),
    "points_to": lambda s, obj, card: [CardView(s, o) for o in zones.pointed_monsters(s, obj.oid)],
    "co_linked": lambda s, obj, card: [CardView(s, o) for o in zones.pointed_monsters(s, obj.oid)
                                       if zones.co_linked(s, obj.oid, o)],
    # "your zone this card points to": its controller's free Main Monster Zones it points to
    "free_linked_zones": lambda s, obj, card: sum(
        1 for owner, place in zones.pointed_zones(s, obj.oid)
        if owner == obj.controller and place in zones.free_main(s, obj.controller)),
}


class PlayerView(core_views.PlayerView):
    """A player as the card language sees it (``you``, ``opponent``, ``e.player``)."""

    __slots__ = ()
    card_view = CardView
    zones = PLAYER_ZONES

    def more(self, name: str):
        """The Yu-Gi-Oh attributes of a player: its field, LP, deck size, turn, free zones."""
        s = self.s
        if name == "field":
            return [CardView(s, oid) for zone in ON_FIELD for oid in s.zone(self.name, zone)]
        if name == "lp":
            return s.player(self.name).life
        if name == "deck_size":
            return len(s.zone(self.name, "deck"))
        if name == "is_turn_player":
            return s.active == self.name
        if name == "free_monster_zones":  # Main Monster Zones: where a monster not from the Extra Deck goes
            return len(zones.free_main(s, self.name))
        if name == "free_spell_zones":
            return len(zones.free_spell_traps(s, self.name))

        raise _Missing(name)


class EventView(core_views.EventView):
    """An event as the card language sees it (``e``), with the way it happened (``method``)."""

    __slots__ = ()
    card_view = CardView
    player_view = PlayerView
    fields = core_views.EventView.fields + ("method",)

    def more(self, name: str):
        """``e.deck_effects``: for an activation, what its effect does with the Deck ("search",
        "summon_from_deck", "send_from_deck"), as the Ash Blossom-like cards ask; ``e.targets``:
        the cards an activation targets."""
        if name == "targets":
            e, s = self.event, self.s
            if e.kind != "activated":
                return []
            for link in reversed(s.chain):
                if link.oid == e.source:
                    return [CardView(s, o) for _, oids in link.targets for o in oids if o in s.objects]
            return []
        if name == "deck_effects":
            e, s = self.event, self.s
            if e.kind != "activated":
                return []
            for link in reversed(s.chain):
                if link.oid == e.source:
                    return sorted(s.pool[link.card].abilities[link.ability].deck_effects)
            return []

        raise _Missing(name)


class Game(core_views.GameView):
    """The game as the card language sees it (``game.phase``, ``game.turn``)."""

    __slots__ = ()

    def attr(self, name: str):
        s = self.s
        if name in ("phase", "turn"):
            return getattr(s, name)
        if name == "battle_phase":
            return s.phase in ("battle_start", "battle_step", "damage_step", "battle_end")
        if name == "turn_player":
            return PlayerView(s, s.active)
        if name == "attacking":  # an attack is under way (declared, not yet over or negated)
            return bool(s.get("attack"))
        if name == "chain_size":
            return len(s.chain)
        if name == "monsters":
            return [CardView(s, oid) for p in s.players for oid in s.zone(p, "monsters")]
        if name == "spells_traps":
            return [CardView(s, oid) for p in s.players for z in ("spells_traps", "field_spell") for oid in s.zone(p, z)]
        if name == "field":
            return [CardView(s, oid) for p in s.players for z in ON_FIELD for oid in s.zone(p, z)]
        if name == "graveyards":
            return [CardView(s, oid) for p in s.players for oid in s.zone(p, "graveyard")]

        raise _Missing(name)


VIEWS = core_views.Views(card=CardView, player=PlayerView, game=Game, event=EventView)


# env_for(s, source_oid, controller, event=None, extra=None): the names an ability's expressions
# see (self, you, opponent, game, e, and extras) as Yu-Gi-Oh views. A partial rather than a
# function that calls ability_env: one Python call less on a hot path.
env_for = partial(core_views.ability_env, VIEWS)


def env_reading(tree, s, source_oid, controller: str, event=None) -> Env:
    """``env_for(s, source_oid, controller, event)`` for one expression: only the names it reads
    are bound (see ``expr.names_read``), the views it never reads are not built."""
    return Env(_ability_variables(VIEWS, names_read(tree), s, source_oid, controller, event))


def goal_env(s, player: str) -> Env:
    """The names a combo goal sees: you (the searching player), opponent, game and winner."""
    env = env_for(s, None, player)
    env.vars["winner"] = PlayerView(s, s.winner) if s.winner else None
    return env

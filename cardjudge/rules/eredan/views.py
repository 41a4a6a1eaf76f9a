"""Reading an Eredan state: characters' current characteristics, fights, and the names that
card expressions and combo goals see."""

from __future__ import annotations

from cardjudge.rules.core.expr import Env, _Missing, evaluate
from cardjudge.rules.core.views import ObjectView, PlayerValue
from cardjudge.rules.eredan.cards import attack_range, card_type, classes

HAND_SIZE = 5


def cdef(s, oid):
    return s.pool[s.objects[oid].card]


def characters(s, player: str) -> tuple:
    return s.zone(player, "characters")


def alive(s, oid) -> bool:
    obj = s.objects.get(oid)
    return obj is not None and obj.zone == "characters" and obj.counter("hp") > 0


def in_play(s, obj) -> bool:
    """Whether an object is in play for goals: a living character or a card attached to one."""
    return obj.zone == "attached" or (obj.zone == "characters" and obj.counter("hp") > 0)


def living(s, player: str) -> list:
    return [oid for oid in characters(s, player) if alive(s, oid)]


def fight(s) -> dict:
    """The current fight: player -> fighter oid (empty between fights)."""
    return dict(s.get("fight") or ())


def fighter_of(s, player: str):
    return fight(s).get(player)


def in_fight(s, oid) -> bool:
    return oid in fight(s).values()


def attached_to(s, oid) -> list:
    """The cards attached to a character, in the order they were attached."""
    order = {e.source: e.lid for e in s.lasting if e.kind == "lifetime"}
    found = [o.oid for o in s.objects.values() if o.zone == "attached" and o.equipped_to == oid]
    return sorted(found, key=lambda x: order.get(x, 0))


def lifetime_of(s, card_oid):
    for effect in s.lasting:
        if effect.kind == "lifetime" and effect.source == card_oid:
            return effect
    return None


def static_applies(s, card_oid, ability) -> bool:
    obj = s.objects[card_oid]
    if "waiting" in obj.flags:
        return False  # "s'active après le combat": not before the end of the fight it was played in
    effect = lifetime_of(s, card_oid)
    if ability.during == "activation_turn" and (effect is None or effect.turn != s.turn):
        return False
    if ability.condition is not None:
        holder = obj.equipped_to
        env = card_env(s, card_oid, obj.owner, holder=holder)
        if not evaluate(ability.condition, env):
            return False
    return True


def stats(s, oid) -> dict:
    """A character's current characteristics after attached cards and lasting effects."""
    record = s.derived()
    table = record.stats
    if table is None:
        table = record.stats = {}
    elif oid in table:
        return table[oid]
    card = cdef(s, oid)
    low, high = attack_range(card)
    values = {"attack_min": low, "attack_max": high, "defense": card["defense"] or 0,
              "esprit": card["esprit"] or 0}
    halve = False
    table[oid] = dict(values, hp=s.objects[oid].counter("hp"))  # guards conditions that read it
    deltas = []
    for card_oid in attached_to(s, oid):
        for ability in s.pool[s.objects[card_oid].card].abilities:
            if ability.when == "static" and static_applies(s, card_oid, ability):
                deltas.extend(ability.modify)
    for effect in s.lasting:
        if effect.kind == "modify" and oid in effect.affected:
            deltas.extend(effect.params)
    for stat, delta in deltas:
        if stat == "halve_attack":
            halve = True
        elif stat == "attack":
            values["attack_min"] += delta
            values["attack_max"] += delta
        else:
            values[stat] += delta
    if halve:
        values["attack_min"] //= 2
        values["attack_max"] //= 2
    for stat in values:
        values[stat] = max(0, values[stat])
    values["attack_max"] = max(values["attack_min"], values["attack_max"])
    values["hp"] = s.objects[oid].counter("hp")
    values["hp_max"] = card["hp"]
    table[oid] = values
    return values


class CharView(ObjectView):
    """A character as expressions see it: ``esprit``, ``attack_min``, ``alive``, ``classes``..."""

    __slots__ = ()

    def __repr__(self):
        return f"<{self.s.objects[self.oid].label}>"

    def attr(self, name: str):
        s, obj = self.s, self.s.objects[self.oid]
        card = s.pool[obj.card]
        if name in ("attack_min", "attack_max", "defense", "esprit", "hp", "hp_max"):
            return stats(s, self.oid)[name]
        simple = {
            "name": obj.card, "label": obj.label, "alive": alive(s, self.oid),
            "tapped": "tapped" in obj.flags, "in_fight": in_fight(s, self.oid), "classes": list(classes(card)),
            "guild": card["guild"], "race": card["race"], "caste": card["caste"], "controller": obj.controller,
        }
        if name in simple:
            return simple[name]
        if name == "attached":
            return [CardView(s, c) for c in attached_to(s, self.oid)]
        if name == "attack":
            return [stats(s, self.oid)["attack_min"], stats(s, self.oid)["attack_max"]]
        raise _Missing(name)


class CardView(ObjectView):
    """A non-character card: ``name``, ``type``, ``subtype``."""

    __slots__ = ()

    def attr(self, name: str):
        obj = self.s.objects[self.oid]
        card = self.s.pool[obj.card]
        if name == "name":
            return obj.card
        if name == "label":
            return obj.label
        if name == "type":
            return card_type(card)
        if name in ("subtype", "guild"):
            return card[name]
        raise _Missing(name)


class PlayerView(PlayerValue):
    """A player for goals: ``characters``, ``alive`` (living characters), ``hand_size``, ``score``..."""

    __slots__ = ()

    def attr(self, name: str):
        s = self.s
        if name == "characters":
            return [CharView(s, oid) for oid in characters(s, self.name)]
        if name == "alive":
            return [CharView(s, oid) for oid in living(s, self.name)]
        if name == "dead":
            return [CharView(s, oid) for oid in characters(s, self.name) if not alive(s, oid)]
        if name == "hp":
            return sum(max(0, s.objects[oid].counter("hp")) for oid in characters(s, self.name))
        if name == "score":
            return s.player(self.name).get("score", 0)
        if name in ("hand", "deck", "discard"):
            return [CardView(s, oid) for oid in s.zone(self.name, name)]
        if name in ("hand_size", "deck_size"):
            return len(s.zone(self.name, name[:-5]))
        if name == "fighter":
            oid = fighter_of(s, self.name)
            return CharView(s, oid) if oid is not None else None
        if name == "name":
            return self.name
        for oid in characters(s, self.name):
            if s.objects[oid].label == name:
                return CharView(s, oid)
        raise _Missing(name)


def played_around(s, controller: str, index) -> tuple[list, list]:
    """Names of the cards the same player played in this fight before and after the card
    played ``index``-th in the fight."""
    played = list(s.get("played") or ())
    if index is None or index >= len(played):
        return [], []
    before = [name for player, name in played[:index] if player == controller]
    after = [name for player, name in played[index + 1:] if player == controller]
    return before, after


def _played_card(s, index):
    played = list(s.get("played") or ())
    if index is None or index >= len(played):
        return None
    name = played[index][1]
    return {"name": name, "type": card_type(s.pool[name]), "subtype": s.pool[name]["subtype"]}


def card_env(s, card_oid, controller: str, holder=None, caster=None, target=None, index=None) -> Env:
    """The names a card's expressions see."""
    other = s.opponent_of(controller)
    opp = fighter_of(s, other)
    discards = [CardView(s, o) for p in s.players for o in s.zone(p, "discard")]
    view = lambda oid: CharView(s, oid) if oid is not None and oid in s.objects else None  # noqa: E731
    lifetime = lifetime_of(s, card_oid) if card_oid is not None else None
    before, after = played_around(s, controller, index)
    return Env({
        "caster": view(caster), "holder": view(holder), "target": view(target), "opponent": view(opp),
        "you": PlayerView(s, controller), "opponents": PlayerView(s, other),
        "allies": [CharView(s, o) for o in living(s, controller)],
        "enemies": [CharView(s, o) for o in living(s, other)],
        "discards": discards, "turn": s.turn,
        "card_turn": s.turn - lifetime.turn + 1 if lifetime else 0,
        "played_before": before, "played_after": after, "played_card": _played_card(s, index),
    })


def goal_env(s, player: str) -> Env:
    """The names a combo goal sees: you, opponent (players), game, winner."""
    other = s.opponent_of(player)
    return Env({
        "you": PlayerView(s, player), "opponent": PlayerView(s, other),
        "winner": PlayerView(s, s.winner) if s.winner and s.winner != "draw" else s.winner,
        "turn": s.turn, "game": "eredan",
    })

"""Yu-Gi-Oh position files (contract section 4): reading them into a State and writing them back."""

from __future__ import annotations

from dataclasses import replace

from cardjudge.cards.loader import CardPool
from cardjudge.rules.core.positions import (
    card_label, card_owner, fail, player_body, read_bool, read_counters, read_header, read_int, read_name, read_winner,
    written_header,
)
from cardjudge.rules.core.state import Lasting, Obj, PlayerState, State, frozen_params
from cardjudge.rules.ygo import moment, zone_rules
from cardjudge.rules.ygo import zones as places_rules
from cardjudge.rules.ygo.materials import EXTRA_DECK_KINDS
from cardjudge.rules.ygo.turn import PHASES
from cardjudge.rules.ygo.views import chars

MATERIAL_ZONE = "xyz_materials"  # the Xyz Materials, written under their Xyz Monster
ZONES = ("hand", "deck", "graveyard", "banished", "extra_deck", "monsters", "spells_traps", "field_spell")
PLAYER_FIELDS = set(ZONES) | {"lp", "normal_summon_used"}
TOP_FIELDS = {"game", "turn", "active", "phase", "cards", "players", "winner", "chain", "lasting",
              "used", "rules"} | moment.MOMENT_FIELDS
MONSTER_FIELDS = {"card", "id", "position", "face_up", "summon_type", "summoned_this_turn", "attacked_this_turn",
                  "position_changed_this_turn", "set_this_turn", "counters", "now", "owner", "materials", "zone"}
SPELL_FIELDS = {"card", "id", "face_up", "set_this_turn", "equipped_to", "counters", "now", "owner", "zone"}
OTHER_FIELDS = {"card", "id", "now", "owner"}
SUMMON_TYPES = (None, "normal", "tribute", "special", "flip", "fusion", "synchro", "xyz", "link")
# the counters the rules know: Spell Counters, and the turns a lasting card has left
COUNTER_KINDS = frozenset({"SPELL", "TURNS_LEFT"})
FLAG_FIELDS = ("summoned_this_turn", "attacked_this_turn", "position_changed_this_turn", "set_this_turn")


def load(data: dict, source: str) -> State:
    """A State from a parsed position mapping."""
    header = read_header(data, source, "ygo", top_fields=TOP_FIELDS, phases=PHASES, default_phase="main1",
                         not_two_players="a Yu-Gi-Oh position has exactly two players")
    pool, players_node, players, active, phase, turn = header

    objects: dict[int, Obj] = {}
    zones: dict = {}
    labels: dict[str, int] = {}
    player_states = []
    next_id = 0
    pending_equips = []
    placing = []  # (zone, cards with their written zone index, entries): placed once every card is known
    for player in players:
        body = player_body(players_node, player, PLAYER_FIELDS, source)
        lp = read_int(body, "lp", 8000, source, minimum=0)
        flags = frozenset({"normal_summon_used"}) if read_bool(body, "normal_summon_used", False, source) else frozenset()
        player_states.append(PlayerState(player, lp, flags))
        for zone in ZONES:
            entries = body.get(zone)
            if entries is None:
                continue
            if zone == "field_spell" and isinstance(entries, (dict, str)):
                entries = [entries]
            if not isinstance(entries, list):
                fail(f"zone {zone!r} must be a list", source, body, zone)
            oids = []
            places: list = []  # (oid, zone index or None, entry index), read once the zone is
            for index, entry in enumerate(entries):
                next_id += 1
                obj, equip = _card_entry(entry, zone, player, players, pool, next_id, labels, source, entries, index)
                objects[obj.oid] = obj
                labels[obj.label] = obj.oid
                oids.append(obj.oid)
                if zone in ("monsters", "spells_traps"):
                    places.append((obj.oid, _read_place(entry, zone, source), index))
                if equip is not None:
                    pending_equips.append((obj.oid, equip, entries, index))
                if zone == "monsters":
                    next_id = _load_materials(entry, obj, player, players, pool, next_id, labels, objects, zones,
                                              source, entries, index)
            if zone == "field_spell" and len(oids) > 1:
                fail("zone 'field_spell' holds at most 1 card", source, body, zone)
            if places:
                placing.append((zone, places, entries))
            zones[(player, zone)] = tuple(oids)
    reads = places_rules.places_read_by(pool, [obj.card for obj in objects.values()])
    for zone, places, entries in placing:
        _place_cards(places, objects, reads, zone, source, entries)
    for oid, equip_label, node, index in pending_equips:
        if equip_label not in labels:
            fail(f"'equipped_to' names unknown card {equip_label!r}", source, node, index)
        objects[oid] = _replace(objects[oid], equipped_to=labels[equip_label])
    written_at = {oid: (entries, index) for _, places, entries in placing for oid, _, index in places}
    _check_extra_monster_zones(players, zones, objects, pool, source, written_at)
    rule = _read_rules(data, source)
    lasting, next_id = _load_lasting(data.get("lasting") or [], labels, next_id, source, data)
    used = frozenset(_load_used(data.get("used") or [], labels, source, data))
    winner = read_winner(data, players, source)
    reader = moment.Reader(labels, objects, players, next_id, source)
    chain_node = data.get("chain") or []
    if not isinstance(chain_node, list):
        fail("'chain' must be a list of chain links", source, data, "chain")
    chain = [reader.link(number, entry, pool) for number, entry in enumerate(chain_node, 1)]
    game_data, pending = reader.moment(data, pool)
    next_id = reader.next_id
    if rule != places_rules.CURRENT_RULE:
        game_data["master_rule"] = rule
    if reads:
        game_data[places_rules.READS_PLACES] = True
    if chain and "window" not in game_data:
        # a chain with no window said: the other player may respond to its last link
        game_data["window"] = ("respond", _other(players, chain[-1].controller), 0)
        game_data.setdefault("base_window", "open")
    state = State(
        game="ygo", pool=pool, turn=turn, active=active, phase=phase, players=players,
        player_states=tuple(player_states), objects=objects, zones={k: v for k, v in zones.items() if v},
        next_id=next_id + 1, chain=tuple(chain), lasting=tuple(lasting), pending=pending, used=used,
        game_data=tuple(sorted(game_data.items())), winner=winner,
    )
    zone_rules.check(state, data, source)
    return state


def _read_place(entry, zone: str, source: str) -> int | None:
    """A card's ``zone:`` index (None when not written): 0-4 for a Main Monster Zone or a Spell &
    Trap Zone, 5 / 6 for the Extra Monster Zone on the controller's left / right."""
    if not isinstance(entry, dict) or "zone" not in entry:
        return None
    value = entry["zone"]
    high = (places_rules.MAIN_ZONES + len(places_rules.EXTRA_ZONES) - 1 if zone == "monsters"
            else places_rules.SPELL_TRAP_ZONES - 1)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        what = "0-4 (Main Monster Zones) or 5, 6 (Extra Monster Zones)" if zone == "monsters" else "0-4"
        fail(f"'zone' must be a zone index: {what}, not {value!r}", source, entry, "zone")
    return value


def _place_cards(places: list, objects: dict, reads: bool, zone: str, source: str, node) -> None:
    """Give each card of a zone its place: the one written, else the leftmost free (as a position
    without indexes has always read); refuse two cards in one place."""
    keyed = zone == "monsters" and reads
    held: dict = {}
    for oid, place, index in places:
        if place is None:
            continue
        if place in held:
            fail(f"two cards in zone {place} of {zone!r}: {objects[held[place]].label!r} and "
                 f"{objects[oid].label!r}", source, node, index)
        held[place] = oid
    free = [place for place in range(places_rules.MAIN_ZONES) if place not in held]
    for oid, place, index in places:
        if place is None:
            if not free:
                fail(f"zone {zone!r} holds at most {places_rules.MAIN_ZONES} cards without a 'zone' index "
                     "(5 and 6 are the Extra Monster Zones)" if zone == "monsters" else
                     f"zone {zone!r} holds at most {places_rules.SPELL_TRAP_ZONES} cards", source, node, index)
            place = free.pop(0)
        objects[oid] = _replace(objects[oid], extra=places_rules.with_place(objects[oid].extra, place, keyed))


def _check_extra_monster_zones(players, zones_by_player: dict, objects: dict, pool, source: str,
                               written_at: dict) -> None:
    """A player uses at most one Extra Monster Zone but through an Extra Link, and each holds one
    monster (an error names the line of the second monster)."""
    used: dict = {}
    links = [(obj.controller, places_rules.place_of(obj), tuple(pool[obj.card]["link_arrows"] or ()))
             for side in players for oid in zones_by_player.get((side, "monsters"), ())
             if (obj := objects[oid]).face_up and pool[obj.card]["subtype"] == "link"]
    for player in players:
        mine = [oid for oid in zones_by_player.get((player, "monsters"), ())
                if places_rules.place_of(objects[oid]) in places_rules.EXTRA_ZONES]
        if len(mine) > 1 and not places_rules.extra_linked(players, links):
            fail(f"{player!r} has monsters in both Extra Monster Zones ({objects[mine[0]].label!r}, "
                 f"{objects[mine[1]].label!r}) with no Extra Link joining them: a player uses at most one "
                 "otherwise", source, *written_at[mine[1]])
        for oid in mine:
            place = places_rules.place_of(objects[oid])
            physical = place if player == players[0] else 11 - place
            if physical in used:
                fail(f"an Extra Monster Zone holds {objects[used[physical]].label!r} and {objects[oid].label!r} "
                     f"(zone {place} of {player!r} is zone {11 - place} of the other player)", source,
                     *written_at[oid])
            used[physical] = oid


def _read_rules(data: dict, source: str) -> int:
    """The Master Rule the position follows (``rules: {master_rule: 4}``; the April 2020
    revision by default)."""
    node = data.get("rules")
    if node is None:
        return places_rules.CURRENT_RULE
    if not isinstance(node, dict) or set(node) - {"master_rule"}:
        fail("'rules' is a mapping with 'master_rule' (4, or 2020 for the current rules)", source, data, "rules")
    rule = node.get("master_rule", places_rules.CURRENT_RULE)
    if rule not in places_rules.MASTER_RULES:
        fail(f"'master_rule' must be 4 or 2020 (the April 2020 revision), not {rule!r}", source, node, "master_rule")
    return rule


def _other(players, player):
    return players[1] if player == players[0] else players[0]


def _replace(obj: Obj, **changes) -> Obj:
    return replace(obj, **changes)


def _card_entry(entry, zone, player, players, pool: CardPool, oid, labels, source, node, index):
    if isinstance(entry, str):
        entry = {"card": entry}
    if not isinstance(entry, dict) or "card" not in entry:
        fail("a card entry is a card name or a mapping with 'card'", source, node, index)
    name = entry["card"]
    if name not in pool:
        fail(f"unknown card {name!r}", source, node, index)
    allowed = MONSTER_FIELDS if zone == "monsters" else SPELL_FIELDS if zone in ("spells_traps", "field_spell") else OTHER_FIELDS
    for key in entry:
        if key not in allowed:
            fail(f"unknown field {key!r} for a card in {zone}", source, entry, key)
    card = pool[name]
    label = card_label(entry, name, player, zone, index, labels, players, source, node)
    owner = card_owner(entry, player, players, source)
    face_up = read_bool(entry, "face_up", zone in ("monsters", "graveyard", "banished", "field_spell"), source)
    if zone in ("hand", "deck", "extra_deck"):
        face_up = False
    position = None
    if zone == "monsters":
        position = entry.get("position", "attack" if face_up else "defense")
        if position not in ("attack", "defense"):
            fail("'position' must be attack or defense", source, entry, "position")
        if not face_up:
            position = "defense"
        if card["subtype"] == "link" and (position != "attack" or not face_up):
            fail(f"{name!r} is a Link Monster: it is always face-up in Attack Position", source, node, index)
    extra_deck_monster = card["kind"] == "monster" and card["subtype"] in EXTRA_DECK_KINDS
    default_type = ("normal" if not extra_deck_monster else card["subtype"]) if zone == "monsters" and face_up else None
    summon_type = entry.get("summon_type", default_type)
    if summon_type not in SUMMON_TYPES:
        fail("'summon_type' must be normal, tribute, special, flip, fusion, synchro, xyz, link or null (not Summoned)",
             source, entry, "summon_type")
    flags = frozenset(f for f in FLAG_FIELDS if read_bool(entry, f, False, source))
    counters = read_counters(entry, "counters", COUNTER_KINDS, source, "{SPELL: 1}")
    obj = Obj(oid=oid, label=label, card=name, owner=owner, controller=player, zone=zone, face_up=bool(face_up),
              position=position, summon_type=summon_type, flags=flags,
              counters=counters)
    return obj, entry.get("equipped_to")


def _load_materials(entry, obj, player, players, pool, next_id, labels, objects, zones, source, node, index):
    """The Xyz Materials written under an Xyz Monster (``materials: [card, ...]``), attached to it."""
    if not isinstance(entry, dict) or "materials" not in entry:
        return next_id
    listed = entry["materials"]
    if pool[obj.card]["subtype"] != "xyz":
        fail(f"{obj.card!r} is not an Xyz Monster: it has no materials", source, entry, "materials")
    if not isinstance(listed, list):
        fail("'materials' must be a list of cards", source, entry, "materials")
    for number, material in enumerate(listed):
        if isinstance(material, str):
            material = {"card": material}
        if not isinstance(material, dict) or "card" not in material:
            fail("a material is a card name or a mapping with 'card'", source, listed, number)
        for key in material:
            if key not in OTHER_FIELDS:
                fail(f"unknown field {key!r} for an Xyz Material", source, material, key)
        if material["card"] not in pool:
            fail(f"unknown card {material['card']!r}", source, listed, number)
        next_id += 1
        label = card_label(material, material["card"], player, f"{obj.label}.materials", number, labels, players,
                           source, listed)
        owner = card_owner(material, player, players, source)
        attached = Obj(oid=next_id, label=label, card=material["card"], owner=owner, controller=owner,
                       zone=MATERIAL_ZONE, face_up=True, extra=(("attached_to", obj.oid),))
        objects[attached.oid] = attached
        labels[label] = attached.oid
        zones[(owner, MATERIAL_ZONE)] = (*zones.get((owner, MATERIAL_ZONE), ()), attached.oid)
    return next_id


def _load_lasting(entries, labels, next_id, source, data):
    lasting = []
    for entry in entries:
        if not isinstance(entry, dict) or "kind" not in entry:
            fail("a lasting effect needs a 'kind'", source, data, "lasting")
        next_id += 1
        if not isinstance(entry.get("affects") or [], list):
            fail("'affects' of a lasting effect is a list of labels", source, entry, "affects")
        if not isinstance(entry.get("params") or {}, dict):
            fail("'params' of a lasting effect is a mapping", source, entry, "params")
        affected = tuple(labels[label] for label in entry.get("affects") or [] if label in labels)
        lasting.append(Lasting(next_id, read_name(entry, "kind", source), affected, frozen_params(entry.get("params")),
                               read_name(entry, "until", source, "end_of_turn"),
                               read_int(entry, "turn", 0, source, minimum=0),
                               labels.get(entry.get("source")), read_name(entry, "controller", source)))
    return lasting, next_id


# ------------------------------------------------------------------ writing


_ON_FIELD = frozenset({"monsters", "spells_traps", "field_spell"})
_SPELL_ZONES = frozenset({"spells_traps", "field_spell"})
_LIST_ZONES = tuple(zone for zone in ZONES if zone != "field_spell")  # written as lists, even when empty


def _now(s, obj) -> dict:
    c = chars(s, obj.oid)
    if s.pool.cards[obj.card].fields.get("kind") != "monster":  # (pool[card]["kind"], without two calls)
        return {"name": c.name}
    out = {"name": c.name, "atk": c.atk, "def": c.defense, "level": c.level, "race": c.race, "attribute": c.attribute}
    card = s.pool[obj.card]
    if card["subtype"] == "link":  # its Link Rating and Link Arrows, and the monsters it points to
        out["link_rating"] = card["link_rating"]
        out["link_arrows"] = list(card["link_arrows"])
        if obj.zone == "monsters":
            out["points_to"] = [s.objects[o].label for o in places_rules.pointed_monsters(s, obj.oid)]
    return out


def _entry(s, oid) -> dict:
    obj = s.objects[oid]
    zone = obj.zone
    if zone not in _ON_FIELD and not obj.flags and not obj.counters and obj.owner == obj.controller:
        return {"card": obj.card, "id": obj.label}  # (most cards: in a hand, deck or graveyard)
    out: dict = {"card": obj.card, "id": obj.label}
    if obj.owner != obj.controller:
        out["owner"] = obj.owner
    place = places_rules.place_of(obj)
    if place is not None:
        out["zone"] = place
    if zone == "monsters":
        out["position"] = obj.position
        out["face_up"] = obj.face_up
        materials = [m for p in s.players for m in s.zone(p, MATERIAL_ZONE)
                     if s.objects[m].get("attached_to") == oid] if s.zones.get((s.players[0], MATERIAL_ZONE)) or \
            s.zones.get((s.players[1], MATERIAL_ZONE)) else ()
        if materials:
            out["materials"] = [_material_entry(s, m) for m in materials]
        if obj.summon_type or obj.face_up:
            # written null for a face-up monster that was never Summoned (Set, then flipped
            # face-up by an attack), whose type would otherwise read back as the default
            out["summon_type"] = obj.summon_type
    elif zone in _SPELL_ZONES:
        out["face_up"] = obj.face_up
        if obj.equipped_to in s.objects:
            out["equipped_to"] = s.objects[obj.equipped_to].label
    if obj.flags:
        for flag in FLAG_FIELDS:
            if flag in obj.flags:
                out[flag] = True
    if obj.counters:
        out["counters"] = dict(obj.counters)
    if zone in _ON_FIELD:
        out["now"] = _now(s, obj)
    return out


def _material_entry(s, oid) -> dict:
    obj = s.objects[oid]
    out = {"card": obj.card, "id": obj.label}
    if obj.owner != obj.controller:
        out["owner"] = obj.owner
    return out


def _player_body(s: State, player: str, state) -> dict:
    """A player's entry: life points, the cards of each zone (empty zones too, but for the Field
    Spell Zone, written only when a card is there) and whether the Normal Summon was used."""
    body: dict = {"lp": state.life, "hand": [], "deck": [], "graveyard": [], "banished": [], "extra_deck": [],
                  "monsters": [], "spells_traps": []}
    zones = s.zones
    for zone in _LIST_ZONES:  # in the order of ZONES, so that the now: values are computed in it
        oids = zones.get((player, zone))
        if oids:
            body[zone] = [_entry(s, oid) for oid in oids]
    field_spell = zones.get((player, "field_spell"))
    if field_spell:
        body["field_spell"] = _entry(s, field_spell[0])
    body["normal_summon_used"] = "normal_summon_used" in state.flags
    return body


def _load_used(entries: list, labels: dict, source: str, data: dict) -> list:
    """Once-per-turn/duel marks; a soft once-per-turn names its card by label."""
    out = []
    for index, u in enumerate(entries):
        u = tuple(u) if isinstance(u, list) else u
        if isinstance(u, tuple) and len(u) == 4 and u[:2] == ("turn", "soft") and isinstance(u[2], str):
            if u[2] not in labels:
                fail(f"'used' names unknown card {u[2]!r}", source, data.get("used"), index)
            u = ("turn", "soft", labels[u[2]], u[3])
        out.append(u)
    return out


def to_dict(s: State) -> dict:
    """The position in the format of contract section 4."""
    players = {player: _player_body(s, player, state) for player, state in zip(s.players, s.player_states)}
    label = lambda oid: s.objects[oid].label if oid in s.objects else None  # noqa: E731
    lasting = [
        {"kind": e.kind, "affects": [label(o) for o in e.affected if o in s.objects], "until": e.until,
         "turn": e.turn, "params": dict(e.params), "source": label(e.source) if e.source else None,
         "controller": e.controller}
        for e in s.lasting
    ]
    out = written_header(s, players)
    if places_rules.master_rule(s) != places_rules.CURRENT_RULE:
        out["rules"] = {"master_rule": places_rules.master_rule(s)}
    if lasting:
        out["lasting"] = lasting
    out.update(moment.write(s))
    used = []
    for u in sorted(s.used, key=str) if s.used else ():
        if u[0] == "turn" and u[1] == "soft":
            # a soft once-per-turn is kept by the card on the field: written with its label
            if u[2] in s.objects:
                used.append(["turn", "soft", s.objects[u[2]].label, u[3]])
        else:
            used.append(list(u))
    if used:
        out["used"] = used
    return out

"""Eredan position files: reading them into a State and writing them back (contract section 4).

Besides the contract's ``characters`` (with ``hp`` and ``attached``), a position may give:
``rules`` (rule options), ``fight`` (player -> fighter label), ``to_play`` and ``play`` (who
plays next and each player's state: first, done or ``{after: CARD}`` when an Enchaînement
allows another card), ``queue`` (cards played and not resolved yet), ``played`` (the card
names played in this fight, in order), ``blows`` (rolled, not landed yet), ``countering``, ``items_now``, ``deck_out``,
``pending`` (work left in the middle of a resolution) and ``lasting`` (characteristic changes).
"""

from __future__ import annotations

from typing import Any

from cardjudge.rules.core.lasting import remaining
from cardjudge.rules.core.positions import (
    card_label, card_owner, fail, player_body, read_bool, read_header, read_int,
)
from cardjudge.rules.core.state import Draft, Lasting, Obj, PlayerState, State
from cardjudge.rules.eredan import options, work, zone_rules
from cardjudge.rules.eredan.abilities import STATS, TIMED
from cardjudge.rules.eredan.cards import lifetime
from cardjudge.rules.eredan.play import sync_life
from cardjudge.rules.eredan.records import OID_FIELDS, Played, Work
from cardjudge.rules.eredan.views import attached_to, fight, lifetime_of, stats

PHASES = ("fight_choice", "play", "resolution", "clash", "end_of_combat", "end_of_turn", "start_of_turn", "over")
ZONES = ("characters", "hand", "deck", "discard", "in_fight")
PLAYER_FIELDS = set(ZONES) | {"score"}
TOP_FIELDS = {"game", "turn", "active", "phase", "cards", "players", "winner", "rules", "fight", "to_play", "play",
              "queue", "played", "blows", "countering", "items_now", "deck_out", "pending", "lasting"}
CHARACTER_FIELDS = {"card", "id", "hp", "tapped", "attached", "now"}
ATTACHED_FIELDS = {"card", "id", "turns_left", "combats_left", "until", "turn", "caster", "fired", "waiting", "owner"}
IN_FIGHT_FIELDS = {"card", "id", "turn", "caster", "fired"}
QUEUE_FIELDS = {"card", "id", "player", "by", "target"}
LASTING_FIELDS = {"kind", "affects", "until", "turn", "source", "controller", "halve_attack", *STATS}
UNTILS = ("end_of_combat", "end_of_turn", "permanent")


class _Loader:
    """One position being read: its source for messages, labels, objects and zones."""

    def __init__(self, data: dict, source: str):
        self.data, self.source = data, source
        self.objects: dict[int, Obj] = {}
        self.zones: dict = {}
        self.labels: dict[str, int] = {}
        self.next_id = 0
        self.lasting: list = []
        self.used: set = set()
        self.players: tuple = ()

    def fail(self, message: str, node: Any, key: Any = None):
        fail(message, self.source, node, key)

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def label_for(self, entry: dict, name: str, player: str, zone: str, index: int, node) -> str:
        return card_label(entry, name, player, zone, index, self.labels, self.players, self.source, node)

    def oid_of(self, label, node, key) -> int:
        if label is None:
            return None
        if str(label) not in self.labels:
            self.fail(f"unknown card label {label!r}", node, key)
        return self.labels[str(label)]

    def entry(self, raw, allowed: set, zone: str, player: str, node, index) -> dict:
        if isinstance(raw, str):
            raw = {"card": raw}
        if not isinstance(raw, dict) or "card" not in raw:
            self.fail("a card entry is a card name or a mapping with 'card'", node, index)
        if raw["card"] not in self.pool:
            self.fail(f"unknown card {raw['card']!r}", node, index)
        for key in raw:
            if key not in allowed:
                self.fail(f"unknown field {key!r} for a card in {zone}", raw, key)
        return raw

    def add(self, obj: Obj, key) -> None:
        self.objects[obj.oid] = obj
        self.labels[obj.label] = obj.oid
        self.zones[key] = self.zones.get(key, ()) + (obj.oid,)


def load(data: dict, source: str) -> State:
    """A State from a parsed position mapping."""
    ld = _Loader(data, source)
    two = "an Eredan position needs 'players': two players in turn order"
    header = read_header(data, source, "eredan", top_fields=TOP_FIELDS, phases=PHASES, default_phase="fight_choice",
                         not_two_players=two, no_players=two)
    pool, players_node, players, active, phase, turn = header
    ld.pool, ld.players = pool, players
    error, rules = options.check(data.get("rules"))
    if error:
        ld.fail(error, data, "rules")
    player_states = []
    attached_later = []
    for player in players:
        body = player_body(players_node, player, PLAYER_FIELDS, source, unknown="zone or field")
        score = body.get("score", 0)
        if not isinstance(score, int) or isinstance(score, bool) or score < 0:
            ld.fail("'score' must be a number from 0", body, "score")
        player_states.append(PlayerState(player, 0, extra=(("score", score),) if score else ()))
        for zone in ZONES:
            entries = body.get(zone) or []
            if not isinstance(entries, list):
                ld.fail(f"zone {zone!r} must be a list", body, zone)
            for index, raw in enumerate(entries):
                allowed = CHARACTER_FIELDS if zone == "characters" else IN_FIGHT_FIELDS if zone == "in_fight" else {"card", "id"}
                entry = ld.entry(raw, allowed, zone, player, entries, index)
                card = pool[entry["card"]]
                label = ld.label_for(entry, card.name, player, zone, index, entries)
                counters, flags = (), frozenset()
                if zone == "characters":
                    hp = entry.get("hp", card["hp"] or 0)  # (a card with no HP is refused by zone_rules)
                    if not isinstance(hp, int) or isinstance(hp, bool):
                        ld.fail("'hp' must be a number", entry, "hp")
                    counters = (("hp", hp),)
                    if read_bool(entry, "tapped", False, ld.source):
                        flags = frozenset({"tapped"})
                obj = Obj(ld.new_id(), label, card.name, player, player, zone, counters=counters, flags=flags)
                ld.add(obj, (player, zone))
                if zone == "characters":
                    attached_later.append((obj.oid, player, entry.get("attached") or [], entry))
                if zone == "in_fight":
                    _lifetime(ld, obj, entry, turn, player, "end_of_combat")
    for holder, player, entries, node in attached_later:
        if not isinstance(entries, list):
            ld.fail("'attached' must be a list", node, "attached")
        for index, raw in enumerate(entries):
            entry = ld.entry(raw, ATTACHED_FIELDS, "attached", player, entries, index)
            card = pool[entry["card"]]
            owner = card_owner(entry, player, players, source)
            label = ld.label_for(entry, card.name, player, "attached", index, entries)
            flags = frozenset({"waiting"}) if entry.get("waiting") else frozenset()
            obj = Obj(ld.new_id(), label, card.name, owner, owner, "attached", flags=flags, equipped_to=holder)
            ld.add(obj, (owner, "attached"))
            _lifetime(ld, obj, entry, turn, owner, None)
    game_data = {"rules": rules}
    _load_fight(ld, data, game_data, phase, turn)
    state = State(
        game="eredan", pool=pool, turn=turn, active=active, phase=phase, players=players,
        player_states=tuple(player_states), objects=ld.objects, zones=ld.zones, next_id=ld.next_id + 1,
        chain=tuple(game_data.pop("queue", ())), lasting=tuple(ld.lasting), pending=tuple(game_data.pop("pending", ())),
        used=frozenset(ld.used), game_data=tuple(sorted(game_data.items())), winner=_winner(ld, data, players),
    )
    zone_rules.check(state, data, source)

    draft = Draft(state)
    work.run(draft)  # work with nothing to decide (a queue to resolve) is done at once
    sync_life(draft)
    return draft.freeze()


def _winner(ld, data, players):
    winner = data.get("winner")
    if winner is not None and winner not in players and winner != "draw":
        ld.fail(f"'winner' must be a player or draw, not {winner!r}", data, "winner")
    if (winner is None) != (data.get("phase") != "over"):
        ld.fail("a finished game has phase 'over' and a 'winner'", data, "winner" if winner is not None else "phase")
    return winner


def _lifetime(ld, obj: Obj, entry: dict, turn: int, owner: str, fixed: str | None) -> None:
    """The lifetime record of a card in play, from what is left of its duration."""
    card = ld.pool[obj.card]
    until = fixed or lifetime(card)
    printed = remaining(until)
    left_keys = [k for k in ("turns_left", "combats_left", "until") if k in entry]
    if len(left_keys) > 1:
        ld.fail("give one of turns_left, combats_left, until", entry, left_keys[1])
    attached_turn = entry.get("turn")
    if left_keys:
        key = left_keys[0]
        value = entry[key]
        if key == "until":
            if value not in UNTILS:
                ld.fail(f"'until' must be one of {', '.join(UNTILS)}", entry, key)
            until = value
        else:
            unit = key.split("_")[0]
            if printed is None or printed[0] != unit:
                ld.fail(f"{obj.card!r} does not last a number of {unit}", entry, key)
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= printed[1]:
                ld.fail(f"'{key}' must be from 1 to {printed[1]}", entry, key)
            until = f"{unit}:{value}"
            if attached_turn is None and unit == "turns":
                attached_turn = turn - (printed[1] - value)
    if attached_turn is None:
        attached_turn = turn
    if not isinstance(attached_turn, int) or isinstance(attached_turn, bool) or attached_turn > turn:
        ld.fail("'turn' (when the card was played) must be a turn number up to the current one", entry, "turn")
    caster = entry.get("caster")
    params = ()
    if caster is not None:
        params = (("caster", ld.oid_of(caster, entry, "caster")),)
    ld.lasting.append(Lasting(ld.new_id(), "lifetime", (obj.oid,), params, until, attached_turn, obj.oid, owner))
    fired = entry.get("fired")
    if fired is None:
        # a once part whose first moment has passed since the card came into play
        fired = [a.index for a in card.abilities if a.when in TIMED and a.repeat == "once" and (
            (a.when in ("fight_end", "turn_end") and attached_turn < turn)
            or (a.when in ("fight_start", "turn_start") and attached_turn < turn - 1))]
    if not isinstance(fired, list) or not all(isinstance(i, int) and 0 <= i < len(card.abilities) for i in fired):
        ld.fail("'fired' lists the indexes of the card's parts that already fired", entry, "fired")
    ld.used |= {("fired", obj.oid, i) for i in fired}


def _player_of(ld, value, node, key) -> str:
    if value not in ld.players:
        ld.fail(f"unknown player {value!r}", node, key)
    return value


def _load_fight(ld, data: dict, game_data: dict, phase: str, turn: int) -> None:
    fight_node = data.get("fight")
    if fight_node:
        if not isinstance(fight_node, dict) or set(fight_node) != set(ld.players):
            ld.fail("'fight' maps each player to its fighter's label", data, "fight")
        pairs = []
        for player, label in fight_node.items():
            oid = ld.oid_of(label, fight_node, player)
            if ld.objects[oid].zone != "characters" or ld.objects[oid].controller != player:
                ld.fail(f"{label!r} is not a character of {player}", fight_node, player)
            pairs.append((player, oid))
        game_data["fight"] = tuple(sorted(pairs))
    elif phase in ("play", "resolution", "clash"):
        ld.fail(f"phase {phase!r} needs the current 'fight'", data, "phase")
    played = data.get("played") or []
    if not isinstance(played, list):
        ld.fail("'played' must be a list", data, "played")
    names = []
    for index, item in enumerate(played):
        if not isinstance(item, dict) or set(item) != {"card", "player"} or item["card"] not in ld.pool:
            ld.fail("each 'played' entry is {card: NAME, player: PLAYER}", played, index)
        names.append((_player_of(ld, item["player"], item, "player"), item["card"]))
    queue = []
    for index, raw in enumerate(data.get("queue") or []):
        player = _player_of(ld, raw.get("player") if isinstance(raw, dict) else None, raw, "player")
        entry = ld.entry(raw, QUEUE_FIELDS, "queue", player, data["queue"], index)
        label = ld.label_for(entry, entry["card"], player, "queue", index, data["queue"])
        obj = Obj(ld.new_id(), label, entry["card"], player, player, "queue")
        ld.add(obj, (player, "queue"))
        by = ld.oid_of(entry.get("by"), entry, "by") if entry.get("by") else dict(game_data.get("fight", ())).get(player)
        queue.append(Played(obj.oid, player, by, ld.oid_of(entry.get("target"), entry, "target"), len(names)))
        names.append((player, entry["card"]))
    if names:
        game_data["played"] = tuple(names)
    game_data["queue"] = tuple(queue)
    if phase == "play":
        to_play = data.get("to_play", data.get("active", ld.players[0]))
        game_data["to_play"] = _player_of(ld, to_play, data, "to_play")
        statuses = {p: "first" for p in ld.players}
        for player, value in (data.get("play") or {}).items():
            _player_of(ld, player, data["play"], player)
            if value in ("first", "done"):
                statuses[player] = value
            elif isinstance(value, dict) and set(value) == {"after"} and value["after"] in ld.pool:
                statuses[player] = ("chain", value["after"])
            else:
                ld.fail("a player's play state is first, done or {after: CARD}", data["play"], player)
        game_data["play"] = tuple(sorted(statuses.items()))
    elif data.get("to_play") or data.get("play"):
        ld.fail("'to_play' and 'play' belong to the play phase", data, "to_play" if data.get("to_play") else "play")
    blows = []
    for index, item in enumerate(data.get("blows") or []):
        if not isinstance(item, dict) or set(item) != {"by", "damage"} or not isinstance(item["damage"], int):
            ld.fail("each blow is {by: LABEL, damage: N}", data["blows"], index)
        blows.append((ld.oid_of(item["by"], item, "by"), item["damage"]))
    if blows:
        game_data["blows"] = tuple(blows)
    countering = []
    for index, item in enumerate(data.get("countering") or []):
        if not isinstance(item, dict) or set(item) != {"player", "type"}:
            ld.fail("each 'countering' entry is {player: P, type: sort}", data["countering"], index)
        countering.append((_player_of(ld, item["player"], item, "player"), item["type"]))
    if countering:
        game_data["countering"] = tuple(countering)
    items = data.get("items_now") or {}
    if items:
        game_data["items_now"] = tuple(sorted((_player_of(ld, p, items, p), tuple(v)) for p, v in items.items()))
    deck_out = data.get("deck_out") or []
    if deck_out:
        game_data["deck_out"] = tuple(_player_of(ld, p, data, "deck_out") for p in deck_out)
    _load_lasting(ld, data)
    pending = []
    for index, item in enumerate(data.get("pending") or []):
        if not isinstance(item, dict) or "kind" not in item:
            ld.fail("each 'pending' entry is a work record with its 'kind'", data["pending"], index)
        if item["kind"] not in work.STEPS:
            ld.fail(f"unknown work kind {item['kind']!r} (known: {', '.join(sorted(work.STEPS))})", item, "kind")
        values = {}
        for key, value in item.items():
            if key in OID_FIELDS:
                value = ld.oid_of(value, item, key)
            elif key in _WORK_NUMBERS:
                value = None if value is None else read_int(item, key, 0, ld.source, minimum=0)
            elif key in _WORK_NAMES and value is not None and not isinstance(value, str):
                ld.fail(f"{key!r} must be a name, not {value!r}", item, key)
            values[key] = value
        _check_work_indexes(ld, values, item)
        try:
            pending.append(Work(**values))
        except TypeError:
            ld.fail("unknown field in a 'pending' work record", data["pending"], index)
    if not pending and phase in ("resolution", "clash"):
        pending = _rest_of_fight(ld, game_data, phase)
    elif not pending and phase in ("end_of_combat", "end_of_turn", "start_of_turn"):
        ld.fail(f"phase {phase!r} needs the 'pending' work that is left", data, "phase")
    game_data["pending"] = tuple(pending)


def _rest_of_fight(ld, game_data: dict, phase: str) -> list:
    """What is left of the fight: the queue's cards to resolve (phase resolution), the rolls not
    made yet (a clash, struck at once), then the end of the combat and of the turn."""
    works = []
    if phase == "resolution":
        works = [Work("resolve", p.card, ld.objects[p.card].card, controller=p.player, caster=p.by, target=p.target,
                      index=p.index) for p in game_data.get("queue", ())]
        if dict(game_data["rules"])["fight_start_triggers"] == "after_cards":
            works.append(Work("moment", moment="fight_start"))
        works.append(Work("clash"))
    else:
        done = {oid for oid, _ in game_data.get("blows", ())}
        fighters = [oid for _, oid in game_data.get("fight", ())]
        works = [Work("roll", holder=oid) for oid in fighters if oid not in done and ld.objects[oid].counter("hp") > 0]
        works.append(Work("strike"))
    return works + [Work("end_combat"), Work("end_turn"), Work("start_turn")]


def _check_work_indexes(ld, values: dict, item: dict) -> None:
    """A work record's ``ability`` (and ``effect``) name a part (and an effect of it) its card has."""
    if values.get("ability") is None:
        return
    if values.get("card") is None:
        ld.fail("a work record with an 'ability' names its 'card'", item, "ability")
    abilities = ld.pool[ld.objects[values["card"]].card].abilities
    if values["ability"] >= len(abilities):
        ld.fail(f"{ld.objects[values['card']].card!r} has no part {values['ability']}", item, "ability")
    effect = values.get("effect")
    if effect is not None and effect >= len(abilities[values["ability"]].effects):
        ld.fail(f"part {values['ability']} of {ld.objects[values['card']].card!r} has no effect {effect}", item,
                "effect")


_WORK_NUMBERS = ("ability", "effect", "index", "value")  # the whole-number fields of a work record
_WORK_NAMES = ("name", "controller", "moment")


def _load_lasting(ld, data: dict) -> None:
    for index, item in enumerate(data.get("lasting") or []):
        if not isinstance(item, dict) or item.get("kind") != "modify":
            ld.fail("each 'lasting' entry is a change {kind: modify, affects: [...], until: ..., attack: N}",
                    data["lasting"], index)
        for key in item:
            if key not in LASTING_FIELDS:
                ld.fail(f"unknown field {key!r} in a lasting change", item, key)
        if item.get("until") not in UNTILS:
            ld.fail(f"'until' must be one of {', '.join(UNTILS)}", item, "until")
        affected = tuple(ld.oid_of(label, item, "affects") for label in item.get("affects") or [])
        changes = tuple(sorted((k, 1 if k == "halve_attack" else read_int(item, k, 0, ld.source)) for k in item
                               if k in STATS or k == "halve_attack"))
        source = ld.oid_of(item.get("source"), item, "source") if item.get("source") else None
        controller = item.get("controller")
        ld.lasting.append(Lasting(ld.new_id(), "modify", affected, changes, item["until"],
                                  read_int(item, "turn", 0, ld.source, minimum=0), source, controller))


# ------------------------------------------------------------------ writing


def _label(s, oid):
    obj = s.objects.get(oid)
    return obj.label if obj is not None else None


def _fired(s, oid) -> list:
    return sorted(u[2] for u in s.used if isinstance(u, tuple) and u[:2] == ("fired", oid))


def _card_in_play(s, oid) -> dict:
    obj = s.objects[oid]
    out: dict = {"card": obj.card, "id": obj.label}
    record = lifetime_of(s, oid)
    if record is not None:
        left = remaining(record.until)
        if left:
            out[f"{left[0]}_left"] = left[1]
        elif record.until != lifetime(s.pool[obj.card]) and obj.zone == "attached":
            out["until"] = record.until
        out["turn"] = record.turn
        if record.param("caster") in s.objects:
            out["caster"] = _label(s, record.param("caster"))
    out["fired"] = _fired(s, oid)
    if "waiting" in obj.flags:
        out["waiting"] = True
    return out


def _character(s, oid) -> dict:
    obj = s.objects[oid]
    out: dict = {"card": obj.card, "id": obj.label, "hp": obj.counter("hp")}
    if "tapped" in obj.flags:
        out["tapped"] = True
    attached = []
    for card_oid in attached_to(s, oid):
        entry = _card_in_play(s, card_oid)
        if s.objects[card_oid].owner != obj.controller:
            entry["owner"] = s.objects[card_oid].owner
        attached.append(entry)
    out["attached"] = attached
    now = stats(s, oid)
    out["now"] = {"attack": [now["attack_min"], now["attack_max"]], "defense": now["defense"],
                  "esprit": now["esprit"], "hp": now["hp"]}
    return out


def to_dict(s: State) -> dict:
    """The position in the format of contract section 4, with the Eredan fields above."""
    players = {}
    for player in s.players:
        body: dict = {"characters": [_character(s, oid) for oid in s.zone(player, "characters")]}
        for zone in ("hand", "deck", "discard"):
            body[zone] = [{"card": s.objects[o].card, "id": s.objects[o].label} for o in s.zone(player, zone)]
        in_fight = [_card_in_play(s, o) for o in s.zone(player, "in_fight")]
        for entry in in_fight:
            entry.pop("turn", None)
        if in_fight:
            body["in_fight"] = in_fight
        body["score"] = s.player(player).get("score", 0)
        players[player] = body
    out: dict = {"game": "eredan", "turn": s.turn, "active": s.active, "phase": s.phase,
                 "rules": dict(s.get("rules") or options.defaults())}
    if s.pool.inline:
        out["cards"] = [dict(card) for card in s.pool.inline]
    out["players"] = players
    current = fight(s)
    if current:
        out["fight"] = {player: _label(s, oid) for player, oid in current.items()}
    resolved = list(s.get("played") or ())[:len(s.get("played") or ()) - len(s.chain)]
    if resolved:  # the cards still in the queue are the last ones played; they are written below
        out["played"] = [{"card": name, "player": player} for player, name in resolved]
    out["queue"] = [{"card": s.objects[p.card].card, "id": _label(s, p.card), "player": p.player,
                     "by": _label(s, p.by), **({"target": _label(s, p.target)} if p.target is not None else {})}
                    for p in s.chain]
    if s.phase == "play":
        out["to_play"] = s.get("to_play")
        out["play"] = {p: v if isinstance(v, str) else {"after": v[1]} for p, v in s.get("play") or ()}
    if s.get("blows"):
        out["blows"] = [{"by": _label(s, oid), "damage": damage} for oid, damage in s.get("blows")]
    if s.get("countering"):
        out["countering"] = [{"player": p, "type": t} for p, t in s.get("countering")]
    if s.get("items_now"):
        out["items_now"] = {p: list(v) for p, v in s.get("items_now")}
    if s.get("deck_out"):
        out["deck_out"] = list(s.get("deck_out"))
    if s.pending:
        out["pending"] = [w.to_plain(lambda oid: _label(s, oid)) for w in s.pending]
    changes = []
    for e in s.lasting:
        if e.kind != "modify":
            continue
        entry = {"kind": "modify", "affects": [_label(s, o) for o in e.affected if o in s.objects], "until": e.until,
                 "turn": e.turn}
        entry.update({k: (True if k == "halve_attack" else v) for k, v in e.params})
        if e.source in s.objects:
            entry["source"] = _label(s, e.source)
        if e.controller:
            entry["controller"] = e.controller
        changes.append(entry)
    if changes:
        out["lasting"] = changes
    out["winner"] = s.winner
    return out

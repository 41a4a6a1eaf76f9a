"""Magic position files (contract section 4): reading them into a State and writing them back.

Besides the contract's fields, a position may say who holds priority (``priority``), how
many players have passed in succession (``passes``), whether attackers or blockers are
being declared (``declaring``), the running lasting effects (``lasting``) and the delayed
triggered abilities that exist (``delayed``), and for a stack object how many of its
targets have left their zones (``targets_left``); ``to_dict`` writes them so that every
position round-trips.
"""

from __future__ import annotations

from dataclasses import replace

from cardjudge.rules.core.events import Event
from cardjudge.rules.core.expr import parse
from cardjudge.rules.core.frozen import freeze, thaw
from cardjudge.rules.core.positions import (
    card_label, card_owner, fail, player_body, read_bool, read_header, read_int, written_header,
)
from cardjudge.rules.core.state import Draft, Lasting, Obj, PlayerState, State, frozen_params
from cardjudge.rules.mtg import zone_rules
from cardjudge.rules.mtg.abilities import GAINED_KEYWORDS, _check_steps, keyword_abilities
from cardjudge.rules.mtg.combat import possible_attackers, possible_blocks
from cardjudge.rules.mtg.flow import STEPS, settle
from cardjudge.rules.mtg.records import Choice, DamageDivision, Delayed, Frame, StackItem
from cardjudge.rules.mtg.views import Chars, LastKnown, abilities_of, chars

ZONES = ("hand", "library", "graveyard", "exile", "battlefield")
PLAYER_FIELDS = set(ZONES) | {"life", "mana_pool", "lands_played", "drawn_this_turn"}
TOP_FIELDS = {"game", "turn", "active", "phase", "cards", "players", "winner", "stack", "lasting", "priority",
              "passes", "declaring", "delayed", "pending_triggers", "choice", "resolving", "resolving_spells",
              "struck_first", "second_strike", "divisions", "last_known"}
PERMANENT_FIELDS = {"card", "id", "tapped", "sick", "counters", "attached_to", "token", "owner", "now", "attacking",
                    "blocking", "blocked", "damage", "copy_of", "copy_keywords", "face", "deathtouched",
                    "enchant_only", "loyalty_used", "attacking_left", "resolved"}
CARD_FIELDS = {"card", "id", "owner", "now"}
EXILE_FIELDS = CARD_FIELDS | {"exiled_by", "exiled_by_left"}  # the permanent whose ability exiled it (607.2a)
STACK_FIELDS = {"card", "id", "controller", "targets", "targets_left", "kind", "ability", "x", "source", "event",
                "effect", "refs", "source_left", "gained", "mode"}


def load(data: dict, source: str) -> State:
    """A State from a parsed position mapping; refused whole with file:line on any error."""
    header = read_header(data, source, "mtg", top_fields=TOP_FIELDS, phases=STEPS, default_phase="main1",
                         not_two_players="a Magic position here has exactly two players")
    pool, players_node, players, active, phase, turn = header

    objects: dict[int, Obj] = {}
    zones: dict = {}
    labels = _Labels()
    player_states = []
    counter = [0]
    attachments = []
    combat = []
    exiled = []
    for player in players:
        body = player_body(players_node, player, PLAYER_FIELDS, source)
        life = body.get("life", 20)
        if not isinstance(life, int) or isinstance(life, bool):
            fail("'life' must be a number", source, body, "life")
        pool_text = str(body.get("mana_pool") or "").replace("{", "").replace("}", "")
        if set(pool_text) - set("WUBRGC"):
            fail("'mana_pool' holds mana symbols like GG or {G}{G}", source, body, "mana_pool")
        lands = body.get("lands_played", 0)
        if not isinstance(lands, int) or lands < 0:
            fail("'lands_played' must be a number", source, body, "lands_played")
        extra = {"mana_pool": "".join(sorted(pool_text, key="WUBRGC".index)), "lands_played": lands,
                 "drawn": body.get("drawn_this_turn", 0)}
        player_states.append(PlayerState(player, life, frozenset(), tuple(sorted((k, v) for k, v in extra.items() if v))))
        for zone in ZONES:
            entries = body.get(zone)
            if entries is None:
                continue
            if not isinstance(entries, list):
                fail(f"zone {zone!r} must be a list", source, body, zone)
            oids = []
            for index, entry in enumerate(entries):
                counter[0] += 1
                obj, refs = _card_entry(entry, zone, player, players, pool, counter[0], labels, source, entries, index)
                objects[obj.oid] = obj
                labels[obj.label] = obj.oid
                oids.append(obj.oid)
                if refs.get("attached_to") is not None:
                    attachments.append((obj.oid, refs["attached_to"], entries, index))
                if refs.get("blocking") is not None:
                    combat.append((obj.oid, refs["blocking"], entries, index, "blocking"))
                if refs.get("enchant_only") is not None:
                    combat.append((obj.oid, refs["enchant_only"], entries, index, "enchant_only"))
                if refs.get("attacking") is not None:
                    combat.append((obj.oid, refs["attacking"], entries, index, "attacking"))
                if refs.get("exiled_by") is not None:
                    exiled.append((obj.oid, refs["exiled_by"], entries[index]))
            if oids:
                zones[(obj.controller if zone == "battlefield" else player, zone)] = tuple(oids)

    for oid, label, node, index in attachments:
        if label not in labels:
            fail(f"'attached_to' names unknown card {label!r}", source, node, index)
        objects[oid] = replace(objects[oid], equipped_to=labels[label])
    for oid, label, node, index, key in combat:
        if label not in labels:
            fail(f"{key!r} names unknown card {label!r}", source, node, index)
        extra = dict(objects[oid].extra)
        extra[key] = labels[label]
        objects[oid] = replace(objects[oid], extra=tuple(sorted(extra.items())))
    state_data: dict = {}
    for entry in data.get("resolving_spells") or []:
        # a spell that has left the stack's list while it resolves, still on the stack as a card
        if not isinstance(entry, dict) or entry.get("card") not in pool or entry.get("owner") not in players:
            fail("a resolving spell names its 'card', 'id' and 'owner'", source, data, "resolving_spells")
        counter[0] += 1
        label = str(entry.get("id"))
        if label in labels:
            fail(f"label {label!r} is used twice", source, data, "resolving_spells")
        objects[counter[0]] = Obj(oid=counter[0], label=label, card=entry["card"], owner=entry["owner"],
                                  controller=entry["owner"], zone="stack",
                                  extra=tuple(sorted({k: (tuple(v) if isinstance(v, list) else v)
                                                      for k, v in (entry.get("extra") or {}).items()}.items())))
        labels[label] = counter[0]
        zones[(entry["owner"], "stack")] = zones.get((entry["owner"], "stack"), ()) + (counter[0],)
    known = _load_last_known(data.get("last_known") or [], labels, pool, players, counter, source, data)
    if known:
        state_data["lki"] = known
    for oid, (label, left), entry in exiled:
        _link_exiled(objects, oid, label, left, labels, source, entry)
    stack, counter[0] = _load_stack(data.get("stack") or [], labels, objects, zones, pool, players, counter[0],
                                    source, data)
    pending, counter[0] = _load_stack(data.get("pending_triggers") or [], labels, objects, zones, pool, players,
                                      counter[0], source, data)
    lasting = _load_lasting(data.get("lasting") or [], labels, counter, source, data)
    if data.get("choice") is not None:
        state_data["choice"] = _load_choice(data["choice"], labels, players, source, data)
    if data.get("divisions"):
        state_data["divisions"] = _load_divisions(data["divisions"], labels, players, source, data)
    if data.get("resolving"):
        state_data["resolving"] = tuple(_load_frame(entry, labels, players, source, data)
                                        for entry in data["resolving"])
    delayed = _load_delayed(data.get("delayed") or [], labels, counter, players, source, data)
    if delayed:
        state_data["delayed"] = tuple(delayed)
    priority = data.get("priority", active)
    if priority not in players:
        fail(f"unknown player {priority!r} in 'priority'", source, data, "priority")
    state_data["priority"] = priority
    if data.get("passes"):
        state_data["passes"] = read_int(data, "passes", 0, source, minimum=0)
    if data.get("struck_first") is not None:
        # the combat damage step after first-strike damage: who dealt it (rule 510.4)
        if not isinstance(data["struck_first"], list):
            fail("'struck_first' lists the creatures that dealt first-strike damage", source, data, "struck_first")
        state_data["struck_first"] = tuple(sorted(_ref(v, labels, players, source, data, "struck_first")
                                                  for v in data["struck_first"]))
        if data.get("second_strike"):
            state_data["second_strike"] = True
    if "declaring" in data:
        declaring = data["declaring"]
        if declaring not in (None, "attackers", "blockers"):
            fail("'declaring' is attackers, blockers or null", source, data, "declaring")
    else:
        attacking = any(o.get("attacking") for o in objects.values())
        blocking = any(o.get("blocking") is not None for o in objects.values())
        declaring = {"declare_attackers": None if attacking else "attackers",
                     "declare_blockers": None if blocking else "blockers"}.get(phase)
    if declaring:
        state_data["declaring"] = declaring
    winner = data.get("winner")
    if winner is not None and winner not in players and winner != "draw":
        fail(f"unknown winner {winner!r}", source, data, "winner")
    state = State(
        game="mtg", pool=pool, turn=turn, active=active, phase=phase, players=players,
        player_states=tuple(player_states), objects=objects, zones=zones, next_id=counter[0] + 1,
        chain=tuple(stack), lasting=tuple(lasting), pending=tuple(pending), game_data=tuple(sorted(state_data.items())),
        winner=winner,
    )
    if declaring:
        still = possible_attackers(state) if declaring == "attackers" else possible_blocks(state)
        if not still and not any(o.get("attacking") for o in objects.values()) and declaring == "attackers":
            data_items = dict(state.game_data)
            data_items.pop("declaring")

            state = replace(state, game_data=tuple(sorted(data_items.items())))
    zone_rules.check(state, data, source)
    return _settled(state)


def _settled(state: State) -> State:
    """A position taken as it stands, moved on only through steps where nobody decides."""
    if state.phase not in ("untap", "cleanup") and not state.pending:
        return state

    d = Draft(state)
    settle(d)
    return d.freeze()


def _card_entry(entry, zone, player, players, pool, oid, labels, source, node, index):
    if isinstance(entry, str):
        entry = {"card": entry}
    if not isinstance(entry, dict) or "card" not in entry:
        fail("a card entry is a card name or a mapping with 'card'", source, node, index)
    name = str(entry["card"])
    if name not in pool:
        fail(f"unknown card {name!r}", source, node, index)
    allowed = PERMANENT_FIELDS if zone == "battlefield" else EXILE_FIELDS if zone == "exile" else CARD_FIELDS
    for key in entry:
        if key not in allowed:
            fail(f"unknown field {key!r} for a card in {zone}", source, entry, key)
    label = card_label(entry, name, player, zone, index, labels, players, source, node)
    owner = card_owner(entry, player, players, source)
    flags = set()
    extra = {}
    refs = {}
    counters = {}
    if zone == "battlefield":
        for flag in ("tapped", "sick", "token"):
            value = entry.get(flag, False)
            if not isinstance(value, bool):
                fail(f"'{flag}' must be true or false", source, entry, flag)
            if value:
                flags.add(flag)
        counters = entry.get("counters") or {}
        if not isinstance(counters, dict):
            fail("'counters' must be a mapping like {P1P1: 1}", source, entry, "counters")
        for kind in counters:
            read_int(counters, kind, 0, source, minimum=0)
        if read_bool(entry, "attacking_left", False, source):
            extra["attacking"] = -1  # attacking a planeswalker that has left: still attacking (506.4)
        elif entry.get("attacking") is not None:
            if entry["attacking"] in players:
                extra["attacking"] = entry["attacking"]
            else:
                refs["attacking"] = entry["attacking"]  # a planeswalker's label
        if entry.get("blocked"):
            extra["blocked"] = True
        if read_int(entry, "damage", 0, source, minimum=0):
            extra["damage"] = entry["damage"]
        if read_bool(entry, "loyalty_used", False, source):
            extra["loyalty_used"] = True  # a loyalty ability of it was activated this turn (606.3)
        resolved = entry.get("resolved") or {}
        if not isinstance(resolved, dict) or not all(isinstance(k, str) for k in resolved):
            fail("'resolved' must be a mapping like {pilgrim: 2} (its abilities' resolutions this turn)", source,
                 entry, "resolved")
        for ability_name in resolved:
            read_int(resolved, ability_name, 0, source, minimum=1)
        if resolved:
            extra["resolved"] = tuple(sorted((str(k), int(v)) for k, v in resolved.items()))
        if read_bool(entry, "deathtouched", False, source):
            extra["deathtouched"] = True  # some of the damage came from a source with deathtouch
        for key in ("copy_of", "face"):
            if entry.get(key) is not None:
                if entry[key] not in pool:
                    fail(f"unknown card {entry[key]!r} in {key!r}", source, entry, key)
                extra[key] = str(entry[key])
        if entry.get("copy_keywords"):
            if not isinstance(entry["copy_keywords"], list):
                fail("'copy_keywords' is a list like [Haste]", source, entry, "copy_keywords")
            extra["copy_keywords"] = tuple(str(k) for k in entry["copy_keywords"])
        refs["attached_to"] = entry.get("attached_to")
        refs["blocking"] = entry.get("blocking")
        refs["enchant_only"] = entry.get("enchant_only")  # the one creature an Aura may enchant now
    elif zone == "exile" and entry.get("exiled_by") is not None:
        refs["exiled_by"] = (str(entry["exiled_by"]), read_bool(entry, "exiled_by_left", False, source))
    elif zone == "exile" and "exiled_by_left" in entry:
        fail("'exiled_by_left' goes with 'exiled_by'", source, entry, "exiled_by_left")
    obj = Obj(oid=oid, label=label, card=name, owner=owner, controller=player if zone == "battlefield" else owner,
              zone=zone, face_up=True, flags=frozenset(flags),
              counters=tuple(sorted((str(k), v) for k, v in counters.items())), extra=tuple(sorted(extra.items())))
    return obj, refs


def _link_exiled(objects, oid, label, left, labels, source, entry) -> None:
    """An exiled card remembers the permanent that exiled it, for that permanent's linked
    abilities (607.2a: "return the exiled card"): a permanent of the position, or with
    ``exiled_by_left`` one that has left the battlefield this turn (its ``last_known`` entry)."""
    found = labels.left.get(label) if left else labels.get(label)
    if found is None or (not left and objects[found].zone != "battlefield"):
        where = "in 'last_known'" if left else "on the battlefield"
        fail(f"'exiled_by' names {label!r}, which is not a permanent {where}", source, entry, "exiled_by")
    extra = dict(objects[oid].extra)
    extra["exiled_by"] = found
    objects[oid] = replace(objects[oid], extra=tuple(sorted(extra.items())))


def _ref(value, labels, players, source, node, key):
    if value in players:
        return value
    if value in labels:
        return labels[value]
    fail(f"unknown card or player {value!r}", source, node, key)


def _load_stack(entries, labels, objects, zones, pool, players, counter, source, data):
    if not isinstance(entries, list):
        fail("'stack' is a list from the first object put on it to the last", source, data, "stack")
    stack = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or "card" not in entry:
            fail("a stack entry names its 'card' (and id, controller, targets)", source, entries, index)
        for key in entry:
            if key not in STACK_FIELDS:
                fail(f"unknown field {key!r} in a stack entry", source, entry, key)
        name = entry["card"]
        if name not in pool:
            fail(f"unknown card {name!r}", source, entry, "card")
        kind = entry.get("kind", "spell")
        controller = entry.get("controller", players[0])
        if controller not in players:
            fail(f"unknown player {controller!r}", source, entry, "controller")
        card = pool[name]
        abilities = abilities_of(card)
        counter += 1
        if kind == "spell":
            label = str(entry.get("id") or f"{name}#stack{index}")
            if label in labels:
                fail(f"label {label!r} is used twice", source, entry, "id")
            obj = Obj(oid=counter, label=label, card=name, owner=controller, controller=controller, zone="stack")
            objects[obj.oid] = obj
            labels[label] = obj.oid
            zones[(controller, "stack")] = zones.get((controller, "stack"), ()) + (obj.oid,)
            ability = next((a for a in abilities if a.kind == "spell"), None)
            source_oid = obj.oid
        elif kind == "trigger" and "effect" in entry:
            # a delayed triggered ability: its steps are written out, its source may be gone (T6)
            label = str(entry.get("id", ""))
            ability = None
            source_oid = labels.left.get(label, -1) if entry.get("source_left") else labels.get(label, -1)
        elif kind in ("ability", "trigger"):
            label = entry.get("id")
            if label not in labels and not entry.get("source_left"):
                fail(f"an ability on the stack names its source's 'id' ({label!r} is unknown)", source, entry, "id")
            number = entry.get("ability", 0)
            if entry.get("gained") is not None and isinstance(number, int):
                ability = _gained_ability(entry["gained"], number, len(abilities), pool, source, entry)
            elif not isinstance(number, int) or not 0 <= number < len(abilities):
                fail(f"{name!r} has no ability {number!r}", source, entry, "ability")
            else:
                ability = abilities[number]
            # -1: a source that has left (the ability still resolves; its label may name the card elsewhere)
            source_oid = labels.left.get(label, -1) if entry.get("source_left") else labels[label]
        else:
            fail("a stack entry's kind is spell, ability or trigger", source, entry, "kind")
        specs = ability.targets if ability else ()
        mode = _stack_mode(ability, entry, source) if kind == "spell" else None
        if mode is not None:
            specs = mode.targets
        refs = tuple(_ref(t, labels, players, source, entry, "targets") for t in entry.get("targets") or [])
        gone = entry.get("targets_left", 0)
        if not isinstance(gone, int) or isinstance(gone, bool) or gone < 0:
            fail("'targets_left' is the number of targets that have left their zones", source, entry, "targets_left")
        # a target that left is a new object elsewhere (rule 400.7): an id no object has stands for it,
        # so that the object is checked on resolution and countered if no target is left (rule 608.2b)
        refs += tuple(range(counter + 1, counter + 1 + gone))
        counter += gone
        targets = ((specs[0].name if specs else "t", refs),) if refs else ()
        counter += 1
        effect = mode.effect if mode else ability.effect if ability else _check_steps(entry.get("effect") or [],
                                                                                    "stack effect")
        bindings = tuple(sorted((name, tuple(_ref(v, labels, players, source, entry, "refs") for v in values))
                                for name, values in (entry.get("refs") or {}).items()))
        stack.append(StackItem(sid=counter, kind=kind, source=source_oid, label=str(label), card=name,
                               controller=controller, ability=ability.index if ability else None, targets=targets,
                               target_specs=specs, x=read_int(entry, "x", 0, source, minimum=0), effect=effect,
                               condition=ability.condition if ability and kind == "trigger" else None,
                               optional=bool(ability and kind == "trigger" and ability.optional),
                               event=_load_event(entry.get("event"), labels, players, source, entry),
                               bindings=bindings, delayed=ability is None and kind == "trigger",
                               mode=mode.name if mode else ""))
    return stack, counter


def _gained_ability(gained, number: int, own: int, pool, source, entry):
    """The ability a source had gained (``views.object_abilities``), as a position names it:
    ``{keyword: Undying}`` or ``{from: Viridian Longbow, number: 0}`` (the granting card's
    granted ability), numbered ``number`` after the source's own ``own`` abilities."""
    found = None
    if isinstance(gained, dict) and gained.get("keyword") is not None:
        found = next(iter(keyword_abilities({"keywords": [str(gained["keyword"])]}, number)), None)
    elif isinstance(gained, dict) and gained.get("from") in pool:
        granted = [a for static in abilities_of(pool[gained["from"]]) for a in static.granted]
        at = gained.get("number", 0)
        if isinstance(at, int) and 0 <= at < len(granted):
            found = replace(granted[at], index=number)
    if found is None or number < own:
        fail("'gained' names a keyword with an ability ({keyword: Undying}) or a card granting one "
             "({from: CARD, number: N}), numbered after the card's own abilities", source, entry, "gained")
    return found


def _gained_entry(s, item) -> dict | None:
    """How a position names the gained ability ``item`` comes from (see ``_gained_ability``), or
    None for an ability of the card itself."""
    if item.ability is None or item.kind == "spell" or item.delayed or item.ability < len(abilities_of(s.pool[item.card])):
        return None
    for keyword in GAINED_KEYWORDS:
        (ability,) = keyword_abilities({"keywords": [keyword]}, 0)
        if ability.effect == item.effect:
            return {"keyword": keyword}
    for card in s.pool:
        granted = [a for static in abilities_of(card) for a in static.granted]
        for at, ability in enumerate(granted):
            if ability.effect == item.effect and ability.targets == item.target_specs:
                return {"from": card.name, "number": at}
    return None


def _stack_mode(ability, entry: dict, source):
    """The mode a modal spell on the stack was cast with (rule 700.2a), named by 'mode'; None
    for a spell that is not modal."""
    if ability is None or not ability.modes:
        if "mode" in entry:
            fail(f"{entry.get('card')!r} is not a modal spell: it has no 'mode'", source, entry, "mode")
        return None
    names = [mode.name for mode in ability.modes]
    for mode in ability.modes:
        if mode.name == entry.get("mode"):
            return mode
    fail(f"a modal spell on the stack names the mode it was cast with: 'mode' is one of {', '.join(names)}",
         source, entry, "mode")


class _Labels(dict):
    """label -> oid of the position's objects; ``left`` maps the labels of permanents that have
    left the battlefield this turn to the ids their last known information goes by."""

    def __init__(self):
        super().__init__()
        self.left: dict[str, int] = {}


_KNOWN_FIELDS = {"id", "card", "controller", "owner", "name", "power", "toughness", "types", "subtypes",
                 "supertypes", "keywords", "colors", "mana_cost", "flags", "counters", "attached_to"}


def _load_last_known(entries, labels, pool, players, counter, source, data) -> tuple:
    """Permanents that left the battlefield this turn as they last existed there (rule 608.2h),
    each under an id no object has, for the abilities that look back at them (603.10a)."""
    if not isinstance(entries, list):
        fail("'last_known' lists permanents as they last existed on the battlefield", source, data, "last_known")
    out = []
    for entry in entries:
        if not isinstance(entry, dict) or entry.get("card") not in pool or entry.get("controller") not in players:
            fail("a 'last_known' entry names its 'id', 'card', 'controller' and characteristics", source, data,
                 "last_known")
        unknown = set(entry) - _KNOWN_FIELDS
        if unknown:
            fail(f"unknown field {sorted(unknown)[0]!r} in a 'last_known' entry", source, entry, sorted(unknown)[0])
        counter[0] += 1
        label = str(entry.get("id", entry["card"]))
        printed = pool[entry["card"]]
        lists = {key: tuple(str(v) for v in entry.get(key, printed[key] or ()))
                 for key in ("types", "subtypes", "supertypes", "keywords", "colors")}
        found = Chars(str(entry.get("name", entry["card"])), entry.get("power"), entry.get("toughness"),
                      lists["types"], lists["subtypes"], lists["supertypes"], lists["keywords"], lists["colors"],
                      str(entry.get("mana_cost", printed["mana_cost"] or "")))
        counters = entry.get("counters") or {}
        if not isinstance(counters, dict) or not all(isinstance(v, int) for v in counters.values()):
            fail("'counters' must be a mapping like {P1P1: 1}", source, entry, "counters")
        owner = entry.get("owner", entry["controller"])
        if owner not in players:
            fail(f"unknown player {owner!r}", source, entry, "owner")
        out.append(LastKnown(counter[0], label, entry["card"], entry["controller"], owner, found,
                             frozenset(str(f) for f in entry.get("flags") or ()),
                             tuple(sorted((str(k), v) for k, v in counters.items())),
                             labels.get(entry.get("attached_to"))))
        labels.left[label] = counter[0]
    return tuple(out)


def _load_event(entry, labels, players, source, node):
    """The event a triggered ability on the stack answers (what ``e`` names on resolution)."""
    if entry is None:
        return None
    if not isinstance(entry, dict) or "kind" not in entry:
        fail("a stack entry's 'event' is a mapping with 'kind' (and cards, player, step)", source, node, "event")
    gone = set(entry.get("cards_left") or ())
    cards = tuple(labels.left[label] if label in gone and label in labels.left else labels[label]
                  for label in entry.get("cards") or [] if label in labels or label in labels.left)
    player = entry.get("player")
    return Event(str(entry["kind"]), cards, player=player if player in players else None, method=entry.get("step"),
                 labels=tuple(entry.get("cards") or ()))


def _load_choice(entry, labels, players, source, data) -> Choice:
    """A decision a player is making while something resolves."""
    if not isinstance(entry, dict) or entry.get("kind") not in ("cards", "color", "legend", "discard", "may", "mode",
                                                                "damage"):
        fail("'choice' is a mapping with player, kind (cards, color, legend, discard, may, mode, damage), name, "
             "options, min, max",
              source, data, "choice")
    if entry.get("player") not in players:
        fail(f"unknown player {entry.get('player')!r} in 'choice'", source, entry, "player")
    options = tuple(o if entry["kind"] in ("color", "may", "mode") else _ref(o, labels, players, source, entry, "options")
                    for o in entry.get("options") or [])
    if not isinstance(entry.get("options") or [], list):
        fail("'options' of a choice is a list", source, entry, "options")
    return Choice(entry["player"], entry["kind"], str(entry.get("name", "chosen")), options,
                  read_int(entry, "min", 1, source, minimum=0), read_int(entry, "max", 1, source, minimum=0),
                  str(entry.get("prompt", "choose")))


def _load_divisions(entries, labels, players, source, data) -> tuple:
    """The divisions of combat damage already chosen in this combat damage step (rule 510.1c)."""
    if not isinstance(entries, list):
        fail("'divisions' lists {attacker, to, amounts} mappings", source, data, "divisions")
    out = []
    for entry in entries:
        if (not isinstance(entry, dict) or not isinstance(entry.get("to"), list)
                or not isinstance(entry.get("amounts"), list) or len(entry["to"]) != len(entry["amounts"])
                or not all(isinstance(a, int) and not isinstance(a, bool) and a >= 0 for a in entry["amounts"])):
            fail("a division is a mapping with 'attacker', 'to' (cards or a player) and as many 'amounts'",
                 source, data, "divisions")
        out.append(DamageDivision(_ref(entry.get("attacker"), labels, players, source, entry, "attacker"),
                                  tuple(_ref(r, labels, players, source, entry, "to") for r in entry["to"]),
                                  tuple(entry["amounts"])))
    return tuple(out)


def _load_frame(entry, labels, players, source, data) -> Frame:
    """Where a resolution stands: its steps (internal ones name objects by label), the next one to run."""
    if not isinstance(entry, dict) or not isinstance(entry.get("steps"), list):
        fail("each 'resolving' entry has 'steps', 'index' and 'controller'", source, data, "resolving")
    steps = []
    for step in entry["steps"]:
        if isinstance(step, dict) and "_finish" in step:
            step = {"_finish": _ref(step["_finish"], labels, players, source, entry, "steps")}
        elif isinstance(step, dict) and "_put" in step:
            if not isinstance(step["_put"], dict) or not isinstance(step["_put"].get("counters") or {}, dict):
                fail("a '_put' step is a mapping with oid, controller and counters (a mapping)", source, entry, "steps")
            for kind in step["_put"].get("counters") or {}:
                read_int(step["_put"]["counters"], kind, 0, source, minimum=0)
            step = {"_put": {**step["_put"], "oid": _ref(step["_put"].get("oid"), labels, players, source, entry, "steps")}}
        else:
            _check_steps([step], "resolving steps")
        steps.append(freeze(step))
    label = str(entry.get("label", ""))
    bindings = tuple((name, tuple(_ref(v, labels, players, source, entry, "refs") for v in values))
                     for name, values in (entry.get("refs") or {}).items())
    return Frame(tuple(steps), read_int(entry, "index", 0, source, minimum=0), str(entry.get("controller", players[0])),
                 labels.left.get(label, -1) if entry.get("source_left") else labels.get(label, -1), label,
                 str(entry.get("card", "")),
                 bindings, read_int(entry, "x", 0, source, minimum=0),
                 _load_event(entry.get("event"), labels, players, source, entry))


def _load_lasting(entries, labels, counter, source, data):
    out = []
    for entry in entries:
        if not isinstance(entry, dict) or "kind" not in entry:
            fail("a lasting effect needs a 'kind'", source, data, "lasting")
        counter[0] += 1
        affected = tuple(labels[label] for label in entry.get("affects") or [] if label in labels)
        params = entry.get("params") or {}
        if not isinstance(params, dict):
            fail("'params' of a lasting effect is a mapping", source, entry, "params")
        out.append(Lasting(counter[0], str(entry["kind"]), affected, frozen_params(dict(params)),
                           str(entry.get("until", "end_of_turn")), read_int(entry, "turn", 0, source, minimum=0),
                           labels.get(entry.get("source")), entry.get("controller")))
    return out


def _load_delayed(entries, labels, counter, players, source, data):
    out = []
    for entry in entries:
        if not isinstance(entry, dict) or "on" not in entry:
            fail("a delayed triggered ability needs 'on', 'when' and 'effect'", source, data, "delayed")
        counter[0] += 1
        bindings = tuple(sorted((name, tuple(labels[v] if v in labels else v for v in values
                                             if v in labels or v in players))
                                for name, values in (entry.get("refs") or {}).items()))
        when_text = str(entry.get("when", "true"))
        out.append(Delayed(counter[0], str(entry["on"]), parse(when_text), when_text,
                           _check_steps(entry.get("effect") or [], "delayed effect"),
                           str(entry.get("controller", players[0])),
                           labels.left.get(str(entry.get("source")), -1) if entry.get("source_left")
                           else labels.get(entry.get("source"), -1),
                           str(entry.get("source", "")), str(entry.get("card", "")), bindings,
                           read_bool(entry, "once", True, source), _until_turn(entry, source)))
    return out


def _until_turn(entry: dict, source: str):
    """The last turn a delayed triggered ability waits for (None: no end)."""
    if entry.get("until_turn") is None:
        return None
    return read_int(entry, "until_turn", 0, source, minimum=1)


# ------------------------------------------------------------------ writing


def _now(s, oid) -> dict:
    c = chars(s, oid)
    return {"name": c.name, "power": c.power, "toughness": c.toughness, "types": list(c.types),
            "subtypes": list(c.subtypes), "keywords": list(c.keywords)}


def _label(s, ref):
    if isinstance(ref, str):
        return ref
    return s.objects[ref].label if ref in s.objects else None


def _entry(s, oid) -> dict:
    obj = s.objects[oid]
    out: dict = {"card": obj.card, "id": obj.label}
    if obj.owner != obj.controller and obj.zone == "battlefield":
        out["owner"] = obj.owner
    if obj.zone == "battlefield":
        out["tapped"] = "tapped" in obj.flags
        out["sick"] = "sick" in obj.flags
        if "token" in obj.flags:
            out["token"] = True
        if obj.counters:
            out["counters"] = dict(obj.counters)
        if obj.equipped_to in s.objects:
            out["attached_to"] = s.objects[obj.equipped_to].label
        for key in ("attacking", "blocked", "damage", "copy_of", "face", "deathtouched", "loyalty_used"):
            if obj.get(key) is not None:
                out[key] = _label(s, obj.get(key)) if key == "attacking" else obj.get(key)
        if out.get("attacking", False) is None:
            del out["attacking"]
            out["attacking_left"] = True  # the planeswalker it attacks has left the battlefield
        if obj.get("copy_keywords"):
            out["copy_keywords"] = list(obj.get("copy_keywords"))
        if obj.get("resolved"):
            out["resolved"] = dict(obj.get("resolved"))
        blocking = obj.get("blocking")
        if blocking is not None and blocking in s.objects:
            out["blocking"] = s.objects[blocking].label
        if obj.get("enchant_only") in s.objects:
            out["enchant_only"] = s.objects[obj.get("enchant_only")].label
        out["now"] = _now(s, oid)
    elif obj.zone == "exile" and obj.get("exiled_by") is not None:
        exiler = obj.get("exiled_by")
        if exiler in s.objects:
            out["exiled_by"] = s.objects[exiler].label
        else:
            known = next((k for k in s.get("lki") or () if k.oid == exiler), None)
            if known is not None:
                out["exiled_by"], out["exiled_by_left"] = known.label, True
    return out


def _event_entry(s, event) -> dict:
    entry = {"kind": event.kind, "cards": [s.objects[o].label if o in s.objects else label
                                           for o, label in zip(event.cards, event.labels or event.cards)]}
    gone = [label for o, label in zip(event.cards, event.labels or event.cards) if o not in s.objects]
    if gone:
        entry["cards_left"] = gone  # read as they last existed (``last_known``)
    if event.player:
        entry["player"] = event.player
    if event.method:
        entry["step"] = event.method
    return entry


def _refs_entry(s, bindings) -> dict:
    return {name: [_label(s, r) for r in refs if _label(s, r) is not None] for name, refs in bindings}


def _item_entry(s, item) -> dict:
    """A stack object (or a triggered ability waiting to go on the stack) as written in a position."""
    entry = {"card": item.card, "id": item.label, "controller": item.controller, "kind": item.kind,
             "targets": [_label(s, ref) for ref in item.target_refs() if _label(s, ref) is not None]}
    gone = sum(1 for ref in item.target_refs() if _label(s, ref) is None)
    if gone:
        entry["targets_left"] = gone
    if item.ability is not None and item.kind != "spell":
        entry["ability"] = item.ability
        gained = _gained_entry(s, item)
        if gained is not None:
            entry["gained"] = gained
    if item.mode:
        entry["mode"] = item.mode
    if item.x:
        entry["x"] = item.x
    if item.event is not None:
        entry["event"] = _event_entry(s, item.event)
    if item.source not in s.objects and item.kind != "spell":
        entry["source_left"] = True
    if item.delayed:
        entry.pop("ability", None)
        entry["effect"] = [thaw(step) for step in item.effect]
    if item.bindings:
        entry["refs"] = _refs_entry(s, item.bindings)
    return entry


def _frame_entry(s, frame) -> dict:
    """Where a resolution stands while a player decides something (its steps, with labels for objects)."""
    steps = []
    for step in frame.steps:
        step = thaw(step)
        if "_finish" in step:
            step = {"_finish": _label(s, step["_finish"])}
        elif "_put" in step:
            step = {"_put": {**step["_put"], "oid": _label(s, step["_put"]["oid"])}}
        steps.append(step)
    entry = {"steps": steps, "index": frame.index, "controller": frame.controller, "label": frame.label,
             "card": frame.card, "source_left": frame.source not in s.objects, "refs": _refs_entry(s, frame.bindings)}
    if frame.x:
        entry["x"] = frame.x
    if frame.event is not None:
        entry["event"] = _event_entry(s, frame.event)
    return entry


def _known_entry(s, known) -> dict:
    """A permanent that left the battlefield this turn, as it last existed there."""
    c = known.chars
    entry = {"id": known.label, "card": known.card, "controller": known.controller, "owner": known.owner,
             "name": c.name, "power": c.power, "toughness": c.toughness, "types": list(c.types),
             "subtypes": list(c.subtypes), "supertypes": list(c.supertypes), "keywords": list(c.keywords),
             "colors": list(c.colors), "mana_cost": c.mana_cost}
    if known.flags:
        entry["flags"] = sorted(known.flags)  # token, tapped, sick
    if known.counters:
        entry["counters"] = dict(known.counters)
    if known.attached in s.objects:
        entry["attached_to"] = s.objects[known.attached].label
    return entry


def to_dict(s: State) -> dict:
    """The position in the format of contract section 4."""
    players = {}
    for player in s.players:
        state = s.player(player)
        body: dict = {"life": state.life}
        for zone in ZONES:
            body[zone] = [_entry(s, oid) for oid in s.zone(player, zone)]
        body["mana_pool"] = state.get("mana_pool", "")
        body["lands_played"] = state.get("lands_played", 0)
        if state.get("drawn"):
            body["drawn_this_turn"] = state.get("drawn")
        players[player] = body
    stack = [_item_entry(s, item) for item in s.chain]
    out = written_header(s, players, stack=stack)
    if s.winner is None:
        out["priority"] = s.get("priority") or s.active
        if s.get("passes"):
            out["passes"] = s.get("passes")
        if s.get("struck_first") is not None:
            out["struck_first"] = [s.objects[oid].label for oid in s.get("struck_first") if oid in s.objects]
            if s.get("second_strike"):
                out["second_strike"] = True
        out["declaring"] = s.get("declaring")
    if s.lasting:
        out["lasting"] = [
            {"kind": e.kind, "affects": [_label(s, o) for o in e.affected if o in s.objects], "until": e.until,
             "turn": e.turn, "params": {k: list(v) if isinstance(v, tuple) else v for k, v in e.params},
             "source": _label(s, e.source) if e.source is not None else None, "controller": e.controller}
            for e in s.lasting
        ]
    if s.pending:
        out["pending_triggers"] = [_item_entry(s, item) for item in s.pending]
    choice = s.get("choice")
    if choice is not None:
        out["choice"] = {"player": choice.player, "kind": choice.kind, "name": choice.name,
                         "options": [_label(s, o) if isinstance(o, int) else o for o in choice.options],
                         "min": choice.min, "max": choice.max, "prompt": choice.prompt}
    if s.get("lki"):
        out["last_known"] = [_known_entry(s, known) for known in s.get("lki")]
    if s.get("divisions"):
        out["divisions"] = [{"attacker": _label(s, x.attacker), "to": [_label(s, r) for r in x.targets],
                             "amounts": list(x.amounts)} for x in s.get("divisions")]
    if s.get("resolving"):
        out["resolving"] = [_frame_entry(s, frame) for frame in s.get("resolving")]
    on_stack = {item.source for item in s.chain if item.kind == "spell"}
    resolving = [s.objects[oid] for player in s.players for oid in s.zone(player, "stack") if oid not in on_stack]
    if resolving:
        out["resolving_spells"] = [{"card": obj.card, "id": obj.label, "owner": obj.owner,
                                    **({"extra": {k: list(v) if isinstance(v, tuple) else v for k, v in obj.extra}}
                                       if obj.extra else {})}
                                   for obj in resolving]
    if s.get("delayed"):
        out["delayed"] = [
            {"on": x.on, "when": x.when_text, "effect": [thaw(step) for step in x.effect], "controller": x.controller,
             "source": x.label, "source_left": x.source not in s.objects, "card": x.card, "once": x.once,
             "until_turn": x.until_turn,
             "refs": {name: [_label(s, r) for r in refs if _label(s, r) is not None] for name, refs in x.bindings}}
            for x in s.get("delayed")
        ]
    return out

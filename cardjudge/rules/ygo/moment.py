"""The moment of a Yu-Gi-Oh position: the window the game waits in, who holds priority, the
passes, the triggers waiting to be activated with their events, the Summon or attack being
answered, the full chain links, and a choice being made (with the resolution it belongs to and
the maintenance costs still to be asked). ``write`` turns them into position fields (cards named
by label); a ``Reader`` reads them back and refuses malformed ones with the file and line.

A reference to an object that has since left its zone is written ``{left: N}``, ``N`` telling
such objects apart within the file; read back, each ``N`` points at one fresh id that no object
has, so that "that card" still means nothing (as in the State it came from). A waiting trigger
or a chain link whose card has left says so with ``left: N`` beside its ``id``.
"""

from __future__ import annotations

from cardjudge.rules.core.events import Event
from cardjudge.rules.core.positions import fail
from cardjudge.rules.core.frozen import freeze, thaw
from cardjudge.rules.ygo.records import Choice, Link, PendingTrigger, Resolving

WINDOW_KINDS = ("open", "phase_end", "summon", "attack", "damage", "respond")
MOMENT_FIELDS = {"window", "window_from", "step", "window_events", "triggers", "summoning", "attack",
                 "placing_triggers", "resolving_chain", "choice", "resolving", "maintenance"}
CHOICE_FIELDS = {"player", "kind", "name", "candidates", "min", "max", "prompt", "card", "amount", "redo"}
CHOICE_KINDS = ("cards", "position", "discard", "maintenance", "fusion")
EVENT_FIELDS = {"kind", "cards", "labels", "player", "reason", "source", "method", "from", "to", "seq"}
TRIGGER_FIELDS = {"id", "card", "ability", "controller", "mandatory", "timing", "event", "step", "left"}
LINK_FIELDS = {"declared", "card", "id", "controller", "ability", "targets", "event", "card_activation", "speed", "summons",
               "negated", "effect_negated", "left", "number"}


# ------------------------------------------------------------------ writing


def _first_slot(card, ability: int) -> str:
    """The name of the first target slot of an ability (``t`` when it names none)."""
    abilities = card.abilities
    if ability < len(abilities) and abilities[ability].targets:
        return abilities[ability].targets[0].name
    return "t"


class _Writer:
    """Writes references by label; objects that left are numbered 1, 2, ... as first met."""

    def __init__(self, s):
        self.s = s
        self.left: dict = {}

    def left_number(self, oid) -> int:
        return self.left.setdefault(oid, len(self.left) + 1)

    def ref(self, oid):
        if oid is None:
            return None
        return self.s.objects[oid].label if oid in self.s.objects else {"left": self.left_number(oid)}

    def event(self, event: Event | None):
        if event is None:
            return None
        return {"kind": event.kind, "cards": [self.ref(o) for o in event.cards], "labels": list(event.labels),
                "player": event.player, "reason": event.reason, "source": self.ref(event.source),
                "method": event.method, "from": event.from_zone, "to": event.to_zone, "seq": event.seq}

    def link(self, link: Link) -> dict:
        out = {"card": link.card, "id": link.label, "controller": link.controller, "ability": link.ability,
               "targets": self.targets(link), "card_activation": link.card_activation, "speed": link.speed}
        if link.oid not in self.s.objects:
            out["left"] = self.left_number(link.oid)
        if link.event is not None:
            out["event"] = self.event(link.event)
        for flag in ("summons", "negated", "effect_negated"):
            if getattr(link, flag):
                out[flag] = True
        if link.declared:
            out["declared"] = dict(link.declared)
        return out

    def targets(self, link: Link):
        """A list for the targets of the ability's first target slot (as a position names them),
        else a mapping of slot names to labels."""
        slots = {slot: [self.ref(o) for o in oids] for slot, oids in link.targets}
        if not slots:
            return []
        if len(slots) == 1 and next(iter(slots)) == _first_slot(self.s.pool[link.card], link.ability):
            return next(iter(slots.values()))
        return slots

    def value(self, value):
        """An element of a bound name: a card (by label) or another value as ``{value: ...}``."""
        if isinstance(value, int) and not isinstance(value, bool):
            return self.ref(value)
        return {"value": value}

    def resolving(self, r: Resolving) -> dict:
        return {"link": {**self.link(r.link), "number": r.link.number}, "steps": [thaw(step) for step in r.steps],
                "bound": {name: [self.value(v) for v in values] for name, values in r.bound}}

    def choice(self, c: Choice) -> dict:
        out = {"player": c.player, "kind": c.kind, "name": c.name, "candidates": [self.ref(o) for o in c.candidates],
               "min": c.min, "max": c.max, "prompt": c.prompt}
        if c.oid is not None:
            out["card"] = self.ref(c.oid)
        if c.amount:
            out["amount"] = c.amount
        if c.redo is not None:
            out["redo"] = thaw(c.redo)
        return out

    def trigger(self, p: PendingTrigger) -> dict:
        out = {"id": p.label, "card": p.card, "ability": p.ability, "controller": p.controller,
               "mandatory": p.mandatory, "timing": p.timing, "step": p.step}
        if p.oid not in self.s.objects:
            out["left"] = self.left_number(p.oid)
        out["event"] = self.event(p.event)
        return out


def write(s) -> dict:
    """The chain and the fields of the moment of ``s`` (only ``chain: []`` in an open game state
    with nothing waiting)."""
    w = _Writer(s)
    out: dict = {"chain": [w.link(link) for link in s.chain] if s.chain else []}
    data = dict(s.game_data)  # read once rather than searched field by field
    window = data.get("window")
    if window is not None and window != ("open", s.active, 0):
        out["window"] = {"kind": window[0], "priority": window[1], "passes": window[2]}
    if data.get("base_window"):
        out["window_from"] = data["base_window"]
    if data.get("step"):
        out["step"] = data["step"]
    if data.get("window_events") is not None:
        out["window_events"] = [w.event(e) for e in data["window_events"]]
    triggers = [p for p in s.pending if isinstance(p, PendingTrigger)]
    if triggers:
        out["triggers"] = [w.trigger(p) for p in triggers]
    if data.get("summoning"):
        oid, method = data["summoning"]
        out["summoning"] = {"card": w.ref(oid), "method": method}
    if data.get("attack"):
        attacker, target = data["attack"]
        out["attack"] = {"attacker": w.ref(attacker), "target": w.ref(target)}
    if data.get("placing"):
        out["placing_triggers"] = True
    if data.get("resolving_chain"):
        out["resolving_chain"] = True
    if data.get("resolving") is not None:
        out["resolving"] = w.resolving(data["resolving"])
    if data.get("choice") is not None:
        out["choice"] = w.choice(data["choice"])
    if data.get("maintenance") is not None:
        out["maintenance"] = [{"card": w.ref(oid), "amount": amount, "mandatory": mandatory}
                              for oid, amount, mandatory in data["maintenance"]]
    return out


# ------------------------------------------------------------------ reading


class Reader:
    """Reads the moment of one position: ``labels`` maps labels to oids, ``next_id`` is the
    last id used; references to objects that left get fresh ids after it."""

    def __init__(self, labels: dict, objects: dict, players: tuple, next_id: int, source: str):
        self.labels, self.objects, self.players, self.next_id, self.source = labels, objects, players, next_id, source
        self.left: dict = {}  # N of {left: N} -> its fresh id

    def _left(self, number, node, key) -> int:
        if not isinstance(number, int) or isinstance(number, bool):
            fail(f"{key!r} must be a number telling apart the cards that left", self.source, node, key)
        if number not in self.left:
            self.next_id += 1
            self.left[number] = self.next_id
        return self.left[number]

    def _known(self, node, fields, what):
        if not isinstance(node, dict):
            fail(f"{what} must be a mapping", self.source, node)
        for key in node:
            if key not in fields:
                fail(f"unknown field {key!r} in {what}", self.source, node, key)

    def ref(self, value, node, key):
        """The oid a label names; ``{left: N}`` is a card that has left (a fresh id)."""
        if isinstance(value, dict) and set(value) == {"left"}:
            return self._left(value["left"], value, "left")
        if not isinstance(value, str) or value not in self.labels:
            fail(f"unknown card {value!r}", self.source, node, key)
        return self.labels[value]

    def _refs(self, values, node, key):
        if not isinstance(values, list):
            fail(f"{key!r} must be a list of card labels", self.source, node, key)
        return tuple(self.ref(value, values, index) for index, value in enumerate(values))

    def value(self, value, node, key):
        """An element of a bound name, as ``_Writer.value`` writes it."""
        if isinstance(value, dict) and set(value) == {"value"}:
            return value["value"]
        return self.ref(value, node, key)

    def resolving(self, node, pool) -> Resolving:
        """A chain link halfway through its resolution: the link, its remaining steps, its bound names."""
        self._known(node, {"link", "steps", "bound"}, "'resolving'")
        if not isinstance(node.get("link"), dict):
            fail("'resolving' names its chain 'link'", self.source, node)
        link = self.link(self._int(node["link"], "number", 1), node["link"], pool)
        steps = node.get("steps") or []
        if not isinstance(steps, list):
            fail("'steps' must be a list of effect steps", self.source, node, "steps")
        bound = node.get("bound") or {}
        if not isinstance(bound, dict):
            fail("'bound' must map names to lists of cards", self.source, node, "bound")
        names = []
        for name, values in bound.items():
            if not isinstance(values, list):
                fail(f"{name!r} must be a list of cards", self.source, bound, name)
            names.append((str(name), tuple(self.value(v, values, i) for i, v in enumerate(values))))
        return Resolving(link, tuple(freeze(step) for step in steps), tuple(names))

    def choice(self, node) -> Choice:
        """A choice a player is making."""
        self._known(node, CHOICE_FIELDS, "'choice'")
        if node.get("kind") not in CHOICE_KINDS:
            fail(f"'kind' must be one of {', '.join(CHOICE_KINDS)}", self.source, node, "kind")
        if not isinstance(node.get("name"), str):
            fail("a choice needs the 'name' its answer is bound to", self.source, node)
        low, high = self._int(node, "min", 1), self._int(node, "max", 1)
        if low > high:
            fail("'min' is more than 'max'", self.source, node, "min")
        redo = node.get("redo")
        return Choice(self.player(node, "player"), node["kind"], node["name"],
                      self._refs(node.get("candidates") or [], node, "candidates"), low, high,
                      self._str(node, "prompt", "") or "",
                      self.ref(node["card"], node, "card") if node.get("card") is not None else None,
                      self._int(node, "amount"), freeze(redo) if redo is not None else None)

    def maintenance(self, entries) -> tuple:
        """The maintenance costs still to be asked this Standby Phase."""
        queue = []
        for entry in entries:
            self._known(entry, {"card", "amount", "mandatory"}, "a maintenance cost")
            queue.append((self.ref(entry.get("card"), entry, "card"), self._int(entry, "amount"),
                          self._bool(entry, "mandatory")))
        return tuple(queue)

    def player(self, node, key, required=True):
        value = node.get(key)
        if value is None and not required:
            return None
        if value not in self.players:
            fail(f"{key!r} must name a player ({', '.join(self.players)})", self.source, node, key)
        return value

    def _int(self, node, key, default=0):
        value = node.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            fail(f"{key!r} must be a number", self.source, node, key)
        return value

    def _bool(self, node, key, default=False):
        value = node.get(key, default)
        if not isinstance(value, bool):
            fail(f"{key!r} must be true or false", self.source, node, key)
        return value

    def _str(self, node, key, default=None):
        value = node.get(key, default)
        if value is not None and not isinstance(value, str):
            fail(f"{key!r} must be a word", self.source, node, key)
        return value

    def _controller(self, node, oid):
        if "controller" in node or oid not in self.objects:
            return self.player(node, "controller")
        return self.objects[oid].controller

    def event(self, node) -> Event:
        """An event written by ``write``."""
        self._known(node, EVENT_FIELDS, "an event")
        if not isinstance(node.get("kind"), str):
            fail("an event needs a 'kind'", self.source, node)
        cards = self._refs(node.get("cards") or [], node, "cards")
        labels = node.get("labels")
        if labels is None:
            labels = [self.objects[o].label for o in cards if o in self.objects]
        if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
            fail("'labels' must be a list of card labels", self.source, node, "labels")
        source = self.ref(node["source"], node, "source") if node.get("source") is not None else None
        return Event(node["kind"], cards, self.player(node, "player", required=False),
                     self._str(node, "reason", "rule"), source, self._str(node, "method"),
                     self._str(node, "from"), self._str(node, "to"), tuple(labels), self._int(node, "seq"))

    def _own_card(self, node, pool, what):
        """The oid, label and card of the card a trigger or link belongs to (``left: N`` if it left)."""
        label = node.get("id")
        if "left" in node:
            if not isinstance(label, str) or node.get("card") not in pool:
                fail(f"{what} whose card left names its 'id' and 'card'", self.source, node)
            return self._left(node["left"], node, "left"), label, pool[node["card"]]
        if label not in self.labels:
            fail(f"{what} names the 'id' of a card in the position, not {label!r}", self.source, node)
        oid = self.labels[label]
        named = node.get("card", self.objects[oid].card)
        if named not in pool:
            fail(f"{what} names unknown card {named!r}", self.source, node, "card")
        if named != self.objects[oid].card:
            fail(f"{what} names {named!r}, but {label!r} is {self.objects[oid].card!r}", self.source, node, "card")
        return oid, label, pool[self.objects[oid].card]

    def trigger(self, node, pool) -> PendingTrigger:
        """A trigger waiting to be activated."""
        self._known(node, TRIGGER_FIELDS, "a waiting trigger")
        oid, label, card = self._own_card(node, pool, "a waiting trigger")
        ability = self._int(node, "ability")
        if ability >= len(card.abilities) or card.abilities[ability].kind != "trigger":
            fail(f"ability {ability} of {card.name!r} is not a trigger effect", self.source, node, "ability")
        if "event" not in node:
            fail("a waiting trigger needs its 'event'", self.source, node)
        timing = self._str(node, "timing", card.abilities[ability].timing)
        if timing not in ("when", "if"):
            fail("'timing' must be when or if", self.source, node, "timing")
        return PendingTrigger(oid, label, card.name, ability, self._controller(node, oid),
                              self._bool(node, "mandatory", card.abilities[ability].mandatory), timing,
                              self.event(node["event"]), self._int(node, "step"))

    def link(self, number: int, node, pool) -> Link:
        """A chain link; ``targets`` is a list (the ability's first target slot) or slot -> labels."""
        self._known(node, LINK_FIELDS, "a chain link")
        oid, label, card = self._own_card(node, pool, "a chain link")
        ability = self._int(node, "ability")
        if ability >= max(len(card.abilities), 1):
            fail(f"{card.name!r} has no ability {ability}", self.source, node, "ability")
        targets = node.get("targets") or []
        if isinstance(targets, list):
            slots = ((_first_slot(card, ability), self._refs(targets, node, "targets")),) if targets else ()
        elif isinstance(targets, dict):
            slots = tuple((str(name), self._refs(oids, targets, name)) for name, oids in targets.items())
        else:
            fail("'targets' must be a list of labels or a mapping of slots to labels", self.source, node, "targets")
        activation = card.abilities[ability].kind == "activate" if card.abilities else False
        event = self.event(node["event"]) if node.get("event") is not None else None
        return Link(number=number, oid=oid, label=label, card=card.name, controller=self._controller(node, oid),
                    ability=ability, targets=slots, event=event,
                    card_activation=self._bool(node, "card_activation", activation),
                    speed=self._int(node, "speed", 1), summons=self._bool(node, "summons"),
                    negated=self._bool(node, "negated"), effect_negated=self._bool(node, "effect_negated"),
                    declared=self.declared(node))

    def declared(self, node) -> tuple:
        """What was declared at activation (``declared: {lv: 4}``)."""
        declared = node.get("declared") or {}
        if not isinstance(declared, dict) or not all(isinstance(v, (int, str)) for v in declared.values()):
            fail("'declared' must map names to the numbers or words declared", self.source, node, "declared")
        return tuple(sorted((str(k), v) for k, v in declared.items()))

    def moment(self, data: dict, pool) -> tuple[dict, tuple]:
        """The game data and pending triggers the position's moment fields say."""
        game_data: dict = {}
        window = data.get("window")
        if window is not None:
            self._known(window, {"kind", "priority", "passes"}, "'window'")
            if window.get("kind") not in WINDOW_KINDS:
                fail(f"'kind' must be one of {', '.join(WINDOW_KINDS)}", self.source, window, "kind")
            passes = self._int(window, "passes")
            if passes > 1:
                fail("'passes' is 0 or 1 (two passes in succession close the window)", self.source, window, "passes")
            game_data["window"] = (window["kind"], self.player(window, "priority"), passes)
        if data.get("window_from") is not None:
            if data["window_from"] not in WINDOW_KINDS:
                fail(f"'window_from' must be one of {', '.join(WINDOW_KINDS)}", self.source, data, "window_from")
            game_data["base_window"] = data["window_from"]
        if data.get("step"):
            game_data["step"] = self._int(data, "step")
        if data.get("window_events") is not None:
            events = data["window_events"]
            if not isinstance(events, list):
                fail("'window_events' must be a list of events", self.source, data, "window_events")
            game_data["window_events"] = tuple(self.event(e) for e in events)
        triggers = data.get("triggers") or []
        if not isinstance(triggers, list):
            fail("'triggers' must be a list of waiting triggers", self.source, data, "triggers")
        pending = tuple(self.trigger(t, pool) for t in triggers)
        summoning = data.get("summoning")
        if summoning is not None:
            self._known(summoning, {"card", "method"}, "'summoning'")
            game_data["summoning"] = (self.ref(summoning.get("card"), summoning, "card"),
                                      self._str(summoning, "method", "normal"))
        attack = data.get("attack")
        if attack is not None:
            self._known(attack, {"attacker", "target"}, "'attack'")
            target = attack.get("target")
            game_data["attack"] = (self.ref(attack.get("attacker"), attack, "attacker"),
                                   self.ref(target, attack, "target") if target is not None else None)
        for field, key in (("placing_triggers", "placing"), ("resolving_chain", "resolving_chain")):
            if self._bool(data, field):
                game_data[key] = True
        if data.get("resolving") is not None:
            game_data["resolving"] = self.resolving(data["resolving"], pool)
        if data.get("choice") is not None:
            game_data["choice"] = self.choice(data["choice"])
        if data.get("maintenance") is not None:
            if not isinstance(data["maintenance"], list):
                fail("'maintenance' must be a list of costs", self.source, data, "maintenance")
            game_data["maintenance"] = self.maintenance(data["maintenance"])
        return game_data, pending

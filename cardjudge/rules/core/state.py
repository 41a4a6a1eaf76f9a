"""The frozen game state shared by every game: objects by id, zones as tuples of ids.

A card that changes zones becomes a new object with a fresh ``oid`` (its rules
identity) while keeping its ``label`` (the physical card that users and tests name).
Everything a stored reference points at is an ``oid``: a reference to an object that
has left its zone finds nothing, which is how "that card" stops meaning anything.

``apply`` in the games never edits a State: it opens a ``Draft`` (mutable copies of the
containers, sharing every unchanged object), changes it, and freezes it into a new
State.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from cardjudge.rules import rules_for
from cardjudge.rules.core.canonical import carry_digest
from cardjudge.rules.core.derived import Derived
from cardjudge.rules.core.described import KEPT_BY_MOVE, PER_ZONE, SET_BY_MOVE
from cardjudge.rules.core.records import record_changer, record_maker


@dataclass(frozen=True, slots=True)
class Obj:
    """One card (or token) in one zone."""

    oid: int
    label: str
    card: str
    owner: str
    controller: str
    zone: str
    face_up: bool = True
    position: str | None = None  # "attack" | "defense" for monsters on the field
    summon_type: str | None = None
    flags: frozenset = frozenset()  # turn-scoped facts: "summoned_this_turn", "set_this_turn", ...
    counters: tuple = ()  # sorted (name, count) pairs
    equipped_to: int | None = None
    extra: tuple = ()  # game-specific (key, value) pairs, sorted
    _hash: int | None = field(default=None, init=False, compare=False, repr=False)
    # The hash of its description in the digest (``digest._described``), kept by the digest: it is
    # a function of this object's own values, and a card is described in every state it stays in.
    _desc_hash: int | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        # The value dataclass would compute, kept: an unchanged object is shared by every state
        # after it, and each of them hashes it again (``State.__hash__``).
        value = self._hash
        if value is None:
            value = hash(_obj_fields(self))
            object.__setattr__(self, "_hash", value)
        return value

    def counter(self, name: str) -> int:
        """How many counters called ``name`` are on this object."""
        for key, count in self.counters:
            if key == name:
                return count
        return 0

    def get(self, key: str, default: Any = None) -> Any:
        """A game-specific extra value."""
        for name, value in self.extra:
            if name == key:
                return value
        return default


@dataclass(frozen=True, slots=True)
class PlayerState:
    """What a player has apart from cards."""

    name: str
    life: int
    flags: frozenset = frozenset()  # e.g. "normal_summon_used"
    extra: tuple = ()

    def get(self, key: str, default: Any = None) -> Any:
        for name, value in self.extra:
            if name == key:
                return value
        return default


@dataclass(frozen=True, slots=True)
class Lasting:
    """A lasting effect: what it does (``kind`` and ``params``), to which objects, until when.

    ``until`` is one of ``end_phase`` / ``end_of_turn`` (this turn's end), ``permanent``, or
    a game-specific duration; ``turn`` is the turn it was created. Lasting effects that
    point at objects stop applying once those objects left (their oids are gone).
    """

    lid: int
    kind: str
    affected: tuple = ()
    params: tuple = ()  # sorted (key, value) pairs
    until: str = "end_of_turn"
    turn: int = 0
    source: int | None = None  # oid of the card that made it
    controller: str | None = None

    def param(self, key: str, default: Any = None) -> Any:
        for name, value in self.params:
            if name == key:
                return value
        return default


def frozen_params(mapping: dict | None) -> tuple:
    """A dict as sorted (key, value) pairs, lists turned into tuples."""
    if not mapping:
        return ()
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in mapping.items()))


@dataclass(frozen=True, slots=True, eq=False)
class State:
    """A whole position. Immutable and hashable; the game module interprets ``game_data``."""

    game: str
    pool: Any  # the CardPool; not part of equality
    turn: int
    active: str
    phase: str
    players: tuple  # player names in turn order
    player_states: tuple  # PlayerState per player, same order
    objects: dict  # oid -> Obj; never changed after the State is made
    zones: dict  # (player, zone) -> tuple of oids, first = top / leftmost
    next_id: int
    chain: tuple = ()
    lasting: tuple = ()
    pending: tuple = ()  # game-specific pending decisions and triggers
    used: frozenset = frozenset()  # once-per-turn / per-duel keys
    game_data: tuple = ()  # game-specific (key, value) pairs
    winner: str | None = None
    # The hash of the fields above, made on first use by ``__hash__``. Not an argument of the
    # constructor: a copy made by ``dataclasses.replace`` never carries a stale one.
    _hash: int | None = field(default=None, init=False, compare=False, repr=False)
    # The values worked out from this state (a ``core.derived.Derived`` of the game's kind), made
    # on first use by ``derived()``. Not part of the state's value; not an argument of the
    # constructor, so that neither ``dataclasses.replace`` nor a copy carries it to another state.
    _derived: Any = field(default=None, init=False, compare=False, repr=False)
    # game_data as a dict, for ``get``; made on first use (or handed over by ``Draft.freeze``).
    # Not an argument of the constructor, so ``dataclasses.replace`` never carries a stale one.
    _data: dict | None = field(default=None, init=False, compare=False, repr=False)
    # The memo of the values that read only the zones, the objects and the card pool, shared by
    # the states made from this one without changing any (see ``Draft._zone_memo``); made on
    # first use. Not an argument of the constructor either: a changed copy never carries it.
    _zone_memo: dict | None = field(default=None, init=False, compare=False, repr=False)
    # What happened during the apply that made this state (the Draft's events, handed over by
    # ``Draft.freeze``; empty for a loaded position). Not part of the state's value.
    events: tuple = field(default=(), init=False, compare=False, repr=False)

    # -- identity -------------------------------------------------------
    def exact_key(self) -> tuple:
        """Every field but the card pool, as a hashable tuple."""
        return (
            self.game,
            self.turn,
            self.active,
            self.phase,
            self.players,
            self.player_states,
            tuple(sorted(self.objects.items())),
            tuple(sorted(self.zones.items())),
            self.next_id,
            self.chain,
            self.lasting,
            self.pending,
            tuple(sorted(self.used)),
            self.game_data,
            self.winner,
        )

    def __hash__(self) -> int:
        value = self._hash
        if value is None:
            # What exact_key holds, with the objects, zones and used keys as sets rather than
            # sorted: equal keys give equal hashes, without sorting anything.
            value = hash((self.game, self.turn, self.active, self.phase, self.players, self.player_states,
                          frozenset(self.objects.values()), frozenset(self.zones.items()), self.next_id,
                          self.chain, self.lasting, self.pending, frozenset(self.used), self.game_data, self.winner))
            object.__setattr__(self, "_hash", value)
        return value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self is other or (hash(self) == hash(other) and self.exact_key() == other.exact_key())

    def derived(self) -> Derived:
        """The record of the values worked out from this state (its game's ``Rules.derived``,
        never part of the state's identity), made on first use (hot readers use
        ``s._derived`` when it is not None: no call)."""
        record = self._derived
        if record is None:
            record = (_DERIVED.get(self.game) or _derived_type(self.game))()
            object.__setattr__(self, "_derived", record)
        return record

    def zone_memo(self) -> dict:
        """The memo for values that read only the zones, the objects and the card pool (readers
        use ``s._zone_memo`` when it is not None: no call)."""
        memo = self._zone_memo
        if memo is None:
            memo = {}
            object.__setattr__(self, "_zone_memo", memo)
        return memo

    # -- reading --------------------------------------------------------
    def player(self, name: str) -> PlayerState:
        return self.player_states[self.players.index(name)]

    def opponent_of(self, name: str) -> str:
        players = self.players
        if len(players) == 2:  # every game so far: two comparisons instead of index and modulo
            first, second = players
            if name == first:
                return second
            if name == second:
                return first
        index = players.index(name)
        return players[(index + 1) % len(players)]

    def zone(self, player: str, zone: str) -> tuple:
        return self.zones.get((player, zone), ())

    def get(self, key: str, default: Any = None) -> Any:
        """A game-specific value of ``game_data``."""
        data = self._data
        if data is None:
            data = dict(self.game_data)
            object.__setattr__(self, "_data", data)
        return data.get(key, default)


class Draft:
    """A mutable working copy of a State, frozen back with ``freeze()``.

    Reads mirror State's; writes go through the methods below, so that the
    objects, zones and players of the original State are never touched. The methods that
    replace, add or remove objects record their ids in ``changed``: ``freeze`` updates the
    digest from them rather than comparing every object with the base state's (code that
    writes ``objects`` directly must add the ids it changes).
    """

    def __init__(self, state: State):
        self.base = state
        self.game = state.game
        self.pool = state.pool
        self.turn = state.turn
        self.active = state.active
        self.phase = state.phase
        self.players = state.players
        # The base's tuple, kept (and so recognised by the digest update) until a player changes.
        self.player_states = state.player_states
        # dict.copy rather than dict(...): a quarter of the cost, for the three dicts of every apply
        self.objects = state.objects.copy()
        self.changed: set = set()  # ids of the objects replaced, added or removed
        self.zones = state.zones.copy()
        self.next_id = state.next_id
        self.chain = state.chain
        self.lasting = state.lasting
        self.pending = state.pending
        self.used = state.used
        data = state._data
        self.game_data = dict(state.game_data) if data is None else data.copy()
        self.winner = state.winner
        self.events: list = []  # everything that happened during this apply
        # the zones whose cards are listed under their controller (the game's field)
        self.field_zones = _FIELD_ZONES.get(state.game) or _field_zones(state.game)
        # The values worked out from the draft as it is now (see ``State.derived``): dropped at
        # each change (``touched``), never handed over to the State ``freeze`` makes.
        self._derived: Derived | None = None
        # The memo of the values that read only the zones, the objects and the card pool: the
        # base state's while no object or zone has changed (what the base state worked out for
        # its own listing, which the apply's windows ask again), then a new one after each such
        # change (made on first use); ``freeze`` hands it over to the new State, made of these
        # zones and objects (its listing asks again).
        self._zone_memo: dict | None = state._zone_memo

    # reading, as on State
    player = State.player
    opponent_of = State.opponent_of
    zone = State.zone

    def get(self, key: str, default: Any = None) -> Any:
        return self.game_data.get(key, default)

    def derived(self) -> Derived:
        """The record of the values worked out from the draft as it is now (see ``State.derived``)."""
        record = self._derived
        if record is None:
            record = self._derived = (_DERIVED.get(self.game) or _derived_type(self.game))()
        return record

    def zone_memo(self) -> dict:
        """The memo for values that read only the zones, the objects and the card pool (see
        ``_zone_memo``; readers use ``s._zone_memo`` when it is not None: no call)."""
        memo = self._zone_memo
        if memo is None:
            memo = self._zone_memo = {}
        return memo

    def touched(self, zones: bool = True) -> None:
        """Forget derived values after a change; ``zones=False`` for a change that left every
        object and zone as it was (the zone memo stays)."""
        self._derived = None
        if zones:
            self._zone_memo = None

    # writing
    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def set_player(self, name: str, **changes: Any) -> None:
        """Replace a player's state by a copy with some fields changed."""
        index = self.players.index(name)
        old = self.player_states[index]
        if not changes.keys() <= _PLAYER_FIELDS:
            raise TypeError(f"PlayerState has no field {sorted(changes.keys() - _PLAYER_FIELDS)[0]!r}")
        get = changes.get  # as dataclasses.replace, at a third of its cost
        states = list(self.player_states)
        states[index] = PlayerState(get("name", old.name), get("life", old.life), get("flags", old.flags),
                                    get("extra", old.extra))
        self.player_states = tuple(states)
        self.touched(zones=False)

    def update(self, oid: int, **changes: Any) -> Obj:
        """Replace an object by a copy with some fields changed (same oid); returns the copy."""
        obj = _changed(self.objects[oid], changes)
        self.objects[oid] = obj
        self.changed.add(oid)
        self.touched()
        return obj

    def remove_from_zone(self, obj: Obj) -> None:
        key = (obj.controller if obj.zone in self.field_zones else obj.owner, obj.zone)
        self.zones[key] = tuple([o for o in self.zones.get(key, ()) if o != obj.oid])
        del self.objects[obj.oid]
        self.changed.add(obj.oid)
        self.touched()

    def put_in_zone(self, obj: Obj, top: bool = False) -> None:
        key = (obj.controller if obj.zone in self.field_zones else obj.owner, obj.zone)
        existing = self.zones.get(key, ())
        self.zones[key] = (obj.oid, *existing) if top else (*existing, obj.oid)
        self.objects[obj.oid] = obj
        self.changed.add(obj.oid)
        self.touched()

    def move(self, oid: int, zone: str, controller: str | None = None, top: bool = False, **changes: Any) -> Obj:
        """Move an object to ``zone`` as a new object (new oid, same label); returns it. It keeps
        the card and its owner; every field of its stay in the old zone starts again at its
        default unless ``changes`` sets it (``described.PER_ZONE``).

        ``remove_from_zone``, ``new_id`` and ``put_in_zone`` written out: a move is the commonest
        change of an apply, and this saves their calls and a second ``touched``."""
        if not changes.keys() <= _MOVE_FIELDS:  # refused before anything changes
            raise TypeError(f"a move cannot set {sorted(changes.keys() - _MOVE_FIELDS)[0]!r}")
        objects, zones = self.objects, self.zones
        old = objects.pop(oid)
        owner = old.owner
        field_zones = self.field_zones
        key = (old.controller if old.zone in field_zones else owner, old.zone)
        zones[key] = tuple([o for o in zones.get(key, ()) if o != oid])
        self.next_id = new_oid = self.next_id + 1
        controller = controller or (owner if zone not in field_zones else old.controller)
        new = _moved_obj(new_oid, old, controller, zone, changes.get)
        key = (controller if zone in field_zones else owner, zone)
        existing = zones.get(key, ())
        zones[key] = (new_oid, *existing) if top else (*existing, new_oid)
        objects[new_oid] = new
        changed = self.changed
        changed.add(oid)
        changed.add(new_oid)
        self._derived = None
        self._zone_memo = None
        return new

    def freeze(self) -> State:
        """The new State, with the events that happened (``State.events``). Its derived values
        start with what this apply knows for free: when the base state had one, the digest
        updated from the base state's (see ``canonical.carry_digest``). Its zone memo is the Draft's."""
        zones = self.zones
        if not all(zones.values()):  # a zone was emptied
            zones = {k: v for k, v in zones.items() if v}
        data = self.game_data  # the Draft is done with it: the State's ``get`` reads it
        state = _new_state(self.game, self.pool, self.turn, self.active, self.phase, self.players,
                           tuple(self.player_states), self.objects, zones, self.next_id, tuple(self.chain),
                           tuple(self.lasting), tuple(self.pending), frozenset(self.used),
                           tuple(sorted(data.items())), self.winner, None, data, self._zone_memo,
                           tuple(self.events))
        carry_digest(self.base, state, self.changed)
        return state


# One State per apply and one Obj per change are made through their slots twins (see
# ``records.record_maker``): a third of what the dataclass constructors cost.
_new_state = record_maker(State, ("game", "pool", "turn", "active", "phase", "players", "player_states", "objects",
                                  "zones", "next_id", "chain", "lasting", "pending", "used", "game_data", "winner",
                                  "_derived", "_data", "_zone_memo", "events"))
_OBJ_INIT = tuple(name for name, f in Obj.__dataclass_fields__.items() if f.init)  # in order
_new_obj = record_maker(Obj, _OBJ_INIT)
# the fields an Obj compares, as one tuple (what its hash is the hash of)
_obj_fields = attrgetter(*(name for name, f in Obj.__dataclass_fields__.items() if f.compare))
new_lasting = record_maker(Lasting)  # an apply that makes lasting effects makes several


_OBJ_FIELDS = frozenset(_OBJ_INIT)
_PLAYER_FIELDS = frozenset(PlayerState.__dataclass_fields__)
# What a move may be given: the fields of one stay in one zone (``described.PER_ZONE``).
_MOVE_FIELDS = frozenset(PER_ZONE)


def _move_maker():
    """``moved(oid, old, controller, zone, get) -> Obj``: the object ``old`` becomes in ``zone``
    (``Draft.move``), made from the description's lists: the fields ``KEPT_BY_MOVE`` read from
    ``old``, those ``SET_BY_MOVE`` from the arguments, each ``PER_ZONE`` field ``get(name,
    default)``. Generated once (a call written out costs less than a loop over the fields)."""
    namespace: dict = {"_new_obj": _new_obj}
    args = []
    for name in _OBJ_INIT:
        if name in KEPT_BY_MOVE:
            args.append(f"old.{name}")
        elif name in SET_BY_MOVE:
            args.append(name)
        elif name in _MOVE_FIELDS:
            namespace[f"_default_{name}"] = Obj.__dataclass_fields__[name].default
            args.append(f"get({name!r}, _default_{name})")
        else:  # refused at import: ``described`` must say what a move does with every field
            raise TypeError(f"the description of Obj does not say what a move does with {name!r}")
    exec(f"def moved(oid, old, controller, zone, get):\n    return _new_obj({', '.join(args)})\n", namespace)
    return namespace["moved"]


_moved_obj = _move_maker()


_copy_changed = record_changer(Obj, _new_obj)


def _changed(obj: Obj, changes: dict) -> Obj:
    """``dataclasses.replace(obj, **changes)`` at a third of its cost (a hot path of apply)."""
    if not changes.keys() <= _OBJ_FIELDS:
        raise TypeError(f"Obj has no field {sorted(changes.keys() - _OBJ_FIELDS)[0]!r}")
    return _copy_changed(obj, changes)


_DERIVED: dict = {}  # game -> its record of derived values (``Rules.derived``)


def _derived_type(game: str) -> type:
    record = _DERIVED[game] = rules_for(game).derived
    return record


_FIELD_ZONES: dict = {}  # game -> the zones whose cards are controlled (rather than owned) by who lists them


def _field_zones(game: str) -> frozenset:
    zones = _FIELD_ZONES[game] = frozenset(rules_for(game).field_zones)
    return zones

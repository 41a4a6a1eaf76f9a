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

from dataclasses import dataclass, field, replace
from typing import Any

from cardjudge.rules.core.canonical import carry_digest


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
    _hash: int | None = field(default=None, compare=False, repr=False)
    _cache: dict | None = field(default=None, compare=False, repr=False)

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
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(self.exact_key()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self is other or (hash(self) == hash(other) and self.exact_key() == other.exact_key())

    def cache(self) -> dict:
        """A per-state memo for derived values (never part of the state's identity)."""
        if self._cache is None:
            object.__setattr__(self, "_cache", {})
        return self._cache

    # -- reading --------------------------------------------------------
    def player(self, name: str) -> PlayerState:
        return self.player_states[self.players.index(name)]

    def opponent_of(self, name: str) -> str:
        index = self.players.index(name)
        return self.players[(index + 1) % len(self.players)]

    def zone(self, player: str, zone: str) -> tuple:
        return self.zones.get((player, zone), ())

    def get(self, key: str, default: Any = None) -> Any:
        for name, value in self.game_data:
            if name == key:
                return value
        return default


class Draft:
    """A mutable working copy of a State, frozen back with ``freeze()``.

    Reads mirror State's; writes go through the methods below, so that the
    objects, zones and players of the original State are never touched.
    """

    def __init__(self, state: State):
        self.base = state
        self.game = state.game
        self.pool = state.pool
        self.turn = state.turn
        self.active = state.active
        self.phase = state.phase
        self.players = state.players
        self.player_states = list(state.player_states)
        self.objects = dict(state.objects)
        self.zones = dict(state.zones)
        self.next_id = state.next_id
        self.chain = state.chain
        self.lasting = state.lasting
        self.pending = state.pending
        self.used = state.used
        self.game_data = dict(state.game_data)
        self.winner = state.winner
        self.events: list = []  # everything that happened during this apply
        self._cache: dict = {}

    # reading, as on State
    player = State.player
    opponent_of = State.opponent_of
    zone = State.zone

    def get(self, key: str, default: Any = None) -> Any:
        return self.game_data.get(key, default)

    def cache(self) -> dict:
        return self._cache

    def touched(self) -> None:
        """Forget derived values after a change."""
        self._cache.clear()

    # writing
    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def set_player(self, name: str, **changes: Any) -> None:
        index = self.players.index(name)
        self.player_states[index] = replace(self.player_states[index], **changes)
        self.touched()

    def update(self, oid: int, **changes: Any) -> Obj:
        obj = replace(self.objects[oid], **changes)
        self.objects[oid] = obj
        self.touched()
        return obj

    def remove_from_zone(self, obj: Obj) -> None:
        key = (obj.controller if obj.zone in FIELD_ZONES else obj.owner, obj.zone)
        self.zones[key] = tuple(o for o in self.zones.get(key, ()) if o != obj.oid)
        del self.objects[obj.oid]
        self.touched()

    def put_in_zone(self, obj: Obj, top: bool = False) -> None:
        key = (obj.controller if obj.zone in FIELD_ZONES else obj.owner, obj.zone)
        existing = self.zones.get(key, ())
        self.zones[key] = (obj.oid, *existing) if top else (*existing, obj.oid)
        self.objects[obj.oid] = obj
        self.touched()

    def move(self, oid: int, zone: str, controller: str | None = None, top: bool = False, **changes: Any) -> Obj:
        """Move an object to ``zone`` as a new object (new oid, same label); returns it."""
        old = self.objects[oid]
        self.remove_from_zone(old)
        owner = old.owner
        new = Obj(
            oid=self.new_id(),
            label=old.label,
            card=old.card,
            owner=owner,
            controller=controller or (owner if zone not in FIELD_ZONES else old.controller),
            zone=zone,
            **changes,
        )
        self.put_in_zone(new, top=top)
        return new

    def freeze(self) -> State:
        """The new State. Its memo starts with what this apply knows for free: the events that
        happened (``"events"``) and, when the base state had one, the digest updated from the
        base state's (see ``canonical.carry_digest``)."""
        memo: dict = {"events": tuple(self.events)}
        state = State(
            game=self.game,
            pool=self.pool,
            turn=self.turn,
            active=self.active,
            phase=self.phase,
            players=self.players,
            player_states=tuple(self.player_states),
            objects=self.objects,
            zones={k: v for k, v in self.zones.items() if v},
            next_id=self.next_id,
            chain=tuple(self.chain),
            lasting=tuple(self.lasting),
            pending=tuple(self.pending),
            used=frozenset(self.used),
            game_data=tuple(sorted(self.game_data.items())),
            winner=self.winner,
            _cache=memo,
        )
        carry_digest(self.base, state)
        return state


# Zones whose cards are controlled (rather than owned) by the player they are listed under.
FIELD_ZONES = {"monsters", "spells_traps", "field_spell", "battlefield", "characters"}

"""The digest of a state: a 128-bit summary of its canonical key (see
:mod:`cardjudge.rules.core.canonical`), kept up to date from state to state.

The searches compare digests instead of keys (the probability that two different keys share a
digest is given in :mod:`cardjudge.rules.core.canonical`). ``digest(state)`` computes it from
scratch once; ``Draft.freeze`` then calls ``carry_digest``, which rehashes only what the apply
changed.
"""

from __future__ import annotations

from operator import is_
from typing import Any, Hashable

from cardjudge.rules.core.described import describer
from cardjudge.rules import rules_for
from cardjudge.rules.core.key_rules import (DECLARED, DICT, GONE, OID_DATA, OID_EXTRA, OID_FIELDS, ORDERED_ZONES, SET,
                                            SKIPPED_DATA, is_soft_mark, keyed_extra, record_fields)

_MASK128 = (1 << 128) - 1
_MUL1 = 0x9E3779B97F4A7C15F39CC0605CEDC835  # odd 128-bit constants
_MUL2 = 0xD6E8FEB86659FD93C2B2AE3D27D4EB4F


def _mixed(h: int) -> int:
    """A 64-bit hash spread over 128 bits (multiply, xor-shift, twice), ready to be summed.

    Python's tuple hash is nearly additive: changing one item changes the hash by an amount
    that, but for carries, depends only on the change and the item's place. Summed raw, the
    hashes of two states in which one mark (tapped, blocked, ...) sits on one object or on
    another would often be equal; mixed first, only by chance.
    """
    mixed = _MIXED.get(h)
    if mixed is None:
        x = (h * _MUL1) & _MASK128  # a bijection of the hashes (odd multiplier), negative ones included
        x = ((x ^ (x >> 67)) * _MUL2) & _MASK128
        mixed = x ^ (x >> 61)
        if len(_MIXED) >= _MIXED_LIMIT:
            _MIXED.clear()
        _MIXED[h] = mixed
    return mixed


# The mixed hashes met so far: the same card in the same place (or the same event) comes back in
# many states, and a dict lookup costs about a tenth of the 128-bit arithmetic.
_MIXED: dict = {}
_MIXED_LIMIT = 100_000  # entries before the memo is emptied


_MINUS_ONE = "<int -1>"  # CPython hashes -1 as -2: -1 is hashed as this text instead
_SIMPLE = frozenset({str, type(None), bool})


def _safe(value):
    """A plain number as it is hashed (see ``_MINUS_ONE``)."""
    return _MINUS_ONE if value == -1 else value


def _described(objects, oid) -> int:
    """The hash of the description of a referred object (``canonical._describe``)."""
    obj = objects.get(oid)
    if obj is None:
        return _GONE_HASH
    value = obj._desc_hash  # kept on the object: a function of its own values only
    if value is None:
        value = hash(_own_hashed(obj) + (_extra_hashed(obj) if obj.extra else (), obj.equipped_to is None))
        object.__setattr__(obj, "_desc_hash", value)
    return value


_GONE_HASH = hash(GONE)


def _counters(counters: tuple) -> tuple:
    """What an object's counters are hashed as (called only when it has some)."""
    return counters if all(count != -1 for _, count in counters) else _raw(counters)


# An object's described fields (``core.described``) as the digest hashes them: a set as it is
# (the key sorts it), counters with care for -1 (see ``_counters``).
_own_hashed = describer({"plain": "{v}", "set": "{v}", "counts": "{v} and _counters({v})"}, {"_counters": _counters})


def _extra_hashed(obj) -> tuple:
    """What the game-specific values of an object (``canonical._extra``) are hashed as."""
    return tuple([(k, None if k in OID_EXTRA else _raw(v)) for k, v in keyed_extra(obj.extra)])


def _raw(value: Any) -> Hashable:
    """What a value that the key holds as it is (compared with ``==``) is hashed as: itself, but
    for -1 (see ``_MINUS_ONE``) and for containers Python does not hash."""
    kind = type(value)
    if kind in _SIMPLE:
        return value
    if kind is int or kind is float:
        return _MINUS_ONE if value == -1 else value
    if kind is tuple or kind is list:
        if -1 not in value and all(type(item) in _SIMPLE or type(item) is int for item in value):
            return value if kind is tuple else tuple(value)
        return tuple([_raw(item) for item in value])
    if kind is dict:
        return (DICT, frozenset([(_raw(k), _raw(v)) for k, v in value.items()]))
    if kind is set:
        return frozenset(value)
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


def _card_hash(obj, objects) -> int:
    """The hash of ``canonical.card_description(obj, objects)``: its common form (no game-specific values,
    not equipped) is hashed as a shorter tuple, which nothing else is hashed as."""
    extra = keyed_extra(obj.extra)
    equipped = obj.equipped_to
    if not extra and equipped is None:
        return hash(_own_hashed(obj))
    return hash(_own_hashed(obj) + (
        _extra_hashed(obj) if extra else (),
        tuple([(k, _described(objects, v) if isinstance(v, int) else _raw(v)) for k, v in extra if k in OID_EXTRA]),
        None if equipped is None else _described(objects, equipped)))


def _refers_to(obj) -> tuple:
    """The objects whose descriptions are part of ``obj``'s (what it is equipped to, blocks...)."""
    refs = [v for k, v in obj.extra if k in OID_EXTRA and isinstance(v, int)]
    if obj.equipped_to is not None:
        refs.append(obj.equipped_to)
    return tuple(refs)


def _hashable(objects, value: Any, oids: bool = False, deps: list | None = None) -> Any:
    """What ``canonical._canon(objects, value, oids)`` is hashed as: a value of the same shape with
    every described object replaced by the hash of its description (its id appended to ``deps``),
    sets and dicts as sorted hashes, and -1 as a marker. It is a function of the canonical form, so
    equal forms hash alike; different forms hash alike only when Python's hash collides."""
    kind = type(value)
    if kind in _SIMPLE:
        return value
    if kind is int or kind is float:
        if oids and kind is int:
            if deps is not None:
                deps.append(value)
            return _described(objects, value)
        return _MINUS_ONE if value == -1 else value
    if kind is tuple or kind is list:
        if oids:  # object ids (the cards of an event, the affected cards...) described without a call each
            form = []
            for item in value:
                if type(item) is int:
                    if deps is not None:
                        deps.append(item)
                    form.append(_described(objects, item))
                else:
                    form.append(_hashable(objects, item, True, deps))
            return tuple(form)
        if -1 not in value:
            for item in value:  # plain items hash as themselves: the tuple is its own form
                if type(item) not in _SIMPLE and type(item) is not int:
                    break
            else:
                return value if kind is tuple else tuple(value)
        return tuple([_hashable(objects, item, oids, deps) for item in value])
    fields = record_fields(kind)
    if fields is not None:
        if not oids:
            return _record_form(objects, value, deps)
        return _record_walk(objects, value, kind, fields, oids, deps)
    if kind is frozenset or kind is set:
        _UNORDERED[0] += 1
        return (SET, tuple(sorted([hash(_hashable(objects, item, oids, deps)) for item in value])))
    if kind is dict:
        _UNORDERED[0] += 1
        return (DICT, tuple(sorted([hash((_hashable(objects, k), _hashable(objects, v, oids or k in OID_FIELDS, deps)))
                                     for k, v in value.items()])))
    return _other_form(objects, value, oids, deps)


def _record_walk(objects, value, kind, fields: tuple, oids: bool, deps: list | None) -> tuple:
    """What a record is hashed as, field by field (see ``_hashable``)."""
    form = [kind.__name__, fields[0][2] if fields else 0]
    for name, refers, _ in fields:
        item = getattr(value, name)
        if type(item) in _SIMPLE or (type(item) is int and not (oids or refers) and item != -1):
            form.append(item)  # a plain field stands for itself: no call
        elif type(item) is int and (oids or refers):  # an object id: its description, without a call
            if deps is not None:
                deps.append(item)
            form.append(_described(objects, item))
        else:
            form.append(_hashable(objects, item, oids or refers, deps))
    return tuple(form)


def _other_form(objects, value, oids: bool, deps: list | None):
    """What ``_hashable`` makes of a value of another type (subclasses of the plain types...)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int | float):
        if oids and isinstance(value, int):
            if deps is not None:
                deps.append(value)
            return _described(objects, value)
        return _MINUS_ONE if value == -1 else value
    if isinstance(value, tuple | list):
        return tuple([_hashable(objects, item, oids, deps) for item in value])
    if isinstance(value, frozenset | set):
        _UNORDERED[0] += 1
        return (SET, tuple(sorted([hash(_hashable(objects, item, oids, deps)) for item in value])))
    if isinstance(value, dict):
        _UNORDERED[0] += 1
        return (DICT, tuple(sorted([hash((_hashable(objects, k), _hashable(objects, v, oids or k in OID_FIELDS, deps)))
                                     for k, v in value.items()])))
    return repr(value)


_UNORDERED = [0]  # sets and dicts walked so far (see _record_form)
_SKELETONS: dict = {}  # record -> (hash of its skeleton, the ids it describes in order), see _record_form
_SKELETONS_LIMIT = 50_000  # entries before the memo is emptied
_NO_OBJECTS: dict = {}  # no object found: every described object hashed as gone
_SKELETON = "<record>"


def _record_form(objects, record, deps: list | None) -> tuple:
    """What a record (an event, a lasting effect, a chain link...) is hashed as: the hash of its
    skeleton (its form with every object it describes described as gone) and the descriptions
    of those objects in the order the skeleton meets them.

    That is a function of the record's canonical form, as its field-by-field form is, but the
    skeleton depends on the record alone: it is remembered by the record's value, and the same
    event comes back in many states (the searches met 652 window events of 99 values). A record
    holding a set or a dict is not remembered (the order of the ids met in a set is not fixed),
    and is walked field by field."""
    try:
        known = _SKELETONS.get(record)
    except TypeError:  # a record Python does not hash
        known = None
    if known is None:
        walked = _UNORDERED[0]
        ids: list = []
        kind = type(record)
        skeleton = _record_walk(_NO_OBJECTS, record, kind, record_fields(kind), False, ids)
        if _UNORDERED[0] != walked:
            return _record_walk(objects, record, kind, record_fields(kind), False, deps)
        known = (hash(skeleton), tuple(ids))
        try:
            if len(_SKELETONS) >= _SKELETONS_LIMIT:
                _SKELETONS.clear()
            _SKELETONS[record] = known
        except TypeError:
            pass
    skeleton_hash, ids = known
    if not ids:
        return _SKELETON, skeleton_hash
    if deps is not None:
        deps += ids
    return _SKELETON, skeleton_hash, tuple([_described(objects, oid) for oid in ids])


def _object_term(obj, objects) -> int:
    """The term of a card: the mixed hash of its description."""
    return _mixed(_card_hash(obj, objects))


def objects_digest(objects) -> int:
    """The cards' part of the digest: the sum of the mixed hashes of their descriptions."""
    total = 0
    for obj in objects.values():
        total += _object_term(obj, objects)
    return total & _MASK128


def _position_term(where: tuple, index: int, obj, objects) -> int:
    """The term of the card ``index`` places from the bottom of the ordered zone ``where``."""
    return _mixed(hash(("<at>", where, index, _card_hash(obj, objects))))


def _empty_term(where: tuple) -> int:
    return _mixed(hash(("<empty>", where)))


_PLAIN_TERMS: dict = {}  # (part, its plain values) -> term, for parts that describe no object
_PLAIN_TERMS_LIMIT = 50_000  # entries before the memo is emptied


def _plain_term(form: tuple) -> int:
    """The term of a part that describes no object (``form`` holds only plain values),
    remembered: the same phase or life total comes back in many states (equal forms have equal
    canonical forms, so the memo never answers for another key)."""
    term = _PLAIN_TERMS.get(form)
    if term is None:
        term = _mixed(hash(form))
        if len(_PLAIN_TERMS) >= _PLAIN_TERMS_LIMIT:
            _PLAIN_TERMS.clear()
        _PLAIN_TERMS[form] = term
    return term


def _head_term(state) -> int:
    return _plain_term(("<head>", state.turn, state.active, state.phase, state.winner))


def _player_term(objects, index: int, name: str, ps) -> tuple:
    """(term, ids of the objects it describes) of a player."""
    if not ps.extra:
        return _plain_term(("<player>", index, name, _safe(ps.life), ps.flags, ())), ()
    deps: list = []
    extra = _hashable(objects, ps.extra, False, deps)
    return _mixed(hash(("<player>", index, name, _safe(ps.life), ps.flags, extra))), tuple(deps)


def _chain_term(objects, chain) -> tuple:
    deps: list = []
    return _mixed(hash(("<chain>", _hashable(objects, chain, False, deps)))), tuple(deps)


def _multiset_term(objects, tag: str, items) -> tuple:
    """(sum of the terms of the items, ids of the objects they describe) of a multiset."""
    deps: list = []
    total = 0
    for item in items:
        total += _mixed(hash((tag, _hashable(objects, item, False, deps))))
    return total, tuple(deps)


def _used_term(objects, used) -> tuple:
    deps: list = []
    total = 0
    for item in used:
        if is_soft_mark(item):
            deps.append(item[2])
            form = (item[0], item[1], _described(objects, item[2]), _raw(item[3]))
        else:
            form = _hashable(objects, item, False, deps)
        total += _mixed(hash(("<used>", form)))
    return total, tuple(deps)


def _data_term(objects, key: str, value) -> tuple:
    """(term, ids of the objects it describes) of a game-data entry."""
    if key not in OID_DATA:
        memo_key = ("<data>", key, value)
        try:
            term = _PLAIN_TERMS.get(memo_key)
        except TypeError:  # a value Python does not hash
            term = memo_key = None
        if term is not None:
            return term, ()
    deps: list = []
    term = _mixed(hash(("<data>", key, _hashable(objects, value, key in OID_DATA, deps))))
    if deps:
        return term, tuple(deps)
    if key not in OID_DATA and memo_key is not None:
        if len(_PLAIN_TERMS) >= _PLAIN_TERMS_LIMIT:
            _PLAIN_TERMS.clear()
        _PLAIN_TERMS[memo_key] = term
    return term, ()


class _Parts:
    """The digest of a state with the terms it is the sum of, so that the digest of a state made
    from it can reuse the terms of the parts that did not change.

    Each reusable term is kept with what it was computed from (a container, compared by
    identity) and the ids of the objects it describes (it is computed again when one of them
    changed)."""

    __slots__ = ("total", "objects", "terms", "referrers", "ordered", "empty", "head", "player_states", "players",
                 "players_deps", "chain", "pending", "lasting", "used", "records_deps", "data")

    @classmethod
    def of(cls, state) -> "_Parts":
        """The parts of ``state``, computed from scratch."""
        parts = cls()
        objects = state.objects
        parts.terms = {oid: _object_term(obj, objects) for oid, obj in objects.items()}
        parts.objects = sum(parts.terms.values()) & _MASK128
        parts.referrers = {oid: _refers_to(obj) for oid, obj in objects.items()
                           if obj.equipped_to is not None or obj.extra}
        parts.ordered = {where: _ordered_entry(where, oids, objects) for where, oids in state.zones.items()
                         if oids and where[1] in ORDERED_ZONES}
        parts.empty = _empty_part(state.zones)
        parts.head = _head_term(state)
        _set_players(parts, state)
        parts.chain = (state.chain,) + _chain_term(objects, state.chain)
        parts.pending = (state.pending,) + _multiset_term(objects, "<pending>", state.pending)
        parts.lasting = (state.lasting,) + _multiset_term(objects, "<lasting>", state.lasting)
        parts.used = (state.used,) + _used_term(objects, state.used)
        parts.records_deps = parts.chain[2] + parts.pending[2] + parts.lasting[2] + parts.used[2]
        parts.data = {k: (v,) + _data_term(objects, k, v) for k, v in state.game_data if k not in SKIPPED_DATA}
        parts.total = parts.sum()
        return parts

    def sum(self) -> int:
        """The digest: the sum of the terms."""
        total = (self.objects + self.empty + self.head + sum(self.players) + self.chain[1] + self.pending[1]
                 + self.lasting[1] + self.used[1])
        for entry in self.ordered.values():
            total += entry[1]
        for entry in self.data.values():
            total += entry[1]
        return total & _MASK128


def _ordered_entry(where, oids, objects) -> tuple:
    """(oids, term, position terms from the bottom) of an ordered zone."""
    terms = [_position_term(where, i, objects[oid], objects) for i, oid in enumerate(reversed(oids))]
    return oids, sum(terms), tuple(terms)


def _empty_part(zones) -> int:
    if all(zones.values()):  # no zone is empty (tuples: only () is false; cheaper than comparing with ())
        return 0
    return sum(_empty_term(where) for where, oids in zones.items() if not oids)


def digest(state) -> int:
    """A 128-bit summary of ``canonical_key(state)``: equal keys give equal digests, different
    keys different digests but with the tiny probability given in the module's docstring.

    Kept in the state's derived values (``Derived.digest_parts``); ``Draft.freeze`` carries it
    over to the states made from this one."""
    record = state.derived()
    parts = record.digest_parts
    if parts is None:
        if state.game not in DECLARED:
            rules_for(state.game)  # its keys and ordered zones, declared
        parts = record.digest_parts = _Parts.of(state)
    return parts.total


def carry_digest(before, after, changed=None) -> None:
    """Leave in ``after``'s derived values its digest, made from ``before``'s if ``before`` has
    one, hashing only what changed: the objects that are not the same Python objects, the parts
    that are not the same containers, and what refers to a changed object.

    ``changed``, when given, holds the id of every object that was replaced, added or removed
    (``Draft`` records them): the objects are then not compared one by one."""
    record = before._derived
    parts = record.digest_parts if record is not None else None
    if parts is None:
        return
    after.derived().digest_parts = _updated(parts, before, after, changed)


def _updated(parts: _Parts, before, after, changed=None) -> _Parts:
    """``after``'s parts from ``before``'s: the terms of what changed taken out, the new ones in."""
    new = _Parts()
    if changed is None:
        changed = _changed_ids(before.objects, after.objects)
    delta, touched, decked = _update_cards(new, parts, after.objects, changed)
    delta += _update_zones(new, parts, after, touched, decked)
    delta += _update_head_and_players(new, parts, before, after, touched)
    delta += _update_records(new, parts, after, touched)
    new.data, change = _updated_data(parts.data, after.game_data, after.objects, touched)
    new.total = (parts.total + delta + change) & _MASK128
    return new


def _changed_ids(b_objects: dict, a_objects: dict) -> list:
    """The ids of the objects that are not the same Python objects in both, or in one only."""
    b_get = b_objects.get
    changed = [oid for oid, obj in a_objects.items() if b_get(oid) is not obj]
    changed += [oid for oid in b_objects if oid not in a_objects]
    return changed


def _update_cards(new: _Parts, parts: _Parts, a_objects: dict, changed) -> tuple:
    """The cards' terms of ``new``: those of the ``changed`` objects (ids replaced, added or
    removed) and of the objects referring to one of them computed again. Returns (change of the
    sum, the changed ids as a frozenset, those of them now in an ordered zone)."""
    delta = 0
    old_terms = parts.terms
    referrers = parts.referrers
    referring = False  # whether a changed object refers, or referred, to others
    decked = []
    if changed:
        terms = new.terms = old_terms.copy()
        for oid in changed:
            obj = a_objects.get(oid)
            if obj is None:  # removed (or made and removed within the apply)
                gone = terms.pop(oid, None)
                if gone is not None:
                    delta -= gone
            else:
                term = terms[oid] = _object_term(obj, a_objects)
                delta += term - old_terms.get(oid, 0)
                if obj.equipped_to is not None or obj.extra:
                    referring = True
                if obj.zone in ORDERED_ZONES:
                    decked.append(oid)
            if oid in referrers:
                referring = True
    else:
        terms = new.terms = old_terms
    touched = frozenset(changed)
    if referring:
        referrers = _updated_referrers(referrers, changed, a_objects)
    if referrers:
        for oid, refs in referrers.items():
            if oid not in touched and not touched.isdisjoint(refs):
                term = _object_term(a_objects[oid], a_objects)
                delta += term - terms[oid]
                terms[oid] = term
    new.objects = (parts.objects + delta) & _MASK128
    new.referrers = referrers
    return delta, touched, decked


def _update_zones(new: _Parts, parts: _Parts, after, touched: frozenset, decked: list) -> int:
    """The order of the decks and the zones left empty in ``new`` (``decked``: the changed objects
    now in an ordered zone); returns the change of the sum."""
    new.ordered, delta = _updated_ordered(parts.ordered, after.zones, after.objects, touched, decked,
                                          new.referrers)
    new.empty = _empty_part(after.zones)
    return delta + new.empty - parts.empty


def _update_head_and_players(new: _Parts, parts: _Parts, before, after, touched: frozenset) -> int:
    """Turn, phase and the players in ``new``, kept when they are the same; returns the change of the sum."""
    delta = 0
    if (before.turn == after.turn and before.active == after.active and before.phase == after.phase
            and before.winner == after.winner):
        new.head = parts.head
    else:
        new.head = _head_term(after)
        delta += new.head - parts.head
    player_states = after.player_states
    if (before.players is after.players
            and (player_states is parts.player_states or all(map(is_, parts.player_states, player_states)))
            and (not parts.players_deps or touched.isdisjoint(parts.players_deps))):
        new.player_states, new.players, new.players_deps = parts.player_states, parts.players, parts.players_deps
    else:
        _set_players(new, after)
        delta += sum(new.players) - sum(parts.players)
    return delta


def _update_records(new: _Parts, parts: _Parts, after, touched: frozenset) -> int:
    """The chain, pending triggers, lasting effects and marks in ``new``: each kept when it is the
    same container and no object it describes changed (checked at once first, as they mostly
    are). Returns the change of the sum."""
    if (after.chain is parts.chain[0] and after.pending is parts.pending[0] and after.lasting is parts.lasting[0]
            and after.used is parts.used[0] and (not parts.records_deps or touched.isdisjoint(parts.records_deps))):
        new.chain, new.pending, new.lasting, new.used = parts.chain, parts.pending, parts.lasting, parts.used
        new.records_deps = parts.records_deps
        return 0
    objects = after.objects
    new.chain = _reused(parts.chain, after.chain, touched) or (after.chain,) + _chain_term(objects, after.chain)
    new.pending = (_reused(parts.pending, after.pending, touched)
                   or (after.pending,) + _multiset_term(objects, "<pending>", after.pending))
    new.lasting = (_reused(parts.lasting, after.lasting, touched)
                   or (after.lasting,) + _multiset_term(objects, "<lasting>", after.lasting))
    new.used = _reused(parts.used, after.used, touched) or (after.used,) + _used_term(objects, after.used)
    new.records_deps = new.chain[2] + new.pending[2] + new.lasting[2] + new.used[2]
    return (new.chain[1] + new.pending[1] + new.lasting[1] + new.used[1]
            - parts.chain[1] - parts.pending[1] - parts.lasting[1] - parts.used[1])


def _set_players(parts: _Parts, state) -> None:
    """The players' entries of ``parts``, computed for ``state``."""
    objects = state.objects
    terms, deps = [], []
    for i, (name, ps) in enumerate(zip(state.players, state.player_states)):
        term, refs = _player_term(objects, i, name, ps)
        terms.append(term)
        deps.extend(refs)
    parts.player_states = state.player_states
    parts.players = tuple(terms)
    parts.players_deps = tuple(deps)


def _reused(entry: tuple, value, touched: frozenset) -> tuple | None:
    """``entry`` (value, term, ids) when it still holds for ``value``, else None."""
    if entry[0] is value and (not entry[2] or touched.isdisjoint(entry[2])):
        return entry
    return None


def _updated_referrers(referrers: dict, changed, objects) -> dict:
    """The objects that refer to others (id -> referred ids), after the ``changed`` ones changed."""
    out = None
    for oid in changed:
        obj = objects.get(oid)
        refers = obj is not None and (obj.equipped_to is not None or bool(obj.extra))
        if refers or oid in referrers:
            if out is None:
                out = dict(referrers)
            if refers:
                out[oid] = _refers_to(obj)
            else:
                del out[oid]
    return referrers if out is None else out


def _updated_ordered(ordered: dict, zones: dict, objects, touched: frozenset, decked: list,
                     referrers: dict) -> tuple:
    """(the entries of the ordered zones (see ``_ordered_entry``), the change of their sum), the
    unchanged ones reused: a card at the same place from the bottom keeps its term, so drawing
    from the top rehashes nothing."""
    dirty = []
    for where, entry in ordered.items():  # a plain loop: no frame for a comprehension
        if zones.get(where) is not entry[0]:
            dirty.append(where)
    for oid in decked:  # a changed card in a deck that is the same tuple, or was empty
        obj = objects[oid]
        holding = [where for where in ((obj.owner, obj.zone), (obj.controller, obj.zone))
                   if oid in zones.get(where, ())]
        if not holding:
            holding = [where for where, oids in zones.items() if where[1] in ORDERED_ZONES and oid in oids]
        dirty.extend(where for where in holding if where not in dirty)
    if touched and referrers:  # a card that refers to a changed object
        for where, entry in ordered.items():
            if where not in dirty and any(_refers_changed(oid, referrers, touched) for oid in entry[0]):
                dirty.append(where)
    if not dirty:
        return ordered, 0
    out = dict(ordered)
    delta = 0
    for where in dirty:
        old_oids, old_total, old_terms = ordered.get(where, ((), 0, ()))
        delta -= old_total
        oids = zones.get(where, ())
        if not oids:
            out.pop(where, None)
            continue
        terms = []
        for i, oid in enumerate(reversed(oids)):
            if (i < len(old_terms) and old_oids[-1 - i] == oid and oid not in touched
                    and not _refers_changed(oid, referrers, touched)):
                terms.append(old_terms[i])
            else:
                terms.append(_position_term(where, i, objects[oid], objects))
        total = sum(terms)
        out[where] = (oids, total, tuple(terms))
        delta += total
    return out, delta


def _refers_changed(oid, referrers: dict, touched: frozenset) -> bool:
    """Whether the object ``oid`` refers to one of the ``touched`` objects."""
    refs = referrers.get(oid)
    return refs is not None and not touched.isdisjoint(refs)


def _updated_data(data: dict, game_data: tuple, objects, touched: frozenset) -> tuple:
    """(the game-data entries of ``after``, the change of their sum)."""
    out = {}
    delta = 0
    found = 0  # entries that were there before
    for k, v in game_data:
        entry = data.get(k)
        if entry is None:
            if k in SKIPPED_DATA:
                continue
            entry = (v,) + _data_term(objects, k, v)
            delta += entry[1]
        else:
            found += 1
            # An equal value rebuilt by the apply (the window as it was) keeps its term when it
            # describes no object (equal plain values are equal parts of the key).
            if ((entry[0] is not v and (entry[2] or entry[0] != v))
                    or (entry[2] and not touched.isdisjoint(entry[2]))):
                fresh = (v,) + _data_term(objects, k, v)
                delta += fresh[1] - entry[1]
                entry = fresh
        out[k] = entry
    if found != len(data):
        for k, entry in data.items():
            if k not in out:
                delta -= entry[1]
    return out, delta

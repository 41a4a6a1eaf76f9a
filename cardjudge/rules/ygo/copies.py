"""Which cards are interchangeable copies (ruling G1): one key per object, equal for copies
whose every choice would lead to the same position."""

from __future__ import annotations

from operator import attrgetter

from cardjudge.rules.core.described import described_values
from cardjudge.rules.core.key_rules import keyed_extra
from cardjudge.rules.ygo.views import ON_FIELD


def interchange_key(s, oid: int):
    """Objects with equal keys are interchangeable copies (ruling G1)."""
    obj = s.objects[oid]
    touched = tuple(e.lid for e in s.lasting if oid in e.affected) if s.lasting else ()
    on_chain = bool(s.chain) and oid in _on_chain(s)
    equipped = obj.zone == "monsters" and oid in _equipped_monsters(s)
    if on_chain or equipped or touched and obj.zone in ON_FIELD:
        return ("unique", oid)
    # the slot (which zone) left out where the key leaves it out (``key_rules.UNKEYED_EXTRA``)
    return (*described_values(obj), obj.equipped_to, obj.extra and keyed_extra(obj.extra), touched)


def _on_chain(s) -> frozenset:
    """The oids activated or targeted by a chain link (kept for this chain: a Draft changes
    its chain without forgetting its derived values)."""
    record = s.derived()
    known = record.on_chain
    if known is None or known[0] is not s.chain:
        oids = frozenset([link.oid for link in s.chain]
                         + [o for link in s.chain for _, targeted in link.targets for o in targeted])
        known = record.on_chain = (s.chain, oids)
    return known[1]


_EQUIPPED_TO = attrgetter("equipped_to")


def _equipped_monsters(s) -> frozenset:
    """The oids that some card is equipped to (memoised in the zone memo: it reads only the objects)."""
    cache = s._zone_memo
    if cache is None:
        cache = s.zone_memo()
    found = cache.get("equipped_monsters")
    if found is None:
        # None among them too (harmless: no oid is None), for a scan done in C
        found = cache["equipped_monsters"] = frozenset(map(_EQUIPPED_TO, s.objects.values()))
    return found

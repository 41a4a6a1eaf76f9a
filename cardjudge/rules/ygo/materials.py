"""Summoning materials of Extra Deck monsters: how a card file writes them, and every distinct
set of materials that can Summon a monster now.

A Fusion, Synchro or Xyz Monster names its materials in its card file (field ``materials``)::

    materials: {synchro: {tuner: "card == 'Junk Synchron'", non_tuners: null, count: [1, 99]}}
    materials: {xyz: {level: 4, count: 2}}
    materials: {fusion: ["Elemental HERO Avian", "Elemental HERO Burstinatrix"]}
    materials: {link: {where: "normal_monster", count: 1}}

A Fusion material is a card name or ``{where: EXPRESSION}`` (a property: "1 WATER monster").
Filters are expressions of the card language read with the candidate as the subject.

Copies that are interchangeable (same card, same zone, same state: ``copies.interchange_key``)
give the same material set: each set is listed once, as a multiset of interchange classes,
then made concrete with the first copies of each class (ruling G1).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardjudge.errors import InputError
from cardjudge.rules.core.ability_checks import parsed
from cardjudge.rules.core.expr import evaluate
from cardjudge.rules.ygo.copies import interchange_key
from cardjudge.rules.ygo.views import CardView, chars, env_for, forbidden
from cardjudge.rules.ygo.zones import ARROWS

EXTRA_DECK_KINDS = ("fusion", "synchro", "xyz", "link")
MAX_NON_TUNERS = 99


@dataclass(frozen=True)
class SynchroSpec:
    tuner: object | None  # filter on the Tuner (None: any Tuner)
    non_tuners: object | None  # filter on each non-Tuner
    low: int
    high: int


@dataclass(frozen=True)
class XyzSpec:
    level: int
    where: object | None
    low: int
    high: int


@dataclass(frozen=True)
class LinkSpec:
    where: object | None  # filter on each material
    low: int
    high: int


@dataclass(frozen=True)
class FusionSpec:
    slots: tuple  # each: ("name", card name) or ("where", expression tree)


def _count(value, what: str) -> tuple[int, int]:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value, value
    if (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)
            and 1 <= value[0] <= value[1]):
        return value[0], value[1]
    raise InputError(f"{what}: count must be a number of at least 1 or [min, max]")


def compile_materials(card_name: str, subtype: str, raw) -> object:
    """The material spec of an Extra Deck monster from its card file's ``materials`` field."""
    if not isinstance(raw, dict) or len(raw) != 1:
        raise InputError(f"card {card_name!r}: 'materials' is a one-key mapping: synchro, xyz, fusion or link")
    (kind, body), = raw.items()
    if kind != subtype:
        raise InputError(f"card {card_name!r}: a {subtype} monster needs {subtype} materials, not {kind}")
    what = f"card {card_name!r}, materials"
    if kind == "synchro":
        body = body or {}
        if not isinstance(body, dict) or set(body) - {"tuner", "non_tuners", "count"}:
            raise InputError(f"{what}: synchro takes tuner, non_tuners and count")
        low, high = _count(body.get("count", [1, MAX_NON_TUNERS]), what)
        return SynchroSpec(parsed(body.get("tuner"), "tuner"), parsed(body.get("non_tuners"), "non_tuners"),
                           low, high)
    if kind == "xyz":
        if not isinstance(body, dict) or set(body) - {"level", "where", "count"} or not isinstance(
                body.get("level"), int):
            raise InputError(f"{what}: xyz takes level (a number), count and where")
        low, high = _count(body.get("count", 2), what)
        return XyzSpec(body["level"], parsed(body.get("where"), "where"), low, high)
    if kind == "fusion":
        if not isinstance(body, list) or len(body) < 2:
            raise InputError(f"{what}: fusion takes a list of at least 2 materials")
        slots = []
        for entry in body:
            if isinstance(entry, str):
                slots.append(("name", entry))
            elif isinstance(entry, dict) and set(entry) == {"where"}:
                slots.append(("where", parsed(entry["where"], "where")))
            else:
                raise InputError(f"{what}: a fusion material is a card name or {{where: EXPRESSION}}")
        return FusionSpec(tuple(slots))
    if kind == "link":
        if not isinstance(body, dict) or set(body) - {"where", "count"} or "count" not in body:
            raise InputError(f"{what}: link takes count and where")
        low, high = _count(body["count"], what)
        return LinkSpec(parsed(body.get("where"), "where"), low, high)
    raise InputError(f"card {card_name!r}: 'materials' is a one-key mapping: synchro, xyz, fusion or link")


def check_card(card, source: str, line) -> None:
    """Refuse an Extra Deck monster whose materials cannot be read, and materials on other cards."""
    subtype = card["subtype"]
    raw = card["materials"]
    if card["kind"] == "monster" and subtype == "link":
        _check_link_card(card, source, line)
    if card["kind"] == "monster" and subtype in ("fusion", "synchro", "xyz", "link"):
        if raw is None:
            raise InputError(f"card {card.name!r}: a {subtype} monster needs 'materials'", source, line)
        try:
            compile_materials(card.name, subtype, raw)
        except InputError as error:
            raise InputError(error.message, source, line) from None
        if subtype == "xyz" and card["level"] is not None:
            raise InputError(f"card {card.name!r}: an Xyz Monster has a rank, not a level", source, line)
        if subtype == "xyz" and card["rank"] is None:
            raise InputError(f"card {card.name!r}: an Xyz Monster needs 'rank'", source, line)
    if card["summon_limit"] not in (None, "once_per_turn"):
        raise InputError(f"card {card.name!r}: 'summon_limit' is once_per_turn", source, line)
    condition = card["summon_condition"]
    if condition is not None and (condition not in EXTRA_DECK_KINDS or condition != subtype):
        raise InputError(f"card {card.name!r}: 'summon_condition' names how the card must be Summoned: its own "
                         f"kind ({subtype})", source, line)
    if raw is not None and not (card["kind"] == "monster" and subtype in ("fusion", "synchro", "xyz", "link")):
        raise InputError(f"card {card.name!r}: only Fusion, Synchro, Xyz and Link Monsters have 'materials'", source,
                         line)
    if (card["link_rating"] is not None or card["link_arrows"] is not None) and subtype != "link":
        raise InputError(f"card {card.name!r}: only Link Monsters have 'link_rating' and 'link_arrows'", source, line)


def _check_link_card(card, source: str, line) -> None:
    """A Link Monster has a Link Rating and as many Link Arrows, and neither Level nor DEF."""
    rating, arrows = card["link_rating"], card["link_arrows"]
    if not isinstance(rating, int) or rating < 1:
        raise InputError(f"card {card.name!r}: a Link Monster needs 'link_rating' (1 or more)", source, line)
    if not isinstance(arrows, list) or len(arrows) != rating or len(set(arrows)) != len(arrows) or not set(
            arrows) <= set(ARROWS):
        raise InputError(f"card {card.name!r}: 'link_arrows' lists {rating} different arrows among "
                         f"{', '.join(ARROWS)}", source, line)
    if card["level"] is not None or card["def"] is not None:
        raise InputError(f"card {card.name!r}: a Link Monster has a Link Rating, neither a Level nor DEF", source,
                         line)


def spec_of(pool, name: str):
    """The compiled material spec of a card of the pool (made once per pool and card)."""
    specs = getattr(pool, "_material_specs", None)
    if specs is None:
        specs = pool._material_specs = {}
    spec = specs.get(name)
    if spec is None:
        card = pool[name]
        spec = specs[name] = compile_materials(name, card["subtype"], card["materials"])
    return spec


# ------------------------------------------------------------------ candidates


def is_tuner(s, oid: int) -> bool:
    return "tuner" in (s.pool[s.objects[oid].card]["tags"] or ())


def can_be_material(s, oid: int, kind: str) -> bool:
    """Whether a card may be used as material of that kind ("cannot be used as Synchro Material")."""
    return not forbidden(s, f"cannot_be_{kind}_material", oid)


def _passes(s, oid: int, tree, player: str) -> bool:
    """Whether a candidate material passes a filter of the card file (None: any card)."""
    if tree is None:
        return True
    return bool(evaluate(tree, env_for(s, None, player).with_subject(CardView(s, oid))))


def _classes(s, oids) -> list[list[int]]:
    """The candidates grouped into interchange classes, in the order first seen."""
    groups: dict = {}
    for oid in oids:
        groups.setdefault(interchange_key(s, oid), []).append(oid)
    return list(groups.values())


def _multisets(classes: list[list[int]], low: int, high: int, accept, start: int = 0, chosen=()):
    """Every multiset of ``low`` to ``high`` members over the classes (each at most its size),
    as tuples of oids, that ``accept(oids)`` keeps; ``accept`` may return None to prune."""
    if len(chosen) >= low:
        verdict = accept(chosen)
        if verdict:
            yield chosen
        elif verdict is None:
            return
    if len(chosen) == high:
        return
    for index in range(start, len(classes)):
        members = classes[index]
        taken = sum(1 for o in chosen if o in members)
        if taken < len(members):
            yield from _multisets(classes, low, high, accept, index, chosen + (members[taken],))


def synchro_sets(s, player: str, name: str, level: int) -> list[tuple[int, ...]]:
    """Every distinct set of Synchro Materials for a monster of that Level: one Tuner and
    ``low``..``high`` non-Tuners, face-up monsters ``player`` controls, Levels adding up."""
    spec = spec_of(s.pool, name)
    field = [o for o in s.zone(player, "monsters") if s.objects[o].face_up and can_be_material(s, o, "synchro")]
    levels = {o: chars(s, o).level for o in field}
    field = [o for o in field if levels[o]]
    found = []
    for tuner_class in _classes(s, [o for o in field if is_tuner(s, o) and _passes(s, o, spec.tuner, player)]):
        tuner = tuner_class[0]
        rest = level - levels[tuner]
        others = [o for o in field if o != tuner and not is_tuner(s, o)
                  and _passes(s, o, spec.non_tuners, player)]

        def accept(chosen, rest=rest):
            total = sum(levels[o] for o in chosen)
            return None if total > rest else total == rest

        for non_tuners in _multisets(_classes(s, others), spec.low, spec.high, accept):
            found.append((tuner, *non_tuners))
    return found


def xyz_sets(s, player: str, name: str) -> list[tuple[int, ...]]:
    """Every distinct set of Xyz Materials: face-up monsters ``player`` controls with the Level asked."""
    spec = spec_of(s.pool, name)
    field = [o for o in s.zone(player, "monsters")
             if s.objects[o].face_up and chars(s, o).level == spec.level and can_be_material(s, o, "xyz")
             and s.pool[s.objects[o].card]["subtype"] != "token"  # a Token cannot be an Xyz Material
             and _passes(s, o, spec.where, player)]
    return list(_multisets(_classes(s, field), spec.low, spec.high, lambda chosen: True))


def link_sets(s, player: str, name: str, rating: int) -> list[tuple[int, ...]]:
    """Every distinct set of Link Materials: face-up monsters ``player`` controls, each counting
    1 or, a Link Monster, its Link Rating, that together make ``rating``."""
    spec = spec_of(s.pool, name)
    field = [o for o in s.zone(player, "monsters")
             if s.objects[o].face_up and can_be_material(s, o, "link") and _passes(s, o, spec.where, player)]
    ratings = {o: s.pool[s.objects[o].card]["link_rating"] or 1 for o in field}

    def accept(chosen):
        if len(chosen) > rating:
            return None  # each material counts at least 1
        sums = {0}
        for oid in chosen:
            sums = {total + way for total in sums for way in {1, ratings[oid]}}
        return rating in sums

    return list(_multisets(_classes(s, field), spec.low, min(spec.high, rating), accept))


def fusion_sets(s, player: str, name: str, candidates) -> list[tuple[int, ...]]:
    """Every distinct set of Fusion Materials among ``candidates`` (each material slot of the
    Fusion Monster filled by a different card)."""
    spec = spec_of(s.pool, name)
    usable = [o for o in candidates if can_be_material(s, o, "fusion")]
    classes = _classes(s, usable)
    fits = [[index for index, members in enumerate(classes) if _fills(s, members[0], slot, player)]
            for slot in spec.slots]
    seen, found = set(), []

    def assign(slot: int, counts: tuple):
        if slot == len(fits):
            if counts not in seen:
                seen.add(counts)
                found.append(tuple(o for index, n in enumerate(counts) for o in classes[index][:n]))
            return
        for index in fits[slot]:
            if counts[index] < len(classes[index]):
                assign(slot + 1, counts[:index] + (counts[index] + 1,) + counts[index + 1:])

    assign(0, (0,) * len(classes))
    return found


def _fills(s, oid: int, slot, player: str) -> bool:
    kind, value = slot
    if s.pool[s.objects[oid].card]["kind"] != "monster":
        return False
    if kind == "name":
        return chars(s, oid).name == value
    return _passes(s, oid, value, player)

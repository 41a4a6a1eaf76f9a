"""Zones by place (Master Rules, April 2020 revision): which zone of the field each card is in.

Each player has five Main Monster Zones, five Spell & Trap Zones and a Field Zone; two Extra
Monster Zones lie between the players, and a player may use at most one of them. A card on
the field keeps its place in its object's game-specific values:

- a monster: 0-4, its controller's Main Monster Zones from left to right as that player sees
  them, or 5 / 6, the Extra Monster Zone on that player's left / right (the same Extra Monster
  Zone is 5 for one player and 6 for the other: they face each other);
- a Spell or Trap: 0-4, the Spell & Trap Zones from left to right (the Field Zone has one place).

The field as a grid, as the first player sees it: row 0 the second player's Main Monster
Zones, row 1 the two Extra Monster Zones (columns 1 and 3), row 2 the first player's Main
Monster Zones. A Link Arrow points one step in its direction on that grid, turned round for the
second player's monsters; arrows pointing at no Monster Zone point at nothing.

Places only matter when something reads them (a Link Monster in the position): otherwise a
monster's Main Monster Zone is stored under ``SLOT``, which the canonical key leaves out (see
``key_rules.UNKEYED_EXTRA``), so that states differing only by which Main Monster Zone holds
what are one state for the searches, and every Summon offers one zone. Whether a monster is in
an Extra Monster Zone always matters (it frees a Main Monster Zone), so that is kept.

Where a monster may go: a monster Special Summoned from the Extra Deck goes to an Extra Monster
Zone (if its controller has none there) or a Main Monster Zone a Link Arrow points to; a Fusion,
Synchro or Xyz Monster may go to any Main Monster Zone (since April 2020; a position's
``rules: {master_rule: 4}`` selects the older rule, under which they are placed as Link
Monsters). Every other monster goes to a Main Monster Zone. A player with a monster in one Extra
Monster Zone may Link Summon to the other only if that makes an Extra Link (``extra_linked``: a
series of co-linked Link Monsters joining the two). Tokens go to the Main Monster Zones the
player receiving them chooses where places matter (the leftmost free ones otherwise).
"""

from __future__ import annotations

import networkx

MAIN_ZONES = 5
EXTRA_ZONES = (5, 6)  # left / right Extra Monster Zone, as the monster's controller sees it
SPELL_TRAP_ZONES = 5
PLACE = "place"  # the place, when something reads places (part of the canonical key)
SLOT = "slot"  # a Main Monster Zone or Spell & Trap Zone no card reads (left out of the key)
CURRENT_RULE = 2020
MASTER_RULES = (4, 2020)
# "Special Summoned from the Extra Deck": to an Extra Monster Zone or a linked Main Monster Zone
_LINKED_ONLY = {2020: frozenset({"link"}), 4: frozenset({"link", "fusion", "synchro", "xyz"})}
EXTRA_DECK_KINDS = frozenset({"fusion", "synchro", "xyz", "link"})
ARROWS = {"top-left": (-1, -1), "top": (-1, 0), "top-right": (-1, 1), "left": (0, -1), "right": (0, 1),
          "bottom-left": (1, -1), "bottom": (1, 0), "bottom-right": (1, 1)}
_EMZ_COLUMN = {5: 1, 6: 3}  # as the first player sees it


READS_PLACES = "places"  # the game-data entry of a position in which something reads places


def reads_places(s) -> bool:
    """Whether anything in the position reads places: a Link Monster (its arrows point at zones),
    wherever it is. Worked out once, when the position is read (no card joins a duel later but
    Tokens, which are no Link Monsters), and kept in its game data."""
    return s.get(READS_PLACES, False)


def places_read_by(pool, cards) -> bool:
    """Whether any of these card names is a Link Monster's (``reads_places`` of a new position)."""
    return any(pool[name]["kind"] == "monster" and pool[name]["subtype"] == "link" for name in set(cards))


def master_rule(s) -> int:
    """The Master Rule the position is played under (2020: the April 2020 revision)."""
    return s.get("master_rule", CURRENT_RULE)


def place_of(obj) -> int | None:
    """The place of a card on the field (None elsewhere)."""
    for key, value in obj.extra:
        if key == PLACE or key == SLOT:
            return value
    return None


def with_place(extra: tuple, place: int, keyed: bool) -> tuple:
    """An object's game-specific values with its place set."""
    kept = tuple(item for item in extra if item[0] != PLACE and item[0] != SLOT)
    return tuple(sorted(kept + (((PLACE if keyed or place in EXTRA_ZONES else SLOT), place),)))


def put(d, oid: int, place: int) -> None:
    """Record where a card that just entered the field is."""
    obj = d.objects[oid]
    keyed = obj.zone == "monsters" and reads_places(d)
    d.update(oid, extra=with_place(obj.extra, place, keyed))


def put_first_spell_trap(d, oid: int):
    """Place a Spell or Trap that just entered a Spell & Trap Zone in the leftmost free one (no
    card reads these places); returns the object."""
    put(d, oid, free_spell_traps(d, d.objects[oid].controller)[0])
    return d.objects[oid]


# ------------------------------------------------------------------ the grid


def cell(s, player: str, place: int) -> tuple[int, int]:
    """Where a monster zone of ``player`` lies on the grid (as the first player sees it)."""
    return _cell(s.players, player, place)


def _cell(players, player: str, place: int) -> tuple[int, int]:
    first = player == players[0]
    if place in EXTRA_ZONES:
        column = _EMZ_COLUMN[place]
        return 1, column if first else 4 - column
    return (2, place) if first else (0, 4 - place)


def _zone_at(s, row: int, column: int):
    """(player, place) of the monster zone at a grid cell; for an Extra Monster Zone the player is
    None and the place the one the first player calls it; None off the Monster Zones."""
    if row == 2 and 0 <= column < MAIN_ZONES:
        return s.players[0], column
    if row == 0 and 0 <= column < MAIN_ZONES:
        return s.players[1], 4 - column
    if row == 1 and column in (1, 3):
        return None, 5 if column == 1 else 6
    return None


def occupant(s, player: str | None, place: int) -> int | None:
    """The monster in that zone (an Extra Monster Zone named as the first player sees it when
    ``player`` is None), or None."""
    if player is None:
        first, second = s.players
        for oid in s.zone(first, "monsters"):
            if place_of(s.objects[oid]) == place:
                return oid
        mirrored = 11 - place
        for oid in s.zone(second, "monsters"):
            if place_of(s.objects[oid]) == mirrored:
                return oid
        return None
    for oid in s.zone(player, "monsters"):
        if place_of(s.objects[oid]) == place:
            return oid
    return None


def link_arrows(s, oid: int) -> tuple:
    """The Link Arrows of a face-up Link Monster on the field (() for any other card)."""
    obj = s.objects[oid]
    if obj.zone != "monsters" or not obj.face_up:
        return ()
    return tuple(s.pool[obj.card]["link_arrows"] or ())


def pointed_zones(s, oid: int) -> list[tuple]:
    """The monster zones a Link Monster's arrows point at, as (player or None, place) pairs."""
    arrows = link_arrows(s, oid)
    obj = s.objects[oid]
    place = place_of(obj)
    if not arrows or place is None:
        return []
    return [found for found in map(lambda c: _zone_at(s, *c), _pointed_cells(s.players, obj.controller, place, arrows))
            if found is not None]


def _pointed_cells(players, controller: str, place: int, arrows) -> list[tuple[int, int]]:
    """The grid cells the arrows of a Link Monster in that zone point at (on or off the field)."""
    row, column = _cell(players, controller, place)
    turn = 1 if controller == players[0] else -1
    return [(row + turn * ARROWS[arrow][0], column + turn * ARROWS[arrow][1]) for arrow in arrows]


def pointed_monsters(s, oid: int) -> list[int]:
    """The monsters a Link Monster points to."""
    return [found for zone in pointed_zones(s, oid) if (found := occupant(s, *zone)) is not None]


def _link_monsters(s) -> list[int]:
    return [oid for p in s.players for oid in s.zone(p, "monsters") if link_arrows(s, oid)]


def is_linked(s, oid: int) -> bool:
    """A monster a Link Monster points to, or a Link Monster that points to a monster."""
    obj = s.objects.get(oid)
    if obj is None or obj.zone != "monsters":
        return False
    if pointed_monsters(s, oid):
        return True
    return any(oid in pointed_monsters(s, other) for other in _link_monsters(s) if other != oid)


def co_linked(s, oid: int, other: int) -> bool:
    """Two Link Monsters whose arrows point at each other."""
    return other in pointed_monsters(s, oid) and oid in pointed_monsters(s, other)


# ------------------------------------------------------------------ where a card may go


def _occupied(s, player: str, zone: str) -> dict:
    """place -> oid of ``player``'s cards in a zone (memoised in the zone memo: it reads only the
    zones and the objects)."""
    memo = s._zone_memo
    if memo is None:
        memo = s.zone_memo()
    key = ("places", player, zone)
    found = memo.get(key)
    if found is None:
        objects = s.objects
        found = memo[key] = {place_of(objects[oid]): oid for oid in s.zone(player, zone)}
    return found


def taken(s, player: str, zone: str = "monsters", leaving=()) -> set:
    """The places of ``player``'s cards in a zone, but for those about to leave."""
    occupied = _occupied(s, player, zone)
    if not leaving:
        return set(occupied)
    return {place for place, oid in occupied.items() if oid not in leaving}


def free_main(s, player: str, leaving=()) -> list[int]:
    """``player``'s free Main Monster Zones (the cards in ``leaving`` about to leave the field)."""
    used = taken(s, player, "monsters", leaving) if leaving else _occupied(s, player, "monsters")
    return [place for place in range(MAIN_ZONES) if place not in used]


def free_spell_traps(s, player: str) -> list[int]:
    """``player``'s free Spell & Trap Zones."""
    used = _occupied(s, player, "spells_traps")
    return [place for place in range(SPELL_TRAP_ZONES) if place not in used]


def free_extra(s, player: str, leaving=()) -> list[int]:
    """The Extra Monster Zones ``player`` may Summon to: none while that player has a monster in
    one (but for one about to leave); else the empty ones."""
    for place, oid in _occupied(s, player, "monsters").items():
        if place in EXTRA_ZONES and oid not in leaving:
            return []
    blocked = [11 - place for place, oid in _occupied(s, s.opponent_of(player), "monsters").items()
               if place in EXTRA_ZONES and oid not in leaving]
    return [place for place in EXTRA_ZONES if place not in blocked]


def _linked_main(s, player: str, leaving) -> set:
    """``player``'s Main Monster Zones a Link Arrow points to (of Link Monsters not leaving)."""
    out = set()
    for oid in _link_monsters(s):
        if oid in leaving:
            continue
        for owner, place in pointed_zones(s, oid):
            if owner == player:
                out.add(place)
    return out


def extra_linked(players, links) -> bool:
    """Whether an Extra Link joins the two Extra Monster Zones: a series of Link Monsters, each
    co-linked with the next, from the one in one Extra Monster Zone to the one in the other,
    whoever controls them. ``players``: the players in turn order; ``links``: the face-up Link
    Monsters on the field, as (controller, place, Link Arrows) triples."""
    at = {_cell(players, controller, place): set(_pointed_cells(players, controller, place, arrows))
          for controller, place, arrows in links if arrows}
    graph = networkx.Graph()
    graph.add_nodes_from(at)
    graph.add_edges_from((here, there) for here, cells in at.items() for there in cells
                         if there in at and here in at[there])
    left, right = (1, _EMZ_COLUMN[5]), (1, _EMZ_COLUMN[6])
    return left in at and right in at and networkx.has_path(graph, left, right)


def _field_links(s, leaving) -> list[tuple]:
    """The face-up Link Monsters on the field but those about to leave, for ``extra_linked``."""
    return [(s.objects[oid].controller, place_of(s.objects[oid]), link_arrows(s, oid))
            for oid in _link_monsters(s) if oid not in leaving]


def extra_link_places(s, player: str, card, leaving=()) -> list[int]:
    """The other Extra Monster Zone a player who has a monster in one may Link Summon ``card``
    to: only if that Link Summon makes an Extra Link (the one way to use both)."""
    held_extra = [(place, oid) for place, oid in _occupied(s, player, "monsters").items()
                  if place in EXTRA_ZONES and oid not in leaving]
    if not held_extra or card["subtype"] != "link" or not link_arrows(s, held_extra[0][1]):
        return []  # only Link Monsters are co-linked
    other = 11 - held_extra[0][0]
    held = _occupied(s, s.opponent_of(player), "monsters").get(11 - other)
    if held is not None and held not in leaving:
        return []
    links = _field_links(s, leaving) + [(player, other, tuple(card["link_arrows"] or ()))]
    return [other] if extra_linked(s.players, links) else []


def legal_places(s, player: str, card, from_extra_deck: bool, leaving=(), link_summon: bool = False) -> list[int]:
    """Every zone a monster may be placed in by ``player`` (``leaving``: cards about to leave the
    field first, like materials and Tributes; ``link_summon``: a Link Summon, which may also go to
    the second Extra Monster Zone by making an Extra Link)."""
    main = free_main(s, player, leaving)
    if not from_extra_deck or card["subtype"] not in EXTRA_DECK_KINDS:
        return main
    extra = free_extra(s, player, leaving)
    if link_summon and not extra:
        extra = extra_link_places(s, player, card, leaving)
    if card["subtype"] in _LINKED_ONLY[master_rule(s)]:
        linked = _linked_main(s, player, leaving)
        main = [place for place in main if place in linked]
    return main + extra


def useful_places(s, player: str, card, from_extra_deck: bool, leaving=(), link_summon: bool = False) -> list[int]:
    """The zones worth a choice: every legal one when something reads places; otherwise one, an
    Extra Monster Zone if possible (it leaves every Main Monster Zone free that another choice
    would, so it is never worse) and else the leftmost Main Monster Zone."""
    if reads_places(s):
        return legal_places(s, player, card, from_extra_deck, leaving, link_summon)
    # What legal_places would give, cut to its first Extra Monster Zone or else its first zone,
    # read off the occupied zones without listing them (this runs for every set of materials of
    # every listing).
    mine = _occupied(s, player, "monsters")
    if from_extra_deck and card["subtype"] in EXTRA_DECK_KINDS:
        own = mine.get(5, mine.get(6))
        if own is None or own in leaving:
            theirs = _occupied(s, s.opponent_of(player), "monsters")
            for place in EXTRA_ZONES:
                blocking = theirs.get(11 - place)
                if blocking is None or blocking in leaving:
                    return [place]
        if card["subtype"] in _LINKED_ONLY[master_rule(s)]:
            return []  # no Link Monster, so no linked zone
    for place in range(MAIN_ZONES):
        held = mine.get(place)
        if held is None or held in leaving:
            return [place]
    return []


def first_place(s, player: str, card, from_extra_deck: bool) -> int | None:
    """The zone a card goes to when no choice was asked for (None: no zone is free)."""
    places = legal_places(s, player, card, from_extra_deck)
    if not places:
        return None
    extra = [place for place in places if place in EXTRA_ZONES]
    return extra[0] if extra and not reads_places(s) else places[0]


def describe(place: int) -> str:
    """A place as action texts name it."""
    if place in EXTRA_ZONES:
        return "the left Extra Monster Zone" if place == 5 else "the right Extra Monster Zone"
    return f"Main Monster Zone {place}"

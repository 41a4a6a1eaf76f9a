"""The Eredan records kept in a state: cards played in the fight (the queue) and the work
still to do (card parts, rolls, the steps of the turn), done first to last."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Played:
    """A card played in the current fight and not yet resolved (``state.chain``, in play order)."""

    card: int  # the card's object in its player's "queue" zone
    player: str
    by: int  # the fighter who played it
    target: int | None = None  # the character chosen when it was played
    index: int = 0  # its place among the cards played in this fight


@dataclass(frozen=True)
class Work:
    """One thing left to do (``state.pending``). ``kind`` says what:

    resolve (a played card), part (one ability of a card fires), effect (one effect of a part),
    moment (the parts that a moment of the turn fires), clash, roll (an attack roll: chance),
    strike (the blows rolled land), end_combat and after_combat, end_turn, discard_down (a
    player above five cards discards one), expire_turn, turn_over, start_turn, open_fight.
    """

    kind: str
    card: int | None = None
    name: str | None = None
    ability: int | None = None
    effect: int | None = None
    controller: str | None = None
    caster: int | None = None
    holder: int | None = None
    target: int | None = None
    index: int | None = None
    value: int | None = None
    moment: str | None = None

    def to_plain(self, label_of) -> dict:
        """The record with object ids written as labels (None for objects that are gone)."""
        out = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if value is None:
                continue
            out[field.name] = label_of(value) if field.name in OID_FIELDS else value
        return out


OID_FIELDS = ("card", "caster", "holder", "target")

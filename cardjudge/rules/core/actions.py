"""Actions: one decision of one player, with every cost payment and target spelled out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardjudge.rules.core.records import quick_init, record_maker


@quick_init
@dataclass(frozen=True, slots=True)
class CostPart:
    """One part of a paid cost: its kind, the cards it uses (labels), an amount."""

    kind: str
    cards: tuple = ()
    amount: int | None = None
    oids: tuple = ()  # the objects used, for the engine

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind, "cards": list(self.cards)}
        if self.amount is not None:
            out["amount"] = self.amount
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class Action:
    """A legal action as listed by ``legal_actions``.

    ``payload`` holds what the engine needs to carry it out (oids, indexes), as sorted
    (key, value) pairs; the other fields are what users see (contract section 2).
    """

    id: str
    player: str
    kind: str
    text: str
    card: str | None = None
    card_id: str | None = None
    ability: int | None = None
    costs: tuple = ()
    targets: tuple = ()  # labels
    position: str | None = None
    payload: tuple = ()

    def get(self, key: str, default: Any = None) -> Any:
        for name, value in self.payload:
            if name == key:
                return value
        return default

    def to_dict(self) -> dict:
        """The contract's dictionary form of the action."""
        out: dict[str, Any] = {
            "id": self.id,
            "player": self.player,
            "kind": self.kind,
            "card": self.card,
            "card_id": self.card_id,
            "ability": self.ability,
            "costs": [part.to_dict() for part in self.costs],
            "targets": list(self.targets),
            "text": self.text,
        }
        if self.position is not None:
            out["position"] = self.position
        mode = self.get("spell_mode")
        if mode is not None:
            out["mode"] = mode  # the mode of a modal spell, chosen as it is cast (Magic 700.2a)
        return out

    def signature(self) -> tuple:
        """The action without its per-listing id (equal for the same decision in any listing)."""
        return (self.player, self.kind, self.card_id, self.ability, self.costs, self.targets, self.position, self.payload)


# A listing builds its actions by the hundred (Magic's mid-game: 274, Act of Treason alone 132):
# through the slots twin an Action costs about a third of the constructor's (record_maker).
new_action = record_maker(Action)

_set_id = Action.__dict__["id"].__set__  # the slot's own setter: Action is frozen to its users
_IDS: list[str] = []  # a1, a2 ... made once


def number_in_place(actions: list) -> list:
    """Give ``actions`` the ids a1, a2 ... in order, in place, and return them: for a listing's
    actions, made for it alone (numbering copies of them would cost a new Action each)."""
    while len(_IDS) < len(actions):
        _IDS.append(f"a{len(_IDS) + 1}")
    for action, action_id in zip(actions, _IDS):
        _set_id(action, action_id)
    return actions

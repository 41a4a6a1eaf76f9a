"""What makes two card-language values the same object or the same player, for every game.

A game's views (``self``, ``t``, ``you``, items of a zone...) answer ``attr`` in their own
way; their identity is shared: a view of an object equals another view of the same kind on
the same object, and a player view equals another view of that player and the player's name
(so that ``c.controller == you`` holds whether ``controller`` gives a view or a name).

>>> you = PlayerValue(None, "you")
>>> you == "you", you == PlayerValue(None, "opponent"), "you" in {you}
(True, False, True)
>>> ObjectView(None, 3) == ObjectView(None, 3), len({ObjectView(None, 3), ObjectView(None, 4)})
(True, 2)
"""

from __future__ import annotations


class ObjectView:
    """An object of a state as a card-language value; the subclass says which attributes it has."""

    __slots__ = ("s", "oid")

    def __init__(self, s, oid: int):
        self.s = s
        self.oid = oid

    def __eq__(self, other):
        return other.__class__ is self.__class__ and other.oid == self.oid

    def __hash__(self):
        return hash(self.oid)


class PlayerValue:
    """A player as a card-language value, equal to the player's name; the subclass says which
    attributes it has."""

    __slots__ = ("s", "name")

    def __init__(self, s, name: str):
        self.s = s
        self.name = name

    def __eq__(self, other):
        if isinstance(other, str):
            return other == self.name
        return other.__class__ is self.__class__ and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return self.name

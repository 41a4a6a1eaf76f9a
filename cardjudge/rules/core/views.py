"""What makes two card-language values the same object or the same player, for every game.

A game's views (``self``, ``t``, ``you``, items of a zone...) answer ``attr`` in their own
way; their identity is shared: a view of an object equals another view of the same kind on
the same object, and a player view equals another view of that player and the player's name
(so that ``c.controller == you`` holds whether ``controller`` gives a view or a name).
An event view (``e``) reads the same fields of an event in every game, through the game's
own card and player views, and ``ability_env`` gives an ability's expressions the same names
(``self``, ``you``, ``opponent``, ``game``, ``e``) in every game that has these views.

>>> you = PlayerValue(None, "you")
>>> you == "you", you == PlayerValue(None, "opponent"), "you" in {you}
(True, False, True)
>>> ObjectView(None, 3) == ObjectView(None, 3), len({ObjectView(None, 3), ObjectView(None, 4)})
(True, 2)
"""

from __future__ import annotations

from typing import NamedTuple

from cardjudge.rules.core.expr import Env, _Missing


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


class PlayerView(PlayerValue):
    """A player as the card language sees it in a game of zones: the cards in each of its
    ``zones`` (as ``card_view``), ``hand_size``, ``opponent`` and ``name``; ``more`` answers the
    attributes a game adds."""

    __slots__ = ()
    card_view = ObjectView
    zones: tuple = ()

    def attr(self, name: str):
        """``player.name`` in the card language."""
        s = self.s
        if name in self.zones:
            return [self.card_view(s, oid) for oid in s.zone(self.name, name)]
        if name == "hand_size":
            return len(s.zone(self.name, "hand"))
        if name == "opponent":
            return self.__class__(s, s.opponent_of(self.name))
        if name == "name":
            return self.name
        return self.more(name)

    def more(self, name: str):
        """An attribute beyond the shared ones; a game without any refuses every name."""
        raise _Missing(name)


class EventView:
    """An event as the card language sees it (``e``): its cards, player and source as the game's
    views (``card_view``, ``player_view``) and its plain ``fields``; ``more`` answers the
    attributes a game adds."""

    __slots__ = ("s", "event")
    card_view = ObjectView
    player_view = PlayerValue
    fields = ("kind", "reason", "from_zone", "to_zone")

    def __init__(self, s, event):
        self.s = s
        self.event = event

    def attr(self, name: str):
        """``e.name`` in the card language."""
        e, s = self.event, self.s
        if name == "cards":
            return [self.card_view(s, oid) for oid in e.cards]
        if name == "player":
            return self.player_view(s, e.player) if e.player else None
        if name == "source":
            return self.card_view(s, e.source) if e.source is not None else None
        if name in self.fields:
            return getattr(e, name)
        return self.more(name)

    def more(self, name: str):
        """An attribute beyond the shared ones; a game without any refuses every name."""
        raise _Missing(name)


class GameView:
    """The game as a card-language value (``game``); the subclass says which attributes it has."""

    __slots__ = ("s",)

    def __init__(self, s):
        self.s = s


class Views(NamedTuple):
    """A game's card-language views: of an object, a player, the game and an event."""

    card: type
    player: type
    game: type
    event: type


def ability_env(views: Views, s, source_oid: int | None, controller: str, event=None,
                extra: dict | None = None) -> Env:
    """The names an ability's expressions see: self, you, opponent, game, e (as ``views``), and extras."""
    # The views are made by object.__new__ and their slots set here: what their __init__ does,
    # without a Python call each (six of them per environment, one of the commonest calls).
    new = object.__new__
    if source_oid is not None:
        me = new(views.card)
        me.s = s
        me.oid = source_oid
    else:
        me = None
    you = new(views.player)
    you.s = s
    you.name = controller
    opponent = new(views.player)
    opponent.s = s
    opponent.name = s.opponent_of(controller)
    game = new(views.game)
    game.s = s
    if event is not None:
        happened = new(views.event)
        happened.s = s
        happened.event = event
    else:
        happened = None
    variables = {"self": me, "you": you, "opponent": opponent, "game": game, "e": happened}
    if extra:
        variables.update(extra)
    env = new(Env)
    env.vars = variables
    env.subject = None
    return env


def ability_variables(views: Views, names, s, source_oid: int | None, controller: str, event=None) -> dict:
    """The entries of ``ability_env``'s variables (without extras) whose names are in ``names``
    (see ``expr.names_read``): the views an expression does not read are not built."""
    variables = {}
    for name in names:
        if name == "self":
            variables[name] = views.card(s, source_oid) if source_oid is not None else None
        elif name == "you":
            variables[name] = views.player(s, controller)
        elif name == "opponent":
            variables[name] = views.player(s, s.opponent_of(controller))
        elif name == "game":
            variables[name] = views.game(s)
        elif name == "e":
            variables[name] = views.event(s, event) if event is not None else None
    return variables

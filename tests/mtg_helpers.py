"""Magic scenario helpers: positions in the contract's format, played through the public API only."""

from __future__ import annotations

from helpers import (  # noqa: F401  (the same for Magic)
    act,
    act_any_payment,
    actions,
    card,
    dicts,
    listing,
    only,
    zone,
    zone_of,
)
from helpers import step as strict_step

import cardjudge as cj

LIBRARY = ["Forest", "Forest", "Forest", "Forest", "Forest"]


def position(*, you=None, opponent=None, phase="main1", active="you", turn=5, cards=None, **top):
    """A Magic position dict; players default to 20 life and a library of five Forests.

    Unless told otherwise the opponent has an untapped Island, so that windows in which no
    player can act but by passing (which pass by themselves) do not hide the stack."""
    pos = {"game": "mtg", "turn": turn, "active": active, "phase": phase, "players": {}, **top}
    if cards:
        pos["cards"] = cards
    for name, body in (("you", you), ("opponent", opponent)):
        body = dict(body or {})
        body.setdefault("life", 20)
        body.setdefault("library", list(LIBRARY))
        if name == "opponent":
            body.setdefault("battlefield", [{"card": "Island", "id": "OPP_ISLAND"}])
        pos["players"][name] = body
    return pos


def load(**kw):
    return cj.load_position(position(**kw))


def data(state):
    return cj.to_dict(state)


def stack(state):
    return data(state)["stack"]


def step(state):
    """Pass priority when exactly one pass is legal; else take the only legal action; else fail."""
    return strict_step(state)


def pass_until(state, predicate, limit=300):
    for _ in range(limit):
        if predicate(state):
            return state
        state = step(state)
    raise AssertionError(f"not reached in {limit} steps")


def resolve(state):
    """Pass until the stack is empty (no decision pending)."""
    return pass_until(state, lambda s: not stack(s) and not any(d["kind"] == "choose" for d in dicts(s)))


def until_phase(state, phase, turn=None):
    return pass_until(state, lambda s: data(s)["phase"] == phase and (turn is None or data(s)["turn"] == turn))


def now(state, label):
    return card(state, label)["now"]


def life(state, player):
    return data(state)["players"][player]["life"]


def battlefield(state, player):
    return data(state)["players"][player]["battlefield"]


def division_parts(d) -> list:
    """The "N to NAME" parts of a damage division action's text, sorted."""
    return sorted(d["text"].split("combat damage: ", 1)[1].split(", "))


def divide(state, **amounts):
    """Choose the division of combat damage giving each named receiver its amount (names with
    spaces as keywords via a dict: ``divide(state, **{"Grizzly Bears": 2, "you": 1})``)."""
    want = sorted(f"{amount} to {name}" for name, amount in amounts.items())
    found = [a for a, d in actions(state, kind="choose") if "combat damage: " in d["text"] and division_parts(d) == want]
    if len(found) != 1:
        raise AssertionError(f"{len(found)} divisions match {want}; legal: {listing(state)}")
    return cj.apply(state, found[0])

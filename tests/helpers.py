"""Scenario helpers: pick, apply and pass actions through the public API only."""

from __future__ import annotations

import cardjudge as cj


def _cost_cards(d):
    return {label for cost in d.get("costs") or [] for label in cost.get("cards") or []}


def matches(d, selector):
    """Whether the action dict ``d`` matches ``selector``.

    Keys compare equal to the action's fields, except ``targets`` (same set of labels),
    ``costs_include`` (labels that must be among the cost cards) and ``cost_kinds``
    (cost kinds that must all be present)."""
    for key, want in selector.items():
        if key == "targets":
            if set(d.get("targets") or []) != set(want):
                return False
        elif key == "costs_include":
            if not set(want) <= _cost_cards(d):
                return False
        elif key == "cost_kinds":
            if not set(want) <= {c.get("kind") for c in d.get("costs") or []}:
                return False
        elif d.get(key) != want:
            return False
    return True


def actions(state, **selector):
    """The legal actions matching ``selector``, as (action, dict) pairs."""
    out = []
    for a in cj.legal_actions(state):
        d = a.to_dict()
        if matches(d, selector):
            out.append((a, d))
    return out


def dicts(state, **selector):
    return [d for _, d in actions(state, **selector)]


def act(state, **selector):
    """Apply the one legal action matching ``selector``; fail when none or several match."""
    found = actions(state, **selector)
    if len(found) != 1:
        raise AssertionError(f"{len(found)} actions match {selector}; legal: {listing(state)}")
    return cj.apply(state, found[0][0])


def act_any_payment(state, *, interchangeable, **selector):
    """Apply one of the legal actions matching ``selector`` where the test states that which of
    the ``interchangeable`` cards pay does not matter; fail when none match or the matching
    actions differ in anything else (another card paying, another target, another mode)."""
    found = actions(state, **selector)
    named = set(interchangeable)

    def shape(d):
        costs = [{**cost, "cards": sorted(c for c in cost.get("cards") or [] if c not in named),
                  "interchangeable": sum(c in named for c in cost.get("cards") or [])}
                 for cost in d.get("costs") or []]
        return repr(sorted({**d, "id": None, "costs": costs}.items()))

    if not found or len({shape(d) for _, d in found}) != 1:
        texts = [f"{d['text']} {d.get('costs')}" for _, d in found] or [listing(state)]
        raise AssertionError(f"{len(found)} actions match {selector} and do not differ only in which of "
                             f"{sorted(named)} pay: {texts}")
    return cj.apply(state, found[0][0])


def only(candidates, what="actions"):
    """The single element of ``candidates``: a scenario names the action it means, so none or
    several is an AssertionError listing them (never a silent "the first")."""
    found = list(candidates)
    if len(found) != 1:
        texts = [getattr(c, "text", c) for c in found]
        raise AssertionError(f"{len(found)} {what} where exactly one was meant: {texts}")
    return found[0]


def chain(state):
    return cj.to_dict(state).get("chain") or []


def listing(state) -> str:
    """The texts of every legal action, for failure messages."""
    return "; ".join(d["text"] for _, d in actions(state))


def step(state, position=None):
    """Take the one move a scenario need not name, or fail listing the legal actions.

    That move is the only legal pass (priority passes on), else the only legal action (a forced
    choice), else, when ``position`` is given and every legal action chooses a battle position,
    the choice of that position. Several passes, or a position the scenario did not state, are
    an error: a scenario never lets a helper choose for it."""
    pairs = actions(state)
    passes = [a for a, d in pairs if d["kind"] == "pass"]
    if len(passes) == 1:
        return cj.apply(state, passes[0])
    if len(pairs) == 1:
        return cj.apply(state, pairs[0][0])
    if not passes and position is not None and all(d["kind"] == "choose" and d.get("position") for _, d in pairs):
        chosen = [a for a, d in pairs if d["position"] == position]
        if len(chosen) == 1:
            return cj.apply(state, chosen[0])
    what = f"{len(passes)} passes" if passes else "no single move" if position is None else f"no single {position} choice"
    raise AssertionError(f"{what} to take: legal: {listing(state)}")


def pass_until(state, predicate, limit=200, position=None):
    """Pass (or take forced choices) until ``predicate(state)`` holds.

    ``position`` ("attack" or "defense") is the battle position chosen for every Summon whose
    position choice comes up on the way; without it such a choice is an error."""
    for _ in range(limit):
        if predicate(state):
            return state
        state = step(state, position)
    raise AssertionError(f"predicate not reached in {limit} steps")


def pass_until_legal(state, **selector):
    """Pass until an action matching ``selector`` is legal, and return that state (a Summon's
    position choice on the way is an error: ``position`` here selects the action awaited)."""
    return pass_until(state, lambda s: bool(actions(s, **selector)))


def resolve(state, position=None):
    """Pass until the chain is empty, taking forced choices (and ``position``) on the way."""
    return pass_until(state, lambda s: not chain(s), position=position)


def zone_of(state, label):
    """(player, zone) of the card labelled ``label`` in ``to_dict``, or None."""
    for player, body in cj.to_dict(state)["players"].items():
        for zone, value in (body or {}).items():
            entries = value if isinstance(value, list) else [value] if isinstance(value, dict) else []
            for entry in entries:
                if isinstance(entry, dict) and entry.get("id") == label:
                    return player, zone
    return None


def zone(state, label):
    found = zone_of(state, label)
    return found[1] if found else None


def card(state, label):
    for body in cj.to_dict(state)["players"].values():
        for value in (body or {}).values():
            entries = value if isinstance(value, list) else [value] if isinstance(value, dict) else []
            for entry in entries:
                if isinstance(entry, dict) and entry.get("id") == label:
                    return entry
    raise AssertionError(f"{label} not found")


def now(state, label):
    return card(state, label).get("now") or {}


def lp(state, player):
    return cj.to_dict(state)["players"][player]["lp"]


def position(*, you, opponent=None, phase="main1", active="you", turn=3, cards=None):
    """A ygo position dict in the contract's format; players default to a small deck."""
    pos = {"game": "ygo", "turn": turn, "active": active, "phase": phase, "players": {}}
    if cards:
        pos["cards"] = cards
    filler = ["Dark Magician", "Dark Magician", "Dark Magician"]
    for name, body in (("you", you), ("opponent", opponent or {})):
        body = dict(body)
        body.setdefault("lp", 8000)
        body.setdefault("deck", list(filler))
        pos["players"][name] = body
    return pos


def load(**kw):
    return cj.load_position(position(**kw))

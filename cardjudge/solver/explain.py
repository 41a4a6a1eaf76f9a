"""Lines of play explained step by step in the cards' own terms, for any game.

Each action of a line is replayed through the game's ``apply``; what it did is read from two
game-agnostic sources:

- the events the apply recorded (``State.events``, handed over by ``Draft.freeze``):
  activations (chain links), links resolving, cards moving with the reason and the card that
  caused it, damage, attacks;
- the difference between the positions before and after in the contract's format (the game
  module's ``to_dict``): life totals and other numbers of each player, cards changing zones
  (the stack and an Eredan fight's queue counted as zones), positions, face-up or counters, the
  ``now:`` values of cards (ATK, DEF, power, ...), the phase or turn, the chain, the objects
  that resolved from or went on the stack, and the winner.

A change is told once: a card tapped for a cost by what was paid (with the mana each source
made, when the action carries its payment), a move by its event, a ``now:`` value by the field
of the same name when both changed alike.

>>> from pathlib import Path
>>> import cardjudge
>>> puzzle = Path(cardjudge.__file__).parent.parent / "examples" / "puzzles" / "ygo-shrink.yaml"
>>> state = cardjudge.load_position(str(puzzle))
>>> shrink = next(a for a in cardjudge.legal_actions(state) if a.targets == ("BE",))
>>> for text in explain_line(state, [shrink])[0].lines():
...     print(text)
1. you activate Shrink targeting BE
   targeting: Blue-Eyes White Dragon [BE]
   - you activate Shrink [SH] (chain link 1)
   - chain link 1 resolves: Shrink [SH]
   - Shrink [SH] moves from spells_traps to graveyard (sent to gy, left field) [by the rules]
   - Blue-Eyes White Dragon [BE] atk 3000 -> 1500
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from cardjudge.rules import all_rules, games
from cardjudge.rules.core.engine import apply as engine_apply
from cardjudge.rules.core.engine import to_dict as engine_to_dict


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a line and what came of it."""

    number: int
    player: str | None
    kind: str | None
    text: str
    paid: tuple = ()  # "tribute Feral Imp [FI1], Feral Imp [FI2]", ...
    targets: tuple = ()  # "Blue-Eyes White Dragon [BE]", ...
    happened: tuple = ()  # sentences, in the order things happened, then the changes seen

    def to_dict(self) -> dict:
        """Plain data for JSON."""
        return {"number": self.number, "player": self.player, "kind": self.kind, "text": self.text,
                "paid": list(self.paid), "targets": list(self.targets), "happened": list(self.happened)}

    def lines(self, indent: str = "") -> list[str]:
        """The step as text: the action, what was paid and targeted, then what happened."""
        out = [f"{indent}{self.number}. {self.text}"]
        if self.paid:
            out.append(f"{indent}   paid: {'; '.join(self.paid)}")
        if self.targets and self.kind != "attack":  # an attack is declared at what it attacks, not targeting it
            out.append(f"{indent}   targeting: {', '.join(self.targets)}")
        out += [f"{indent}   - {sentence}" for sentence in self.happened]
        return out


def explain_line(root, actions: Iterable, apply: Callable = engine_apply, first: int = 1) -> list[Step]:
    """A :class:`Step` for each action, numbered from ``first``, replaying them from ``root``
    through ``apply`` (the engine's, or one that returns the same states, such as a search
    domain's memoised apply)."""
    steps = []
    state = root
    before = _Position.of(root)
    for number, action in enumerate(actions, first):
        after_state = apply(state, action)
        after = _Position.of(after_state)
        events = after_state.events
        names = _Names(state, after_state, events=events)
        narrated, told = _narrate(events, names, len(before.data.get("chain") or []), _paid_cards(action))
        resolved = _resolved_at_once(narrated, told, after.data, names)
        resolving, added = _stack_changes(before.data, after.data, names, bool(resolved))
        happened = resolving + narrated + added + _changes(before, after, told, resolved)
        text = getattr(action, "text", _MISSING)
        steps.append(Step(number, getattr(action, "player", None), getattr(action, "kind", None),
                          str(action) if text is _MISSING else text, _paid(action, names),
                          tuple(names.card(label) for label in getattr(action, "targets", ()) or ()),
                          tuple(happened)))
        state, before = after_state, after
    return steps


_MISSING = object()


class _Names:
    """Cards named as "Name [label]", looked up in the states before and after an action (the
    state before first)."""

    def __init__(self, before, after, events=()):
        self.before, self.after = before, after
        self.events = events
        self._labels = None
        self._zone_before = None
        self._passing = None

    @property
    def by_label(self) -> dict:
        """label -> card name."""
        if self._labels is None:
            self._labels = {**_card_names(self.after), **_card_names(self.before)}
        return self._labels

    @property
    def zone_before(self) -> dict:
        """label -> (controller, zone), in the state before if the card is there."""
        if self._zone_before is None:
            self._zone_before = {**_zones_of(self.after), **_zones_of(self.before)}
        return self._zone_before

    @property
    def passing(self) -> dict:
        """oid -> label of the objects that existed only during the action (a spell on the
        stack), known by the labels their events give."""
        if self._passing is None:
            self._passing = {oid: label for event in self.events for oid, label in zip(event.cards, event.labels)}
        return self._passing

    def card(self, label) -> str:
        name = self.by_label.get(label)
        return f"{name} [{label}]" if name is not None and name != label else str(label)

    def oid(self, oid) -> str | None:
        obj = self.before.objects.get(oid)
        if obj is None:
            obj = self.after.objects.get(oid)
        if obj is None:
            passing = self.passing
            return self.card(passing[oid]) if oid in passing else None
        return self.card(obj.label)


def _card_names(state) -> dict:
    """label -> card name of the objects of a state (memoised per state; the first object of a
    label wins)."""
    record = state.derived()
    names = record.card_names
    if names is None:
        names = record.card_names = {obj.label: obj.card for obj in reversed(state.objects.values())}
    return names


def _zones_of(state) -> dict:
    """label -> (controller, zone) of the objects of a state (the first object of a label wins)."""
    return {obj.label: (obj.controller, obj.zone) for obj in reversed(state.objects.values())}


def _paid(action, names: _Names) -> tuple:
    out = []
    for part in getattr(action, "costs", ()) or ():
        mana = _mana(action, names) if part.kind == "mana" else None
        if mana is not None:
            out.append(mana)
            continue
        what = ", ".join(names.card(label) for label in part.cards)
        amount = f" {part.amount}" if part.amount is not None else ""
        out.append(f"{part.kind.replace('_', ' ')}{amount}{' ' + what if what else ''}")
    return tuple(out)


def _paid_cards(action) -> set:
    """The labels of the cards an action's costs use (tapped, tributed, discarded...)."""
    return {label for part in getattr(action, "costs", ()) or () for label in part.cards}


def _mana(action, names: _Names) -> str | None:
    """How a mana cost was paid, when the action carries its payment (a Magic plan): the mana
    each source made, the mana spent from the pool, what was left in it, and X."""
    get = getattr(action, "get", None)
    plan = get("plan") if get is not None else None
    payment = getattr(plan, "payment", None)
    if payment is None:
        return None
    parts = []
    sources = payment.activations or [None] * len(payment.produced)
    for (oid, kind), source in zip(payment.produced, sources):
        amount = getattr(source, "amount", 1)
        text = ("{" + kind + "}") * amount + f" from {names.oid(oid) or oid}"
        tapped = tuple(getattr(source, "taps", None) or ())
        if tapped and tapped != (oid,):
            text += f" (tapping {', '.join(names.oid(t) or str(t) for t in tapped)})"
        parts.append(text)
    if payment.pool_spent:
        parts.append(f"{''.join('{' + kind + '}' for kind in payment.pool_spent)} from the mana pool")
    text = "mana " + (", ".join(parts) if parts else "nothing")
    if payment.leftover:
        text += f" ({''.join('{' + kind + '}' for kind in payment.leftover)} left in the mana pool)"
    if getattr(plan, "x", None):
        text += f", X = {plan.x}"
    return text


def _link(entry: dict, names: _Names) -> tuple[str, str]:
    """A stack object: ("Lightning Bolt [LB]", ", targeting opponent"), or ("Pelt Collector
    [PC]'s triggered ability", "")."""
    who = names.card(entry.get("id")) if entry.get("id") is not None else str(entry.get("card"))
    if entry.get("kind") not in (None, "spell"):
        who += "'s triggered ability" if entry.get("kind") == "trigger" else "'s ability"
    targets = entry.get("targets") or []
    aim = ", targeting " + ", ".join(names.card(label) for label in targets) if targets else ""
    return who, aim


def _resolved_at_once(narrated: list, told: set, after: dict, names: _Names) -> set:
    """The spells cast during the action that are no longer on the stack after it (nobody could
    answer them, so they resolved at once): "X resolves" is told right after their casting, and
    the labels are returned, so that where they went is told as a move from the stack."""
    resolved = set()
    on_stack = None
    for mark in told:
        if isinstance(mark, tuple) and mark[0] == "cast":
            if on_stack is None:
                on_stack = {entry.get("id") for entry in after.get("stack") or []}
            if mark[1] in on_stack:
                continue
            name = names.card(mark[1])
            cast = next(index for index, text in enumerate(narrated)
                        if text.startswith(f"{name} moves") and text.endswith("(cast)"))
            narrated.insert(cast + 1, f"{name} resolves")
            resolved.add(mark[1])
    return resolved


def _stack_changes(before: dict, after: dict, names: _Names, cast_resolved: bool) -> tuple[list[str], list[str]]:
    """For a stack (Magic), whose events do not tell it: the top object that resolved and the
    abilities that left with it (told first: the resolution causes what follows; a spell that
    left is told by its move), and the abilities put on it (told after what triggered them).

    With ``cast_resolved`` a spell cast during the action resolved within it (told with its
    casting): the objects that were on the stack before only left it (countered)."""
    old, new = before.get("stack") or [], after.get("stack") or []
    if not old and not new:
        return [], []  # (no stack: Yu-Gi-Oh, Eredan)
    kept = 0
    while kept < min(len(old), len(new)) and old[kept] == new[kept]:
        kept += 1
    resolving, added = [], []
    for index, entry in enumerate(reversed(old[kept:])):
        who, aim = _link(entry, names)
        if index == 0 and not cast_resolved:
            resolving.append(f"{who} resolves{aim}")
        elif entry.get("kind") != "spell":
            resolving.append(f"{who} leaves the stack")
    for entry in new[kept:]:
        if entry.get("kind") != "spell":  # a spell's move from its zone is told as a move
            who, aim = _link(entry, names)
            added.append(f"{who} goes on the stack{aim}")
    return resolving, added


def _narrate(events, names: _Names, chain_length: int, paid: set = frozenset()) -> tuple[list[str], set]:
    """Sentences for the recorded events, and what they told: the labels whose moves they told,
    ``(label, field)`` for the changes of a card's field they told (tapped), ``("phase", step)``
    for a step begun, and ``("cast", label)`` for a spell cast.

    A card tapped to pay the action's cost is told by what was paid."""
    sentences: list[str] = []
    moved: set = set()
    links = chain_length  # how many links are on the chain
    group: list = []
    steps_told = 0  # where the sentences of the step begun last start

    def flush():
        if group:
            sentences.append(_moves(group, names))
            group.clear()

    for event in events:
        if event.kind in _TOLD_BY_THE_POSITION:
            continue
        labels = event.labels
        who = names.card(labels[0]) if len(labels) == 1 else ", ".join([names.card(label) for label in labels])
        if event.kind == "activated":
            flush()
            links += 1
            sentences.append(f"{_says(event.player, 'activate')} {who or names.oid(event.source) or 'a card'} "
                             f"(chain link {links})")
        elif event.kind == "resolving":
            flush()
            what = who or names.oid(event.source) or "a card"
            negated = ", negated" if event.method == "negated" else ""
            sentences.append(f"chain link {links} resolves: {what}{negated}")
            links = max(0, links - 1)
        elif event.from_zone is not None or event.to_zone is not None:
            if group and (group[-1].cards, group[-1].from_zone, group[-1].to_zone) != \
                    (event.cards, event.from_zone, event.to_zone):
                flush()
            group.append(event)
            moved.update(event.labels)
        elif event.kind in ("tapped", "becomes_untapped"):
            moved.update((label, "tapped") for label in event.labels)
            if not (event.reason == "cost" and set(event.labels) <= paid):
                flush()
                sentences.append(_event(event, who, names))
        elif event.kind == "cast":
            flush()
            for label in event.labels:
                player, zone = names.zone_before.get(label, (event.player, None))
                where = f"from {_where(player, zone)} " if zone not in (None, "stack") else ""
                moved.add(("cast", label))
                sentences.append(f"{names.card(label)} moves {where}to the stack (cast)")
        elif event.kind == "step":
            # emitted after the step's turn-based actions (the draw, combat damage): told first
            flush()
            moved.add(("phase", event.method))
            sentences.insert(steps_told, f"{str(event.method).replace('_', ' ')} step begins")
            steps_told = len(sentences)
        elif event.kind in ("life_gained", "life_lost"):
            continue  # told by the player's life line (Magic: the amount the event carries)
        elif event.kind == "damaged":
            flush()
            cause = names.oid(event.source) or "something"
            sentences.append(f"{cause} deals damage to {who or event.player}")
        elif event.kind == "drawn":  # (a draw without zones: Magic)
            flush()
            moved.update(event.labels)
            cause = names.oid(event.source)
            sentences.append(f"{_says(event.player, 'draw')} {who}" + (f", by {cause}" if cause else ""))
        elif event.kind in ("attacks", "blocks"):
            flush()
            sentences.append(f"{who} {event.kind}")
        else:
            flush()
            sentences.append(_event(event, who, names))
    flush()
    return sentences, moved


# Yu-Gi-Oh! phases and LP changes: what changed in the position tells them (and a payment is told
# among the costs)
# (a Magic ability activated is told by the stack it goes on)
_TOLD_BY_THE_POSITION = frozenset({"phase", "lp_paid", "lp_gained", "lp_lost", "ability_activated"})


def _moves(group: list, names: _Names) -> str:
    first = group[0]
    who = ", ".join(names.card(label) for label in first.labels)
    kinds = [event.kind for event in group if event.kind != "moved"]
    how = [first.reason]
    if first.method:
        how.append(first.method)
    cause = names.oid(first.source)
    if cause is not None and cause != who and first.reason in ("cost", "effect", "battle"):
        how.append(f"by {cause}")
    where = f"from {_zone(first.from_zone)} " if first.from_zone else ""
    said = f" ({', '.join(k.replace('_', ' ') for k in kinds)})" if kinds else ""
    how[0] = _REASONS.get(how[0], how[0])
    return f"{who} moves {where}to {_zone(first.to_zone)}{said} [{'; '.join(how)}]"


# why a card moved, in a player's words (the events' own reasons are the rules' names)
_REASONS = {"rule": "by the rules", "cost": "as a cost", "battle": "destroyed by battle"}


def _event(event, who: str, names: _Names) -> str:
    words = event.kind.replace("_", " ")
    text = f"{words}: {who}" if who else words
    if event.player:
        text += f" ({event.player})"
    cause = names.oid(event.source)
    if cause is not None and cause not in who:
        text += f", by {cause}"
    if event.method:
        text += f" [{event.method}]"
    return text


# -- the changes seen in the position ------------------------------------------------------


class _Position:
    """A state in the contract's format (``data``, the game module's ``to_dict``) and the cards
    listed in it (``cards`` and ``staged``, see :func:`_cards` and :func:`_staged`), read once
    per state: the state after an action is the state before the next one, and the lines of a
    search share their first states. Never changed once made."""

    __slots__ = ("data", "cards", "staged")

    def __init__(self, data: dict):
        self.data = data
        self.cards = _cards(data)
        self.staged = tuple(_staged(data))

    @classmethod
    def of(cls, state) -> "_Position":
        """The position of a state (kept in the state's derived values: a state never changes)."""
        record = state.derived()
        position = record.explained
        if position is None:
            position = record.explained = cls(engine_to_dict(state))
        return position



def _cards(position: dict) -> dict:
    """label -> (player, zone, entry) for every card listed in a zone of the position, and for
    every card in a top-level list and in no player's zone: a spell on the stack (Magic), a card
    waiting in the queue of a fight (Eredan)."""
    out = {}
    for player, body in (position.get("players") or {}).items():
        for zone, entries in (body or {}).items():
            if not isinstance(entries, list):
                continue
            for entry in entries:
                if isinstance(entry, dict) and "id" in entry:
                    out[entry["id"]] = (player, zone, entry)
                    if not any(key in entry for key in _words().attached):
                        continue
                    for attached in _attached(entry):
                        host = f"{_ONTO}{entry.get('card', entry['id'])} [{entry['id']}]"
                        out[attached["id"]] = (player, host, attached)
    for key, entries in position.items():
        if key == "players" or not isinstance(entries, list):
            continue
        for entry in entries:
            if isinstance(entry, dict) and "id" in entry and entry["id"] not in out \
                    and entry.get("kind") in (None, "spell"):
                player = entry.get("player", entry.get("controller"))
                out[entry["id"]] = (player, key, {"card": entry.get("card"), "id": entry["id"]})
    return out


def _attached(entry: dict) -> list:
    """The cards attached to a card (in a game whose entries list them), each a mapping with its own id."""
    out = []
    for key in _words().attached:
        attached = entry.get(key)
        if isinstance(attached, list):
            out += [card for card in attached if isinstance(card, dict) and "id" in card]
    return out


def _staged(position: dict) -> list:
    """(player, card, list) for the cards of the top-level lists without ids, such as the cards
    played in an Eredan fight (``played: [{card, player}]``)."""
    out = []
    for key, entries in position.items():
        if key in ("players", "stack", "chain") or not isinstance(entries, list):
            continue
        for entry in entries:
            if isinstance(entry, dict) and "card" in entry and "id" not in entry:
                out.append((entry.get("player"), entry["card"], key))
    return out


def _changes(start: _Position, end: _Position, told: set, via_stack: set = frozenset()) -> list[str]:
    """The differences between two positions, but for what the events ``told``; the cards in
    ``via_stack`` went through the stack during the action (told as moving from it)."""
    before, after = start.data, end.data
    out = []
    for key in ("turn", "phase", "active"):
        if key == "phase" and ("phase", after.get(key)) in told:
            continue  # told by the step beginning
        if before.get(key) != after.get(key):
            out.append(f"{key} {before.get(key)} -> {after.get(key)}")
    old_players = before.get("players") or {}
    for player, body in (after.get("players") or {}).items():
        old = old_players.get(player) or {}
        for key, value in (body or {}).items():
            if isinstance(value, _NUMBER_OR_WORD) and not isinstance(value, bool) and old.get(key) != value:
                out.append(f"{player} {key.replace('_', ' ')} {_show(old.get(key))} -> {_show(value)}")
    old_cards, new_cards = start.cards, end.cards
    old_staged, new_staged = list(start.staged), list(end.staged)
    cast = {mark[1] for mark in told if isinstance(mark, tuple) and mark[0] == "cast"}
    for label, seen in new_cards.items():
        was = old_cards.get(label)
        if was == seen:
            continue  # the same place and entry (most cards): nothing to tell, one comparison
        player, zone, entry = seen
        name = f"{entry.get('card', label)} [{label}]"
        if was is None:
            came = (player, entry.get("card"))
            source = next((key for who, card, key in old_staged if (who, card) == came), None)
            if source is not None:
                old_staged.remove((player, entry.get("card"), source))
                out.append(_move(name, player, source, player, zone))
            else:
                out.append(f"{name} appears in {_where(player, zone)}")
            continue
        old_player, old_zone, old_entry = was
        if (old_player, old_zone) != (player, zone):
            if label in via_stack:
                old_zone = "stack"
            elif label in cast:
                continue  # told by the casting
            if label not in told and not _hidden(zone, old_zone):
                out.append(_move(name, old_player, old_zone, player, zone))
            continue
        out += [f"{name} {change}" for change in _entry_changes(old_entry, entry, label, told)]
    for label, (player, zone, entry) in old_cards.items():
        if label not in new_cards:  # (rare: a card that left the position)
            went = (player, entry.get("card"))
            target = next((key for who, card, key in new_staged if (who, card) == went), None)
            name = f"{entry.get('card', label)} [{label}]"
            if target is not None:
                new_staged.remove((player, entry.get("card"), target))
                out.append(_move(name, player, zone, player, target))
            else:
                out.append(f"{name} leaves {_where(player, zone)}")
    old_chain, new_chain = before.get("chain") or [], after.get("chain") or []
    if len(new_chain) != len(old_chain):
        out.append(f"chain: {len(old_chain)} -> {len(new_chain)} link{'s' if len(new_chain) != 1 else ''}")
    if before.get("winner") != after.get("winner") and after.get("winner") is not None:
        out.append(f"{_says(after['winner'], 'win')} the game")
    return out


_NUMBER_OR_WORD = (int, float, str)  # the fields of a player told as "lp 8000 -> 7000"


def _says(player, verb: str) -> str:
    """"you activate" but "opponent activates"."""
    if player is None:
        return verb
    return f"{player} {verb}" if player == "you" else f"{player} {verb}s"


def _whose(player) -> str:
    return "your" if player == "you" else f"{player}'s"


@dataclass(frozen=True)
class _ZoneWords:
    """What the games say about their zones, gathered over the registered games: the zones of no
    player (and the stack a spell goes through), how to say a zone whose key is no plain word, the
    keys of a card's entry that list the cards attached to it."""

    shared: frozenset
    words: dict
    attached: tuple


_GATHERED: dict = {}  # the registered games -> what they say


def _words() -> _ZoneWords:
    registered = games()
    words = _GATHERED.get(registered)
    if words is None:
        rules = all_rules()
        words = _GATHERED[registered] = _ZoneWords(
            frozenset({"stack"}).union(*(r.shared_zones for r in rules)),
            {k: v for r in rules for k, v in r.zone_words.items()},
            tuple(dict.fromkeys(r.attached_key for r in rules if r.attached_key)))
    return words
_ONTO = "attached to "  # the zone of a card attached to another: "attached to Name [label]"


def _move(name: str, old_player, old_zone: str, player, zone: str) -> str:
    """"X moves from your hand to your graveyard", "X moves from your hand onto Test Prêtre [P]"."""
    onto = zone.startswith(_ONTO)
    to = "onto " + zone[len(_ONTO):] if onto else "to " + _where(player, zone)
    return f"{name} moves from {_where(old_player, old_zone)} {to}"


def _where(player, zone: str) -> str:
    """ "your hand", "opponent's graveyard", "the stack" (a zone of no player), "Test Prêtre [P]"
    (for a card attached to it)."""
    if zone.startswith(_ONTO):
        return zone[len(_ONTO) :]
    words = _words()
    return f"the {words.words.get(zone, zone)}" if zone in words.shared else f"{_whose(player)} {zone}"


def _zone(zone: str) -> str:
    """A zone named without its player: "graveyard", "the stack"."""
    words = _words()
    return f"the {words.words.get(zone, zone)}" if zone in words.shared else zone


def _hidden(*zones) -> bool:
    """Moves within the deck (draws are events) are not worth a line of their own."""
    return all(zone == "deck" for zone in zones)


def _entry_changes(old: dict, new: dict, label=None, told: set = frozenset()) -> list[str]:
    """What changed on a card that stayed where it was: any field of its entry (position,
    face-up, counters, tapped, hp...) and any of its ``now:`` values (ATK, DEF, power...).

    A change already told (``(label, field)`` in ``told``, a card tapped) is left out, and so is
    a ``now:`` value that changed exactly as the entry's field of the same name (Eredan hp)."""
    out, seen = [], set()
    for key in sorted((set(old) | set(new)) - {"id", "card", "now"}):
        if key in _words().attached and (_attached(old) or _attached(new)):
            continue  # the attached cards are told as cards
        before, after = old.get(key), new.get(key)
        if isinstance(before, bool) or isinstance(after, bool):  # a flag left out is a flag not set
            before, after = bool(before), bool(after)
        if before != after:
            seen.add((key, _show(before), _show(after)))
            if (label, key) not in told:
                said = _in_words(key, before, after)
                if said is None:
                    out.append(f"{key.replace('_', ' ')} {_show(before)} -> {_show(after)}")
                elif said:
                    out.append(said)
    old_now, new_now = old.get("now") or {}, new.get("now") or {}
    if old_now == new_now:
        return out
    for key in sorted(set(old_now) | set(new_now)):
        was, now = old_now.get(key), new_now.get(key)
        if was != now:
            change = (key, _show(was), _show(now))
            if change not in seen:
                out.append(f"{key} {change[1]} -> {change[2]}")
    return out


_POSITIONS = {"attack": "Attack Position", "defense": "Defense Position"}


def _in_words(key: str, before: Any, after: Any) -> str | None:
    """A change of a card's field as a player says it ("changes to Defense Position", "taps",
    "attacks opponent"); "" for a turn flag that the action itself already says; None for a
    field without words of its own (told as "field before -> after")."""
    if key.endswith("_this_turn"):
        return ""
    if key == "position" and after in _POSITIONS:
        return f"changes to {_POSITIONS[after]}"
    if key == "face_up":
        return "is turned face-up" if after else "is turned face-down"
    if key == "tapped":
        return "taps" if after else "untaps"
    if key == "sick":
        return "has summoning sickness" if after else "is no longer summoning sick"
    if key == "attacking":
        return f"attacks {after}" if after is not None else "is removed from combat"
    if key == "blocked":
        return "is blocked" if after else None
    return None


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if value == "":
        return "empty"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(_show(part) for part in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{key} {_show(part)}" for key, part in value.items()) or "none"
    return str(value)

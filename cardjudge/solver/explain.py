"""Lines of play explained step by step in the cards' own terms, for any game.

Each action of a line is replayed through the game's ``apply``; what it did is read from two
game-agnostic sources:

- the events the apply recorded (``state.cache()["events"]``, left there by ``Draft.freeze``):
  activations (chain links), links resolving, cards moving with the reason and the card that
  caused it, damage, attacks;
- the difference between the positions before and after in the contract's format (the game
  module's ``to_dict``): life totals and other numbers of each player, cards changing zones,
  positions, face-up or counters, the ``now:`` values of cards (ATK, DEF, power, ...), the phase
  or turn, the chain, and the winner.

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
   - Shrink [SH] moves from spells_traps to graveyard (sent to gy, left field) [rule]
   - Blue-Eyes White Dragon [BE] atk 3000 -> 1500
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

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
        if self.targets:
            out.append(f"{indent}   targeting: {', '.join(self.targets)}")
        out += [f"{indent}   - {sentence}" for sentence in self.happened]
        return out


def explain_line(root, actions: Iterable, apply: Callable = engine_apply) -> list[Step]:
    """A :class:`Step` for each action, replaying them from ``root`` through ``apply`` (the
    engine's, or one that returns the same states, such as a search domain's memoised apply)."""
    steps = []
    state = root
    before = engine_to_dict(root)
    for number, action in enumerate(actions, 1):
        after_state = apply(state, action)
        after = engine_to_dict(after_state)
        names = _Names(state, after_state)
        events = after_state.cache().get("events") or ()
        narrated, moved = _narrate(events, names, len(before.get("chain") or []))
        happened = narrated + _changes(before, after, moved)
        steps.append(Step(number, getattr(action, "player", None), getattr(action, "kind", None),
                          getattr(action, "text", str(action)), _paid(action, names),
                          tuple(names.card(label) for label in getattr(action, "targets", ()) or ()),
                          tuple(happened)))
        state, before = after_state, after
    return steps


class _Names:
    """Cards named as "Name [label]", looked up in the states before and after an action."""

    def __init__(self, *states):
        self.by_label: dict = {}
        self.by_oid: dict = {}
        for state in states:
            for obj in state.objects.values():
                self.by_label.setdefault(obj.label, obj.card)
                self.by_oid.setdefault(obj.oid, obj)

    def card(self, label) -> str:
        name = self.by_label.get(label)
        return f"{name} [{label}]" if name is not None and name != label else str(label)

    def oid(self, oid) -> str | None:
        obj = self.by_oid.get(oid)
        return None if obj is None else self.card(obj.label)


def _paid(action, names: _Names) -> tuple:
    out = []
    for part in getattr(action, "costs", ()) or ():
        what = ", ".join(names.card(label) for label in part.cards)
        amount = f" {part.amount}" if part.amount is not None else ""
        out.append(f"{part.kind.replace('_', ' ')}{amount}{' ' + what if what else ''}")
    return tuple(out)


def _narrate(events, names: _Names, chain_length: int) -> tuple[list[str], set]:
    """Sentences for the recorded events, and the labels whose moves they told."""
    sentences: list[str] = []
    moved: set = set()
    links = chain_length  # how many links are on the chain
    group: list = []

    def flush():
        if group:
            sentences.append(_moves(group, names))
            group.clear()

    for event in events:
        who = ", ".join(names.card(label) for label in event.labels)
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
        else:
            flush()
            sentences.append(_event(event, who, names))
    flush()
    return sentences, moved


def _moves(group: list, names: _Names) -> str:
    first = group[0]
    who = ", ".join(names.card(label) for label in first.labels)
    kinds = [event.kind for event in group if event.kind != "moved"]
    how = [first.reason]
    if first.method:
        how.append(first.method)
    cause = names.oid(first.source)
    if cause is not None and first.reason in ("cost", "effect", "battle"):
        how.append(f"by {cause}")
    where = f"from {first.from_zone} " if first.from_zone else ""
    said = f" ({', '.join(k.replace('_', ' ') for k in kinds)})" if kinds else ""
    return f"{who} moves {where}to {first.to_zone}{said} [{'; '.join(how)}]"


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


def _cards(position: dict) -> dict:
    """label -> (player, zone, entry) for every card listed in a zone of the position."""
    out = {}
    for player, body in (position.get("players") or {}).items():
        for zone, entries in (body or {}).items():
            if not isinstance(entries, list):
                continue
            for entry in entries:
                if isinstance(entry, dict) and "id" in entry:
                    out[entry["id"]] = (player, zone, entry)
    return out


def _changes(before: dict, after: dict, told: set) -> list[str]:
    out = []
    for key in ("turn", "phase", "active"):
        if before.get(key) != after.get(key):
            out.append(f"{key} {before.get(key)} -> {after.get(key)}")
    for player, body in (after.get("players") or {}).items():
        old = (before.get("players") or {}).get(player) or {}
        for key, value in (body or {}).items():
            if isinstance(value, int | float) and not isinstance(value, bool) and old.get(key) != value:
                out.append(f"{player} {key} {old.get(key)} -> {value}")
    old_cards, new_cards = _cards(before), _cards(after)
    for label, (player, zone, entry) in new_cards.items():
        name = f"{entry.get('card', label)} [{label}]"
        if label not in old_cards:
            out.append(f"{name} appears in {_whose(player)} {zone}")
            continue
        old_player, old_zone, old_entry = old_cards[label]
        if (old_player, old_zone) != (player, zone) and label not in told and not _hidden(zone, old_zone):
            out.append(f"{name} moves from {_whose(old_player)} {old_zone} to {_whose(player)} {zone}")
        if (old_player, old_zone) != (player, zone):
            continue
        out += [f"{name} {change}" for change in _entry_changes(old_entry, entry)]
    for label, (player, zone, entry) in old_cards.items():
        if label not in new_cards:
            out.append(f"{entry.get('card', label)} [{label}] leaves {_whose(player)} {zone}")
    old_chain, new_chain = before.get("chain") or [], after.get("chain") or []
    if len(new_chain) != len(old_chain):
        out.append(f"chain: {len(old_chain)} -> {len(new_chain)} link{'s' if len(new_chain) != 1 else ''}")
    if before.get("winner") != after.get("winner") and after.get("winner") is not None:
        out.append(f"{_says(after['winner'], 'win')} the game")
    return out


def _says(player, verb: str) -> str:
    """"you activate" but "opponent activates"."""
    if player is None:
        return verb
    return f"{player} {verb}" if player == "you" else f"{player} {verb}s"


def _whose(player) -> str:
    return "your" if player == "you" else f"{player}'s"


def _hidden(*zones) -> bool:
    """Moves within the deck (draws are events) are not worth a line of their own."""
    return all(zone == "deck" for zone in zones)


def _entry_changes(old: dict, new: dict) -> list[str]:
    """What changed on a card that stayed where it was: any field of its entry (position,
    face-up, counters, tapped, hp...) and any of its ``now:`` values (ATK, DEF, power...)."""
    out = []
    for key in sorted((set(old) | set(new)) - {"id", "card", "now"}):
        before, after = old.get(key), new.get(key)
        if isinstance(before, bool) or isinstance(after, bool):  # a flag left out is a flag not set
            before, after = bool(before), bool(after)
        if before != after:
            out.append(f"{key.replace('_', ' ')} {_show(before)} -> {_show(after)}")
    old_now, new_now = old.get("now") or {}, new.get("now") or {}
    for key in sorted(set(old_now) | set(new_now)):
        if old_now.get(key) != new_now.get(key):
            out.append(f"{key} {_show(old_now.get(key))} -> {_show(new_now.get(key))}")
    return out


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)

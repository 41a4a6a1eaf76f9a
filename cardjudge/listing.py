"""Legal-action listings as a player reads them: who stands where at the top, the variants of
one activation as one entry ("63 ways to crew"), each action in the game's table words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardjudge.rules import rules_for
from cardjudge.selectors import describe_cost


def header(now: Mapping[str, Any]) -> list[str]:
    """Each player's life (or score) and hand size, from a position's ``to_dict`` (the line
    above it gives the turn and the phase)."""
    lines = []
    totals = rules_for(now["game"]).header_totals if now.get("game") else ()
    for name, player in (now.get("players") or {}).items():
        words = []
        for key, word in totals:
            if key in player:
                words.append(f"{player[key]} {word}")
        hand = player.get("hand")
        if hand is not None:
            count = len(hand) if isinstance(hand, list) else hand
            words.append(f"{count} card{'s' if count != 1 else ''} in hand")
        lines.append(f"{name}: {', '.join(words)}")
    return lines


def _words(state, actions) -> list[str]:
    """Each action's text, in the game's table words where it has them."""
    own = rules_for(state.game).listing_text
    texts = []
    for action in actions:
        texts.append(own(state, action) or action.text)
    return texts


def _way(dicts: Sequence[Mapping[str, Any]]) -> str:
    kinds = {cost.get("kind") for fields in dicts for cost in fields.get("costs") or []}
    if "crew" in kinds:
        return "crew"
    targets = {tuple(fields.get("targets") or ()) for fields in dicts}
    costs = {repr(fields.get("costs")) for fields in dicts}
    if len(targets) > 1 and len(costs) == 1:
        return "choose the targets"
    if len(targets) > 1:
        return "pay and target"
    return "pay"


def _details(fields: Mapping[str, Any]) -> list[str]:
    details = []
    if fields.get("position"):
        details.append(f"position: {fields['position']}")
    if fields.get("costs"):
        details.append("costs: " + "; ".join(describe_cost(cost) for cost in fields["costs"]))
    if fields.get("targets"):
        details.append("targets: " + ", ".join(map(str, fields["targets"])))
    return details


def entries(state, actions: Sequence[Any], expand: bool = False) -> list[tuple[str, str, list[str]]]:
    """(ids, text, detail lines) per entry: one per action when ``expand``, else the actions that
    differ only by their payment or targets gathered as one entry ("63 ways to crew")."""
    dicts = [action.to_dict() for action in actions]
    texts = _words(state, actions)
    groups: dict = {}
    for index, fields in enumerate(dicts):
        key = index if expand else (fields.get("player"), fields.get("kind"), fields.get("card_id"),
                                    fields.get("ability"), fields.get("position"), _untargeted(texts[index]))
        groups.setdefault(key, []).append(index)
    out = []
    for members in groups.values():
        first = dicts[members[0]]
        if len(members) == 1:
            said = texts[members[0]]
            # table words ("tap Forest: add {G}") already say what is paid
            out.append((str(first.get("id")), said, _details(first) if said == first.get("text") else []))
            continue
        group = [dicts[i] for i in members]
        ids = f"{first.get('id')}..{group[-1].get('id')}"
        text = f"{_untargeted(texts[members[0]])}: {len(members)} ways to {_way(group)}"
        out.append((ids, text, _choices(group) + ["(--all lists each way)"]))
    return out


_SHOWN = 8  # choices shown on the line of a gathered entry


def _untargeted(text: str) -> str:
    return text.split(" targeting ")[0]


def _choices(group: Sequence[Mapping[str, Any]]) -> list[str]:
    """The targets and the payments the actions of one entry choose among."""
    lines = []
    for word, of in (("targets", lambda f: ", ".join(map(str, f.get("targets") or ())) or "none"),
                     ("costs", lambda f: "; ".join(describe_cost(c) for c in f.get("costs") or ()) or "none")):
        options = list(dict.fromkeys(of(fields) for fields in group))
        if len(options) < 2 and word == "costs" and options == ["none"]:
            continue
        if len(options) == 1:
            lines.append(f"{word}: {options[0]}")
            continue
        shown = " | ".join(options[:_SHOWN])
        more = f" | ... {len(options) - _SHOWN} more" if len(options) > _SHOWN else ""
        lines.append(f"{word}: {shown}{more}")
    return [line for line in lines if line != "targets: none"]

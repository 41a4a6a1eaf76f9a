"""Why an action is not legal: the reasons the legality checks of every game give.

A game's legality checks are small named functions that return ``None`` when the action passes
them and a :class:`Reason` when it does not; the listing of legal actions stops at the first
reason, an explanation (``why_not`` of a game) collects every one. So the reasons a judge is
told and the actions a player is offered come from one definition. A check the listing asks
with ``explain=False`` answers :data:`REFUSED` instead of building its reason.

>>> reason = Reason("cost", "Solemn Warning costs 2000 LP; opponent has 1999", "C2", "Solemn Warning")
>>> reason.to_dict()
{'kind': 'cost', 'text': 'Solemn Warning costs 2000 LP; opponent has 1999', 'rule': 'C2', 'card': 'Solemn Warning'}
>>> reason.line()
'cost: Solemn Warning costs 2000 LP; opponent has 1999 (ruling C2)'
"""

from __future__ import annotations

from dataclasses import dataclass

#: The kinds of reason, in the order a judge checks them.
KINDS = ("timing", "condition", "limit", "cost", "target", "sickness", "summon", "zone")


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason an action fails: its ``kind`` (one of :data:`KINDS`), a sentence in a player's
    words, the ruling id of the shared rulings or the rule number it applies (or None), and the
    name of the card whose text or state it reads (or None)."""

    kind: str
    text: str
    rule: str | None = None
    card: str | None = None

    def to_dict(self) -> dict:
        """Plain data for JSON: kind, text, rule, card."""
        return {"kind": self.kind, "text": self.text, "rule": self.rule, "card": self.card}

    def line(self) -> str:
        """The reason as one line of text: "cost: Solemn Warning costs ... (ruling C2)"."""
        if not self.rule:
            return f"{self.kind}: {self.text}"
        cited = f"rule {self.rule}" if self.rule[:1].isdigit() else f"ruling {self.rule}"
        return f"{self.kind}: {self.text} ({cited})"


#: What a check answers when the listing of legal actions asks it only yes or no (``explain=False``):
#: one shared refusal, so the listing builds no sentence and reads no card for an action it leaves
#: out; ``why_not`` asks with ``explain=True`` for the reason itself. It is a :class:`Reason`, so
#: "``check(...) is not None``" reads the same either way; it is never shown to a judge.
REFUSED = Reason("refused", "not legal now (the explanation gives the reason)")


def whose(player: str) -> str:
    """"your" for the player key ``you``, "opponent's" for another."""
    return "your" if player == "you" else f"{player}'s"


def in_judge_order(reasons) -> list:
    """``reasons`` without repeats, ordered by kind as :data:`KINDS` lists them (stable within a kind)."""
    seen, out = set(), []
    for reason in reasons:
        if reason not in seen:
            seen.add(reason)
            out.append(reason)
    return sorted(out, key=lambda reason: KINDS.index(reason.kind))

"""Ask why: is the action a player means legal now, and if not, every reason it fails.

``explain(state, selector)`` reads the selector as ``--do`` does (``kind=activate
card="Monster Reborn"``, a card's name standing for its label). When legal actions match it,
the answer lists them, each with what it would do: the action applied, then the players
passing until the position settles (a chain or the stack resolved), narrated by
:func:`cardjudge.solver.explain.explain_line` from the engine's own ``apply``. When none
matches, the answer gives the reasons of the game's ``why_not`` (its legality checks, the ones
``legal_actions`` lists with) for each card the selector names, in the order a judge checks
them. A selector that names no card of the position is an InputError.

>>> from pathlib import Path
>>> import cardjudge
>>> state = cardjudge.load_position(Path(cardjudge.__file__).parent.parent / "examples" / "ygo-midgame.yaml")
>>> answer = explain(state, 'kind=activate card="Monster Reborn"')
>>> answer.legal, [(reason.kind, reason.rule) for reason in answer.reasons]
(False, [('condition', 'Y1'), ('zone', None)])
"""

from __future__ import annotations

from dataclasses import dataclass

from cardjudge.errors import InputError
from cardjudge.rules.core.engine import apply, legal_actions, rules_for
from cardjudge.rules.core.reasons import Reason, in_judge_order
from cardjudge.rules.core.settled import settled
from cardjudge.selectors import Selector, cards_by_name, describe_candidates, matches, parse_selector, with_labels
from cardjudge.solver.explain import Step, explain_line

_PASSES_AFTER = 12  # passes told after a legal action, at most, until the position settles


@dataclass(frozen=True, slots=True)
class Variant:
    """One legal action the selector names and what it would do (its steps, then the passes
    until the position settles, when nobody answers)."""

    action: object
    steps: tuple = ()

    def to_dict(self) -> dict:
        """Plain data: the action's id and the steps."""
        return {"id": self.action.id, "steps": [step.to_dict() for step in self.steps]}


@dataclass(frozen=True, slots=True)
class Answer:
    """Whether the action is legal, the matching legal actions with what each would do, and
    the reasons (empty exactly when legal)."""

    selector: str
    legal: bool
    variants: tuple = ()
    reasons: tuple = ()
    note: str | None = None

    @property
    def actions(self) -> list:
        """The matching legal actions."""
        return [variant.action for variant in self.variants]

    def to_dict(self) -> dict:
        """``{"legal", "actions", "reasons", "variants"}``: plain data for JSON."""
        out = {"legal": self.legal, "actions": [a.to_dict() for a in self.actions],
               "reasons": [reason.to_dict() for reason in self.reasons],
               "variants": [variant.to_dict() for variant in self.variants]}
        if self.note:
            out["note"] = self.note
        return out

    def lines(self) -> list[str]:
        """The answer as text a judge reads."""
        if not self.legal:
            out = [f"{self.selector}: not legal now"]
            out += [f"  {number}. {reason.line()}" for number, reason in enumerate(self.reasons, 1)]
            return out
        count = len(self.variants)
        out = [f"{self.selector}: legal, {count} way{'s' if count != 1 else ''}"]
        if self.note:
            out.append(f"  ({self.note})")
        told: dict = {}  # what a variant does (its steps but what it paid) -> the first variant that did it
        for variant in self.variants:
            does = tuple((step.text, step.targets, step.happened) for step in variant.steps)
            first = told.setdefault(does, variant.action.id)
            if first != variant.action.id:  # another payment of the same: told once
                paid = "; ".join(variant.steps[0].paid) if variant.steps else ""
                out.append(f"  {variant.action.id}: {variant.action.text}" + (f", paying {paid}" if paid else "")
                           + f": the same as {first}")
                continue
            out.append(f"  {variant.action.id}: {variant.action.text}")
            for step in variant.steps:
                out += step.lines("      ")
        return out


def explain(state, selector: str | dict | Selector) -> Answer:
    """Whether the action ``selector`` describes is legal in ``state``: the matching legal
    actions with what each would do, or every reason it is not (see the module's text)."""
    actions = legal_actions(state)
    dicts = [action.to_dict() for action in actions]
    names = cards_by_name(state)
    if not isinstance(selector, Selector):
        selector = parse_selector(selector, extra_keys=sorted({key for fields in dicts for key in fields}))
    selector = with_labels(selector, names)
    listed = [a for a, fields in zip(actions, dicts) if matches(fields, selector)]
    if listed:
        return Answer(selector.source, True, tuple(_variant(state, a) for a in listed))
    named = _named_objects(state, selector)
    kind = dict(selector.terms).get("kind")
    if kind is None:
        raise InputError(f"explain {selector.source!r}: say which kind of action is meant, like kind=activate")
    rules = rules_for(state.game)
    reasons: list[Reason] = []
    done: set = set()
    for oid in named:
        if oid in done:
            continue
        same = rules.copies(state, oid)
        done.update(same)
        found = rules.why_not(state, oid, kind)
        if not found:
            return _passing(state, selector, actions, dicts, same, kind)
        reasons += found
    return Answer(selector.source, False, (), tuple(in_judge_order(reasons)))


def _named_objects(state, selector: Selector) -> list[int]:
    """The objects the selector's ``card_id`` or ``card`` names (an InputError when none)."""
    terms = dict(selector.terms)
    label, name = terms.get("card_id"), terms.get("card")
    if label is None and name is None:
        raise InputError(f"explain {selector.source!r}: name the card, like card=\"Monster Reborn\" or card_id=MR")
    found = [oid for oid, obj in sorted(state.objects.items())
             if (label is None or obj.label == label) and (name is None or obj.card == name)]
    if not found:
        what = f"label {label!r}" if label is not None else f"name {name!r}"
        raise InputError(f"explain {selector.source!r}: no card of the position has the {what}")
    return found


def _passing(state, selector: Selector, actions, dicts, same: list[int], kind: str) -> Answer:
    """The answer when the game's checks refuse nothing for a card the selector names: its
    actions are listed under an interchangeable copy's label (G1), or the selector's other
    terms (targets, costs ...) ask for a way that is not among them."""
    labels = {state.objects[oid].label for oid in same}
    asked = dict(selector.terms)
    base = Selector(tuple((k, v) for k, v in selector.terms if k in ("player", "kind", "card", "card_id")),
                    selector.source)
    copies = Selector(tuple((k, v) for k, v in selector.terms if k != "card_id"), selector.source)
    of_card = [(a, d) for a, d in zip(actions, dicts) if d.get("kind") == kind and d.get("card_id") in labels]
    with_copies = [a for a, d in of_card if matches(d, copies)]
    if with_copies and asked.get("card_id") not in {d.get("card_id") for _a, d in of_card}:
        note = (f"{asked.get('card_id')} is interchangeable with {', '.join(sorted(labels - {asked.get('card_id')}))}: "
                "its actions are listed once, under that label (G1)")
        return Answer(selector.source, True, tuple(_variant(state, a) for a in with_copies), (), note)
    ways = [d for a, d in of_card if matches(d, base)]
    other = [key for key in asked if key not in ("player", "kind", "card", "card_id")]
    reason_kind = "target" if "targets" in other else "cost" if {"costs", "costs_include"} & set(other) else "condition"
    listed = describe_candidates(ways) if ways else "none"
    text = (f"no legal way matches {', '.join(f'{k}=' for k in other) or 'the selector'}"
            f"; the legal ways: {listed}")
    card = state.objects[same[0]].card
    return Answer(selector.source, False, (), (Reason(reason_kind, text, "G1", card),))


def _variant(state, action) -> Variant:
    """``action`` with what it would do: its step, then the passes until the position settles."""
    line = [action]
    after = apply(state, action)
    for _ in range(_PASSES_AFTER):
        if after.winner is not None or settled(after):
            break
        passes = [a for a in legal_actions(after) if a.kind == "pass"]
        if not passes:
            break
        line.append(passes[0])
        after = apply(after, passes[0])
    steps: list[Step] = explain_line(state, line)
    return Variant(action, tuple(steps))

"""Combo search over the rules engine: the engine seen as a :class:`~cardjudge.solver.search.Domain`.

Transpositions are merged through ``rules.core.canonical.canonical_key``, under which
interchangeable copies are one; states are compared by the key's 128-bit digest.

>>> import cardjudge
>>> state = cardjudge.load_position("examples/puzzles/ygo-tribute.yaml")  # doctest: +SKIP
>>> find_combos(state, "win", max_actions=3).found  # doctest: +SKIP
True
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Callable, Hashable

from cardjudge.errors import InputError
from cardjudge.rules import rules_for
from cardjudge.rules.core.canonical import digest
from cardjudge.rules.core.described import described_values
from cardjudge.rules.core.engine import apply as engine_apply
from cardjudge.rules.core.engine import apply_within_turn, legal_actions, legal_actions_except
from cardjudge.solver.explain import explain_line
from cardjudge.solver.goals import Goal, parse_goal
from cardjudge.solver.search import Line, SearchResult, SearchStats, search_lines

COUNTED = frozenset({"summon", "set", "activate", "cast", "play_land", "attack", "block"})

# How many states the domain's memos (listings, successors) hold before they are forgotten and
# rebuilt on demand. A Magic state with its listing of a few hundred actions (every payment of
# every target) weighs about 100 KB, most of a search's memory: the search's own tables keep
# only digests and bounds, and the states of the lines it returns are replayed from the root,
# so a search's memory grows with its states by a few hundred bytes each beyond this many.
_MEMO_STATES = 2000


# An object described by what it is and where, as interchangeable copies share it
_what = described_values


class _LabelNames:
    """The cards of a state by label: their names (in lists of labels and in texts) and their
    descriptions (:func:`_what`)."""

    def __init__(self, state):
        self.objects = {obj.label: obj for obj in state.objects.values()}
        self._pattern = None
        self._described: dict = {}  # labels -> their descriptions (a listing repeats its costs and targets)
        self._costs: dict = {}  # id(costs) -> (costs, their descriptions): actions of a listing share cost tuples

    def __call__(self, labels) -> tuple:
        return tuple(self.objects[label].card if label in self.objects else label for label in labels)

    def described(self, labels: tuple) -> tuple:
        """The descriptions of the cards with these labels, in a fixed order."""
        found = self._described.get(labels)
        if found is None:
            described = [_what(self.objects[label]) if label in self.objects else label for label in labels]
            found = self._described[labels] = (
                tuple(described) if len(described) < 2 else tuple(sorted(described, key=repr)))
        return found

    def described_costs(self, costs: tuple) -> tuple:
        """(kind, descriptions of its cards, amount) of each cost part, in order."""
        known = self._costs.get(id(costs))
        if known is None or known[0] is not costs:
            known = self._costs[id(costs)] = (
                costs, tuple([(part.kind, self.described(part.cards), part.amount) for part in costs]))
        return known[1]

    def text(self, text: str) -> str:
        if not self.objects:
            return text
        if self._pattern is None:
            labels = sorted(self.objects, key=len, reverse=True)
            self._pattern = re.compile(r"\b(" + "|".join(map(re.escape, labels)) + r")\b")
        return self._pattern.sub(lambda match: self.objects[match.group(1)].card, text)


class EngineDomain:
    """The rules engine as a search domain.

    ``last_turn``: states of a later turn are treated as ended (no actions); from a state of
    that turn the engine stops carrying the game on once the turn has changed
    (``apply_within_turn``), as nothing after that point is looked at. ``this_turn`` is
    ``last_turn`` = the root's turn; neither: no turn bound.
    """

    def __init__(self, root, this_turn: bool = False, last_turn: int | None = None,
                 leave_out: Callable | None = None):
        self.root_turn = root.turn
        # (state, action) -> whether no line the search looks for needs the action (see find_combos)
        self.leave_out = leave_out
        self.last_turn = root.turn if this_turn else last_turn
        self.this_turn = self.last_turn == root.turn
        # Both memos are keyed by object identity (ids, with the objects kept in the entry so that
        # an id cannot be reused while it is remembered): hashing a State builds its whole exact
        # key, and hashing an Action all its fields, on every look-up. The search meets the same
        # state again as the same object (the child remembered here), so nothing is lost.
        self._actions: dict = {}  # id(state) -> (state, its actions once per copy)
        self._applied: dict = {}  # (id(state), id(action)) -> (state, action, the state after)
        self._free: dict = {}  # id(state) -> (state, its actions that do not count, built without the listing)

    # -- Domain protocol ------------------------------------------------------------------------

    def _ended(self, state) -> bool:
        return state.winner is not None or (self.last_turn is not None and state.turn > self.last_turn)

    def actions(self, state) -> list:
        if self._ended(state):
            return []
        cached = self._actions.get(id(state))
        if cached is not None and cached[0] is state:
            return cached[1]
        listed = legal_actions(state)
        if self.leave_out is not None:
            leave_out = self.leave_out
            listed = [action for action in listed if not leave_out(state, action)]
        unique = self._once_per_copy(state, listed)
        if len(self._actions) > _MEMO_STATES:
            self._actions.clear()
        self._actions[id(state)] = (state, unique)
        return unique

    def free_actions(self, state) -> list:
        """The actions of :meth:`actions` that do not count (passes, choices), in that order: all
        the search tries where its budget of counted actions is spent, or where a passive
        opponent passes. The game builds them without its whole listing when it can
        (``legal_actions_except``: a player holding priority has only the pass besides spells,
        abilities and land plays); such actions carry no id until :meth:`as_listed`."""
        if self._ended(state):
            return []
        cached = self._free.get(id(state))
        if cached is not None and cached[0] is state:
            return cached[1]
        full = self._actions.get(id(state))
        listed = full[1] if full is not None and full[0] is state else legal_actions_except(state, COUNTED)
        quick = listed is not None and (full is None or full[0] is not state)
        if listed is None:
            listed = self.actions(state)
        free = [action for action in listed if not self.counts(action)]
        if len(self._free) > _MEMO_STATES:
            self._free.clear()
        self._free[id(state)] = (state, free, quick)
        return free

    def as_listed(self, state, action):
        """``action`` as the whole listing of ``state`` has it, with its id (see :meth:`free_actions`)."""
        if action.id:
            return action
        signature = action.signature()
        for listed in legal_actions(state):
            if listed.signature() == signature:
                return listed
        raise AssertionError(f"{action.text} is not listed in the state it was found in")

    def _once_per_copy(self, state, listed: list) -> list:
        """``listed`` with the same decision made with another copy of a card left out.

        legal_actions already lists most of those once (G1); what remains are actions that differ
        only by copies that look alike (same card, zone, controller, position...: say two copies
        of a Spell in the hand): only those are applied, and kept when they lead to different
        positions (one copy may be the target of a lasting effect, for instance).
        """
        # The same decision made with two copies shares at least player, kind, ability, position
        # and the name of the card it is made with (``_by_name`` describes that card): when no two
        # listed actions share these, no card needs describing.
        rough = [(a.player, a.kind, a.ability, a.position, a.card if a.card_id else None) for a in listed]
        if len(set(rough)) == len(listed):
            return listed
        names = _LabelNames(state)
        by_name = [self._by_name(action, names) for action in listed]
        groups: dict = {}
        for action, group in zip(listed, by_name):
            groups.setdefault(group, []).append(action)
        if len(groups) == len(listed):
            return listed
        unique, seen = [], set()
        for action, group in zip(listed, by_name):
            if len(groups[group]) > 1:
                mark = (group, self.key(self.apply(state, action)))
                if mark in seen:
                    continue
                seen.add(mark)
            unique.append(action)
        return unique

    @staticmethod
    def _by_name(action, names: "_LabelNames") -> tuple:
        return (action.player, action.kind, names.described((action.card_id,) if action.card_id else ()),
                action.ability, action.position,
                names.described_costs(action.costs), names.described(action.targets))

    def apply(self, state, action):
        mark = (id(state), id(action))
        known = self._applied.get(mark)
        if known is not None and known[0] is state and known[1] is action:
            return known[2]
        after = self._twin_applied(state, action)
        if after is None:
            if self.last_turn is not None and state.turn >= self.last_turn:
                after = apply_within_turn(state, action)
            else:
                after = engine_apply(state, action)
        if len(self._applied) > _MEMO_STATES:
            self._applied.clear()
        self._applied[mark] = (state, action, after)
        return after

    def _twin_applied(self, state, action):
        """The state after the other object of the same decision, when one was applied here: an
        action that does not count exists twice for a state whose free actions were built
        without its listing (see :meth:`free_actions`) and whose listing was built later, and
        both must lead to the same successor object (the search recognises states by object
        first, and an iterative deepening meets each again)."""
        if action.kind in COUNTED:
            return None
        free = self._free.get(id(state))
        if free is None or free[0] is not state or not free[2]:
            return None  # the free actions are the listed ones themselves: no twin
        full = self._actions.get(id(state))
        signature = None
        for memo in (free, full):
            if memo is None or memo[0] is not state:
                continue
            for other in memo[1]:
                if other is action or other.kind != action.kind:
                    continue
                if signature is None:
                    signature = action.signature()
                if other.signature() == signature:
                    known = self._applied.get((id(state), id(other)))
                    if known is not None and known[0] is state and known[1] is other:
                        return known[2]
        return None

    def actor(self, state) -> str | None:
        actions = self.free_actions(state) or self.actions(state)  # one player's actions, either way
        return actions[0].player if actions else None

    def chance_outcomes(self, state) -> list:
        """[(action, probability)] when chance acts now (an Eredan attack roll), else [].

        Outcomes that lead to the same position (canonical key) are one outcome whose
        probability is their sum; the first such action stands for them.
        """
        if self._ended(state):
            return []
        merged: dict = {}
        for action in legal_actions(state):
            if action.player != "chance":
                return []
            key = self.key(self.apply(state, action))
            if key in merged:
                merged[key] = (merged[key][0], merged[key][1] + action.get("probability"))
            else:
                merged[key] = (action, action.get("probability"))
        return list(merged.values())

    def key(self, state) -> Hashable:
        """The state's 128-bit digest, which stands for its canonical key (see
        :mod:`cardjudge.rules.core.canonical` for the probability that two keys share one)."""
        return digest(state)

    def identity(self, state, action) -> tuple:
        """The action as the player sees it, every card named by its name rather than its label:
        the same action in another listing, or made with another copy of the same card."""
        names = _LabelNames(state)
        return (action.player, action.kind, action.card, action.ability,
                tuple((part.kind, tuple(sorted(names(part.cards))), part.amount) for part in action.costs),
                tuple(sorted(names(action.targets))), action.position, names.text(action.text))

    def signature(self, state, action) -> tuple:
        """The action with every card it names described by what it is and where, so that the
        same decision made with interchangeable copies has one signature."""
        names = _LabelNames(state)
        return (action.player, action.kind, action.card, names.described((action.card_id,) if action.card_id else ()),
                action.ability,
                tuple(sorted(((part.kind, names.described(part.cards), part.amount) for part in action.costs),
                             key=repr)),
                names.described(action.targets), action.position, names.text(action.text))

    def explain(self, state, actions, first: int = 1) -> list:
        """What each action did, replayed from ``state``, numbered from ``first`` (see
        :mod:`cardjudge.solver.explain`)."""
        return explain_line(state, actions, self._played_out, first)

    def _played_out(self, state, action):
        """``apply``, with a move into the next turn carried on to the next decision as usual."""
        after = self.apply(state, action)
        return engine_apply(state, action) if after.turn != state.turn else after

    def counts(self, action) -> bool:
        """Whether the action is a player's move: a summon, a spell, an attack..., or a manual
        change of battle position (a choice made with mode ``reposition``)."""
        return action.kind in COUNTED or (action.kind == "choose" and action.get("mode") == "reposition")

    def is_pass(self, action) -> bool:
        return action.kind == "pass"


def last_turn(state, player: str, turns: int, next_turn: bool = False) -> int:
    """The last turn a search of ``turns`` turns from ``state`` looks at: 1, the current turn;
    2, until the end of ``player``'s next turn; and so on (players take turns in order).
    ``next_turn``: at least until ``player``'s next turn (a goal reached only then)."""
    order = state.players
    ahead = (order.index(player) - order.index(state.active)) % len(order)  # turns until theirs
    own_next = state.turn + (ahead or len(order))
    last = state.turn if turns <= 1 else own_next + (turns - 2) * len(order)
    return max(last, own_next) if next_turn else last


def goal_domain(state, goal: Goal, turns: int = 1) -> EngineDomain:
    """The engine domain a search for ``goal`` from ``state`` over ``turns`` turns uses."""
    return EngineDomain(state, last_turn=last_turn(state, goal.player, turns, goal.next_turn))


_REDUCED = [True]  # whether searches leave out the actions no shortest line needs (see unreduced)


@contextmanager
def unreduced():
    """Within this block, searches list every legal action, those no shortest line needs
    included (the game's ``needless_actions``): to compare the two searches, in tests and benches."""
    _REDUCED.append(False)
    try:
        yield
    finally:
        _REDUCED.pop()


def _needless(state, goal: Goal, last: int, opponent: str) -> Callable | None:
    """The game's proof that some of the searcher's actions are needed by no line that a search
    for the shortest lines to ``goal`` must find (a goal written as text, whose text says what it
    reads; another goal is given as None), or None."""
    needless = rules_for(state.game).needless_actions
    if not _REDUCED[-1] or needless is None:
        return None
    return needless(state, goal.player, goal.text if goal.written else None, last, opponent)


def find_combos(state, goal: "str | Goal | Callable", max_actions: int = 3, opponent: str = "passive",
                chance: str = "worst", limit_nodes: int | None = 200000, limit_seconds: float | None = 60,
                all_lines: bool = False, progress: Callable[[SearchStats, Line | None], None] | None = None,
                player: str | None = None, turns: int = 1, limit_memory: int | None = None,
                enough: Callable[[list], bool] | None = None) -> SearchResult:
    """Lines of play from ``state`` that reach ``goal`` for the player who acts now (or ``player``).

    With ``all_lines``, ``enough(lines)`` may stop the search early (see
    :func:`cardjudge.solver.search.search_lines`).

    ``goal`` is an expression of the card language or a named goal (see
    :mod:`cardjudge.solver.goals`), reached only in a settled position. ``turns``: 1, within the
    current turn; 2, until the end of the searching player's next turn, and so on (``survive``
    looks at least until that player's next turn begins). The result's lines hold engine
    Actions; ``line.to_dict()`` gives plain data (JSON-ready). Raises InputError for
    a malformed goal. ``limit_memory`` (bytes; default half the machine's memory) stops the
    search like its other limits.
    """
    if turns < 1:
        raise InputError(f"turns: expected 1 or more, got {turns}")
    goal = parse_goal(goal, state, player)
    last = last_turn(state, goal.player, turns, goal.next_turn)
    domain = EngineDomain(state, last_turn=last, leave_out=_needless(state, goal, last, opponent))
    test = goal.test
    # a game won as the last turn ends (a player who cannot draw) is still won within the bound
    goal = Goal(goal.text, goal.player, lambda s: (s.turn <= last or s.winner is not None) and test(s),
                goal.next_turn)
    return search_lines(domain, state, goal, searcher=goal.player, max_actions=max_actions, opponent=opponent,
                        chance=chance, limit_nodes=limit_nodes, limit_seconds=limit_seconds, all_lines=all_lines,
                        progress=progress, limit_memory=limit_memory, enough=enough)

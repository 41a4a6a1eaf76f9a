"""Game-agnostic search for lines of play that reach a goal.

The search knows nothing about any game: it walks a :class:`Domain` (legal actions, successor
states, who acts, chance outcomes, a canonical key) as an AND/OR tree. The searcher's decisions
are OR nodes; the other players' decisions and chance events are AND, OR or expectation nodes
depending on the options of :func:`search_lines`.

Every search is bounded (counted actions, plies, nodes, seconds) and says which of three
things it established: a line was found, no line exists within the bounds (``complete``), or
the answer is unknown because a bound cut the search short.

>>> from cardjudge.solver.toy import Counter
>>> game = Counter(target=5)
>>> result = search_lines(game, game.root, game.goal, max_actions=3)
>>> result.lines[0].actions, result.complete
(('+1', '+1', '+3'), True)
>>> result.reason
'found a line of 3 actions'
"""

from __future__ import annotations

import gc
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from cardjudge.rules.core.memory import MemoryLimit
from cardjudge.rules.core.memory import describe as describe_size
from cardjudge.solver.domain import CHANCE, Domain, Line, options, states_along
from cardjudge.solver.traces import merge_lines

__all__ = ["CHANCE", "Domain", "Line", "SearchResult", "SearchStats", "replay", "search_lines"]

_UNTAINTED = sys.maxsize  # "depends on no ancestor": larger than any ply
_PROGRESS_EVERY = 0.1  # seconds between two progress calls
_MEMORY_MASK = 255  # read the process's memory every 256 nodes
_TICK_MASK = 15  # look at the clock every 16 nodes (a node costs far more than a clock read)
# How many state objects ``_Search.met`` remembers (with their options) before it forgets them:
# beyond that the search meets states again as new objects and asks their key, the goal and the
# domain once more, while the tables keyed by the key's number (failures, wins) stay.
_MET_STATES = 2000


@dataclass(frozen=True, slots=True)
class SearchStats:
    """Counters of a search.

    ``nodes``: states expanded; ``states``: distinct keys seen; ``depth``: the deepest budget
    of counted actions settled (-1: none yet).
    """

    nodes: int = 0
    states: int = 0
    seconds: float = 0.0
    depth: int = -1
    transposition_hits: int = 0


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The answer of :func:`search_lines`.

    ``complete`` is True only when the bounded space was searched through without any limit
    or ply bound cutting it, so that "no line" is a proof and the lines found are the shortest.
    """

    found: bool
    complete: bool
    lines: list[Line]
    stats: SearchStats
    probability: float | None
    reason: str


class _Stop(Exception):
    def __init__(self, why: str):
        self.why = why


def replay(domain: Domain, root, actions) -> object:
    """Apply ``actions`` from ``root``, checking that each is legal where it is played.

    Chance outcomes are checked against ``domain.chance_outcomes``. Returns the final state;
    raises AssertionError at the first action that is not legal.
    """
    state = root
    for index, action in enumerate(actions):
        if action not in options(domain, state):
            raise AssertionError(f"action {index} ({action!r}) is not legal in {state!r}")
        state = domain.apply(state, action)
    return state


def _check_line(domain: Domain, root, line: Line, goal) -> None:
    states = [root]
    for action in line.actions:
        states.append(replay(domain, states[-1], (action,)))
    if not goal(states[-1]):
        raise AssertionError(f"line {line.actions!r} does not reach the goal")
    for at, alternative, sub in line.replies:
        _check_line(domain, replay(domain, states[at], (alternative,)), sub, goal)


def _explained(domain: Domain, state, line: Line, first: int = 1, done: dict | None = None) -> Line:
    """``line`` (and its replies) with the domain's explanation of each action, numbered from
    ``first``; a reply's alternative takes the number of the action it replaces.

    A strategy shares the answers to transposed deviations (the same line object from the same
    state), so each is explained once (``done``) and the result is shared too."""
    done = {} if done is None else done
    mark = (id(line), state, first)
    if mark in done:
        return done[mark]
    states = states_along(domain, state, line.actions)
    replies, reply_steps = [], []
    for at, alt, sub in line.replies:
        (step,) = domain.explain(states[at], (alt,), first + at)
        reply_steps.append(step)
        replies.append((at, alt, _explained(domain, domain.apply(states[at], alt), sub, first + at + 1, done)))
    explained = Line(line.actions, line.length, tuple(replies), line.variants,
                     tuple(domain.explain(state, line.actions, first)), tuple(reply_steps))
    done[mark] = explained
    return explained


def _as_listed(domain: Domain, state, line: Line) -> Line:
    """``line`` with each action (and each reply's) as the listing of its state has it: actions
    that the domain built without the whole listing get their listing's id (``as_listed``)."""
    states = [state]
    actions = []
    for action in line.actions:
        actions.append(domain.as_listed(states[-1], action))
        states.append(domain.apply(states[-1], action))
    replies = []
    for at, alternative, sub in line.replies:
        listed = domain.as_listed(states[at], alternative)
        replies.append((at, listed, _as_listed(domain, domain.apply(states[at], alternative), sub)))
    return Line(tuple(actions), line.length, tuple(replies), line.variants, line.steps, line.reply_steps)


def _prepend(action, cost: int, line: Line, replies: tuple = ()) -> Line:
    shifted = tuple((at + 1, alt, sub) for at, alt, sub in line.replies)
    return Line((action,) + line.actions, line.length + cost, replies + shifted)


_UNKNOWN = object()  # not asked yet


class Outcome(NamedTuple):
    """What the search established for one state: ``value`` in [0, 1]; ``lines`` from there;
    ``low``, the smallest ply of an ancestor the result depends on (a repeated position),
    _UNTAINTED if none; ``need``, how many plies the search looked below the state (the result
    is the same wherever at least that many are left, unless the ply bound cut something)."""

    value: float
    lines: list
    low: int
    need: int


class _Failure(NamedTuple):
    """No line from a key with ``budget`` counted actions, searched ``need`` plies deep;
    ``cut_left``: the plies that were left where the ply bound cut a line, None if none."""

    budget: int
    cut_left: int | None
    need: int


class _Win(NamedTuple):
    """A won result remembered for one exact ``state`` (its lines hold that state's actions)."""

    state: Any
    value: float
    lines: list
    need: int
    cut_left: int | None


class _Met:
    """What the search knows of one state object (see :meth:`_Search.meet`)."""

    __slots__ = ("state", "sid", "at_goal", "actor", "options", "free")

    def __init__(self, state, sid: int, at_goal: bool):
        self.state = state
        self.sid = sid  # the number of its key
        self.at_goal = at_goal
        self.actor = _UNKNOWN  # who acts, once asked
        self.options = None  # the options tried there, once expanded (see _Search.options)
        self.free = None  # the searcher's options that do not count, once expanded with none left


@dataclass(frozen=True, slots=True)
class SearchOptions:
    """The options of one search (see :func:`search_lines`), checked."""

    searcher: str = "you"
    opponent: str = "passive"
    chance: str = "worst"
    limit_nodes: int | None = None
    limit_seconds: float | None = None
    all_lines: bool = False
    transpositions: bool = True
    max_plies: int = 30
    progress: Callable[[SearchStats, Line | None], None] | None = None
    limit_memory: int | None = None
    enough: Callable[[list], bool] | None = None  # all_lines only
_AT_GOAL = Line()  # the empty line, from a state where the goal holds


def _same(one, other) -> bool:
    """Whether two states are equal (by identity first: comparing States builds their keys)."""
    return one is other or one == other


class _Search:
    """One search: the options, the counters and the tables shared by all iterations."""

    def __init__(self, domain, goal, options: SearchOptions):
        self.domain, self.goal, self.searcher = domain, goal, options.searcher
        self.enough = options.enough  # all_lines only: stop once enough(lines found from the root) holds
        self.enough_lines: list | None = None
        # With ``enough``: the actions from the root to the state searched now, and how many of
        # the states on the way let the opponent or chance choose among several options. While
        # none does, a line found from here is a line from the root (the path's actions before
        # it) and is shown to ``enough`` at once, wherever in the search it is found.
        self.prefix: list = []
        self.unsure = 0
        self.found: list = []  # the lines from the root found so far below the root
        self.found_actions: set = set()
        self.opponent, self.chance, self.all_lines = options.opponent, options.chance, options.all_lines
        self.transpositions, self.max_plies = options.transpositions, options.max_plies
        self.limit_nodes, self.limit_seconds = options.limit_nodes, options.limit_seconds
        self.progress = options.progress
        self.memory = MemoryLimit(options.limit_memory)
        # optional: the domain's actions that do not count, listed without the others (see Domain)
        self.free_actions = getattr(domain, "free_actions", None)
        self.nodes = self.hits = 0
        self.depth = -1
        # Each distinct key gets a small number once (its position in ``ids``), which the tables
        # below use instead of the key. ``met`` finds the number, whether the goal holds, who
        # acts and the options from the state object itself: the search meets the same objects
        # again at every budget (the domain remembers the states its actions lead to), which
        # then costs one look-up by id instead of the key, the goal and the domain's memos.
        self.ids: dict = {}  # key -> its number, for every key seen
        self.met: dict = {}  # id(state) -> what the search knows of that object (see meet), bounded
        self.path: dict = {}  # number -> ply, for the states of the current line
        self.failed: dict = {}  # number -> [_Failure]
        self.cuts = 0  # how many times the ply bound cut a line so far
        # (number, budget) -> [_Win]: lines hold the actions of one exact state, so a win is
        # reused only from an equal state.
        self.won: dict = {}
        self.ply_cut = False
        self.best_line: Line | None = None
        self.start = self.last_progress = time.perf_counter()

    # -- bookkeeping -------------------------------------------------------------------------

    def stats(self) -> SearchStats:
        return SearchStats(self.nodes, len(self.ids), time.perf_counter() - self.start,
                           self.depth, self.hits)

    def tick(self) -> None:
        now = time.perf_counter()
        if self.limit_seconds is not None and now - self.start >= self.limit_seconds:
            raise _Stop("time")
        if not self.nodes & _MEMORY_MASK and self.memory.reached():
            raise _Stop("memory")
        if self.progress is not None and now - self.last_progress >= _PROGRESS_EVERY:
            self.last_progress = now
            self.progress(self.stats(), self.best_line)

    def expand_one(self) -> None:
        if self.limit_nodes is not None and self.nodes >= self.limit_nodes:
            raise _Stop("node")
        self.nodes += 1
        if not self.nodes & _TICK_MASK:
            self.tick()

    # -- the tree ----------------------------------------------------------------------------

    def node(self, state, budget: int, ply: int) -> Outcome:
        """The :class:`Outcome` of ``state`` with ``budget`` counted actions at ``ply``.

        The table remembers failures and wins with what they need: a result that the ply bound
        cut somewhere below is reused only where no more plies are left (a failure) or exactly
        as many (a win, whose lines may depend on them), and reports the cut again there."""
        met = self.met.get(id(state))
        if met is None or met.state is not state:
            met = self.meet(state)
        if met.at_goal:
            return Outcome(1, [_AT_GOAL], _UNTAINTED, 0)
        sid = met.sid
        on_path = self.path.get(sid)
        if on_path is not None:
            # Going round a loop never helps reach a goal, but the failure is only true
            # for lines through that ancestor, so it taints what is cached above.
            return Outcome(0, [], on_path, 0)
        left = self.max_plies - ply
        if self.transpositions and (sid in self.failed or self.won):
            known = self.recall(state, sid, budget, left)
            if known is not None:
                return known
        actor = met.actor
        if actor is _UNKNOWN:
            actor = met.actor = self.domain.actor(state)
        if actor is None:
            return Outcome(0, [], _UNTAINTED, 0)
        if left <= 0:
            if self.can_move(state, actor, budget):
                self.cut()
            return Outcome(0, [], _UNTAINTED, 0)
        self.expand_one()
        self.path[sid] = ply
        cuts = self.cuts
        try:
            value, lines, low, need = self.expand(state, met, actor, budget, ply)
        finally:
            del self.path[sid]
        cut_left = left if self.cuts != cuts else None
        if value == 1:
            low = _UNTAINTED  # a line that reaches the goal is valid wherever it is met
        if self.transpositions and low >= ply:
            if value == 0:
                self.remember_failure(sid, budget, cut_left, need)
            elif not self.all_lines:
                self.remember_win(_Win(state, value, lines, need, cut_left), sid, budget)
        return Outcome(value, lines, low, need)

    def meet(self, state) -> _Met:
        """What the search knows of a state object, remembered by its id (see :class:`_Met`)."""
        if len(self.met) >= _MET_STATES:
            self.met.clear()
        key = self.domain.key(state)
        sid = self.ids.get(key)
        if sid is None:
            sid = self.ids[key] = len(self.ids)
        met = self.met[id(state)] = _Met(state, sid, bool(self.goal(state)))
        return met

    def remember_win(self, win: _Win, sid: int, budget: int) -> None:
        """``win`` for its state with ``budget``, replacing what an equal state had."""
        entries = self.won.setdefault((sid, budget), [])
        entries[:] = [entry for entry in entries if not _same(entry.state, win.state)]
        entries.append(win)

    def recall(self, state, sid: int, budget: int, left: int):
        """The remembered result for ``state`` with ``budget`` and ``left`` plies, or None.

        A failure without a cut holds for any smaller budget too (fewer lines to try) and for
        any number of plies left: with fewer than it needed, the bound cuts a line that was
        searched, which is reported again. A cut failure holds for as many plies or fewer."""
        for failed_budget, cut_left, need in self.failed.get(sid, ()):
            if cut_left is None:
                if failed_budget == budget or (failed_budget > budget and left >= need):
                    self.hits += 1
                    if left < need:
                        self.cut()
                    return Outcome(0, [], _UNTAINTED, need)
            elif failed_budget == budget and left <= cut_left:
                self.hits += 1
                self.cut()
                return Outcome(0, [], _UNTAINTED, need)
        for won_state, value, lines, need, cut_left in self.won.get((sid, budget), ()):
            if not _same(won_state, state):
                continue
            if cut_left == left or (cut_left is None and left >= need):
                self.hits += 1
                if cut_left is not None:
                    self.cut()
                return Outcome(value, lines, _UNTAINTED, need)
            return None
        return None

    def can_move(self, state, actor, budget: int) -> bool:
        """Whether some option is open here within ``budget``: only then does the ply bound
        leave a longer line unsearched (a state with no option ends every line anyway)."""
        domain = self.domain
        if actor == CHANCE:
            return bool(domain.chance_outcomes(state))
        if actor == self.searcher:
            if budget == 0 and self.free_actions is not None:
                return bool(self.free_actions(state))
            return any(budget > 0 or not domain.counts(action) for action in domain.actions(state))
        return bool((self.free_actions is not None and self.free_actions(state)) or domain.actions(state))

    def cut(self) -> None:
        """The ply bound cut a line (here, or in a remembered result reused here)."""
        self.ply_cut = True
        self.cuts += 1

    def remember_failure(self, sid: int, budget: int, cut_left: int | None, need: int) -> None:
        """No line from the key numbered ``sid`` with ``budget`` counted actions, searched
        ``need`` plies deep (cut by the bound with ``cut_left`` plies left, or None when nothing
        was cut)."""
        entries = self.failed.setdefault(sid, [])
        failure = _Failure(budget, cut_left, need)
        if failure not in entries:
            entries.append(failure)

    def expand(self, state, met: _Met, actor, budget, ply) -> Outcome:
        """The value of ``state`` (whose :meth:`meet` entry is ``met``) where ``actor`` decides."""
        if budget == 0 and actor == self.searcher and self.free_actions is not None:
            # only actions that do not count can be tried: the domain lists them alone, cheaply
            options = met.free
            if options is None:
                options = met.free = self.free_actions(state)
            return self.any_of(state, options, budget, ply, counted=True)
        options = met.options
        if options is None:
            options = met.options = self.options(state, actor)
        if actor == CHANCE:
            if self.chance == "worst":
                return self.all_of(state, options, budget, ply)
            if self.chance == "best":
                return self.any_of(state, options, budget, ply, counted=False)
            return self.expectation(state, options, budget, ply)
        if actor == self.searcher:
            return self.any_of(state, options, budget, ply, counted=True)
        return self.all_of(state, options, budget, ply)

    def options(self, state, actor) -> list:
        """What is tried where ``actor`` decides: the actions, only a pass for a passive
        opponent who may pass; chance's outcomes ((outcome, probability) pairs for an
        expectation). Kept by :meth:`expand` for the next time the state is expanded."""
        domain = self.domain
        if actor == CHANCE:
            outcomes = domain.chance_outcomes(state)
            return outcomes if self.chance == "expect" else [a for a, _ in outcomes]
        if actor != self.searcher and self.opponent == "passive":
            # a pass does not count: the domain's actions that do not count hold it, when it has them
            quick = self.free_actions(state) if self.free_actions is not None else ()
            passes = [a for a in quick if domain.is_pass(a)] or [a for a in domain.actions(state) if domain.is_pass(a)]
            if passes:
                return passes[:1]
        return domain.actions(state)

    def any_of(self, state, actions, budget, ply, counted):
        best, best_lines, low, need = 0, [], _UNTAINTED, 0
        all_lines, node, apply, counts = self.all_lines, self.node, self.domain.apply, self.domain.counts
        for action in actions:
            cost = 1 if counted and counts(action) else 0
            if cost > budget:
                continue
            if self.enough is not None:
                self.prefix.append((action, cost))
                value, lines, child_low, child_need = node(apply(state, action), budget - cost, ply + 1)
                self.prefix.pop()
            else:
                value, lines, child_low, child_need = node(apply(state, action), budget - cost, ply + 1)
            if child_low < low:
                low = child_low
            if child_need >= need:
                need = child_need + 1
            if value > best:
                best, best_lines = value, []
            if value == best and value > 0 and (all_lines or not best_lines):
                best_lines += [_prepend(action, cost, line) for line in lines]
                if ply == 0 and best == 1 and self.enough is not None and self.enough(best_lines):
                    self.enough_lines = best_lines
                    raise _Stop("enough")
                if ply > 0 and value == 1 and self.enough is not None and not self.unsure:
                    self.found_deeper(action, cost, lines)
            if best == 1 and not all_lines:
                break
        return Outcome(best, best_lines, low, need)

    def found_deeper(self, action, cost: int, lines: list) -> None:
        """Lines found below the root, on a path where the searcher alone chose: as lines from
        the root, shown to ``enough`` (each once); stops the search when they are enough."""
        fresh = False
        for line in lines:
            line = _prepend(action, cost, line)
            for before, before_cost in reversed(self.prefix):
                line = _prepend(before, before_cost, line)
            if line.actions not in self.found_actions:
                self.found_actions.add(line.actions)
                self.found.append(line)
                fresh = True
        if fresh and self.enough(self.found):
            self.enough_lines = list(self.found)
            raise _Stop("enough")

    def all_of(self, state, actions, budget, ply):
        value, answers, low, need = 1, [], _UNTAINTED, 0
        node, apply = self.node, self.domain.apply
        if self.enough is not None:
            return self.all_of_tracked(state, actions, budget, ply)
        for action in actions:
            result, lines, child_low, child_need = node(apply(state, action), budget, ply + 1)
            if child_low < low:
                low = child_low
            if child_need >= need:
                need = child_need + 1
            if result < value:
                value = result
            if value == 0:
                return Outcome(0, [], low, need)
            answers.append((action, lines))
        if not answers:
            return Outcome(0, [], low, need)
        return Outcome(value, self.strategy(answers), low, need)

    def all_of_tracked(self, state, actions, budget, ply):
        """:meth:`all_of` keeping the path for :meth:`found_deeper`: below a state where the
        opponent (or chance) has several options, no line is a line from the root yet."""
        value, answers, low, need = 1, [], _UNTAINTED, 0
        node, apply = self.node, self.domain.apply
        several = len(actions) > 1
        self.unsure += several
        try:
            for action in actions:
                self.prefix.append((action, 0))
                result, lines, child_low, child_need = node(apply(state, action), budget, ply + 1)
                self.prefix.pop()
                if child_low < low:
                    low = child_low
                if child_need >= need:
                    need = child_need + 1
                if result < value:
                    value = result
                if value == 0:
                    return 0, [], low, need
                answers.append((action, lines))
        finally:
            self.unsure -= several
        if not answers:
            return 0, [], low, need
        return value, self.strategy(answers), low, need

    def expectation(self, state, outcomes, budget, ply):
        self.unsure += 1  # below an expectation no line is sure: none is shown to ``enough``
        try:
            return self._expectation(state, outcomes, budget, ply)
        finally:
            self.unsure -= 1

    def _expectation(self, state, outcomes, budget, ply):
        value, answers, low, need = 0, [], _UNTAINTED, 0
        for outcome, probability in outcomes:
            child, lines, child_low, child_need = self.node(self.domain.apply(state, outcome),
                                                            budget, ply + 1)
            low, need = min(low, child_low), max(need, child_need + 1)
            value += probability * child
            if child > 0:
                answers.append((outcome, lines))
        return Outcome(value, self.strategy(answers), low, need)

    @staticmethod
    def strategy(answers):
        """Lines through the first option, answering each other option with its first line."""
        if not answers:
            return []
        (main, lines), others = answers[0], answers[1:]
        replies = tuple((0, alt, alt_lines[0]) for alt, alt_lines in others)
        return [_prepend(main, 0, line, replies) for line in lines]


def percent(probability: float) -> str:
    """A probability as a player reads it: ``0.4444`` is "44.44%"."""
    return f"{probability * 100:.4g}%"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_GC_YOUNGEST = 100_000  # allocations between two collections of the youngest generation during a search


def search_lines(domain: Domain, root, goal: Callable[[Any], bool], *, searcher: str = "you",
                 max_actions: int = 5, opponent: str = "passive", chance: str = "worst",
                 limit_nodes: int | None = None, limit_seconds: float | None = None,
                 all_lines: bool = False, transpositions: bool = True,
                 max_plies: int | None = None,
                 progress: Callable[[SearchStats, Line | None], None] | None = None,
                 limit_memory: int | None = None,
                 enough: Callable[[list], bool] | None = None,
                 ) -> SearchResult:
    """Find the shortest lines from ``root`` to a state where ``goal(state)`` holds.

    Length is the number of the searcher's actions for which ``domain.counts`` is True; depths
    0, 1, ... ``max_actions`` are searched in turn, so the first line found is a shortest one;
    among lines of that length, the one returned has the fewest steps (actions of any kind, the
    longest reply included), unless ``all_lines`` or a limit stopped the search.
    Other actions (passes, choices, the opponent's moves, chance) are bounded by ``max_plies``
    (default ``30 + 15 * max_actions``). Positions repeated along a line are not searched
    again: a loop never helps reach a goal.

    - ``opponent="passive"``: a non-searcher who may pass, passes; otherwise the line must work
      against each of that player's options. ``"adversarial"``: against each option always.
    - ``chance="worst"``: the line must work for every outcome; ``"best"``: for one outcome;
      ``"expect"``: the probability of reaching the goal is maximised (over every depth up to
      ``max_actions``; the shortest line of the best probability is kept) and given as
      ``probability``; found means a probability above 0.
    - ``all_lines``: every distinct line of the minimal length, lines that differ only by
      uncounted steps the goal does not need, by the order of adjacent moves of one player that
      commute, or by interchangeable copies counted once (see
      :func:`cardjudge.solver.traces.line_class`; each deviation is answered with one line).
      Otherwise the first line found.
    - ``enough(lines)`` (with ``all_lines``): asked of the sure lines found from the root so
      far each time one of the root's options adds some; when it holds the search stops there
      and returns those lines with ``complete=False`` and a reason that says so (what a check
      that looks for a second solution needs, instead of listing every line).
    - ``transpositions``: remember positions (by ``domain.key``) proved failing with a budget,
      and won positions; off only to measure what it saves.
    - ``limit_nodes`` / ``limit_seconds``: stop early with ``complete=False``.
    - ``limit_memory``: bytes of resident memory at which the search stops like at the other
      limits (default: half the machine's memory; see :mod:`cardjudge.rules.core.memory`).
    - ``progress(stats, best_line)``: called about 10 times a second at most, and once at the end.

    Every line returned is replayed through ``domain.apply`` (AssertionError if it does not
    replay to the goal). A domain with ``explain(state, actions, first)`` (one step per action,
    numbered from ``first``) has its lines explained (``Line.steps``, ``Line.explain()``).
    """
    if opponent not in ("passive", "adversarial"):
        raise ValueError(f"opponent must be 'passive' or 'adversarial', not {opponent!r}")
    if chance not in ("worst", "best", "expect"):
        raise ValueError(f"chance must be 'worst', 'best' or 'expect', not {chance!r}")
    if max_actions < 0:
        raise ValueError("max_actions must be 0 or more")
    if max_plies is None:
        max_plies = 30 + 15 * max_actions
    # Every state and listing a search builds stays reachable from its tables, so a collection
    # finds little garbage while each full one scans them all: fewer, larger youngest generations.
    old_threshold = gc.get_threshold()
    gc.set_threshold(max(old_threshold[0], _GC_YOUNGEST), *old_threshold[1:])
    try:
        options = SearchOptions(searcher, opponent, chance, limit_nodes, limit_seconds, all_lines, transpositions,
                                max_plies, progress, limit_memory, enough if all_lines else None)
        return _search(domain, root, goal, options, max_actions)
    finally:
        # Restored once the search's own tables are gone with the frame of _search: the
        # collection that soon follows then does not scan them (only what the caller keeps).
        gc.set_threshold(*old_threshold)


def _search(domain, root, goal, options: SearchOptions, max_actions: int) -> SearchResult:
    """The body of :func:`search_lines`, its options checked."""
    search = _Search(domain, goal, options)
    chance, all_lines, max_plies, progress = options.chance, options.all_lines, options.max_plies, options.progress
    searcher = options.searcher
    best_value, best_lines, best_depth = 0, [], None
    cut_before = cut_last = False  # the ply bound cut an earlier / the last iteration
    stopped = None
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 4 * max_plies + 200))  # three frames per ply
    try:
        deepen = not all_lines and chance != "expect"
        for depth in range(max_actions + 1):
            search.tick()
            cut_before = cut_before or cut_last
            if deepen:
                value, lines = _deepened(search, root, depth, max_plies)
            else:
                search.ply_cut = False
                value, lines, _, _ = search.node(root, depth, 0)
            cut_last = search.ply_cut
            search.depth = depth
            if value > best_value:
                best_value, best_lines, best_depth = value, lines, depth
                search.best_line = lines[0]
            if best_value == 1 or (best_value > 0 and chance != "expect"):
                break
        if best_value == 1 and not all_lines:
            best_lines = _fewest_steps(search, root, best_depth, best_lines)
    except _Stop as stop:
        stopped = stop.why
        if stopped == "enough":
            best_value, best_lines, best_depth = 1, search.enough_lines, depth
    finally:
        sys.setrecursionlimit(old_limit)

    if hasattr(domain, "as_listed"):
        best_lines = [_as_listed(domain, root, line) for line in best_lines]
    unique = list({line.actions: line for line in best_lines}.values())
    for line in unique:
        _check_line(domain, root, line, goal)
    if all_lines:
        unique = merge_lines(domain, root, goal, unique, searcher)
    if hasattr(domain, "explain"):
        done: dict = {}
        unique = [_explained(domain, root, line, 1, done) for line in unique]
    # The last iteration's cuts do not matter once a sure line was found there: the earlier
    # iterations already prove nothing shorter exists.
    forgiven = best_value == 1 and best_depth == search.depth and not all_lines
    complete = stopped is None and not cut_before and (not cut_last or forgiven)
    stats = search.stats()
    if progress is not None:
        progress(stats, unique[0] if unique else None)
    probability = float(best_value) if chance == "expect" else None
    return SearchResult(bool(unique), complete, unique, stats, probability,
                        _reason(unique, best_depth, probability, complete, stopped, stats,
                                max_actions, max_plies, search.memory.limit))


_FIRST_PLY_BOUND = 4  # the smallest first ply bound of a budget's iterative deepening


def _deepened(search: _Search, root, depth: int, max_plies: int) -> tuple:
    """(value, lines) of ``root`` with ``depth`` counted actions, searched with a ply bound that
    doubles from about two plies a move up to ``max_plies`` until a sure line is found or the bound cut
    nothing: a short line is found without first walking every longer line of the others to
    the bound (after each move of a one-move goal, the passes to the end of the turn). What the
    tables remember holds for any bound (see :meth:`_Search.recall`); ``search.ply_cut`` tells
    whether the last bound cut a line."""
    # a line of ``depth`` moves takes about two steps a move (the move, the other player's answer)
    bound = min(max(_FIRST_PLY_BOUND, 2 * depth + 2), max_plies)
    try:
        while True:
            search.max_plies, search.ply_cut = bound, False
            value, lines, _, _ = search.node(root, depth, 0)
            if value == 1 or not search.ply_cut or bound >= max_plies:
                return value, lines
            bound = min(max_plies, 2 * bound)
    finally:
        search.max_plies = max_plies


def _plies(line: Line) -> int:
    """How many steps the longest way through ``line`` takes (its replies included)."""
    return max([len(line.actions)] + [at + 1 + _plies(sub) for at, _alt, sub in line.replies])


def _fewest_steps(search: _Search, root, depth: int, lines: list) -> list:
    """Among the lines of ``depth`` counted actions, one with the fewest steps: the search again
    with a ply bound one below the steps of the best line so far, until none is found (so no
    line holds a move that does nothing). The tables are kept: what they remember holds for any
    ply bound (see :meth:`_Search.recall`). A limit may stop it with the best line so far."""
    plies, best = search.max_plies, lines
    try:
        while True:
            search.max_plies = _plies(best[0]) - 1
            if search.max_plies < 0:
                return best
            value, shorter, _, _ = search.node(root, depth, 0)
            if value < 1 or not shorter:
                return best
            best = shorter
            search.best_line = best[0]
    except _Stop:
        return best
    finally:
        search.max_plies = plies


def _reason(lines, depth, probability, complete, stopped, stats, max_actions, max_plies,
            memory_limit=None) -> str:
    if stopped == "memory":
        text = (f"cut short by the memory limit ({describe_size(memory_limit or 0)}) after "
                f"{_plural(stats.nodes, 'node')}")
    elif stopped == "node":
        text = f"cut short by the node limit after {_plural(stats.nodes, 'node')}"
    elif stopped == "time":
        text = (f"cut short by the time limit after {stats.seconds:.2f} s "
                f"({_plural(stats.nodes, 'node')})")
    elif not lines:
        if complete:
            return f"no line exists within {_plural(max_actions, 'action')}"
        return (f"no line found within {_plural(max_actions, 'action')}, but the bound of "
                f"{max_plies} plies cut some branches")
    elif stopped == "enough":
        text = f"stopped once enough lines were found, after {_plural(stats.nodes, 'node')}"
    else:
        text = ""
    if lines:
        found = (f"a line of {_plural(depth, 'action')}" if len(lines) == 1
                 else f"{len(lines)} lines of {_plural(depth, 'action')}")
        if probability is not None:
            found += f" reaching the goal with a chance of {percent(probability)}"
        if stopped:
            return f"{text}; best so far: {found}"
        text = f"found {found}"
        if not complete:
            text += f" (a shorter or better one may lie beyond the bound of {max_plies} plies)"
    return text

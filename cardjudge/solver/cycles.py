"""Game-agnostic search for loops: lines that come back to the same position.

:func:`search_cycles` walks a :class:`~cardjudge.solver.domain.Domain` depth first and stops a
line as soon as it meets a position it already went through, up to resources that only grow:
each state is split by ``measure(state)`` into a *base* (everything but the resources) and a
mapping of resources to amounts, and a state whose base equals an ancestor's and whose
resources ``dominate`` the ancestor's closes a loop. A pumping loop (one more mana, one more
token each time round) is therefore recognised after one iteration instead of running into the
ply bound. What the loop yields per iteration is the difference of the two resource mappings.

``mandatory`` is decided over every option of every player, not only the ones the search was
restricted to: a loop is mandatory when no line of any player's options from its first position
ever leaves it (reaches a position where the game is over, or one the caller says is out).

When no loop is found and no limit cut the search, the restricted space was exhausted: the
result says so (``complete``) and gives the most counted actions on any line (``longest``), which
bounds how many times the restricted abilities can be used.

>>> from cardjudge.solver.toy import Toggle
>>> game = Toggle()
>>> result = search_cycles(game, game.root, game.measure)
>>> cycle = result.cycles[0]
>>> cycle.actions, cycle.exact, cycle.mandatory
(('flip', 'flip'), True, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping

from cardjudge.solver.domain import Domain, options

__all__ = ["Cycle", "CycleResult", "CycleStats", "grows", "search_cycles"]

_TICK_MASK = 15
_FIRST_BOUND = 2  # plies of the first iteration of the deepening
_PROGRESS_EVERY = 0.1


@dataclass(frozen=True)
class Cycle:
    """A loop: from the root, ``prefix`` reaches its first position; ``actions`` go round once.

    ``yields`` holds the resources that changed over one iteration and by how much; ``exact``
    says the position came back unchanged. ``mandatory`` is True when no player can leave the
    loop, False when one can, None when the check was not asked for.
    """

    prefix: tuple
    actions: tuple
    yields: Mapping[str, int]
    exact: bool
    mandatory: bool | None
    states: tuple = field(default=(), repr=False, compare=False)  # the loop's positions, first one first


@dataclass(frozen=True, slots=True)
class CycleStats:
    """Counters of a cycle search: states expanded, distinct positions seen, seconds."""

    nodes: int = 0
    states: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict:
        """Plain data."""
        return {"nodes": self.nodes, "states": self.states, "seconds": round(self.seconds, 4)}


@dataclass(frozen=True)
class CycleResult:
    """The answer of :func:`search_cycles`.

    ``complete``: the restricted space was searched through, no limit or ply bound cut it, so an
    empty ``cycles`` is a proof that no restricted line repeats a position. ``longest``: the most
    counted actions on any line searched (with ``complete``, an exact bound). ``reason`` says in
    words which of these holds.
    """

    cycles: list
    complete: bool
    longest: int
    stats: CycleStats
    reason: str
    restricted: bool = False  # ``allowed`` left out some option somewhere: exhaustion covers only the rest


class _Stop(Exception):
    def __init__(self, why: str):
        self.why = why


def grows(before: Mapping[str, int], after: Mapping[str, int]) -> bool:
    """The default dominance: no resource went down (a missing resource counts as 0)."""
    return all(after.get(name, 0) >= amount for name, amount in before.items()) and all(
        amount >= 0 for name, amount in after.items() if name not in before)


def _difference(before: Mapping[str, int], after: Mapping[str, int]) -> dict:
    names = set(before) | set(after)
    return {name: after.get(name, 0) - before.get(name, 0) for name in sorted(names)
            if after.get(name, 0) != before.get(name, 0)}


def search_cycles(domain: Domain, root, measure: Callable[[Any], tuple[Hashable, Mapping[str, int]]], *,
                  dominates: Callable[[Mapping[str, int], Mapping[str, int]], bool] = grows,
                  allowed: Callable[[Any, Any], bool] | None = None,
                  max_plies: int = 60, max_cycles: int = 1, check_mandatory: bool = True,
                  escaped: Callable[[Any, Any], bool] = lambda first, state: False, mandatory_limit: int = 2000,
                  limit_nodes: int | None = None, limit_seconds: float | None = None,
                  progress: Callable[[CycleStats], None] | None = None) -> CycleResult:
    """Look for lines from ``root`` that come back to a position they went through.

    - ``measure(state)`` -> ``(base, resources)``: two states with equal bases differ only by
      their resources (a mapping of names to amounts).
    - ``dominates(before, after)``: whether ``after`` is at least as good as ``before`` for the
      loop to go round again (default :func:`grows`: no resource went down).
    - ``allowed(state, action)``: restricts the actions the search tries (the cycle's cards);
      ``None`` tries them all. An actor with options none of which is allowed ends the line.
    - ``max_plies`` bounds a line; ``limit_nodes`` / ``limit_seconds`` the whole search; any of
      them cutting it makes the result incomplete.
    - ``max_cycles``: stop after this many loops (distinct first positions).
    - ``check_mandatory``: decide each loop's ``mandatory`` over every option of every player,
      exploring at most ``mandatory_limit`` positions; ``escaped(first, state)`` says that a
      position is out of the loop that starts at ``first`` (default: only a position where the
      game is over, with no option).
    - ``progress(stats)``: called about 10 times a second at most.
    """
    search = _CycleSearch(domain, measure, dominates, allowed, max_plies, limit_nodes, limit_seconds, progress)
    stopped = None
    try:
        # Iterative deepening on plies: a short loop is found before a long line is followed
        # to its end, and a bound that cut nothing proves the whole space searched.
        bound = min(_FIRST_BOUND, max_plies)
        while True:
            search.max_plies, search.cut = bound, False
            search.finished.clear()
            search.walk(root, max_cycles)
            if search.cycles or not search.cut or bound >= max_plies:
                break
            bound = min(2 * bound, max_plies)
    except _Stop as stop:
        stopped = stop.why
    cycles = search.cycles
    if check_mandatory:
        cycles = [_with_mandatory(domain, measure, cycle, escaped, mandatory_limit) for cycle in cycles]
    complete = stopped is None and not search.cut
    stats = search.stats()
    if progress is not None:
        progress(stats)
    return CycleResult(cycles, complete, search.longest, stats, _reason(cycles, complete, stopped, search, max_plies),
                       search.restricted)


def _reason(cycles, complete, stopped, search, max_plies) -> str:
    stats = search.stats()
    if stopped == "node":
        cut = f"cut short by the node limit after {stats.nodes} nodes"
    elif stopped == "time":
        cut = f"cut short by the time limit after {stats.seconds:.2f} s ({stats.nodes} nodes)"
    elif stopped == "cycles":
        cut = ""
    elif search.cut:
        cut = f"the bound of {max_plies} plies cut some lines"
    else:
        cut = ""
    if cycles:
        found = f"found {len(cycles)} loop" + ("s" if len(cycles) != 1 else "")
        return f"{found}; {cut}" if cut else found
    if complete:
        return (f"no line repeats a position: all {stats.states} positions searched "
                f"(at most {search.longest} counted actions on a line)")
    return f"no loop found, but {cut}"


class _CycleSearch:
    """One depth-first walk: the path, the finished positions and the counters."""

    def __init__(self, domain, measure, dominates, allowed, max_plies, limit_nodes, limit_seconds, progress):
        self.domain, self.measure, self.dominates, self.allowed = domain, measure, dominates, allowed
        self.max_plies, self.limit_nodes, self.limit_seconds = max_plies, limit_nodes, limit_seconds
        self.progress = progress
        self.nodes, self.longest, self.cut, self.restricted = 0, 0, False, False
        self.cycles: list = []
        self.starts: set = set()  # keys of the first positions of the loops found
        self.finished: dict = {}  # key -> most counted actions below it, for positions searched through
        self.seen: set = set()
        self.start = self.last = time.perf_counter()

    def stats(self) -> CycleStats:
        return CycleStats(self.nodes, len(self.seen), time.perf_counter() - self.start)

    def tick(self) -> None:
        if self.limit_nodes is not None and self.nodes >= self.limit_nodes:
            raise _Stop("node")
        self.nodes += 1
        if self.nodes & _TICK_MASK:
            return
        now = time.perf_counter()
        if self.limit_seconds is not None and now - self.start >= self.limit_seconds:
            raise _Stop("time")
        if self.progress is not None and now - self.last >= _PROGRESS_EVERY:
            self.last = now
            self.progress(self.stats())

    def walk(self, root, max_cycles: int) -> None:
        """Depth first from ``root`` with an explicit stack (lines can be long)."""
        domain = self.domain
        key = domain.key(root)
        self.seen.add(key)
        path = [_Frame(root, key, *self.measure(root), 0)]
        actions: list = []  # the action tried at each frame but the last
        by_base: dict = {path[0].base: [0]}  # base -> plies of the path's frames with it
        on_path = {key}  # the keys of the path's positions (each position is on a line once)
        while path:
            frame = path[-1]
            if frame.moves is None:
                self.tick()
                frame.moves = self.moves(frame.state)
                if len(path) > self.max_plies and frame.moves:
                    self.cut, frame.moves = True, []
            if frame.index >= len(frame.moves):
                path.pop()
                on_path.discard(frame.key)
                plies = by_base[frame.base]
                plies.pop()
                if not plies:
                    del by_base[frame.base]
                self.finished[frame.key] = frame.below
                if path:
                    step = 1 if domain.counts(actions.pop()) else 0
                    path[-1].below = max(path[-1].below, frame.below + step)
                continue
            action = frame.moves[frame.index]
            frame.index += 1
            child = domain.apply(frame.state, action)
            step = 1 if domain.counts(action) else 0
            child_base, child_resources = self.measure(child)
            loop_at = self.closes(by_base, path, child_base, child_resources)
            if loop_at is not None:
                self.found(path, actions + [action], loop_at, child_resources)
                self.longest = max(self.longest, frame.counted + step)
                if len(self.cycles) >= max_cycles:
                    raise _Stop("cycles")
                continue
            child_key = domain.key(child)
            if child_key in on_path:
                # back to a position of this very line that closes no loop (the dominance asks
                # for more): following it again would only repeat what is being searched
                continue
            if child_key in self.finished:
                below = self.finished[child_key]
                frame.below = max(frame.below, below + step)
                self.longest = max(self.longest, frame.counted + step + below)
                continue
            self.seen.add(child_key)
            self.longest = max(self.longest, frame.counted + step)
            actions.append(action)
            on_path.add(child_key)
            path.append(_Frame(child, child_key, child_base, child_resources, frame.counted + step))
            by_base.setdefault(child_base, []).append(len(path) - 1)

    def moves(self, state) -> list:
        moves = options(self.domain, state)
        if self.allowed is not None:
            kept = [action for action in moves if self.allowed(state, action)]
            self.restricted = self.restricted or len(kept) < len(moves)
            moves = kept
        return moves

    def closes(self, by_base, path, base, resources):
        """The ply of an ancestor with ``base`` that ``resources`` dominate, or None."""
        for ply in by_base.get(base, ()):
            if self.dominates(path[ply].resources, resources):
                return ply
        return None

    def found(self, path, actions, at, resources) -> None:
        first = path[at]
        if first.key in self.starts:
            return
        self.starts.add(first.key)
        yields = _difference(first.resources, resources)
        states = tuple(frame.state for frame in path[at:])
        self.cycles.append(Cycle(tuple(actions[:at]), tuple(actions[at:]), yields, not yields, None, states))


class _Frame:
    """A position on the walk's path: what it is, its options and how far they were tried."""

    __slots__ = ("state", "key", "base", "resources", "counted", "moves", "index", "below")

    def __init__(self, state, key, base, resources, counted: int):
        self.state, self.key, self.base, self.resources = state, key, base, resources
        self.counted = counted  # counted actions from the root to here
        self.moves = None  # the options tried here, once listed
        self.index = 0  # the next option to try
        self.below = 0  # the most counted actions on a line below, so far


def _with_mandatory(domain: Domain, measure, cycle: Cycle, escaped, limit: int) -> Cycle:
    """``cycle`` with ``mandatory`` decided by exploring every option of every player from its
    first position: False when some line leaves it (a position with no option, the game over, or
    one ``escaped(first, position)`` says is out of it), True when every position reachable
    (up to resources) was explored without leaving, None when ``limit`` positions were not enough."""
    first = cycle.states[0]
    seen = {measure(first)[0]}
    frontier = [first]
    while frontier:
        state = frontier.pop()
        moves = options(domain, state)
        if not moves:
            return _replace(cycle, False)
        for action in moves:
            child = domain.apply(state, action)
            if escaped(first, child) or not options(domain, child):
                return _replace(cycle, False)
            base = measure(child)[0]
            if base not in seen:
                if len(seen) >= limit:
                    return _replace(cycle, None)
                seen.add(base)
                frontier.append(child)
    return _replace(cycle, True)


def _replace(cycle: Cycle, mandatory: bool | None) -> Cycle:
    return Cycle(cycle.prefix, cycle.actions, cycle.yields, cycle.exact, mandatory, cycle.states)

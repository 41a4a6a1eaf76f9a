"""Puzzle files (contract section 6): a position, a goal and the solution that reaches it.

A puzzle file has three top-level keys::

    puzzle:    {name, game, goal, player, opponent, chance, max_actions, turns, solutions,
                difficulty, metrics, seed, author, source, description}
    position:  the position, as ``to_dict`` writes it
    solution:  {length, actions: [Action dicts as `combos --json` prints them], replies: [...]}

``solutions`` is how many distinct solutions the puzzle has: 1 for a proper puzzle (the
default), 0 for a position proved to have none (``solution: null``), more for a position kept
on purpose with several (an example of what is not unique).

:func:`load_puzzle` reads and validates a file (the stored solution must replay),
:func:`solve_puzzle` finds solutions, :func:`check_puzzle` proves the stored one right and,
looking for a second one, unique (see :mod:`cardjudge.solver.solutions` for when two lines are
one solution).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
import time
from typing import Any, Callable

from cardjudge.cards import yamlio
from cardjudge.errors import InputError
from cardjudge.rules.core.engine import load_position, to_dict
from cardjudge.solver.combos import EngineDomain, find_combos, goal_domain
from cardjudge.solver.domain import CHANCE, options, states_along
from cardjudge.solver.goals import Goal, parse_goal
from cardjudge.solver.search import Line, SearchStats
from cardjudge.solver.solutions import Solution, group_solutions, solution_key

__all__ = ["CheckResult", "Puzzle", "SolveResult", "check_puzzle", "dump_puzzle", "load_puzzle",
           "puzzle_dict", "save_puzzle", "solve_puzzle"]

OPPONENTS = ("passive", "adversarial")
CHANCES = ("worst", "best", "expect")
METADATA = ("name", "game", "goal", "player", "opponent", "chance", "max_actions", "turns", "solutions",
            "difficulty", "metrics", "seed", "author", "source", "description")
DIFFICULTIES = ("easy", "medium", "hard")
DEFAULT_LIMIT_SECONDS = 120.0
DEFAULT_LIMIT_NODES = 2_000_000


@dataclass(frozen=True)
class Puzzle:
    """A puzzle as read from a file: its metadata, its position (as ``to_dict`` writes it) and
    its stored solution (``None`` for a puzzle proved to have none).

    ``lines`` holds the file's line of each metadata field and of each stored action, for
    messages; ``path`` names the file.
    """

    name: str
    game: str
    goal: str
    position: dict
    solution: dict | None
    player: str | None = None
    opponent: str = "passive"
    chance: str = "worst"
    max_actions: int = 3
    turns: int = 1
    solutions: int = 1
    difficulty: str | None = None
    metrics: dict | None = None
    seed: int | None = None
    author: str | None = None
    source: str | None = None
    description: str | None = None
    path: str = "<puzzle>"
    lines: dict = field(default_factory=dict, compare=False, repr=False)

    def state(self):
        """The starting position as a State."""
        return load_position(self.position)

    def goal_for(self, state) -> Goal:
        """The parsed goal, for the puzzle's player."""
        try:
            return parse_goal(self.goal, state, self.player)
        except InputError as exc:
            raise InputError(exc.message, self.path, self.lines.get("goal")) from None

    def where(self, key: str) -> int | None:
        """The line of a metadata field, if known."""
        return self.lines.get(key)


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve_puzzle` found: the solutions (one per distinct solution, shortest
    first), whether the search was complete, why it ended, and its counters."""

    solutions: list[Solution]
    complete: bool
    reason: str
    stats: SearchStats

    @property
    def found(self) -> bool:
        return bool(self.solutions)


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check_puzzle` established: ``ok`` when the stored solution replays, reaches
    the goal against every answer it must meet and is the only solution (or the puzzle has as
    many as it states); otherwise ``reason`` says what is wrong and ``other`` shows the solution
    that was not expected (a second one, a shorter one), when there is one."""

    ok: bool
    reason: str
    replays: bool
    reaches_goal: bool
    unique: bool | None
    solutions_found: int
    other: Solution | None
    stats: SearchStats | None
    seconds: float = 0.0


# --- reading -------------------------------------------------------------------------------------


def load_puzzle(source: "str | Path | Mapping") -> Puzzle:
    """Read a puzzle file (or an already parsed mapping) and validate it: every field of the
    right type, the position loads, the goal parses, the stored solution replays.

    Raises InputError naming the file and line of the first thing wrong.
    """
    if isinstance(source, Mapping):
        data, path = source, "<puzzle>"
    else:
        path = str(source)
        data = yamlio.load_file(path)
    if not isinstance(data, Mapping) or "puzzle" not in data:
        raise InputError("a puzzle file needs 'puzzle:', 'position:' and 'solution:'", path, 1)
    meta = data["puzzle"]
    if not isinstance(meta, Mapping):
        raise InputError("'puzzle:' must be a mapping of its metadata (name, game, goal, ...)", path,
                         yamlio.line_of(data, "puzzle"))
    lines = {key: yamlio.line_of(meta, key) for key in meta}
    lines["puzzle"] = yamlio.line_of(data, "puzzle") or 1
    unknown = [key for key in meta if key not in METADATA]
    if unknown:
        raise InputError(f"unknown puzzle field {unknown[0]!r} (known: {', '.join(METADATA)})", path,
                         lines.get(unknown[0]))
    for key in ("name", "game", "goal"):
        if key not in meta or meta[key] in (None, ""):
            raise InputError(f"the puzzle needs '{key}:'", path, lines["puzzle"])
    values = {key: meta[key] for key in meta}
    _check_field(values, "name", str, path, lines)
    _check_field(values, "game", str, path, lines)
    _check_field(values, "goal", str, path, lines)
    for key, allowed in (("opponent", OPPONENTS), ("chance", CHANCES), ("difficulty", DIFFICULTIES)):
        if key in values and values[key] is not None and values[key] not in allowed:
            raise InputError(f"puzzle {key} must be one of {', '.join(allowed)}, not {values[key]!r}", path,
                             lines.get(key))
    for key, least in (("max_actions", 0), ("turns", 1), ("solutions", 0)):
        if key in values:
            value = values[key]
            if not isinstance(value, int) or isinstance(value, bool) or value < least:
                raise InputError(f"puzzle {key} must be a whole number of at least {least}, not {value!r}", path,
                                 lines.get(key))
    for key, kind in (("player", str), ("author", str), ("source", str), ("description", str), ("metrics", Mapping),
                      ("seed", int)):
        if values.get(key) is not None:
            _check_field(values, key, kind, path, lines)
    if "position" not in data or not isinstance(data["position"], Mapping):
        raise InputError("the puzzle needs 'position:', a mapping as to_dict writes it", path,
                         yamlio.line_of(data, "position") or lines["puzzle"])
    position = data["position"]
    if position.get("game") != values["game"]:
        raise InputError(f"the position's game {position.get('game')!r} is not the puzzle's {values['game']!r}",
                         path, yamlio.line_of(position, "game") or yamlio.line_of(data, "position"))
    if "solution" not in data:
        raise InputError("the puzzle needs 'solution:' (null for a puzzle proved to have none)", path,
                         lines["puzzle"])
    solution = data["solution"]
    declared = values.get("solutions", 1)
    if solution is None and declared != 0:
        raise InputError("'solution: null' says the puzzle has no solution: set 'solutions: 0'", path,
                         yamlio.line_of(data, "solution"))
    if solution is not None and declared == 0:
        raise InputError("the puzzle states 'solutions: 0' but stores a solution", path, lines.get("solutions"))
    if solution is not None:
        _check_solution_shape(solution, path, yamlio.line_of(data, "solution"), lines)
    if "max_actions" not in values:
        values["max_actions"] = solution["length"] if solution is not None else 3
    elif solution is not None and solution["length"] > values["max_actions"]:
        raise InputError(f"the solution's length {solution['length']} is more than max_actions "
                         f"{values['max_actions']}", path, lines.get("max_actions"))
    fields = {key: _plain(value) for key, value in values.items()}
    puzzle = Puzzle(position=position, solution=solution, path=path, lines=lines, **fields)
    try:
        state = load_position(position)
    except InputError as exc:
        raise InputError(exc.message, path, exc.line or yamlio.line_of(data, "position")) from None
    goal = puzzle.goal_for(state)
    if puzzle.player is not None and puzzle.player not in state.players:
        raise InputError(f"unknown player {puzzle.player!r}", path, lines.get("player"))
    if solution is not None:
        stored_line(puzzle, state, goal)  # raises when an action does not replay
    return puzzle


def _plain(value: Any) -> Any:
    """``value`` as plain Python data (the YAML reader's mappings and lists made dicts and lists)."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def _check_field(values: dict, key: str, kind, path: str, lines: dict) -> None:
    value = values[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        name = {str: "text", int: "a whole number", Mapping: "a mapping"}[kind]
        raise InputError(f"puzzle {key} must be {name}, not {value!r}", path, lines.get(key))


def _check_solution_shape(solution: Any, path: str, line: int | None, lines: dict) -> None:
    if not isinstance(solution, Mapping):
        raise InputError("'solution:' must be a mapping with 'length' and 'actions'", path, line)
    for key in ("length", "actions"):
        if key not in solution:
            raise InputError(f"the solution needs '{key}:'", path, line)
    length = solution["length"]
    if not isinstance(length, int) or isinstance(length, bool) or length < 0:
        raise InputError(f"solution length must be a whole number, not {length!r}", path,
                         yamlio.line_of(solution, "length"))
    _check_actions(solution, path, line)


def _check_actions(line_data: Mapping, path: str, line: int | None) -> None:
    actions = line_data.get("actions")
    if not isinstance(actions, list):
        raise InputError("'actions:' must be a list of Action dicts", path, yamlio.line_of(line_data, "actions") or line)
    for index, action in enumerate(actions):
        if not isinstance(action, Mapping) or "kind" not in action or "player" not in action:
            raise InputError(f"action {index + 1} must be an Action dict with 'player' and 'kind'", path,
                             yamlio.line_of(actions, index) or line)
    replies = line_data.get("replies", [])
    if not isinstance(replies, list):
        raise InputError("'replies:' must be a list", path, yamlio.line_of(line_data, "replies") or line)
    for index, reply in enumerate(replies):
        where = yamlio.line_of(replies, index) or line
        if not isinstance(reply, Mapping) or not {"at", "action", "line"} <= set(reply):
            raise InputError("a reply needs 'at', 'action' and 'line'", path, where)
        if not isinstance(reply["at"], int) or not 0 <= reply["at"] < len(actions):
            raise InputError(f"reply 'at' must be the index of an action of its line, not {reply['at']!r}", path, where)
        if not isinstance(reply["line"], Mapping):
            raise InputError("a reply's 'line' must be a mapping with 'actions'", path, where)
        _check_actions(reply["line"], path, where)


# --- the stored solution ---------------------------------------------------------------------


def comparable(action_dict: Mapping) -> dict:
    """An Action dict without what differs between two listings of the same action (its id)."""
    return {key: _plain(value) for key, value in action_dict.items() if key not in ("id", "probability")}


def _matching(domain: EngineDomain, state, wanted: Mapping):
    want = comparable(wanted)
    for action in options(domain, state):
        if comparable(action.to_dict()) == want:
            return action
    return None


def stored_line(puzzle: Puzzle, state=None, goal: Goal | None = None) -> Line:
    """The stored solution as a Line of engine actions, each matched (by its Action dict, ids
    aside) among the options where it is played. Raises InputError, naming the line of the
    file, at the first action that is not legal there."""
    if puzzle.solution is None:
        raise InputError("the puzzle stores no solution", puzzle.path, puzzle.where("solutions"))
    state = puzzle.state() if state is None else state
    goal = puzzle.goal_for(state) if goal is None else goal
    domain = goal_domain(state, goal, puzzle.turns)
    return _line_from(puzzle, domain, state, puzzle.solution, goal.player)


def _line_from(puzzle: Puzzle, domain: EngineDomain, state, data: Mapping, searcher: str) -> Line:
    actions, states, length = [], [state], 0
    for index, wanted in enumerate(data["actions"]):
        here = states[-1]
        action = _matching(domain, here, wanted)
        if action is None:
            legal = "; ".join(a.text for a in options(domain, here)) or "nothing"
            raise InputError(f"solution action {wanted.get('text') or comparable(wanted)!r} is not legal there "
                             f"(legal: {legal})", puzzle.path, yamlio.line_of(data["actions"], index))
        if domain.actor(here) == searcher and domain.counts(action):
            length += 1
        actions.append(action)
        states.append(domain.apply(here, action))
    replies = []
    for index, reply in enumerate(data.get("replies", [])):
        at = reply["at"]
        alternative = _matching(domain, states[at], reply["action"])
        if alternative is None:
            raise InputError(f"reply {reply['action'].get('text')!r} is not an option there", puzzle.path,
                             yamlio.line_of(data["replies"], index))
        sub = _line_from(puzzle, domain, domain.apply(states[at], alternative), reply["line"], searcher)
        replies.append((at, alternative, sub))
    return Line(tuple(actions), length, tuple(replies))


def _must_answer(puzzle: Puzzle, domain: EngineDomain, state, searcher: str) -> list:
    """The options the solution must answer where someone other than the searcher decides: all
    of them against an adversarial opponent, a pass when a passive one may pass, every chance
    outcome with ``chance: worst`` (with ``best`` or ``expect``, the one taken)."""
    actor = domain.actor(state)
    if actor == CHANCE:
        return [outcome for outcome, _ in domain.chance_outcomes(state)] if puzzle.chance == "worst" else []
    listed = domain.actions(state)
    if puzzle.opponent == "passive":
        passes = [action for action in listed if domain.is_pass(action)]
        if passes:
            return passes[:1]
    return listed


def _flaw(puzzle: Puzzle, domain: EngineDomain, state, line: Line, goal: Goal, depth: str = "") -> str | None:
    """Why ``line`` (with its replies) is not a winning strategy from ``state``, or None."""
    states = states_along(domain, state, line.actions)
    answered: dict = {}
    for at, alternative, _sub in line.replies:
        answered.setdefault(at, []).append(alternative)
    for index, action in enumerate(line.actions):
        here = states[index]
        if domain.actor(here) == goal.player:
            continue
        taken = [comparable(a.to_dict()) for a in [action, *answered.get(index, [])]]
        for option in _must_answer(puzzle, domain, here, goal.player):
            if comparable(option.to_dict()) not in taken:
                return f"{depth}step {index + 1}: the solution does not answer '{option.text}'"
    if not goal(states[-1]):
        return f"{depth}the line does not reach the goal {puzzle.goal!r}"
    for at, alternative, sub in line.replies:
        flaw = _flaw(puzzle, domain, domain.apply(states[at], alternative), sub, goal,
                     f"{depth}if instead '{alternative.text}' at step {at + 1}: ")
        if flaw:
            return flaw
    return None


# --- solving and checking ----------------------------------------------------------------------


def _limits(limit_nodes, limit_seconds) -> dict:
    return {"limit_nodes": DEFAULT_LIMIT_NODES if limit_nodes is None else limit_nodes,
            "limit_seconds": DEFAULT_LIMIT_SECONDS if limit_seconds is None else limit_seconds}


def _search(puzzle: Puzzle, state, goal: Goal, all_lines: bool, limit_nodes, limit_seconds, progress,
            enough=None):
    return find_combos(state, goal, max_actions=puzzle.max_actions, opponent=puzzle.opponent, chance=puzzle.chance,
                       turns=puzzle.turns, all_lines=all_lines, progress=progress, enough=enough,
                       **_limits(limit_nodes, limit_seconds))


def solve_puzzle(puzzle: "Puzzle | str | Path | Mapping", all_solutions: bool = False,
                 limit_nodes: int | None = None, limit_seconds: float | None = None,
                 progress: Callable | None = None) -> SolveResult:
    """The puzzle's shortest solutions within its ``max_actions``: the first one found, or with
    ``all_solutions`` one per distinct solution (see :mod:`cardjudge.solver.solutions`)."""
    puzzle = puzzle if isinstance(puzzle, Puzzle) else load_puzzle(puzzle)
    state = puzzle.state()
    goal = puzzle.goal_for(state)
    result = _search(puzzle, state, goal, all_solutions, limit_nodes, limit_seconds, progress)
    domain = goal_domain(state, goal, puzzle.turns)
    solutions = group_solutions(domain, state, result.lines, goal.player, goal)
    reason = result.reason
    if all_solutions and result.lines:
        reason += f"; {len(solutions)} distinct solution{'s' if len(solutions) != 1 else ''}"
    return SolveResult(solutions, result.complete, reason, result.stats)


def check_puzzle(puzzle: "Puzzle | str | Path | Mapping", limit_nodes: int | None = None,
                 limit_seconds: float | None = None, progress: Callable | None = None) -> CheckResult:
    """Whether the stored solution replays, reaches the goal (against every answer the
    opponent model and ``chance`` demand) and is the puzzle's only solution among the shortest
    lines, or whether a puzzle stored without one has none (a complete search finds nothing).

    Uniqueness is settled by looking for a second solution: the search stops as soon as the
    lines found hold a solution other than the stored one (or a shorter line), which is shown in
    ``other``; only a unique solution needs the whole space searched.
    """
    started = time.perf_counter()
    puzzle = puzzle if isinstance(puzzle, Puzzle) else load_puzzle(puzzle)
    state = puzzle.state()
    goal = puzzle.goal_for(state)
    domain = goal_domain(state, goal, puzzle.turns)

    def done(ok, reason, replays, reaches, unique, found, other=None, stats=None) -> CheckResult:
        return CheckResult(ok, reason, replays, reaches, unique, found, other, stats, time.perf_counter() - started)

    stored = None
    if puzzle.solution is not None:
        stored = stored_line(puzzle, state, goal)
        flaw = _flaw(puzzle, domain, state, stored, goal)
        if flaw:
            return done(False, f"the stored solution fails: {flaw}", True, False, None, 0)
        if stored.length != puzzle.solution["length"]:
            return done(False, f"the stored solution has {stored.length} counted actions, not the "
                               f"{puzzle.solution['length']} its length says", True, True, None, 0)
    result = _search(puzzle, state, goal, True, limit_nodes, limit_seconds, progress,
                     _second_solution(puzzle, domain, state, stored, goal) if stored is not None else
                     (lambda lines: True))
    solutions = group_solutions(domain, state, result.lines, goal.player, goal)
    count = len(solutions)
    if stored is None:
        if solutions:
            return done(False, "the puzzle states it has no solution, but one exists", False, False, False, count,
                        solutions[0], result.stats)
        if not result.complete:
            return done(False, f"cannot prove that no solution exists: {result.reason}", False, False, None, 0,
                        stats=result.stats)
        return done(True, f"no solution exists ({result.reason})", False, False, True, 0, stats=result.stats)
    shortest = solutions[0].length if solutions else None
    if shortest is not None and shortest < stored.length:
        return done(False, f"a shorter solution exists ({shortest} actions, the stored one has {stored.length})",
                    True, True, False, count, solutions[0], result.stats)
    key = _stored_key(domain, state, stored, goal)
    others = [solution for solution in solutions if solution.key != key]
    if len(others) == count and result.complete:
        # The search's lines all differ from the stored one: it is not among the shortest.
        return done(False, "the stored solution is not among the solutions found", True, True, None, count,
                    solutions[0] if solutions else None, result.stats)
    if len(others) >= puzzle.solutions:
        which = "a second solution" if puzzle.solutions == 1 else f"solution {puzzle.solutions + 1}"
        return done(False, f"not unique: {which} exists", True, True, False, count, others[-1], result.stats)
    if not result.complete:
        return done(False, f"cannot prove the solution unique: {result.reason}", True, True, None, count,
                    stats=result.stats)
    if count < puzzle.solutions:
        return done(False, f"the puzzle states {puzzle.solutions} solutions, only {count} exist", True, True,
                    count == 1, count, stats=result.stats)
    what = "the only solution" if puzzle.solutions == 1 else f"one of exactly {puzzle.solutions} solutions, as stated"
    return done(True, f"the stored solution replays, reaches the goal and is {what}", True, True,
                puzzle.solutions == 1, count, stats=result.stats)


def _stored_key(domain: EngineDomain, state, stored: Line, goal: Goal) -> tuple:
    return solution_key(domain, state, stored, goal.player, goal)


def _second_solution(puzzle: Puzzle, domain: EngineDomain, state, stored: Line, goal: Goal) -> Callable:
    """Whether the lines found so far settle the check against the stored solution: one is
    shorter, or they hold as many solutions other than the stored one as the puzzle allows."""
    stored_key = _stored_key(domain, state, stored, goal)
    keys: dict = {}  # id(line) -> its solution key, each line keyed once

    def enough(lines: list) -> bool:
        if any(line.length < stored.length for line in lines):
            return True
        for line in lines:
            if id(line) not in keys:
                keys[id(line)] = (line, solution_key(domain, state, line, goal.player, goal))
        others = {key for _, key in keys.values() if key != stored_key}
        return len(others) >= puzzle.solutions

    return enough


# --- writing -------------------------------------------------------------------------------------


def solution_dict(line: Line) -> dict:
    """A line as a puzzle's ``solution:`` (its Action dicts, its length and its replies)."""
    return _line_data(line.to_dict(lambda action: action.to_dict()))


def _line_data(data: dict) -> dict:
    out = {"length": data["length"], "actions": data["actions"]}
    if data.get("replies"):
        out["replies"] = [{"at": reply["at"], "action": reply["action"], "line": _line_data(reply["line"])}
                          for reply in data["replies"]]
    return out


def puzzle_dict(puzzle: Puzzle) -> dict:
    """The puzzle as the plain data of its file."""
    meta = {key: getattr(puzzle, key) for key in METADATA}
    meta = {key: value for key, value in meta.items()
            if value is not None and not (key == "turns" and value == 1) and not (key == "solutions" and value == 1)}
    return {"puzzle": meta, "position": _plain(puzzle.position), "solution": _plain(puzzle.solution)}


def dump_puzzle(puzzle: "Puzzle | dict") -> str:
    """The puzzle file's text (YAML; short mappings and lists of plain values on one line, the
    metadata one field a line)."""
    document = puzzle_dict(puzzle) if isinstance(puzzle, Puzzle) else puzzle
    return yamlio.to_yaml(document, block_keys=("puzzle",))


def save_puzzle(puzzle: "Puzzle | dict", path: "str | Path") -> None:
    """Write the puzzle file at ``path``."""
    Path(path).write_text(dump_puzzle(puzzle), encoding="utf-8")


def new_puzzle(state, goal: str, line: Line | None, **meta) -> Puzzle:
    """A Puzzle of ``state`` (written with ``to_dict``) whose stored solution is ``line``."""
    meta.pop("game", None)
    position = to_dict(state)
    solution = solution_dict(line) if line is not None else None
    if line is None:
        meta.setdefault("solutions", 0)
    return Puzzle(goal=goal, game=state.game, position=position, solution=solution, **meta)


def with_metadata(puzzle: Puzzle, **changes) -> Puzzle:
    """``puzzle`` with some metadata changed."""
    return replace(puzzle, **changes)

"""Forge ``.pzl`` puzzles made puzzle files: the position converted, the solution found.

:func:`import_pzl` refuses a puzzle whose cards the library lacks with one line naming each
missing card; otherwise it searches the position for the shortest solution (the stored one)
within ``max_actions``. :func:`import_report` says, for many files, how many import and which
cards would unlock the most.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from cardjudge.cards.loader import library
from cardjudge.errors import InputError
from cardjudge.rules.core.engine import apply_stepwise, legal_actions, load_position
from cardjudge.solver.combos import find_combos
from cardjudge.solver.forge import missing_cards, phase_advance, puzzle_metadata, read_pzl, to_position
from cardjudge.solver.puzzles import DEFAULT_LIMIT_NODES, Puzzle, new_puzzle

DEFAULT_MAX_ACTIONS = 6


def _readable(path: str):
    """(parsed puzzle, its metadata, its position dict): every check short of the library."""
    parsed = read_pzl(path)
    position = to_position(parsed)
    phase_advance(parsed)  # refused here already when the advance cannot be read
    return parsed, puzzle_metadata(parsed), position


def _refuse_missing(parsed, path: str) -> None:
    missing = missing_cards(parsed, library("mtg"))
    if missing:
        first = next(entry.line for entry in parsed.cards() if entry.name == missing[0])
        raise InputError(f"{len(missing)} card{'s' if len(missing) != 1 else ''} not in the library: "
                         f"{', '.join(missing)}", path, first)


def import_pzl(path: "str | Path", max_actions: int = DEFAULT_MAX_ACTIONS, limit_nodes: int | None = None,
               limit_seconds: float | None = 120.0, progress=None) -> Puzzle:
    """The puzzle file of the Forge puzzle at ``path``, its stored solution the first shortest
    line the search finds within ``max_actions`` (against every answer of the opponent).

    Raises InputError naming the file and line for a file this importer cannot read, for
    missing cards (each named), and when no solution is found (saying whether that is proved).
    """
    path = str(path)
    parsed, meta, position = _readable(path)
    _refuse_missing(parsed, path)
    state = advanced(load_position(position), parsed)
    result = find_combos(state, meta["goal"], max_actions=max_actions, opponent=meta["opponent"],
                         limit_nodes=DEFAULT_LIMIT_NODES if limit_nodes is None else limit_nodes,
                         limit_seconds=limit_seconds, progress=progress, player=meta["player"])
    if not result.found:
        raise InputError(f"no solution found: {result.reason}", path, 1)
    line = result.lines[0]
    meta = dict(meta, max_actions=line.length)
    return new_puzzle(state, meta.pop("goal"), line, path=path, **meta)


def advanced(state, parsed):
    """The game of ``state`` advanced as the puzzle's ``ActivePhaseAdvance`` says (see
    :func:`~cardjudge.solver.forge.phase_advance`): every player passes each step on the way
    (what nobody getting priority amounts to), so the turn-based actions of each step happen, and
    the game stands at the start of the step named. Raises InputError when something on the way
    would differ from Forge's advance: a triggered ability (Forge keeps it waiting on the stack
    until the step named; passing would resolve it) or a decision (a discard)."""
    target = phase_advance(parsed)
    if target is None:
        return state
    line = parsed.lines.get(("state", "activephaseadvance"))
    turn = state.turn
    while not (state.phase == target and state.turn == turn) and state.winner is None:
        if state.turn != turn:
            raise InputError(f"ActivePhaseAdvance: the turn ended before the {target} step", parsed.path, line)
        listed = legal_actions(state)
        passes = [action for action in listed if action.kind == "pass"]
        if state.chain or state.pending:
            raise InputError(f"ActivePhaseAdvance: a triggered ability on the way to the {target} step "
                             "(Forge keeps it on the stack until then) is not supported", parsed.path, line)
        if len(passes) != 1:
            raise InputError(f"ActivePhaseAdvance: a decision on the way to the {target} step "
                             f"({listed[0].text if listed else 'none'}) is not supported", parsed.path, line)
        state = apply_stepwise(state, passes[0])  # a trigger waits on the stack, to be seen above
    return state


@dataclass(frozen=True)
class ImportReport:
    """How many of the files import (their cards all in the library, the rest readable), why the
    others are refused, and which cards would unlock the most (``unlocking``: each card with how
    many more puzzles become importable once it and the ones before it are added)."""

    files: int
    importable: list[str]
    refused: dict  # reason (without the file and line) -> count, for files refused for other things than cards
    missing: dict  # file -> the cards it lacks
    unlocking: list[tuple[str, int]]


def import_report(paths, top: int = 45) -> ImportReport:
    """The :class:`ImportReport` of the ``.pzl`` files ``paths`` (no search is run)."""
    known = library("mtg")
    importable, refused, missing = [], Counter(), {}
    paths = [str(path) for path in paths]
    for path in paths:
        try:
            parsed, _, _ = _readable(path)
        except InputError as exc:
            refused[exc.message] += 1
            continue
        lacking = missing_cards(parsed, known)
        if lacking:
            missing[path] = lacking
        else:
            importable.append(path)
    return ImportReport(len(paths), importable, dict(refused), missing, _unlocking(missing, top))


def _unlocking(missing: dict, top: int) -> list[tuple[str, int]]:
    """Cards in the order that completes puzzles soonest, each with how many puzzles it
    completes (together with the cards before it): the puzzle that lacks the fewest cards still
    missing is taken next (ties: the one whose cards are missing from the most puzzles), its
    cards added most wanted first."""
    needs = {path: set(cards) for path, cards in missing.items()}
    chosen: list[tuple[str, int]] = []
    while needs and len(chosen) < top:
        frequency = Counter(card for cards in needs.values() for card in cards)
        nearest = min(needs, key=lambda path: (len(needs[path]), -sum(frequency[c] for c in needs[path]), path))
        for card in sorted(needs[nearest], key=lambda card: (-frequency[card], card)):
            completed = 0
            for path in list(needs):
                needs[path].discard(card)
                if not needs[path]:
                    del needs[path]
                    completed += 1
            chosen.append((card, completed))
            if len(chosen) >= top:
                break
    return chosen


def pzl_files(paths) -> list[Path]:
    """The ``.pzl`` files among ``paths``, folders searched."""
    out = []
    for name in paths:
        path = Path(name)
        out += sorted(path.rglob("*.pzl")) if path.is_dir() else [path]
    return out

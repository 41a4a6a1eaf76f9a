"""The live progress line of a long search, drawn on stderr with click.

On a terminal one status line is rewritten in place (carriage return, padded to erase what was
longer) at most ``refresh`` times per second and erased when the search ends; elsewhere (a log,
a pipe) a plain line is written at most once per ``plain_every`` seconds. Stdout is never
touched, so ``--json`` output stays one document.
"""

from __future__ import annotations

import shutil
import sys
import time
from typing import Any

import click


def stderr_is_terminal() -> bool:
    """Whether stderr is an interactive terminal (the progress line is shown by default then)."""
    return bool(getattr(sys.stderr, "isatty", lambda: False)())


class SearchProgress:
    """A ``progress(stats, best_line)`` callback for :func:`cardjudge.find_combos`."""

    def __init__(self, live: bool, refresh: float = 4.0, plain_every: float = 1.0):
        self.live = live
        self.every = 1.0 / refresh if live else plain_every
        self.last = float("-inf")
        self.shown = 0  # width of the live line now on screen

    def __call__(self, stats: Any, best: Any) -> None:
        now = time.monotonic()
        if now - self.last < self.every:
            return
        self.last = now
        self.show(describe(stats, best))

    def show(self, text: str) -> None:
        """Draw one status text (a line of its own when not live)."""
        if not self.live:
            click.echo(text, err=True)
            return
        width = max(20, shutil.get_terminal_size((80, 24)).columns - 1)
        text = text[:width]
        click.echo("\r" + text.ljust(self.shown), nl=False, err=True)
        self.shown = len(text)

    def close(self) -> None:
        """Erase the live line, leaving the terminal as it was."""
        if self.live and self.shown:
            click.echo("\r" + " " * self.shown + "\r", nl=False, err=True)
            self.shown = 0


def describe(stats: Any, best: Any) -> str:
    """``searching: 1200 nodes, 800 states (7100/s), depth 2, best line: none yet``."""
    rate = stats.states / stats.seconds if stats.seconds > 0 else 0.0
    depth = stats.depth + 1  # the budget being searched: the ones below are settled
    if best is None:
        found = "none yet"
    else:
        found = f"{best.length} action{'s' if best.length != 1 else ''}"
        texts = [str(getattr(action, "text", action)) for action in best.actions
                 if getattr(action, "kind", None) != "pass"]
        if texts:
            found += ": " + "; ".join(texts)
    return (f"searching: {stats.nodes} nodes, {stats.states} states ({rate:.0f}/s), "
            f"{stats.seconds:.1f} s, depth {depth}, best line: {found}")


class GenerationProgress(SearchProgress):
    """A ``progress(result)`` callback for :func:`cardjudge.generate_puzzles`: puzzles kept,
    candidates tried and rejected by reason, and the rate."""

    def __init__(self, live: bool, count: int, refresh: float = 4.0, plain_every: float = 1.0):
        super().__init__(live, refresh, plain_every)
        self.count = count

    def __call__(self, result: Any, best: Any = None) -> None:  # noqa: ARG002 - the same shape as SearchProgress
        now = time.monotonic()
        if now - self.last < self.every:
            return
        self.last = now
        self.show(describe_generation(result, self.count))


def describe_generation(result: Any, count: int) -> str:
    """``generating: 3/10 kept, 41 tried (not unique 12, too short 20, ...), 2.1 kept/min, 12.0 s``."""
    minutes = result.seconds / 60 if result.seconds > 0 else 0.0
    rate = len(result.puzzles) / minutes if minutes > 0 else 0.0
    reasons = ", ".join(f"{reason} {n}" for reason, n in sorted(result.rejected.items(), key=lambda kv: -kv[1]))
    return (f"generating: {len(result.puzzles)}/{count} kept, {result.tried} tried"
            f"{f' ({reasons})' if reasons else ''}, {rate:.1f} kept/min, {result.seconds:.1f} s")


def summary_table(result: Any) -> list[str]:
    """The puzzles generated as a table (name, rating, length, metrics), then the candidates
    tried and rejected by reason."""
    rows = [("puzzle", "rating", "length", "branching", "wrong lines", "red herrings", "nodes")]
    for puzzle in result.puzzles:
        m = puzzle.metrics or {}
        rows.append((puzzle.name, puzzle.difficulty or "", str(m.get("length", "")), str(m.get("branching", "")),
                     str(m.get("wrong_lines", "")), str(m.get("red_herrings", "")), str(m.get("nodes", ""))))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    rejected = ", ".join(f"{reason}: {n}" for reason, n in sorted(result.rejected.items(), key=lambda kv: -kv[1]))
    minutes = result.seconds / 60
    rate = len(result.puzzles) / minutes if minutes > 0 else 0.0
    lines.append(f"{len(result.puzzles)} kept of {result.tried} candidates ({rejected or 'none rejected'}) "
                 f"in {result.seconds:.1f} s, {rate:.1f} a minute with {result.workers} worker"
                 f"{'s' if result.workers != 1 else ''}")
    return lines

"""Random legal playouts for the property tests of a game: start positions, checked applies,
and the playout itself. What a state must satisfy is the game's own ``check_state``."""

from __future__ import annotations

import glob
import os
from pathlib import Path

import yaml

from cardjudge import apply, legal_actions, load_position, to_dict

ROOT = Path(__file__).resolve().parent.parent
# the positions of the shared acceptance cases, copied into the checkout (tests read nothing outside it)
STARTS = ROOT / "tests" / "data" / "starts"
EXAMPLES = int(os.environ.get("CARDJUDGE_PROPERTY_EXAMPLES", "30"))


def start_positions(game: str) -> dict[str, dict]:
    """The example positions ``examples/<game>-*.yaml`` and the positions of the acceptance cases
    ``tests/data/starts/<game>-*.yaml`` (named ``acceptance/<file>``), by name."""
    found: dict[str, dict] = {}
    for path in sorted(glob.glob(str(ROOT / "examples" / f"{game}-*.yaml"))):
        with open(path, encoding="utf-8") as fh:
            found[Path(path).name] = yaml.safe_load(fh)
    for path in sorted(glob.glob(str(STARTS / f"{game}-*.yaml"))):
        with open(path, encoding="utf-8") as fh:
            found["acceptance/" + Path(path).name] = yaml.safe_load(fh)
    return found


class Starts:
    """The states of the start positions, each loaded once."""

    def __init__(self, positions: dict[str, dict]):
        self.positions = positions
        self.loaded: dict = {}

    def __getitem__(self, name: str):
        if name not in self.loaded:
            self.loaded[name] = load_position(self.positions[name])
        return self.loaded[name]


def apply_checked(state, action, trail: list[str], name: str):
    """``apply(state, action)``, asserting that the action applies and that ``state`` (its
    ``to_dict`` and its hash) is the same afterwards."""
    before_dict = to_dict(state)
    before_hash = hash(state)
    try:
        after = apply(state, action)
    except Exception as exc:  # pragma: no cover - reported with the playout
        raise AssertionError(
            f"listed action {action.to_dict()} raised {type(exc).__name__}: {exc}: {name} after {trail}"
        ) from exc
    assert to_dict(state) == before_dict, f"apply changed its input: {name} after {trail} + {action.id}"
    assert hash(state) == before_hash, f"apply changed the hash of its input: {name} after {trail}"
    return after


def play_out(state, choices: list[int], check_state, name: str) -> None:
    """Follow the legal actions picked by ``choices`` (an index modulo the number of actions)
    from ``state``, checking every state reached with ``check_state(state, trail, name)``, which
    returns the legal actions. At the first and the last step, every listed action is applied."""
    trail: list[str] = []
    for depth, pick in enumerate(choices):
        actions = check_state(state, trail, name)
        if not actions:
            return
        if depth == 0 or depth == len(choices) - 1:
            for other in actions:
                apply_checked(state, other, trail, name)
        action = actions[pick % len(actions)]
        state = apply_checked(state, action, trail, name)
        trail.append(f"{action.id}:{action.text}")
    check_state(state, trail, name)


def start_files(game: str) -> list[str]:
    """The position files a game's fast paths are checked from: its examples, its shipped
    puzzles and the acceptance start positions copied into the checkout."""
    folders = (ROOT / "examples", ROOT / "examples" / "puzzles", STARTS)
    return [str(path) for folder in folders for path in sorted(folder.glob(f"{game}-*.yaml"))]


def states_along(state, choices: list[int]):
    """The states a playout from ``state`` reaches, one a choice (an index modulo the number of
    legal actions), until the game ends."""
    for pick in choices:
        listed = legal_actions(state)
        if not listed:
            return
        state = apply(state, listed[pick % len(listed)])
        yield state

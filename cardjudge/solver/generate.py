"""Puzzles generated from a card pool, each with a proved unique solution.

Two methods build candidates through the game contract (``build_position`` of the game's rules
package), each candidate from its own random stream (the seed and its number, through a hash
that is the same in every process), so the same seed gives the same puzzles however many
workers share the work:

- ``constructive`` (the default): a random board, then a random line played forward by the
  solver's side (the opponent passive); the opponent's life is set to exactly what that line
  dealt, so the goal is just in reach of it and out of reach of every line that deals less
  (goal ``destroy``: the goal names the opponent's cards that line removed from the field);
- ``random``: a random board and a random life total (goal ``destroy``: all the opponent's
  cards on the field), kept only if the solver finds it sound.

Either way a candidate is kept only if the search proves a solution of the wanted length, no
shorter one, and no second solution (:func:`cardjudge.solver.puzzles.check_puzzle`'s notion);
then red herrings (cards that look useful) are added one at a time, each kept only if the
puzzle is still unique with the same solution. Each puzzle carries its metrics and rating
(:mod:`cardjudge.solver.rating`).
"""

from __future__ import annotations

import copy
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from cardjudge.cards.loader import CardPool, library, load_cards
from cardjudge.errors import InputError
from cardjudge.rules import all_rules, games, rules_for
from cardjudge.rules.core.engine import apply_within_turn, legal_actions, load_position
from cardjudge.rules.core.stable_digest import stable_digest, stable_hash
from cardjudge.solver.combos import COUNTED, find_combos, goal_domain
from cardjudge.solver.goals import parse_goal
from cardjudge.solver.puzzles import Puzzle, new_puzzle
from cardjudge.solver.rating import metrics_of, rating_of
from cardjudge.solver.solutions import group_solutions
from cardjudge.solver.workers import judge_candidates

METHODS = ("constructive", "random")
# solution lengths (counted actions) for each difficulty
LENGTHS = {"easy": (2, 2), "medium": (3, 3), "hard": (4, 5)}


def generating_games() -> tuple:
    """The registered games whose rules build puzzle boards."""
    return tuple(rules.name for rules in all_rules() if rules.puzzle_boards is not None)
SEARCH_NODES = 60_000  # per search of a candidate: a candidate that needs more is rejected as "search cut short"
REJECTIONS = ("no damage", "nothing destroyed", "no solution", "too short", "too long", "not unique",
              "search cut short", "duplicate")
# what a generated puzzle asks: win this turn, or destroy the opponent's cards the goal names
# (Hearthstone's "Board Clear"): by the line played forward, or all of them (random method)
GOALS = ("win", "destroy")


@dataclass(frozen=True)
class Request:
    """What to generate: everything that decides the puzzles (the seed included), so that a
    worker given a Request and candidate numbers makes the same candidates as any other."""

    game: str
    pool: tuple  # card names the boards are drawn from
    pool_source: str | None  # a card file, when the pool is not the library
    goal: str = "win"
    seed: int = 0
    difficulty: str = "easy"
    max_actions: int | None = None
    opponent: str = "passive"
    method: str = "constructive"
    red_herrings: int = 1

    def lengths(self) -> tuple[int, int]:
        low, high = LENGTHS[self.difficulty]
        if self.max_actions is not None:
            high = min(high, self.max_actions)
            low = min(low, high)
        return low, high


@dataclass(frozen=True)
class Outcome:
    """What became of one candidate: its number, the puzzle (None when rejected), the reason
    it was rejected, and its stable digest (for deduplication)."""

    number: int
    puzzle: Puzzle | None
    rejected: str | None
    digest: str | None = None
    seconds: float = 0.0


@dataclass
class GenerateResult:
    """The puzzles kept (in candidate order), how many candidates were tried, the rejections
    by reason, the time taken, and the seconds each process (by its id; not with Ray) spent
    judging candidates, those judged once enough were kept aside (what was busy and idle)."""

    puzzles: list = field(default_factory=list)
    tried: int = 0
    rejected: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    workers: int = 1
    busy: dict = field(default_factory=dict)


def candidate_seed(seed: int, number: int) -> int:
    """The random seed of candidate ``number``: the same in every process."""
    return int(stable_hash(("cardjudge-candidate", seed, number))[:16], 16)


# --- boards ------------------------------------------------------------------------------------


def _pool_of(game: str, pool: "str | CardPool | None") -> tuple[CardPool, str | None]:
    if pool is None or pool == game:
        return library(game), None
    if isinstance(pool, CardPool):
        return pool, None
    if pool in games():
        raise InputError(f"pool {pool!r} is another game than {game!r}")
    cards = load_cards(pool, game)
    return library(game).merged(cards), str(pool)


def _boards(game: str):
    """The game's puzzle boards (its rules have them: ``request_for`` checked)."""
    return rules_for(game).puzzle_boards


def _kinds(game: str, pool: CardPool, names) -> dict:
    """The pool's card names sorted into what a board is built from."""
    return _boards(game).card_kinds(pool, names)


def _position(request: Request, pool: CardPool, rng: random.Random, kinds: dict, life: int) -> dict:
    return _boards(request.game).board(rng, kinds, pool, life)


def _game_of(pool: "str | CardPool | None") -> str:
    """The game of a pool (a CardPool, a game's name, a card file or folder); with no pool, the
    first registered game whose rules build puzzle boards."""
    if isinstance(pool, CardPool):
        return pool.game
    if pool is None:
        return generating_games()[0]
    return pool if pool in games() else load_cards(pool).game


def _with_life(game: str, position: dict, life: int) -> dict:
    position["players"]["opponent"][rules_for(game).life_key] = life
    return position


def _life(state, player: str = "opponent") -> int:
    return state.player(player).life


# --- one candidate -------------------------------------------------------------------------------


def _forward_damage(state, rng: random.Random, budget: int) -> int:
    """What a random line of at most ``budget`` counted actions of the side to move deals to the
    opponent this turn (the opponent passing whenever it may)."""
    start = _life(state)
    state = _forward_line(state, rng, budget)
    return start - _life(state) if state.winner is None else start


def _forward_destroyed(state, rng: random.Random, budget: int) -> list[str]:
    """The labels of the opponent's cards on the field that a random line of at most ``budget``
    counted actions removes from there this turn (the game not over)."""
    before = _field_labels(state, "opponent")
    after = _forward_line(state, rng, budget)
    if after.winner is not None:
        return []
    left = set(_field_labels(after, "opponent"))
    return [label for label in before if label not in left]


def _field_labels(state, player: str) -> list[str]:
    zones = sorted(rules_for(state.game).field_zones)
    return [state.objects[oid].label for zone in zones for oid in state.zone(player, zone)]


def _destroy_goal(labels: list[str]) -> str:
    return "destroy: [" + ", ".join(labels) + "]"


def _forward_line(state, rng: random.Random, budget: int):
    """The state after a random line of at most ``budget`` counted actions of the side to move,
    within this turn (the opponent passing whenever it may)."""
    turn, counted = state.turn, 0
    for _ in range(80):
        if state.winner is not None or state.turn != turn:
            break
        actions = legal_actions(state)
        if not actions:
            break
        if actions[0].player != "you":
            passes = [a for a in actions if a.kind == "pass"]
            state = apply_within_turn(state, passes[0] if passes else rng.choice(actions))
            continue
        useful = [a for a in actions if a.kind in COUNTED] if counted < budget else []
        passes = [a for a in actions if a.kind == "pass"]
        attacks = [a for a in useful if a.kind == "attack"]
        if attacks and rng.random() < 0.9:  # a line that deals damage attacks when it can
            action = rng.choice(attacks)
            counted += 1
        elif useful and (not passes or rng.random() < 0.75):
            action = rng.choice(useful)
            counted += 1
        else:
            action = rng.choice(passes or actions)
        state = apply_within_turn(state, action)
    return state


def _solutions(state, request: Request, goal, max_actions: int):
    result = find_combos(state, goal, max_actions=max_actions, opponent=request.opponent, all_lines=True,
                         limit_nodes=SEARCH_NODES, limit_seconds=None)
    domain = goal_domain(state, goal)
    return result, group_solutions(domain, state, result.lines, goal.player, goal)


def _verdict(state, request: Request, goal) -> tuple[str | None, object, list]:
    """(why the position is rejected or None, the search result, its solutions)."""
    low, high = request.lengths()
    result, solutions = _solutions(state, request, goal, high)
    if not result.complete:
        return "search cut short", result, solutions
    if not solutions:
        return "no solution", result, solutions
    if solutions[0].length < low:
        return "too short", result, solutions
    if len(solutions) > 1:
        return "not unique", result, solutions
    return None, result, solutions


def make_candidate(request: Request, number: int) -> Outcome:
    """Build and judge candidate ``number`` of ``request`` (deterministic in both)."""
    started = time.perf_counter()
    pool, _ = _pool_of(request.game, request.pool_source or request.game)
    names = set(request.pool)
    kinds = _kinds(request.game, pool, names)
    rng = random.Random(candidate_seed(request.seed, number))
    low, high = request.lengths()

    def rejected(reason: str) -> Outcome:
        return Outcome(number, None, reason, None, time.perf_counter() - started)

    full_life = _boards(request.game).starting_life
    goal_text = request.goal
    if request.method == "constructive" and request.goal == "destroy":
        position = _position(request, pool, rng, kinds, full_life)
        destroyed = _forward_destroyed(load_position(position), rng, rng.randint(low, high))
        if not destroyed:
            return rejected("nothing destroyed")
        goal_text = _destroy_goal(destroyed)
    elif request.method == "constructive":
        position = _position(request, pool, rng, kinds, full_life)
        damage = _forward_damage(load_position(position), rng, rng.randint(low, high))
        if damage <= 0:
            return rejected("no damage")
        position = _with_life(request.game, position, damage)
    elif request.goal == "destroy":
        position = _position(request, pool, rng, kinds, full_life)
        targets = _field_labels(load_position(position), "opponent")
        if not targets:
            return rejected("nothing destroyed")
        goal_text = _destroy_goal(targets)
    else:
        life = _boards(request.game).random_life(rng)
        position = _position(request, pool, rng, kinds, life)
    state = load_position(position)
    goal = parse_goal(goal_text, state, "you")
    why, result, solutions = _verdict(state, request, goal)
    if why:
        return rejected(why)
    solution = solutions[0]
    nodes = result.stats.nodes
    position, state, solution, herrings, extra_nodes = _add_red_herrings(request, rng, kinds, position, state, goal,
                                                                         solution)
    metrics = metrics_of(state, goal, solution.line, request.opponent, herrings, nodes + extra_nodes)
    puzzle = new_puzzle(state, goal_text, solution.line, name=f"{request.game}-{request.seed}-{number}",
                        player="you", opponent=request.opponent, max_actions=solution.length,
                        difficulty=rating_of(metrics), metrics=metrics, seed=request.seed,
                        author="cardjudge puzzle generate",
                        source=f"generated ({request.method}, candidate {number})")
    return Outcome(number, puzzle, None, stable_digest(state), time.perf_counter() - started)


def _add_red_herrings(request: Request, rng: random.Random, kinds: dict, position: dict, state, goal, solution):
    """Cards that look useful added to the solver's hand or field, each kept only if the puzzle
    keeps one solution of the same length."""
    herrings, nodes = 0, 0
    boards = _boards(request.game)
    zone, pick, fields = boards.red_herrings(kinds)
    for _ in range(request.red_herrings):
        if not pick:
            break
        trial = _plus_card(position, zone, rng.choice(pick), fields, boards.zone_size)
        if trial is None:
            continue
        try:
            trial_state = load_position(trial)
        except InputError:
            continue
        why, result, solutions = _verdict(trial_state, request, goal)
        nodes += result.stats.nodes
        if why is None and solutions[0].length == solution.length:
            position, state, solution = trial, trial_state, solutions[0]
            herrings += 1
    return position, state, solution, herrings, nodes


def _plus_card(position: dict, zone: str, card: str, fields: dict, zone_size: int | None) -> dict | None:
    """The position with ``card`` added to the solver's ``zone``; None when the zone is full."""
    trial = copy.deepcopy(position)
    entries = trial["players"]["you"].setdefault(zone, [])
    if zone_size is not None and len(entries) >= zone_size:
        return None
    label = f"R{len(entries) + 1}{zone[0].upper()}"
    entries.append({"card": card, "id": label, **fields})
    return trial


# --- many candidates -----------------------------------------------------------------------------


def request_for(game: str, pool: "str | CardPool | None" = None, goal: str = "win", seed: int = 0,
                difficulty: str | None = "easy", max_actions: int | None = None, opponent: str = "passive",
                method: str = "constructive", red_herrings: int = 1) -> Request:
    """A :class:`Request` checked: a known game, method, difficulty and a pool that builds boards."""
    if game not in generating_games():
        raise InputError(f"puzzles can be generated for {', '.join(generating_games())}, not {game!r}")
    if method not in METHODS:
        raise InputError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
    difficulty = difficulty or "easy"
    if difficulty not in LENGTHS:
        raise InputError(f"difficulty must be one of {', '.join(LENGTHS)}, not {difficulty!r}")
    if goal not in GOALS:
        raise InputError(f"generated puzzles have the goal 'win' (a line that deals the opponent's life) or "
                         f"'destroy' (a line that removes the opponent's cards the goal names), not {goal!r}")
    cards, source = _pool_of(game, pool)
    names = tuple(sorted(cards.cards))
    if not _kinds(game, cards, names):
        raise InputError(f"the pool has no card to build {game} boards with")
    return Request(game, names, source, goal, seed, difficulty, max_actions, opponent, method, red_herrings)


def generate_puzzles(pool: "str | CardPool | None" = None, game: str | None = None, goal: str = "win", count: int = 1,
                     seed: int = 0, difficulty: str | None = "easy", max_actions: int | None = None,
                     opponent: str = "passive", method: str = "constructive", workers: int = 1,
                     max_candidates: int | None = None, red_herrings: int = 1, ray: str | None = None,
                     progress: Callable[[GenerateResult], None] | None = None) -> GenerateResult:
    """``count`` puzzles from ``pool`` (a card file, a CardPool, or the game's library), each
    with a proved unique solution; the same ``seed`` gives the same puzzles with any number of
    ``workers`` (processes; ``ray``: the address of a Ray cluster, or ``local``). ``game``: by
    default the pool's game, else the first registered game whose rules build puzzle boards.

    Candidates are judged in batches and taken in candidate order; a candidate whose position
    (by stable digest) was already kept is rejected as a duplicate. ``max_candidates`` (default
    ``200 * count``) bounds the work: fewer puzzles are returned if it runs out.
    """
    if game is None:
        game = _game_of(pool)
    request = request_for(game, pool, goal, seed, difficulty, max_actions, opponent, method, red_herrings)
    limit = max_candidates if max_candidates is not None else 200 * count
    result = GenerateResult(workers=workers)
    started = time.perf_counter()
    seen: set = set()
    number = 0
    batch = max(4, 2 * workers)
    for outcomes in judge_candidates(request, limit, batch, workers, ray, job=make_candidate, busy=result.busy):
        for outcome in outcomes:
            if len(result.puzzles) >= count:
                break
            result.tried += 1
            if outcome.puzzle is None:
                result.rejected[outcome.rejected] += 1
            elif outcome.digest in seen:
                result.rejected["duplicate"] += 1
            else:
                seen.add(outcome.digest)
                result.puzzles.append(outcome.puzzle)
        number += len(outcomes)
        result.seconds = time.perf_counter() - started
        if progress is not None:
            progress(result)
        if len(result.puzzles) >= count:
            break
    result.seconds = time.perf_counter() - started
    return result

"""Tiny domains for testing the search engine, each a few lines of rules.

Each domain has a ``root`` state and a ``goal(state)`` test besides the methods of
:class:`cardjudge.solver.search.Domain`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


class _NoChance:
    def chance_outcomes(self, state) -> list:
        return []


# -- counter puzzle: one player, every move counted except "pass" ----------------------------


@dataclass(frozen=True, slots=True)
class CounterState:
    value: int = 0


class Counter(_NoChance):
    """Reach ``target`` from 0 with "+1", "+3" and "x2"; "pass" does nothing and is not counted.

    Overshooting ends the game (no move ever decreases the value).
    """

    MOVES = ("+1", "+3", "x2", "pass")

    def __init__(self, target: int):
        self.target = target
        self.root = CounterState(0)

    def goal(self, state: CounterState) -> bool:
        return state.value == self.target

    def actor(self, state: CounterState) -> str | None:
        return "you" if state.value <= self.target else None

    def actions(self, state: CounterState) -> list:
        return list(self.MOVES) if self.actor(state) else []

    def apply(self, state: CounterState, action: str) -> CounterState:
        value = state.value
        new = {"+1": value + 1, "+3": value + 3, "x2": value * 2, "pass": value}[action]
        return CounterState(new)

    def key(self, state: CounterState):
        return state.value

    def counts(self, action: str) -> bool:
        return action != "pass"

    def is_pass(self, action: str) -> bool:
        return action == "pass"


# -- take-away: two players take 1 or 2 stones, whoever takes the last one wins --------------


@dataclass(frozen=True, slots=True)
class TakeAwayState:
    stones: int
    to_move: str = "you"


class TakeAway(_NoChance):
    """Take 1 or 2 stones in turn; taking the last stone wins. "you" wins from a non-multiple
    of 3. With ``opponent_may_pass`` the opponent may also pass instead of taking."""

    def __init__(self, stones: int, opponent_may_pass: bool = False):
        self.root = TakeAwayState(stones)
        self.opponent_may_pass = opponent_may_pass

    def goal(self, state: TakeAwayState) -> bool:
        return state.stones == 0 and state.to_move == "opponent"  # "you" took the last one

    def actor(self, state: TakeAwayState) -> str | None:
        return state.to_move if state.stones else None

    def actions(self, state: TakeAwayState) -> list:
        if not state.stones:
            return []
        takes = [f"take{n}" for n in (1, 2) if n <= state.stones]
        if state.to_move == "opponent" and self.opponent_may_pass:
            takes.append("pass")
        return takes

    def apply(self, state: TakeAwayState, action: str) -> TakeAwayState:
        other = "opponent" if state.to_move == "you" else "you"
        taken = 0 if action == "pass" else int(action[-1])
        return TakeAwayState(state.stones - taken, other)

    def key(self, state: TakeAwayState):
        return (state.stones, state.to_move)

    def counts(self, action: str) -> bool:
        return action != "pass"

    def is_pass(self, action: str) -> bool:
        return action == "pass"


# -- dice: "step" adds 1, "roll" adds a die of 1..3; reach exactly 3, more busts ------------


@dataclass(frozen=True, slots=True)
class DiceState:
    total: int = 0
    rolling: bool = False


class Dice:
    """Reach a total of exactly ``target`` with "step" (+1) or "roll" (+1, +2 or +3, each with
    probability 1/3); both are counted, going over ends the game."""

    def __init__(self, target: int = 3):
        self.target = target
        self.root = DiceState()

    def goal(self, state: DiceState) -> bool:
        return state.total == self.target and not state.rolling

    def actor(self, state: DiceState) -> str | None:
        if state.rolling:
            return "chance"
        return "you" if state.total < self.target else None

    def actions(self, state: DiceState) -> list:
        return ["roll", "step"] if self.actor(state) == "you" else []

    def chance_outcomes(self, state: DiceState) -> list:
        return [(face, Fraction(1, 3)) for face in (1, 2, 3)] if state.rolling else []

    def apply(self, state: DiceState, action) -> DiceState:
        if state.rolling:
            return DiceState(state.total + action)
        if action == "roll":
            return DiceState(state.total, rolling=True)
        return DiceState(state.total + 1)

    def key(self, state: DiceState):
        return (state.total, state.rolling)

    def counts(self, action) -> bool:
        return action in ("roll", "step")

    def is_pass(self, action) -> bool:
        return False


# -- score: moves whose order matters -------------------------------------------------------


class Score(_NoChance):
    """Reach at least ``target`` from ``start`` with "+1" and "x2" (both counted): +1 then x2 and
    x2 then +1 reach different totals, so their order matters."""

    def __init__(self, start: int = 2, target: int = 5):
        self.target = target
        self.root = CounterState(start)

    def goal(self, state: CounterState) -> bool:
        return state.value >= self.target

    def actor(self, state: CounterState) -> str | None:
        return "you" if state.value < self.target else None

    def actions(self, state: CounterState) -> list:
        return ["+1", "x2"] if self.actor(state) else []

    def apply(self, state: CounterState, action: str) -> CounterState:
        return CounterState(state.value + 1 if action == "+1" else state.value * 2)

    def key(self, state: CounterState):
        return state.value

    def counts(self, action: str) -> bool:
        return True

    def is_pass(self, action: str) -> bool:
        return False


# -- toggles: independent switches, so different orders reach the same position --------------


@dataclass(frozen=True, slots=True)
class ToggleState:
    on: frozenset = frozenset()


class Toggles(_NoChance):
    """``n`` switches, each flipped by "flip<i>" (counted); the goal is exactly ``want`` on."""

    def __init__(self, n: int = 2, want=(0, 1)):
        self.n = n
        self.want = frozenset(want)
        self.root = ToggleState()

    def goal(self, state: ToggleState) -> bool:
        return state.on == self.want

    def actor(self, state: ToggleState) -> str:
        return "you"

    def actions(self, state: ToggleState) -> list:
        return [f"flip{i}" for i in range(self.n)]

    def apply(self, state: ToggleState, action: str) -> ToggleState:
        return ToggleState(state.on ^ {int(action[4:])})

    def key(self, state: ToggleState):
        return state.on

    def counts(self, action: str) -> bool:
        return True

    def is_pass(self, action: str) -> bool:
        return False


# -- lamps: copies and uncounted steps, some needed, some not --------------------------------


@dataclass(frozen=True, slots=True)
class LampsState:
    total: int = 0
    unlocked: bool = False
    lit: frozenset = frozenset()


class Lamps(_NoChance):
    """Reach a total of exactly ``target`` with counted moves "add1:a" and "add1:b" (two
    interchangeable copies of one move) and "add2" (only once "unlock" was done). "unlock" and
    "light0"/"light1" (which change nothing that matters) are not counted; a lamp lit stays lit.
    """

    def __init__(self, target: int = 3):
        self.target = target
        self.root = LampsState()

    def goal(self, state: LampsState) -> bool:
        return state.total == self.target

    def actor(self, state: LampsState) -> str | None:
        return "you" if state.total < self.target else None

    def actions(self, state: LampsState) -> list:
        if self.actor(state) is None:
            return []
        moves = ["add1:a", "add1:b"]
        moves.append("add2" if state.unlocked else "unlock")
        moves += [f"light{i}" for i in (0, 1) if i not in state.lit]
        return moves

    def apply(self, state: LampsState, action: str) -> LampsState:
        if action.startswith("add"):
            return LampsState(state.total + int(action[3]), state.unlocked, state.lit)
        if action == "unlock":
            return LampsState(state.total, True, state.lit)
        return LampsState(state.total, state.unlocked, state.lit | {int(action[5:])})

    def key(self, state: LampsState):
        return (state.total, state.unlocked, state.lit)

    def counts(self, action: str) -> bool:
        return action.startswith("add")

    def is_pass(self, action: str) -> bool:
        return False

    def signature(self, state: LampsState, action: str) -> str:
        """The two copies of "add1" are one decision."""
        return action.split(":")[0]

    identity = signature


# -- loops: domains for search_cycles, each with ``measure(state) -> (base, resources)`` ------


class _LoopDomain(_NoChance):
    """Common parts of the loop domains: one player, counted actions are all but "stop"."""

    def actor(self, state) -> str | None:
        return None if state.over else "you"

    def key(self, state):
        return state

    def counts(self, action: str) -> bool:
        return action != "stop"

    def is_pass(self, action: str) -> bool:
        return action == "stop"


@dataclass(frozen=True, slots=True)
class FlipState:
    face_up: bool = False
    over: bool = False


class Toggle(_LoopDomain):
    """A card that flips itself each time it is flipped, with nothing else to do: an exact,
    mandatory loop (the only action is "flip")."""

    root = FlipState()

    def actions(self, state: FlipState) -> list:
        return [] if state.over else ["flip"]

    def apply(self, state: FlipState, action: str) -> FlipState:
        return FlipState(not state.face_up)

    @staticmethod
    def measure(state: FlipState):
        return state, {}


@dataclass(frozen=True, slots=True)
class MonolithState:
    tapped: bool = False
    mana: int = 0
    over: bool = False


class Monolith(_LoopDomain):
    """"tap" an untapped rock for 3 mana, "untap" it for 2 mana, or "stop": an optional loop
    that pumps 1 mana per iteration."""

    root = MonolithState()

    def actions(self, state: MonolithState) -> list:
        if state.over:
            return []
        moves = ["untap"] if state.tapped and state.mana >= 2 else []
        return (moves if state.tapped else ["tap"]) + ["stop"]

    def apply(self, state: MonolithState, action: str) -> MonolithState:
        if action == "tap":
            return MonolithState(True, state.mana + 3)
        if action == "untap":
            return MonolithState(False, state.mana - 2)
        return MonolithState(state.tapped, state.mana, True)

    @staticmethod
    def measure(state: MonolithState):
        return (state.tapped, state.over), {"mana": state.mana}


@dataclass(frozen=True, slots=True)
class OnceState:
    used: bool = False
    life: int = 20
    over: bool = False


class OncePerTurn(_LoopDomain):
    """"gain" 1 life once per turn, or "stop" (the turn ends): the static cycle a once-per-turn
    limit bounds to one use."""

    root = OnceState()

    def actions(self, state: OnceState) -> list:
        if state.over:
            return []
        return (["gain"] if not state.used else []) + ["stop"]

    def apply(self, state: OnceState, action: str) -> OnceState:
        if action == "gain":
            return OnceState(True, state.life + 1)
        return OnceState(state.used, state.life, True)

    @staticmethod
    def measure(state: OnceState):
        return (state.used, state.over), {"life": state.life}


@dataclass(frozen=True, slots=True)
class PayState:
    life: int = 3
    cards: int = 0
    over: bool = False


class PayLife(_LoopDomain):
    """"pay" 1 life to draw a card while life is above 1, or "stop": a loop that a running-out
    resource bounds (two uses from 3 life)."""

    root = PayState()

    def actions(self, state: PayState) -> list:
        if state.over:
            return []
        return (["pay"] if state.life > 1 else []) + ["stop"]

    def apply(self, state: PayState, action: str) -> PayState:
        if action == "pay":
            return PayState(state.life - 1, state.cards + 1)
        return PayState(state.life, state.cards, True)

    @staticmethod
    def measure(state: PayState):
        return state.over, {"life": state.life, "cards": state.cards}

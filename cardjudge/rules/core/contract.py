"""The game contract: what a game package gives the core, the card loader, the CLI and the solver.

Each game package exports one ``RULES`` object (a :class:`Rules`) and has one line in the
registry (:mod:`cardjudge.rules`). Nothing outside a game's package names that game's zones,
game-data keys or words: they reach the rest of the program through this record. The parts a
game need not have carry a default (``settled``: nothing on the chain and nothing pending), or are
None where the capability is absent (a game with no ``puzzle_boards`` cannot have puzzles
generated for it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from cardjudge.rules.core.derived import Derived


@runtime_checkable
class GameRules(Protocol):
    """What every registered game provides (see :class:`Rules` for each part's meaning)."""

    name: str
    field_zones: frozenset
    ordered_zones: frozenset
    id_data: frozenset
    id_extra: frozenset
    characteristics: Mapping
    required: tuple
    life_key: str | None
    life_word: str

    def compile_ability(self, raw: Any, index: int, fields: dict) -> Any: ...
    def check_card(self, card: Any, source: str, line: int | None) -> None: ...
    def load_position(self, data: dict, source: str) -> Any: ...
    def to_dict(self, state: Any) -> dict: ...
    def legal_actions(self, state: Any) -> list: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def apply_within_turn(self, state: Any, action: Any) -> Any: ...
    def goal_env(self, state: Any, player: str) -> dict: ...
    def settled(self, state: Any) -> bool: ...
    def in_play(self, state: Any, obj: Any) -> bool: ...
    def ability_facts(self, card: Any, ability: Any) -> Any: ...


def _nothing_pending(state) -> bool:
    """Nothing on the chain or stack and nothing pending: the default ``settled``."""
    return not state.chain and not state.pending


def _no_card_check(card, source, line) -> None:
    """The default ``check_card``: the loader's type checks are all a game needs."""


def _no_wrong_value(fields: dict) -> None:
    """The default ``wrong_value``: every value of the right type is allowed."""


def _no_words(state, action) -> None:
    """The default ``listing_text``: actions are listed by their own text."""


def _in_chains(action) -> bool:
    """The default ``not_in_chains``: every action but the contract's summons, Sets, attacks and
    land plays may be part of a chain."""
    return False


def _nothing_to_upgrade(ability) -> list:
    """The default ``upgrade_ability``: a game whose card language never changed."""
    return []


def _no_note(position: dict) -> None:
    """The default ``no_chain_note``: nothing to add to "no chain can be built"."""


@dataclass(frozen=True)
class PuzzleBoards:
    """How a game builds the boards of generated puzzles (``Rules.puzzle_boards``).

    ``card_kinds(pool, names)``: the names sorted into what a board is built from (empty: the
    pool builds no board); ``board(rng, kinds, pool, life)``: a random position whose opponent
    has ``life``; ``starting_life``: a player's life at the start of a game; ``random_life(rng)``:
    a low life for the random method; ``red_herrings(kinds)``: the zone cards that look useful go
    to, the names to pick from, the fields of their entries; ``zone_size``: how many cards that
    zone holds (None: no limit)."""

    card_kinds: Callable
    board: Callable
    starting_life: int
    random_life: Callable
    red_herrings: Callable
    zone_size: int | None = None


@dataclass(frozen=True)
class Rules:
    """One game's part of the contract (the registry maps a game's name to its package's ``RULES``).

    Data:

    - ``name``: the game's key in files (``game: NAME``).
    - ``field_zones``: zones whose cards are listed under (and controlled by) their controller
      rather than their owner.
    - ``ordered_zones``: zones whose order matters (the top of a deck is drawn first); other zones
      are multisets for the canonical key.
    - ``id_data``: the ``State.game_data`` keys whose values are (tuples of) object ids;
      ``id_extra``: the ``Obj.extra`` keys that hold the id of another object.
    - ``characteristics``: the printed fields a card may carry besides name, text and abilities,
      each with its type (or tuple of types); ``required``: the fields every card must have.
    - ``life_key``: a player's life total in position files (None: the game has none);
      ``life_word``: how people call it ("LP", "life"); ``header_totals``: the numbers of a
      player shown above a listing, as (key, word) pairs (default: the life total).
    - ``played_zones``: where a card played is found besides face-up on the field (goals' "play:");
      ``attached_key``: the key of a card's entry listing the cards attached to it.
    - ``shared_zones``: top-level lists of a position that are zones of no player (the stack);
      ``zone_words``: how to say a zone whose key is not a plain word.

    Functions: ``compile_ability(raw, index, fields)``, ``check_card(card, source, line)``,
    ``wrong_value(fields)`` (message and field, or None), ``load_position(data, source)``,
    ``to_dict``, ``legal_actions``, ``apply``, ``apply_within_turn`` (an ``apply`` that stops once
    the turn has changed), ``goal_env(state, player)``, ``settled(state)``, ``in_play(state, obj)``,
    ``ability_facts(card, ability)``, ``card_abilities(card)`` (keyword abilities included),
    ``listing_text(state, action)``, ``life_totals(position)`` (each player's total, from
    ``to_dict``), ``no_chain_note(position)``; the optional capabilities ``build_position``
    (a position from cards by zone), ``loop_position(placements, written)`` (a position for a
    cycle of the loop analysis), ``puzzle_boards`` (:class:`PuzzleBoards`, for generated puzzles),
    ``played(obj)`` (whether a card was played, for goals), ``chain_settled(state)`` (a chain
    listing's chain has resolved), ``not_in_chains(action)`` (an action a chain listing does not
    follow), ``upgrade_ability(raw)`` (rewrite an ability of the older card language in place; the
    changes in words) and ``mandatory_loop`` (None: a mandatory loop is a draw; else
    the rule that breaks it by sending its source to the graveyard); for the searches' speed and
    the loop analysis, ``legal_actions_except(state, kinds)`` (the listing without the actions of
    ``kinds``, when the game can tell without building it all; else None) and
    ``apply_stepwise(state, action)`` (an ``apply`` that leaves each resolution from the stack to
    the players' passes, for searches that must see every one; None: ``apply``), and
    ``cannot_lose(state)`` (the players a rule keeps in the game: Platinum Angel); for a judge's
    answers, ``why_not(state, oid, kind)`` (every reason the card's action of ``kind`` is not
    legal, from the legality checks) and ``copies(state, oid)`` (the interchangeable copies of a
    card whose actions the listing folds into one); ``check_expression_types(fields, ability)``: the
    check of an ability's expressions (their types, the names they read) as its card is read;
    ``needless_actions(state, searcher, goal_text, last_turn, opponent)``: for a search of the
    shortest lines from ``state`` to a goal (``opponent``: passive or adversarial), a predicate
    ``(state, action)`` of the searcher's actions that no line needs (each line with one has a
    line of the same solution, or a shorter one, without any), proved from the position's cards;
    None when nothing can be left out (Magic: ``mtg/needless.py``).

    The record of a state's derived values: ``derived``, the class of the record every state of
    the game holds (``State.derived()``): :class:`~cardjudge.rules.core.derived.Derived` or a
    subclass with the game's own fields, declared in the game's package (``<game>/derived.py``);
    each is declared with ``derived_record`` (a slots dataclass whose fields all start as None).
    """

    name: str
    compile_ability: Callable
    load_position: Callable
    to_dict: Callable
    legal_actions: Callable
    apply: Callable
    goal_env: Callable
    ability_facts: Callable
    characteristics: Mapping
    required: tuple
    field_zones: frozenset
    ordered_zones: frozenset = frozenset({"deck"})
    id_data: frozenset = frozenset()
    id_extra: frozenset = frozenset()
    life_key: str | None = "life"
    life_word: str = "life"
    header_totals: tuple | None = None
    shared_zones: frozenset = frozenset()
    zone_words: Mapping = field(default_factory=dict)
    check_card: Callable = _no_card_check
    wrong_value: Callable = _no_wrong_value
    apply_within_turn: Callable | None = None
    settled: Callable = _nothing_pending
    in_play: Callable | None = None
    card_abilities: Callable | None = None
    listing_text: Callable = _no_words
    life_totals: Callable | None = None
    no_chain_note: Callable = _no_note
    build_position: Callable | None = None
    loop_position: Callable | None = None
    puzzle_boards: PuzzleBoards | None = None
    mandatory_loop: str | None = None
    played_zones: frozenset = frozenset()
    played: Callable | None = None
    attached_key: str | None = None
    chain_settled: Callable = _nothing_pending
    not_in_chains: Callable = _in_chains
    upgrade_ability: Callable = _nothing_to_upgrade
    legal_actions_except: Callable | None = None
    apply_stepwise: Callable | None = None
    cannot_lose: Callable | None = None
    why_not: Callable | None = None
    copies: Callable | None = None
    check_expression_types: Callable | None = None
    derived: type = Derived
    needless_actions: Callable | None = None

    def __post_init__(self) -> None:
        # the defaults that depend on the game's other parts
        if self.apply_within_turn is None:
            object.__setattr__(self, "apply_within_turn", self.apply)
        if self.in_play is None:
            zones = self.field_zones
            object.__setattr__(self, "in_play", lambda state, obj: obj.zone in zones)
        if self.card_abilities is None:
            object.__setattr__(self, "card_abilities", lambda card: card.abilities)
        if self.header_totals is None:
            object.__setattr__(self, "header_totals", ((self.life_key, self.life_word),) if self.life_key else ())
        if self.played is None:
            zones, played = self.field_zones, self.played_zones
            object.__setattr__(self, "played", lambda obj: (obj.zone in zones and obj.face_up) or obj.zone in played)
        if self.life_totals is None:
            object.__setattr__(self, "life_totals", self._life_totals)

    def _life_totals(self, position: Mapping) -> dict:
        """Each player's life total, from a position's ``to_dict``."""
        key = self.life_key
        return {player: body[key] for player, body in (position.get("players") or {}).items()
                if isinstance(body, Mapping) and key in body}

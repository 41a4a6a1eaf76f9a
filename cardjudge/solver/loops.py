"""Loops of a card pool or a position: found, classified, and proved where it can be done.

Deciding in general whether play terminates is impossible (forced-play Magic is Turing
complete), so the analysis says which of three things it established for each candidate:

1. the **dependency graph** (:mod:`loop_graph`) of the pool's abilities, from each game's
   declared ``ability_facts``: without a cycle it is a proof that the pool has no loop;
2. each cycle of the graph is checked against what the rules bound: a use limit (once per
   turn) or a resource it consumes that nothing in the cycle produces makes it ``bounded``;
3. in a position (given, or built for the cycle from a pool), a cycle is **confirmed by search**
   (:func:`cycles.search_cycles`, restricted to the cycle's cards): a line that comes back to the
   same position up to resources that only grow is a loop, classified by the game's loop policy
   (:mod:`loop_policy`) and given with a **certificate** that replays through ``apply``; a search
   that exhausts the restricted space proves it bounded; one that a limit cut short leaves it ``undecided``, never "no loop".

>>> result = find_loops("cardjudge/cards/eredan")  # doctest: +SKIP
>>> result.complete, result.loops  # doctest: +SKIP
(True, [])
"""

from __future__ import annotations

import dataclasses
import itertools
import time
from dataclasses import dataclass, field
from typing import Callable

from cardjudge.errors import InputError
from cardjudge.rules.core.canonical import canonical_key
from cardjudge.rules.core.engine import apply_stepwise, legal_actions, load_position, rules_for, to_dict
from cardjudge.solver.combos import COUNTED, EngineDomain
from cardjudge.solver.cycles import search_cycles
from cardjudge.solver.loop_graph import build_graph, list_cycles, paid
from cardjudge.solver.loop_policy import classify, life_word
from cardjudge.solver.loop_sources import read_sources

__all__ = ["Loop", "LoopsResult", "find_loops", "replay_certificate", "resources_of"]

#: actions that keep a search restricted to a cycle's cards going: passes and the choices they force
_ALWAYS_ALLOWED = frozenset({"pass", "choose", "order", "decline"})


@dataclass(frozen=True)
class Loop:
    """One loop or candidate loop, classified.

    ``kind``: mandatory | infinite | bounded | undecided; ``outcome``: draw | win | illegal |
    repeatable | bounded; ``yields``: resource -> change per iteration; ``bound``: the most
    iterations where known; ``broken_by``: the card the rules remove to break it;
    ``certificate``: ``{"position", "prefix", "actions"}`` when a search confirmed it;
    ``why``: the reason in words.
    """

    cards: tuple
    abilities: tuple  # ({"card", "ability", "text"}, ...)
    kind: str
    outcome: str
    yields: dict = field(default_factory=dict)
    bound: int | None = None
    broken_by: str | None = None
    certificate: dict | None = None
    why: str = ""
    searched: frozenset = field(default=frozenset(), compare=False)  # the cards whose search gave this answer

    def to_dict(self) -> dict:
        """Plain data in the form ``cardjudge loops --json`` prints."""
        return {"cards": list(self.cards), "abilities": [dict(a) for a in self.abilities], "kind": self.kind,
                "outcome": self.outcome, "yields": dict(self.yields), "bound": self.bound,
                "broken_by": self.broken_by, "certificate": self.certificate, "why": self.why}


@dataclass(frozen=True)
class LoopsResult:
    """The answer of :func:`find_loops`.

    ``complete`` is True only when nothing was left undecided: every cycle of the graph was
    listed and classified as a confirmed loop or a bounded one (or the graph has none).
    ``graph`` is the networkx dependency graph (node ``"Card#i"``; ``loop`` marks on the nodes
    and edges of cycles), ``stats`` what the analysis counted.
    """

    loops: list
    complete: bool
    reason: str
    stats: dict
    graph: object
    game: str = ""

    def to_dict(self) -> dict:
        """Plain data: ``{"game", "loops": [...], "complete", "reason", "stats"}``."""
        return {"game": self.game, "loops": [loop.to_dict() for loop in self.loops], "complete": self.complete,
                "reason": self.reason, "stats": dict(self.stats)}


def find_loops(source, *, max_cycle: int = 6, max_cycles: int = 1000, limit_nodes: int | None = 5000,
               limit_seconds: float | None = 30.0, static_only: bool = False, max_plies: int = 120,
               progress: Callable[[str], None] | None = None) -> LoopsResult:
    """The loops of ``source``: card files, folders, deck lists, positions (paths), a State or a
    CardPool, or a list of them (one game).

    - ``max_cycle``: the longest cycle of abilities listed; ``max_cycles``: how many are listed.
    - ``limit_nodes``: the budget of each confirming search (per position and set of cards);
      ``limit_seconds``: of all of them, per position; ``max_plies``: the longest line one follows.
    - ``static_only``: the graph and what the facts bound, no search.
    - ``progress(text)``: told what is being done.

    Raises InputError for bad input (see :func:`loop_sources.read_sources`).
    """
    started = time.perf_counter()
    pool = read_sources(source)
    graph = build_graph(pool.cards.values(), pool.game)
    listing = list_cycles(graph, max_length=max_cycle, max_count=max_cycles)
    stats = {"cards": len(pool.cards), "abilities": graph.number_of_nodes(), "edges": graph.number_of_edges(),
             "components": len(listing.components), "cycles": len(listing.cycles), "searches": 0,
             "nodes": 0, "positions": len(pool.positions)}
    for cycle in listing.cycles:
        for a, b in zip(cycle, cycle[1:] + cycle[:1]):
            graph.nodes[a]["loop"] = True
            graph.edges[a, b]["loop"] = True
    static = [_static_verdict(graph, pool.game, cycle) for cycle in listing.cycles]
    loops: list = []
    confirmed: list = []
    if not static_only:
        for state in pool.positions:
            confirmed += _confirm_in(state, graph, listing.cycles, static, stats, limit_nodes, limit_seconds,
                                     max_plies, progress)
        if not pool.positions and rules_for(pool.game).loop_position is not None:
            confirmed += _confirm_in_built(pool, graph, listing.cycles, static, stats, limit_nodes, limit_seconds,
                                           max_plies, progress)
    loops = _merged(static, confirmed)
    undecided = [loop for loop in loops if loop.kind == "undecided"]
    complete = listing.complete and not undecided
    stats["seconds"] = round(time.perf_counter() - started, 4)
    return LoopsResult(loops, complete, _reason(listing, loops, undecided, static_only, pool), stats, graph, pool.game)


def _reason(listing, loops, undecided, static_only, pool) -> str:
    if not listing.cycles and listing.complete:
        return listing.reason
    parts = [listing.reason]
    counts: dict = {}
    for loop in loops:
        counts[loop.kind] = counts.get(loop.kind, 0) + 1
    parts.append(", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())))
    if undecided:
        if static_only:
            parts.append("the undecided ones were not searched (static analysis only)")
        elif not pool.positions:
            parts.append("the undecided ones were not confirmed from the positions built for them; "
                         "give a position to decide them there")
        else:
            parts.append("the undecided ones were neither confirmed nor refuted within the limits")
    return "; ".join(parts)


# -- what the facts alone bound -----------------------------------------------------------------


def _abilities(graph, cycle) -> tuple:
    return tuple({"card": graph.nodes[n]["card"], "ability": graph.nodes[n]["index"], "text": graph.nodes[n]["text"]}
                 for n in cycle)


#: limits that bound a cycle by what only the players start, not to once a turn
_STARTED_BY_PLAYERS = {
    "normal_or_flip_summon": "only a Normal or Flip Summon starts it, which no effect performs: "
                             "the players' own summons of the turn bound the cycle",
    "destruction_by_battle": "only a monster destroyed by battle starts it: the turn's attacks bound the cycle",
    "synchro_summon": "only a Synchro Summon starts it, each using up a card of the Extra Deck",
}


def _static_verdict(graph, game: str, cycle: list) -> Loop:
    """A cycle of the graph, bounded when its facts say so, undecided otherwise."""
    facts = [graph.nodes[n]["facts"] for n in cycle]
    cards = tuple(dict.fromkeys(graph.nodes[n]["card"] for n in cycle))
    abilities = _abilities(graph, cycle)
    limited = [(graph.nodes[n]["card"], f.limit) for n, f in zip(cycle, facts) if f.limit]
    if limited:
        card, limit = limited[0]
        if limit in _STARTED_BY_PLAYERS:
            return Loop(cards, abilities, "bounded", "bounded", {}, None, None, None,
                        f"{card}: {_STARTED_BY_PLAYERS[limit]}")
        return Loop(cards, abilities, "bounded", "bounded", {}, 1, None, None,
                    f"{card} is limited ({limit.replace('_', ' ')}): the cycle goes round once at most per turn")
    produced = set().union(*(f.produces for f in facts))
    consumed = set().union(*(f.consumes for f in facts))
    running_out = sorted(consumed - paid(produced, consumed))
    if running_out:
        return Loop(cards, abilities, "bounded", "bounded", {}, None, None, None,
                    f"each time round it uses up {', '.join(running_out)}, which nothing in the cycle produces")
    mandatory = all(not f.optional for f in facts)
    return Loop(cards, abilities, "undecided", "bounded", {}, None, None, None,
                "a cycle of the dependency graph" + (" of mandatory abilities" if mandatory else "")
                + " not confirmed by a search")


# -- confirmation by search in a position ---------------------------------------------------------


def resources_of(state) -> tuple:
    """``(base, resources)`` of an engine state for :func:`search_cycles`: the canonical key of
    the state without life totals, mana pools and counters, and those amounts by name
    (``you.life`` / ``you.lp``, ``you.mana.G``, ``CardName.P1P1``)."""
    word = life_word(state.game)
    field_zones = rules_for(state.game).field_zones
    resources: dict = {}
    players = []
    for name, ps in zip(state.players, state.player_states):
        resources[f"{name}.{word}"] = ps.life
        mana = ps.get("mana_pool") or ""
        for symbol in mana:
            resources[f"{name}.mana.{symbol}"] = resources.get(f"{name}.mana.{symbol}", 0) + 1
        extra = tuple((k, v) for k, v in ps.extra if k != "mana_pool")
        players.append(dataclasses.replace(ps, life=0, extra=extra))
    objects = {}
    tokens = set()
    for oid, obj in state.objects.items():
        if "token" in obj.flags and obj.zone in field_zones and obj.equipped_to is None \
                and all(_plain_value(value) is not None for _, value in obj.extra):
            # tokens only grow in number round a loop that makes them: counted by what they are
            # (tapped, sick, attacking ... and their counters), not told apart by which is which
            state_words = (sorted(obj.flags - {"token"}) + [f"{name}={n}" for name, n in obj.counters]
                           + [f"{name}={_plain_value(value)}" for name, value in obj.extra])
            key = f"{obj.controller}.tokens.{obj.card}" + (f" ({', '.join(state_words)})" if state_words else "")
            resources[key] = resources.get(key, 0) + 1
            tokens.add(oid)
            continue
        if obj.counters:
            for counter, count in obj.counters:
                key = f"{obj.card}.{counter}"
                resources[key] = resources.get(key, 0) + count
            obj = dataclasses.replace(obj, counters=())
        objects[oid] = obj
    # Stack items numbered by a running serial number are numbered by their place instead: the
    # same stack built again is the same position.
    chain = tuple(dataclasses.replace(item, sid=place) if dataclasses.is_dataclass(item) and hasattr(item, "sid")
                  else item for place, item in enumerate(state.chain))
    zones = state.zones
    data = state.game_data
    if tokens:
        zones = {where: tuple(o for o in oids if o not in tokens) for where, oids in zones.items()}
        data = tuple((key, _without_token_delays(value, tokens, resources) if key == "delayed" else value)
                     for key, value in data)
    bare = dataclasses.replace(state, player_states=tuple(players), objects=objects, chain=chain, zones=zones,
                               game_data=data)
    return canonical_key(bare), resources


def _plain_value(value):
    """A token's game-specific value as words, or None when it refers to anything (an object)."""
    if isinstance(value, (str, bool)) or value is None:
        return str(value)
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
        return "/".join(value)
    return None


def _without_token_delays(delays, tokens: set, resources: dict) -> tuple:
    """Delayed triggers (Magic's "sacrifice it at the beginning of the next end step") with those
    bound only to counted tokens counted too, and the rest numbered by place."""
    kept = []
    for delay in delays:
        bound = [o for _, value in getattr(delay, "bindings", ()) for o in (value if isinstance(value, tuple) else (value,))]
        if bound and all(o in tokens for o in bound):
            key = f"{delay.controller}.delayed.{delay.card}"
            resources[key] = resources.get(key, 0) + 1
            continue
        kept.append(dataclasses.replace(delay, did=len(kept)) if hasattr(delay, "did") else delay)
    return tuple(kept)


_PUMP_NODES = 3000  # the budget of the search for a pumping loop beside an exact one


def _grows_strictly(before: dict, after: dict) -> bool:
    """:func:`_dominates`, and some resource other than a life total grew."""
    return _dominates(before, after) and any(after.get(name, 0) > amount for name, amount in
                                             ((n, before.get(n, 0)) for n in after)
                                             if not name.endswith((".life", ".lp")))


def _dominates(before: dict, after: dict) -> bool:
    """Resources only grew, life totals aside (a falling life total moves the game to its end;
    the policy then says whether that bounds the loop or wins the game)."""
    for name in set(before) | set(after):
        if name.endswith((".life", ".lp")):
            continue
        if after.get(name, 0) < before.get(name, 0):
            return False
    return True


class _NeverSettles(Exception):
    """An action after which the engine carries the game on forever without a decision."""

    def __init__(self, state, action):
        super().__init__("the game does not settle")
        self.state, self.action = state, action


_REMEMBERED = 50_000  # states after an action kept by the loop domain


def _last_tried(action) -> int:
    """0 for doing something, 1 for declining to ("no", "decline"), 2 for passing (a stable sort
    keeps the listing's order within each)."""
    if action.kind == "pass":
        return 2
    if action.kind == "decline" or (action.kind == "choose" and action.get("refs") == ("no",)):
        return 1
    return 0


class _LoopDomain(EngineDomain):
    """The engine as a search domain, stepwise (each resolution from the stack an action of its
    own, so that a drain of triggers is seen going round), an apply that never comes back to a
    decision reported."""

    def actions(self, state) -> list:
        """The legal actions, declining and passing last: a loop is looked for among the things
        done here before those not done and before the game is moved on (the first loop found
        then has the shortest way into it, and one that pays for a copy is met before the one
        that declines to)."""
        listed = super().actions(state)
        if len(listed) > 1:
            listed = sorted(listed, key=_last_tried)
        return listed

    def apply(self, state, action):
        try:
            if rules_for(state.game).apply_stepwise is None:
                return super().apply(state, action)
            mark = (id(state), id(action))
            known = self._applied.get(mark)
            if known is not None and known[0] is state and known[1] is action:
                return known[2]
            after = apply_stepwise(state, action)
        except RuntimeError as error:
            # the engines' guard: windows in which nobody can do anything but pass are passed
            # through by apply, and a mandatory loop of them never reaches a decision
            raise _NeverSettles(state, action) from error
        if len(self._applied) > _REMEMBERED:
            self._applied.clear()
        self._applied[mark] = (state, action, after)
        return after


def _never_settling(state, verdict: Loop, error: _NeverSettles) -> Loop:
    """The loop of an action after which no player ever gets a decision again (``verdict``: the
    static one of the cycle searched)."""
    judged = classify(state.game, True, {}, set(), {}, error.action.card)
    certificate = {"position": to_dict(error.state), "prefix": [], "actions": [error.action.to_dict()],
                   "never_settles": True}
    cards = tuple(sorted(set(verdict.cards) | ({error.action.card} if error.action.card else set())))
    return Loop(cards, verdict.abilities, judged.kind, judged.outcome, {}, None, judged.broken_by, certificate,
                f"after {error.action.text!r} the rules carry the game round without a decision for any player; "
                + judged.why)


def _confirm_in(state, graph, cycles, static, stats, limit_nodes, limit_seconds, max_plies, progress) -> list:
    """Search the position for each set of cards that a cycle of the graph holds and the position
    has; one Loop per set (confirmed, bounded by exhaustion, or undecided by the limits)."""
    present = {obj.card for obj in state.objects.values()}
    groups: dict = {}
    for cycle, verdict in zip(cycles, static):
        cards = frozenset(graph.nodes[n]["card"] for n in cycle)
        if verdict.kind == "undecided" and cards <= present:  # what the facts bound needs no search
            groups.setdefault(cards, []).append((cycle, verdict))
    found = []
    deadline = None if limit_seconds is None else time.perf_counter() + limit_seconds
    for cards, members in sorted(groups.items(), key=lambda item: (len(item[0]), sorted(item[0]))):
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            _, verdict = min(members, key=lambda m: len(m[0]))
            found.append(dataclasses.replace(verdict, kind="undecided", why="not searched: the time limit ran out"))
            continue
        if progress is not None:
            progress(f"searching {', '.join(sorted(cards))}")
        stats["searches"] += 1
        domain = _LoopDomain(state, this_turn=True)

        def allowed(_state, action, cards=cards):
            return action.kind in _ALWAYS_ALLOWED or action.card in cards

        try:
            result = search_cycles(domain, state, resources_of, dominates=_dominates, allowed=allowed,
                                   max_plies=max_plies, limit_nodes=limit_nodes, limit_seconds=left,
                                   escaped=_moved_on, mandatory_limit=limit_nodes or 5000)
            if not result.cycles and result.complete and result.restricted:
                # the cycle's cards alone cannot start it; another card of the position may:
                # only a search of every action proves it bounded here
                left = None if deadline is None else max(0.001, deadline - time.perf_counter())
                result = search_cycles(domain, state, resources_of, dominates=_dominates, max_plies=max_plies,
                                       limit_nodes=limit_nodes, limit_seconds=left, escaped=_moved_on,
                                       mandatory_limit=limit_nodes or 5000)
            if result.cycles and result.cycles[0].exact and result.cycles[0].mandatory is False:
                # a loop with no net change that a player may leave: one that pays for itself
                # with something to spare (a copy paid for, Rings of Brighthearth) may take
                # more iterations to show; look for it, a small budget
                left = None if deadline is None else max(0.001, deadline - time.perf_counter())
                pumping = search_cycles(domain, state, resources_of, dominates=_grows_strictly, allowed=allowed,
                                        max_plies=max_plies, limit_nodes=min(limit_nodes or _PUMP_NODES, _PUMP_NODES),
                                        limit_seconds=left, escaped=_moved_on,
                                        mandatory_limit=limit_nodes or 5000)
                stats["nodes"] += pumping.stats.nodes
                if pumping.cycles and pumping.cycles[0].mandatory is not None:
                    result = dataclasses.replace(result, cycles=pumping.cycles)
        except _NeverSettles as error:
            found.append(_never_settling(state, min(members, key=lambda m: len(m[0]))[1], error))
            continue
        stats["nodes"] += result.stats.nodes
        found.append(dataclasses.replace(_confirmed(state, domain, cards, members, result), searched=cards))
    return found


def _confirm_in_built(pool, graph, cycles, static, stats, limit_nodes, limit_seconds, max_plies, progress) -> list:
    """Each undecided cycle searched from a position built for it (its cards where their
    abilities work): a loop found there is kept; anything else leaves the cycle undecided, as a
    built position is only one of many."""
    found, done = [], set()
    deadline = None if limit_seconds is None else time.perf_counter() + limit_seconds
    for cycle, verdict in zip(cycles, static):
        cards = frozenset(graph.nodes[n]["card"] for n in cycle)
        if verdict.kind != "undecided" or cards in done:
            continue
        done.add(cards)
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            break
        abilities = _cycle_abilities(pool, graph, cycle)
        for placements in _placements(pool, graph, cycle):
            data = rules_for(pool.game).loop_position(placements, pool.written, abilities)
            try:
                state = load_position(data)
            except InputError:
                continue  # the cards cannot stand there together (zones full, a rule refuses it)
            stats["positions_built"] = stats.get("positions_built", 0) + 1
            left = None if deadline is None else deadline - time.perf_counter()
            looping = [loop for loop in _confirm_in(state, graph, [cycle], [verdict], stats, limit_nodes, left,
                                                    max_plies, progress) if loop.kind in ("mandatory", "infinite")]
            if looping:
                found += [dataclasses.replace(loop, why=loop.why + " (from a position built for these cards)")
                          for loop in looping]
                break
    return found


_MOST_BUILT = 8  # positions built for one cycle at most


def _cycle_abilities(pool, graph, cycle) -> list:
    """The compiled abilities of the cycle's nodes (a game builds the position they need: for
    Yu-Gi-Oh!, one in the Draw Phase when an ability works only during the Standby Phase)."""
    found = []
    for node in cycle:
        card = pool.cards[graph.nodes[node]["card"]]
        index = graph.nodes[node]["index"]
        found.extend(a for a in card.abilities if a.index == index)
    return found


def _placements(pool, graph, cycle) -> list:
    """Ways to place the cycle's cards: each where its ability in the cycle works, or in the hand
    (from where playing it may start the cycle), at most ``_MOST_BUILT`` of them, the first with
    every card where its ability works."""
    choices, placed = [], set()
    for node in cycle:
        card = graph.nodes[node]["card"]
        if card in placed:
            continue
        placed.add(card)
        zones = graph.nodes[node]["facts"].zones
        zone = zones[0] if zones else "hand"
        kind = pool.cards[card].fields.get("kind")
        choices.append([(card, zone, kind)] + ([(card, "hand", kind)] if zone != "hand" else []))
    return [list(combination) for combination in itertools.islice(itertools.product(*choices), _MOST_BUILT)]


def _moved_on(first, state) -> bool:
    """Whether the game left the loop that starts at ``first``: it is over, or in another phase
    or turn."""
    return state.winner is not None or (state.turn, state.phase) != (first.turn, first.phase)


def _confirmed(state, domain, cards, members, result) -> Loop:
    cycle, verdict = min(members, key=lambda m: len(m[0]))
    if result.cycles and result.cycles[0].mandatory is None:
        found = result.cycles[0]
        certificate = {"position": to_dict(state), "prefix": [a.to_dict() for a in found.prefix],
                       "actions": [a.to_dict() for a in found.actions]}
        return Loop(verdict.cards, verdict.abilities, "undecided", "bounded", dict(found.yields), None, None,
                    certificate, "a loop, but whether a player can leave it was not decided within the limits")
    if result.cycles:
        found = result.cycles[0]
        start = found.states[0]
        choosers = {a.player for a in found.actions if a.kind in COUNTED}
        lives = {name: ps.life for name, ps in zip(start.players, start.player_states)}
        judged = classify(state.game, bool(found.mandatory), dict(found.yields), choosers, lives,
                          _last_activated(found.prefix, found.actions), _cannot_lose(start))
        used = tuple(dict.fromkeys([(a.card, a.ability) for a in found.actions if a.card and a.ability is not None]
                                   + _resolved(found.states)))
        abilities = tuple({"card": card, "ability": index, "text": _text(state, card, index)} for card, index in used)
        certificate = {"position": to_dict(state), "prefix": [a.to_dict() for a in found.prefix],
                       "actions": [a.to_dict() for a in found.actions]}
        loop_cards = tuple(dict.fromkeys([a.card for a in found.actions if a.card] + [card for card, _ in used])) \
            or verdict.cards
        return Loop(loop_cards, abilities or verdict.abilities, judged.kind, judged.outcome, dict(found.yields),
                    judged.bound, judged.broken_by, certificate, judged.why)
    if result.complete:
        iterations = result.longest // max(1, len(cycle))
        return Loop(verdict.cards, verdict.abilities, "bounded", "bounded", {}, iterations, None, None,
                    f"no line with these cards repeats the position ({result.reason}): "
                    f"at most {iterations} iteration(s)")
    return Loop(verdict.cards, verdict.abilities, "undecided", "bounded", {}, None, None, None,
                f"the search was cut short: {result.reason}")


def _last_activated(prefix, actions) -> str | None:
    """The card most recently activated after one iteration counted as a judge counts it: from
    the first activation of the line (the prefix, then the iteration) of a card activated in the
    iteration, which is where the loop began; the iteration's activations taken in that order."""
    activated = [a.card for a in actions if a.kind in ("activate", "cast")]
    if not activated:
        return None
    first = next((a.card for a in list(prefix) + list(actions)
                  if a.kind in ("activate", "cast") and a.card in activated), activated[0])
    at = activated.index(first)
    return (activated[at:] + activated[:at])[-1]


def _resolved(states) -> list:
    """(card, ability) of what the stack (chain) holds at some positions of a loop but not at all
    of them: what goes on it and resolves round the loop, the players only passing meanwhile."""
    held = [{(depth, getattr(item, "card", None), getattr(item, "ability", None))
             for depth, item in enumerate(state.chain)} for state in states]
    always = set.intersection(*held) if held else set()
    return [(card, ability) for marks in held for depth, card, ability in sorted(marks - always, key=repr)
            if card is not None and ability is not None]


def _cannot_lose(state) -> set:
    """The players a rule of the game keeps in it whatever their life, in ``state``."""
    rule = rules_for(state.game).cannot_lose
    return rule(state) if rule is not None else set()


def _text(state, card: str | None, index) -> str:
    if card is None or card not in state.pool:
        return ""
    definition = state.pool[card]
    if index is not None and index < len(definition.abilities) and definition.abilities[index].text:
        return definition.abilities[index].text
    return definition.text


def _merged(static: list, confirmed: list) -> list:
    """Static verdicts, those whose cards a search in a position answered replaced by the
    search's answer (each answer given once)."""
    answered = {frozenset(loop.cards) for loop in confirmed} | {loop.searched for loop in confirmed}
    unique, seen = [], set()
    for loop in confirmed:  # the same loop found from several positions is told once
        mark = (frozenset(loop.cards), loop.kind, loop.outcome, tuple(sorted(loop.yields.items())))
        if mark not in seen:
            seen.add(mark)
            unique.append(loop)
    confirmed = unique
    looping = [frozenset(loop.cards) for loop in confirmed if loop.kind in ("mandatory", "infinite")]
    # a smaller set of cards that cannot loop on its own is part of the loop a larger set makes
    out = [loop for loop in confirmed
           if loop.kind in ("mandatory", "infinite") or not any(frozenset(loop.cards) < cards for cards in looping)]
    for loop in static:
        if frozenset(loop.cards) in answered or any(frozenset(loop.cards) <= frozenset(c.cards) for c in confirmed
                                                    if c.certificate):
            continue
        out.append(loop)
    return out


# -- certificates ------------------------------------------------------------------------------------


def replay_certificate(certificate: dict) -> dict:
    """Replay a certificate: its ``prefix`` and then one iteration of its ``actions`` from its
    ``position``, each action legal where it is played (matched by its dict), applied as the
    search applied them (``apply_stepwise``: in Magic each resolution from the stack waits for
    the players' passes, which the certificate lists); for a certificate marked
    ``never_settles``, its one action is legal and the rules never bring the game back to a
    decision after it. Returns the resources that changed over the iteration; raises InputError
    when an action is not legal or the iteration does not come back to the same position up to
    resources."""
    if not certificate["actions"]:
        raise InputError("the certificate has no actions")
    state = load_position(certificate["position"])
    if certificate.get("never_settles"):
        action = _matching(state, certificate["actions"][0], 0)
        try:
            _LoopDomain(state, this_turn=True).apply(state, action)
        except _NeverSettles:
            return {}
        raise InputError("the certificate's action settles: it is no loop")
    domain = _LoopDomain(state, this_turn=True)
    start = state
    for number, wanted in enumerate(certificate["prefix"] + certificate["actions"]):
        if number == len(certificate["prefix"]):
            start = state
        state = domain.apply(state, _matching(state, wanted, number))
    base_start, before = resources_of(start)
    base_end, after = resources_of(state)
    if base_start != base_end:
        raise InputError("one iteration does not come back to the position it started from")
    return {name: after.get(name, 0) - before.get(name, 0) for name in sorted(set(before) | set(after))
            if after.get(name, 0) != before.get(name, 0)}


def _matching(state, wanted: dict, number: int):
    for action in legal_actions(state):
        if action.to_dict() == wanted:
            return action
    raise InputError(f"action {number + 1} of the certificate ({wanted.get('text')!r}) is not legal there")

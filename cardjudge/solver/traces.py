"""Which lines of play are one: lines compared up to steps that commute and interchangeable
copies, for the search's ``all_lines``.

A line is first cut down to the steps it needs (:func:`essential_actions`), then put in a normal
form of its trace (:func:`trace_normal_form`): adjacent moves of one player that commute, both
orders legal and leading to the same position, are swapped into a fixed order, as in
Mazurkiewicz traces. :func:`line_class` compares what is left, and a strategy's replies with it;
:func:`merge_lines` keeps one line per class.
"""

from __future__ import annotations

from dataclasses import replace

from cardjudge.solver.domain import CHANCE, Domain, Line, identity, options, signature, states_along


def _rematched(domain: Domain, root, steps, goal) -> tuple | None:
    """The actions of ``steps`` (pairs ``(state where first taken, action)``) as listed along the
    way from ``root``, each matched by ``identity``, when they all replay and reach the goal;
    None otherwise."""
    state, matched = root, []
    for before, action in steps:
        wanted = identity(domain, before, action)
        match = next((a for a in options(domain, state) if identity(domain, state, a) == wanted), None)
        if match is None:
            return None
        matched.append(match)
        state = domain.apply(state, match)
    return tuple(matched) if goal(state) else None


def _uncounted(domain: Domain, state, action, searcher) -> bool:
    """A step that does not count: the searcher's uncounted actions and the others' passes."""
    if domain.actor(state) == searcher:
        return not domain.counts(action)
    return domain.is_pass(action)


def _essential_steps(domain: Domain, root, goal, actions, searcher: str) -> tuple[tuple, tuple]:
    """:func:`essential_actions` with, for each action kept, its index in ``actions``."""
    actions, kept = tuple(actions), tuple(range(len(actions)))
    states = states_along(domain, root, actions)
    index = 0
    while index < len(actions):
        if _uncounted(domain, states[index], actions[index], searcher):
            steps = list(zip(states, actions))
            shorter = _rematched(domain, root, steps[:index] + steps[index + 1:], goal)
            if shorter is not None:
                actions, kept = shorter, kept[:index] + kept[index + 1:]
                states = states_along(domain, root, actions)
                continue
        index += 1
    return actions, kept


def essential_actions(domain: Domain, root, goal, actions, searcher: str = "you") -> tuple:
    """``actions`` without the uncounted steps that the line reaches the goal without.

    Steps are dropped one at a time from the first, each only if the rest still replays and
    reaches the goal (the actions after it matched by ``domain.identity``, as ids, object
    numbers and which copy is used may shift).
    """
    return _essential_steps(domain, root, goal, actions, searcher)[0]


def _swapped(domain: Domain, state, first, second, after) -> tuple | None:
    """``(second, first)`` as listed from ``state`` (matched by ``domain.identity``) when both
    are legal in that order and lead to the same position as ``first`` then ``second`` (whose
    end is ``after``), by ``domain.key``; None when the two moves do not commute."""
    moved = []
    here = state
    for before, action in ((domain.apply(state, first), second), (state, first)):
        wanted = identity(domain, before, action)
        match = next((a for a in domain.actions(here) if identity(domain, here, a) == wanted), None)
        if match is None:
            return None
        moved.append(match)
        here = domain.apply(here, match)
    return tuple(moved) if domain.key(here) == domain.key(after) else None


def trace_normal_form(domain: Domain, root, actions, pinned=frozenset()) -> tuple:
    """``actions`` with adjacent moves of one player that commute put in a fixed order.

    Two adjacent moves commute when both orders are legal and lead to the same position (by
    ``domain.key``); swapping them changes no other position along the line. Lines that differ
    only by such swaps (the same trace) get the same normal form: place after place, the move
    that comes first by ``domain.identity`` (the order of their texts) among those that can be
    brought there by swaps of commuting moves is brought there. Chance outcomes and the moves at
    the indices in ``pinned`` (deviations a strategy answers there) never move, and no move
    crosses them. Returns ``(state, action)`` pairs, each action as listed in its state (the
    state after a swap is the same position as before it, but may be another object).

    >>> from cardjudge.solver.toy import Counter
    >>> game = Counter(target=5)
    >>> [action for _, action in trace_normal_form(game, game.root, ("+3", "+1", "+1"))]
    ['+1', '+1', '+3']
    >>> [action for _, action in trace_normal_form(game, game.root, ("+1", "x2", "+3"))]
    ['+1', 'x2', '+3']
    """
    states = states_along(domain, root, actions)
    actions = list(actions)
    movable = [index not in pinned and domain.actor(state) != CHANCE for index, state in enumerate(states[:-1])]

    def order(index: int) -> str:
        return repr(identity(domain, states[index], actions[index]))

    for place in range(len(actions)):
        best, best_order = None, order(place)
        for index in range(place + 1, len(actions)):
            if not (movable[place] and movable[index]):
                break  # nothing crosses a move that never moves
            if order(index) >= best_order:
                continue
            brought = _brought_forward(domain, states, actions, index, place)
            if brought is not None:
                best, best_order = brought, order(index)
        if best is not None:
            states[place:len(best[0]) + place], actions[place:len(best[1]) + place] = best
    return tuple(zip(states, actions))


def _brought_forward(domain: Domain, states: list, actions: list, index: int, place: int) -> tuple | None:
    """``(states, actions)`` from ``place`` to ``index`` with the move at ``index`` swapped back to
    ``place``, one commuting move at a time; None when one of them does not commute with it."""
    states, actions = states[place:index + 2], actions[place:index + 1]
    for at in range(index - place, 0, -1):
        if domain.actor(states[at - 1]) != domain.actor(states[at]):
            return None
        moved = _swapped(domain, states[at - 1], actions[at - 1], actions[at], states[at + 1])
        if moved is None:
            return None
        states[at] = domain.apply(states[at - 1], moved[0])
        actions[at - 1], actions[at] = moved
    return states[:-1], actions


def line_class(domain: Domain, root, goal, line: Line, searcher: str = "you") -> tuple:
    """What a line does, up to steps that commute and interchangeable copies.

    The line's unneeded uncounted steps are left out (:func:`essential_actions`: a pass or a
    battle-position change that the goal is reached without); adjacent moves of one player that
    commute are put in a fixed order (:func:`trace_normal_form`: declaring attacker A then B is
    declaring B then A); what remains is compared action by action through ``domain.signature``
    (the same decision with interchangeable copies is one), the counted actions (and the other
    players' actions that are not passes) in order, the needed uncounted steps as a multiset, so
    that their order among the others does not matter.

    A strategy's replies are part of what it does: the moves that carry a reply never move, and
    each reply is compared by how many of those ordered actions come before it, its alternative
    and the class of the line that answers it. Two strategies are one only if they answer the
    same deviations the same way.
    """
    return _line_class(domain, root, goal, line, searcher, {})


def _line_class(domain: Domain, root, goal, line: Line, searcher: str, seen: dict) -> tuple:
    """:func:`line_class`, remembering in ``seen`` the classes of the lines already met (the
    replies of a strategy share their lines)."""
    mark = (id(line), root)
    if mark in seen:
        return seen[mark]
    actions, kept = _essential_steps(domain, root, goal, line.actions, searcher)
    where = {original: index for index, original in enumerate(kept)}
    pinned = frozenset(where[at] for at, _, _ in line.replies if at in where)
    counted, needed, before = [], [], []
    for state, action in trace_normal_form(domain, root, actions, pinned):
        before.append(len(counted))
        (needed if _uncounted(domain, state, action, searcher) else counted).append(signature(domain, state, action))
    before.append(len(counted))
    states = states_along(domain, root, line.actions)
    replies = []
    for at, alternative, sub in line.replies:
        ordered_before = before[where[at]] if at in where else _counted_before(domain, states, line.actions, at, searcher)
        replies.append((ordered_before, signature(domain, states[at], alternative),
                        _line_class(domain, domain.apply(states[at], alternative), goal, sub, searcher, seen)))
    result = tuple(counted), tuple(sorted(needed, key=repr)), tuple(sorted(replies, key=repr))
    seen[mark] = result
    return result


def _counted_before(domain: Domain, states, actions, at: int, searcher: str) -> int:
    """How many of the first ``at`` actions are compared in order (not uncounted steps)."""
    return sum(not _uncounted(domain, state, action, searcher) for state, action in zip(states[:at], actions[:at]))


def merge_lines(domain: Domain, root, goal, lines: list[Line], searcher: str = "you") -> list[Line]:
    """One line per :func:`line_class`, in the order first found; each the shortest of its class
    (fewest actions), with ``variants`` the number of lines merged into it.

    >>> from cardjudge.solver.domain import Line
    >>> from cardjudge.solver.toy import Lamps
    >>> game = Lamps(target=3)
    >>> found = [Line(("light0", "add1:a", "unlock", "add2"), 2), Line(("unlock", "add1:b", "add2"), 2),
    ...          Line(("unlock", "add2", "add1:a"), 2)]
    >>> [(line.actions, line.variants) for line in merge_lines(game, game.root, game.goal, found)]
    [(('unlock', 'add1:b', 'add2'), 3)]
    """
    classes: dict = {}
    seen: dict = {}
    for line in lines:
        classes.setdefault(_line_class(domain, root, goal, line, searcher, seen), []).append(line)
    merged = []
    for members in classes.values():
        best = min(members, key=lambda member: len(member.actions))
        merged.append(replace(best, variants=len(members)))
    return merged

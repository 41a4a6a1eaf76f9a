"""One playout property test for every registered game.

Each example draws a game, one of its start positions (the examples and the acceptance
positions) and a sequence of action indices; the playout follows legal actions only. At every
state reached the same invariants hold, whatever the game:

- ``legal_actions`` is empty exactly when the game is over, and its ids are unique;
- ``apply`` never changes its input, and every listed action applies (all of them at the first
  and the last state of the playout);
- the position **round-trips** (see :func:`round_trips`);
- its hash is that of the equal state built afresh (nothing carried from the state it was made
  from), and a copy with one field changed hashes as that copy built afresh.

What only one game has (chance outcomes that sum to one, LP at 0 ending the game) is in
``GAME_CHECKS``, beside the shared invariants, so no game has a playout test of its own. The toy
game of ``tests/toygame`` (registered only while its test runs) is played out under the same
invariants: a game added by one registry line gets them with no test of its own.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import legal_actions, load_position, to_dict
from cardjudge.rules import GAMES, register, unregister
from cold import cold_copy
from playouts import EXAMPLES, Starts, apply_checked, play_out, start_positions

MAX_DEPTH = {"ygo": 12, "mtg": 25, "eredan": 40}
# Eredan's optional rules change the turn's shape: the examples are played under them too
EREDAN_VARIANTS = (
    {"play_order": "interleaved", "clash": "active_first"},
    {"fight_start_triggers": "after_cards", "combats_expire": "end_of_combat", "tapped_defender": True,
     "pure_mage_spell_no_attack": True, "magic_resisted_by_esprit": False},
)


def _positions(game: str) -> dict[str, dict]:
    found = start_positions(game)
    if game == "eredan":
        for rules in EREDAN_VARIANTS:
            for name, data in list(found.items()):
                if "rules" not in data:
                    found[f"{name} {sorted(rules)}"] = dict(data, rules=rules)
    return found


POSITIONS = {game: _positions(game) for game in GAMES}
STARTS = {game: Starts(positions) for game, positions in POSITIONS.items()}
CASES = sorted((game, name) for game, positions in POSITIONS.items() for name in positions)


def round_trips(state, source: dict) -> str | None:
    """Why ``state`` does not round-trip, or None when it does: its ``to_dict`` loads back to a
    position with the same ``to_dict`` and the same legal actions, as the same dicts in the same
    order (so an action id written with a position names the same action once it is read again).
    ``source`` is the start position, whose inline ``cards:`` ``to_dict`` does not write back."""
    written = to_dict(state)
    cards = source.get("cards")
    reloaded = load_position({**written, "cards": cards} if cards and "cards" not in written else written)
    if to_dict(reloaded) != written:
        return "to_dict does not round-trip"
    if [a.to_dict() for a in legal_actions(reloaded)] != [a.to_dict() for a in legal_actions(state)]:
        return "the reloaded position lists other legal actions, or in another order"
    return None


def _lp_zero_ends_the_game(written: dict, actions: list, where: str) -> None:
    lps = [body.get("lp", body.get("life")) for body in written["players"].values()]
    if any(lp is not None and lp <= 0 for lp in lps):
        assert written.get("winner") is not None, f"LP reached 0 without a winner: {where}"


def _chance_sums_to_one(written: dict, actions: list, where: str) -> None:
    if actions and {a.player for a in actions} == {"chance"}:
        assert abs(sum(a.to_dict()["probability"] for a in actions) - 1) < 1e-9, f"chances do not sum to 1: {where}"


def _one_player_acts(written: dict, actions: list, where: str) -> None:
    assert len({a.player for a in actions}) <= 1, f"actions of several players listed at once: {where}"


GAME_CHECKS = {
    "ygo": (_lp_zero_ends_the_game,),
    "mtg": (_lp_zero_ends_the_game,),
    "eredan": (_chance_sums_to_one, _one_player_acts),
}


def _checker(game: str, source: dict | None = None):
    source = POSITIONS[game] if source is None else source

    def check_state(state, trail: list[str], name: str) -> list:
        where = f"{game} {name} after {trail}"
        written = to_dict(state)
        actions = legal_actions(state)
        over = written.get("winner") is not None
        assert bool(actions) != over, f"legal actions {'listed after the game ended' if over else 'empty'}: {where}"
        ids = [a.id for a in actions]
        assert len(ids) == len(set(ids)), f"duplicate action ids {ids}: {where}"
        for check in GAME_CHECKS.get(game, ()):
            check(written, actions, where)
        problem = round_trips(state, source[name])
        assert problem is None, f"{problem}: {where}"
        assert hash(state) == hash(cold_copy(state)), f"the hash differs from a fresh equal state's: {where}"
        changed = replace(state, turn=state.turn + 1)
        assert hash(changed) == hash(cold_copy(changed)), f"a changed copy carries a stale hash: {where}"
        return actions

    return check_state


@settings(max_examples=EXAMPLES * len(GAMES), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), data=st.data())
def test_random_playouts_keep_the_invariants(case, data):
    game, name = case
    choices = data.draw(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=MAX_DEPTH.get(game, 20)))
    play_out(STARTS[game][name], choices, _checker(game), name)


# The toy game's start: three Pebbles for you, one for the opponent (its win needs three on the table).
TOY_STARTS = {"toy start": {"game": "toy", "cards": [{"name": "Pebble", "points": 1}],
                            "players": {"you": {"hand": ["Pebble", "Pebble", "Pebble"]},
                                        "opponent": {"hand": ["Pebble", "Pebble", "Pebble"]}}}}


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=12))
def test_a_registered_toy_game_playouts_keep_the_invariants(choices):
    register("toy", "toygame")
    try:
        start = load_position(TOY_STARTS["toy start"])
        play_out(start, choices, _checker("toy", TOY_STARTS), "toy start")
    finally:
        unregister("toy")


@pytest.mark.parametrize("game,name", CASES)
def test_every_start_action_applies(game, name):
    state = STARTS[game][name]
    for action in _checker(game)(state, [], name):
        apply_checked(state, action, [], name)


def test_every_registered_game_has_start_positions():
    assert set(POSITIONS) == set(GAMES)
    for game, positions in POSITIONS.items():
        assert positions, f"no example or acceptance position for {game}"


@pytest.mark.parametrize("game,name", [(g, n) for g, n in CASES if POSITIONS[g][n].get("cards")])
def test_a_position_with_inline_cards_round_trips_without_them(game, name):
    """``to_dict`` does not write a position's inline ``cards:`` back; the position it writes
    loads again on its own once the cards are known (the loader keeps them for the game)."""
    state = STARTS[game][name]
    assert to_dict(load_position(to_dict(state))) == to_dict(state)

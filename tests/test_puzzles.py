"""The Magic puzzles and the later Yu-Gi-Oh ones (examples/puzzles/): how their solutions go,
a plausible mistake replayed with apply does not reach the goal, and the Magic puzzle with one
life point more is proved impossible. What each file states (its solution, its length, how many
solutions it has) is checked for every file by test_puzzle_files.py."""

from __future__ import annotations

import pytest

from cardjudge import apply, find_combos, legal_actions, to_dict
from puzzle_files import puzzle
from helpers import only


def _do(state, text: str):
    """Apply the one legal action whose text is ``text``."""
    found = [a for a in legal_actions(state) if a.text == text]
    assert len(found) == 1, f"{text!r} not legal once; legal: {[a.text for a in legal_actions(state)]}"
    return apply(state, found[0])


def _pass(state):
    return apply(state, only(a for a in legal_actions(state) if a.kind == "pass"))


def _pass_until(state, text: str):
    """Pass until the action whose text is ``text`` is legal, then apply it."""
    for _ in range(30):
        if any(a.text == text for a in legal_actions(state)):
            return _do(state, text)
        state = _pass(state)
    raise AssertionError(f"{text!r} never legal")


def _finish_turn(state):
    """Every player passes until the turn ends (or the game)."""
    turn = state.turn
    while state.winner is None and state.turn == turn:
        state = _pass(state)
    return state


def _life(state, player="opponent"):
    body = to_dict(state)["players"][player]
    return body["life"] if "life" in body else body["lp"]


def _replay(state, actions):
    for action in actions:
        wanted = {k: v for k, v in action.to_dict().items() if k != "id"}
        matches = [a for a in legal_actions(state) if {k: v for k, v in a.to_dict().items() if k != "id"} == wanted]
        state = apply(state, only(matches, f"listings of {action.text!r}"))
    return state


def test_chain_puzzle_lance_answers_the_armor_whichever_attacker_it_targets():
    state, goal, opponent = puzzle("ygo-chain.yaml")
    result = find_combos(state, goal, max_actions=3, opponent=opponent, all_lines=True)
    firsts = set()
    for line in result.lines:
        texts = [a.text for a in line.actions]
        armor = next(i for i, t in enumerate(texts) if t.startswith("opponent activates Sakuretsu Armor"))
        target = texts[armor].rsplit(" ", 1)[1]
        # Forbidden Lance is activated right after the Armor, in answer to it, on its target.
        assert texts[armor + 1] == f"you activate Forbidden Lance targeting {target}"
        firsts.add(next(a.card for a in line.actions if a.kind == "attack"))
    assert firsts == {"Blue-Eyes White Dragon", "Dark Magician"}


def test_wrong_line_fails_equip():
    # Attacking without removing Horn of Light: Dark Magician (2500) cannot destroy the 2800 DEF
    # Soldier, and Axe Raider cannot attack directly while it stands.
    state, _, _ = puzzle("ygo-equip.yaml")
    state = _do(_pass(state), "you attack GS with Dark Magician")
    state = _finish_turn(state)
    assert state.winner is None
    assert _life(state) == 1700
    assert _life(state, "you") == 7700  # 2500 against 2800 DEF: 300 to the attacker's controller


def test_wrong_line_fails_chain():
    # Forbidden Lance used early, on Blue-Eyes: the Armor destroys Dark Magician instead.
    state, _, _ = puzzle("ygo-chain.yaml")
    state = _do(state, "you activate Forbidden Lance targeting BE")
    state = _pass_until(state, "you attack directly with Blue-Eyes White Dragon")
    state = _pass_until(state, "you attack directly with Dark Magician")
    state = _pass_until(state, "opponent activates Sakuretsu Armor targeting DM")
    state = _finish_turn(state)
    assert state.winner is None
    assert _life(state) == 4700 - 2200


def test_wrong_line_fails_flying():
    # Elite Vanguard attacks on the ground and the Bears block it.
    state, _, _ = puzzle("mtg-flying.yaml")
    state = _pass_until(state, "you attack opponent with Elite Vanguard")
    state = _pass_until(state, "opponent blocks Elite Vanguard with Grizzly Bears")
    state = _finish_turn(state)
    assert state.winner is None
    assert _life(state) == 2


def test_blockers_puzzle_grows_an_unblocked_attacker_after_blocks():
    state, goal, opponent = puzzle("mtg-blockers.yaml")
    result = find_combos(state, goal, max_actions=4, opponent=opponent)
    line = result.lines[0]
    texts = [a.text for a in line.actions]
    block = next(i for i, t in enumerate(texts) if t.startswith("opponent blocks") or t == "opponent declares no more blockers")
    growth = next(i for i, t in enumerate(texts) if t.startswith("you cast Giant Growth"))
    assert block < growth
    # the main line's reply is answered, and so is every other block the opponent could make
    assert {alternative.text for _, alternative, _ in line.replies} >= {
        "opponent blocks Elite Vanguard with Grizzly Bears", "opponent blocks Silvercoat Lion with Grizzly Bears",
        "opponent blocks Grizzly Bears with Grizzly Bears"} - {texts[block]}


def test_blockers_puzzle_attack_orders_are_one_line():
    # Declaring the three attackers in any of their six orders reaches the same position: with
    # all_lines the two solutions are Giant Growth on Silvercoat Lion or on Grizzly Bears when
    # Elite Vanguard is blocked, each standing for its six orders and answering every block.
    state, goal, opponent = puzzle("mtg-blockers.yaml")
    result = find_combos(state, goal, max_actions=4, opponent=opponent, all_lines=True)
    assert result.complete and result.reason == "found 2 lines of 4 actions"
    growths = []
    for line in result.lines:
        assert line.variants == 6
        texts = [a.text for a in line.actions]
        assert sorted(t for t in texts if t.startswith("you attack")) == [
            "you attack opponent with Elite Vanguard", "you attack opponent with Grizzly Bears",
            "you attack opponent with Silvercoat Lion"]
        assert "opponent blocks Elite Vanguard with Grizzly Bears" in texts
        growths.append(next(t for t in texts if t.startswith("you cast Giant Growth")))
        assert {alternative.text for _, alternative, _ in line.replies} == {
            "opponent blocks Silvercoat Lion with Grizzly Bears", "opponent blocks Grizzly Bears with Grizzly Bears",
            "opponent declares no more blockers"}
        assert _replay(state, line.actions).winner == "you"
    assert sorted(growths) == ["you cast Giant Growth targeting GB", "you cast Giant Growth targeting SL"]


def test_wrong_line_fails_blockers():
    # Giant Growth cast before blocks: the Bears block the grown creature and 4 damage is not 7.
    state, _, _ = puzzle("mtg-blockers.yaml")
    state = _do(state, "you cast Giant Growth targeting EV")
    for attacker in ("Elite Vanguard", "Silvercoat Lion", "Grizzly Bears"):
        state = _pass_until(state, f"you attack opponent with {attacker}")
    state = _pass_until(state, "opponent blocks Elite Vanguard with Grizzly Bears")
    state = _finish_turn(state)
    assert state.winner is None
    assert _life(state) == 3


def test_wrong_line_fails_ritual():
    # Dark Ritual cast in the first main phase and Postmortem Lunge kept for after combat: the
    # {B}{B}{B} empties at the end of the phase and Lunge cannot be cast.
    state, _, _ = puzzle("mtg-ritual.yaml")
    state = _do(state, "you cast Dark Ritual")
    assert to_dict(state)["players"]["you"]["mana_pool"] == "BBB"
    while to_dict(state)["phase"] != "main2":
        state = _pass(state)
    assert not any(a.card == "Postmortem Lunge" for a in legal_actions(state))
    state = _finish_turn(state)
    assert state.winner is None
    assert _life(state) == 6


@pytest.mark.parametrize("first", ["you cast Elvish Mystic", None])
def test_wrong_line_fails_pelt(first):
    # Elvish Mystic's 1 power is not greater than Pelt Collector's; or Pelt Collector attacks
    # before Grizzly Bears enters: 1 damage either way.
    state, _, _ = puzzle("mtg-pelt.yaml")
    if first:
        state = _do(state, first)
    state = _pass_until(state, "you attack opponent with Pelt Collector")
    if first is None:
        state = _pass_until(state, "you cast Grizzly Bears")
        assert to_dict(state)["phase"] == "main2"
    state = _finish_turn(state)
    assert state.winner is None
    assert _life(state) == 1


def test_ritual_with_one_life_more_is_proved_impossible():
    state, goal, opponent = puzzle("mtg-ritual-impossible.yaml")
    assert _life(state) == _life(puzzle("mtg-ritual.yaml")[0]) + 1
    result = find_combos(state, goal, max_actions=4, opponent=opponent)
    assert result.complete and not result.found
    assert result.reason == "no line exists within 4 actions"

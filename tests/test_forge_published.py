"""Published Forge puzzles whose cards are in the library: each imports (its solution found by
the search), the line found is the published solution's idea, and ``check_puzzle`` proves it
unique. The .pzl files are copies from Forge's forge-gui/res/puzzle in tests/data/forge_published.

These searches are the slowest tests of the suite (each a complete search of every line up to
the solution's length that the rules' ``needless_actions`` leave in, for Pauper Puzzles #00; see
``bench/bench_forge_published.py`` for their sizes with and without those). They are bounded by the
number of positions only (the searches' own limits), not by the clock: the machine's load does
not decide whether they pass. Both are marked ``search_heavy``: ``.ci/run`` runs them in its
plain-Python pass only, not again on the compiled core (``bench/bench_forge_published.py`` measures
their searches and what the searched positions list).

Pauper Puzzles #07 has its cards in the library too, but its import's search does not end
within a test's budget: its solution is played from the imported position instead, and
the last step (the attack) searched against every answer of the opponent. Forge Puzzle
Tutorial #01/#03 (tests/data/forge_played) imports, and its published line wins when played
from the imported position; the search does not find it (9 counted actions).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mtg_helpers import act, actions, card, listing, now, resolve, zone, zone_of

import cardjudge as cj
from cardjudge import check_puzzle, load_position, load_puzzle, to_dict
from cardjudge.cards.loader import library
from cardjudge.solver.combos import find_combos
from cardjudge.solver.forge import missing_cards, read_pzl, to_position
from cardjudge.solver.forge_import import import_pzl
from cardjudge.solver.puzzles import save_puzzle

DATA = Path(__file__).resolve().parent / "data" / "forge_published"
NO_CLOCK = 24 * 3600.0  # seconds: the node limits bound these searches


def imported(name: str, tmp_path):
    """The puzzle imported, written as a puzzle file and read back, and its decisions' texts."""
    puzzle = import_pzl(DATA / f"{name}.pzl", limit_seconds=NO_CLOCK)
    path = tmp_path / f"{name}.yaml"
    save_puzzle(puzzle, path)
    puzzle = load_puzzle(str(path))
    return puzzle, [a["text"] for a in puzzle.solution["actions"] if a["kind"] != "pass"]


@pytest.mark.search_heavy
def test_pauper_puzzles_00_crypt_rats_twice_for_the_undying_wolf(tmp_path):
    """You are at 1 life, the opponent at 8 with Young Wolf (undying) and Gurmag Angler. The
    published solution: Tendrils of Corruption on their Angler (4 damage, you gain 4), then
    Crypt Rats activated twice, X=2 under X=1, so that the Wolf dies, comes back and dies
    again; your Angler attacks unblocked for the last 5."""
    puzzle, texts = imported("PP00", tmp_path)
    assert texts == ["you activate Crypt Rats with X=2", "you activate Crypt Rats with X=1",
                     "you cast Tendrils of Corruption targeting OB2", "you attack opponent with Gurmag Angler"]
    cards = {c["id"]: c["card"] for body in puzzle.position["players"].values() for c in body["battlefield"]}
    assert cards["OB2"] == "Gurmag Angler"
    tendrils = next(a for a in puzzle.solution["actions"] if a["text"].startswith("you cast Tendrils"))
    # paid with the three Islands and one Swamp: three Swamps are left for the Rats' black X
    (mana,) = [c["cards"] for c in tendrils["costs"] if c["kind"] == "mana"]
    assert sorted(cards[label] for label in mana) == ["Island", "Island", "Island", "Swamp"]
    result = check_puzzle(puzzle, limit_seconds=NO_CLOCK)
    assert result.ok and result.unique, result.reason


@pytest.mark.search_heavy
def test_mtg_puzzles_06_take_5_then_exchange_life_totals(tmp_path):
    """You are at 10, the opponent at 14; your upkeep brings Oreskos Sun Guide's +2, Axis of
    Mortality (exchange life totals) and Triskaidekaphobia (13 life loses). The published idea:
    Blazing Salvo at your own creature and take the 5 damage (5), Triskaidekaphobia's "each
    player loses 1" (4 and 13), exchange (13 and 4), the Sun Guide's 2 life, and attack: every
    block leaves the opponent dead (Nocturnal Feeder drains the last 2 when Bogardan Firefiend's
    dying shot kills it). It is not unique: Salvo may target either of your creatures."""
    puzzle, texts = imported("MTGP_06", tmp_path)
    cards = {c["id"]: c["card"] for body in puzzle.position["players"].values() for c in body["battlefield"]}
    salvo = next(text for text in texts if text.startswith("you cast Blazing Salvo"))
    assert cards[salvo.rsplit(" ", 1)[1]] in ("Oreskos Sun Guide", "Nocturnal Feeder")
    decisions = [text for text in texts if text.startswith("you choose")]
    assert decisions == ["you choose it_deals_5_to_me", "you choose then_each_loses_1",
                         "you choose yes (Axis of Mortality: you may)"]
    assert "you attack opponent with Nocturnal Feeder" in texts
    result = check_puzzle(puzzle, limit_seconds=NO_CLOCK)
    assert not result.ok and result.reason == "not unique: a second solution exists"
    other = [a.text for a in result.other.line.actions if a.kind == "cast"]
    (other_salvo,) = other
    # the same line with Salvo at the other creature of yours: a different target, so another solution
    assert other_salvo != salvo and cards[other_salvo.rsplit(" ", 1)[1]] in ("Oreskos Sun Guide", "Nocturnal Feeder")


@pytest.mark.search_heavy
def test_possibility_storm_rvr_01_overwhelm_convoked_and_three_saprolings_attack(tmp_path):
    """You at 4 with five Saproling tokens and six lands, the opponent at 8 with Niv-Mizzet,
    Parun (a 5/5 flier that draws on each instant or sorcery and pings for each card drawn).
    The line: Overwhelm convoked with the six lands and one Saproling; Niv's ping kills a
    Saproling before the +3/+3; three 4/4 Saprolings attack and Niv blocks one, 8 damage. The
    Aura, the other enchantment and Devouring Light are red herrings. Unique."""
    puzzle, texts = imported("PS_RVR1", tmp_path)
    cards = {c["id"]: c["card"] for body in puzzle.position["players"].values() for c in body["battlefield"]}
    assert texts[0] == "you cast Overwhelm"
    overwhelm = next(a for a in puzzle.solution["actions"] if a["text"] == "you cast Overwhelm")
    (lands,) = [c["cards"] for c in overwhelm["costs"] if c["kind"] == "mana"]
    (convoked,) = [c["cards"] for c in overwhelm["costs"] if c["kind"] == "tap"]
    assert sorted(cards[label] for label in lands) == ["Forest"] * 3 + ["Plains"] * 3
    assert [cards[label] for label in convoked] == ["Saproling Token"]
    assert texts[1].startswith("opponent puts Niv-Mizzet, Parun's triggered ability")
    assert texts[2:] == ["you attack opponent with Saproling Token"] * 3 + [
        "opponent blocks Saproling Token with Niv-Mizzet, Parun"]
    result = check_puzzle(puzzle, limit_seconds=NO_CLOCK)
    assert result.ok and result.unique, result.reason
def _paying(state, text: str, cards: list):
    """The one action with this text whose costs are paid with exactly ``cards``."""
    found = [a for a, d in actions(state, text=text)
             if sorted(c for cost in d.get("costs") or [] for c in cost.get("cards") or []) == sorted(cards)]
    assert len(found) == 1, (text, cards, len(found))
    return cj.apply(state, found[0])


def _resolved(state):
    """Both players pass until the stack is empty or a decision waits."""
    while cj.to_dict(state)["stack"] and not actions(state, kind="choose") and not actions(state, kind="order"):
        (passing,) = [a for a, d in actions(state, kind="pass")]
        state = cj.apply(state, passing)
    return state


def test_pauper_puzzles_07_the_line_wins_against_every_answer():
    """You at 1 life, the opponent at 6 with Fume Spitter and Auramancer. The solution (worked out: the published
    one was not at hand): Compulsive Research on yourself, discarding Dragon Fangs and the drawn Swamp; Lightning Bolt
    to the face (3); Disfigure on your own Archaeomancer, for one more card to delve; Gurmag
    Angler for two mana, delving five cards but not the two Dragon Auras, which return from the
    graveyard attached to it (6/6 trample, haste). Its attack wins against every block and every
    Fume Spitter counter: 3 tramples over the 3 toughness in its way.

    The import's own search is not run here: it does not end within a test's budget (the line
    is 6 counted actions, with 14 ways to cast Compulsive Research and 28 to delve the Angler;
    500 s on the clock of the loaded machine searched 272,832 positions without reaching it,
    at about 3,000 positions per second of CPU). The
    file is in tests/data/forge_played, apart from the puzzles that import, so that
    bench/bench_forge_published.py does not take it."""
    position = to_position(read_pzl(PLAYED / "PP07.pzl"))
    assert not missing_cards(read_pzl(PLAYED / "PP07.pzl"), library("mtg"))
    state = cj.load_position(position)
    state = act(state, kind="play_land", card_id="YH1")
    state = _resolved(_paying(state, "you cast Compulsive Research targeting you", ["YB4", "YB5", "YB6"]))
    state = act(state, text="you choose discard_two_cards")
    state = _resolved(act(state, text="you choose Dragon Fangs, Swamp (two cards to discard)"))
    state = _resolved(_paying(state, "you cast Lightning Bolt targeting opponent", ["YB1"]))
    state = _resolved(_paying(state, "you cast Disfigure targeting YB7", ["YB3"]))
    graveyard = [c["id"] for c in cj.to_dict(state)["players"]["you"]["graveyard"]]
    assert graveyard == ["YG1", "YL1", "YL2", "YH4", "YL3", "YH3", "YB7"]  # Archaeomancer died
    state = _resolved(_paying(state, "you cast Gurmag Angler", ["YB2", "YH1", "YL2", "YH4", "YL3", "YH3", "YB7"]))
    state = act(state, text="you put Dragon Breath's triggered ability (enters: YH2) on the stack next")
    state = _resolved(act(_resolved(state), text="you choose yes (Dragon Fangs: you may)"))
    state = _resolved(act(state, text="you choose yes (Dragon Breath: you may)"))
    angler = next(c for c in cj.to_dict(state)["players"]["you"]["battlefield"] if c["id"] == "YH2")
    assert (angler["now"]["power"], angler["now"]["toughness"]) == (6, 6)
    assert {"Trample", "Haste"} <= set(angler["now"]["keywords"])
    assert cj.to_dict(state)["players"]["opponent"]["life"] == 3
    result = find_combos(state, "win", max_actions=1, opponent="adversarial", player="you",
                         limit_seconds=NO_CLOCK)
    assert result.found and result.complete
    (line,) = result.lines[:1]
    assert "you attack opponent with Gurmag Angler" in [a.text for a in line.actions]


# Published puzzles whose position imports and whose published line wins when played, but
# which the search does not solve within its limits: kept apart from DATA, whose every file
# bench/bench_forge_published.py solves and checks.
PLAYED = Path(__file__).resolve().parent / "data" / "forge_played"
PING = "you activate Cinderhaze Wretch ({T}: This creature deals 1 damage to any target.) targeting "


def _until_priority_offers(state, kind: str):
    """Pass (whoever has priority) until an action of ``kind`` is legal."""
    for _ in range(12):
        if actions(state, kind=kind):
            return state
        state = act(state, kind="pass", player=to_dict(state)["priority"])
    raise AssertionError(f"no {kind} action offered: {listing(state)}")


@pytest.mark.parametrize("name", ["forge_tutorial01", "forge_tutorial03"])
def test_forge_tutorial_out_of_place_the_published_line_wins(name):
    """Forge Puzzle Tutorial #01 and #03 "Out of Place" are one puzzle (the files differ only in
    their names and line endings): the opponent at 5 behind three Walls of Omens, one more Wall
    exiled by your Mesmeric Fiend (``ExiledWith:``/``RememberedCards:``). The published idea,
    played from the imported position: Viridian Longbow on Cinderhaze Wretch; the Wretch shoots
    the Fiend, whose leaves ability returns the Wall to the opponent's hand; a -1/-1 counter
    untaps the Wretch, which shoots the opponent (4); Undying Evil on the Wretch, whose second
    counter kills it: it returns fresh, Lightning Greaves gives it haste, and it makes the
    opponent discard the Wall; Abyssal Nocturnus, 4/4 with fear, attacks past the white Walls.

    The search does not find it here: the line has 9 counted actions (see the README), far
    beyond what a complete search up to that length can see."""
    state = load_position(to_position(read_pzl(PLAYED / f"{name}.pzl")))
    cards = {c["id"]: c["card"] for c in to_dict(state)["players"]["you"]["battlefield"]}
    assert (cards["YB1"], cards["YB2"], cards["YB3"]) == ("Mesmeric Fiend", "Abyssal Nocturnus", "Cinderhaze Wretch")
    assert card(state, "OE1")["exiled_by"] == "YB1"
    state = resolve(act(state, kind="activate", card="Viridian Longbow", targets=["YB3"],
                        costs_include=["YB6", "YB7", "YB8"]))
    state = resolve(act(state, kind="activate", text=PING + "YB1"))
    assert zone_of(state, "OE1") == ("opponent", "hand")  # the Fiend's leaves ability (607.2a)
    state = resolve(act(state, kind="activate", text="you activate Cinderhaze Wretch"))
    state = resolve(act(state, kind="activate", text=PING + "opponent"))
    assert to_dict(state)["players"]["opponent"]["life"] == 4
    state = resolve(act(state, kind="cast", card="Undying Evil", targets=["YB3"]))
    state = resolve(act(state, kind="activate", text="you activate Cinderhaze Wretch"))
    # the Wretch died a 1/0 and came back with a +1/+1 counter, without the Longbow
    assert zone(state, "YB3") == "battlefield" and card(state, "YB3")["counters"] == {"P1P1": 1}
    state = resolve(act(state, kind="activate", card="Lightning Greaves", targets=["YB3"]))
    state = act(state, kind="activate", text="you activate Cinderhaze Wretch targeting opponent")
    state = act(act(state, kind="pass", player="you"), kind="pass", player="opponent")
    state = resolve(act(state, kind="choose", text="opponent chooses Wall of Omens (a card to discard)"))
    assert (now(state, "YB2")["power"], now(state, "YB2")["toughness"]) == (4, 4)
    assert "Fear" in now(state, "YB2")["keywords"]
    state = _until_priority_offers(state, "attack")
    state = act(act(state, kind="attack", card="Abyssal Nocturnus"), kind="pass", player="you")
    for _ in range(12):
        if state.winner:
            break
        assert not actions(state, kind="block")  # fear: no Wall of Omens may block
        state = act(state, kind="pass", player=to_dict(state)["priority"])
    assert state.winner == "you" and to_dict(state)["players"]["opponent"]["life"] == 0

"""Lines explained step by step: what was activated, paid and targeted, how each chain resolved,
what moved where, and the LP and ATK changes, read from replaying the line."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from helpers import actions, only

from cardjudge import apply, find_combos, legal_actions, load_position, to_dict
from cardjudge.cli import cli
from cardjudge.solver.explain import explain_line

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "examples" / "puzzles"


def _solve(name: str, **options):
    state = load_position(str(PUZZLES / name))
    result = find_combos(state, "win", max_actions=3, **options)
    assert result.found
    return state, result.lines[0]


def test_chain_resolution_and_destruction_are_told():
    _, line = _solve("ygo-mst.yaml", opponent="adversarial")
    first = line.steps[0]
    assert first.kind == "activate"
    assert first.targets == ("Sakuretsu Armor [SA]",)
    assert first.happened[:2] == ("you activate Mystical Space Typhoon [MST] (chain link 1)",
                                  "chain link 1 resolves: Mystical Space Typhoon [MST]")
    assert any(s.startswith("Sakuretsu Armor [SA] moves from spells_traps to graveyard") and "destroy" in s
               for s in first.happened)
    last = line.steps[-1]
    assert "opponent lp 1700 -> 0" in last.happened
    assert last.happened[-1] == "you win the game"


def test_atk_change_is_told():
    _, line = _solve("ygo-shrink.yaml")
    shrink = next(step for step in line.steps if step.text.startswith("you activate Shrink"))
    assert "Blue-Eyes White Dragon [BE] atk 3000 -> 1500" in shrink.happened
    assert "opponent lp 1000 -> 0" in line.steps[-1].happened


def test_costs_are_told():
    _, line = _solve("ygo-tribute.yaml")
    summon = line.steps[0]
    assert summon.paid == ("tribute Feral Imp [FI1], Feral Imp [FI2]",)
    assert "Blue-Eyes White Dragon [BE] moves from your hand to your monsters" in summon.happened
    assert any(s.startswith("Feral Imp [FI1] moves from monsters to graveyard") and "tribute" in s
               for s in summon.happened)


def test_the_opponents_response_and_its_cost_are_told():
    # Solemn Warning answering a Normal Summon: its LP cost, its resolution, what it destroyed.
    state = load_position(str(ROOT / "examples" / "ygo-solemn-warning.yaml"))
    summon = only(a for a in legal_actions(state) if a.text == "you Normal Summon Axe Raider")
    after = apply(state, summon)
    warning = only(a for a in legal_actions(after) if a.card == "Solemn Warning")
    steps = explain_line(state, [summon, warning])
    assert steps[1].player == "opponent"
    assert steps[1].paid == ("pay lp 2000",)
    assert steps[1].happened[:2] == ("opponent activates Solemn Warning [SW] (chain link 1)",
                                     "chain link 1 resolves: Solemn Warning [SW]")
    assert "opponent lp 2500 -> 500" in steps[1].happened
    assert any(s.startswith("destroyed: Axe Raider [AR]") for s in steps[1].happened)


def test_explain_and_to_dict_carry_the_steps():
    _, line = _solve("ygo-shrink.yaml")
    text = line.explain()
    assert text[0].startswith("1. you activate Shrink")
    assert any("atk 3000 -> 1500" in row for row in text)
    data = line.to_dict(lambda a: a.to_dict())
    assert len(data["steps"]) == len(data["actions"])
    assert data["steps"][0]["happened"] == list(line.steps[0].happened)


def test_cli_shows_what_happened_and_json_keeps_the_contract_shape():
    path = str(PUZZLES / "ygo-shrink.yaml")
    human = CliRunner().invoke(cli, ["combos", path, "--goal", "win", "--no-progress"])
    assert human.exit_code == 0, human.output
    assert "- Blue-Eyes White Dragon [BE] atk 3000 -> 1500" in human.output
    result = CliRunner().invoke(cli, ["combos", path, "--goal", "win", "--json"])
    document = json.loads(result.output)
    line = document["lines"][0]
    assert {"actions", "length"} <= set(line)
    assert all(isinstance(action["id"], str) for action in line["actions"])
    assert line["steps"][0]["kind"] == "activate"


def test_a_chain_of_two_resolves_last_link_first():
    # Shrink on Blue-Eyes, answered by Mystical Space Typhoon on Shrink: link 2 resolves first and
    # destroys Shrink, then link 1 still halves Blue-Eyes' ATK.
    position = {
        "game": "ygo", "turn": 3, "active": "you", "phase": "main1",
        "players": {
            "you": {"lp": 8000, "deck": ["Dark Magician"],
                    "spells_traps": [{"card": "Shrink", "id": "SH", "face_up": False}],
                    "monsters": [{"card": "Dark Magician", "id": "DM", "position": "attack", "face_up": True}]},
            "opponent": {"lp": 1000, "deck": ["Dark Magician"],
                         "monsters": [{"card": "Blue-Eyes White Dragon", "id": "BE", "position": "attack",
                                       "face_up": True}],
                         "spells_traps": [{"card": "Mystical Space Typhoon", "id": "OM", "face_up": False}]},
        },
    }
    state = load_position(position)
    shrink = only(a for a in legal_actions(state) if a.targets == ("BE",))
    after = apply(state, shrink)
    typhoon = only(a for a in legal_actions(after) if a.card == "Mystical Space Typhoon")
    first, second = explain_line(state, [shrink, typhoon])
    assert first.happened[0] == "you activate Shrink [SH] (chain link 1)"
    assert "chain: 0 -> 1 link" in first.happened
    told = list(second.happened)
    assert told[0] == "opponent activates Mystical Space Typhoon [OM] (chain link 2)"
    order = [told.index("chain link 2 resolves: Mystical Space Typhoon [OM]"),
             next(i for i, s in enumerate(told) if s.startswith("destroyed: Shrink [SH]")),
             told.index("chain link 1 resolves: Shrink [SH]"),
             told.index("Blue-Eyes White Dragon [BE] atk 3000 -> 1500")]
    assert order == sorted(order)


# -- Eredan: chance outcomes, changes told once, cards played -----------------------------


def _eredan_line():
    state = load_position(str(ROOT / "examples" / "eredan-combo.yaml"))
    result = find_combos(state, "win", max_actions=3, chance="expect")
    assert result.found and result.probability == 1
    return result.lines[0]


def test_a_change_is_told_once_when_the_entry_and_its_now_value_agree():
    # Eredan writes hp both on the character and in its now: mapping; the damage is one change.
    line = _eredan_line()
    clash = next(step for step in line.steps if "phase play -> clash" in step.happened)
    assert clash.happened.count("Test Combattant [C] hp 4 -> 2") == 1
    assert all(len(step.happened) == len(set(step.happened)) for step in line.steps)


def test_cards_played_in_a_fight_are_told_going_through_the_queue():
    line = _eredan_line()
    shi = next(step for step in line.steps if step.text == "you play Shi")
    assert shi.happened == ("Shi [Shi#hand0] moves from your hand to the queue",)
    clash = next(step for step in line.steps if "phase play -> clash" in step.happened)
    assert "Shi [Shi#hand0] moves from the queue to your discard" in clash.happened


def test_each_chance_outcome_is_told_after_the_main_one_with_what_it_did():
    line = _eredan_line()
    text = line.explain()
    roll = next(i for i, row in enumerate(text) if row.startswith(f"{len(line.actions) - 1}. T rolls"))
    number = len(line.actions) - 1
    # the main outcome first, then each other outcome as "if instead" under the same number,
    # followed by its own line numbered on from there
    assert text[roll + 1].startswith(f"if instead {number}. T rolls") and text[roll + 1].endswith(":")
    assert text[roll + 2].startswith(f"   {number + 1}. C rolls")
    data = line.to_dict(lambda action: action.to_dict())
    replies = [reply for reply in data["replies"] if reply["action"]["player"] == "chance"]
    assert replies and all(reply["step"]["number"] == reply["at"] + 1 for reply in replies)
    # an alternative roll of C is explained: what it did to T and the scores
    nested = replies[0]["line"]["replies"][0]
    assert nested["step"]["text"].startswith("C rolls")
    assert any(sentence.startswith("Test Maraudeur Tsoutaï [T] hp 22 ->") for sentence in nested["step"]["happened"])
    assert any(row.startswith(f"   if instead {number + 1}. C rolls") for row in text)  # in a reply
    assert any(row.startswith(f"if instead {number + 1}. C rolls") for row in text)  # in the main line


def test_cli_tells_chance_outcomes_in_order():
    path = str(ROOT / "examples" / "eredan-combo.yaml")
    human = CliRunner().invoke(cli, ["combos", path, "--goal", "win", "--chance", "expect", "--no-progress"])
    assert human.exit_code == 0, human.output
    rows = human.output.splitlines()
    main = next(i for i, row in enumerate(rows) if row.lstrip().startswith("5. T rolls"))
    assert rows[main + 1].lstrip().startswith("if instead 5. T rolls")
    assert human.output.count("Test Combattant [C] hp 4 -> 2") == 1


# -- Magic: what was cast, how the mana was paid, the targets, the stack resolving -------------


def _mtg(you_battlefield, you_hand, opponent_battlefield=(), opponent_hand=(), opponent_life=20):
    return load_position({
        "game": "mtg", "turn": 3, "active": "you", "phase": "main1",
        "players": {
            "you": {"life": 20, "hand": list(you_hand), "library": ["Forest"] * 3,
                    "battlefield": list(you_battlefield)},
            "opponent": {"life": opponent_life, "hand": list(opponent_hand), "library": ["Island"] * 3,
                         "battlefield": list(opponent_battlefield)},
        }})


def _passes_until_the_stack_is_empty(state, actions):
    actions = list(actions)
    for action in actions:
        state = apply(state, action)
    while to_dict(state)["stack"]:
        action = only(a for a in legal_actions(state) if a.kind == "pass")
        actions.append(action)
        state = apply(state, action)
    return actions


def test_mtg_a_spell_is_told_cast_paid_targeted_and_resolving():
    state = _mtg([{"card": "Mountain", "id": "M1"}, {"card": "Forest", "id": "F1"}],
                 [{"card": "Lightning Bolt", "id": "LB"}, {"card": "Giant Growth", "id": "GG"}], opponent_life=5)
    bolt = only(a for a in legal_actions(state) if a.card == "Lightning Bolt" and a.targets == ("opponent",))
    steps = explain_line(state, _passes_until_the_stack_is_empty(state, [bolt]))
    cast = steps[0]
    assert cast.paid == ("mana {R} from Mountain [M1]",)
    assert cast.targets == ("opponent",)
    assert cast.happened == ("Lightning Bolt [LB] moves from your hand to the stack (cast)",)
    last = steps[-1]
    assert last.happened == ("Lightning Bolt [LB] resolves, targeting opponent",
                             "Lightning Bolt [LB] deals damage to opponent",
                             "opponent life 5 -> 2",
                             "Lightning Bolt [LB] moves from the stack to your graveyard")


def test_mtg_mana_made_by_tapping_other_creatures_is_told_with_what_was_left():
    # Heritage Druid taps three Elves for {G}{G}{G}; Grizzly Bears costs {1}{G}, {G} stays.
    # Nobody can answer, so the Bears resolve within the action.
    state = _mtg([{"card": "Heritage Druid", "id": "HD"}, {"card": "Llanowar Elves", "id": "LE"},
                  {"card": "Elvish Mystic", "id": "EM"}], [{"card": "Grizzly Bears", "id": "GB"}])
    cast = only(a for a, _ in actions(state, card="Grizzly Bears", costs_include=["HD", "LE", "EM"]))
    (step,) = explain_line(state, [cast])
    assert step.paid == ("mana {G}{G}{G} from Heritage Druid [HD] (tapping Heritage Druid [HD], "
                         "Llanowar Elves [LE], Elvish Mystic [EM]) ({G} left in the mana pool)",)
    assert step.happened[:3] == ("Grizzly Bears [GB] moves from your hand to the stack (cast)",
                                 "Grizzly Bears [GB] resolves",
                                 "Grizzly Bears [GB] moves from the stack to battlefield (enters) [effect]")
    assert "you mana pool empty -> G" in step.happened
    assert not any("tapped" in sentence for sentence in step.happened)  # told by what was paid


def test_mtg_a_trigger_goes_on_the_stack_after_what_triggered_it():
    state = _mtg([{"card": "Pelt Collector", "id": "PC"}, {"card": "Forest", "id": "F1"},
                  {"card": "Forest", "id": "F2"}, {"card": "Mountain", "id": "M1"}],
                 [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Lightning Bolt", "id": "LB"}])
    cast = only(a for a, _ in actions(state, card="Grizzly Bears", costs_include=["F1", "F2"]))
    line = [cast, only(a for a in legal_actions(apply(state, cast)) if a.kind == "pass")]
    after = apply(apply(state, line[0]), line[1])
    line.append(only(a for a in legal_actions(after) if a.kind == "pass"))
    told = explain_line(state, line)[-1].happened
    assert told.index("Grizzly Bears [GB] resolves") \
        < next(i for i, s in enumerate(told) if s.startswith("Grizzly Bears [GB] moves from the stack to battlefield")) \
        < told.index("Pelt Collector [PC]'s triggered ability goes on the stack")


def test_mtg_a_countered_spell_is_told_leaving_the_stack():
    state = _mtg([{"card": "Mountain", "id": "M1"}], [{"card": "Lightning Bolt", "id": "LB"}],
                 [{"card": "Island", "id": "I1"}, {"card": "Island", "id": "I2"}],
                 [{"card": "Counterspell", "id": "CS"}])
    bolt = only(a for a in legal_actions(state) if a.card == "Lightning Bolt" and a.targets == ("opponent",))
    state1 = apply(state, bolt)
    give = only(a for a in legal_actions(state1) if a.kind == "pass")
    counter = only(a for a in legal_actions(apply(state1, give)) if a.card == "Counterspell")
    steps = explain_line(state, _passes_until_the_stack_is_empty(state, [bolt, give, counter]))
    # Nobody can answer Counterspell: it resolves as it is cast, and Lightning Bolt never does.
    assert steps[2].paid == ("mana {U} from Island [I1], {U} from Island [I2]",)
    assert steps[2].targets == ("Lightning Bolt [LB]",)
    assert steps[2].happened == ("Counterspell [CS] moves from opponent's hand to the stack (cast)",
                                 "Counterspell [CS] resolves",
                                 "Lightning Bolt [LB] moves from the stack to your graveyard",
                                 "Counterspell [CS] moves from the stack to opponent's graveyard")
    assert not any("Lightning Bolt [LB] resolves" in sentence for step in steps for sentence in step.happened)
    assert not any("opponent life" in sentence for step in steps for sentence in step.happened)


def test_mtg_a_step_is_told_beginning_before_what_happens_in_it():
    state = _mtg([{"card": "Grizzly Bears", "id": "GB"}], [], opponent_life=2)
    result = find_combos(state, "win", max_actions=1)
    assert result.found and result.complete
    last = result.lines[0].steps[-1]
    assert last.happened == ("combat damage step begins", "Grizzly Bears [GB] deals damage to opponent",
                             "opponent life 2 -> 0", "you win the game")
    assert not any("phase" in sentence for step in result.lines[0].steps for sentence in step.happened)


def test_mtg_cards_drawn_are_told_once():
    # Humble Defector: {T}: Draw two cards. Target opponent gains control of Humble Defector.
    state = _mtg([{"card": "Humble Defector", "id": "HD"}], [], [{"card": "Island", "id": "I1"}])
    activate = only(a for a in legal_actions(state) if a.card == "Humble Defector")
    steps = explain_line(state, _passes_until_the_stack_is_empty(state, [activate]))
    assert steps[0].happened == ("Humble Defector [HD]'s ability goes on the stack, targeting opponent",)
    told = steps[-1].happened
    assert told[0] == "Humble Defector [HD]'s ability resolves, targeting opponent"
    assert [s for s in told if "Forest#library" in s] == [
        "you draw Forest [Forest#library0], by Humble Defector [HD]",
        "you draw Forest [Forest#library1], by Humble Defector [HD]"]
    assert "Humble Defector [HD] moves from your battlefield to opponent's battlefield" in told


def test_eredan_cards_attached_to_a_character_are_told_as_cards():
    # Corruption de l'âme is played by the mage and stays on the priest; Fu, already on the
    # priest, counts a turn down: each is told as a card, not as the priest's list changing.
    state = load_position(str(ROOT / "examples" / "eredan-fight.yaml"))
    actions = []
    for text in ("you pick the fight M against P", "you play Corruption de l'âme",
                 "opponent plays no more cards in this fight", "M rolls 2 (0.3333)", "P rolls 2 (0.5)"):
        action = only(a for a in legal_actions(state) if a.text == text)
        actions.append(action)
        state = apply(state, action)
    steps = explain_line(load_position(str(ROOT / "examples" / "eredan-fight.yaml")), actions)
    corruption = "Corruption de l'âme [Corruption de l'âme#hand3]"
    assert f"{corruption} moves from the queue onto Test Prêtre [P]" in steps[2].happened
    assert "Fu [F] turns left 2 -> 1" in steps[4].happened
    assert not any("attached" in sentence for step in steps for sentence in step.happened)

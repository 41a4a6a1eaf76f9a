"""find_loops and ``cardjudge loops``: the graph proof, the bounds, confirmed loops classified by
each game's policy, certificates that replay, and bad input."""

import inspect
import json

import pytest
from click.testing import CliRunner

from cardjudge.cli import cli
from cardjudge.errors import InputError
from cardjudge.solver.loop_policy import classify
from cardjudge.solver.loops import find_loops, replay_certificate

DATA = "tests/data/loops"
PRODUCED: list = []  # every certificate the tests below produce, replayed by the last test


def _kept(result):
    for loop in result.loops:
        if loop.certificate:
            PRODUCED.append(loop.certificate)
    return result


def test_acyclic_graph_is_a_proof_of_no_loop():
    result = find_loops("cardjudge/cards/eredan")
    assert result.loops == [] and result.complete
    assert "no cycle" in result.reason and "no loop is possible" in result.reason
    assert result.graph.number_of_nodes() == result.stats["abilities"] > 0


@pytest.mark.parametrize("game", ["ygo", "mtg", "eredan"])
def test_builtin_libraries_report_no_infinite_or_mandatory_loop_statically(game):
    result = find_loops(f"cardjudge/cards/{game}", static_only=True)
    assert all(loop.kind in ("bounded", "undecided") for loop in result.loops)
    if any(loop.kind == "undecided" for loop in result.loops):
        assert not result.complete


def test_kiki_jiki_and_pestermite_make_tokens_without_end():
    """Kiki-Jiki copies Pestermite; the copy's enters trigger untaps Kiki-Jiki: optional, one
    Pestermite token (and its end-step sacrifice) per iteration."""
    result = _kept(find_loops(f"{DATA}/mtg-kiki-pestermite.yaml"))
    (loop,) = result.loops
    assert (loop.kind, loop.outcome) == ("infinite", "repeatable")
    assert set(loop.cards) == {"Kiki-Jiki, Mirror Breaker", "Pestermite"}
    assert loop.yields["you.tokens.Pestermite (sick, copy_keywords=Haste)"] == 1
    texts = [a["text"] for a in loop.certificate["actions"]]
    assert "you activate Kiki-Jiki, Mirror Breaker targeting P" in texts and "you choose untap" in texts
    assert replay_certificate(loop.certificate) == loop.yields


def test_kiki_jiki_and_zealous_conscripts_is_left_undecided_not_absent():
    """Each Conscripts token's control change is a lasting effect that stays: the position
    grows in a way not counted as a resource yet, so the search cannot close the loop."""
    result = find_loops(f"{DATA}/mtg-kiki-conscripts.yaml", limit_seconds=5)
    assert not result.complete
    assert [loop.kind for loop in result.loops] == ["undecided"]


def test_basalt_monolith_alone_repeats_with_no_net_change():
    """{T}: add {C}{C}{C}; {3}: untap it. Nothing is gained, but nothing stops it: a loop a player
    may repeat (no mana left over, so no infinite mana without Rings of Brighthearth)."""
    result = _kept(find_loops("cardjudge/cards/mtg/artifacts.yaml"))
    monolith = [loop for loop in result.loops if loop.cards == ("Basalt Monolith",)]
    assert [(loop.kind, loop.outcome, loop.yields) for loop in monolith] == [("infinite", "repeatable", {})]
    assert not [loop for loop in result.loops if loop.kind == "mandatory"]


def test_once_per_turn_and_running_out_cycles_are_bounded_by_the_facts(tmp_path):
    deck = tmp_path / "pot.txt"
    deck.write_text("3 Pot of Greed\n2 Swords of Revealing Light\n")
    result = find_loops(str(deck))
    by_cards = {loop.cards: loop for loop in result.loops}
    pot = by_cards[("Pot of Greed",)]  # draws cards to pay for itself, but the Deck runs out
    assert pot.kind == "bounded" and "card_in_deck" in pot.why


def test_mandatory_magic_loop_is_a_draw_CR_104_4b():
    result = _kept(find_loops(f"{DATA}/mtg-mandatory-tapper.yaml"))
    (loop,) = [loop for loop in result.loops if loop.kind == "mandatory"]
    # the Switch starts it, the Golem's two triggers go round through the stack
    assert loop.outcome == "draw" and loop.cards == ("Test Twitching Golem",)
    assert loop.certificate["prefix"][0]["text"] == "you activate Test Switch targeting G"
    assert {a["text"] for a in loop.certificate["actions"]} == {"you pass", "opponent passes"}
    assert result.complete


def test_sanguine_bond_and_exquisite_blood_drain_is_mandatory_and_wins_CR_104_3b_704_5a():
    """Each trigger goes on the stack and resolves on its own (603.3): the search sees the drain
    go round. Nobody chooses anything in it (the only target is the opponent), so no player can
    stop it; each iteration the opponent loses 1 life, and at 0 they lose (704.5a)."""
    result = _kept(find_loops(f"{DATA}/mtg-sanguine-exquisite.yaml"))
    (loop,) = result.loops
    assert (loop.kind, loop.outcome, loop.bound) == ("mandatory", "win", None)
    assert loop.yields == {"opponent.life": -1, "you.life": 1}
    assert set(loop.cards) == {"Sanguine Bond", "Exquisite Blood"}
    assert loop.certificate["prefix"][0]["text"] == "you activate Soulmender"
    assert {a["text"] for a in loop.certificate["actions"]} == {"you pass", "opponent passes"}
    assert result.complete
    # from 1 life the opponent loses in the first iteration: the game is over, the loop ends
    certificate = json.loads(json.dumps(loop.certificate))
    certificate["position"]["players"]["opponent"]["life"] = 1
    with pytest.raises(InputError, match="not legal"):
        replay_certificate(certificate)


def test_sanguine_bond_drain_against_platinum_angel_never_ends_the_game_a_draw_CR_104_4b():
    result = _kept(find_loops(f"{DATA}/mtg-sanguine-platinum.yaml"))
    (loop,) = result.loops
    assert (loop.kind, loop.outcome) == ("mandatory", "draw")
    assert loop.yields == {"opponent.life": -1, "you.life": 1} and "can't lose" in loop.why
    # from 1 life, one iteration takes the opponent to 0 and the game goes on round the loop
    certificate = json.loads(json.dumps(loop.certificate))
    certificate["position"]["players"]["opponent"]["life"] = 1
    assert replay_certificate(certificate) == {"opponent.life": -1, "you.life": 1}


def test_ygo_mandatory_loop_with_no_net_change_is_broken_by_policy_2_1():
    result = _kept(find_loops(f"{DATA}/ygo-phoenix-wanghu.yaml"))
    (loop,) = result.loops
    assert (loop.kind, loop.outcome, loop.yields) == ("mandatory", "illegal", {})
    # one iteration counted from the Summon that began it: Wanghu activates, then the Phoenix,
    # which is then the most recently activated
    assert loop.broken_by == "Test Phoenix"
    assert set(loop.cards) == {"Test Phoenix", "King Tiger Wanghu"}
    texts = [a["text"] for a in loop.certificate["prefix"]]
    assert texts[0] == "you Normal Summon Test Phoenix"  # the optional action that starts it
    assert result.complete


def test_pool_loop_is_confirmed_from_a_position_built_for_it():
    """A card file and a deck list, no position: the cycle's cards are placed where their
    abilities work or in the hand, and the loop is found from there."""
    result = _kept(find_loops([f"{DATA}/phoenix-cards.yaml", f"{DATA}/phoenix-deck.txt"]))
    (loop,) = result.loops
    assert (loop.kind, loop.outcome, loop.broken_by) == ("mandatory", "illegal", "Test Phoenix")
    assert "position built for these cards" in loop.why and result.stats["positions_built"] >= 1


def test_phoenix_alone_is_proved_loop_free():
    result = find_loops([f"{DATA}/phoenix-cards.yaml"])  # nothing it does sends it to the GY again
    assert result.loops == [] and result.complete and "no cycle" in result.reason


def test_optional_pumping_loop_is_infinite_with_its_yield():
    result = _kept(find_loops(f"{DATA}/mtg-optional-pump.yaml"))
    (loop,) = result.loops
    assert (loop.kind, loop.outcome, loop.yields, loop.bound) == ("infinite", "repeatable", {"you.life": 1}, None)
    # the ability uses the stack (602.2): it resolves once both players pass
    assert [a["text"] for a in loop.certificate["actions"]] == ["you pass", "opponent passes", "you activate Test Spring"]


def test_ygo_effect_usable_at_will_is_an_infinite_loop_counting_counters():
    result = _kept(find_loops(f"{DATA}/ygo-counter-pump.yaml"))
    (loop,) = result.loops
    assert (loop.kind, loop.outcome, loop.yields) == ("infinite", "repeatable", {"Test Counter Engine.SPELL": 1})
    assert result.graph.edges["Test Counter Engine#0", "Test Counter Engine#0"]["why"] == ["repeats: costs nothing"]


def test_position_search_exhausts_a_cycle_that_cannot_start():
    result = find_loops(f"{DATA}/mtg-golem-alone.yaml")
    (loop,) = result.loops
    assert (loop.kind, loop.bound) == ("bounded", 0) and result.stats["searches"] == 1
    assert result.complete and "no line with these cards repeats the position" in loop.why


def test_whole_libraries_are_proved_without_search():
    """Every cycle of the Eredan library goes through an ability that bounds it (a use
    limit, or a resource nothing it can loop with produces): complete, nothing undecided."""
    result = find_loops("cardjudge/cards/eredan", static_only=True)
    assert result.complete, result.reason
    assert all(loop.kind == "bounded" for loop in result.loops)


def test_ygo_library_every_cycle_but_one_is_bounded_by_the_rules():
    """What only a player's Normal Summon, a battle or a Synchro Summon starts, what takes a card
    from the hand or the Deck, and "Tribute this card" (this very card again) bound every cycle of
    the Yu-Gi-Oh! library statically, but one: Destiny HERO - Departed with King Tiger Wanghu,
    which the search confirms from a position built in the Draw Phase (mandatory, illegal)."""
    static = find_loops("cardjudge/cards/ygo", static_only=True)
    undecided = [loop for loop in static.loops if loop.kind == "undecided"]
    assert [set(loop.cards) for loop in undecided] == [{"Destiny HERO - Departed", "King Tiger Wanghu"}]
    facts = {name: static.graph.nodes[name]["facts"] for name in static.graph}
    assert facts["Tin Goldfish#0"].limit == "normal_or_flip_summon"  # "When this card is Normal Summoned"
    assert facts["Mystic Tomato#0"].limit == "destruction_by_battle"
    assert "card_on_field:Exiled Force" in facts["Exiled Force#0"].consumes  # "You can Tribute this card"
    assert "card_in_hand" in facts["Doppelwarrior#0"].consumes  # it Special Summons itself from the hand
    result = _kept(find_loops("cardjudge/cards/ygo"))
    assert result.complete, result.reason
    looping = [loop for loop in result.loops if loop.kind != "bounded"]
    assert [(loop.kind, loop.outcome, loop.broken_by) for loop in looping] == [
        ("mandatory", "illegal", "King Tiger Wanghu")]


def test_once_per_turn_limit_bounds_the_cycle_to_one(tmp_path):
    deck = tmp_path / "shaddoll.txt"
    deck.write_text("3 Shaddoll Dragon\n")
    result = find_loops(str(deck))
    limited = [loop for loop in result.loops if loop.cards == ("Shaddoll Dragon",)]
    assert limited and all(loop.kind == "bounded" and loop.bound == 1 for loop in limited)
    assert "once per turn" in limited[0].why


def test_static_only_searches_nothing():
    result = find_loops(f"{DATA}/mtg-optional-pump.yaml", static_only=True)
    assert result.stats["searches"] == 0
    (loop,) = result.loops
    assert loop.kind == "undecided" and not result.complete


def test_limits_leave_a_loop_undecided_never_absent():
    result = find_loops(f"{DATA}/mtg-golem-alone.yaml", limit_nodes=3)
    assert not result.complete
    assert any(loop.kind == "undecided" for loop in result.loops)


def test_deck_list_is_read_by_name():
    result = find_loops(f"{DATA}/ygo-deck.txt")
    assert result.game == "ygo" and result.stats["cards"] == 2


def test_policy_yugioh_mandatory_no_net_change_is_broken_by_the_last_activated():
    verdict = classify("ygo", True, {}, set(), {"you": 8000, "opponent": 8000}, "King Tiger Wanghu")
    assert (verdict.kind, verdict.outcome, verdict.broken_by) == ("mandatory", "illegal", "King Tiger Wanghu")


def test_policy_mandatory_loop_that_ends_the_game_is_a_win():
    verdict = classify("mtg", True, {"you.life": 1, "opponent.life": -1}, set(), {"opponent": 20}, None)
    assert (verdict.kind, verdict.outcome) == ("mandatory", "win")


def test_policy_optional_loop_paid_with_own_life_is_bounded():
    verdict = classify("ygo", False, {"you.lp": -1000, "you.mana": 0}, {"you"}, {"you": 8000}, None)
    assert (verdict.kind, verdict.bound) == ("bounded", 8)


def test_policy_optional_drain_of_the_opponent_wins():
    verdict = classify("mtg", False, {"opponent.life": -2}, {"you"}, {"opponent": 20}, None)
    assert (verdict.kind, verdict.outcome) == ("infinite", "win")


# -- the command --------------------------------------------------------------------------------


def _run(*args):
    return CliRunner().invoke(cli, list(args))


def test_cli_json_format():
    out = _run("loops", f"{DATA}/mtg-optional-pump.yaml", "--json", "--no-progress")
    assert out.exit_code == 0, out.output
    document = json.loads(out.output)
    (loop,) = document["loops"]
    assert set(loop) >= {"cards", "abilities", "kind", "outcome", "yields", "bound", "broken_by", "certificate"}
    assert set(loop["certificate"]) >= {"position", "prefix", "actions"}
    assert document["complete"] is True and "stats" in document
    PRODUCED.append(loop["certificate"])


def test_cli_dot_and_svg(tmp_path):
    dot, svg = tmp_path / "g.dot", tmp_path / "g.svg"
    out = _run("loops", f"{DATA}/mtg-optional-pump.yaml", "--dot", str(dot), "--svg", str(svg), "--no-progress")
    assert out.exit_code == 0, out.output
    text = dot.read_text()
    assert "Test Spring (ability 0)" in text and "color=red" in text
    assert svg.read_text().lstrip().startswith(("<?xml", "<svg"))


def test_cli_svg_without_dot_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    out = _run("loops", f"{DATA}/mtg-optional-pump.yaml", "--svg", str(tmp_path / "g.svg"), "--static-only")
    assert out.exit_code == 1 and "dot" in out.output and len(out.output.strip().splitlines()) == 1


@pytest.mark.parametrize("source, message", [
    ("unknown-card-deck.txt", "unknown-card-deck.txt:2: unknown card 'Not A Real Card'"),
    ("empty-deck.txt", "empty-deck.txt:1: the deck list holds no card"),
])
def test_cli_bad_deck_lists(source, message):
    out = _run("loops", f"{DATA}/{source}")
    assert out.exit_code == 1 and message in out.output
    assert len(out.output.strip().splitlines()) == 1


def test_cli_empty_pool_is_one_line():
    out = _run("loops", f"{DATA}/empty-pool.yaml")
    assert out.exit_code == 1 and "empty-pool.yaml:1: the pool is empty" in out.output
    assert len(out.output.strip().splitlines()) == 1


def test_cli_progress_says_what_is_searched():
    # click 8.1 mixes stderr into the output unless told not to; 8.2 keeps it apart always
    separate = {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
    out = CliRunner(**separate).invoke(cli, ["loops", f"{DATA}/ygo-counter-pump.yaml", "--progress"])
    assert out.exit_code == 0 and "searching Test Counter Engine" in out.stderr


def test_cli_pool_of_two_games_is_refused():
    out = _run("loops", "cardjudge/cards/ygo", f"{DATA}/mtg-optional-pump.yaml")
    assert out.exit_code == 1 and "a pool holds cards of one game" in out.output


def test_missing_source():
    with pytest.raises(InputError, match="no such file"):
        find_loops(f"{DATA}/nothing-here.yaml")


def test_a_tampered_certificate_does_not_replay():
    pump = find_loops(f"{DATA}/mtg-optional-pump.yaml").loops[0]
    broken = dict(pump.certificate, actions=[dict(pump.certificate["actions"][0], text="you activate Nothing")])
    with pytest.raises(InputError, match="not legal"):
        replay_certificate(broken)


def test_heliod_and_walking_ballista_is_optional_and_unbounded_one_damage_a_time():
    """Heliod, Sun-Crowned's {1}{W} gives the Ballista lifelink; each counter removed deals 1
    damage (702.15b: its controller gains 1 life), Heliod's trigger puts the counter back."""
    result = _kept(find_loops(f"{DATA}/mtg-heliod-ballista.yaml"))
    (loop,) = result.loops
    assert (loop.kind, loop.outcome, loop.bound) == ("infinite", "win", None)
    assert loop.yields == {"opponent.life": -1, "you.life": 1}  # the counter comes back: no net change
    assert set(loop.cards) == {"Heliod, Sun-Crowned", "Walking Ballista"}
    assert [a["text"] for a in loop.certificate["prefix"]][0] == "you activate Heliod, Sun-Crowned targeting WB"
    texts = [a["text"] for a in loop.certificate["actions"]]
    assert "you activate Walking Ballista targeting opponent" in texts
    assert "you put Heliod, Sun-Crowned's triggered ability on the stack next targeting WB" in texts
    assert replay_certificate(loop.certificate) == loop.yields


def test_nettle_sentinel_and_heritage_druid_are_bounded_by_the_spells_to_cast():
    """Only casting a green spell untaps the Sentinels: each round uses up a card from the hand."""
    result = find_loops(f"{DATA}/mtg-nettle-druid.yaml")
    (loop,) = result.loops
    assert loop.kind == "bounded" and "card_in_hand" in loop.why
    assert set(loop.cards) == {"Nettle Sentinel", "Heritage Druid", "Giant Growth"}
    assert result.complete


def test_nettle_sentinel_and_heritage_druid_without_spells_cannot_loop():
    result = find_loops(f"{DATA}/nettle-druid-deck.txt")
    assert result.loops == [] and result.complete and "no cycle" in result.reason


def test_basalt_monolith_and_rings_of_brighthearth_make_infinite_colorless_mana():
    """The Rings copy the untap ability for {2}; tapped again in between, the Monolith makes
    {C}{C}{C} twice for {3} + {2}: one {C} more each time round (707.10, 605.3a)."""
    result = _kept(find_loops(f"{DATA}/mtg-monolith-rings.yaml"))
    looping = [loop for loop in result.loops if loop.kind == "infinite"]
    (loop,) = looping
    assert (loop.outcome, loop.yields, loop.bound) == ("repeatable", {"you.mana.C": 1}, None)
    assert set(loop.cards) == {"Basalt Monolith", "Rings of Brighthearth"}
    texts = [a["text"] for a in loop.certificate["actions"]]
    assert "you pay {2} ({C}{C} from the pool) (Rings of Brighthearth)" in texts
    assert replay_certificate(loop.certificate) == {"you.mana.C": 1}
    assert not [loop for loop in result.loops if loop.kind == "mandatory"]


def test_destiny_hero_departed_and_king_tiger_wanghu_loop_is_broken_by_policy_2_1():
    """Departed is Special Summoned to the opponent's field in your Standby Phase; Wanghu destroys
    it (1000 ATK), and in your GY during your Standby Phase it is Summoned again: mandatory, no
    net change. One iteration, from Departed's activation, then the most recently activated card
    (Wanghu) is sent to the GY (TCG Policy 2.1)."""
    result = _kept(find_loops(f"{DATA}/ygo-departed-wanghu.yaml"))
    (loop,) = [loop for loop in result.loops if loop.kind != "bounded"]
    assert (loop.kind, loop.outcome, loop.yields) == ("mandatory", "illegal", {})
    assert loop.broken_by == "King Tiger Wanghu"
    assert set(loop.cards) == {"Destiny HERO - Departed", "King Tiger Wanghu"}
    assert [a["text"] for a in loop.certificate["prefix"]] == ["you pass (ends draw)",
                                                               "you activate the effect of Destiny HERO - Departed"]
    assert replay_certificate(loop.certificate) == {}


def test_worldgorger_dragon_and_animate_dead_is_a_mandatory_loop_a_draw_CR_104_4b():
    """Animate Dead returns the Dragon, the Dragon exiles it, the Dragon is sacrificed, Animate
    Dead comes back and must choose the Dragon again: nothing is optional, the game is a draw.
    The Swamps' mana each time round does not break it: nothing can spend it."""
    result = _kept(find_loops(f"{DATA}/mtg-worldgorger-animate-dead.yaml"))
    assert result.complete
    assert {(loop.kind, loop.outcome) for loop in result.loops} == {("mandatory", "draw")}
    plain = [loop for loop in result.loops if set(loop.cards) == {"Animate Dead", "Worldgorger Dragon"}]
    assert [loop.yields for loop in plain] == [{}]
    assert "you choose Worldgorger Dragon (what the Aura enchants)" in [a["text"] for a in plain[0].certificate["actions"]]


def test_ygo_wanghu_with_mystic_tomato_is_bounded_by_battle_Y4(tmp_path):
    """Wanghu destroys the 1400-ATK Mystic Tomato the Tomato Summons from the Deck (its ATK read
    at the Summon, Y4), but by an effect: the Tomato's effect needs a destruction by battle, so
    only the turn's attacks start the cycle again."""
    deck = tmp_path / "tomato.txt"
    deck.write_text("3 Mystic Tomato\n1 King Tiger Wanghu\n")
    result = find_loops(str(deck))
    loops = [loop for loop in result.loops if set(loop.cards) == {"Mystic Tomato", "King Tiger Wanghu"}]
    assert loops and all(loop.kind == "bounded" for loop in loops)
    assert "destroyed by battle" in loops[0].why
    assert result.complete and not [loop for loop in result.loops if loop.kind in ("infinite", "mandatory")]


def test_ygo_junk_synchron_doppelwarrior_and_wanghu_are_bounded(tmp_path):
    """Junk Synchron revives Doppelwarrior (Level 2), Wanghu destroys it (800 ATK, Y4), and
    Doppelwarrior comes from the hand when a monster is Special Summoned from the GY: each round
    needs a Normal Summon or a card from the hand."""
    deck = tmp_path / "junk.txt"
    deck.write_text("3 Junk Synchron\n3 Doppelwarrior\n1 King Tiger Wanghu\n")
    result = find_loops(str(deck))
    assert result.loops and all(loop.kind == "bounded" for loop in result.loops)
    assert result.complete


def test_every_certificate_replays():
    """Runs last in this file: every certificate produced above replays through apply, legal
    action after legal action, back to its position up to the resources in its yields."""
    assert PRODUCED
    for certificate in PRODUCED:
        yields = replay_certificate(certificate)
        assert isinstance(yields, dict)
    pump = find_loops(f"{DATA}/mtg-optional-pump.yaml").loops[0]
    assert replay_certificate(pump.certificate) == pump.yields

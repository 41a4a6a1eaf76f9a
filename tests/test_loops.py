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
    assert [a["text"] for a in loop.certificate["actions"]][-1] == "you activate Kiki-Jiki, Mirror Breaker targeting P"
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
    assert loop.outcome == "draw" and set(loop.cards) == {"Test Switch", "Test Twitching Golem"}
    assert result.complete


def test_ygo_mandatory_loop_with_no_net_change_is_broken_by_policy_2_1():
    result = _kept(find_loops(f"{DATA}/ygo-phoenix-wanghu.yaml"))
    (loop,) = result.loops
    assert (loop.kind, loop.outcome, loop.yields) == ("mandatory", "illegal", {})
    assert loop.broken_by == "King Tiger Wanghu"  # the most recently activated in an iteration
    assert set(loop.cards) == {"Test Phoenix", "King Tiger Wanghu"}
    texts = [a["text"] for a in loop.certificate["prefix"]]
    assert texts[0] == "you Normal Summon Test Phoenix"  # the optional action that starts it
    assert result.complete


def test_pool_loop_is_confirmed_from_a_position_built_for_it():
    """A card file and a deck list, no position: the cycle's cards are placed where their
    abilities work or in the hand, and the loop is found from there."""
    result = _kept(find_loops([f"{DATA}/phoenix-cards.yaml", f"{DATA}/phoenix-deck.txt"]))
    (loop,) = result.loops
    assert (loop.kind, loop.outcome, loop.broken_by) == ("mandatory", "illegal", "King Tiger Wanghu")
    assert "position built for these cards" in loop.why and result.stats["positions_built"] >= 1


def test_phoenix_alone_is_proved_loop_free():
    result = find_loops([f"{DATA}/phoenix-cards.yaml"])  # nothing it does sends it to the GY again
    assert result.loops == [] and result.complete and "no cycle" in result.reason


def test_optional_pumping_loop_is_infinite_with_its_yield():
    result = _kept(find_loops(f"{DATA}/mtg-optional-pump.yaml"))
    (loop,) = result.loops
    assert (loop.kind, loop.outcome, loop.yields, loop.bound) == ("infinite", "repeatable", {"you.life": 1}, None)
    assert [a["text"] for a in loop.certificate["actions"]] == ["you activate Test Spring"]


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
    limit, or a resource nothing it can loop with produces): complete, nothing undecided.
    (The Yu-Gi-Oh! library's Extra Deck and Special Summon cards hold cycles that the facts do
    not bound yet: they are reported undecided, never infinite.)"""
    for game in ("eredan",):
        result = find_loops(f"cardjudge/cards/{game}", static_only=True)
        assert result.complete, (game, result.reason)
        assert all(loop.kind == "bounded" for loop in result.loops)


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


def test_every_certificate_replays():
    """Runs last in this file: every certificate produced above replays through apply, legal
    action after legal action, back to its position up to the resources in its yields."""
    assert PRODUCED
    for certificate in PRODUCED:
        yields = replay_certificate(certificate)
        assert isinstance(yields, dict)
    pump = find_loops(f"{DATA}/mtg-optional-pump.yaml").loops[0]
    assert replay_certificate(pump.certificate) == pump.yields


def test_a_tampered_certificate_does_not_replay():
    pump = find_loops(f"{DATA}/mtg-optional-pump.yaml").loops[0]
    broken = dict(pump.certificate, actions=[dict(pump.certificate["actions"][0], text="you activate Nothing")])
    with pytest.raises(InputError, match="not legal"):
        replay_certificate(broken)

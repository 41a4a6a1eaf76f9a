"""Eredan's play phase: the listing asks only whether a card may be played (its reasons are
written lazily, for an explanation). What that must protect: along any line of play, a card is
refused by ``may_play`` exactly when ``play_reasons`` gives a reason, the first reason alone is
the first of all of them, and each reason has its text."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardjudge as cj
from cardjudge.rules.eredan import legal
from playouts import ROOT, start_files, states_along

STARTS = start_files("eredan")


def _hand_cards(state):
    player = state.get("to_play")
    if player is None:
        return None, []
    return player, list(state.zone(player, "hand"))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(STARTS), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=20))
def test_may_play_agrees_with_the_reasons_along_playouts(start, choices):
    for state in states_along(cj.load_position(start), choices):
        player, hand = _hand_cards(state)
        for oid in hand:
            every = legal.play_reasons(state, player, oid)
            assert legal.may_play(state, player, oid) == (every == [])
            assert legal.play_reasons(state, player, oid, every=False) == every[:1]
            assert all(reason.text for reason in every)


def test_a_mage_card_is_left_out_of_a_maraudeur_listing_with_its_reason():
    """In the example fight's play phase the fighter is a Maraudeur: the three cards without a
    requirement are listed, the two Mage cards are not, each with the class it asks for."""
    fight = cj.load_position(ROOT / "examples" / "eredan-fight.yaml")
    state = cj.apply(fight, cj.legal_actions(fight)[0])
    player, hand = _hand_cards(state)
    listed = [a.text for a in cj.legal_actions(state)]
    assert listed == ["you play Shi", "you play Fu", "you play Mi", "you play no more cards in this fight"]
    refused = {state.objects[oid].card: [r.text for r in legal.play_reasons(state, player, oid)] for oid in hand
               if not legal.may_play(state, player, oid)}
    assert refused == {
        name: [f"{name} is played by a character of class Mage; Test Maraudeur Tsoutaï is Maraudeur"]
        for name in ("Corruption de l'âme", "Contresort")}

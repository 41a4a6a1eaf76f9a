"""The declared facts of every ability (``ability_facts``): what ``apply`` emits along random
playouts of every example is among what the abilities of the emitting card declare."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions
from cardjudge.rules import rules_for
from tests.playouts import EXAMPLES, Starts, start_positions

#: events the rules themselves cause for any card: activating and resolving an effect (ygo),
#: casting a spell, paying its mana and the permanent entering (mtg)
_RULE_EVENTS = {"ygo": {"activated", "resolving"}, "mtg": {"cast", "enters", "tapped"}, "eredan": set()}

STARTS = {game: Starts(start_positions(game)) for game in ("ygo", "mtg", "eredan")}


def _declared(state, card_name: str) -> set:
    card = state.pool[card_name]
    rules = rules_for(state.game)
    declared = set()
    for ability in getattr(rules, "card_abilities", lambda c: c.abilities)(card):
        declared |= rules.ability_facts(card, ability).emits
    return declared


def _undeclared(before, after) -> list:
    """The events of this apply caused by a card's cost or effect that the card does not declare."""
    wrong = []
    for event in after.events:
        if event.reason not in ("effect", "cost") or event.source is None or event.kind in _RULE_EVENTS[before.game]:
            continue
        source = after.objects.get(event.source) or before.objects.get(event.source)
        if source is None or source.card not in before.pool:
            continue
        if event.kind not in _declared(before, source.card):
            wrong.append((source.card, event.kind))
    return wrong


@pytest.mark.parametrize("game", ["ygo", "mtg", "eredan"])
@settings(max_examples=max(3, EXAMPLES // 3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_what_apply_emits_is_declared(game, data):
    starts = STARTS[game]
    name = data.draw(st.sampled_from(sorted(starts.positions)))
    state = starts[name]
    for _ in range(data.draw(st.integers(5, 20))):
        actions = legal_actions(state)
        if not actions:
            break
        action = actions[data.draw(st.integers(0, len(actions) - 1))]
        after = apply(state, action)
        assert _undeclared(state, after) == [], f"{name}: {action.text}"
        state = after


@pytest.mark.parametrize("game", ["ygo", "mtg", "eredan"])
def test_every_ability_of_the_library_has_facts(game):
    from cardjudge.cards.loader import load_cards
    import glob
    rules = rules_for(game)
    count = 0
    for path in sorted(glob.glob(f"cardjudge/cards/{game}/*.yaml")):
        for card in load_cards(path):
            for ability in card.abilities:
                facts = rules.ability_facts(card, ability)
                assert facts.listens <= facts.listens | facts.emits  # a frozenset each
                count += 1
    assert count > 20


def test_ygo_facts_of_wanghu_and_chain_energy():
    from cardjudge.cards.loader import load_cards
    pool = {card.name: card for card in load_cards("cardjudge/cards/ygo")}
    wanghu = pool["King Tiger Wanghu"]
    facts = rules_for("ygo").ability_facts(wanghu, wanghu.abilities[0])
    assert facts.listens == {"summoned"} and "destroyed" in facts.emits and not facts.optional


def test_ygo_a_trigger_on_targeting_activations_listens_to_those_only():
    """Decode Talker answers an activation "that targets a card(s) you control": Destiny HERO -
    Departed's Summon (no target) cannot start it, Mystical Space Typhoon (a target) can, so the
    graph holds no Decode Talker cycle through Departed."""
    from cardjudge.cards.loader import load_cards
    pool = {card.name: card for card in load_cards("cardjudge/cards/ygo")}
    facts = rules_for("ygo").ability_facts
    decode, departed, typhoon = pool["Decode Talker"], pool["Destiny HERO - Departed"], pool["Mystical Space Typhoon"]
    listens = facts(decode, decode.abilities[1]).listens
    assert listens == {"activated_targeting"}
    assert not listens & facts(departed, departed.abilities[1]).emits
    assert listens <= facts(typhoon, typhoon.abilities[0]).emits


def test_mtg_mana_ability_produces_mana():
    from cardjudge.cards.loader import load_cards
    pool = {card.name: card for card in load_cards("cardjudge/cards/mtg")}
    elves = pool["Llanowar Elves"]
    facts = rules_for("mtg").ability_facts(elves, elves.abilities[0])
    assert "mana" in facts.produces and "untapped" in facts.consumes and "tapped" in facts.emits


def test_every_effect_step_and_cost_part_is_declared():
    """A new step or cost part of a game needs its line in the game's facts table."""
    from cardjudge.rules.eredan import abilities as eredan_abilities
    from cardjudge.rules.eredan import facts as eredan_facts
    from cardjudge.rules.mtg import abilities as mtg_abilities
    from cardjudge.rules.mtg import facts as mtg_facts
    from cardjudge.rules.ygo import abilities as ygo_abilities
    from cardjudge.rules.ygo import facts as ygo_facts

    assert ygo_abilities.EFFECT_OPS <= set(ygo_facts.STEP_FACTS) | ygo_facts._RUNS_OTHER_STEPS
    assert ygo_abilities.COST_KINDS <= set(ygo_facts.COST_FACTS)
    assert mtg_abilities.EFFECT_OPS <= set(mtg_facts.STEP_FACTS) | {"delayed"}
    assert set(mtg_abilities.COST_PARTS) <= set(mtg_facts.COST_FACTS)
    assert set(eredan_abilities.EFFECT_KEYS) <= set(eredan_facts.STEP_FACTS)


def test_eredan_effects_emit_their_events_with_amounts():
    """Eredan parts emit what they declare: HP lost or healed with their amounts, a character
    that dies."""
    from cardjudge.rules.core.state import Draft
    from cardjudge.rules.eredan import effects

    state = STARTS["eredan"]["eredan-fight.yaml"]
    fighter = next(o.oid for o in state.objects.values() if o.counter("hp") > 1)
    d = Draft(state)
    hp = d.objects[fighter].counter("hp")
    effects.lose_hp(d, fighter, 1)
    effects.heal(d, fighter, 1)
    effects.lose_hp(d, fighter, hp)
    assert [(e.kind, e.amount) for e in d.events] == [("hp_lost", 1), ("healed", 1), ("hp_lost", hp),
                                                       ("holder_dies", 0)]

"""Events the loop analysis reads, emitted with their amounts: Yu-Gi-Oh! phase events (the
Standby Phase) and LP paid, lost and gained."""

from helpers import only

from cardjudge import apply, legal_actions, load_position


def _events(state):
    return state.events


def _position(phase: str, **you):
    return {"game": "ygo", "turn": 2, "active": "you", "phase": phase,
            "players": {"you": {"lp": 8000, "deck": ["Dark Magician", "Dark Magician"], **you},
                        "opponent": {"lp": 8000, "deck": ["Dark Magician"]}}}


def _passed(state):
    (passing,) = [a for a in legal_actions(state) if a.kind == "pass"]
    return apply(state, passing)


def test_entering_the_standby_phase_is_an_event():
    state = _passed(load_position(_position("draw")))  # nothing to do in the Standby Phase: on to Main Phase 1
    assert state.phase == "main1"
    phases = [e for e in _events(state) if e.kind == "phase"]
    assert [(e.method, e.player, e.reason) for e in phases] == [("standby", "you", "rule"), ("main1", "you", "rule")]


def test_lp_paid_as_a_cost_carries_its_amount():
    state = load_position("examples/ygo-solemn-warning.yaml")
    summon = only(a for a in legal_actions(state) if a.kind == "summon" and a.card == "Axe Raider")
    state = apply(state, summon)
    warning = only(a for a in legal_actions(state) if a.card == "Solemn Warning" and a.kind == "activate")
    after = apply(state, warning)
    paid = [e for e in _events(after) if e.kind == "lp_paid"]
    assert [(e.player, e.amount, e.reason) for e in paid] == [("opponent", 2000, "cost")]
    assert not [e for e in _events(after) if e.kind == "lp_lost"]


def test_battle_damage_is_lp_lost_with_its_amount():
    state = load_position("examples/ygo-battle.yaml")
    for _ in range(40):
        actions = legal_actions(state)
        attacks = [a for a in actions if a.kind == "attack" and a.card == "Blue-Eyes White Dragon"]
        before = state
        state = apply(state, only(attacks, "attacks") if attacks else only(a for a in actions if a.kind == "pass"))
        lost = [e for e in _events(state) if e.kind == "lp_lost"]
        if lost:
            break
    (event,) = lost
    assert event.reason == "battle" and event.amount > 0
    index = state.players.index(event.player)
    assert before.player_states[index].life - state.player_states[index].life == event.amount

"""The Yu-Gi-Oh turn driver: passing, phases and turns, and the resolution of the chain.

When both players pass in succession the chain resolves from its last link to its first (Y7);
triggers that happened meanwhile then start a new chain in SEGOC order (G2); the window the
chain started from comes back with the turn player's priority. A pass in the open game state
ends the phase once the opponent passes too.
"""

from __future__ import annotations

from operator import attrgetter

from cardjudge.rules.core.events import new_event
from cardjudge.rules.core.lasting import tick
from cardjudge.rules.core.state import Draft
from cardjudge.rules.ygo import battle, effects, summons
from cardjudge.rules.ygo.records import Choice
from cardjudge.rules.ygo.windows import emit, next_step, opponent, set_window

PHASES = ("draw", "standby", "main1", "battle_start", "battle_step", "damage_step", "battle_end", "main2", "end")
ALWAYS_OFFERED = {"main1", "main2", "battle_step"}
HAND_LIMIT = 6


def do_pass(d: Draft) -> None:
    """The player with priority passes."""
    kind, priority, passes = d.game_data.get("window") or ("open", d.active, 0)  # window(d), inline
    if kind == "open":
        set_window(d, "phase_end", opponent(d, priority))
        return
    if kind == "phase_end":
        end_phase_now(d)
        return
    if passes + 1 >= 2:
        if kind == "respond":
            start_resolving(d)
        else:
            all_passed(d, kind)
        return
    set_window(d, kind, opponent(d, priority), passes + 1)


def all_passed(d: Draft, kind: str) -> None:
    """Both players passed with an empty chain in a summon, attack or damage window."""
    if kind == "summon":
        summons.complete_summon(d)
    elif kind == "attack":
        battle.enter_damage_step(d)
    elif kind == "damage":
        battle.damage_calculation(d)
    else:
        set_window(d, "open", d.active)


def end_phase_now(d: Draft) -> None:
    """Move to the next phase (or turn)."""
    phase = d.phase
    if phase == "main1":
        target = "battle_start" if d.turn > 1 else "end"
    elif phase == "battle_step":
        target = "battle_end"
    elif phase == "battle_start":
        target = "battle_step"
    elif phase == "battle_end":
        target = "main2"
    elif phase == "end":
        start_next_turn(d)
        return
    else:
        target = PHASES[PHASES.index(phase) + 1]
    enter_phase(d, target)


def enter_phase(d: Draft, phase: str) -> None:
    if d.phase in ("battle_start", "battle_step", "damage_step", "battle_end") and phase == "main2":
        battle.leave_battle_phase(d)
    d.phase = phase
    # set_window and next_step, inline (two calls less for every phase walked through)
    data = d.game_data
    if "base_window" in data:
        del data["base_window"]
    if "window_events" in data:
        del data["window_events"]
    data["window"] = ("open", d.active, 0)
    data["step"] = data.get("step", 0) + 1
    emit(d, new_event("phase", (), d.active, "rule", None, phase))  # "During your Standby Phase ..."
    if phase == "draw":
        if d.turn > 1 or d.game_data.get("first_turn_draws"):
            effects.draw(d, d.active, 1, reason="rule")
    elif phase == "standby":
        effects.queue_maintenance(d)
    elif phase == "end":
        effects.end_phase_effects(d)
        expire(d, "end_phase")
        queue_hand_limit(d)


def queue_hand_limit(d: Draft) -> None:
    hand = d.zone(d.active, "hand")
    excess = len(hand) - HAND_LIMIT
    if excess > 0:
        d.game_data["choice"] = Choice(
            d.active, "discard", "discard", tuple(hand), excess, excess,
            prompt=f"discard {excess} card(s) down to the hand limit of {HAND_LIMIT}",
        )


def expire(d: Draft, moment: str) -> None:
    """Lasting effects that run until ``moment`` end (durations counted in turns count down)."""
    if not d.lasting:
        return  # nothing to end, and the Draft keeps what it derived (no touched())
    kept, _ended = tick(d.lasting, moment)
    d.lasting = kept
    d.touched(zones=False)  # no object or zone changed


def start_next_turn(d: Draft) -> None:
    expire(d, "end_of_turn")
    if d.used:
        d.used = frozenset(key for key in d.used if not (isinstance(key, tuple) and key[0] == "turn"))
    d.turn += 1
    d.active = opponent(d, d.active)
    for player_state in tuple(d.player_states):
        if "normal_summon_used" in player_state.flags:
            d.set_player(player_state.name, flags=player_state.flags - {"normal_summon_used"})
    # the objects with flags picked out in C (most have none)
    changed = [obj for obj in filter(_FLAGS_OF, d.objects.values()) if not TURN_FLAGS.isdisjoint(obj.flags)]
    for obj in changed:
        d.update(obj.oid, flags=obj.flags - TURN_FLAGS)
    enter_phase(d, "draw")


_FLAGS_OF = attrgetter("flags")

# the flags of an object that last for the turn
TURN_FLAGS = frozenset({"summoned_this_turn", "attacked_this_turn", "position_changed_this_turn", "set_this_turn",
                        "flipped_this_turn"})


def start_resolving(d: Draft) -> None:
    """Both passed: resolve the chain from the last link to the first."""
    d.game_data["resolving_chain"] = True
    resolve_next(d)


def resolve_next(d: Draft) -> None:
    """Resolve links until one waits for a choice or the chain is empty."""
    data = d.game_data
    while d.chain and "choice" not in data and d.winner is None:
        link = d.chain[-1]
        resolving = data.get("resolving")
        if resolving is None:
            next_step(d)
            emit(d, new_event("resolving", (link.oid,) if link.oid in d.objects else (), link.controller,
                                      "effect", link.oid, "negated" if link.negated else None))
            effects.resolve_link(d, link)  # no Resolving record unless a step waits for a choice
        else:
            effects.continue_resolution(d, resolving)
        if "choice" in data:
            return
        data.pop("resolving", None)
        effects.finish_link(d, link)
        d.chain = d.chain[:-1]
    if not d.chain and "choice" not in data:
        chain_resolved(d)


def chain_resolved(d: Draft) -> None:
    """The chain is empty: triggers first, then back to the window the chain came from."""
    d.game_data.pop("resolving_chain", None)
    d.game_data.pop("chain_events", None)
    kind = d.game_data.pop("base_window", None) or "open"  # base_window(d), then forgotten
    if kind == "summon":
        if d.game_data.get("summoning"):
            summons.complete_summon(d)
            return
        kind = "open"
    if kind == "attack" and not d.game_data.get("attack"):
        kind = "open"
    d.game_data.pop("window_events", None) if kind == "open" else None
    set_window(d, kind, d.active, 0)


# ------------------------------------------------------------------ triggers

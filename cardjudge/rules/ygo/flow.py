"""Yu-Gi-Oh turn flow: windows, priority, the chain, triggers (SEGOC) and phases.

The game waits in one *window* at a time, kept in ``game_data["window"]`` as
``(kind, priority, passes)``:

- ``open``: the turn player's open game state (any phase; main phases and the battle
  step are always offered, other phases pass by themselves when nothing can be done);
- ``phase_end``: the turn player passed; the opponent may respond before the phase ends;
- ``summon``: a monster is being Summoned; only "when a monster would be Summoned"
  effects may respond (Solemn Warning);
- ``attack``: an attack was declared; responses to it (Mirror Force) and quick effects;
- ``damage``: the Damage Step before damage calculation (ATK/DEF changes);
- ``respond``: a chain is being built; the player with priority may add a link.

Fast Effect Timing: after an activation the other player responds first; when both
pass in succession the chain resolves from its last link to its first (Y7); triggers
that happened meanwhile then start a new chain in SEGOC order (G2); the window the
chain started from comes back with the turn player's priority.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from cardjudge.rules.core.events import Event, new_event
from cardjudge.rules.core.lasting import tick
from cardjudge.rules.core.orderings import next_choices
from cardjudge.rules.core.state import Draft

PHASES = ("draw", "standby", "main1", "battle_start", "battle_step", "damage_step", "battle_end", "main2", "end")
ALWAYS_OFFERED = {"main1", "main2", "battle_step"}
HAND_LIMIT = 6


@dataclass(frozen=True, slots=True)
class Link:
    """One chain link: what was activated, by whom, with which targets and paid costs."""

    number: int
    oid: int  # the activated card as it was when activated
    label: str
    card: str
    controller: str
    ability: int
    targets: tuple = ()  # (slot name, tuple of oids)
    event: Event | None = None  # the event a trigger or "When ..." card answers
    card_activation: bool = False  # the activation of a Spell/Trap card
    speed: int = 1
    summons: bool = False
    negated: bool = False  # the activation was negated
    effect_negated: bool = False  # its effect was negated (Lost Wind on a chained monster effect)
    declared: tuple = ()  # (name, value) declared at activation ("declare a Level from 1 to 8")


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A trigger effect waiting to go on the chain."""

    oid: int
    label: str
    card: str
    ability: int
    controller: str
    mandatory: bool
    timing: str
    event: Event
    step: int


@dataclass(frozen=True, slots=True)
class Resolving:
    """A chain link halfway through its resolution, waiting for a choice."""

    link: Link
    steps: tuple  # the remaining effect steps
    bound: tuple  # (name, tuple of oids)


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice a player makes while something resolves (which card, which position)."""

    player: str
    kind: str  # "cards" | "position" | "discard" | "maintenance"
    name: str  # the variable the chosen cards are bound to
    candidates: tuple = ()
    min: int = 1
    max: int = 1
    prompt: str = ""
    oid: int | None = None  # the card the choice is about (position, maintenance)
    amount: int = 0
    redo: tuple | None = None  # the effect step to run again once chosen


# ------------------------------------------------------------------ windows


def window(s) -> tuple[str, str, int]:
    return s.get("window") or ("open", s.active, 0)


def set_window(d: Draft, kind: str, priority: str, passes: int = 0) -> None:
    d.game_data["window"] = (kind, priority, passes)


def base_window(d) -> str:
    return d.get("base_window") or "open"


def next_step(d: Draft) -> int:
    data = d.game_data  # the Draft's dict, read directly (Draft.get is a call more)
    data["step"] = step = data.get("step", 0) + 1
    return step


def emit(d: Draft, event: Event) -> Event:
    """Record an event and collect the triggers it causes (checked at the moment it happens).

    ``event`` is one made for this call (every caller builds it in the call): its ``labels``
    and ``seq`` are filled in here, in place, and it is returned."""
    objects = d.objects
    cards = event.cards
    if len(cards) == 1:
        oid = cards[0]
        labels = (objects[oid].label,) if oid in objects else ()
    else:
        labels = tuple([objects[o].label for o in cards if o in objects])
    # completed in place through the slots' own setters (Event is frozen to its readers):
    # building a second frozen Event cost more than the rest of this function
    _set_labels(event, labels)
    _set_seq(event, d.game_data.get("step", 0))
    d.events.append(event)
    triggers.collect(d, event)
    return event


_set_labels = Event.__dict__["labels"].__set__
_set_seq = Event.__dict__["seq"].__set__


# ------------------------------------------------------------------ passing


def opponent(s, player: str) -> str:
    """The other player (a Yu-Gi-Oh game has two): ``opponent_of`` without its search."""
    first, second = s.players
    return second if player == first else first


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


# ------------------------------------------------------------------ the chain


def add_link(d: Draft, link: Link) -> None:
    """Put a link on the chain; the other player gets the first chance to respond."""
    if not d.chain:
        kind = window(d)[0]
        d.game_data["base_window"] = "open" if kind in ("open", "phase_end", "respond") else kind
    d.chain = (*d.chain, link)
    emit(d, Event("activated", cards=(link.oid,) if link.oid in d.objects else (), player=link.controller,
                  source=link.oid, reason="effect"))
    set_window(d, "respond", opponent(d, link.controller), 0)


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


def trigger_choices(d) -> list[PendingTrigger]:
    """The pending triggers that may be put on the chain next (SEGOC order, G2)."""
    pending = [p for p in d.pending if isinstance(p, PendingTrigger)]
    if not pending:
        return []
    return next_choices(pending, lambda p: segoc_rank(d, p))


def segoc_rank(d, trigger: PendingTrigger) -> int:
    """Turn player's mandatory, opponent's mandatory, turn player's optional, opponent's optional."""
    mine = trigger.controller == d.active
    if trigger.mandatory:
        return 0 if mine else 1
    return 2 if mine else 3


def drop_missed_timing(d: Draft) -> None:
    """Optional "When ..." triggers whose event is not the last thing that happened miss the timing."""
    last = d.game_data.get("step", 0)
    d.pending = tuple(
        p for p in d.pending
        if not isinstance(p, PendingTrigger) or p.mandatory or p.timing == "if" or p.step == last
    )


def finish_triggers_if_done(d: Draft) -> None:
    """All simultaneous triggers are placed: the chain (if any) opens for responses."""
    if any(isinstance(p, PendingTrigger) for p in d.pending):
        return
    if d.chain:
        set_window(d, "respond", opponent(d, d.chain[-1].controller), 0)


# These modules import this one; imported last (rather than in each function, as they were)
# so that the hot paths of the turn flow do not pay an import statement per call.
from cardjudge.rules.ygo import battle, effects, summons, triggers  # noqa: E402

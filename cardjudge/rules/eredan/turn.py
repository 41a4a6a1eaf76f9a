"""The rest of the turn: the clash of the two fighters, the end of the combat, the end of the
turn, the start of the next, and who has won."""

from __future__ import annotations

from cardjudge.rules.core import lasting
from cardjudge.rules.eredan import effects
from cardjudge.rules.eredan.cards import card_type, classes
from cardjudge.rules.eredan.options import option
from cardjudge.rules.eredan.records import Work
from cardjudge.rules.eredan.views import HAND_SIZE, alive, cdef, fight, fighter_of, living, stats
from cardjudge.rules.eredan.work import CHANCE, asks, push_front, step


@asks
def _turn_decision(s, work: Work):
    if work.kind == "roll":
        now = stats(s, work.holder)
        low, high = now["attack_min"], now["attack_max"]
        count = high - low + 1
        return CHANCE, [(v, 1 / count, f"attack roll {v}") for v in range(low, high + 1)], "value"
    if work.kind == "discard_down":
        seen, options = set(), []
        for oid in s.zone(work.controller, "hand"):
            name = s.objects[oid].card
            if name not in seen:
                seen.add(name)
                options.append((oid, None, f"discard {name}"))
        return work.controller, options, "card"
    return None


@step("clash")
def _do_clash(d, work: Work) -> None:
    d.phase = "clash"
    attacker = fighter_of(d, d.active)
    defender = fighter_of(d, d.opponent_of(d.active))
    strikers = [oid for oid in (attacker, defender) if oid is not None and _strikes(d, oid)]
    if option(d, "clash") == "simultaneous":
        works = [Work("roll", holder=oid) for oid in strikers] + [Work("strike")]
    else:
        works = []
        for oid in strikers:
            works += [Work("roll", holder=oid), Work("strike")]
    push_front(d, works)


def _strikes(d, oid) -> bool:
    if not alive(d, oid):
        return False
    other = fighter_of(d, d.opponent_of(d.objects[oid].controller))
    if other is None or not alive(d, other):
        return False
    if option(d, "pure_mage_spell_no_attack") and classes(cdef(d, oid)) == ("Mage",):
        player = d.objects[oid].controller
        if any(p == player and card_type(d.pool[name]) == "sort" for p, name in d.game_data.get("played") or ()):
            return False
    return True


@step("roll")
def _do_roll(d, work: Work) -> None:
    """The roll is made: the blow is the roll less the opposing Défense (nothing can change
    either before the blow lands), kept until the strike."""
    other = fighter_of(d, d.opponent_of(d.objects[work.holder].controller))
    damage = max(0, work.value - stats(d, other)["defense"])
    d.game_data["blows"] = tuple(d.game_data.get("blows") or ()) + ((work.holder, damage),)


@step("strike")
def _do_strike(d, work: Work) -> None:
    """The blows rolled so far land (together, when the clash is simultaneous)."""
    blows = []
    for oid, damage in d.game_data.get("blows") or ():
        other = fighter_of(d, d.opponent_of(d.objects[oid].controller))
        blows.append((other, damage))
    d.game_data.pop("blows", None)
    for other, damage in blows:
        effects.deal_damage(d, other, damage, "physical", resisted=False)
    if option(d, "clash") == "active_first":
        # a defender killed by the first blow no longer strikes back
        d.pending = tuple(w for w in d.pending if not (w.kind == "roll" and not alive(d, w.holder)))


@step("end_combat")
def _do_end_combat(d, work: Work) -> None:
    d.phase = "end_of_combat"
    push_front(d, [Work("moment", moment="fight_end"), Work("after_combat")])


@step("after_combat")
def _do_after_combat(d, work: Work) -> None:
    fighters = set(fight(d).values())
    for oid in fighters:
        if alive(d, oid):
            d.update(oid, flags=d.objects[oid].flags | {"tapped"})

    def fought(effect) -> bool:
        obj = d.objects.get(effect.source)
        return obj is not None and obj.equipped_to in fighters

    kept, ended = lasting.tick(tuple(d.lasting), "end_of_combat", fought, option(d, "combats_expire"))
    d.lasting = kept
    for oid in [o for o in d.objects if "waiting" in d.objects[o].flags]:
        d.update(oid, flags=d.objects[oid].flags - {"waiting"})
    for effect in ended:
        if effect.kind == "lifetime":
            effects.leave_play(d, effect.source)
    for key in ("fight", "played", "blows", "items_now"):
        d.game_data.pop(key, None)
    d.touched()
    check_winner(d)


@step("end_turn")
def _do_end_turn(d, work: Work) -> None:
    d.phase = "end_of_turn"
    works = [Work("discard_down", controller=p) for p in _turn_order(d)
             for _ in range(max(0, len(d.zone(p, "hand")) - HAND_SIZE))]
    works += [Work("moment", moment="turn_end"), Work("expire_turn")]
    push_front(d, works)


@step("discard_down")
def _do_discard_down(d, work: Work) -> None:
    if work.card in d.objects and d.objects[work.card].zone == "hand":
        d.move(work.card, "discard")


@step("expire_turn")
def _do_expire_turn(d, work: Work) -> None:
    kept, ended = lasting.tick(tuple(d.lasting), "end_of_turn")
    d.lasting = kept
    for effect in ended:
        if effect.kind == "lifetime":
            effects.leave_play(d, effect.source)
    push_front(d, [Work("turn_over")])


@step("turn_over")
def _do_turn_over(d, work: Work) -> None:
    check_winner(d, end_of_turn=True)


def _turn_order(d) -> list:
    return [d.active, d.opponent_of(d.active)]


@step("start_turn")
def _do_start_turn(d, work: Work) -> None:
    d.turn += 1
    d.active = d.opponent_of(d.active)
    d.phase = "start_of_turn"
    d.game_data.pop("deck_out", None)
    _untap_lines(d)
    for player in _turn_order(d):
        while len(d.zone(player, "hand")) < HAND_SIZE and d.zone(player, "deck"):
            d.move(d.zone(player, "deck")[0], "hand")
        if len(d.zone(player, "hand")) < HAND_SIZE:
            d.game_data["deck_out"] = tuple(d.game_data.get("deck_out") or ()) + (player,)
    push_front(d, [Work("moment", moment="turn_start"), Work("open_fight")])


def _untap_lines(d) -> None:
    """A player whose living characters are all tapped untaps them all."""
    for player in _turn_order(d):
        alive_ones = living(d, player)
        if alive_ones and all("tapped" in d.objects[o].flags for o in alive_ones):
            for oid in alive_ones:
                d.update(oid, flags=d.objects[oid].flags - {"tapped"})


@step("open_fight")
def _do_open_fight(d, work: Work) -> None:
    # "en début de tour" parts may have killed characters: who is left must be able to fight
    check_winner(d)
    if d.winner is None:
        _untap_lines(d)
        d.phase = "fight_choice"


def check_winner(d, end_of_turn: bool = False) -> None:
    """All three opposing characters dead wins; all dead on both sides: the higher score;
    at the end of the turn, a player who could not refill the hand loses."""
    standing = {p: bool(living(d, p)) for p in d.players}
    winner = None
    if not any(standing.values()):
        scores = {p: d.player(p).get("score", 0) for p in d.players}
        best = max(scores.values())
        leaders = [p for p in d.players if scores[p] == best]
        winner = leaders[0] if len(leaders) == 1 else "draw"
    elif not all(standing.values()):
        winner = next(p for p in d.players if standing[p])
    elif end_of_turn and d.game_data.get("deck_out"):
        out = set(d.game_data["deck_out"])
        winner = "draw" if len(out) == len(d.players) else next(p for p in d.players if p not in out)
    if winner is not None:
        d.winner = winner
        d.phase = "over"
        d.pending = ()
        d.chain = ()
        for key in ("fight", "played", "blows", "items_now", "play", "to_play"):
            d.game_data.pop(key, None)

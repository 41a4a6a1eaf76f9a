"""The turn and the fight as a queue of work: cards resolve in the order played, then the
clash, the end of the combat, the end of the turn and the start of the next.

``run`` does the work in ``draft.pending`` from first to last until a decision is needed (an
attack roll or another chance event, a choice of character, a discard) or nothing is left.
"""

from __future__ import annotations

from dataclasses import replace

from cardjudge.rules.core import lasting
from cardjudge.rules.core.expr import evaluate
from cardjudge.rules.core.state import Lasting
from cardjudge.rules.eredan import effects
from cardjudge.rules.eredan.cards import attach_mode, card_type, classes, lifetime
from cardjudge.rules.eredan.options import option
from cardjudge.rules.eredan.records import Played, Work
from cardjudge.rules.eredan.views import (
    HAND_SIZE, CharView, alive, attached_to, card_env, cdef, fight, fighter_of, living, stats,
)

PLAY_ZONES = ("attached", "in_fight")
CHANCE = "chance"


# ------------------------------------------------------------------ decisions


def decision(s, work: Work):
    """(player, options) when ``work`` waits for a decision, else None. Options are
    ``(value, probability_or_None, text)``; a decision with one option is taken by itself."""
    if work.kind == "roll":
        now = stats(s, work.holder)
        low, high = now["attack_min"], now["attack_max"]
        count = high - low + 1
        return CHANCE, [(v, 1 / count, f"attack roll {v}") for v in range(low, high + 1)]
    if draws_amount(s, work):
        low, high = _effect_of(s, work).param("range")
        count = high - low + 1
        return CHANCE, [(v, 1 / count, f"{work.name}: {v}") for v in range(low, high + 1)]
    if work.kind == "effect" and work.target is None:
        effect = _effect_of(s, work)
        if effect.op == "move_random":
            options = [o for o in living(s, work.controller) if o != work.holder]
            return CHANCE, [(o, 1 / len(options), f"{work.name} moves to {s.objects[o].label}") for o in options]
        if effect.to == "chosen_opponent":
            options = living(s, s.opponent_of(work.controller))
            return work.controller, [(o, None, f"{s.objects[o].label}") for o in options]
    if work.kind == "discard_down":
        seen, options = set(), []
        for oid in s.zone(work.controller, "hand"):
            name = s.objects[oid].card
            if name not in seen:
                seen.add(name)
                options.append((oid, None, f"discard {name}"))
        return work.controller, options
    return None


def draws_amount(s, work: Work) -> bool:
    """Whether the work waits for chance to draw a random amount ("1 à 3")."""
    return work.kind == "effect" and work.value is None and bool(_effect_of(s, work).param("range"))


def _with_choice(s, work: Work, value) -> Work:
    """The work with its decision taken: a drawn amount, a chosen character or card, a roll."""
    if draws_amount(s, work):
        return replace(work, value=value)
    if work.kind == "effect":
        return replace(work, target=value)
    if work.kind == "discard_down":
        return replace(work, card=value)
    return replace(work, value=value)


def decide(d, value) -> None:
    """Take the decision the first work waits for, then carry on."""
    work = d.pending[0]
    d.pending = (_with_choice(d, work, value),) + tuple(d.pending[1:])
    _do_first(d)
    run(d)


def run(d) -> None:
    """Do the pending work until a decision with several options is needed, or none is left."""
    while d.pending and d.winner is None:
        work = d.pending[0]
        asked = decision(d, work)
        if asked is not None:
            options = asked[1]
            if len(options) > 1:
                return
            if not options:
                d.pending = tuple(d.pending[1:])
                continue
            d.pending = (_with_choice(d, work, options[0][0]),) + tuple(d.pending[1:])
        _do_first(d)


def _do_first(d) -> None:
    work = d.pending[0]
    d.pending = tuple(d.pending[1:])
    DO[work.kind](d, work)


def push_front(d, works) -> None:
    d.pending = tuple(works) + tuple(d.pending)


# ------------------------------------------------------------------ playing cards


def start_fight(d, mine, theirs) -> None:
    """The active player has picked the two fighters."""
    d.game_data["fight"] = tuple(sorted(((d.active, mine), (d.opponent_of(d.active), theirs))))
    d.game_data["played"] = ()
    d.game_data["play"] = tuple(sorted((p, "first") for p in d.players))
    d.game_data["to_play"] = d.active
    d.phase = "play"
    if option(d, "fight_start_triggers") == "before_cards":
        push_front(d, [Work("moment", moment="fight_start")])
    run(d)


def play_card(d, card_oid, target) -> None:
    """The player to play puts a card from the hand into the fight's queue."""
    player = d.game_data["to_play"]
    by = fighter_of(d, player)
    name = d.objects[card_oid].card
    played = tuple(d.game_data.get("played") or ())
    new = d.move(card_oid, "queue")
    d.chain = tuple(d.chain) + (Played(new.oid, player, by, target, len(played)),)
    d.game_data["played"] = played + ((player, name),)
    status = dict(d.game_data["play"])
    status[player] = ("chain", name) if cdef(d, new.oid)["chain"] else "done"
    d.game_data["play"] = tuple(sorted(status.items()))
    # "si votre personnage joue un Sort": parts of the cards its fighter holds
    front = []
    for holder_card in attached_to(d, by):
        card = d.pool[d.objects[holder_card].card]
        for ability in card.abilities:
            if ability.when == "holder_plays":
                front.append(Work("part", holder_card, card.name, ability.index, controller=d.objects[holder_card].owner,
                                  holder=by, index=len(played)))
    push_front(d, front)
    run(d)
    _next_to_play(d, player)


def stop_playing(d) -> None:
    """The player to play plays no (further) card in this fight."""
    player = d.game_data["to_play"]
    status = dict(d.game_data["play"])
    status[player] = "done"
    d.game_data["play"] = tuple(sorted(status.items()))
    _next_to_play(d, player)


def _next_to_play(d, player: str) -> None:
    if d.winner is not None or d.phase != "play":
        return
    status = dict(d.game_data["play"])
    other = d.opponent_of(player)
    interleaved = option(d, "play_order") == "interleaved"
    if interleaved and status[other] != "done":
        d.game_data["to_play"] = other
    elif status[player] != "done":
        d.game_data["to_play"] = player
    elif status[other] != "done":
        d.game_data["to_play"] = other
    else:
        _cards_resolve(d)


def _cards_resolve(d) -> None:
    d.game_data.pop("to_play", None)
    d.game_data.pop("play", None)
    d.phase = "resolution"
    works = [Work("resolve", p.card, d.objects[p.card].card, controller=p.player, caster=p.by, target=p.target,
                  index=p.index) for p in d.chain]
    if option(d, "fight_start_triggers") == "after_cards":
        works.append(Work("moment", moment="fight_start"))
    works += [Work("clash"), Work("end_combat"), Work("end_turn"), Work("start_turn")]
    push_front(d, works)
    run(d)


def _do_resolve(d, work: Work) -> None:
    d.chain = tuple(p for p in d.chain if p.card != work.card)
    if work.card not in d.objects:
        return
    card = cdef(d, work.card)
    countering = list(d.game_data.get("countering") or ())
    if (work.controller, card_type(card)) in countering:
        countering.remove((work.controller, card_type(card)))
        d.game_data["countering"] = tuple(countering)
        d.move(work.card, "discard")
        return
    until = lifetime(card)
    mode = attach_mode(card)
    holder = {"self": work.caster, "opponent": fighter_of(d, d.opponent_of(work.controller)),
              "chosen": work.target, "none": None}[mode]
    d.lasting = tuple(d.lasting) + (Lasting(d.new_id(), "lifetime", (work.card,), (("caster", work.caster),), until,
                                            d.turn, work.card, work.controller),)
    if mode == "none" or holder is None or not alive(d, holder):
        oid = d.move(work.card, "in_fight").oid
        d.lasting = tuple(replace(e, source=oid, affected=(oid,)) if e.kind == "lifetime" and e.source == work.card
                          else e for e in d.lasting)
        if mode != "none":  # nobody to attach to: the card acts once and goes at the end of the combat
            d.lasting = tuple(replace(e, until="end_of_combat") if e.source == oid else e for e in d.lasting)
        holder = None
    else:
        subtype = card["subtype"] or ""
        immediate = subtype in dict(d.game_data.get("items_now") or ()).get(work.controller, ())
        oid = effects.attach(d, work.card, holder, waiting=bool(card["after_fight"]) and not immediate)
    push_front(d, [Work("part", oid, card.name, a.index, controller=work.controller, caster=work.caster,
                        holder=holder, target=work.target, index=work.index)
                   for a in card.abilities if a.when == "activation"])


# ------------------------------------------------------------------ card parts


def _ability_of(s, work: Work):
    return s.pool[work.name].abilities[work.ability]


def _effect_of(s, work: Work):
    return _ability_of(s, work).effects[work.effect]


def _env(d, work: Work):
    caster = work.caster
    if caster is None and work.card is not None:
        record = next((e for e in d.lasting if e.kind == "lifetime" and e.source == work.card), None)
        caster = record.param("caster") if record else None
    return card_env(d, work.card, work.controller, holder=work.holder, caster=caster, target=work.target,
                    index=work.index)


def _do_part(d, work: Work) -> None:
    ability = _ability_of(d, work)
    if ability.condition is not None and not evaluate(ability.condition, _env(d, work)):
        return
    if ability.when in ("fight_start", "fight_end", "turn_start", "turn_end") and work.card is not None:
        d.used = frozenset(d.used) | {("fired", work.card, ability.index)}
    push_front(d, [replace(work, kind="effect", effect=i) for i in range(len(ability.effects))])


def _targets(d, work: Work, to: str) -> list:
    env_caster = _env(d, work).vars["caster"]
    if to == "caster":
        return [env_caster.oid] if env_caster else []
    if to == "holder":
        return [work.holder] if work.holder is not None else []
    if to == "opponent":
        oid = fighter_of(d, d.opponent_of(work.controller))
        return [oid] if oid is not None else []
    if to in ("target", "chosen_opponent"):
        return [work.target] if work.target is not None else []
    if to == "each_opponent":
        return living(d, d.opponent_of(work.controller))
    return []


def _amount(d, work: Work, tree, victim=None) -> int:
    """An effect's number; ``victim`` names the character it is applied to ("son Esprit").
    A random amount was drawn by chance into ``work.value``."""
    if tree is None:
        return work.value or 0
    env = _env(d, work)
    env.vars["victim"] = CharView(d, victim) if victim is not None else None
    value = evaluate(tree, env)
    return int(value or 0)


def _do_effect(d, work: Work) -> None:
    effect = _effect_of(d, work)
    op = effect.op
    if op == "discard_self":
        if work.card is not None:
            effects.leave_play(d, work.card)
        return
    if op == "counter_next":
        d.game_data["countering"] = tuple(d.game_data.get("countering") or ()) + (
            (d.opponent_of(work.controller), effect.kind),)
        return
    if op == "items_now":
        items = dict(d.game_data.get("items_now") or ())
        items[work.controller] = tuple(effect.param("subtypes"))
        d.game_data["items_now"] = tuple(sorted(items.items()))
        return
    if op == "move_random":
        if work.card in d.objects and work.target is not None and alive(d, work.target):
            effects.attach(d, work.card, work.target, waiting="waiting" in d.objects[work.card].flags)
        return
    if op == "fetch_attach":
        _fetch_attach(d, work, effect)
        return
    for oid in _targets(d, work, effect.to):
        if op == "damage":
            effects.deal_damage(d, oid, _amount(d, work, effect.amount, oid), effect.kind)
        elif op == "lose_hp":
            effects.lose_hp(d, oid, _amount(d, work, effect.amount, oid))
        elif op == "heal":
            effects.heal(d, oid, _amount(d, work, effect.amount, oid))
        elif op == "modify":
            changes = tuple((k, 1 if v is True else _amount(d, work, v, oid)) for k, v in effect.params)
            effects.modify(d, oid, changes, effect.kind, work.card, work.controller)
        elif op == "discard_attached":
            names = effect.param("names")
            gone = [c for c in attached_to(d, oid) if d.objects[c].card in names]
            for card_oid in gone:
                effects.leave_play(d, card_oid)
            total = len(gone) * effect.param("each")
            if effect.param("cap") is not None:
                total = min(total, effect.param("cap"))
            effects.deal_damage(d, oid, total, effect.kind)


def _fetch_attach(d, work: Work, effect) -> None:
    name = effect.param("name")
    holders = _targets(d, work, effect.to)
    if not holders or not alive(d, holders[0]):
        return
    for zone in ("deck", "discard"):
        for oid in d.zone(work.controller, zone):
            if d.objects[oid].card == name:
                card = d.pool[name]
                new = effects.attach(d, oid, holders[0])
                d.lasting = tuple(d.lasting) + (Lasting(d.new_id(), "lifetime", (new,), (), lifetime(card), d.turn, new,
                                                        work.controller),)
                return


# ------------------------------------------------------------------ moments of the turn


def parts_at(s, moment: str) -> list:
    """The parts of the cards in play that ``moment`` fires, the active player's cards first,
    each player's in the order they came into play (no player chooses: the game orders them)."""
    fighters = set(fight(s).values())
    found = []
    for record in sorted((e for e in s.lasting if e.kind == "lifetime"), key=lambda e: e.lid):
        oid = record.source
        obj = s.objects.get(oid)
        if obj is None or obj.zone not in PLAY_ZONES:
            continue
        card = s.pool[obj.card]
        for ability in card.abilities:
            if ability.when != moment:
                continue
            if ability.whose == "holder" and obj.equipped_to not in fighters:
                continue
            if ability.on_turn is not None and s.turn - record.turn + 1 != ability.on_turn:
                continue
            if not lasting.fires(ability.repeat, ("fired", oid, ability.index) in s.used):
                continue
            found.append((obj.owner != s.active, Work("part", oid, card.name, ability.index, controller=obj.owner,
                                                      holder=obj.equipped_to)))
    return [work for _, work in sorted(found, key=lambda pair: pair[0])]


def _do_moment(d, work: Work) -> None:
    push_front(d, parts_at(d, work.moment))


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


def _do_roll(d, work: Work) -> None:
    """The roll is made: the blow is the roll less the opposing Défense (nothing can change
    either before the blow lands), kept until the strike."""
    other = fighter_of(d, d.opponent_of(d.objects[work.holder].controller))
    damage = max(0, work.value - stats(d, other)["defense"])
    d.game_data["blows"] = tuple(d.game_data.get("blows") or ()) + ((work.holder, damage),)


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


def _do_end_combat(d, work: Work) -> None:
    d.phase = "end_of_combat"
    push_front(d, [Work("moment", moment="fight_end"), Work("after_combat")])


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


def _do_end_turn(d, work: Work) -> None:
    d.phase = "end_of_turn"
    works = [Work("discard_down", controller=p) for p in _turn_order(d)
             for _ in range(max(0, len(d.zone(p, "hand")) - HAND_SIZE))]
    works += [Work("moment", moment="turn_end"), Work("expire_turn")]
    push_front(d, works)


def _do_discard_down(d, work: Work) -> None:
    if work.card in d.objects and d.objects[work.card].zone == "hand":
        d.move(work.card, "discard")


def _do_expire_turn(d, work: Work) -> None:
    kept, ended = lasting.tick(tuple(d.lasting), "end_of_turn")
    d.lasting = kept
    for effect in ended:
        if effect.kind == "lifetime":
            effects.leave_play(d, effect.source)
    push_front(d, [Work("turn_over")])


def _do_turn_over(d, work: Work) -> None:
    check_winner(d, end_of_turn=True)


def _turn_order(d) -> list:
    return [d.active, d.opponent_of(d.active)]


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


DO = {
    "resolve": _do_resolve, "part": _do_part, "effect": _do_effect, "moment": _do_moment, "clash": _do_clash,
    "roll": _do_roll, "strike": _do_strike, "end_combat": _do_end_combat, "after_combat": _do_after_combat,
    "end_turn": _do_end_turn, "discard_down": _do_discard_down, "expire_turn": _do_expire_turn,
    "turn_over": _do_turn_over, "start_turn": _do_start_turn, "open_fight": _do_open_fight,
}

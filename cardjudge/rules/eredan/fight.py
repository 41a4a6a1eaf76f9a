"""The fight's cards: the active player picks the fighters, the players play their cards
(Enchaînement lets a player go on), then the cards resolve in the order they were played."""

from __future__ import annotations

from dataclasses import replace

from cardjudge.rules.core.state import Lasting
from cardjudge.rules.eredan import effects
from cardjudge.rules.eredan.cards import attach_mode, card_type, lifetime
from cardjudge.rules.eredan.options import option
from cardjudge.rules.eredan.records import Played, Work
from cardjudge.rules.eredan.views import alive, cdef, fighter_of
from cardjudge.rules.eredan.work import push_front, run, step


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
    push_front(d, effects.held_parts(d, by, "holder_plays", index=len(played)))
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


@step("resolve")
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

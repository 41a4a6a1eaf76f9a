"""A toy game, "Three on the table", for the contract tests: each turn the active player puts a
card from the hand on the table or passes the turn; the first with three cards on the table wins.

It is the whole of a game: this package and one registry line (``cardjudge.rules.register``).
"""

from cardjudge.errors import InputError
from cardjudge.rules.core import positions as pos
from cardjudge.rules.core.actions import Action, number_in_place
from cardjudge.rules.core.contract import Rules
from cardjudge.rules.core.facts import AbilityFacts
from cardjudge.rules.core.state import Draft, Obj, PlayerState, State

ZONES = ("hand", "table")


def compile_ability(raw, index, fields):
    raise InputError("toy cards have no abilities")


def load_position(data, source):
    pool, node, players, active, phase, turn = pos.read_header(
        data, source, "toy", top_fields={"game", "turn", "active", "phase", "players", "cards", "winner"},
        phases=("main",), default_phase="main", not_two_players="toy is a game of two players")
    objects, zones, labels = {}, {}, set()
    for player in players:
        body = pos.player_body(node, player, {*ZONES, "life"}, source)
        for zone in ZONES:
            for index, entry in enumerate(body.get(zone) or []):
                entry = entry if isinstance(entry, dict) else {"card": entry}
                if entry.get("card") not in pool:
                    pos.fail(f"unknown card {entry.get('card')!r}", source, body, zone)
                label = pos.card_label(entry, entry["card"], player, zone, index, labels, players, source, body[zone])
                labels.add(label)
                oid = len(objects) + 1
                objects[oid] = Obj(oid, label, entry["card"], player, player, zone)
                zones[(player, zone)] = zones.get((player, zone), ()) + (oid,)
    states = tuple(PlayerState(p, pos.read_int(node[p] or {}, "life", 3, source)) for p in players)
    return State("toy", pool, turn, active, phase, players, states, objects, zones, len(objects),
                 winner=pos.read_winner(data, players, source))


def to_dict(s):
    players = {p: {"life": s.player(p).life, **{z: [{"card": s.objects[o].card, "id": s.objects[o].label}
                                                   for o in s.zone(p, z)] for z in ZONES}} for p in s.players}
    return pos.written_header(s, players)


def legal_actions(s):
    if s.winner is not None:
        return []
    plays = [Action("", s.active, "activate", f"{s.active} puts {s.objects[o].card} on the table",
                    s.objects[o].card, s.objects[o].label, payload=(("oid", o),)) for o in s.zone(s.active, "hand")]
    return number_in_place(plays + [Action("", s.active, "pass", f"{s.active} passes the turn")])


def apply(s, action):
    d = Draft(s)
    if action.kind == "pass":
        d.turn, d.active = d.turn + 1, d.opponent_of(d.active)
    else:
        d.move(action.get("oid"), "table")
        if len(d.zone(action.player, "table")) >= 3:
            d.winner = action.player
    return d.freeze()


RULES = Rules(name="toy", compile_ability=compile_ability, load_position=load_position, to_dict=to_dict,
              legal_actions=legal_actions, apply=apply, goal_env=lambda s, player: {"winner": s.winner},
              ability_facts=lambda card, ability: AbilityFacts("none"), characteristics={"points": int},
              required=(), field_zones=frozenset({"table"}))

"""apply: one action on a draft, then the work it sets going, into a new state."""

from __future__ import annotations

from cardjudge.errors import InputError
from cardjudge.rules.core.state import Draft
# the work loop runs the steps that the fight, the parts of cards and the turn register with it
from cardjudge.rules.eredan import fight, parts, turn, work  # noqa: F401
from cardjudge.rules.eredan.legal import legal_actions
from cardjudge.rules.eredan.views import characters


def apply(s, action):
    """The state after ``action`` (one of ``legal_actions(s)``); ``s`` is never changed."""
    if action not in legal_actions(s):
        raise InputError(f"not a legal action now: {action.text}")
    d = Draft(s)
    if action.kind == "choose":
        work.decide(d, action.get("value"))
    elif action.kind == "attack":
        fight.start_fight(d, action.get("mine"), action.get("theirs"))
    elif action.kind == "activate":
        fight.play_card(d, action.get("card"), action.get("target"))
    elif action.kind == "pass":
        fight.stop_playing(d)
    work.run(d)
    sync_life(d)
    return d.freeze()


def sync_life(d) -> None:
    """A player's life is the HP left on their living characters (what ``survive`` reads)."""
    for player in d.players:
        total = sum(max(0, d.objects[o].counter("hp")) for o in characters(d, player))
        if d.player(player).life != total:
            d.set_player(player, life=total)

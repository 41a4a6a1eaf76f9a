"""How each game's rules treat a loop, once found: the classification of :mod:`loops`.

- Magic (CR 104.4b, 732.4): a loop of mandatory actions that no player can stop is a draw,
  unless an iteration moves the game to its end (a life total falling each time): then ``win``.
- Yu-Gi-Oh (TCG Policy 2.1): a mandatory loop that would not fulfil a victory condition is
  performed once, then the card ruled its source (the most recently activated) is sent to the GY
  by game mechanics: ``illegal``, ``broken_by`` that card; one that brings a player's LP to 0
  is played out: ``win``.
  A player who can't lose the game (Platinum Angel) is not moved to its end by a falling life:
  the loop is then a draw like any other (104.4b).
- Eredan has no loop rule of its own; a mandatory loop there is reported as a draw, the outcome
  a game that cannot go on has in every game here.
- An optional loop is ``infinite`` (repeatable any number of times: the shortcut "repeat N
  times"), ``win`` when it lowers another player's life each time; when it lowers the life of a
  player who makes its choices, that life bounds it: ``bounded``, ``bound`` iterations.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardjudge.rules import rules_for


def life_word(game: str) -> str:
    """The name of a player's life total in a loop's yields (``you.lp``, ``you.life``)."""
    return rules_for(game).life_key or "life"


@dataclass(frozen=True)
class Verdict:
    """``kind``, ``outcome``, ``bound``, ``broken_by`` and the words that say why."""

    kind: str
    outcome: str
    bound: int | None
    broken_by: str | None
    why: str


def life_changes(game: str, yields: dict) -> dict:
    """player -> change of its life total per iteration, for the players whose life changes."""
    suffix = "." + life_word(game)
    return {name[: -len(suffix)]: amount for name, amount in yields.items() if name.endswith(suffix)}


def classify(game: str, mandatory: bool, yields: dict, choosers: set, lives: dict, last_activated: str | None,
             cannot_lose: frozenset | set = frozenset()) -> Verdict:
    """The verdict for a loop found by search.

    ``choosers``: the players who make optional choices in it; ``lives``: each player's life
    at the start of the loop; ``last_activated``: the card of the last effect activated in an
    iteration (Yu-Gi-Oh's source of the loop); ``cannot_lose``: the players whom a rule keeps in
    the game whatever their life (Platinum Angel): their falling life ends nothing."""
    all_losses = {player: -amount for player, amount in life_changes(game, yields).items() if amount < 0}
    losses = {player: loss for player, loss in all_losses.items() if player not in cannot_lose}
    kept = sorted(set(all_losses) - set(losses))
    if mandatory and kept and not losses and rules_for(game).mandatory_loop is None:
        return Verdict("mandatory", "draw", None, None,
                       f"mandatory; the life of {', '.join(kept)} falls each iteration, but they can't lose "
                       "the game: the loop never ends it, a draw (CR 104.4b, 732.4)")
    if mandatory:
        if losses:
            losers = ", ".join(sorted(losses))
            return Verdict("mandatory", "win", None, None,
                           f"mandatory; each iteration lowers the life of {losers}, so the game ends")
        rule = rules_for(game).mandatory_loop
        if rule is not None:
            return Verdict("mandatory", "illegal", None, last_activated,
                           "a mandatory loop that fulfils no victory condition: performed once, then "
                           f"{last_activated} (the most recently activated) is sent to the GY ({rule})")
        return Verdict("mandatory", "draw", None, None,
                       "a loop of mandatory actions no player can stop: the game is a draw (CR 104.4b, 732.4)")
    payers = {player: loss for player, loss in losses.items() if player in choosers}
    if payers:
        bound = min(lives.get(player, 0) // loss for player, loss in payers.items())
        who = ", ".join(sorted(payers))
        return Verdict("bounded", "bounded", bound, None,
                       f"optional, but each iteration costs {who} life: at most {bound} iterations")
    if losses:
        losers = ", ".join(sorted(losses))
        return Verdict("infinite", "win", None, None,
                       f"optional and unbounded; each iteration lowers the life of {losers}: repeat it until it reaches 0")
    what = ", ".join(f"{name} {amount:+d}" for name, amount in sorted(yields.items())) or "no net change"
    return Verdict("infinite", "repeatable", None, None,
                   f"optional and unbounded ({what} per iteration): the shortcut is 'repeat N times'")

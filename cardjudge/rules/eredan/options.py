"""Rule options: the points of Eredan's rules that the sources leave open, each switchable.

A position may carry a ``rules:`` mapping; every option it does not name takes its default.
The README's Eredan section says where each default comes from.
"""

from __future__ import annotations

from typing import Any

# option -> (default, allowed values)
OPTIONS: dict[str, tuple[Any, tuple]] = {
    # after the active player's first card, who plays next: the same player while their cards
    # have Enchaînement (sequential), or the players alternate card by card (interleaved)
    "play_order": ("sequential", ("sequential", "interleaved")),
    # magic damage is reduced by the Esprit of the character who takes it
    "magic_resisted_by_esprit": (True, (True, False)),
    # "en début de combat" parts fire when the fighters are chosen, before the cards are played
    # (before_cards), or once the cards played in the fight have resolved (after_cards)
    "fight_start_triggers": ("before_cards", ("before_cards", "after_cards")),
    # a "Durée N combats" card whose last combat ended leaves at the end of that turn (the
    # seed's "défaussée à la fin du tour") or at once, at the end of that combat
    "combats_expire": ("end_of_turn", ("end_of_turn", "end_of_combat")),
    # whether the active player may pick a tapped opposing character to fight
    "tapped_defender": (False, (True, False)),
    # a Mage with no other class who plays a Sort makes no physical attack in that fight
    "pure_mage_spell_no_attack": (False, (True, False)),
    # both fighters strike at once (a fighter killed by the other's blow still strikes) or the
    # active player's fighter first (a defender it kills does not strike back)
    "clash": ("simultaneous", ("simultaneous", "active_first")),
}


def defaults() -> dict:
    """Every option with its default value."""
    return {name: default for name, (default, _) in OPTIONS.items()}


def check(mapping: Any) -> tuple[str | None, tuple]:
    """(error message or None, the options as sorted pairs) for a position's ``rules:``."""
    if mapping is None:
        mapping = {}
    if not isinstance(mapping, dict):
        return "'rules' must be a mapping of rule options", ()
    values = defaults()
    for name, value in mapping.items():
        if name not in OPTIONS:
            return f"unknown rule option {name!r} (known: {', '.join(OPTIONS)})", ()
        allowed = OPTIONS[name][1]
        if value not in allowed or type(value) is not type(allowed[0]):
            return f"rule option {name!r} must be one of {', '.join(map(str, allowed))}", ()
        values[name] = value
    return None, tuple(sorted(values.items()))


def option(state, name: str) -> Any:
    """The value of a rule option in a state (or draft)."""
    for key, value in state.get("rules") or ():
        if key == name:
            return value
    return OPTIONS[name][0]

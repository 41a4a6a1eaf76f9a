"""Yu-Gi-Oh!'s record of a state's derived values (``Rules.derived``; see ``core.derived``).

Each field is owned by one function, which fills it on first use (None until then). What reads
only the zones, the objects and the card pool is kept in the zone memo instead, which the states
made without changing any share (``Draft._zone_memo``).
"""

from __future__ import annotations

from cardjudge.rules.core.derived import Derived, derived_record


@derived_record
class YgoDerived(Derived):
    """What a Yu-Gi-Oh! state works out once (``listing`` is the numbered ``legal_actions``).

    - ``raw_listing``: the listing not yet numbered, left by the ``apply`` that made the state
      when it had to list the actions on its way (``legal._listed`` numbers and keeps it);
    - ``continuous``: (obj, card, ability) of every continuous ability of a face-up card on the
      field that is not negated, filled while it is worked out (a guard against recursion);
    - ``negated``: the oids whose effects are negated now;
    - ``chars``: oid -> the object's characteristics now (``views.Chars``);
    - ``chars_partial``: oid -> its characteristics before the continuous rules, while they are
      matched (what a rule reading the card itself sees);
    - ``on_chain``: (the chain, the oids activated or targeted by its links), kept for that chain
      (a Draft changes its chain without forgetting its record).
    """

    raw_listing: list | None = None
    continuous: list | None = None
    negated: set | None = None
    chars: dict | None = None
    chars_partial: dict | None = None
    on_chain: tuple | None = None

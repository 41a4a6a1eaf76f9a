"""Eredan's record of a state's derived values (``Rules.derived``; see ``core.derived``)."""

from __future__ import annotations

from cardjudge.rules.core.derived import Derived, derived_record


@derived_record
class EredanDerived(Derived):
    """What an Eredan state works out once (``listing`` is the list of ``legal_actions``).

    - ``stats``: oid -> a character's characteristics now (attack range, defense, esprit, hp),
      after attached cards and lasting effects; while they are worked out it holds the printed
      ones (what a condition reading the character sees).
    """

    stats: dict | None = None

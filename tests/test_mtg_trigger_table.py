"""The table of triggered abilities on the battlefield by event (``mtg.triggers._listening``),
kept for each battlefield of card definitions. What that must protect: along any line of play,
the table an event reads is what asking every permanent afresh gives (a permanent that enters or
leaves, a copy effect, a face turned), and the triggers put on the stack are the same."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardjudge as cj
from cardjudge.rules.mtg import triggers, views
from playouts import start_files, states_along

STARTS = start_files("mtg")


def _plain(state) -> dict:
    """The table worked out from each permanent's abilities now, nothing remembered."""
    views._carried_defs.clear()
    object.__setattr__(state, "_derived", None)
    table: dict = {}
    for player in state.players:
        for oid in state.zone(player, "battlefield"):
            for ability in views.object_abilities(state, oid):
                if ability.kind in ("triggered", "linked"):
                    entries = table.setdefault(ability.on, [])
                    if entries and entries[-1][0] == oid:
                        entries[-1] = (oid, entries[-1][1] + (ability,))
                    else:
                        entries.append((oid, (ability,)))
    return table


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(STARTS), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=15))
def test_trigger_table_is_the_one_worked_out_afresh(start, choices):
    for state in states_along(cj.load_position(start), choices):
        assert triggers._listening(state) == _plain(state)
        triggers._listening_by_definitions.clear()
        assert triggers._listening(state) == _plain(state)

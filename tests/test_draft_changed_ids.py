"""The digest ``freeze`` carries over from the ids a Draft records as changed.

``Draft.update``, ``move``, ``put_in_zone`` and ``remove_from_zone`` record every object id they
replace, add or remove; ``carry_digest`` then rehashes those objects only. The digest so carried
must be the digest of the same state made cold (a missed id leaves a stale term), and the one
carried when every object is compared.
"""

from __future__ import annotations

from cardjudge.rules.core.canonical import carry_digest, digest
from cardjudge.rules.core.state import Draft
from cold import cold_copy
from puzzle_files import puzzle


def _start():
    state, _, _ = puzzle("ygo-tribute.yaml")
    digest(state)  # the base state's parts, which freeze carries over
    return state


def _hand_card(state):
    return next(oid for oid, obj in state.objects.items() if obj.zone == "hand")


def _from_scratch(state) -> int:
    return digest(cold_copy(state))


def test_a_move_changes_the_digest_to_the_cold_one():
    state = _start()
    d = Draft(state)
    card = _hand_card(state)
    new = d.move(card, "graveyard")
    after = d.freeze()
    assert after.objects[new.oid].zone == "graveyard" and card not in after.objects
    assert digest(after) == _from_scratch(after)
    assert digest(after) != digest(state)


def test_update_put_and_remove_leave_the_cold_digest():
    state = _start()
    d = Draft(state)
    card = _hand_card(state)
    d.update(card, face_up=False)
    obj = d.objects[card]
    d.remove_from_zone(obj)
    d.put_in_zone(obj)
    after = d.freeze()
    assert digest(after) == _from_scratch(after)


def test_an_object_made_and_removed_within_one_apply_leaves_no_term():
    # A Magic token that leaves the battlefield is moved and then deleted in the same apply: its
    # id is recorded though it is in neither state.
    state = _start()
    d = Draft(state)
    new = d.move(_hand_card(state), "graveyard")
    d.remove_from_zone(new)
    after = d.freeze()
    assert new.oid not in after.objects
    assert digest(after) == _from_scratch(after)


def test_carried_digest_is_the_same_with_or_without_the_changed_ids():
    state = _start()
    d = Draft(state)
    d.move(_hand_card(state), "graveyard")
    after = d.freeze()
    compared = cold_copy(after)
    carry_digest(state, compared)  # every object compared with the base state's
    assert digest(compared) == digest(after) == _from_scratch(after)


def test_remove_alone_leaves_the_cold_digest_without_the_card():
    state = _start()
    d = Draft(state)
    card = _hand_card(state)
    d.remove_from_zone(d.objects[card])
    after = d.freeze()
    assert digest(after) == _from_scratch(after)

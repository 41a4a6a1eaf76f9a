"""An object's fields are described once (``core.described``): every field of ``Obj`` is its
identity, part of its description or a reference, and the canonical key and the digest both
read the description, so a changed field changes both."""

from __future__ import annotations

import dataclasses

import cardjudge as cj
from cardjudge.rules.core.canonical import canonical_key, digest
from cardjudge.rules.core.described import DESCRIBED_NAMES, IDENTITY, REFERENCES
from cardjudge.rules.core.state import Draft, Obj


def test_every_field_of_an_object_is_identity_description_or_reference():
    compared = [f.name for f in dataclasses.fields(Obj) if f.compare]
    assert sorted(compared) == sorted(IDENTITY + DESCRIBED_NAMES + REFERENCES)
    assert len(set(IDENTITY + DESCRIBED_NAMES + REFERENCES)) == len(compared)


def _changed(state, oid, **changes):
    draft = Draft(state)
    draft.update(oid, **changes)
    return draft.freeze()


def test_each_described_field_changes_the_canonical_key_and_the_digest_alike():
    state = cj.load_position({"game": "mtg", "turn": 3, "active": "you", "phase": "main1", "players": {
        "you": {"life": 20, "battlefield": [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Forest", "id": "F"}]},
        "opponent": {"life": 20}}})
    oid = next(o for o, obj in state.objects.items() if obj.label == "GB")
    other = next(o for o, obj in state.objects.items() if obj.label == "F")
    changes = {"card": "Forest", "zone": "graveyard", "controller": "opponent", "owner": "opponent",
               "position": "attack", "face_up": False, "flags": frozenset({"tapped", "sick"}),
               "counters": (("P1P1", 2),), "summon_type": "special"}
    assert sorted(changes) == sorted(DESCRIBED_NAMES)
    for name, value in changes.items():
        after = _changed(state, oid, **{name: value})
        assert canonical_key(after) != canonical_key(state), name
        assert digest(after) != digest(state), name
    # the same description reached through either copy: one key, one digest (identity left out)
    relabelled = _changed(state, oid, label="GB2")
    assert canonical_key(relabelled) == canonical_key(state) and digest(relabelled) == digest(state)
    equipped = _changed(state, other, equipped_to=oid)
    assert canonical_key(equipped) != canonical_key(state) and digest(equipped) != digest(state)

"""The canonical key of a Magic position carries no raw id of a stack object, delayed trigger or
binding: one position reached by two orders of play is one state to the searches."""

from cardjudge.rules.core.canonical import canonical_key, digest
from mtg_helpers import act, data, load


def kiki_position():
    return load(you={"hand": [{"card": "Mountain", "id": "M"}],
                     "battlefield": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                     {"card": "Grizzly Bears", "id": "GB"}]},
                opponent={"battlefield": []})


def copy_bears(state):
    return resolved(act(state, kind="activate", card_id="KJ", targets=["GB"]))


def resolved(state):
    """Pass until the stack is empty, in the step it was used."""
    while data(state)["stack"]:
        state = act(state, kind="pass", player=data(state)["priority"])
    return state


def test_same_position_by_two_orders_has_one_key():
    land_first = copy_bears(act(kiki_position(), kind="play_land", card_id="M"))
    copy_first = act(copy_bears(kiki_position()), kind="play_land", card_id="M")
    # both hold a token and a delayed "sacrifice it" trigger, made with different ids
    for state in (land_first, copy_first):
        assert [c["card"] for c in data(state)["players"]["you"]["battlefield"]].count("Grizzly Bears") == 2
        assert len(data(state)["delayed"]) == 1
    assert canonical_key(land_first) == canonical_key(copy_first)
    assert digest(land_first) == digest(copy_first)  # what the searches compare


def test_delayed_trigger_binding_is_described_by_what_it_names():
    # a token copy of the Bears and one of Kiki's target differ: the keys must too
    bears = copy_bears(load(you={"battlefield": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                                 {"card": "Grizzly Bears", "id": "GB"},
                                                 {"card": "Memnite", "id": "MM"}]}))
    memnite = load(you={"battlefield": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                        {"card": "Grizzly Bears", "id": "GB"}, {"card": "Memnite", "id": "MM"}]})
    memnite = resolved(act(memnite, kind="activate", card_id="KJ", targets=["MM"]))
    assert canonical_key(bears) != canonical_key(memnite)

"""A made token's label (``name#tN``) is read off the position, not off the engine's object ids:
a position written with ``to_dict`` and read back names its next token as the position it was
written from does (rule 111.1: a token is an object like any other, and the position names each
object once), with a delayed triggered ability that refers to an earlier token among them."""

from __future__ import annotations

import cardjudge as cj
from mtg_helpers import act, data, load, resolve


def _after_kiki_jiki():
    """Kiki-Jiki's token copy of Grizzly Bears made, its sacrifice at the next end step waiting
    (a delayed triggered ability referring to the token); Krenko's Command in hand."""
    state = load(you={"hand": [{"card": "Krenko's Command", "id": "KC"}],
                      "battlefield": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                      {"card": "Grizzly Bears", "id": "GB"},
                                      {"card": "Mountain", "id": "M1"}, {"card": "Mountain", "id": "M2"}]})
    return resolve(act(state, kind="activate", card_id="KJ", targets=["GB"]))


def _labels(state) -> list:
    return sorted(entry["id"] for entry in data(state)["players"]["you"]["battlefield"])


def test_tokens_made_after_a_position_is_read_back_get_the_labels_they_get_without_it():
    state = _after_kiki_jiki()
    assert data(state)["delayed"][0]["refs"]["token"] == ["Grizzly Bears#t1"]
    read_back = cj.load_position(data(state))
    made, made_after_reading = (resolve(act(s, kind="cast", card_id="KC")) for s in (state, read_back))
    assert data(made_after_reading) == data(made)
    assert _labels(made) == ["GB", "Goblin Token#t2", "Goblin Token#t3", "Grizzly Bears#t1", "KJ", "M1", "M2"]


def test_a_new_token_never_takes_a_label_the_position_still_holds():
    """A position whose token labels are numbered higher than its objects are many: the next
    token is numbered after the highest."""
    state = load(you={"hand": [{"card": "Krenko's Command", "id": "KC"}],
                      "battlefield": [{"card": "Goblin Token", "id": "Goblin Token#t40"},
                                      {"card": "Mountain", "id": "M1"}, {"card": "Mountain", "id": "M2"}]})
    made = resolve(act(state, kind="cast", card_id="KC"))
    assert _labels(made) == ["Goblin Token#t40", "Goblin Token#t41", "Goblin Token#t42", "M1", "M2"]

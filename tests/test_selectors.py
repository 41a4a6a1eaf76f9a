"""Selectors: parsing, quoting, matching and the errors that list candidates."""

import doctest

import pytest

import cardjudge.selectors as selectors
from cardjudge.errors import InputError
from cardjudge.selectors import parse_selector, select


class FakeAction:
    """Stands in for an engine Action: selectors only read ``to_dict()``."""

    def __init__(self, **fields):
        self.fields = fields

    def to_dict(self):
        return dict(self.fields)

    def __repr__(self):
        return f"FakeAction({self.fields['id']})"


def action(id, kind, card=None, card_id=None, *, player="you", ability=None, costs=(), targets=(), text=None, **more):
    return FakeAction(
        id=id,
        player=player,
        kind=kind,
        card=card,
        card_id=card_id,
        ability=ability,
        costs=[dict(c) for c in costs],
        targets=list(targets),
        text=text or f"{player} {kind} {card or ''}".strip(),
        **more,
    )


@pytest.fixture
def actions():
    return [
        action("a1", "summon", "Test Machine", "M1"),
        action("a2", "activate", "Limiter Removal", "LR", ability=0, targets=["M1"]),
        action("a3", "activate", "Limiter Removal", "LR", ability=0, targets=["M1", "W"]),
        action(
            "a4", "activate", "One for One", "OFO", ability=0,
            costs=[{"kind": "send_to_gy", "cards": ["M2"]}], targets=[],
        ),
        action(
            "a5", "activate", "One for One", "OFO", ability=0,
            costs=[{"kind": "send_to_gy", "cards": ["M3"]}], targets=[],
        ),
        action("a6", "choose", "Test Machine", "M1", position="attack", text="you choose Attack Position"),
        action("a7", "choose", "Test Machine", "M1", position="defense", text="you choose Defense Position"),
        action("a8", "activate", "Solemn Warning", "SW", ability=0, costs=[{"kind": "pay_lp", "cards": [], "amount": 2000}]),
        action("a9", "pass", text="you pass"),
    ]


def ids(chosen):
    return chosen.to_dict()["id"]


# --- parsing -------------------------------------------------------------------------------


def test_parse_plain_words():
    sel = parse_selector("kind=activate card_id=LR")
    assert sel.terms == (("kind", "activate"), ("card_id", "LR"))
    assert sel.keys() == ("kind", "card_id")
    assert str(sel) == "kind=activate card_id=LR"


@pytest.mark.parametrize(
    "text",
    [
        'card="Limiter Removal"',
        "card='Limiter Removal'",
        'card=Limiter\\ Removal',
        '"card=Limiter Removal"',
    ],
)
def test_parse_shell_quoting(text):
    assert parse_selector(text).terms == (("card", "Limiter Removal"),)


def test_parse_lists_are_comma_separated_sets():
    sel = parse_selector("targets=Z1,Z2 costs_include=AX costs=send_to_gy,pay_lp")
    assert dict(sel.terms) == {
        "targets": ("Z1", "Z2"),
        "costs_include": ("AX",),
        "costs": ("send_to_gy", "pay_lp"),
    }


def test_parse_empty_targets_means_none():
    assert parse_selector("targets=").terms == (("targets", ()),)


def test_parse_value_may_contain_equals_sign():
    assert parse_selector('text="a=b"').terms == (("text", "a=b"),)


def test_parse_mapping_like_acceptance_cases():
    sel = parse_selector({"player": "you", "kind": "activate", "targets": ["Z1", "Z2"]})
    assert sel.terms == (("player", "you"), ("kind", "activate"), ("targets", ("Z1", "Z2")))


@pytest.mark.parametrize(
    "text, words",
    [
        ("colour=red", "unknown selector key 'colour'"),
        ("kind", "expected key=value"),
        ("=activate", "expected key=value"),
        ('card="Limiter Removal', "cannot read selector"),
        ("", "empty selector"),
        ("   ", "empty selector"),
        ("kind=pass kind=activate", "names 'kind' twice"),
    ],
)
def test_parse_errors_are_one_line_input_errors(text, words):
    with pytest.raises(InputError) as info:
        parse_selector(text)
    message = str(info.value)
    assert words in message
    assert "\n" not in message


def test_unknown_key_lists_the_keys():
    with pytest.raises(InputError) as info:
        parse_selector("colour=red")
    assert "kind" in str(info.value) and "costs_include" in str(info.value)


def test_extra_keys_from_the_actions_are_accepted():
    assert parse_selector("mode=2", extra_keys=["mode"]).terms == (("mode", "2"),)


# --- matching ------------------------------------------------------------------------------


def test_select_unique_match(actions):
    assert ids(select(actions, "kind=summon")) == "a1"
    assert ids(select(actions, 'card="Solemn Warning"')) == "a8"


def test_targets_compare_as_sets(actions):
    assert ids(select(actions, "card_id=LR targets=M1")) == "a2"
    assert ids(select(actions, "card_id=LR targets=W,M1")) == "a3"
    with pytest.raises(InputError):
        select(actions, "card_id=LR targets=W")


def test_empty_targets_match_actions_without_targets(actions):
    assert ids(select(actions, "card_id=SW targets=")) == "a8"


def test_costs_include(actions):
    assert ids(select(actions, "card_id=OFO costs_include=M3")) == "a5"
    with pytest.raises(InputError):
        select(actions, "card_id=OFO costs_include=M2,M3")


def test_costs_by_kind(actions):
    assert ids(select(actions, "kind=activate costs=pay_lp")) == "a8"


def test_position_choice(actions):
    assert ids(select(actions, "kind=choose position=defense")) == "a7"


def test_numbers_and_null(actions):
    assert ids(select(actions, "card_id=SW ability=0")) == "a8"
    assert ids(select(actions, "kind=summon ability=null")) == "a1"
    with pytest.raises(InputError):
        select(actions, "card_id=SW ability=1")


def test_mapping_selector_with_typed_values(actions):
    assert ids(select(actions, {"card_id": "SW", "ability": 0})) == "a8"
    assert ids(select(actions, {"card_id": "LR", "targets": ["W", "M1"]})) == "a3"


def test_text_matches_exactly(actions):
    assert ids(select(actions, 'text="you choose Attack Position"')) == "a6"
    with pytest.raises(InputError):
        select(actions, 'text="you choose Attack"')


def test_field_present_only_on_the_actions(actions):
    actions.append(action("a10", "choose", "Sea Lord", "SL", mode="2"))
    assert ids(select(actions, "mode=2")) == "a10"


# --- errors --------------------------------------------------------------------------------


def test_no_match_lists_every_candidate(actions):
    with pytest.raises(InputError) as info:
        select(actions, "kind=attack")
    message = str(info.value)
    assert "no legal action matches 'kind=attack'" in message
    for n in range(1, 10):
        assert f"a{n} " in message
    assert "you activate Limiter Removal" in message
    assert "\n" not in message


def test_ambiguous_lists_the_matches_and_what_tells_them_apart(actions):
    with pytest.raises(InputError) as info:
        select(actions, "card_id=OFO")
    message = str(info.value)
    assert "ambiguous" in message
    assert "2 legal actions match" in message
    assert "differ in costs" in message
    assert "a4 " in message and "a5 " in message
    assert "a1 " not in message
    assert "\n" not in message


def test_ambiguous_even_when_only_unnamed_fields_differ(actions):
    # a2 and a3 differ only in targets, which the selector does not name.
    with pytest.raises(InputError) as info:
        select(actions, "kind=activate card='Limiter Removal'")
    assert "differ in targets" in str(info.value)


def test_ambiguous_identical_copies_still_need_an_id():
    twins = [action("a1", "summon", "Test Machine", "M1"), action("a2", "summon", "Test Machine", "M1")]
    with pytest.raises(InputError):
        select(twins, "kind=summon")
    assert ids(select(twins, "id=a2")) == "a2"


def test_id_picks_by_id(actions):
    assert ids(select(actions, "id=a3")) == "a3"
    assert ids(select(actions, "id=a3 kind=activate")) == "a3"
    with pytest.raises(InputError):
        select(actions, "id=a3 kind=summon")


def test_unknown_key_at_select(actions):
    with pytest.raises(InputError) as info:
        select(actions, "colour=red")
    assert "unknown selector key 'colour'" in str(info.value)


def test_no_actions_at_all():
    with pytest.raises(InputError) as info:
        select([], "kind=pass")
    assert "game is over" in str(info.value)


def test_source_names_where_the_selector_came_from(actions):
    with pytest.raises(InputError) as info:
        select(actions, "kind=attack", source="--do #2")
    assert str(info.value).startswith("--do #2: no legal action matches")


def test_long_candidate_lists_are_cut():
    many = [action(f"a{n}", "activate", "Card", f"C{n}") for n in range(1, 31)]
    with pytest.raises(InputError) as info:
        select(many, "kind=pass")
    message = str(info.value)
    assert "a20 " in message and "a21 " not in message
    assert "and 10 more" in message


def test_docstring_examples():
    result = doctest.testmod(selectors)
    assert result.attempted > 0
    assert result.failed == 0

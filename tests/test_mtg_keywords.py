"""Magic's known keywords are those the rules implement: each is registered by the module that
implements it (``rules.mtg.keywords``). Every keyword the library writes (on a card, in a
granting rule or effect, on a token made) is known and implemented there; a keyword the rules do
not implement is refused, with the file and line that write it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardjudge.cards.loader import library, load_cards
from cardjudge.errors import InputError
from cardjudge.rules.mtg import keywords

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = sorted((ROOT / "cardjudge" / "cards" / "mtg").glob("*.yaml"))


def _written(node) -> list:
    """Every keyword written anywhere in a card file (each ``keywords:`` list)."""
    if isinstance(node, dict):
        found = list(node["keywords"]) if isinstance(node.get("keywords"), list) else []
        return found + [k for key, value in node.items() if key != "keywords" for k in _written(value)]
    if isinstance(node, list):
        return [k for item in node for k in _written(item)]
    return []


@pytest.mark.parametrize("path", LIBRARY, ids=[p.name for p in LIBRARY])
def test_every_keyword_the_library_writes_is_known_and_implemented_where_it_is_registered(path):
    library("mtg")  # the rules loaded, with every module that implements a keyword
    for keyword in _written(yaml.safe_load(path.read_text(encoding="utf-8"))):
        assert keywords.problem(keyword) is None, (path.name, keyword)
        module = keywords.where_implemented(keyword)
        assert module.startswith("cardjudge.rules.mtg."), (keyword, module)
        if keyword in keywords.known():  # a named keyword: the module reads it besides registering it
            # the module's source (a compiled build's module file is not the source)
            source = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
            assert source.count(f'"{keyword}"') >= 2, (keyword, module)


def test_the_library_writes_keywords():
    assert len({k for path in LIBRARY for k in _written(yaml.safe_load(path.read_text(encoding="utf-8")))}) >= 15


@pytest.mark.parametrize("keywords_line, line, message", [
    ("    keywords: [Flanking]", 7, "'keywords': unknown keyword 'Flanking' (known: Can't attack"),
    ("    keywords: [Crew -1]", 7, "'keywords': Crew takes a number 0 or more, not -1"),
    ("    abilities:\n      - kind: static\n        rule: {grant: {keywords: [Banding], to: self}}", 9,
     "rule: grant: unknown keyword 'Banding'"),
])
def test_a_keyword_the_rules_do_not_implement_is_refused_with_file_and_line(tmp_path, keywords_line, line, message):
    path = tmp_path / "cards.yaml"
    path.write_text("game: mtg\ncards:\n  - name: Test Knight\n    types: [Creature]\n    power: 2\n"
                    f"    toughness: 2\n{keywords_line}\n", encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_cards(path)
    assert str(refused.value).startswith(f"{path}:{line}: "), str(refused.value)
    assert message in str(refused.value)

"""``names_read``: an environment binding only the names an expression reads gives it the same value."""

from cardjudge.rules.core.expr import Env, evaluate, names_read, parse

FULL = {"xs": [1, 2, 3], "ys": [{"atk": 5}, {"atk": 1}], "n": 2, "flag": True, "unused": 99}


def test_names_read_lists_every_bare_name_but_it():
    assert names_read(parse("count(xs where it > n) + 1")) == {"xs", "n"}
    assert names_read(parse("any(ys, atk > n) and not flag")) == {"ys", "atk", "n", "flag"}
    assert names_read(parse("3")) == frozenset()


def test_env_of_the_names_read_gives_the_same_value():
    for text in ("count(xs where it > n) + 1", "any(ys, atk > n) and not flag", "xs[n]",
                 "(ys where atk >= n)"):
        tree = parse(text)
        narrow = {name: FULL[name] for name in names_read(tree) if name in FULL}
        assert evaluate(tree, Env(narrow)) == evaluate(tree, Env(dict(FULL)))

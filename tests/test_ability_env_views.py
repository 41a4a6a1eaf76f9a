"""``ability_env`` builds its views without calling their ``__init__``: the views of every game
must be those the core's ``__init__`` would make."""

from cardjudge.rules.core import views as core_views
from cardjudge.rules.core.expr import Env, evaluate, parse
from cardjudge.rules.mtg import views as mtg_views
from cardjudge.rules.ygo import views as ygo_views
from cardjudge import load_position
from tests.puzzle_files import PUZZLES


def test_game_views_keep_the_core_constructors():
    bases = {"card": core_views.ObjectView, "player": core_views.PlayerValue, "game": core_views.GameView,
             "event": core_views.EventView}
    for views in (ygo_views.VIEWS, mtg_views.VIEWS):
        for role, base in bases.items():
            assert getattr(views, role).__init__ is base.__init__, (views, role)
    # Env's constructor sets its two slots from its arguments and nothing else
    variables, subject = {"x": 1}, object()
    env = Env(variables, subject)
    assert Env.__slots__ == ("vars", "subject") and env.vars is variables and env.subject is subject


def test_ability_env_binds_the_same_views_as_their_constructors():
    s = load_position(str(sorted(PUZZLES.glob("ygo-*.yaml"))[0]))
    oid = next(iter(s.objects))
    env = ygo_views.env_for(s, oid, "you", None, {"t": []})
    assert env.subject is None
    assert env.vars["self"] == ygo_views.CardView(s, oid) and env.vars["self"].s is s
    assert env.vars["you"] == "you" and env.vars["opponent"] == "opponent" and env.vars["e"] is None
    assert env.vars["game"].s is s and env.vars["t"] == []
    assert evaluate(parse("self.card"), env) == s.pool[s.objects[oid].card].name
    assert evaluate(parse("count(you.hand where kind != none) == you.hand_size"), env) is True

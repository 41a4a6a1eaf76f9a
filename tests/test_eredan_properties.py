"""Properties of the Eredan engine on random legal playouts: apply never changes its input,
every listed action applies, positions round-trip through to_dict, chance outcomes sum to one."""

from __future__ import annotations

import glob
import os
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardjudge import apply, legal_actions, load_position, to_dict

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("CARDJUDGE_PROPERTY_EXAMPLES", "30"))
MAX_DEPTH = 40
STARTS = {}
for path in sorted(glob.glob(str(ROOT / "examples" / "eredan-*.yaml"))):
    with open(path, encoding="utf-8") as fh:
        STARTS[Path(path).name] = yaml.safe_load(fh)
for rules in ({"play_order": "interleaved", "clash": "active_first"},
              {"fight_start_triggers": "after_cards", "combats_expire": "end_of_combat", "tapped_defender": True,
               "pure_mage_spell_no_attack": True, "magic_resisted_by_esprit": False}):
    for name, data in list(STARTS.items()):
        if "rules" not in data:
            STARTS[f"{name} {sorted(rules)}"] = dict(data, rules=rules)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(STARTS)), st.lists(st.integers(min_value=0, max_value=10_000), max_size=MAX_DEPTH))
def test_random_playouts_keep_the_engine_invariants(start, picks):
    state = load_position(STARTS[start])
    for pick in picks:
        actions = legal_actions(state)
        if not actions:
            assert state.winner is not None
            break
        assert len({a.id for a in actions}) == len(actions)
        players = {a.player for a in actions}
        assert len(players) == 1
        if players == {"chance"}:
            assert abs(sum(a.to_dict()["probability"] for a in actions) - 1) < 1e-9
        snapshot = to_dict(state)
        assert load_position(snapshot) == state or to_dict(load_position(snapshot)) == snapshot
        key = state.exact_key()
        results = [apply(state, action) for action in actions]  # every listed action applies
        following = results[pick % len(actions)]
        assert state.exact_key() == key and to_dict(state) == snapshot
        state = following

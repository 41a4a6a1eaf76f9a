"""Timings of the Yu-Gi-Oh Extra Deck: listing on a crowded board, and the combo lines.

Run on demand: ``python bench/bench_ygo_extra_deck.py [--repeat N] [--search-repeat N] [--cpu] [--json]``.
Prints

- the median (and fastest) time of ``legal_actions`` on a crowded Main Phase position (five
  monsters with Tuners and Level 4s, five cards in the hand, a full Extra Deck of 15 Fusion,
  Synchro and Xyz Monsters), from a cold memo (the state's derived values and the zone memo dropped);
- the same on a crowded position with Link Monsters (places are read: a Summon is an action per
  zone it may go to), a Link Monster in an Extra Monster Zone and Link Monsters in the Extra Deck;
- the combo search on the six Extra Deck lines of ``tests/test_ygo_extra_combos.py`` and the Link
  climb of ``tests/test_ygo_zones_links.py``, each
  goal of this turn as there and, for comparison, the same goals as plain expressions (which
  the search also looks for through the opponent's turns): distinct states per second
  (fastest of N), nodes and states of each search.

The position with Link Monsters and the Link climb are left out in a checkout from before zones
had places (no ``rules/ygo/zones.py``), which ``bench/compare.py`` may time with this benchmark.
"""

from __future__ import annotations

import argparse
import sys

from timing import ROOT, Figures, clock, machine, median_fastest_ms, run_bench  # first: puts this checkout on sys.path

sys.path.insert(0, str(ROOT / "tests"))

from cardjudge import find_combos, legal_actions, load_position  # noqa: E402
from helpers import position  # noqa: E402
from test_ygo_extra_combos import COMBOS, DOPPEL, DOPPEL_GOAL, this_turn_goal  # noqa: E402

ZONES_BY_PLACE = (ROOT / "cardjudge" / "rules" / "ygo" / "zones.py").exists()
if ZONES_BY_PLACE:
    from test_ygo_zones_links import CLIMB, CLIMB_LINE

EXTRA_DECK = (["Junk Warrior"] * 2 + ["Number 39: Utopia"] * 3 + ["Gem-Knight Pearl"] * 2
              + ["Gaia Knight, the Force of Earth"] * 2 + ["Scrap Archfiend"] * 2
              + ["Number 17: Leviathan Dragon"] * 2 + ["Elemental HERO Flame Wingman"] * 2)

CROWDED = position(
    you={"hand": ["Polymerization", "Elemental HERO Avian", "Tin Goldfish", "Effect Veiler", "Reinforcement of the Army"],
         "monsters": ["Junk Synchron", "Effect Veiler", "Elemental HERO Burstinatrix", "Vorse Raider",
                      "Gene-Warped Warwolf"],
         "extra_deck": EXTRA_DECK,
         "deck": ["Goblindbergh", "Elemental HERO Sparkman", "Mystic Tomato"]},
    opponent={"monsters": ["Summoned Skull", "Axe Raider"], "spells_traps": [{"card": "Solemn Warning"}]},
)


LINK_EXTRA_DECK = (["Junk Warrior", "Number 39: Utopia", "Number 39: Utopia", "Gem-Knight Pearl", "Scrap Archfiend",
                    "Gaia Knight, the Force of Earth", "Elemental HERO Flame Wingman"]
                   + ["Link Spider"] * 3 + ["Linkuriboh"] * 2 + ["Decode Talker"] * 3)

CROWDED_LINK = position(
    you={"hand": ["Polymerization", "Elemental HERO Avian", "Axe Raider", "Effect Veiler", "Mokey Mokey"],
         "monsters": [{"card": "Link Spider", "zone": 5}, {"card": "Junk Synchron", "zone": 1},
                      {"card": "Mokey Mokey", "zone": 0}, {"card": "Elemental HERO Burstinatrix", "zone": 3},
                      {"card": "Vorse Raider", "zone": 4}],
         "extra_deck": LINK_EXTRA_DECK,
         "deck": ["Goblindbergh", "Elemental HERO Sparkman", "Mystic Tomato"]},
    opponent={"monsters": [{"card": "Decode Talker", "zone": 5}, "Axe Raider"],
              "spells_traps": [{"card": "Solemn Warning"}]},
)


def _forget_zone_memo(state):
    object.__setattr__(state, "_zone_memo", None)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=101, help="runs per figure")
    parser.add_argument("--search-repeat", type=int, help="runs of each combo search (fastest kept; default --repeat / 20)")
    return run_bench(parser, report, argv)


def report(args, figures: Figures) -> None:
    """Time the crowded listings and the combo lines; print (and record) the figures."""
    print(f"{machine()}, {figures.clock} clock")
    crowded = [("crowded", "crowded Main Phase, full Extra Deck", CROWDED)]
    if ZONES_BY_PLACE:
        crowded.append(("crowded links", "crowded Main Phase with Link Monsters, full Extra Deck", CROWDED_LINK))
    for key, title, body in crowded:
        state = load_position(body)
        listed = legal_actions(state)
        median, fastest = median_fastest_ms(legal_actions, state, args.repeat,
                                            before=lambda state=state: _forget_zone_memo(state))
        kinds = {}
        for action in listed:
            kind = action.text.split(" ")[1] + (" " + action.text.split(" ")[2] if action.kind == "summon" else "")
            kinds[kind] = kinds.get(kind, 0) + 1
        print(f"{title}: {len(listed)} actions, legal_actions median {median:.3f} ms, "
              f"fastest {fastest:.3f} ms (cold memo, {args.repeat} runs)")
        print("  " + ", ".join(f"{k}: {n}" for k, n in sorted(kinds.items())))
        figures.add(f"{key} actions", len(listed), "count")
        figures.add(f"{key} legal_actions", median, "ms")
        figures.add(f"{key} legal_actions fastest", fastest, "ms")

    runs = args.search_repeat or max(3, args.repeat // 20)
    lines = {name: (body, goal, len(counted) + 1) for name, (body, goal, counted) in COMBOS.items()}
    lines["doppelwarrior"] = (DOPPEL, DOPPEL_GOAL, 6)
    groups = [("this turn", "goal of this turn", True, lines), ("expression", "goal as an expression", False, lines)]
    if ZONES_BY_PLACE:
        groups.append(("link climb", "goal of this turn, Link climb", True,
                       {"link_climb": (CLIMB, "control: [DT]", len(CLIMB_LINE))}))
    for key, label, within_turn, searched in groups:
        print(f"combo search on the Extra Deck lines, {label}, fastest of {runs}:")
        all_states, all_seconds = 0, 0.0
        for name, (body, goal, max_actions) in sorted(searched.items()):
            seconds, result = fastest_search(body, goal, max_actions, within_turn, runs)
            stats = result.stats
            print(f"  {name:<22} found={result.found} complete={result.complete} nodes={stats.nodes} "
                  f"states={stats.states} {seconds * 1000:.1f} ms, {stats.states / seconds:,.0f} states/s")
            figures.add(f"{key} {name} states", stats.states, "count")
            figures.add(f"{key} {name} seconds", seconds, "s")
            all_states += stats.states
            all_seconds += seconds
        figures.add(f"{key} states per second", all_states / all_seconds, "/s")


def fastest_search(body, goal: str, max_actions: int, within_turn: bool, runs: int):
    """(seconds, result) of the fastest of ``runs`` searches for ``goal``, each from a freshly
    loaded position (the loading left out)."""
    best = None
    for _ in range(runs):
        start_state = load_position(position(**body))
        wanted = this_turn_goal(goal, start_state) if within_turn else goal
        began = clock()
        result = find_combos(start_state, wanted, max_actions=max_actions, limit_seconds=120)
        seconds = clock() - began
        if best is None or seconds < best[0]:
            best = (seconds, result)
    return best


if __name__ == "__main__":
    sys.exit(main())

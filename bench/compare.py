"""Every figure of the README's Performance table, old commit against new, measured in one run.

    python bench/compare.py OLD NEW [--rounds N] [--compiled] [--markdown] [--wall] [--workdir DIR]

Each commit is unpacked (``git archive``) into a folder of its own, and the benchmarks of this
checkout are copied over that folder's ``bench/``, so that both commits are timed by the same
scripts (which leave out what an older commit does not have: see ``NEW_ONLY``). Each benchmark
runs as a child process with ``--json``, OLD and NEW one after the other, which goes first
alternating from round to round; each figure is the best of the rounds (the lowest time, the
highest rate), shown with the spread of the rounds. Figures are on the process's CPU time
(``--cpu``), which other work on a shared machine disturbs least; ``--wall`` times on the wall
clock instead (a quiet machine). The run is plain Python (``CARDJUDGE_PURE=1``) unless
``--compiled``, which first builds each folder's compiled core in place
(``CARDJUDGE_COMPILE=1 python setup.py build_ext --inplace``, a few minutes each on two cores).

The ratio is new cost over old: time new / old, and for a rate (states per second) old / new,
so that above 1.10 is more than 10% worse (flagged). Counts (actions, nodes, states) say
whether both commits did the same work. ``--markdown`` prints the rows of the README's
Performance table. The memory figures and the zones-by-place figures are NEW's only (the old
commit has no counterpart): they are measured once, after the rounds.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
TOP = BENCH.parent  # the checkout whose benchmarks time both commits
ROUNDS = 3

# name, script, arguments: the repeats keep a full plain run to about 9 minutes of CPU on two
# cores (each benchmark's time on a quiet machine; the old commit's searches are the longest part).
BENCHES = [
    ("ygo", "bench_ygo.py", ["--repeat", "15"]),
    ("mtg", "bench_mtg.py", ["--repeat", "101", "--search-repeat", "2"]),
    ("mana", "bench_mana.py", ["--repeat", "11"]),
    ("eredan", "bench_eredan.py", ["--repeat", "50", "--search-repeat", "5"]),
    ("search", "bench_search.py", ["--repeat", "3", "--no-tt-repeat", "1"]),
    ("extra", "bench_ygo_extra_deck.py", ["--repeat", "61", "--search-repeat", "2"]),
    ("goals", "bench_goals.py", ["--repeat", "1"]),
]
ONCE = [("memory", "bench_memory.py", ["--nodes", "30000"])]  # NEW only, once: memory does not depend on the load

# The rows of the README's table: title, bench, cells (label, figure key; a key "*PREFIX SUFFIX"
# is the range over the bench's figures whose keys start with PREFIX and end with SUFFIX).
GOBLIN = "count(you.battlefield, name == 'Goblin Token') >= 1"
ROWS = [
    ("Yu-Gi-Oh! `legal_actions`, median, cold memo (`bench_ygo.py`)", "ygo",
     [("wanghu", "ygo-wanghu legal_actions"), ("solemn-warning", "ygo-solemn-warning legal_actions"),
      ("battle", "ygo-battle legal_actions"), ("mid-game", "ygo-midgame legal_actions")]),
    ("Yu-Gi-Oh! `apply` of the first listed action, median, cold memo", "ygo",
     [("wanghu", "ygo-wanghu apply"), ("solemn-warning", "ygo-solemn-warning apply"),
      ("battle", "ygo-battle apply"), ("mid-game", "ygo-midgame apply")]),
    ("Yu-Gi-Oh! `list_chains` from the mid-game (3,898 chains), median", "ygo",
     [("", "ygo-midgame list_chains"), ("chains", "ygo-midgame chains")]),
    ("Magic `legal_actions` on the mid-game (274 actions), median / fastest, all cold (cross-position memos "
     "cleared too), end-step (`bench_mtg.py`)", "mtg",
     [("median", "mtg-midgame legal_actions"), ("fastest", "mtg-midgame legal_actions fastest"),
      ("all cold", "mtg-midgame legal_actions all cold"), ("end-step", "mtg-end-step legal_actions")]),
    ("Magic `apply` of the first listed action, median, cold memo", "mtg",
     [("mid-game", "mtg-midgame apply"), ("end-step", "mtg-end-step apply")]),
    ("Magic mid-game combo search, `--goal 'opponent.life <= 10' --max-actions 2`, fastest of 2 (`bench_mtg.py`)", "mtg",
     [("", "search states per second"), ("in", "search seconds"), ("nodes", "search nodes"),
      ("states", "search states")]),
    ("One-move goals on the Magic mid-game, seconds to a complete answer (`bench_goals.py`)", "goals",
     [(f"`{GOBLIN}` (max 3)", f"{GOBLIN} max 3 seconds"), ("nodes", f"{GOBLIN} max 3 nodes"),
      ("`opponent.life <= 10` (max 2)", "opponent.life <= 10 max 2 seconds"),
      ("nodes", "opponent.life <= 10 max 2 nodes")]),
    ("Magic mana payments of {2}{W}{U}, median (`bench_mana.py`)", "mana",
     [("16 different sources (736 payments)", "payments 16 different"),
      ("16 basic lands (15 payments)", "payments 16 basic")]),
    ("Eredan play phase `legal_actions` / `apply` / `list_chains` (24 orders), median (`bench_eredan.py`)", "eredan",
     [("legal_actions", "play legal_actions"), ("apply", "play apply"), ("list_chains", "list_chains")]),
    ("Eredan `combos --goal win` on `examples/eredan-combo.yaml`, states per second, fastest of 5", "eredan",
     [("worst", "combos worst states per second"), ("best", "combos best states per second"),
      ("expect", "combos expect states per second")]),
    ("Combo search, Yu-Gi-Oh! puzzles, distinct states per second, fastest of 3 (`bench_search.py`)", "search",
     [("all seven", "Yu-Gi-Oh! puzzles states per second"), ("per puzzle", "*ygo- states per second")]),
    ("Combo search, Magic puzzles (max 3 actions), distinct states per second", "search",
     [("all five", "Magic puzzles states per second"), ("per puzzle", "*mtg- states per second")]),
    ("What the transposition table buys: nodes without / with it, per puzzle", "search",
     [("Yu-Gi-Oh!", "*ygo- nodes saved by the table"), ("Magic", "*mtg- nodes saved by the table")]),
    ("Yu-Gi-Oh! `legal_actions` on a crowded Main Phase with a full Extra Deck (22 actions), median / fastest, "
     "cold memo (`bench_ygo_extra_deck.py`)", "extra",
     [("median", "crowded legal_actions"), ("fastest", "crowded legal_actions fastest")]),
    ("Combo search on the six Extra Deck lines, distinct states per second over the six, fastest of 2", "extra",
     [("goals of this turn", "this turn states per second"), ("as expressions", "expression states per second"),
      ("the Doppelwarrior line as an expression in", "expression doppelwarrior seconds"),
      ("states", "expression doppelwarrior states")]),
]
NEW_ONLY = [
    ("Yu-Gi-Oh! `legal_actions` with zones by place, a crowded Main Phase with Link Monsters (36 actions), "
     "median / fastest", "extra",
     [("median", "crowded links legal_actions"), ("fastest", "crowded links legal_actions fastest")]),
    ("Combo search with zones by place: the Link climb to Decode Talker through Link Spider (3,361 states)", "extra",
     [("", "link climb link_climb seconds"), ("", "link climb states per second")]),
    ("Memory per searched state at 30,000 nodes (`bench_memory.py --nodes 30000`)", "memory",
     [("Magic mid-game", "mtg-midgame KB per state"), ("per further state", "mtg-midgame KB per further state"),
      ("Yu-Gi-Oh! mid-game", "ygo-midgame KB per state"), ("per further state", "ygo-midgame KB per further state")]),
]
COSTS = {"ms", "s", "KB"}  # lower is better; "/s" higher is better; "count" and "x" the same work on both sides


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", nargs="?", help="the commit of reference")
    parser.add_argument("new", nargs="?", help="the commit compared with it")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"runs of each benchmark per commit (default {ROUNDS})")
    parser.add_argument("--compiled", action="store_true", help="build each commit's compiled core and time that")
    parser.add_argument("--markdown", action="store_true", help="also print the README's Performance table rows")
    parser.add_argument("--wall", action="store_true", help="time on the wall clock, not CPU time (a quiet machine)")
    parser.add_argument("--workdir", type=Path, help="keep the commits' folders (and builds) here and reuse them")
    parser.add_argument("--save", type=Path, metavar="FILE", help="also write every figure of every round to FILE (JSON)")
    names = ", ".join(name for name, _script, _arguments in BENCHES + ONCE)
    parser.add_argument("--only", metavar="NAMES", type=lambda text: text.split(","),
                        help=f"run only these benchmarks, comma-separated ({names})")
    parser.add_argument("--load", type=Path, metavar="FILE",
                        help="print the figures of a run saved with --save instead of measuring")
    args = parser.parse_args(argv)
    known = {name for name, _script, _arguments in BENCHES + ONCE}
    unknown = sorted(set(args.only or []) - known)
    if unknown:
        parser.error(f"unknown benchmark {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    if not args.load and not (args.old and args.new):
        parser.error("name the OLD and NEW commits (or --load a saved run)")
    if args.load:
        saved = json.loads(args.load.read_text())
        results = {(entry["bench"], entry["side"]): entry for entry in saved["results"]}
        header, commits = saved["header"], saved["commits"]
    else:
        commits = {side: resolve(ref) for side, ref in (("old", args.old), ("new", args.new))}
        header, results = run_all(commits, args)
        if args.save:
            entries = [{"bench": name, "side": side} | entry for (name, side), entry in results.items()]
            args.save.write_text(json.dumps({"header": header, "commits": commits, "results": entries}, indent=1) + "\n")
    print(header)
    print_figures(results)
    if args.markdown:
        print()
        print_markdown(header, commits, results)
    return 0


def run_all(commits: dict, args) -> tuple[str, dict]:
    """(the header, the figures) of a run of every benchmark on both commits."""
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="cardjudge-compare-"))
    try:
        folders = {side: checkout(commit, workdir, args.compiled) for side, commit in commits.items()}
        began, started = time.monotonic(), datetime.datetime.now(datetime.timezone.utc)
        results, loads = measure(folders, args)
        minutes = (time.monotonic() - began) / 60
    finally:
        if args.workdir is None:
            shutil.rmtree(workdir, ignore_errors=True)
    return describe(commits, args, started, minutes, loads, results), results


def resolve(ref: str) -> str:
    """The full hash of a commit named by ``ref``."""
    return git("rev-parse", "--verify", f"{ref}^{{commit}}").strip()


def git(*arguments: str) -> str:
    return subprocess.run(["git", *arguments], cwd=TOP, check=True, capture_output=True, text=True).stdout


def checkout(commit: str, workdir: Path, compiled: bool) -> Path:
    """A folder holding the files of ``commit`` (unpacked once) with this checkout's benchmarks
    copied over its own, built in place under ``compiled``."""
    folder = workdir / commit[:12]
    if not (folder / "setup.py").exists():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", commit], cwd=TOP, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    (folder / "bench").mkdir(exist_ok=True)
    for script in BENCH.glob("*.py"):
        shutil.copy2(script, folder / "bench" / script.name)
    if compiled and not (folder / "cardjudge" / "compiled.json").exists():
        progress(f"building the compiled core of {commit[:12]}")
        subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=folder, check=True,
                       env=environment(compiled=True) | {"CARDJUDGE_COMPILE": "1"})
    return folder


def environment(compiled: bool) -> dict:
    env = {key: value for key, value in os.environ.items() if key not in ("CARDJUDGE_PURE", "CARDJUDGE_COMPILE")}
    if not compiled:
        env["CARDJUDGE_PURE"] = "1"
    return env


def measure(folders: dict, args) -> tuple[dict, list[float]]:
    """{(bench, side): {"machine", "runs": [figures of each round]} or {"error"}}, and the
    one-minute load averages seen before each run."""
    results: dict = {}
    loads: list[float] = []
    for round_index in range(args.rounds):
        sides = ["old", "new"] if round_index % 2 == 0 else ["new", "old"]
        for name, script, arguments in selected(BENCHES, args):
            for side in sides:
                progress(f"round {round_index + 1}/{args.rounds}: {name} {side}")
                loads.append(os.getloadavg()[0])
                record(results, name, side, run(folders[side], script, arguments, args))
    for name, script, arguments in selected(ONCE, args):
        progress(f"{name} new")
        loads.append(os.getloadavg()[0])
        record(results, name, "new", run(folders["new"], script, arguments, args))
    return results, loads


def selected(benches: list, args) -> list:
    """The benchmarks of ``benches`` that ``--only`` keeps (all without it)."""
    return [bench for bench in benches if not args.only or bench[0] in args.only]


def run(folder: Path, script: str, arguments: list[str], args) -> dict:
    """The JSON object a benchmark prints, or {"error": its last line of errors}."""
    command = [sys.executable, str(folder / "bench" / script), *arguments, "--json"] + ([] if args.wall else ["--cpu"])
    done = subprocess.run(command, cwd=folder, env=environment(args.compiled), capture_output=True, text=True)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        return {"error": lines[-1]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def record(results: dict, name: str, side: str, output: dict) -> None:
    entry = results.setdefault((name, side), {"runs": []})
    if "error" in output:
        entry["error"] = output["error"]
        progress(f"  failed: {output['error']}")
    else:
        entry["machine"] = output["machine"]
        entry["clock"] = output["clock"]
        entry["runs"].append(output["figures"])


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def figure(results: dict, name: str, side: str, key: str):
    """(best, lowest, highest, unit) of one figure over the rounds, or None where it was not measured."""
    runs = results.get((name, side), {}).get("runs", [])
    values = [one[key]["value"] for one in runs if key in one]
    if not values:
        return None
    unit = next(one[key]["unit"] for one in runs if key in one)
    best = max(values) if unit == "/s" else min(values) if unit in COSTS else values[0]
    return best, min(values), max(values), unit


def ratio(old, new) -> float | None:
    """New cost over old (time new / old, rate old / new); None for counts."""
    if old is None or new is None or old[3] not in COSTS | {"/s"} or not old[0] or not new[0]:
        return None
    return old[0] / new[0] if old[3] == "/s" else new[0] / old[0]


def describe(commits: dict, args, started, minutes: float, loads: list[float], results: dict) -> str:
    machine = next((entry["machine"] for (name, side), entry in results.items() if side == "new" and "machine" in entry),
                   "(no benchmark ran)")
    build = "compiled (CARDJUDGE_COMPILE=1, built in place)" if args.compiled else "plain Python (CARDJUDGE_PURE=1)"
    clock = "wall clock" if args.wall else "CPU time"
    return (f"{started:%Y-%m-%d %H:%M} UTC, {machine}\n"
            f"build: {build}; {clock}; best of {args.rounds} rounds, old and new alternating; "
            f"load average {min(loads):.1f}-{max(loads):.1f} (1 min) over {minutes:.1f} min\n"
            f"old {commits['old'][:7]}, new {commits['new'][:7]}; ratio = new cost / old cost "
            f"(time new/old, rate old/new): above 1.10 is more than 10% worse")


def print_figures(results: dict) -> None:
    """Every figure of every benchmark: old, new, ratio, and the spread of the rounds."""
    for name, _script, _arguments in BENCHES + ONCE:
        if not any((name, side) in results for side in ("old", "new")):
            continue  # left out by --only
        print(f"\n{name}")
        for side in ("old", "new"):
            if "error" in results.get((name, side), {}):
                print(f"  {side} failed: {results[(name, side)]['error']}")
        keys = []
        for side in ("old", "new"):
            for one in results.get((name, side), {}).get("runs", []):
                keys += [key for key in one if key not in keys]
        for key in keys:
            old, new = figure(results, name, "old", key), figure(results, name, "new", key)
            change = ratio(old, new)
            flag = "  REGRESSION" if change is not None and change > 1.10 else ""
            mark = "" if change is None else f"{change:.2f}"
            print(f"  {key:<58} {spread(old):>24} {spread(new):>24} {mark:>6}{flag}")


def spread(found) -> str:
    if found is None:
        return "-"
    best, low, high, unit = found
    text = f"{number(best)} {unit}"
    return text if low == high else f"{text} ({number(low)}-{number(high)})"


def number(value: float) -> str:
    magnitude = abs(value)
    if magnitude >= 100 or float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:.1f}" if magnitude >= 10 else f"{value:.2f}" if magnitude >= 0.1 else f"{value:.3f}"


def print_markdown(header: str, commits: dict, results: dict) -> None:
    """The README's Performance table: one header line, then a row per figure."""
    print("Measured " + "; ".join(header.splitlines()) + ".")
    print()
    print(f"| figure | old ({commits['old'][:7]}) | new ({commits['new'][:7]}) | ratio |")
    print("| --- | --- | --- | --- |")
    for title, name, cells in ROWS:
        print(markdown_row(title, name, cells, results, new_only=False))
    for title, name, cells in NEW_ONLY:
        print(markdown_row(title, name, cells, results, new_only=True))


def markdown_row(title: str, name: str, cells: list, results: dict, new_only: bool) -> str:
    sides = {side: [] for side in ("old", "new")}
    ratios = []
    timed = sum(1 for _label, key in cells if not is_count(results, name, key))
    for label, key in cells:
        found = {side: cell(results, name, side, key) for side in sides}
        for side, text in found.items():
            sides[side].append(f"{label} {text[0]}".strip())
        if not new_only and found["old"][1] is not None:
            ratios.append(f"{label} {found['old'][1]}".strip() if timed > 1 else found["old"][1])
    old = "not measured: no counterpart at the old commit" if new_only else "; ".join(sides["old"])
    change = "new only" if new_only else "; ".join(ratios) or "counts: no cost to compare"
    return f"| {title} | {old} | {'; '.join(sides['new'])} | {change} |"


def is_count(results: dict, name: str, key: str) -> bool:
    """Whether a cell's figure is a count or a ratio of counts (no cost to compare)."""
    found = figure(results, name, "new", key) if not key.startswith("*") else None
    return key.endswith("nodes saved by the table") or (found is not None and found[3] == "count")


UNITS = {"ms": " ms", "s": " s", "/s": "/s", "KB": " KB", "x": "x", "count": ""}


def cell(results: dict, name: str, side: str, key: str) -> tuple[str, str | None]:
    """(the value shown, the ratio shown on the old side's cell or None) of one cell."""
    if key.startswith("*"):
        suffix = key[1:].split(" ", 1)
        keys = sorted({k for one in results.get((name, side), {}).get("runs", []) for k in one
                       if k.startswith(suffix[0]) and k.endswith(suffix[1])})
        values = [figure(results, name, side, k) for k in keys]
        if not values:
            return "-", None
        best = [v[0] for v in values]
        text = f"{number(min(best))}-{number(max(best))}{UNITS[values[0][3]]}"
        changes = [ratio(figure(results, name, "old", k), figure(results, name, "new", k)) for k in keys]
        changes = [c for c in changes if c is not None]
        if not changes:
            return text, None
        shown = f"{min(changes):.2f}-{max(changes):.2f}"
        return text, (f"**{shown}**" if max(changes) > 1.10 else shown)
    found = figure(results, name, side, key)
    if found is None:
        return "-", None
    change = ratio(figure(results, name, "old", key), figure(results, name, "new", key))
    shown = None if change is None else (f"**{change:.2f}**" if change > 1.10 else f"{change:.2f}")
    return number(found[0]) + UNITS[found[3]], shown


if __name__ == "__main__":
    sys.exit(main())

"""The ``cardjudge`` command: a thin layer over the public API.

Every command prints for people by default and one JSON document on stdout with ``--json``.
An error in the user's input (a file, a selector, an option) is one line on stderr,
``cardjudge: path:line: what is wrong``, and exit status 1; an internal error is one line
with exit status 2.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import click

from cardjudge.errors import InputError
from cardjudge.rules import rules_for
from cardjudge.selectors import cards_by_name, describe_cost, select

PROG = "cardjudge"
# Set to 1 to see the Python traceback of an internal error (a bug) instead of one line.
TRACEBACK_ENV = "CARDJUDGE_TRACEBACK"
# click 8.2+ raises this for `cardjudge` alone; older versions print the help and exit 0 themselves.
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


def _api():
    """The public API, imported when a command runs (so ``--help`` stays fast)."""
    import cardjudge

    return cardjudge


class _Group(click.Group):
    """Turns errors in user input into one line on stderr and exit status 1."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        """Run the command; a usage error (a bad option or argument) is one line, exit status 1."""
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            status = super().main(*args, standalone_mode=False, **kwargs)
        except _NO_ARGS_IS_HELP as exc:  # `cardjudge` alone: the help
            click.echo(exc.ctx.get_help())
            sys.exit(0)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else PROG
            message = " ".join(exc.format_message().splitlines()).rstrip(".")
            click.echo(f"{PROG}: {message}; see '{where} --help'", err=True)
            sys.exit(1)
        except click.ClickException as exc:
            click.echo(f"{PROG}: {' '.join(exc.format_message().splitlines())}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo(f"{PROG}: aborted", err=True)
            sys.exit(1)
        sys.exit(status if isinstance(status, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except InputError as exc:
            _fail(ctx, _input_error_text(exc))
        except OSError as exc:
            if isinstance(exc, BrokenPipeError):  # output piped into `head` and the like
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
                ctx.exit(1)
            where = f"{exc.filename}: " if exc.filename else ""
            _fail(ctx, f"{where}{exc.strerror or exc}")
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except Exception as exc:  # noqa: BLE001 - a bug, not the user's fault
            if os.environ.get(TRACEBACK_ENV):
                raise
            _fail(
                ctx,
                f"internal error: {type(exc).__name__}: {exc} (set {TRACEBACK_ENV}=1 for the traceback)",
                status=2,
            )


def _fail(ctx: click.Context, message: str, status: int = 1) -> None:
    click.echo(f"{PROG}: {' '.join(message.splitlines())}", err=True)
    ctx.exit(status)


def _input_error_text(exc: InputError) -> str:
    if exc.path is None and exc.line is None:
        return exc.message
    return str(exc)


class _Seconds(click.FloatRange):
    """A positive, finite number of seconds ("nan" and "inf" are refused, not read as no limit)."""

    name = "seconds"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        import math

        seconds = super().convert(value, param, ctx)
        if not math.isfinite(seconds):
            self.fail(f"{value!r} is not a finite number of seconds", param, ctx)
        return seconds


_SECONDS = _Seconds(min=0, min_open=True)


def _set_memory_limit(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    from cardjudge.rules.core import memory

    if value is None:
        memory.set_default_limit(None)
        return
    try:
        memory.set_default_limit(memory.parse_size(value))
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


memory_option = click.option(
    "--limit-memory", metavar="SIZE", default=None, expose_value=False, callback=_set_memory_limit,
    help="Stop the search once the process holds this much memory, like 4G or 800M "
         "(default: half the machine's memory).",
)

json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON document on stdout.")
do_option = click.option(
    "--do",
    "selectors",
    multiple=True,
    metavar="SELECTOR",
    help='Apply the legal action that SELECTOR picks first, like --do "kind=summon card_id=M1"; repeat for several.',
)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cardjudge", prog_name=PROG)
def cli() -> None:
    """Rules checker for trading card games.

    POSITION is a position file (YAML or JSON). A SELECTOR picks one legal action by its
    fields: kind=activate card="Limiter Removal" targets=Z1,Z2 costs_include=AX, or id=a3.
    """


# --- moves ---------------------------------------------------------------------------------


@cli.command()
@click.argument("position", metavar="POSITION")
@click.option(
    "--all",
    "expand",
    is_flag=True,
    help="One line per action: the ways to pay for or target one activation each apart (--json always lists each).",
)
@do_option
@json_option
def moves(position: str, expand: bool, selectors: Sequence[str], as_json: bool) -> None:
    """List the legal actions of the player who must act now (the ways to pay for or target one
    activation as one entry, unless --all)."""
    cj = _api()
    state, _ = _play(cj, position, selectors)
    actions = cj.legal_actions(state)
    dicts = [action.to_dict() for action in actions]
    now = cj.to_dict(state)
    player = dicts[0].get("player") if dicts else None
    if as_json:
        _echo_json(
            {
                "game": now.get("game"),
                "turn": now.get("turn"),
                "active": now.get("active"),
                "phase": now.get("phase"),
                "winner": now.get("winner"),
                "player": player,
                "actions": dicts,
            }
        )
        return
    click.echo(_situation(now))
    from cardjudge.listing import entries, header

    for line in header(now):
        click.echo(line)
    chain = now.get("chain") or now.get("stack") or []
    if chain:
        click.echo(
            f"{'chain' if 'chain' in now else 'stack'}: " + "; ".join(_link_text(i, link) for i, link in enumerate(chain, 1))
        )
    if not dicts:
        click.echo(f"no legal action: the game is over (winner: {now.get('winner')})")
        return
    listed = entries(state, actions, expand)
    grouped = f" in {len(listed)} entries" if len(listed) != len(dicts) else ""
    click.echo(f"{player} to act, {len(dicts)} legal action{'s' if len(dicts) != 1 else ''}{grouped}:")
    width = len(str(len(listed)))
    for number, (ids, text, details) in enumerate(listed, 1):
        click.echo(f"{number:>{width}}. {ids}  {text}")
        pad = " " * (width + 2 + len(ids) + 2)
        for line in details:
            click.echo(pad + line)


# --- play ----------------------------------------------------------------------------------


@cli.command()
@click.argument("position", metavar="POSITION")
@click.option(
    "--do",
    "selectors",
    multiple=True,
    required=True,
    metavar="SELECTOR",
    help='The legal action to apply, like --do "kind=summon card_id=M1"; repeat to apply several in order.',
)
@json_option
def play(position: str, selectors: Sequence[str], as_json: bool) -> None:
    """Apply actions in order and print the resulting position (YAML, or JSON with --json)."""
    cj = _api()
    state, applied = _play(cj, position, selectors)
    result = _with_inline_cards(cj.to_dict(state), position)
    if as_json:
        _echo_json(result)
        return
    header = [f"after {fields.get('id')}: {fields.get('text')}" for fields in applied]
    if not _loads_back_alike(cj, state, result):
        header.append(
            "note: the position format does not keep everything of this moment (such as a response "
            "window or triggers waiting to be activated): loaded again, it lists other legal actions"
        )
    click.echo(_to_yaml(result, header), nl=False)


def _loads_back_alike(cj, state, written: dict[str, Any]) -> bool:
    """Whether the written position, loaded again, lists the same legal actions as ``state``."""

    def texts(s) -> list[str]:
        return sorted(action.to_dict()["text"] for action in cj.legal_actions(s))

    try:
        return texts(cj.load_position(written)) == texts(state)
    except InputError:
        return False


def _with_inline_cards(result: dict[str, Any], position: str) -> dict[str, Any]:
    """``result`` with the input's inline ``cards:`` when it lacks them, so that it loads again."""
    if "cards" in result:
        return result
    from cardjudge.cards.yamlio import load_file

    data = load_file(position)
    if not isinstance(data, Mapping) or not data.get("cards"):
        return result
    out: dict[str, Any] = {}
    for key, value in result.items():
        if key == "players":
            out["cards"] = json.loads(json.dumps(data["cards"]))  # plain lists and dicts
        out[key] = value
    out.setdefault("cards", json.loads(json.dumps(data["cards"])))
    return out


# --- chains --------------------------------------------------------------------------------

FIRST_CHAINS_SHOWN = 20  # chains printed without --all (a Magic end step has over 10,000)


@cli.command()
@click.argument("position", metavar="POSITION")
@do_option
@click.option(
    "--limit-nodes", type=click.IntRange(min=1), default=20000, show_default=True, help="Stop after this many search nodes."
)
@click.option(
    "--limit-seconds",
    type=_SECONDS,
    default=30,
    show_default=True,
    help="Stop after this many seconds, the writing of the chains included.",
)
@memory_option
@click.option("--all", "show_all", is_flag=True, help=f"Print every chain (by default the first {FIRST_CHAINS_SHOWN}).")
@json_option
def chains(
    position: str,
    selectors: Sequence[str],
    limit_nodes: int | None,
    limit_seconds: float | None,
    show_all: bool,
    as_json: bool,
) -> None:
    """List every chain (or stack) the players can build from the current window, and what each resolves to.

    Prints a summary and the first chains (every one with --all); --json streams every chain.
    """
    import time

    started = time.monotonic()
    cj = _api()
    state, _ = _play(cj, position, selectors)
    limits = {}
    if limit_nodes is not None:
        limits["limit_nodes"] = limit_nodes
    if limit_seconds is not None:
        limits["limit_seconds"] = limit_seconds
    listing = cj.list_chains(state, **limits)
    deadline = started + limit_seconds if limit_seconds is not None else None
    start = cj.to_dict(state)

    def described(chain) -> dict:
        result = cj.to_dict(chain.result)
        return {
            "actions": [action.to_dict() for action in chain.actions],
            "life": _life_totals(result),
            "moved": _moved_cards(start, result),
            "winner": result.get("winner"),
            "result": result,
        }

    if as_json:
        _stream_chains_json(listing, described, deadline)
        return
    shown = len(listing.chains) if show_all else min(FIRST_CHAINS_SHOWN, len(listing.chains))
    click.echo(_situation(start))
    click.echo(_chains_summary(listing, start, cj))
    if not listing.chains and listing.complete:
        click.echo(_game_rules(start).no_chain_note(start) or "no chain can be built from this window")
    written = 0
    for number, chain in enumerate(listing.chains[:shown], 1):
        if deadline is not None and time.monotonic() > deadline:
            break
        _echo_chain(number, described(chain), start)
        written = number
    count = f"{len(listing.chains)} chain{'s' if len(listing.chains) != 1 else ''}"
    if written < shown:
        click.echo(f"output cut short by the time limit after {written} of {count}")
    elif shown < len(listing.chains):
        click.echo(f"(the first {shown} of {count} printed; --all prints every one, --json gives every one)")
    if listing.complete:
        click.echo(f"complete: {count}, every chain is found")
    else:
        click.echo(f"incomplete: {count} found, more may exist ({listing.reason or 'a limit was hit'})")


def _echo_chain(number: int, chain: Mapping[str, Any], start: Mapping[str, Any]) -> None:
    click.echo(f"chain {number}:")
    for fields in chain["actions"]:
        click.echo(f"   {_action_line(fields)}")
    life = "; ".join(f"{player} {_totals_text(value)}" for player, value in chain["life"].items())
    click.echo(f"   => {_life_word(start)}: {life}")
    for move in chain["moved"]:
        click.echo(f"      {_move_text(move)}")
    if not chain["moved"]:
        click.echo("      no card changed zones")
    if chain["winner"] is not None:
        click.echo(f"      winner: {chain['winner']}")


def _chains_summary(listing: Any, start: Mapping[str, Any], cj: Any) -> str:
    """One line: how many chains, how long the longest, how many different end results."""
    if not listing.chains:
        return "summary: no chain"
    longest = max(len(chain.actions) for chain in listing.chains)
    outcomes = {chain.result for chain in listing.chains}
    winners = sorted({str(chain.result.winner) for chain in listing.chains if chain.result.winner is not None})
    text = f"summary: {len(listing.chains)} chains of up to {longest} actions, {len(outcomes)} different resulting positions"
    if winners:
        text += f"; a player can win: {', '.join(winners)}"
    return text


def _stream_chains_json(listing: Any, described: Any, deadline: float | None) -> None:
    """One JSON document, written chain by chain (never held whole); cut at ``deadline``."""
    import time

    click.echo('{"chains": [')
    written = 0
    for chain in listing.chains:
        if deadline is not None and time.monotonic() > deadline:
            break
        text = json.dumps(described(chain), indent=2, ensure_ascii=False, default=_json_default)
        click.echo(("," if written else "") + text)
        written += 1
    tail = {"complete": bool(listing.complete), "reason": listing.reason, "found": len(listing.chains), "written": written}
    if written < len(listing.chains):
        tail["output_cut"] = "cut short by the time limit: not every chain found is written"
    click.echo("], " + json.dumps(tail, ensure_ascii=False)[1:])


def _action_line(fields: Mapping[str, Any]) -> str:
    """An action's text with its targets and costs, without its id (ids are per listing)."""
    text = str(fields.get("text"))
    if fields.get("targets"):
        text += " -> " + ", ".join(map(str, fields["targets"]))
    if fields.get("costs"):
        text += " (cost: " + "; ".join(describe_cost(cost) for cost in fields["costs"]) + ")"
    return text


# --- combos --------------------------------------------------------------------------------


@cli.command()
@click.argument("position", metavar="POSITION")
@click.option(
    "--goal",
    required=True,
    metavar="EXPR",
    help='What to reach: an expression like "opponent.lp <= 0", or win, survive, "destroy: [L1]", "control: [L1]", "play: NAME".',
)
@click.option(
    "--max-actions",
    type=click.IntRange(min=0, max=1000),
    default=3,
    show_default=True,
    help="The most actions of the player who acts now in a line (passes and choices not counted).",
)
@click.option(
    "--opponent",
    type=click.Choice(["passive", "adversarial"]),
    default="passive",
    show_default=True,
    help="passive: the opponent passes when it may; adversarial: the line must work against every answer.",
)
@click.option(
    "--chance",
    type=click.Choice(["worst", "best", "expect"]),
    default="worst",
    show_default=True,
    help="Random outcomes: the line must work for all (worst), for one (best), or the most likely (expect).",
)
@click.option(
    "--all",
    "all_lines",
    is_flag=True,
    help=("Every distinct line of the shortest length, not just the first found (lines that differ only by uncounted steps that "
          "commute or by interchangeable copies are one)."),
)
@click.option(
    "--limit-nodes", type=click.IntRange(min=1), default=200000, show_default=True, help="Stop after this many search nodes."
)
@click.option("--limit-seconds", type=_SECONDS, default=60, show_default=True, help="Stop after this many seconds.")
@memory_option
@click.option(
    "--progress/--no-progress", default=None, help="Show the search's progress on stderr (default: when stderr is a terminal)."
)
@click.option(
    "--turns",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help=("How many turns to search: 1, the current turn; 2, until the end of your next turn; and so on "
          "(survive: at least until your next turn begins)."),
)
@do_option
@json_option
def combos(
    position: str,
    goal: str,
    max_actions: int,
    opponent: str,
    chance: str,
    all_lines: bool,
    limit_nodes: int | None,
    limit_seconds: float | None,
    progress: bool | None,
    turns: int,
    selectors: Sequence[str],
    as_json: bool,
) -> None:
    """Find the shortest lines of play from POSITION that reach the goal in a settled position
    (nothing pending: no chain or stack, no trigger waiting, no response window open)."""
    cj = _api()
    state, _ = _play(cj, position, selectors)
    options: dict[str, Any] = {
        "max_actions": max_actions,
        "opponent": opponent,
        "chance": chance,
        "all_lines": all_lines,
        "turns": turns,
    }
    if limit_nodes is not None:
        options["limit_nodes"] = limit_nodes
    if limit_seconds is not None:
        options["limit_seconds"] = limit_seconds
    from cardjudge.progress import SearchProgress, stderr_is_terminal

    live = stderr_is_terminal()
    reporter = SearchProgress(live) if (live if progress is None else progress) else None
    if reporter is not None:
        options["progress"] = reporter
    try:
        result = cj.find_combos(state, goal, **options)
    finally:
        if reporter is not None:
            reporter.close()
    stats = {
        "nodes": result.stats.nodes,
        "states": result.stats.states,
        "seconds": round(result.stats.seconds, 3),
    }
    probability = getattr(result, "probability", None)
    if as_json:
        _echo_json(
            {
                "goal": goal,
                "found": bool(result.found),
                "complete": bool(result.complete),
                "reason": result.reason,
                "probability": probability,
                "stats": stats,
                "lines": [line.to_dict(lambda action: action.to_dict()) for line in result.lines],
            }
        )
        return
    click.echo(_situation(cj.to_dict(state)))
    click.echo(f"goal: {goal}")
    for number, line in enumerate(result.lines, 1):
        merged = f", stands for {line.variants} lines found" if getattr(line, "variants", 1) > 1 else ""
        click.echo(f"line {number} ({line.length} action{'s' if line.length != 1 else ''}{merged}):")
        for text in line.explain("   "):
            click.echo(text)
    if not result.lines:
        click.echo("no line found")
    if probability is not None:
        from cardjudge.solver.search import percent

        click.echo(f"chance of reaching the goal: {percent(probability)}")
    click.echo(f"search: {stats['nodes']} nodes, {stats['states']} states, {stats['seconds']:.2f} s")
    click.echo(f"{'complete' if result.complete else 'incomplete'}: {result.reason}")


# --- loops ---------------------------------------------------------------------------------


@cli.command()
@click.argument("sources", nargs=-1, required=True, metavar="SOURCE...")
@click.option(
    "--max-cycle", type=click.IntRange(min=1), default=6, show_default=True, help="The longest cycle of abilities listed."
)
@click.option(
    "--limit-nodes", type=click.IntRange(min=1), default=5000, show_default=True, help="Nodes of each confirming search."
)
@click.option(
    "--limit-seconds",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    help="Seconds of all confirming searches in a position.",
)
@click.option("--static-only", is_flag=True, help="Only the dependency graph and what the declared facts bound; no search.")
@click.option("--dot", "dot_path", metavar="FILE", default=None, help="Write the dependency graph as Graphviz DOT.")
@click.option("--svg", "svg_path", metavar="FILE", default=None, help="Draw the dependency graph as SVG (needs Graphviz's dot).")
@click.option(
    "--progress/--no-progress", default=None, help="Say what is being searched on stderr (default: when stderr is a terminal)."
)
@json_option
def loops(
    sources: Sequence[str],
    max_cycle: int,
    limit_nodes: int,
    limit_seconds: float,
    static_only: bool,
    dot_path: str | None,
    svg_path: str | None,
    progress: bool | None,
    as_json: bool,
) -> None:
    """The loops of card files, folders, deck lists or positions, each classified."""
    from cardjudge.progress import stderr_is_terminal
    from cardjudge.solver.loop_drawing import write_dot, write_svg
    from cardjudge.solver.loops import find_loops

    live = stderr_is_terminal() if progress is None else progress
    result = find_loops(
        list(sources),
        max_cycle=max_cycle,
        limit_nodes=limit_nodes,
        limit_seconds=limit_seconds,
        static_only=static_only,
        progress=(lambda text: click.echo(f"{PROG}: {text}", err=True)) if live else None,
    )
    if dot_path:
        write_dot(result.graph, dot_path)
    if svg_path:
        write_svg(result.graph, svg_path)
    if as_json:
        _echo_json(result.to_dict())
        return
    stats = result.stats
    click.echo(
        f"{result.game}: {stats['cards']} cards, {stats['abilities']} abilities, {stats['edges']} links, "
        f"{stats['cycles']} cycles listed"
    )
    for number, loop in enumerate(result.loops, 1):
        extra = f", bound {loop.bound}" if loop.bound is not None else ""
        extra += f", broken by {loop.broken_by}" if loop.broken_by else ""
        click.echo(f"loop {number}: {loop.kind} ({loop.outcome}{extra}): {', '.join(loop.cards)}")
        if loop.yields:
            click.echo("   per iteration: " + ", ".join(f"{k} {v:+d}" for k, v in loop.yields.items()))
        click.echo(f"   {loop.why}")
        if loop.certificate:
            steps = loop.certificate["prefix"] + loop.certificate["actions"]
            start = len(loop.certificate["prefix"])
            for index, action in enumerate(steps):
                mark = "repeat" if index >= start else "first"
                click.echo(f"   {mark}: {action['text']}")
    click.echo(f"{'complete' if result.complete else 'incomplete'}: {result.reason}")


# --- validate ------------------------------------------------------------------------------


@cli.command()
@click.argument("files", nargs=-1, required=True, metavar="FILES...")
@json_option
def validate(files: Sequence[str], as_json: bool) -> None:
    """Check card files (top-level cards:), position files (players:) and puzzle files (puzzle:);
    folders are searched for *.yaml, *.yml and *.json."""
    cj = _api()
    reports = [_validate_one(cj, path) for path in _expand(files)]
    failed = [report for report in reports if not report["ok"]]
    if as_json:
        _echo_json({"ok": not failed, "files": reports})
    else:
        for report in reports:
            if report["ok"]:
                click.echo(f"OK   {report['path']} ({report['detail']})")
            else:
                click.echo(f"{PROG}: {report['error']['text']}", err=True)
        click.echo(f"{len(reports)} file{'s' if len(reports) != 1 else ''} checked, {len(failed)} with errors")
    if failed:
        raise click.exceptions.Exit(1)


def _expand(paths: Iterable[str]) -> list[str]:
    out = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml", ".json") and p.is_file())
            if not found:
                out.append(name)  # reported as an error below
            out += [str(p) for p in found]
        else:
            out.append(name)
    return out


def _validate_one(cj, path: str) -> dict[str, Any]:
    from cardjudge.cards.yamlio import load_file

    report: dict[str, Any] = {"path": path, "ok": False, "kind": None, "detail": None, "error": None}
    try:
        if Path(path).is_dir():
            raise InputError("no .yaml, .yml or .json file in this folder", path)
        data = load_file(path)
        if isinstance(data, Mapping) and "puzzle" in data and "players" not in data:
            report["kind"] = "puzzle"
            found = cj.load_puzzle(path)
            report["detail"] = f"puzzle, {found.game}, goal {found.goal}"
        elif isinstance(data, Mapping) and "players" in data:
            report["kind"] = "position"
            state = cj.load_position(path)
            report["detail"] = f"position, {cj.to_dict(state).get('game') or data.get('game')}"
        elif isinstance(data, Mapping) and "cards" in data:
            report["kind"] = "cards"
            pool = cj.load_cards(path)
            try:
                count = len(pool)
            except TypeError:
                count = len(data.get("cards") or [])
            report["detail"] = f"{count} card{'s' if count != 1 else ''}, {data.get('game')}"
        else:
            raise InputError("neither a card file (top-level cards:) nor a position (top-level players:)", path, 1)
        report["ok"] = True
    except InputError as exc:
        exc = exc if exc.path else exc.located(path)
        report["error"] = {"message": exc.message, "path": exc.path, "line": exc.line, "text": str(exc)}
    except OSError as exc:
        text = f"{path}: {exc.strerror or exc}"
        report["error"] = {"message": exc.strerror or str(exc), "path": path, "line": None, "text": text}
    return report


# --- shared helpers ------------------------------------------------------------------------


def _play(cj, position: str, selectors: Sequence[str]):
    """Load ``position`` and apply the actions that ``selectors`` pick, in order."""
    state = cj.load_position(position)
    applied = []
    for number, selector in enumerate(selectors, 1):
        where = f"{position}: --do #{number}" if len(selectors) > 1 else f"{position}: --do"
        action = select(cj.legal_actions(state), selector, source=where, names=cards_by_name(state))
        applied.append(action.to_dict())
        state = cj.apply(state, action)
    return state, applied


def _situation(position: Mapping[str, Any]) -> str:
    words = [f"{position.get('game')}", f"turn {position.get('turn')}"]
    if position.get("active") is not None:
        words.append(f"active {position['active']}")
    if position.get("phase") is not None:
        words.append(f"phase {position['phase']}")
    if position.get("winner") is not None:
        words.append(f"winner {position['winner']}")
    return ", ".join(words)


def _link_text(number: int, link: Mapping[str, Any]) -> str:
    text = f"{number}. {link.get('controller')} {link.get('card')} [{link.get('id')}]"
    if link.get("targets"):
        text += " -> " + ",".join(map(str, link["targets"]))
    return text


def _game_rules(position: Mapping[str, Any]):
    """The game contract of a position's game (from its ``to_dict``)."""
    return rules_for(position["game"])


def _life_word(position: Mapping[str, Any]) -> str:
    return _game_rules(position).life_word


def _totals_text(value: Any) -> str:
    """A player's LP or life, or (Eredan) each character's HP as "T 22, C 18"."""
    if isinstance(value, Mapping):
        return ", ".join(f"{label} {hp}" for label, hp in value.items())
    return str(value)


def _life_totals(position: Mapping[str, Any]) -> dict[str, Any]:
    """Each player's life total as the game counts it (a game without one may give each
    character's HP)."""
    return _game_rules(position).life_totals(position)


def _card_places(position: Mapping[str, Any]) -> dict[str, tuple[str, str, Any]]:
    """label -> (player, zone, card name) for every card entry of a position."""
    places: dict[str, tuple[str, str, Any]] = {}

    def visit(player: str, zone: str, entry: Any) -> None:
        if isinstance(entry, Mapping) and "card" in entry:
            if entry.get("id") is not None:
                places[str(entry["id"])] = (player, zone, entry.get("card"))
            for attached in entry.get("attached") or []:
                visit(player, "attached", attached)

    for player, body in (position.get("players") or {}).items():
        for zone, value in (body or {}).items():
            if isinstance(value, list):
                for entry in value:
                    visit(player, zone, entry)
            else:
                visit(player, zone, value)
    return places


def _moved_cards(start: Mapping[str, Any], end: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The cards whose player or zone differs between two positions, new ones and gone ones."""
    before, after = _card_places(start), _card_places(end)
    moved = []
    for label, place in after.items():
        old = before.get(label)
        if old is None or old[:2] != place[:2]:
            moved.append(
                {
                    "id": label,
                    "card": place[2],
                    "from": None if old is None else {"player": old[0], "zone": old[1]},
                    "to": {"player": place[0], "zone": place[1]},
                }
            )
    for label, old in before.items():
        if label not in after:
            moved.append({"id": label, "card": old[2], "from": {"player": old[0], "zone": old[1]}, "to": None})
    return moved


def _move_text(move: Mapping[str, Any]) -> str:
    def place(where):
        return "nowhere" if where is None else f"{where['player']} {where['zone']}"

    if move["from"] is None:
        return f"{move['card']} [{move['id']}]: new, in {place(move['to'])}"
    return f"{move['card']} [{move['id']}]: {place(move['from'])} -> {place(move['to'])}"


def _echo_json(document: Any) -> None:
    click.echo(json.dumps(document, indent=2, ensure_ascii=False, default=_json_default))


def _json_default(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def _to_yaml(document: Any, header: Sequence[str] = ()) -> str:
    """``document`` as block YAML; the header lines become comments, so the output still loads
    as a position."""
    from cardjudge.cards import yamlio

    return yamlio.to_yaml(document, header)


# --- puzzle ---------------------------------------------------------------------------------


@cli.group()
def puzzle() -> None:
    """Puzzle files (a position, a goal, the solution): solve, check, generate and import them."""


_limit_nodes_option = click.option(
    "--limit-nodes", type=click.IntRange(min=1), default=None, help="Stop each search after this many nodes (default 2,000,000)."
)
_limit_seconds_option = click.option(
    "--limit-seconds",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Stop each search after this many seconds (default 120).",
)
_progress_option = click.option(
    "--progress/--no-progress", default=None, help="Show the search's progress on stderr (default: when stderr is a terminal)."
)


def _reporter(progress: bool | None):
    from cardjudge.progress import SearchProgress, stderr_is_terminal

    live = stderr_is_terminal()
    return SearchProgress(live) if (live if progress is None else progress) else None


def _solution_json(solution) -> dict[str, Any]:
    data = solution.line.to_dict(lambda action: action.to_dict())
    data["variants"] = solution.variants
    return data


def _echo_solution(title: str, solution) -> None:
    merged = f", stands for {solution.variants} lines found" if solution.variants > 1 else ""
    click.echo(f"{title} ({solution.length} action{'s' if solution.length != 1 else ''}{merged}):")
    for text in solution.line.explain("   "):
        click.echo(text)


@puzzle.command("solve")
@click.argument("file", metavar="FILE")
@click.option(
    "--all",
    "all_solutions",
    is_flag=True,
    help=("Every distinct solution of the shortest length (the same decisions in another order or at another moment, or with "
          "interchangeable copies, are one)."),
)
@_limit_nodes_option
@_limit_seconds_option
@_progress_option
@json_option
def puzzle_solve(
    file: str, all_solutions: bool, limit_nodes: int | None, limit_seconds: float | None, progress: bool | None, as_json: bool
) -> None:
    """Find the shortest solutions of the puzzle in FILE (within its max_actions)."""
    cj = _api()
    found = cj.load_puzzle(file)
    reporter = _reporter(progress)
    try:
        result = cj.solve_puzzle(
            found, all_solutions=all_solutions, limit_nodes=limit_nodes, limit_seconds=limit_seconds, progress=reporter
        )
    finally:
        if reporter is not None:
            reporter.close()
    stats = {"nodes": result.stats.nodes, "states": result.stats.states, "seconds": round(result.stats.seconds, 3)}
    if as_json:
        _echo_json(
            {
                "puzzle": found.name,
                "goal": found.goal,
                "found": result.found,
                "complete": result.complete,
                "reason": result.reason,
                "stats": stats,
                "solutions": [_solution_json(solution) for solution in result.solutions],
            }
        )
        return
    click.echo(
        f"puzzle: {found.name} ({found.game}), goal: {found.goal}, opponent: {found.opponent}, "
        f"at most {found.max_actions} actions"
    )
    for number, solution in enumerate(result.solutions, 1):
        _echo_solution(f"solution {number}", solution)
    if not result.solutions:
        click.echo("no solution found")
    click.echo(f"search: {stats['nodes']} nodes, {stats['states']} states, {stats['seconds']:.2f} s")
    click.echo(f"{'complete' if result.complete else 'incomplete'}: {result.reason}")


@puzzle.command("check")
@click.argument("files", nargs=-1, required=True, metavar="FILES...")
@_limit_nodes_option
@_limit_seconds_option
@_progress_option
@json_option
def puzzle_check(
    files: Sequence[str], limit_nodes: int | None, limit_seconds: float | None, progress: bool | None, as_json: bool
) -> None:
    """Check that each puzzle's stored solution replays, reaches the goal (against every answer
    for adversarial puzzles) and is the only solution; exit 1 with the reason when one is not.
    Folders are searched for *.yaml and *.yml."""
    cj = _api()
    reports = []
    for path in [p for p in _expand(files) if not p.endswith(".json")]:
        reporter = _reporter(progress)
        try:
            result = cj.check_puzzle(path, limit_nodes=limit_nodes, limit_seconds=limit_seconds, progress=reporter)
        finally:
            if reporter is not None:
                reporter.close()
        reports.append((path, result))
        if not as_json:
            click.echo(f"{'OK  ' if result.ok else 'FAIL'} {path}: {result.reason} ({result.seconds:.2f} s)")
            if result.other is not None:
                _echo_solution("   the other solution", result.other)
    failed = [path for path, result in reports if not result.ok]
    if as_json:
        _echo_json(
            {
                "ok": not failed,
                "puzzles": [
                    {
                        "path": path,
                        "ok": result.ok,
                        "reason": result.reason,
                        "replays": result.replays,
                        "reaches_goal": result.reaches_goal,
                        "unique": result.unique,
                        "solutions_found": result.solutions_found,
                        "other": _solution_json(result.other) if result.other is not None else None,
                        "seconds": round(result.seconds, 3),
                    }
                    for path, result in reports
                ],
            }
        )
    elif len(reports) > 1:
        click.echo(f"{len(reports)} puzzles checked, {len(failed)} failed")
    if failed:
        raise click.exceptions.Exit(1)


@puzzle.command("import")
@click.argument("files", nargs=-1, required=True, metavar="FILES.pzl...")
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False),
    default=".",
    show_default=True,
    help="Folder to write the puzzle files to (one NAME.yaml per NAME.pzl).",
)
@click.option(
    "--max-actions", type=click.IntRange(min=0), default=6, show_default=True, help="The longest solution searched for."
)
@click.option(
    "--report", is_flag=True, help="Write nothing: say how many of the files import and which cards would unlock the most."
)
@_limit_nodes_option
@_limit_seconds_option
@json_option
def puzzle_import(
    files: Sequence[str],
    out_dir: str,
    max_actions: int,
    report: bool,
    limit_nodes: int | None,
    limit_seconds: float | None,
    as_json: bool,
) -> None:
    """Import Forge puzzles (.pzl; folders are searched): each becomes a puzzle file whose
    stored solution is the shortest line found. A puzzle whose cards the library lacks is
    refused with one line naming each missing card."""
    from cardjudge.solver.forge_import import import_pzl, import_report, pzl_files
    from cardjudge.solver.puzzles import save_puzzle

    paths = pzl_files(files)
    if report:
        found = import_report(paths)
        if as_json:
            _echo_json(
                {
                    "files": found.files,
                    "importable": found.importable,
                    "refused": found.refused,
                    "missing": found.missing,
                    "unlocking": [{"card": card, "unlocks": count} for card, count in found.unlocking],
                }
            )
            return
        click.echo(
            f"{found.files} puzzles: {len(found.importable)} import, {len(found.missing)} lack cards, "
            f"{sum(found.refused.values())} use what the importer cannot read"
        )
        for path in found.importable:
            click.echo(f"   imports: {path}")
        for reason, count in sorted(found.refused.items(), key=lambda item: -item[1]):
            click.echo(f"   {count:4} refused: {reason}")
        if found.unlocking:
            click.echo("cards that unlock the most (added in this order; puzzles each completes):")
            total = 0
            for card, count in found.unlocking:
                total += count
                click.echo(f"   {card}: +{count} ({total})")
        return
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    written, failures = [], []
    for path in paths:
        try:
            imported = import_pzl(
                path,
                max_actions=max_actions,
                limit_nodes=limit_nodes,
                limit_seconds=limit_seconds if limit_seconds is not None else 120.0,
            )
        except InputError as exc:
            failures.append({"path": str(path), "error": _input_error_text(exc)})
            if not as_json:
                click.echo(f"{PROG}: {_input_error_text(exc)}", err=True)
            continue
        target = Path(out_dir) / f"{Path(path).stem}.yaml"
        save_puzzle(imported, target)
        written.append({"path": str(path), "puzzle": str(target), "length": imported.solution["length"]})
        if not as_json:
            click.echo(f"imported {path} -> {target} (solution of {imported.solution['length']} actions)")
    if as_json:
        _echo_json({"ok": not failures, "written": written, "refused": failures})
    if failures:
        raise click.exceptions.Exit(1)


@puzzle.command("generate")
@click.option("--game", required=True, help="The game of the puzzles (one whose rules build puzzle boards).")
@click.option(
    "--pool",
    default=None,
    metavar="CARDS|GAME",
    help="A card file or folder to draw boards from (with the library), or the game's name for its library (the default).",
)
@click.option(
    "--goal",
    type=click.Choice(["win", "destroy"]),
    default="win",
    show_default=True,
    help=("win: a line that deals the opponent's life this turn; destroy: a line that removes the opponent's cards the goal "
          "names (constructive: those a random line removed; random: all of them)."),
)
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True, help="How many puzzles.")
@click.option(
    "--seed", type=int, default=0, show_default=True, help="The same seed gives the same puzzles, whatever the workers."
)
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "medium", "hard"]),
    default="easy",
    show_default=True,
    help="The solution length: easy 2, medium 3, hard 4-5 actions.",
)
@click.option("--max-actions", type=click.IntRange(min=1), default=None, help="The longest solution wanted.")
@click.option("--opponent", type=click.Choice(["passive", "adversarial"]), default="passive", show_default=True)
@click.option(
    "--method",
    type=click.Choice(["constructive", "random"]),
    default="constructive",
    show_default=True,
    help="constructive: a random line played forward sets the goal; random: random boards filtered by the solver.",
)
@click.option(
    "--max-candidates",
    type=click.IntRange(min=1),
    default=None,
    help="Give up after this many candidates (default 200 per puzzle).",
)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None, help="Write each puzzle to DIR/NAME.yaml.")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes (default: the cores).")
@click.option(
    "--ray",
    "ray_address",
    default=None,
    metavar="ADDRESS",
    help="Run on a Ray cluster at ADDRESS ('local' starts one here; needs cardjudge[ray]).",
)
@click.option("--progress/--no-progress", default=None, help="Show progress on stderr (default: when stderr is a terminal).")
@json_option
def puzzle_generate(
    game: str,
    pool: str | None,
    goal: str,
    count: int,
    seed: int,
    difficulty: str,
    max_actions: int | None,
    opponent: str,
    method: str,
    max_candidates: int | None,
    out_dir: str | None,
    workers: int | None,
    ray_address: str | None,
    progress: bool | None,
    as_json: bool,
) -> None:
    """Generate puzzles with a proved unique solution from a card pool, rated by their metrics."""
    from cardjudge.progress import GenerationProgress, stderr_is_terminal, summary_table
    from cardjudge.solver.generate import generate_puzzles
    from cardjudge.solver.puzzles import puzzle_dict, save_puzzle
    from cardjudge.solver.workers import default_workers

    workers = workers or default_workers()
    live = stderr_is_terminal()
    reporter = GenerationProgress(live, count) if (live if progress is None else progress) else None
    try:
        result = generate_puzzles(
            pool,
            game=game,
            goal=goal,
            count=count,
            seed=seed,
            difficulty=difficulty,
            max_actions=max_actions,
            opponent=opponent,
            method=method,
            workers=workers,
            max_candidates=max_candidates,
            ray=ray_address,
            progress=reporter,
        )
    finally:
        if reporter is not None:
            reporter.close()
    if out_dir is not None:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
        for found in result.puzzles:
            save_puzzle(found, Path(out_dir) / f"{found.name}.yaml")
    if as_json:
        _echo_json(
            {
                "puzzles": [puzzle_dict(found) for found in result.puzzles],
                "tried": result.tried,
                "rejected": dict(result.rejected),
                "seconds": round(result.seconds, 3),
                "workers": workers,
            }
        )
    else:
        for text in summary_table(result):
            click.echo(text)
    if len(result.puzzles) < count:
        click.echo(f"{PROG}: only {len(result.puzzles)} of {count} puzzles found in {result.tried} candidates", err=True)
        raise click.exceptions.Exit(1)


# --- explain -------------------------------------------------------------------------------


@cli.command("explain")
@click.argument("position", metavar="POSITION")
@click.argument("words", metavar="SELECTOR", nargs=-1, required=True)
@do_option
@json_option
def explain_command(position: str, words: Sequence[str], selectors: Sequence[str], as_json: bool) -> None:
    """Say why the action SELECTOR describes is legal or not now, like
    kind=activate card="Monster Reborn": every reason it fails, in the order a judge checks
    them, each with its ruling id or rule number; or each legal way and what it would do.
    --do applies actions first."""
    cj = _api()
    state, _ = _play(cj, position, selectors)
    selector = " ".join(_selector_word(word) for word in words) if len(words) > 1 else words[0]
    try:
        answer = cj.explain(state, selector)
    except InputError as exc:
        raise exc.located(position) from None
    if as_json:
        _echo_json(answer.to_dict())
        return
    for line in answer.lines():
        click.echo(line)


def _selector_word(word: str) -> str:
    """One word of a selector given as several arguments, quoted again where the shell took the
    quotes off (``card=Monster Reborn`` is ``card="Monster Reborn"``)."""
    key, sep, value = word.partition("=")
    if sep and (not value or any(c.isspace() or c in "'\"" for c in value)):
        return f'{key}="{value}"' if '"' not in value else f"{key}={shlex.quote(value)}"
    return word


# --- upgrade-cards ---------------------------------------------------------------------------


@cli.command("upgrade-cards")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--check", is_flag=True, help="Only report what would change; exit 1 if any file needs upgrading.")
@json_option
def upgrade_cards_command(files: Sequence[str], check: bool, as_json: bool) -> None:
    """Rewrite card files (and positions' and puzzles' inline cards) written in the older card
    language to today's keys, in place, keeping comments and order; folders are searched for
    *.yaml, *.yml and *.json."""
    from cardjudge.upgrade import upgrade_cards

    results = upgrade_cards(_expand(files), check=check)
    pending = [result for result in results if result.changes]
    if as_json:
        _echo_json({"check": check, "files": [result.to_dict() for result in results]})
    else:
        for result in results:
            for change in result.changes:
                click.echo(change)
        verb = "need upgrading" if check else "upgraded"
        click.echo(f"{len(results)} file{'s' if len(results) != 1 else ''} read, {len(pending)} {verb}")
    if check and pending:
        raise click.exceptions.Exit(1)


def main(argv: Sequence[str] | None = None) -> None:
    """Console entry point of ``cardjudge``."""
    cli.main(args=list(argv) if argv is not None else None, prog_name=PROG)


if __name__ == "__main__":  # pragma: no cover
    main()

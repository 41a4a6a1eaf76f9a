"""The ``cardjudge`` command: a thin layer over the public API.

Every command prints for people by default and one JSON document on stdout with ``--json``.
An error in the user's input (a file, a selector, an option) is one line on stderr,
``cardjudge: path:line: what is wrong``, and exit status 1; an internal error is one line
with exit status 2.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import click

from cardjudge.errors import InputError
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
@click.option("--all", "expand", is_flag=True, help="One line per action: the ways to pay for or target one activation each apart (--json always lists each).")
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
        click.echo(f"{'chain' if 'chain' in now else 'stack'}: " + "; ".join(_link_text(i, link) for i, link in enumerate(chain, 1)))
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
        header.append("note: the position format does not keep everything of this moment (such as a response "
                      "window or triggers waiting to be activated): loaded again, it lists other legal actions")
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


@cli.command()
@click.argument("position", metavar="POSITION")
@do_option
@click.option("--limit-nodes", type=click.IntRange(min=1), default=20000, show_default=True, help="Stop after this many search nodes.")
@click.option("--limit-seconds", type=click.FloatRange(min=0, min_open=True), default=30, show_default=True, help="Stop after this many seconds.")
@json_option
def chains(
    position: str, selectors: Sequence[str], limit_nodes: int | None, limit_seconds: float | None, as_json: bool
) -> None:
    """List every chain (or stack) the players can build from the current window, and what each resolves to."""
    cj = _api()
    state, _ = _play(cj, position, selectors)
    limits = {}
    if limit_nodes is not None:
        limits["limit_nodes"] = limit_nodes
    if limit_seconds is not None:
        limits["limit_seconds"] = limit_seconds
    listing = cj.list_chains(state, **limits)
    start = cj.to_dict(state)
    found = []
    for chain in listing.chains:
        result = cj.to_dict(chain.result)
        found.append(
            {
                "actions": [action.to_dict() for action in chain.actions],
                "life": _life_totals(result),
                "moved": _moved_cards(start, result),
                "winner": result.get("winner"),
                "result": result,
            }
        )
    if as_json:
        _echo_json({"complete": bool(listing.complete), "reason": listing.reason, "chains": found})
        return
    click.echo(_situation(start))
    if not found and listing.complete:
        if start.get("game") == "eredan" and start.get("phase") == "fight_choice":
            click.echo("no chain yet: pick the fight first (cards are played once a fight is picked)")
        else:
            click.echo("no chain can be built from this window")
    for number, chain in enumerate(found, 1):
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
    count = f"{len(found)} chain{'s' if len(found) != 1 else ''}"
    if listing.complete:
        click.echo(f"complete: {count}, every chain is listed")
    else:
        click.echo(f"incomplete: {count} listed, more may exist ({listing.reason or 'a limit was hit'})")


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
@click.option("--goal", required=True, metavar="EXPR", help='What to reach: an expression like "opponent.lp <= 0", or win, survive, "destroy: [L1]", "control: [L1]", "play: NAME".')
@click.option("--max-actions", type=click.IntRange(min=0), default=3, show_default=True, help="The most actions of the player who acts now in a line (passes and choices not counted).")
@click.option("--opponent", type=click.Choice(["passive", "adversarial"]), default="passive", show_default=True, help="passive: the opponent passes when it may; adversarial: the line must work against every answer.")
@click.option("--chance", type=click.Choice(["worst", "best", "expect"]), default="worst", show_default=True, help="Random outcomes: the line must work for all (worst), for one (best), or the most likely (expect).")
@click.option("--all", "all_lines", is_flag=True, help="Every distinct line of the shortest length, not just the first found (lines that differ only by uncounted steps that commute or by interchangeable copies are one).")
@click.option("--limit-nodes", type=click.IntRange(min=1), default=200000, show_default=True, help="Stop after this many search nodes.")
@click.option("--limit-seconds", type=click.FloatRange(min=0, min_open=True), default=60, show_default=True, help="Stop after this many seconds.")
@click.option("--progress/--no-progress", default=None, help="Show the search's progress on stderr (default: when stderr is a terminal).")
@click.option("--turns", type=click.IntRange(min=1), default=1, show_default=True, help="How many turns to search: 1, the current turn; 2, until the end of your next turn; and so on (survive: at least until your next turn begins).")
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


# --- validate ------------------------------------------------------------------------------


@cli.command()
@click.argument("files", nargs=-1, required=True, metavar="FILES...")
@json_option
def validate(files: Sequence[str], as_json: bool) -> None:
    """Check card files (top-level cards:) and position files (players:); folders are searched for *.yaml, *.yml and *.json."""
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
        if isinstance(data, Mapping) and "players" in data:
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


def _life_word(position: Mapping[str, Any]) -> str:
    return "life" if position.get("game") == "mtg" else "LP" if position.get("game") == "ygo" else "HP"


def _totals_text(value: Any) -> str:
    """A player's LP or life, or (Eredan) each character's HP as "T 22, C 18"."""
    if isinstance(value, Mapping):
        return ", ".join(f"{label} {hp}" for label, hp in value.items())
    return str(value)


def _life_totals(position: Mapping[str, Any]) -> dict[str, Any]:
    """Each player's LP or life; for games without one (Eredan), its characters' HP."""
    totals = {}
    for player, body in (position.get("players") or {}).items():
        body = body or {}
        if "lp" in body:
            totals[player] = body["lp"]
        elif "life" in body:
            totals[player] = body["life"]
        elif body.get("characters"):
            totals[player] = {
                c.get("id"): (c.get("now") or {}).get("hp", c.get("hp")) for c in body["characters"] if isinstance(c, Mapping)
            }
    return totals


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
    """``document`` as block YAML; mappings and lists of plain values are written on one line.

    The header lines become comments, so the output still loads as a position.
    """
    import io

    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    def plain(value: Any) -> bool:
        return not isinstance(value, (Mapping, list, tuple))

    def convert(value: Any) -> Any:
        if isinstance(value, Mapping):
            node = CommentedMap((key, convert(item)) for key, item in value.items())
            if value and all(plain(item) or (isinstance(item, (list, tuple)) and all(map(plain, item))) for item in value.values()):
                node.fa.set_flow_style()
            return node
        if isinstance(value, (list, tuple)):
            node = CommentedSeq(convert(item) for item in value)
            if all(map(plain, value)):
                node.fa.set_flow_style()
            return node
        return value

    yaml = YAML()
    yaml.default_flow_style = False
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.representer.add_representer(
        type(None), lambda representer, _: representer.represent_scalar("tag:yaml.org,2002:null", "null")
    )
    node = convert(document)
    if header and isinstance(node, CommentedMap):
        node.yaml_set_start_comment("\n".join(header))
    out = io.StringIO()
    yaml.dump(node, out)
    return out.getvalue()


def main(argv: Sequence[str] | None = None) -> None:
    """Console entry point of ``cardjudge``."""
    cli.main(args=list(argv) if argv is not None else None, prog_name=PROG)


if __name__ == "__main__":  # pragma: no cover
    main()

"""Forge's puzzle files (``.pzl``) read into puzzle data (contract section 6).

A ``.pzl`` file is INI-like: ``[metadata]`` (``Name:``, ``URL:``, ``Goal:``, ``Turns:``,
``Difficulty:``, ``Description:``, ...) and ``[state]`` (``key=value`` lines: ``turn``,
``activeplayer``, ``activephase``, each player's ``life`` and zones, ``humanhand=Card;Card|Tapped``
and so on; players are ``human``/``ai`` or ``p0``/``p1``). A zone lists cards separated by
``;``, each a name followed by ``|`` modifiers: ``Set:GRN``, ``Tapped``, ``SummonSick``,
``Counters:P1P1=2,LOYALTY=5``, ``Id:7``, ``AttachedTo:7`` (or the older ``Attaching:7``), ``NoETBTrigs``, and for a card exiled by
a permanent's ability ``ExiledWith:5`` (that permanent's Id; the permanent's ``RememberedCards:1``
names the same link from its side). A ``[state]`` line without ``=`` that starts with ``|`` (a
card entry broken after its name) is skipped, as Forge skips it, when it only names the printing
(``|Set:DTK``); with anything else it is refused, since Forge would drop it. A ``t:NAME`` entry is a
token made from Forge's token script ``NAME`` (:mod:`cardjudge.solver.forge_tokens`).

:func:`read_pzl` parses a file, refusing whatever it cannot convert faithfully with the file and
line; :func:`to_position` builds the Magic position; :func:`missing_cards` names the cards the
library lacks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from cardjudge.cards.loader import library
from cardjudge.errors import InputError
from cardjudge.solver.forge_tokens import token_card

PLAYERS = {"human": "you", "p0": "you", "ai": "opponent", "p1": "opponent"}
ZONES = {"hand": "hand", "battlefield": "battlefield", "play": "battlefield", "graveyard": "graveyard",
         "library": "library", "exile": "exile"}
# state keys read elsewhere, or that this importer cannot honour (say so rather than drop them)
GLOBAL_KEYS = {"turn", "activeplayer", "activephase", "activephaseadvance", "removesummoningsickness"}
UNSUPPORTED_PLAYER_KEYS = {"precast", "command", "counters", "manapool", "persistentmana", "sideboard",
                           "landsplayedlastturn", "numringtemptedyou"}
ZERO_ONLY_KEYS = {"landsplayedlastturn", "numringtemptedyou"}  # read when 0: nothing to carry over
PLAYER_KEYS = {"life", "landsplayed"} | set(ZONES) | UNSUPPORTED_PLAYER_KEYS
METADATA_KEYS = {"name", "url", "goal", "turns", "difficulty", "description", "targets", "targetcount",
                 "humancontrol", "completedevent"}
PHASES = {"main1": "main1", "main2": "main2", "upkeep": "upkeep", "draw": "draw",
          "combat_begin": "beginning_of_combat", "combat_declare_attackers": "declare_attackers",
          "combat_declare_blockers": "declare_blockers", "end_of_turn": "end", "cleanup": "cleanup"}
# the steps of a turn in order, as Forge names them (ActivePhaseAdvance compares them within a turn)
TURN_ORDER = ("untap", "upkeep", "draw", "main1", "combat_begin", "combat_declare_attackers",
              "combat_declare_blockers", "combat_first_strike_damage", "combat_damage", "combat_end", "main2",
              "end_of_turn", "cleanup")
IGNORED_MODIFIERS = {"set", "noetbtrigs", "art"}  # printing and "no enter-the-battlefield triggers" (none fire when placed)
DIFFICULTY = {"common": "easy", "easy": "easy", "uncommon": "medium", "medium": "medium", "rare": "hard",
              "mythic": "hard", "hard": "hard", "very hard": "hard", "special": "hard"}
GOALS = {"win": "win"}


@dataclass
class CardEntry:
    """One card of a zone: its name, where it is written and its modifiers."""

    name: str
    line: int
    modifiers: dict = field(default_factory=dict)  # lower-case key -> value ('' for a flag)
    token: bool = False  # made from a token script
    definition: dict | None = None  # the token's card, when the script names a vanilla token


@dataclass
class ForgePuzzle:
    """A parsed ``.pzl`` file: its metadata, its state keys and the cards of each zone."""

    path: str
    metadata: dict  # lower-case key -> value
    state: dict  # lower-case key -> value
    lines: dict  # ("metadata"|"state", key) -> line
    zones: dict  # (player, zone) -> [CardEntry]

    def cards(self) -> list[CardEntry]:
        """Every card entry of every zone."""
        return [entry for entries in self.zones.values() for entry in entries]


def read_pzl(path: "str | Path") -> ForgePuzzle:
    """Parse a ``.pzl`` file. Raises InputError (file and line) for an unknown section or key,
    a line outside a section, or a state key or card modifier this importer cannot honour."""
    path = str(path)
    text = Path(path).read_text(encoding="utf-8-sig")
    section, metadata, state, lines, zones = None, {}, {}, {}, {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            if section not in ("metadata", "state"):
                raise InputError(f"unknown section [{line[1:-1]}] (known: [metadata], [state])", path, number)
            continue
        if section is None:
            raise InputError("a line before the first section ([metadata] or [state])", path, number)
        if section == "metadata":
            key, sep, value = line.partition(":")
            key = key.strip().lower()
            if not sep or key not in METADATA_KEYS:
                raise InputError(f"unknown metadata line {line[:40]!r} (known: Name, URL, Goal, Turns, Difficulty, "
                                 f"Description, Targets)", path, number)
            metadata[key] = value.strip()
            lines[("metadata", key)] = number
            continue
        key, sep, value = line.partition("=")
        key = key.strip().lower()
        if not sep and line.startswith("|") and _printing_only(line):
            continue  # Forge reads no line without "=": a card entry's printing broken onto its own line
        if not sep:
            raise InputError(f"expected key=value in [state], got {line[:40]!r}", path, number)
        lines[("state", key)] = number
        if key in GLOBAL_KEYS:
            state[key] = value.strip()
            continue
        player, rest = _player_key(key)
        if player is None or rest not in PLAYER_KEYS:
            raise InputError(f"unknown state key {key!r}", path, number)
        if rest in UNSUPPORTED_PLAYER_KEYS:
            if value.strip() and not (rest in ZERO_ONLY_KEYS and value.strip() == "0"):
                raise InputError(f"state key {key!r} is not supported by this importer", path, number)
            continue
        if rest in ZONES:
            entries = zones.setdefault((player, ZONES[rest]), [])
            entries += [_card_entry(part, path, number) for part in value.split(";") if part.strip()]
        else:
            state[f"{player}.{rest}"] = value.strip()
    if "name" not in metadata:
        raise InputError("[metadata] needs Name:", path, 1)
    return ForgePuzzle(path, metadata, state, lines, zones)


def _printing_only(line: str) -> bool:
    """Whether a ``|``-line names only the printing (``|Set:DTK``, ``|Art:2``), which the
    position does not read anyway."""
    parts = [part.strip() for part in line.split("|") if part.strip()]
    return all(part.partition(":")[0].strip().lower() in ("set", "art") for part in parts)


def _player_key(key: str) -> tuple[str | None, str]:
    for prefix, player in PLAYERS.items():
        if key.startswith(prefix) and key[len(prefix):] in PLAYER_KEYS:
            return player, key[len(prefix):]
    return None, key


def _card_entry(text: str, path: str, line: int) -> CardEntry:
    name, *parts = [part.strip() for part in text.split("|")]
    token, definition = bool(re.match(r"^t:", name, re.I)), None
    if token:
        try:
            name, definition = token_card(name[2:])
        except ValueError as exc:
            raise InputError(str(exc), path, line) from None
    modifiers = {}
    for part in parts:
        key, _, value = part.partition(":")
        key = key.strip().lower()
        if key in IGNORED_MODIFIERS:
            continue
        if key == "attaching":
            key = "attachedto"  # Forge reads the older Attaching: as AttachedTo:
        if key not in ("tapped", "summonsick", "counters", "id", "attachedto", "exiledwith", "rememberedcards"):
            raise InputError(f"card modifier {part!r} of {name!r} is not supported by this importer", path, line)
        modifiers[key] = value.strip()
    return CardEntry(name, line, modifiers, token, definition)


def missing_cards(puzzle: ForgePuzzle, known) -> list[str]:
    """The names of the puzzle's cards that ``known`` (a CardPool or a set of names) lacks,
    each once, in the order first met."""
    out: list[str] = []
    for entry in puzzle.cards():
        if entry.definition is None and entry.name not in known and entry.name not in out:
            out.append(entry.name)
    return out


def to_position(puzzle: ForgePuzzle) -> dict:
    """The Magic position of the puzzle (contract section 4). Raises InputError for a state this
    importer cannot honour (an unknown phase, a goal other than winning, an attachment to a
    card that is not there)."""
    path, state = puzzle.path, puzzle.state
    phase = state.get("activephase", "main1").lower()
    if phase not in PHASES:
        raise InputError(f"unsupported ActivePhase {state.get('activephase')!r}", path,
                         puzzle.lines.get(("state", "activephase")))
    active = PLAYERS.get(state.get("activeplayer", "human").lower())
    if active is None:
        raise InputError(f"unknown ActivePlayer {state.get('activeplayer')!r}", path,
                         puzzle.lines.get(("state", "activeplayer")))
    try:
        turn = int(state.get("turn", "1"))
    except ValueError:
        raise InputError(f"turn must be a number, not {state.get('turn')!r}", path,
                         puzzle.lines.get(("state", "turn"))) from None
    unsick = state.get("removesummoningsickness", "").lower() == "true"
    players: dict = {}
    labels_by_id: dict = {}
    attachments = []
    tokens: dict = {}  # the tokens' card definitions by name
    exiled = []
    for player in ("you", "opponent"):
        body: dict = {"life": _number(state.get(f"{player}.life", "20"), path,
                                      puzzle.lines.get(("state", f"{'human' if player == 'you' else 'ai'}life")))}
        if f"{player}.landsplayed" in state:
            body["lands_played"] = _number(state[f"{player}.landsplayed"], path, None)
        for zone in ("hand", "library", "graveyard", "exile", "battlefield"):
            entries = puzzle.zones.get((player, zone), [])
            cards = []
            for index, entry in enumerate(entries):
                label = f"{'Y' if player == 'you' else 'O'}{zone[0].upper()}{index + 1}"
                card: dict = {"card": entry.name, "id": label}
                if entry.token:
                    _place_token(entry, zone, tokens, path)
                    card["token"] = True
                if "id" in entry.modifiers:
                    labels_by_id[entry.modifiers["id"]] = label
                if zone == "battlefield":
                    card["tapped"] = "tapped" in entry.modifiers
                    card["sick"] = "summonsick" in entry.modifiers and not unsick
                    if entry.modifiers.get("counters"):
                        card["counters"] = _counters(entry, path)
                    if "attachedto" in entry.modifiers:
                        attachments.append((card, entry))
                elif zone == "exile" and "exiledwith" in entry.modifiers:
                    exiled.append((card, entry))
                if zone != "battlefield" and set(entry.modifiers) - {"id", "exiledwith"}:
                    raise InputError(f"{entry.name!r}: modifiers {sorted(entry.modifiers)} apply to permanents only",
                                     path, entry.line)
                if zone != "exile" and "exiledwith" in entry.modifiers:
                    raise InputError(f"{entry.name!r}: ExiledWith: applies to a card in exile only", path, entry.line)
                cards.append(card)
            body[zone] = cards
        players[player] = body
    for card, entry in attachments:
        target = labels_by_id.get(entry.modifiers["attachedto"])
        if target is None:
            raise InputError(f"{entry.name!r} is AttachedTo:{entry.modifiers['attachedto']}, but no card has that Id",
                             path, entry.line)
        card["attached_to"] = target
    _link_exiled(puzzle, exiled, labels_by_id)
    position = {"game": "mtg", "turn": turn, "active": active, "phase": PHASES[phase], "players": players}
    if tokens:
        position["cards"] = list(tokens.values())
    return position


def _place_token(entry: CardEntry, zone: str, tokens: dict, path: str) -> None:
    """Record the card of a token entry; refuse a token off the battlefield (it would cease to
    exist, CR 111.7) and two different tokens of one name, or one unlike the library's card."""
    if zone != "battlefield":
        raise InputError(f"token {entry.name!r} in the {zone}: a token exists only on the battlefield", path,
                         entry.line)
    if entry.definition is None:
        return
    known = library("mtg")
    if entry.name in known:
        printed = known[entry.name]
        if any(_same(printed[key], value) is False for key, value in entry.definition.items()
               if key not in ("name", "text")):
            raise InputError(f"a token script makes a {entry.name} unlike the library's card of that name", path,
                             entry.line)
        return
    earlier = tokens.setdefault(entry.name, entry.definition)
    if earlier != entry.definition:
        raise InputError(f"two token scripts make different tokens named {entry.name!r}", path, entry.line)


def _same(printed, value) -> bool:
    if isinstance(value, list):
        return sorted(printed or []) == sorted(value)
    return printed == value


def _link_exiled(puzzle: ForgePuzzle, exiled: list, labels_by_id: dict) -> None:
    """Each ``ExiledWith:N`` card remembers the permanent with Id N (``exiled_by``), the link
    its linked "return the exiled card" ability reads (CR 607.2a). A ``RememberedCards:`` list
    is accepted only when it says the same: every card it names is exiled with that permanent
    and every card exiled with it is named (Forge remembers other things too, which this
    importer does not read)."""
    path = puzzle.path
    battlefield = {entry.modifiers["id"]: entry for player in ("you", "opponent")
                   for entry in puzzle.zones.get((player, "battlefield"), []) if "id" in entry.modifiers}
    exiled_with: dict = {}
    for card, entry in exiled:
        exiler = entry.modifiers["exiledwith"]
        if exiler not in battlefield:
            raise InputError(f"{entry.name!r} is ExiledWith:{exiler}, but no permanent has that Id", path, entry.line)
        card["exiled_by"] = labels_by_id[exiler]
        exiled_with.setdefault(exiler, set()).add(entry.modifiers.get("id"))
    for exiler, entry in battlefield.items():
        if "rememberedcards" not in entry.modifiers:
            continue
        remembered = {part.strip() for part in entry.modifiers["rememberedcards"].split(",") if part.strip()}
        if remembered != exiled_with.get(exiler, set()):
            raise InputError(f"{entry.name!r}: RememberedCards:{entry.modifiers['rememberedcards']} is read only "
                             f"as the cards exiled with it (ExiledWith:{exiler}), and these differ", path, entry.line)
    for player in ("you", "opponent"):
        for entry in puzzle.zones.get((player, "battlefield"), []):
            if "rememberedcards" in entry.modifiers and "id" not in entry.modifiers:
                raise InputError(f"{entry.name!r}: RememberedCards: needs the card's own Id:", path, entry.line)


def phase_advance(puzzle: ForgePuzzle) -> str | None:
    """The step that ``ActivePhaseAdvance`` advances the game to (this importer's name for it), or
    None when there is nothing to advance.

    Forge sets the game at ``ActivePhase`` and then goes on, without anyone getting priority, through
    each later step of the same turn up to the one named: each step's turn-based actions happen
    (the draw step's draw) and triggered abilities trigger. A step that is not later in the turn
    than ``ActivePhase`` advances nothing. Raises InputError for an unknown step and for a
    declare attackers step on the way: the attackers Forge's AI declares there are not in the file."""
    value = puzzle.state.get("activephaseadvance")
    if value is None:
        return None
    line = puzzle.lines.get(("state", "activephaseadvance"))
    target = value.strip().lower()
    start = puzzle.state.get("activephase", "main1").strip().lower()
    if target not in TURN_ORDER or target not in PHASES:
        raise InputError(f"unsupported ActivePhaseAdvance {value!r}", puzzle.path, line)
    if start not in TURN_ORDER or TURN_ORDER.index(target) <= TURN_ORDER.index(start):
        return None
    if target == "cleanup":
        raise InputError("ActivePhaseAdvance=CLEANUP: the game here cannot stand in the cleanup step (nobody gets "
                         "priority there)", puzzle.path, line)
    passed = TURN_ORDER[TURN_ORDER.index(start) + 1:TURN_ORDER.index(target) + 1]
    if "combat_declare_attackers" in passed:
        raise InputError(f"ActivePhaseAdvance={value} goes through the declare attackers step: the attackers "
                         "Forge's AI declares there are not in the file", puzzle.path, line)
    return PHASES[target]


def _number(text: str, path: str, line: int | None) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"expected a number, not {text!r}", path, line) from None


def _counters(entry: CardEntry, path: str) -> dict:
    out = {}
    for part in entry.modifiers["counters"].split(","):
        kind, _, amount = part.partition("=")
        try:
            out[kind.strip().upper()] = int(amount)
        except ValueError:
            raise InputError(f"{entry.name!r}: bad counters {entry.modifiers['counters']!r}", path, entry.line) from None
    return out


def puzzle_metadata(puzzle: ForgePuzzle) -> dict:
    """The puzzle's ``puzzle:`` metadata (name, goal, turns, difficulty, source, description).
    Raises InputError for a goal this importer cannot express."""
    meta = puzzle.metadata
    goal_text = meta.get("goal", "Win")
    goal = GOALS.get(goal_text.strip().lower())
    if goal is None:
        raise InputError(f"goal {goal_text!r} is not supported by this importer (only Win)", puzzle.path,
                         puzzle.lines.get(("metadata", "goal")))
    turns = _number(meta.get("turns", "1"), puzzle.path, puzzle.lines.get(("metadata", "turns")))
    if turns != 1:
        raise InputError(f"Turns:{turns}: only puzzles won within the turn (Turns:1) are supported", puzzle.path,
                         puzzle.lines.get(("metadata", "turns")))
    out = {"name": meta["name"], "game": "mtg", "goal": goal, "player": "you", "opponent": "adversarial"}
    difficulty = DIFFICULTY.get(meta.get("difficulty", "").strip().lower())
    if difficulty:
        out["difficulty"] = difficulty
    source = f"Forge puzzle {Path(puzzle.path).name}"
    if meta.get("url"):
        source += f" ({meta['url']})"
    out["source"] = source
    description = meta.get("description", "")
    if meta.get("difficulty"):
        description = f"{description} (Forge difficulty: {meta['difficulty']})".strip()
    if description:
        out["description"] = description
    return out

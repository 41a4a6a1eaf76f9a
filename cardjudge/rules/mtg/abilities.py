"""The Magic ability record, compiled once from a card file.

Each ability of a card is one mapping whose ``kind`` says what it is::

    - kind: mana                 # a mana ability (rule 605): no stack
      cost: "{T}"
      add: G                     # G, GGG, "any" (one mana of any color), C ...
    - kind: activated            # cost : effect, on the stack
      cost: ["{1}", {tap: {count: 3, where: "'Elf' in subtypes"}}]
      timing: sorcery            # optional: sorcery | your_turn
      targets: [{from: "game.creatures", where: "not legendary"}]
      effect: [{destroy: t}]
    - kind: triggered            # When/Whenever/At ... (targets chosen as it goes on the stack)
      on: enters                 # the event; ``when`` filters it at the moment it happens
      when: "e.card == self"
      condition: "you.life >= 40"   # intervening "if": checked at trigger and on resolution (T2)
      optional: true             # "you may"
      effect: [...]
    - kind: static               # continuous effects of a permanent on the battlefield
      rule: {grant: {keywords: [Haste], to: "self.attached"}}
    - kind: spell                # what an instant or sorcery does on resolution
    - kind: as_enters            # "As this enters": applied while it enters, no stack (T7)
    - kind: linked               # a static ability with the triggered ability it is linked to (T8)
    - kind: alternative_cost     # "If exactly one creature is attacking, you may pay {W} rather
      cost: "{W}"                #  than pay this spell's mana cost" (a Trap, rule 118.9)
      condition: "count(game.creatures where attacking) == 1"
    - kind: enters_with          # a replacement: "enters tapped", "enters with X +1/+1 counters"
      tapped: true
      counters: {P1P1: x}        # numbers or expressions (x: the spell's X)

A cost is a string of symbols (``"{2}{G}{T}"``) or a list mixing such strings and
non-mana parts: ``tap`` (tap untapped permanents you control), ``crew: N``, ``sacrifice``,
``discard``, ``pay_life``, ``loyalty`` (``{loyalty: -3}``: a planeswalker's loyalty ability, once
per turn at sorcery speed, rule 606). Keywords (Haste, Flying, Crew N, Equip N ...) are read from
the card's ``keywords`` field; Crew and Equip become activated abilities here. (Older files
wrote the intervening "if" as ``if:``; it is refused with the new key, and ``cardjudge
upgrade-cards`` rewrites it.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardjudge.errors import InputError
from cardjudge.rules.core.ability_checks import ability_kind, parsed, steps_with_ops
from cardjudge.rules.core.card_language import refuse_old_keys, rename_key
from cardjudge.rules.core.cost_parts import PartShape, ReadPart, read_cost
from cardjudge.rules.core.expr import parse
from cardjudge.rules.core.frozen import freeze
from cardjudge.rules.mtg.keywords import implements, implements_form
from cardjudge.rules.mtg.keywords import problem as keyword_problem

KINDS = {"mana", "activated", "triggered", "static", "spell", "as_enters", "linked", "enters_with", "alternative_cost"}
ABILITY_KEYS = {
    "kind", "cost", "add", "timing", "targets", "effect", "on", "when", "condition", "optional", "rule", "text",
    "from", "counters", "tapped", "x_mana", "modes",
}
OLD_KEYS = {"if": "'condition' (an ability's intervening if; 'if' is the step that tests)"}
# the non-mana cost parts and what each body holds (cards paid: by default your untapped permanents)
COST_PARTS = {
    "crew": PartShape("number", hint="crew takes the power needed (0 or more), like {crew: 3}"),
    "pay_life": PartShape("number", hint="pay_life takes a number of life 0 or more"),
    "loyalty": PartShape("change", hint="loyalty takes the change, like {loyalty: 1} or {loyalty: -3}"),
    "remove_counter": PartShape("fields", fields={"counter": "P1P1", "n": 1},
                                hint="remove_counter takes {counter: P1P1, n: 1}"),
    "put_counter": PartShape("fields", fields={"counter": "M1M1", "n": 1},
                             hint="put_counter takes {counter: M1M1, n: 1}"),
    "tap": PartShape("selection", min_count=1),
    "sacrifice": PartShape("selection", min_count=1),
    "discard": PartShape("selection", min_count=1),
    "exile": PartShape("selection", min_count=1),
}
EVENTS = {"enters", "leaves", "dies", "attacks", "blocks", "step", "cast", "drawn", "revealed", "tapped",
          "becomes_untapped", "damaged", "life_gained", "life_lost", "counters_put", "counters_removed",
          "mana_added", "control_changed", "ability_activated", "discarded"}
EFFECT_OPS = {
    "damage", "destroy", "draw", "gain_life", "lose_life", "create_token", "gain_control", "untap", "tap",
    "modify", "grant", "counter", "exile", "return", "put_onto_battlefield", "become_creature", "add_counters",
    "delayed", "win_game", "transform", "become_copy", "choose", "sacrifice", "attach", "if", "discard",
    "add_mana", "copy_token", "mode", "to_hand", "exile_if_dies", "exchange_life", "lose_game", "scry", "pay",
    "copy_ability", "enters_tapped", "remove_counters", "count_resolution",
}
STATIC_RULES = {"grant", "modify", "reveal_first_draw", "doesnt_untap", "cant_lose", "cant_win", "not_creature",
                "hexproof"}
TIMINGS = {"any", "sorcery", "your_turn"}
_SYMBOL = re.compile(r"\{([^{}]*)\}")
# the keywords that stand for abilities, made here (rules 702.29 Cycling, 702.93 Undying, 702.122 Crew,
# 702.6 Equip)
_CREW = implements_form(__name__, "Crew N", r"Crew (?P<n>-?\d+)")
_EQUIP = implements_form(__name__, "Equip N", r"Equip (?P<n>-?\d+)")
_CYCLING = implements_form(__name__, "Cycling {cost}", r"Cycling\s+(?P<cost>(?:\{[^{}]+\})+)")
implements(__name__, "Undying")


@dataclass(frozen=True)
class TargetSlot:
    """One target of a spell or ability: the candidates (``from``) filtered by ``where``."""

    name: str
    source: object
    where: object | None
    min: int = 1
    max: int = 1


@dataclass(frozen=True)
class CostPart:
    """A non-mana cost part: what it does, to which of your permanents, how many."""

    kind: str  # tap | crew | sacrifice | discard | pay_life | exile | remove_counter | put_counter
    self_only: bool = False
    where: object | None = None
    count: int = 1
    amount: int = 0  # crew power, life to pay
    source: object | None = None  # candidates (default: your untapped permanents)
    counter: str = ""  # remove_counter / put_counter: the kind of counter removed from or put on the source


@dataclass(frozen=True)
class Ability:
    """One compiled ability. Expressions are parsed trees; effect steps stay frozen data."""

    index: int
    kind: str
    mana: str = ""  # the mana symbols of the cost, without {T}/{Q}
    tap: bool = False  # {T} in the cost
    untap: bool = False  # {Q} in the cost
    costs: tuple = ()
    add: str = ""  # mana abilities: what they add
    timing: str = "any"
    targets: tuple = ()
    effect: tuple = ()
    on: str | None = None
    when: object | None = None
    condition: object | None = None  # the intervening "if"
    optional: bool = False
    rule: tuple = ()
    zones: tuple = ("battlefield",)
    text: str = ""
    keyword: str | None = None  # the keyword this ability comes from (Crew, Equip, Undying)
    x_mana: str = ""  # "Spend only black mana on X": the one kind of mana that may pay {X} (B)
    granted: tuple = ()  # a static grant's abilities ("Equipped creature has '{T}: ...'"), compiled
    modes: tuple = ()  # "Choose one —" (700.2): the Modes, one chosen as the spell is cast (601.2b)


@dataclass(frozen=True)
class Mode:
    """One mode of a modal spell: its name, its targets and what it does."""

    name: str
    targets: tuple
    effect: tuple


def split_cost(text: str) -> tuple[str, bool, bool]:
    """A symbol string into (mana symbols, has {T}, has {Q}).

    >>> split_cost("{2}{G}{T}")
    ('{2}{G}', True, False)
    """
    mana = []
    tap = untap = False
    for symbol in _SYMBOL.findall(text):
        if symbol == "T":
            tap = True
        elif symbol == "Q":
            untap = True
        else:
            mana.append("{" + symbol + "}")
    rest = _SYMBOL.sub("", text).strip()
    if rest:
        raise InputError(f"cost: cannot read {rest!r} (write symbols like {{2}}{{G}}{{T}})")
    return "".join(mana), tap, untap


def _cost_part(part: ReadPart) -> CostPart:
    if part.kind == "loyalty":  # +N or -N loyalty counters on the planeswalker itself (606.4)
        return CostPart("loyalty", self_only=True, amount=part.amount, counter="LOYALTY")
    if part.kind == "remove_counter":  # "Remove N counters from this permanent"
        fields = dict(part.fields)
        return CostPart("remove_counter", self_only=True, count=fields["n"], counter=fields["counter"])
    if part.kind == "put_counter":  # "Put a -1/-1 counter on this creature" (Cinderhaze Wretch)
        fields = dict(part.fields)
        return CostPart("put_counter", self_only=True, count=fields["n"], counter=fields["counter"])
    return CostPart(part.kind, self_only=part.self_only, where=part.where, count=part.count,
                    amount=part.amount or 0, source=part.source)


def _whole(value) -> bool:
    """Whether ``value`` is a whole number of 0 or more (not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _cost(raw) -> tuple[str, bool, bool, tuple]:
    mana, tap, untap, parts = "", False, False, []
    for item in read_cost(raw, COST_PARTS, read_text=split_cost):
        if isinstance(item, tuple):
            mana, tap, untap = mana + item[0], tap or item[1], untap or item[2]
        else:
            parts.append(_cost_part(item))
    return mana, tap, untap, tuple(parts)


def _target(raw, number: int) -> TargetSlot:
    if not isinstance(raw, dict) or "from" not in raw:
        raise InputError("targets: each target is a mapping with 'from' (and optional where/name/count)")
    unknown = set(raw) - {"name", "from", "where", "count"}
    if unknown:
        raise InputError(f"targets: unknown key {sorted(unknown)[0]!r}")
    count = raw.get("count", 1)
    if _whole(count):
        low, high = count, count
    elif isinstance(count, list) and len(count) == 2 and all(_whole(n) for n in count) and count[0] <= count[1]:
        low, high = count
    else:
        raise InputError(f"targets: count is a number or [min, max] with 0 <= min <= max, not {count!r}")
    return TargetSlot(str(raw.get("name", "t" if number == 0 else f"t{number + 1}")),
                      parsed(raw["from"], "targets from"), parsed(raw.get("where"), "targets where"), low, high)


def _check_steps(steps, what: str) -> tuple:
    for step, op in steps_with_ops(steps, what, EFFECT_OPS):
        body = step[op]
        if op == "if":
            if not isinstance(body, str):
                raise InputError(f"{what}: 'if' takes a condition, with 'then' (and 'else') beside it")
            parsed(body, "if")
            _check_steps(step.get("then", []), "if/then")
            _check_steps(step.get("else", []), "if/else")
        elif op == "pay":
            # "you may pay {2}. If you do, ...": the steps in 'then' run only once it is paid
            from cardjudge.rules.mtg.mana import parse_mana_cost

            if not isinstance(body, str) or not body.strip():
                raise InputError(f"{what}: 'pay' takes a mana cost like \"{{2}}\", with 'then' beside it")
            try:
                parse_mana_cost(body)
            except (InputError, ValueError) as error:
                raise InputError(f"{what}: 'pay': {error}") from None
            _check_steps(step.get("then", []), "pay/then")
        elif op == "remove_counters":
            # "remove all +1/+1 counters ..., and it deals that much damage": 'then' sees the number as x
            if not isinstance(body, dict) or "cards" not in body:
                raise InputError(f"{what}: 'remove_counters' takes {{cards: ..., counter: P1P1, n: 1 or all}}")
            if body.get("n", 1) != "all" and not _whole(body.get("n", 1)):
                raise InputError(f"{what}: remove_counters.n is a number 0 or more or 'all', not {body.get('n')!r}")
            parsed(body["cards"], "remove_counters.cards")
            _check_steps(step.get("then", []), "remove_counters/then")
        elif op == "count_resolution":
            if not isinstance(body, str) or not body.isidentifier():
                raise InputError(f"{what}: 'count_resolution' takes a name for the ability, like 'count_resolution: pilgrim'")
        elif op == "copy_ability":
            if body != "e":
                raise InputError(f"{what}: 'copy_ability' copies the ability that triggered it: write 'copy_ability: e'")
        elif op == "mode":
            if not isinstance(body, dict) or not body:
                raise InputError(f"{what}: mode takes a mapping of mode names to steps")
            for name, branch in body.items():
                _check_steps(branch, f"mode {name}")
        elif op == "delayed":
            if not isinstance(body, dict) or body.get("on") not in EVENTS:
                raise InputError(f"{what}: delayed needs 'on' (one of {', '.join(sorted(EVENTS))}) and 'effect'")
            parsed(body.get("when", "true"), "delayed when")
            _check_steps(body.get("effect", []), "delayed effect")
        elif op == "scry" and body != 1:
            raise InputError(f"{what}: scry takes 1 (scry 1; more cards would also need an order)")
        elif isinstance(body, str):
            for where, text, _kind in step_expressions(op, body):
                parsed(text, where)
        elif isinstance(body, dict):
            for key, value in body.items():
                if key in _AMOUNT_KEYS and isinstance(value, int) and not _whole(value):
                    raise InputError(f"{what}: {op}.{key} must be 0 or more, not {value!r}")
            for where, text, _kind in step_expressions(op, body):
                parsed(text, where)
            if op == "grant":
                _check_keywords(body.get("keywords"), f"{what}: grant")
        elif op in _AMOUNT_STEPS and isinstance(body, int) and not _whole(body):
            raise InputError(f"{what}: {op} must be 0 or more, not {body!r}")
    return tuple(freeze(step) for step in steps)


_AMOUNT_KEYS = {"amount", "n"}  # an amount dealt, gained, lost, drawn: never below 0 (power changes may be)
_AMOUNT_STEPS = {"draw", "damage", "gain_life", "lose_life"}


def _check_keywords(keywords, what: str) -> None:
    """Refuse a list of keywords with one the rules do not know (or ``Equip -1``)."""
    if keywords is None:
        return
    if not isinstance(keywords, list):
        raise InputError(f"{what}: keywords is a list like [Flying]")
    for keyword in keywords:
        problem = keyword_problem(keyword)
        if problem:
            raise InputError(f"{what}: {problem}")


# The fields of the effect steps that hold expressions, as the compiler reads them: a step's text
# is an expression (a number for the steps of an amount: "draw: x") but for the steps whose text
# is mana ("add {G}", "you may pay {2}") or names an ability ("count_resolution: ping"); in a
# step's mapping, these keys hold expressions, each of the type given, but for the words a step
# reads itself (``remove_counters``' ``n: all``); the steps within steps, of if / mode / delayed /
# then, are read as steps of their own.
MANA_TEXT_STEPS = frozenset({"add_mana", "pay"})
NAME_TEXT_STEPS = frozenset({"count_resolution"})
STEP_WORDS = {("remove_counters", "n"): "all"}
EXPRESSION_KEYS = {"cards": "any", "to": "any", "from": "any", "player": "any", "of": "any", "count": "any",
                   "attached_to": "any",
                   "amount": "number", "n": "number", "power": "number", "toughness": "number"}


def step_expressions(op: str, body) -> list[tuple[str, str, str]]:
    """(where, text, type) of each expression in the body of an effect step ``op``: what the
    compiler parses and the type check checks (``mtg.expr_types``)."""
    if isinstance(body, str):
        if op in MANA_TEXT_STEPS or op in NAME_TEXT_STEPS:
            return []
        return [(op, body, "number" if op in _AMOUNT_STEPS else "any")]
    if isinstance(body, dict):
        return [(f"{op}.{key}", value, EXPRESSION_KEYS[key]) for key, value in body.items()
                if key in EXPRESSION_KEYS and isinstance(value, str) and STEP_WORDS.get((op, key)) != value]
    return []


def compile_ability(raw: dict, index: int, fields: dict) -> Ability:
    """Check and compile one ability mapping of a card file."""
    refuse_old_keys(raw, OLD_KEYS)
    kind = ability_kind(raw, ABILITY_KEYS, KINDS, kind_prefix="kind: ")
    mana, tap, untap, parts = _cost(raw.get("cost"))
    timing = raw.get("timing", "any")
    if timing not in TIMINGS:
        raise InputError(f"timing: must be one of {', '.join(sorted(TIMINGS))}")
    if any(part.kind == "loyalty" for part in parts):
        if kind != "activated":
            raise InputError("cost: only an activated ability has a loyalty cost")
        timing = "sorcery"  # a loyalty ability is activated only as a sorcery could be cast (606.3)
    add = str(raw.get("add", ""))
    if kind == "mana" and not (add == "any" or (add and set(add) <= set("WUBRGC"))):
        raise InputError("add: a mana ability adds mana like G, GGG, C or any")
    on = raw.get("on")
    if kind in ("triggered", "linked") and on not in EVENTS:
        raise InputError(f"on: a triggered ability needs 'on', one of {', '.join(sorted(EVENTS))}")
    rule = raw.get("rule") or {}
    if kind in ("static", "linked") and rule:
        if not isinstance(rule, dict):
            raise InputError("rule: a static ability's rule is a mapping")
        for name in rule:
            if name not in STATIC_RULES:
                raise InputError(f"rule: unknown static rule {name!r}")
    if kind == "static" and not rule:
        raise InputError("rule: a static ability needs a 'rule'")
    granted = ()
    if isinstance(rule, dict) and isinstance(rule.get("grant"), dict):
        _check_keywords(rule["grant"].get("keywords"), "rule: grant")
        _refuse_gained_triggers(rule["grant"].get("keywords") or ())
        granted = _granted(rule["grant"].get("abilities"), fields)
    if raw.get("targets") and kind not in ("activated", "spell", "triggered"):
        raise InputError(f"targets: only spells, activated and triggered abilities choose targets, not {kind} abilities")
    if kind == "alternative_cost" and not mana:
        raise InputError("cost: an alternative cost is a mana cost like \"{W}\"")
    zones = raw.get("from", "stack" if kind == "spell" else "hand" if kind == "alternative_cost" else "battlefield")
    if kind == "enters_with":
        rule = _enters_with(raw)
    x_mana = str(raw.get("x_mana", ""))
    if x_mana and (x_mana not in tuple("WUBRGC") or "{X}" not in mana):
        raise InputError("x_mana: one kind of mana (W, U, B, R, G or C), for a cost with {X}")
    modes = _modes(raw, kind)
    return Ability(
        index=index,
        kind=kind,
        mana=mana,
        tap=tap,
        untap=untap,
        costs=parts,
        add=add,
        timing=timing,
        targets=tuple(_target(t, n) for n, t in enumerate(raw.get("targets") or [])),
        effect=_check_steps(raw.get("effect") or [], "effect"),
        on=on,
        when=parsed(raw.get("when"), "when"),
        condition=parsed(raw.get("condition"), "condition"),
        optional=bool(raw.get("optional", False)),
        rule=freeze(rule) if rule else (),
        zones=(zones,) if isinstance(zones, str) else tuple(zones),
        text=str(raw.get("text", "")),
        x_mana=x_mana,
        granted=granted,
        modes=modes,
    )


# Keywords that stand for triggered abilities: a static rule does not grant them, since the
# triggered abilities a permanent listens with are read from its definition and lasting effects
# only (an effect such as Undying Evil's grants them: ``grant`` as an effect step).
GAINED_KEYWORDS = ("Undying",)


def _refuse_gained_triggers(keywords) -> None:
    for keyword in keywords:
        if keyword in GAINED_KEYWORDS:
            raise InputError(f"rule: grant: a static rule granting {keyword} is not modelled (grant it as an effect)")


def _granted(raw, fields: dict) -> tuple:
    """The abilities a static ``grant`` gives ("Equipped creature has '{T}: This creature deals
    1 damage to any target.'"): activated or mana abilities, in which ``self`` is the permanent
    that has them. Each is numbered where the permanent has it (``views.object_abilities``)."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or not raw:
        raise InputError("rule: grant: abilities is a list of ability mappings")
    out = []
    for number, item in enumerate(raw):
        if not isinstance(item, dict):
            raise InputError("rule: grant: abilities is a list of ability mappings")
        ability = compile_ability(item, number, fields)
        if ability.kind not in ("activated", "mana"):
            raise InputError(f"rule: grant: abilities: only activated and mana abilities are granted, not {ability.kind}")
        if not ability.text:
            raise InputError("rule: grant: abilities: each granted ability says its 'text'")
        out.append(ability)
    return tuple(out)


def _modes(raw: dict, kind: str) -> tuple:
    """The modes of a "Choose one —" spell (rule 700.2), each with its own targets and steps."""
    modes = raw.get("modes")
    if modes is None:
        return ()
    if kind != "spell":
        raise InputError("modes: only a spell's ability has modes chosen as it is cast")
    if raw.get("targets") or raw.get("effect"):
        raise InputError("modes: a modal spell's targets and effect go in each mode, not beside 'modes'")
    if not isinstance(modes, dict) or len(modes) < 2:
        raise InputError("modes: a mapping of two or more mode names to {targets, effect}")
    out = []
    for name, body in modes.items():
        if not isinstance(body, dict) or set(body) - {"targets", "effect"} or not body.get("effect"):
            raise InputError(f"modes: mode {name!r} is a mapping with 'effect' (and optional 'targets')")
        out.append(Mode(str(name), tuple(_target(t, n) for n, t in enumerate(body.get("targets") or [])),
                        _check_steps(body["effect"], f"mode {name}")))
    return tuple(out)


def _enters_with(raw: dict) -> dict:
    """The replacement "this enters tapped / with counters" (rule 614.1c), checked."""
    counters = raw.get("counters") or {}
    if not isinstance(counters, dict):
        raise InputError("counters: a mapping of counter kinds to numbers, like {P1P1: x}")
    for value in counters.values():
        if isinstance(value, str):
            parsed(value, "counters")
        elif not isinstance(value, int):
            raise InputError("counters: each number is a number or an expression")
    if not counters and not raw.get("tapped"):
        raise InputError("enters_with: says 'tapped: true' or 'counters'")
    return {"tapped": bool(raw.get("tapped", False)), "counters": counters}


# Undying (rule 702.93a): "When this permanent is put into a graveyard from the battlefield, if it
# had no +1/+1 counters on it, return it to the battlefield under its owner's control with a
# +1/+1 counter on it." The card returned is the one that went to its owner's graveyard (the
# same label: rule 400.7 lets this ability find it there); gone from there, nothing returns.
_UNDYING = dict(
    kind="triggered", on="dies", when=parse("e.card == self"), condition=parse("e.card.p1p1 == 0"),
    effect=(freeze({"return": {"cards": "e.card.owner.graveyard where label == e.card.label", "under": "owner",
                               "counters": {"P1P1": 1}}}),),
    text="Undying", keyword="Undying",
)


def keyword_abilities(fields: dict, start: int) -> tuple:
    """The abilities that keywords stand for (Crew N, Equip N, Undying), numbered from ``start``."""
    out = []
    for keyword in fields.get("keywords") or []:
        if keyword == "Undying":
            out.append(Ability(start + len(out), **_UNDYING))
            continue
        cycling = _CYCLING.fullmatch(str(keyword))
        if cycling:
            # "[Cost], Discard this card: Draw a card." activated from the hand (rule 702.29a)
            mana, _, _ = split_cost(cycling.group("cost"))
            out.append(Ability(start + len(out), "activated", mana=mana, costs=(CostPart("discard", self_only=True),),
                               effect=(freeze({"draw": 1}),), zones=("hand",), text=keyword, keyword="Cycling"))
            continue
        crew, equip = _CREW.fullmatch(str(keyword)), _EQUIP.fullmatch(str(keyword))
        if not (crew or equip):
            continue
        n = int((crew or equip).group("n"))
        if crew:
            out.append(Ability(start + len(out), "activated", costs=(CostPart("crew", amount=n),),
                               effect=(freeze({"become_creature": "self"}),), text=keyword, keyword="Crew"))
        else:
            out.append(Ability(start + len(out), "activated", mana="{%d}" % n, timing="sorcery",
                               targets=(TargetSlot("t", parse("you.creatures"), None),),
                               effect=(freeze({"attach": "t"}),), text=keyword, keyword="Equip"))
    return tuple(out)


def upgrade_ability(raw) -> list[str]:
    """Rewrite an ability written in the older card language in place (an ability's ``if`` into
    ``condition``); the changes made, in words."""
    if isinstance(raw, dict) and "if" in raw and "condition" not in raw:
        rename_key(raw, "if", "condition")
        return ["if -> condition"]
    return []

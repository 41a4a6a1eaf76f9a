"""The Yu-Gi-Oh ability record, compiled once from a card file.

One record per ability, the condition / cost / target / effect split of the card text
("condition : cost ; effect")::

    - kind: trigger            # activate | ignition | quick | trigger | continuous | maintenance
      on: summoned             # the event a trigger (or a "When ..." card) answers
      when: "any(e.cards, atk <= 1400) and e.method in ('normal', 'special')"
      mandatory: true
      requires_on_resolve: "self.face_up and self.on_field"
      effect:
        - destroy: "e.cards where face_up and atk <= 1400"

What the resolution part of a text restates is written in ``effect`` and so is read at
resolution; what it does not restate is only in a target's ``where`` and so is read at
activation (rulings Y5, Y6).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardjudge.errors import InputError
from cardjudge.rules.core.ability_checks import ability_kind, parsed, steps_with_ops
from cardjudge.rules.core.card_language import UPGRADE_HINT, rename_key
from cardjudge.rules.core.cost_parts import PartShape, ReadPart, read_cost
from cardjudge.rules.core.frozen import freeze as _freeze  # also imported from here by ygo.effects
from cardjudge.rules.core.frozen import thaw
from cardjudge.rules.ygo.facts import ALL_EVENTS

KINDS = {"activate", "ignition", "quick", "trigger", "continuous", "maintenance", "procedure"}
LIMITS = {"once_per_turn", "hard_once_per_turn", "once_per_duel", "oath_once_per_turn"}
# the cost parts and what each body holds (cards paid from "from", by default the hand)
COST_PARTS = {
    "pay_lp": PartShape("amount", words=("half",)),
    "detach": PartShape("positive", hint="detach takes the number of materials to detach, like {detach: 1}"),
    "discard": PartShape("selection", default_from="you.hand", count_range=True),
    "send_to_gy": PartShape("selection", default_from="you.hand", count_range=True),
    "tribute": PartShape("selection", default_from="you.monsters", count_range=True),
    "banish": PartShape("selection", default_from="you.hand", count_range=True),
    "reveal": PartShape("selection", default_from="you.hand", count_range=True),
}
COST_KINDS = set(COST_PARTS)
EFFECT_OPS = {
    "destroy", "send_to_gy", "banish", "to_hand", "to_deck_top", "draw", "special_summon",
    "choose", "modify", "negate_effects", "at_end_phase", "change_position", "negate_summon",
    "negate_activation", "if", "equip", "copy_effect", "add_counters", "immune_to_spells_traps",
    "flip_face_up", "lasting_rule", "negate_attack", "damage", "gain_lp", "fusion_summon", "create_tokens", "negate_effect",
}
CONTINUOUS_RULES = {
    "modify", "cannot_attack", "cannot_tribute_summon", "redirect_gy_to_banish", "negate_effects",
    "attack_cost", "play_cost", "negate_spell_effects",
    "cannot_be_synchro_material", "cannot_be_xyz_material", "cannot_be_fusion_material", "cannot_attack_directly",
    "banished_instead",
}
DEFAULT_ZONES = {
    "activate": ("hand", "spells_traps", "field_spell"),
    "ignition": ("monsters",),
    "quick": ("monsters",),
    "trigger": ("monsters",),
    "continuous": ("monsters", "spells_traps", "field_spell"),
    "maintenance": ("spells_traps",),
    "procedure": ("hand",),  # "you can Special Summon this card (from your hand)": no chain, no activation
}
ABILITY_KEYS = {
    "kind", "from", "on", "when", "timing", "mandatory", "condition", "requires_on_resolve",
    "limit", "limit_key", "damage_step", "cost", "targets", "effect", "applies_to", "rule",
    "speed", "pay_lp", "otherwise", "summons", "text", "remains", "declare",
}


@dataclass(frozen=True)
class TargetSlot:
    name: str
    source: object  # expression tree: the candidates
    where: object | None
    min: int
    max: int


@dataclass(frozen=True)
class CostSpec:
    kind: str
    self_only: bool = False
    source: object | None = None  # expression tree of candidates
    where: object | None = None
    count: int = 1
    amount: object | None = None  # pay_lp: expression tree or "half"


@dataclass(frozen=True)
class Ability:
    """A compiled ability. Expressions are parsed trees; effect steps stay data."""

    index: int
    kind: str
    zones: tuple
    on: str | None = None
    when: object | None = None
    timing: str = "when"
    mandatory: bool = False
    condition: object | None = None
    requires_on_resolve: object | None = None
    limit: str | None = None
    limit_key: str | None = None
    damage_step: bool = False
    costs: tuple = ()
    targets: tuple = ()
    effect: tuple = ()
    applies_to: object | None = None
    rule: tuple = ()  # continuous: sorted (rule, value) pairs
    speed: int | None = None
    pay_lp: object | None = None  # maintenance
    summons: bool = False  # the effect Special Summons (what Solemn Warning answers)
    text: str = ""
    declare: tuple = ()  # (name, (values ...)): a value declared at activation, each its own action
    deck_effects: frozenset = frozenset()  # "search", "summon_from_deck", "send_from_deck" (see _deck_effects)
    fusion: object | None = None  # the materials a fusion_summon step may use (expression tree), if it has one
    remains: bool = False  # a Normal Spell that stays on the field after resolving (Swords of Revealing Light)
    remains_turns: int = 0  # ... then is destroyed in the End Phase of the Nth turn of remains_of (0: stays)
    remains_of: str = "opponent"  # whose turns are counted: "you" (its controller) or "opponent"


def _count(value, what: str) -> tuple[int, int]:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value, value
    if (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                           for v in value) and 0 <= value[0] <= value[1]):
        return value[0], value[1]
    raise InputError(f"{what}: count must be a number 0 or more or [min, max] with 0 <= min <= max, not {value!r}")


def _not_negative(value, what: str):
    """``value`` (a number or an expression), refused when it is a number below 0: an amount
    paid, dealt, gained or drawn is never negative."""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        raise InputError(f"{what}: must be 0 or more, not {value}")
    return value


def _cost(part: ReadPart) -> CostSpec:
    return CostSpec(part.kind, self_only=part.self_only, source=part.source, where=part.where,
                    count=part.count, amount=part.amount)


def _remains(raw) -> dict:
    """``remains: true`` (stays on the field after resolving) or ``remains: {turns: N, of: WHO}``
    (stays, and is destroyed in the End Phase of WHO's Nth turn): the Ability fields it sets."""
    if isinstance(raw, dict):
        unknown = set(raw) - {"turns", "of"}
        turns, of = raw.get("turns"), raw.get("of", "opponent")
        if unknown or not isinstance(turns, int) or isinstance(turns, bool) or turns < 1 or of not in ("you", "opponent"):
            raise InputError(f"remains: true, or {{turns: N (1 or more), of: you|opponent}}, not {raw!r}")
        return {"remains": True, "remains_turns": turns, "remains_of": of}
    return {"remains": bool(raw)}


def _target(raw, number: int) -> TargetSlot:
    if not isinstance(raw, dict):
        raise InputError("each target is a mapping with from/where/count")
    unknown = set(raw) - {"name", "from", "where", "count"}
    if unknown:
        raise InputError(f"target: unknown key {sorted(unknown)[0]!r}")
    if "from" not in raw:
        raise InputError("target needs 'from' (the candidates)")
    low, high = _count(raw.get("count", 1), "target")
    return TargetSlot(
        name=str(raw.get("name", "t" if number == 0 else f"t{number + 1}")),
        source=parsed(raw["from"], "target from"),
        where=parsed(raw.get("where"), "target where"),
        min=low,
        max=high,
    )


def _check_steps(steps, what: str) -> tuple:
    for step, op in steps_with_ops(steps, what, EFFECT_OPS):
        if op == "add_counters" and isinstance(step[op], dict) and "name" in step[op]:
            raise InputError(f"{what}: add_counters 'name' is the old name; write 'counter' ({UPGRADE_HINT})")
        _parse_step_expressions(step, what)
        if op == "if":
            _check_steps(step.get("then", []), "if/then")
            _check_steps(step.get("else", []), "if/else")
    return tuple(_freeze(step) for step in steps)


# Step keys that hold expressions, parsed now so that a malformed one is refused at load.
_EXPRESSION_KEYS = {"cards", "from", "n", "player", "set_atk", "base_atk", "atk", "def", "level", "if", "amount",
                    "materials"}


# Step keys that hold an amount or a number of cards: never below 0 (ATK/DEF changes may be)
_AMOUNT_KEYS = {"n", "amount", "count"}
_AMOUNT_STEPS = {"draw", "damage", "gain_lp"}  # steps whose bare value is an amount


def _parse_step_expressions(step: dict, what: str = "effect") -> None:
    (op, body), *rest = step.items()
    if op in _AMOUNT_STEPS:
        _not_negative(body, f"{what}: {op}")
    if isinstance(body, str) and op not in ("negate_summon", "negate_activation"):
        parsed(body, op)
    if isinstance(body, dict):
        for key, value in body.items():
            if key in _AMOUNT_KEYS:
                _not_negative(value, f"{what}: {op}.{key}")
            if key in _EXPRESSION_KEYS and isinstance(value, str):
                parsed(value, f"{op}.{key}")
    for key, value in rest:
        if key in _EXPRESSION_KEYS and isinstance(value, str):
            parsed(value, f"{op}.{key}")


def _effect_summons(steps) -> bool:
    for step in (thaw(s) for s in steps):
        op, body = next(iter(step.items()))
        if op in ("special_summon", "fusion_summon", "create_tokens"):
            return True
        if op == "if" and _effect_summons([_freeze(s) for s in step.get("then", [])]):
            return True
    return False


def compile_ability(raw: dict, index: int, fields: dict) -> Ability:
    """Check and compile one ability mapping of a card file."""
    kind = ability_kind(raw, ABILITY_KEYS, KINDS)
    limit = raw.get("limit")
    if limit is not None and limit not in LIMITS:
        raise InputError(f"unknown limit {limit!r} (known: {', '.join(sorted(LIMITS))})")
    zones = raw.get("from")
    if zones is None:
        zones = DEFAULT_ZONES[kind]
        if kind == "activate" and fields.get("kind") == "trap":
            zones = ("spells_traps",)
    elif isinstance(zones, str):
        zones = (zones,)
    rule = raw.get("rule") or {}
    if kind == "continuous":
        if not isinstance(rule, dict) or not rule:
            raise InputError("a continuous ability needs a 'rule' mapping")
        for name in rule:
            if name not in CONTINUOUS_RULES:
                raise InputError(f"unknown continuous rule {name!r}")
    costs = tuple(_cost(part) for part in read_cost(raw.get("cost"), COST_PARTS, lone=False))
    targets = tuple(_target(t, n) for n, t in enumerate(raw.get("targets") or []))
    effect = _check_steps(raw.get("effect") or [], "effect")
    timing = raw.get("timing", "when")
    if timing not in ("when", "if"):
        raise InputError("timing must be 'when' or 'if'")
    on = raw.get("on")
    if on is not None and on not in ALL_EVENTS:
        raise InputError(f"on: unknown event {on!r} (known: {', '.join(sorted(ALL_EVENTS))})")
    return Ability(
        index=index,
        kind=kind,
        zones=tuple(zones),
        on=raw.get("on"),
        when=parsed(raw.get("when"), "when"),
        timing=timing,
        mandatory=bool(raw.get("mandatory", False)),
        condition=parsed(raw.get("condition"), "condition"),
        requires_on_resolve=parsed(raw.get("requires_on_resolve"), "requires_on_resolve"),
        limit=limit,
        limit_key=raw.get("limit_key"),
        damage_step=bool(raw.get("damage_step", False)),
        costs=costs,
        targets=targets,
        effect=effect,
        applies_to=parsed(raw.get("applies_to"), "applies_to"),
        rule=tuple(sorted((k, _rule_value(k, v)) for k, v in rule.items())) if isinstance(rule, dict) else (),
        speed=raw.get("speed"),
        pay_lp=parsed(_not_negative(raw.get("pay_lp"), "pay_lp"), "pay_lp"),
        summons=bool(raw.get("summons", False)) or _effect_summons(effect),
        text=str(raw.get("text", "")),
        **_remains(raw.get("remains", False)),
        fusion=_fusion_materials(effect),
        deck_effects=_deck_effects(effect),
        declare=_declare(raw.get("declare")),
    )


def _declare(raw) -> tuple:
    """``declare: {name: lv, from: 1, to: 8}`` ("declare a Level from 1 to 8") as (name, values)."""
    if raw is None:
        return ()
    if (not isinstance(raw, dict) or set(raw) != {"name", "from", "to"} or not isinstance(raw["name"], str)
            or not all(isinstance(raw[k], int) and not isinstance(raw[k], bool) for k in ("from", "to"))
            or raw["from"] > raw["to"]):
        raise InputError("declare: takes name, from and to (numbers, from <= to)")
    return (raw["name"], tuple(range(raw["from"], raw["to"] + 1)))


_DECK_EFFECT_OF = {"to_hand": "search", "special_summon": "summon_from_deck", "send_to_gy": "send_from_deck"}


def _deck_effects(steps) -> frozenset:
    """What an effect does with cards of the Deck: a step that adds to the hand, Special
    Summons or sends to the GY cards read from a Deck (directly, or through a ``choose`` from
    one), wherever it is in the effect (an ``if`` branch included)."""
    found, from_deck = set(), set()

    def mentions_deck(expression) -> bool:
        return isinstance(expression, str) and ".deck" in expression

    def walk(plain_steps):
        for step in plain_steps:
            op, body = next(iter(step.items()))
            if op == "choose" and isinstance(body, dict) and mentions_deck(body.get("from")):
                from_deck.add(body.get("name"))
            elif op in _DECK_EFFECT_OF:
                cards = body if isinstance(body, str) else body.get("cards") if isinstance(body, dict) else None
                if mentions_deck(cards) or (isinstance(cards, str) and cards.split(" ")[0] in from_deck):
                    found.add(_DECK_EFFECT_OF[op])
            elif op == "if":
                walk(step.get("then", []))
                walk(step.get("else", []))

    walk([thaw(s) for s in steps])
    return frozenset(found)


DEFAULT_FUSION_MATERIALS = "you.hand + (you.monsters where face_up)"  # "from your hand or field"


def _fusion_materials(steps):
    """The materials expression of the effect's fusion_summon step (None: it has none)."""
    for step in (thaw(s) for s in steps):
        op, body = next(iter(step.items()))
        if op == "fusion_summon":
            spec = body if isinstance(body, dict) else {}
            return parsed(spec.get("materials", DEFAULT_FUSION_MATERIALS), "fusion_summon")
    return None


_MOVE_REASONS = {"battle", "effect", "cost", "rule"}
_MOVE_ZONES = {"hand", "deck", "monsters", "spells_traps", "field_spell", "extra_deck"}


def _rule_value(name: str, value):
    if name == "banished_instead":
        # the card's own replacement: [{reason: battle, from: [monsters]}, ...] ("if this card
        # would be sent to the GY ..., banish it instead"), read wherever the card is
        if not isinstance(value, list) or not value or not all(isinstance(c, dict) for c in value):
            raise InputError("rule banished_instead takes a list like [{reason: battle, from: [monsters]}]")
        clauses = []
        for clause in value:
            reasons = clause.get("reason", [])
            zones = clause.get("from", [])
            reasons = [reasons] if isinstance(reasons, str) else reasons
            zones = [zones] if isinstance(zones, str) else zones
            if set(clause) - {"reason", "from"} or not reasons or not zones \
                    or not set(reasons) <= _MOVE_REASONS or not set(zones) <= _MOVE_ZONES:
                raise InputError(f"rule banished_instead: each clause names a 'reason' ({', '.join(sorted(_MOVE_REASONS))}) "
                                 f"and the zones it is sent 'from' ({', '.join(sorted(_MOVE_ZONES))})")
            clauses.append((tuple(sorted(reasons)), tuple(sorted(zones))))
        return tuple(clauses)
    if name == "modify":
        if not isinstance(value, dict):
            raise InputError("rule modify takes a mapping like {race: Zombie} or {atk: 200}")
        # an ATK/DEF change may be an expression, read whenever the card's ATK is (Helios's
        # "equal to the number of banished monsters x 100")
        return tuple(sorted((key, parsed(change, f"rule modify {key}") if key in ("atk", "def") and isinstance(change, str)
                             else change) for key, change in value.items()))
    if isinstance(value, str) and name in ("cannot_attack", "cannot_tribute_summon", "redirect_gy_to_banish", "negate_effects",
                                           "cannot_be_synchro_material", "cannot_be_xyz_material",
                                           "cannot_be_fusion_material", "cannot_attack_directly"):
        return parsed(value, f"rule {name}")
    return value


def upgrade_ability(raw) -> list[str]:
    """Rewrite an ability written in the older card language in place (``add_counters: {name:}``
    into ``{counter:}``, in every step however nested); the changes made, in words."""
    changes: list[str] = []

    def walk(node) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            body = node.get("add_counters")
            if isinstance(body, dict) and "name" in body and "counter" not in body:
                rename_key(body, "name", "counter")
                changes.append("add_counters: {name:} -> {counter:}")
            for value in node.values():
                walk(value)

    walk(raw)
    return changes

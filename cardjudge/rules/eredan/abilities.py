"""The Eredan ability record, compiled once from a card file, and a card's printed rules.

Each ability is one part of the card's text, of a ``kind``: ``activation`` (what the card does
when it resolves), ``trigger`` (a part that fires ``on`` a moment) or ``static``::

    - kind: trigger
      on: fight_end            # fight_start, fight_end, turn_start, turn_end, leave, holder_dies,
      repeat: once             #   holder_plays; timed parts say once|every
      whose: holder            # fight_*: only in the fights of the card's holder ("ses combats")
      on_turn: 3               # turn_*: only in the card's Nth turn ("à la fin du 3ème tour")
      condition: "opponent.alive"   # checked when the part fires
      effect:
        - lose_hp: {to: holder, amount: 1}

    - kind: static              # a change of characteristics while the card is attached
      during: activation_turn   # "le tour où cette carte est jouée"
      modify: {attack: -3, esprit: -2}

(Older files wrote ``when: MOMENT`` for the kind and the moment, ``if`` for ``condition`` and
``do`` for ``effect``; they are refused with the new key, and ``cardjudge upgrade-cards``
rewrites them.)

Effects: ``damage`` (``kind`` physical, magic or direct), ``lose_hp``, ``heal`` (their ``amount``
an expression, or ``[low, high]`` for a random "low à high": a chance event), ``modify``
(``until`` combat, turn or game), ``discard_self``, ``discard_attached``, ``fetch_attach``,
``counter_next``, ``move_random``, ``items_now``. Who an effect applies to (``to``):
``caster`` (the character who played the card), ``holder``, ``opponent`` (the fighter facing
the card's side in the current fight), ``target`` (the character chosen when playing),
``each_opponent`` (every living character of the other player), ``chosen_opponent`` (one
living character of the other player, chosen by the card's player when the part fires).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardjudge.errors import InputError
from cardjudge.rules.core.ability_checks import ability_kind
from cardjudge.rules.core.card_language import refuse_old_keys, rename_key, replace_key
from cardjudge.rules.core.expr import parse
from cardjudge.rules.core.lasting import REPEATS

MOMENTS = ("activation", "static", "fight_start", "fight_end", "turn_start", "turn_end", "leave",
           "holder_dies", "holder_plays")
TIMED = ("fight_start", "fight_end", "turn_start", "turn_end")
KINDS = {"activation", "trigger", "static"}
TRIGGER_MOMENTS = tuple(m for m in MOMENTS if m not in KINDS)
ABILITY_KEYS = {"kind", "on", "repeat", "whose", "on_turn", "during", "condition", "effect", "modify", "text"}
OLD_KEYS = {"do": "'effect'", "if": "'condition'",
            "when": "'kind' (activation, static, or trigger with 'on: MOMENT')"}
TARGETS = ("caster", "holder", "opponent", "target", "each_opponent", "chosen_opponent")
DAMAGE_KINDS = ("physical", "magic", "direct")
STATS = ("attack", "attack_min", "attack_max", "defense", "esprit")
UNTILS = ("combat", "turn", "game")
EFFECT_KEYS = {
    "damage": {"to", "amount", "kind", "element"},
    "lose_hp": {"to", "amount"},
    "heal": {"to", "amount"},
    "modify": {"to", "until", "halve_attack", *STATS},
    "discard_self": set(),
    "discard_attached": {"from", "names", "damage_each", "kind", "max"},
    "fetch_attach": {"name", "to"},
    "counter_next": {"type"},
    "move_random": set(),
    "items_now": {"subtypes"},
}


@dataclass(frozen=True)
class Effect:
    """One effect of a part: its operation, to whom, how much, and its other parameters."""

    op: str
    to: str | None = None
    amount: object = None  # expression tree
    kind: str | None = None
    params: tuple = ()  # sorted (key, value) pairs

    def param(self, key: str, default=None):
        for name, value in self.params:
            if name == key:
                return value
        return default


@dataclass(frozen=True)
class Ability:
    """One part of a card's text."""

    index: int
    when: str
    repeat: str = "every"
    whose: str = "any"
    on_turn: int | None = None
    during: str | None = None
    condition: object = None  # expression tree
    effects: tuple = ()
    modify: tuple = ()  # static: sorted (stat, delta) pairs
    text: str = ""


def _expr(value, field: str):
    try:
        return parse(value)
    except InputError as error:
        raise InputError(f"{field}: {error.message}") from None


def _modify_pairs(raw, field: str) -> tuple:
    if not isinstance(raw, dict) or not raw:
        raise InputError(f"{field}: expected a mapping of changes like {{attack: 2}}")
    pairs = []
    for key, value in raw.items():
        if key in STATS:
            if not isinstance(value, int) or isinstance(value, bool):
                raise InputError(f"{field}: {key!r} must be a number")
            pairs.append((key, value))
        elif key == "halve_attack":
            if value is not True:
                raise InputError(f"{field}: 'halve_attack' must be true")
            pairs.append((key, 1))
        elif key not in ("to", "until"):
            raise InputError(f"{field}: unknown change {key!r} (expected {', '.join(STATS)} or halve_attack)")
    return tuple(sorted(pairs))


def _effect(raw) -> Effect:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise InputError("effect: each effect is a mapping with one operation, like {damage: {...}}")
    (op, body), = raw.items()
    if op not in EFFECT_KEYS:
        raise InputError(f"effect: unknown effect {op!r} (expected one of {', '.join(EFFECT_KEYS)})")
    if op in ("discard_self", "move_random"):
        return Effect(op)
    if op == "counter_next":
        if body not in ("sort", "theurgie", "action", "objet"):
            raise InputError("effect: counter_next names a card type (sort, theurgie, action, objet)")
        return Effect(op, kind=body)
    if op == "items_now":
        if not isinstance(body, list) or not all(isinstance(x, str) for x in body):
            raise InputError("effect: items_now lists subtypes, like [Armure, Arme à une main]")
        return Effect(op, params=(("subtypes", tuple(body)),))
    if not isinstance(body, dict):
        raise InputError(f"effect: {op} takes a mapping of parameters")
    for key in body:
        if key not in EFFECT_KEYS[op]:
            raise InputError(f"effect: {op}: unknown parameter {key!r}")
    to = body.get("to", body.get("from"))
    if op != "fetch_attach" and to not in TARGETS:
        raise InputError(f"effect: {op}: 'to' must be one of {', '.join(TARGETS)}")
    if op in ("damage", "lose_hp", "heal"):
        if "amount" not in body:
            raise InputError(f"effect: {op} needs an 'amount'")
        kind = body.get("kind", "direct") if op == "damage" else None
        if op == "damage" and kind not in DAMAGE_KINDS:
            raise InputError(f"effect: damage 'kind' must be one of {', '.join(DAMAGE_KINDS)}")
        params = (("element", body["element"]),) if body.get("element") else ()
        amount = body["amount"]
        if isinstance(amount, list):  # "1 à 3": a chance event, each value equally likely
            if (len(amount) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in amount)
                    or not 0 <= amount[0] <= amount[1]):
                raise InputError(f"effect: {op} 'amount' range must be [low, high] with 0 <= low <= high")
            return Effect(op, to, None, kind, params + (("range", tuple(amount)),))
        if isinstance(amount, int) and not isinstance(amount, bool) and amount < 0:
            raise InputError(f"effect: {op} 'amount' must be 0 or more, not {amount}")
        return Effect(op, to, _expr(amount, "effect"), kind, params)
    if op == "modify":
        until = body.get("until", "combat")
        if until not in UNTILS:
            raise InputError(f"effect: modify 'until' must be one of {', '.join(UNTILS)}")
        changes = {k: v for k, v in body.items() if k not in ("to", "until")}
        amounts = []
        for key, value in changes.items():
            if key == "halve_attack":
                if value is not True:
                    raise InputError("effect: modify 'halve_attack' must be true")
                amounts.append((key, True))
            else:
                amounts.append((key, _expr(value, "effect")))
        if not amounts:
            raise InputError("effect: modify needs at least one change")
        return Effect(op, to, None, until, tuple(sorted(amounts, key=lambda kv: kv[0])))
    if op == "discard_attached":
        names = body.get("names")
        if not isinstance(names, list) or not names:
            raise InputError("effect: discard_attached needs 'names', a list of card names")
        each = body.get("damage_each", 0)
        for key, value in (("damage_each", each), ("max", body.get("max", 0))):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
                raise InputError(f"do: discard_attached {key!r} must be a number 0 or more, not {value!r}")
        kind = body.get("kind", "direct")
        if kind not in DAMAGE_KINDS:
            raise InputError(f"effect: discard_attached 'kind' must be one of {', '.join(DAMAGE_KINDS)}")
        params = (("cap", body.get("max")), ("each", each), ("names", tuple(names)))
        return Effect(op, to, None, kind, params)
    # fetch_attach
    if not isinstance(body.get("name"), str) or body.get("to") not in TARGETS:
        raise InputError("effect: fetch_attach needs a card 'name' and 'to'")
    return Effect(op, body["to"], None, None, (("name", body["name"]),))


def compile_ability(raw, index: int, fields: dict) -> Ability:
    """One ability record from its card-file form; InputError names the field at fault."""
    refuse_old_keys(raw, OLD_KEYS)
    if isinstance(raw, dict):
        for key in raw:
            if key not in ABILITY_KEYS:
                raise InputError(f"{key}: unknown ability field (expected {', '.join(sorted(ABILITY_KEYS))})")
    kind = ability_kind(raw, ABILITY_KEYS, KINDS, kind_prefix="kind: ")
    if kind == "trigger":
        when = raw.get("on")
        if when not in TRIGGER_MOMENTS:
            raise InputError(f"on: a trigger fires on one of {', '.join(TRIGGER_MOMENTS)}, not {when!r}")
    elif "on" in raw:
        raise InputError(f"on: only a trigger fires on a moment; an {kind} part has no 'on'")
    else:
        when = kind
    repeat = raw.get("repeat")
    if when in TIMED:
        if repeat not in REPEATS:
            raise InputError("repeat: a timed part says 'once' or 'every'")
    elif repeat is not None:
        raise InputError(f"repeat: only timed parts ({', '.join(TIMED)}) say once or every")
    whose = raw.get("whose", "any")
    if whose not in ("any", "holder"):
        raise InputError("whose: expected any or holder")
    on_turn = raw.get("on_turn")
    if on_turn is not None and (not isinstance(on_turn, int) or isinstance(on_turn, bool) or on_turn < 1):
        raise InputError("on_turn: expected a turn number from 1")
    during = raw.get("during")
    if during not in (None, "activation_turn"):
        raise InputError("during: expected activation_turn")
    condition = _expr(raw["condition"], "condition") if "condition" in raw else None
    if when == "static":
        if "effect" in raw:
            raise InputError("effect: a static part has 'modify', not 'effect'")
        return Ability(index, when, "every", whose, on_turn, during, condition, (),
                       _modify_pairs(raw.get("modify"), "modify"), str(raw.get("text") or ""))
    if "modify" in raw:
        raise InputError("modify: only a static part has 'modify'; use a modify effect in 'effect'")
    effects = raw.get("effect")
    if not isinstance(effects, list) or not effects:
        raise InputError("effect: expected a list of effects")
    return Ability(index, when, repeat or "every", whose, on_turn, during, condition,
                   tuple(_effect(e) for e in effects), (), str(raw.get("text") or ""))


def upgrade_ability(raw) -> list[str]:
    """Rewrite an ability written in the older card language in place (``when: MOMENT`` into
    ``kind`` and ``on``, ``if`` into ``condition``, ``do`` into ``effect``); the changes made, in words."""
    changes: list[str] = []
    if not isinstance(raw, dict):
        return changes
    if "when" in raw and "kind" not in raw:
        moment = raw["when"]
        if moment in KINDS:
            rename_key(raw, "when", "kind")
            changes.append(f"when: {moment} -> kind: {moment}")
        else:
            replace_key(raw, "when", (("kind", "trigger"), ("on", moment)))
            changes.append(f"when: {moment} -> kind: trigger, on: {moment}")
    for old, new in (("if", "condition"), ("do", "effect")):
        if old in raw and new not in raw:
            rename_key(raw, old, new)
            changes.append(f"{old} -> {new}")
    return changes

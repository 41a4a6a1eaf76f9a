"""What a Magic target slot may name now, the distinct choices of targets for a spell, an ability
or a triggered ability being put on the stack, and who must order triggered abilities (their
targets decide whether an order matters)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass

from cardjudge.rules.core.choices import Slot
from cardjudge.rules.core.expr import Name, evaluate, source_of
from cardjudge.rules.core.identity_memo import IdentityMemo
from cardjudge.rules.core.derived import memo_table
from cardjudge.rules.mtg.shapes import solve_picks
from cardjudge.rules.mtg.triggers import apnap_rank, trigger_class
from cardjudge.rules.mtg.views import CardView, PlayerView, chars, class_key, env_for, position_rank, static_rule_names
from cardjudge.rules.mtg.keywords import implements

# the keywords of targeting this module implements (rules 702.11, 702.18)
implements(__name__, "Hexproof", "Shroud")


def target_candidates(s, spec, source: int | None, controller: str, x: int = 0, why: list | None = None) -> list:
    """The objects and players a target slot may name now (Shroud and Hexproof respected).

    With ``why`` (a list), each candidate refused is added to it as (its name and label, the
    reason, the rule)."""
    env = env_for(s, source, controller, extra={"x": x})
    value = evaluate(spec.source, env)
    items = value if isinstance(value, list) else [value] if value is not None else []
    out = []
    for item in items:
        if spec.where is not None and not evaluate(spec.where, env.with_subject(item)):
            if why is not None and isinstance(item, CardView) and item.oid in s.objects:
                why.append((described(s, item.oid), f"is not {source_of(spec.where)[0] or 'what it targets'}", None))
            continue
        if isinstance(item, CardView):
            if item.oid not in s.objects:
                continue
            if s.objects[item.oid].zone == "battlefield":
                keywords = chars(s, item.oid).keywords
                if "Shroud" in keywords:
                    if why is not None:
                        why.append((described(s, item.oid), "has shroud", "702.18a"))
                    continue
                if "Hexproof" in keywords and s.objects[item.oid].controller != controller:
                    if why is not None:
                        why.append((described(s, item.oid), "has hexproof and is an opponent's", "702.11b"))
                    continue
            out.append(item.oid)
        elif isinstance(item, PlayerView):
            if item.name != controller and item.name in static_rule_names(s, "hexproof"):
                continue  # "you have hexproof" (702.11b): not a target of the opponents' spells and abilities
            out.append(item.name)
    return out


def described(s, oid: int) -> str:
    """A card as a judge names it: "Grizzly Bears [GB]"."""
    return f"{chars(s, oid).name} [{s.objects[oid].label}]"


def target_choices(s, specs, source, controller, x) -> list[tuple]:
    """The distinct choices of targets for target slots (interchangeable objects merged)."""
    return _target_choices(s, specs, source, controller, x)


def _target_choices(s, specs, source, controller, x) -> list[tuple]:
    if not specs:
        return [()]
    if not _mention_self(specs):
        source = None  # the same choices whatever the source (Cloudshift, an Equip: "creature you control")
    key = (specs, source, controller, x)
    record = s.derived()
    table = record.targets or memo_table(record, "targets")
    if key not in table:
        table[key] = _solve_targets(s, specs, source, controller, x)
    return table[key]


_self_mentions = IdentityMemo()  # target specs -> whether an expression of theirs names self


def _mention_self(specs) -> bool:
    """Whether the target specs' expressions name ``self`` (the only way they can see their source)."""
    return _self_mentions.get(specs, lambda specs: any(_names_self(spec.source) or _names_self(spec.where)
                                                       for spec in specs))


def _names_self(tree) -> bool:
    if isinstance(tree, Name):
        return tree.name == "self"
    if isinstance(tree, (list, tuple)):
        return any(_names_self(item) for item in tree)
    if is_dataclass(tree) and not isinstance(tree, type):
        return any(_names_self(getattr(tree, field.name)) for field in fields(tree))
    return False


def _solve_targets(s, specs, source, controller, x) -> list[tuple]:
    slots, class_of = [], {}
    for spec in specs:
        candidates = tuple(target_candidates(s, spec, source, controller, x))
        for ref in candidates:
            class_of[ref] = ref if isinstance(ref, str) else class_key(s, ref)
        slots.append(Slot(spec.name, candidates, spec.min, spec.max))
    names = [spec.name for spec in specs]
    return [tuple(zip(names, picks)) for picks in solve_picks(slots, class_of, position_rank(s))]


def trigger_targets(s, item) -> list[tuple]:
    """The distinct choices of targets for a triggered ability being put on the stack (603.3d)."""
    if not item.target_specs:
        return [()]
    source = item.source if item.source in s.objects else None
    return target_choices(s, item.target_specs, source, item.controller, item.x)


def orderer(s):
    """The player who must order their triggered abilities now, with the ones they may put first."""
    by_player: dict = {}
    for item in s.pending:
        by_player.setdefault(item.controller, []).append(item)
    for player in sorted(by_player, key=lambda p: apnap_rank(s, p)):
        mine = by_player[player]
        classes = {}
        for item in mine:
            classes.setdefault(trigger_class(s, item), item)
        if len(classes) > 1 or any(len(trigger_targets(s, item)) > 1 for item in classes.values()):
            return player, list(classes.values())
        return None, []
    return None, []

"""Magic's record of a state's derived values (``Rules.derived``; see ``core.derived``).

Each field is owned by one function, which fills it on first use (None until then); tables are
made on first use too. ``views`` holds the characteristics and static abilities, ``legal`` the
listing's costs and payments, ``targets`` the target choices.
"""

from __future__ import annotations

from cardjudge.rules.core.derived import Derived, derived_record


@derived_record
class MtgDerived(Derived):
    """What a Magic state works out once (``listing`` is the tuple of ``legal_actions``).

    Characteristics and abilities (``views``):

    - ``card_defs``: oid -> the definition the object has now, lasting copies included;
    - ``chars``: oid -> the object's characteristics now (``views.Chars``);
    - ``statics``: (obj, ability) of every static ability in play whose condition holds, filled
      while it is worked out (a condition reading characteristics sees it so far);
    - ``grants``: oid -> (keywords, power delta, toughness delta) granted by static abilities;
    - ``static_rules``: rule name -> the oids and player names the static abilities of that rule
      apply to;
    - ``not_creatures``: the permanents a static ability says are not creatures;
    - ``class_keys``: oid -> what makes two objects interchangeable (G1);
    - ``position_rank``: oid -> its place in the position as ``to_dict`` writes it;
    - ``gained``: oid -> the abilities it has gained on the battlefield (keywords' and granted);
    - ``granted``: oid -> the abilities static abilities grant it (``grant: {to, abilities}``).

    The listing (``legal``, ``targets``):

    - ``labels``: the oid -> label table of the state's objects (``legal._LabelTable``);
    - ``cost_slots``: (player, source, id of the parts, excluded oids) -> (the parts, the choices
      the non-mana cost parts ask for, or None);
    - ``mana_sources``: player -> the mana sources that can pay a cost now;
    - ``mana_effects``: (oid, ability index) -> what that mana ability does besides adding mana,
      as an action's text says it ("Shivan Reef: add {R}, 1 damage to you"), "" for nothing;
    - ``max_x``: (player, cost text, used sources) -> the largest X payable;
    - ``payments``: (player, cost text, used sources, X) -> every payment of the cost;
    - ``targets``: (target specs, source, controller, X) -> the distinct choices of targets.
    """

    card_defs: dict | None = None
    chars: dict | None = None
    statics: list | None = None
    grants: dict | None = None
    static_rules: dict | None = None
    not_creatures: frozenset | None = None
    class_keys: dict | None = None
    position_rank: dict | None = None
    gained: dict | None = None
    granted: dict | None = None
    labels: object = None
    cost_slots: dict | None = None
    mana_sources: dict | None = None
    mana_effects: dict | None = None
    max_x: dict | None = None
    payments: dict | None = None
    targets: dict | None = None


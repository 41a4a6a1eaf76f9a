"""The card language's renamed keys, shared by every game: the error an old-style key gets, and
the in-place renaming that ``cardjudge upgrade-cards`` does with it.

One idea has one key in every game: ``effect`` (the steps that run), ``condition`` (whether the
ability may be used or fires now), ``if`` (a step that runs only when its test holds), ``when``
(the filter on the event an ability listens ``on``), ``add_counters: {counter: NAME}``. A game
whose older files said it otherwise lists its renames (``RULES.upgrade_ability``) and refuses the
old keys with :func:`old_key`.
"""

from __future__ import annotations

from typing import NoReturn

from cardjudge.errors import InputError

UPGRADE_HINT = "`cardjudge upgrade-cards FILE...` rewrites old card files"


def old_key(key: str, new: str) -> NoReturn:
    """Refuse the old-style key ``key``: the message starts with it (the loader points at its
    line), names the new key and the command that rewrites old files."""
    raise InputError(f"{key}: {key!r} is the old name; write {new} ({UPGRADE_HINT})")


def refuse_old_keys(raw, renames: dict) -> None:
    """Refuse the first key of the mapping ``raw`` that ``renames`` maps to its new form."""
    if isinstance(raw, dict):
        for key in raw:
            if key in renames:
                old_key(key, renames[key])


def rename_key(mapping, old: str, new: str) -> None:
    """Rename ``old`` to ``new`` in ``mapping`` in place, at the same place and with the same value
    (and comments, in a round-trip mapping)."""
    replace_key(mapping, old, ((new, mapping[old]),))


def replace_key(mapping, old: str, pairs) -> None:
    """Put the ``(key, value)`` pairs in place of the key ``old`` of ``mapping``, in place and in
    order; in a round-trip (ruamel) mapping the comments of ``old`` go to the first new key."""
    keys = list(mapping)
    place = keys.index(old)
    comments = getattr(mapping, "ca", None)
    comment = comments.items.pop(old, None) if comments is not None else None
    if hasattr(mapping, "insert"):  # ruamel's CommentedMap
        del mapping[old]
        for offset, (key, value) in enumerate(pairs):
            mapping.insert(place + offset, key, value)
    else:
        items = [(k, mapping[k]) for k in keys]
        mapping.clear()
        mapping.update(items[:place] + list(pairs) + items[place + 1:])
    if comment is not None:
        comments.items[pairs[0][0]] = comment

"""Golden playthroughs: the legal actions at each step of a fixed line, written to a text file.

Each line is described in ``tests/golden/lines.yaml`` (a position file of the checkout and the
actions to take, as ``--do`` selectors); its playthrough is ``tests/golden/<name>.txt``. The
test compares the playthroughs with the files; after a change of behaviour, regenerate them and
review the diff before committing it::

    python tests/golden.py            # rewrite every playthrough
    python tests/golden.py NAME...    # rewrite some
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
LINES = GOLDEN / "lines.yaml"


def lines() -> dict[str, dict]:
    """The golden lines by name: ``{"position": path, "line": [selector, ...], "about": text}``."""
    with open(LINES, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def playthrough(name: str, spec: dict) -> str:
    """The playthrough of one line: at each step the position's moment and every legal action
    (id, player, text and payment or target details), then the action taken; at the end the
    position reached, as ``to_dict`` writes it."""
    import cardjudge as cj
    from cardjudge.selectors import cards_by_name, select

    state = cj.load_position(str(ROOT / spec["position"]))
    out = [f"# {name}: {spec['about']}", f"# position: {spec['position']}", ""]
    for number, selector in enumerate(spec["line"], 1):
        actions = cj.legal_actions(state)
        out.append(f"## step {number}: {_moment(cj.to_dict(state))}")
        out.extend(_action_line(action.to_dict()) for action in actions)
        action = select(actions, selector, source=f"{LINES.name}: {name} step {number}",
                        names=cards_by_name(state))
        out.append(f"-> {selector}  =>  {action.id}")
        out.append("")
        state = cj.apply(state, action)
    out.append("## reached")
    out.append(yaml.safe_dump(cj.to_dict(state), sort_keys=False, allow_unicode=True, width=100).rstrip())
    return "\n".join(out) + "\n"


def _moment(position: dict) -> str:
    words = [f"turn {position.get('turn')}", f"active {position.get('active')}"]
    for key in ("phase", "step", "winner"):
        if position.get(key) is not None:
            words.append(f"{key} {position[key]}")
    return ", ".join(words)


def _action_line(fields: dict) -> str:
    details = {k: v for k, v in fields.items()
               if k not in ("id", "player", "text", "kind") and v not in (None, [], {})}
    extra = f"  {yaml.safe_dump(details, default_flow_style=True, width=10_000).strip()}" if details else ""
    return f"{fields['id']:>4}  {fields['player']}: {fields['text']}{extra}"


def main(names: list[str]) -> None:
    """Rewrite the playthroughs of ``names`` (all when empty)."""
    specs = lines()
    for name in names or sorted(specs):
        (GOLDEN / f"{name}.txt").write_text(playthrough(name, specs[name]), encoding="utf-8")
        print(f"wrote tests/golden/{name}.txt")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main(sys.argv[1:])

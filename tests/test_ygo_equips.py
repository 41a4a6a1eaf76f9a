"""Equip Spells whose bonus depends on the equipped monster's Type (Dark Energy)."""

from __future__ import annotations

from cardjudge import legal_actions, load_position, to_dict


def _position(field_spell=None):
    you = {"lp": 8000, "monsters": [{"card": "Axe Raider", "id": "AR"}]}
    opponent = {"lp": 8000, "monsters": [{"card": "Feral Imp", "id": "FI"}],
                "spells_traps": [{"card": "Dark Energy", "id": "DE", "face_up": True, "equipped_to": "FI"}]}
    if field_spell:
        opponent["field_spell"] = [{"card": field_spell, "id": "FS", "face_up": True}]
    return load_position({"game": "ygo", "turn": 3, "active": "you", "phase": "main1",
                          "players": {"you": you, "opponent": opponent}})


def _now(state, label):
    for zone in ("monsters",):
        for entry in to_dict(state)["players"]["opponent"][zone]:
            if entry["id"] == label:
                return entry["now"]
    raise AssertionError(label)


def test_dark_energy_raises_a_fiend_it_equips():
    state = _position()
    assert (_now(state, "FI")["atk"], _now(state, "FI")["def"]) == (1300 + 300, 1400 + 300)
    assert legal_actions(state)  # listing actions reads the same characteristics


def test_dark_energy_gives_nothing_once_the_monster_is_no_longer_a_fiend():
    state = _position("Zombie World")
    now = _now(state, "FI")
    assert now["race"] == "Zombie"
    assert (now["atk"], now["def"]) == (1300, 1400)

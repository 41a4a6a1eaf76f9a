"""Impossible positions are refused with file:line: each zone holds only what the rules allow
there, an attached card points to a host it can have, a chain link names a known card
(Yu-Gi-Oh! Official Rulebook, Magic rules 301.5, 303.4, 304.4, 305.1, 307.4, Eredan's zones)."""

from __future__ import annotations

import textwrap

import pytest

import cardjudge as cj
from cardjudge.errors import InputError


def _refusal(tmp_path, text: str) -> InputError:
    path = tmp_path / "position.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        cj.load_position(str(path))
    return caught.value


YGO = [
    ("spell-in-extra-deck", """\
        game: ygo
        players:
          you:
            extra_deck: [Dark Hole]
          opponent: {}
        """, 4, "'Dark Hole' is not a Fusion, Synchro, Xyz or Link Monster: it cannot be in the Extra Deck"),
    ("main-deck-monster-in-extra-deck", """\
        game: ygo
        players:
          you:
            extra_deck: [Junk Warrior, Axe Raider]
          opponent: {}
        """, 4, "'Axe Raider' is not a Fusion, Synchro, Xyz or Link Monster"),
    ("spell-in-monster-zone", """\
        game: ygo
        players:
          you:
            monsters:
              - {card: Dark Hole}
          opponent: {}
        """, 5, "'Dark Hole' is not a monster"),
    ("monster-in-spell-zone", """\
        game: ygo
        players:
          you: {}
          opponent:
            spells_traps:
              - {card: Axe Raider, face_up: false}
        """, 6, "'Axe Raider' is a monster, not a Spell or Trap"),
    ("field-spell-in-spell-zone", """\
        game: ygo
        players:
          you:
            spells_traps:
              - {card: Zombie World, face_up: true}
          opponent: {}
        """, 5, "'Zombie World' is a Field Spell: it is placed in the Field Zone"),
    ("mirror-force-equipped", """\
        game: ygo
        players:
          you:
            monsters: [{card: Axe Raider, id: AR}]
            spells_traps:
              - {card: Mirror Force, id: MF, face_up: true, equipped_to: AR}
          opponent: {}
        """, 6, "'Mirror Force' is not an Equip Spell: it cannot be equipped to a monster"),
    ("equip-spell-equipped-to-itself", """\
        game: ygo
        players:
          you:
            spells_traps:
              - {card: Horn of Light, id: H, face_up: true, equipped_to: H}
          opponent: {}
        """, 5, "'Horn of Light' cannot be equipped to itself"),
    ("equip-spell-equipped-to-a-spell", """\
        game: ygo
        players:
          you:
            spells_traps:
              - {card: Banner of Courage, id: B, face_up: true}
              - {card: Horn of Light, id: H, face_up: true, equipped_to: B}
          opponent: {}
        """, 6, "'Horn of Light' is equipped to 'Banner of Courage', which is not a monster in a Monster Zone"),
    ("equip-spell-equipped-to-a-face-down-monster", """\
        game: ygo
        players:
          you:
            monsters: [{card: Axe Raider, id: AR, face_up: false}]
            spells_traps:
              - {card: Horn of Light, id: H, face_up: true, equipped_to: AR}
          opponent: {}
        """, 6, "which is face-down: only a face-up monster can be equipped"),
    ("set-equip-spell-equipped", """\
        game: ygo
        players:
          you:
            monsters: [{card: Axe Raider, id: AR}]
            spells_traps:
              - {card: Horn of Light, id: H, face_up: false, equipped_to: AR}
          opponent: {}
        """, 6, "'Horn of Light' is Set: a face-down card equips nothing"),
    ("chain-link-unknown-card", """\
        game: ygo
        players:
          you:
            spells_traps: [{card: Mirror Force, id: MF, face_up: true}]
          opponent: {}
        chain:
          - {card: Nonexistent Card, id: MF, controller: you}
        """, 7, "a chain link names unknown card 'Nonexistent Card'"),
    ("chain-link-card-not-its-id", """\
        game: ygo
        players:
          you:
            spells_traps: [{card: Mirror Force, id: MF, face_up: true}]
          opponent: {}
        chain:
          - {card: Trap Hole, id: MF, controller: you}
        """, 7, "a chain link names 'Trap Hole', but 'MF' is 'Mirror Force'"),
]

MTG = [
    ("lightning-bolt-on-the-battlefield", """\
        game: mtg
        players:
          you:
            battlefield:
              - Forest
              - {card: Lightning Bolt, id: LB}
          opponent: {}
        """, 6, "'Lightning Bolt' is an instant or sorcery card: it cannot be on the battlefield"),
    ("land-on-the-stack", """\
        game: mtg
        players:
          you: {}
          opponent: {}
        stack:
          - {card: Lightning Bolt, controller: you, targets: [opponent]}
          - {card: Forest, controller: you}
        """, 7, "'Forest' is a land card: it is played without using the stack, never cast (rule 305.1)"),
    ("equipment-attached-to-itself", """\
        game: mtg
        players:
          you:
            battlefield: [{card: Lightning Greaves, id: LG, attached_to: LG}]
          opponent: {}
        """, 4, "'Lightning Greaves' cannot be attached to itself"),
    ("equipment-attached-to-a-land", """\
        game: mtg
        players:
          you:
            battlefield:
              - {card: Forest, id: F}
              - {card: Lightning Greaves, id: LG, attached_to: F}
          opponent: {}
        """, 6, "'Lightning Greaves' is an Equipment attached to 'Forest', which is not a creature on the battlefield"),
    ("aura-on-what-its-enchant-forbids", """\
        game: mtg
        players:
          you:
            battlefield:
              - {card: Forest, id: F}
              - {card: Pacifism, id: P, attached_to: F}
          opponent: {}
        """, 6, "'Pacifism' cannot enchant 'Forest': its enchant ability forbids it"),
    ("land-attached", """\
        game: mtg
        players:
          you:
            battlefield:
              - {card: Forest, id: F}
              - {card: Forest, id: F2, attached_to: F}
          opponent: {}
        """, 6, "'Forest' is neither an Aura nor an Equipment: it cannot be attached"),
]

EREDAN = [
    ("spell-among-characters", """\
        game: eredan
        players:
          you:
            characters: [{card: Test Combattant, id: C}, {card: Fu, id: F}]
          opponent:
            characters: [{card: Test Prêtre, id: P}]
        """, 4, "'Fu' is not a character: it cannot be in characters"),
    ("character-in-hand", """\
        game: eredan
        players:
          you:
            characters: [{card: Test Combattant, id: C}]
            hand: [Fu, Test Prêtre]
          opponent:
            characters: [{card: Test Mage-Combattant, id: X}]
        """, 5, "'Test Prêtre' is a character: it cannot be in hand"),
    ("character-attached", """\
        game: eredan
        players:
          you:
            characters:
              - {card: Test Combattant, id: C}
              - card: Test Prêtre
                attached:
                  - {card: Fu, id: F, turns_left: 2}
                  - {card: Test Mage-Combattant, id: X}
          opponent:
            characters: [{card: Test Combattant, id: OC}]
        """, 9, "'Test Mage-Combattant' is a character: it cannot be attached"),
]


@pytest.mark.parametrize("text, line, words", [c[1:] for c in YGO + MTG + EREDAN],
                         ids=[c[0] for c in YGO + MTG + EREDAN])
def test_impossible_position_is_refused_with_file_and_line(tmp_path, text, line, words):
    error = _refusal(tmp_path, text)
    assert error.line == line, str(error)
    assert words in error.message, str(error)


def test_possible_attachments_are_accepted(tmp_path):
    path = tmp_path / "position.yaml"
    path.write_text(textwrap.dedent("""\
        game: mtg
        players:
          you:
            battlefield:
              - {card: Llanowar Elves, id: E}
              - {card: Lightning Greaves, id: LG, attached_to: E}
          opponent:
            battlefield:
              - {card: Pacifism, id: P, attached_to: E}
        """), encoding="utf-8")
    state = cj.load_position(str(path))
    by_label = {obj.label: obj for obj in state.objects.values()}
    assert by_label["LG"].equipped_to == by_label["E"].oid
    assert by_label["P"].equipped_to == by_label["E"].oid

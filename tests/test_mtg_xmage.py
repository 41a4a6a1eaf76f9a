"""XMage's unit tests (magefree/mage, Mage.Tests) for the library's cards and mechanics,
translated from their meaning into positions; each test names the XMage test it comes from and
asserts XMage's outcome. Cards XMage uses that the library lacks are written inline with the
same characteristics."""

from mtg_helpers import act, card, data, divide, load, until_phase, zone

BODYGUARD = {"name": "Anaba Bodyguard", "mana_cost": "{3}{R}", "types": ["Creature"], "subtypes": ["Minotaur"],
             "power": 2, "toughness": 3, "keywords": ["First strike"], "text": "First strike"}
SENTRY = {"name": "Dragon's Eye Sentry", "mana_cost": "{W}", "types": ["Creature"], "subtypes": ["Human", "Monk"],
          "power": 1, "toughness": 3, "keywords": ["Defender", "First strike"], "text": "Defender, first strike"}
GHOUL = {"name": "Warpath Ghoul", "mana_cost": "{2}{B}", "types": ["Creature"], "subtypes": ["Zombie"],
         "power": 3, "toughness": 2}
FURY = {"name": "Kindled Fury", "mana_cost": "{R}", "types": ["Instant"],
        "text": "Target creature gets +1/+0 and gains first strike until end of turn.",
        "abilities": [{"kind": "spell", "targets": [{"from": "game.creatures"}],
                       "effect": [{"modify": {"cards": "t", "power": 1}},
                                  {"grant": {"cards": "t", "keywords": ["First strike"]}}]}]}
SCION = {"name": "Elderwood Scion", "mana_cost": "{3}{G}{W}", "types": ["Creature"], "subtypes": ["Elemental"],
         "power": 4, "toughness": 4, "keywords": ["Trample", "Lifelink"], "text": "Trample, lifelink"}


# the basic land the defending player has beside their creatures, as in XMage's setups
DEFENDERS_LAND = {"you": {"card": "Plains", "id": "P"}, "opponent": {"card": "Island", "id": "OI"}}


def combat(you, opponent, cards=(), attackers=(), blocks=(), attacking="you"):
    """The state after ``attacking`` (you or opponent) attacks with ``attackers`` from the beginning
    of combat of their turn and the other player blocks with ``blocks`` (each blocking the one
    attacker), both passing priority after declaring; ``you`` and ``opponent`` are battlefields."""
    defending = "opponent" if attacking == "you" else "you"
    battlefields = {"you": list(you), "opponent": list(opponent)}
    battlefields[defending] += [DEFENDERS_LAND[defending]]
    state = load(active=attacking, phase="beginning_of_combat", cards=list(cards),
                 you={"battlefield": battlefields["you"]}, opponent={"battlefield": battlefields["opponent"]})
    state = until_phase(state, "declare_attackers")
    for attacker in attackers:
        state = act(state, kind="attack", card_id=attacker)
    state = act(state, kind="pass", player=attacking)
    if blocks:
        state = until_phase(state, "declare_blockers")
        for blocker in blocks:
            state = act(state, kind="block", card_id=blocker)
        state = act(state, kind="pass", player=defending)
    return state


def test_xmage_FirstStrikeTest_firstStrikeAttacker():
    state = combat([{"card": "Youthful Knight", "id": "YK"}], [{"card": "Grizzly Bears", "id": "GB"}],
                   attackers=["YK"], blocks=["GB"])
    state = until_phase(state, "main2")
    assert zone(state, "GB") == "graveyard" and zone(state, "YK") == "battlefield"


def test_xmage_FirstStrikeTest_firstStrikeBlocker():
    state = combat([{"card": "Youthful Knight", "id": "YK"}], [{"card": "Grizzly Bears", "id": "GB"}],
                   attackers=["GB"], blocks=["YK"], attacking="opponent")
    state = until_phase(state, "main2")
    assert zone(state, "GB") == "graveyard" and zone(state, "YK") == "battlefield"


def test_xmage_FirstStrikeTest_firstStrikeBoth():
    state = combat([{"card": "Anaba Bodyguard", "id": "AB"}], [{"card": "Dragon's Eye Sentry", "id": "DS"}],
                   cards=[BODYGUARD, SENTRY], attackers=["AB"], blocks=["DS"])
    state = until_phase(state, "combat_damage")
    assert card(state, "AB")["damage"] == 1 and card(state, "DS")["damage"] == 2
    state = until_phase(state, "main2")
    assert zone(state, "AB") == "battlefield" and zone(state, "DS") == "battlefield"


def test_xmage_FirstStrikeTest_firstStrikeGainedMidCombat():
    state = load(phase="beginning_of_combat", cards=[GHOUL, FURY],
                 you={"hand": [{"card": "Kindled Fury", "id": "KF"}],
                      "battlefield": [{"card": "Youthful Knight", "id": "YK"}, {"card": "Warpath Ghoul", "id": "WG"},
                                      {"card": "Mountain", "id": "M"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="YK")
    state = act(state, kind="attack", card_id="WG")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "combat_damage")
    assert data(state)["players"]["opponent"]["life"] == 18  # the Knight's first-strike damage
    state = act(state, kind="cast", card_id="KF", targets=["WG"])
    state = until_phase(state, "main2")
    # gaining first strike after the first step does not stop the Ghoul from dealing 4 in the second
    assert data(state)["players"]["opponent"]["life"] == 14


def test_xmage_LifelinkInCombatTest_testHeliodTriggersOnceOnBlockerTrample():
    state = combat([{"card": "Elderwood Scion", "id": "ES"}, {"card": "Heliod, Sun-Crowned", "id": "HS"}],
                   [{"card": "Grizzly Bears", "id": "GB"}], cards=[SCION], attackers=["ES"], blocks=["GB"])
    state = divide(until_phase(state, "combat_damage"), **{"Grizzly Bears": 2, "opponent": 2})
    # 2 to the Bears, 2 trampling over: one life-gain event, so one Heliod trigger
    orders = [d for d in data(state).get("pending_triggers", [])]
    assert len(orders) == 1
    state = act(state, kind="order", targets=["ES"])
    state = until_phase(state, "main2")
    assert card(state, "ES")["now"]["power"] == 5 and card(state, "ES")["now"]["toughness"] == 5
    assert data(state)["players"]["you"]["life"] == 24 and data(state)["players"]["opponent"]["life"] == 18


ARCHANGEL = {"name": "Archangel of Thune", "mana_cost": "{3}{W}{W}", "types": ["Creature"], "subtypes": ["Angel"],
             "power": 3, "toughness": 4, "keywords": ["Flying", "Lifelink"],
             "text": "Flying, lifelink. Whenever you gain life, put a +1/+1 counter on each creature you control.",
             "abilities": [{"kind": "triggered", "on": "life_gained", "when": "e.player == you",
                            "effect": [{"add_counters": {"cards": "you.creatures", "counter": "P1P1", "n": 1}}]}]}
COLLAR = {"name": "Basilisk Collar", "mana_cost": "{1}", "types": ["Artifact"], "subtypes": ["Equipment"],
          "keywords": ["Equip 2"], "text": "Equipped creature has deathtouch and lifelink. Equip {2}",
          "abilities": [{"kind": "static", "rule": {"grant": {"to": "self.attached",
                                                              "keywords": ["Deathtouch", "Lifelink"]}}}]}


def test_xmage_DeathtouchTest_simpleDeathtouchDuringCombat():
    state = combat([{"card": "Archangel of Thune", "id": "AT"}], [{"card": "Typhoid Rats", "id": "TR"}],
                   cards=[ARCHANGEL], attackers=["TR"], blocks=["AT"], attacking="opponent")
    state = until_phase(state, "main2")
    assert data(state)["players"]["you"]["life"] == 23 and data(state)["players"]["opponent"]["life"] == 20
    assert zone(state, "AT") == "graveyard" and zone(state, "TR") == "graveyard"


def test_xmage_DeathtouchTest_testMarathWillOfTheWild_as_walking_ballista():
    # XMage's Marath removes its last counters to deal damage with a Collar's deathtouch and
    # lifelink and dies paying; Walking Ballista does the same with one counter
    state = load(cards=[ARCHANGEL, COLLAR],
                 you={"battlefield": [{"card": "Walking Ballista", "id": "WB", "counters": {"P1P1": 1}},
                                      {"card": "Basilisk Collar", "id": "BC", "attached_to": "WB"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Archangel of Thune", "id": "AT"}]})
    state = act(state, kind="activate", card_id="WB", targets=["AT"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    assert zone(state, "WB") == "graveyard" and zone(state, "AT") == "graveyard"
    assert data(state)["players"]["you"]["life"] == 21 and data(state)["players"]["opponent"]["life"] == 20

"""More of XMage's unit tests (magefree/mage, Mage.Tests) translated from their meaning into
positions, each named after its XMage class and method and asserting XMage's outcome. XMage's
playerA is ``you`` (or the player the test names first); cards XMage uses that the library lacks
are written inline with the characteristics the test relies on (each says which it leaves out)."""

from mtg_helpers import act, card, data, dicts, life, load, resolve, until_phase, zone

# White Knight: {W}{W} 2/2 first strike, protection from black (no black source in these tests)
WHITE_KNIGHT = {"name": "White Knight", "mana_cost": "{W}{W}", "types": ["Creature"], "subtypes": ["Human", "Knight"],
                "power": 2, "toughness": 2, "keywords": ["First strike"], "text": "First strike (protection from black left out)"}
# Kiora, the Crashing Wave: {2}{G}{U}, loyalty 2 (its loyalty abilities are not used by these tests)
KIORA = {"name": "Kiora, the Crashing Wave", "mana_cost": "{2}{G}{U}", "types": ["Planeswalker"],
         "supertypes": ["Legendary"], "subtypes": ["Kiora"], "loyalty": 2, "text": "(loyalty abilities left out)"}
# Captain of the Mists: {2}{U} 2/3 Human Wizard (its abilities are not used by this test)
CAPTAIN = {"name": "Captain of the Mists", "mana_cost": "{2}{U}", "types": ["Creature"], "subtypes": ["Human", "Wizard"],
           "power": 2, "toughness": 3, "text": "(abilities left out)"}
# Rograkh, Son of Rohgahh: {0} 0/1 first strike, menace, trample (partner left out)
ROGRAKH = {"name": "Rograkh, Son of Rohgahh", "mana_cost": "", "types": ["Creature"], "supertypes": ["Legendary"],
           "subtypes": ["Kobold", "Warrior"], "colors": ["R"], "power": 0, "toughness": 1,
           "keywords": ["First strike", "Menace", "Trample"], "text": "First strike, menace, trample (partner left out)"}
# Blustersquall: {U} instant, "Tap target creature you don't control." (overload left out)
BLUSTERSQUALL = {"name": "Blustersquall", "mana_cost": "{U}", "types": ["Instant"],
                 "text": "Tap target creature you don't control. (overload left out)",
                 "abilities": [{"kind": "spell", "targets": [{"from": "game.creatures", "where": "controller != you"}],
                                "effect": [{"tap": "t"}]}]}


def attacking(state, attacks, blocks=(), defender="opponent"):
    """Declare ``attacks`` (attacker id, or (attacker id, attacked id)) and then ``blocks``."""
    attacker_side = data(state)["active"]
    state = until_phase(state, "declare_attackers")
    for entry in attacks:
        oid, target = entry if isinstance(entry, tuple) else (entry, defender)
        state = act(state, kind="attack", card_id=oid, targets=[target])
    state = act(state, kind="pass", player=attacker_side)
    if blocks:
        state = until_phase(state, "declare_blockers")
        for blocker in blocks:
            state = act(state, kind="block", card_id=blocker)
        state = act(state, kind="pass", player=defender if defender in ("you", "opponent") else "you")
    return state


def loyalty(state, label):
    return (card(state, label).get("counters") or {}).get("LOYALTY", 0)


# ---------------------------------------------------------------- FirstStrikeTest


def test_xmage_FirstStrikeTest_doubleStrikePump():
    state = load(phase="beginning_of_combat", you={"battlefield": [{"card": "Markov Blademaster", "id": "MB"}]})
    state = attacking(state, ["MB"])
    state = until_phase(state, "combat_damage")
    assert life(state, "opponent") == 19  # the first-strike damage
    state = until_phase(state, "main2")
    assert life(state, "opponent") == 17
    assert (card(state, "MB")["now"]["power"], card(state, "MB")["now"]["toughness"]) == (3, 3)


def test_xmage_FirstStrikeTest_firstStrikeGainedAttacker():
    state = load(phase="beginning_of_combat",
                 you={"hand": [{"card": "Kindled Fury", "id": "KF"}],
                      "battlefield": [{"card": "Goblin Piker", "id": "GP"}, {"card": "Mountain", "id": "M"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Grizzly Bears", "id": "GB"}]})
    state = attacking(state, ["GP"], blocks=["GB"])
    state = resolve(act(state, kind="cast", card_id="KF", targets=["GP"]))  # in the declare blockers step
    state = until_phase(state, "main2")
    assert zone(state, "GB") == "graveyard" and zone(state, "GP") == "battlefield"
    assert "First strike" in card(state, "GP")["now"]["keywords"]


def test_xmage_FirstStrikeTest_firstStrikeGainedBothDie():
    state = load(phase="beginning_of_combat", cards=[WHITE_KNIGHT],
                 you={"battlefield": [{"card": "White Knight", "id": "WK"}]},
                 opponent={"hand": [{"card": "Kindled Fury", "id": "KF"}],
                           "battlefield": [{"card": "Mountain", "id": "OM"}, {"card": "Grizzly Bears", "id": "GB"}]})
    state = attacking(state, ["WK"], blocks=["GB"])
    state = act(state, kind="pass", player="you")
    state = resolve(act(state, kind="cast", card_id="KF", targets=["GB"]))
    state = until_phase(state, "main2")
    # both have first strike now: they deal damage in the same (first) step, and both die
    assert zone(state, "GB") == "graveyard" and zone(state, "WK") == "graveyard"


def test_xmage_FirstStrikeTest_doubleStrikeGainedMidCombat():
    state = load(phase="beginning_of_combat", cards=[WHITE_KNIGHT],
                 you={"hand": [{"card": "Double Cleave", "id": "DC"}],
                      "battlefield": [{"card": "White Knight", "id": "WK"}, {"card": "Mountain", "id": "M1"},
                                      {"card": "Mountain", "id": "M2"}]})
    state = attacking(state, ["WK"])
    state = until_phase(state, "combat_damage")
    assert life(state, "opponent") == 18
    state = resolve(act(state, kind="cast", card_id="DC", targets=["WK"]))
    state = until_phase(state, "main2")
    # double strike gained after the first step: it deals damage again in the second (702.4d)
    assert life(state, "opponent") == 16 and "Double strike" in card(state, "WK")["now"]["keywords"]


def test_xmage_FirstStrikeTest_damageDealtInBetween():
    state = load(phase="beginning_of_combat", cards=[WHITE_KNIGHT],
                 you={"hand": [{"card": "Fall of the Hammer", "id": "FH"}],
                      "battlefield": [{"card": "White Knight", "id": "WK"}, {"card": "Warpath Ghoul", "id": "WG"},
                                      {"card": "Mountain", "id": "M1"}, {"card": "Mountain", "id": "M2"}]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, {"card": "Kraken Hatchling", "id": "KH"}]})
    state = attacking(state, ["WK", "WG"], blocks=(), defender="opponent")
    state = until_phase(state, "combat_damage")
    assert life(state, "opponent") == 18
    state = resolve(act(state, kind="cast", card_id="FH", targets=["WG", "KH"]))
    # noncombat damage in between does not stop the Ghoul from dealing combat damage
    state = until_phase(state, "main2")
    assert life(state, "opponent") == 15 and card(state, "KH")["damage"] == 3


def test_xmage_FirstStrikeTest_firstStrikeZeroDamage():
    state = load(phase="beginning_of_combat", cards=[ROGRAKH],
                 you={"hand": [{"card": "Battlegrowth", "id": "BG"}],
                      "battlefield": [{"card": "Rograkh, Son of Rohgahh", "id": "RS"}, {"card": "Forest", "id": "F"}]})
    state = attacking(state, ["RS"])
    state = until_phase(state, "combat_damage")
    state = resolve(act(state, kind="cast", card_id="BG", targets=["RS"]))
    state = until_phase(state, "main2")
    # it took part in the first-strike step (with 0 power): no damage in the second step
    assert life(state, "opponent") == 20
    assert (card(state, "RS")["now"]["power"], card(state, "RS")["now"]["toughness"]) == (1, 2)


# ---------------------------------------------------------------- DamageDistributionTest


def test_xmage_DamageDistributionTest_testDoubleStrike():
    state = load(phase="beginning_of_combat", you={"battlefield": [{"card": "Warren Instigator", "id": "WI"}]},
                 opponent={"life": 4, "battlefield": [{"card": "Island", "id": "OI"},
                                                      {"card": "Merfolk Looter", "id": "ML"}]})
    state = attacking(state, ["WI"], blocks=["ML"])
    state = until_phase(state, "main2")
    # the blocker dies to first-strike damage; the second strike does nothing (still blocked)
    assert zone(state, "ML") == "graveyard" and life(state, "opponent") == 4 and zone(state, "WI") == "battlefield"


def test_xmage_DamageDistributionTest_testDoubleStrikeUnblocked():
    state = load(phase="beginning_of_combat", you={"battlefield": [{"card": "Warren Instigator", "id": "WI"}]},
                 opponent={"life": 4})
    state = attacking(state, ["WI"])
    state = until_phase(state, "main2")
    assert life(state, "opponent") == 2


# ---------------------------------------------------------------- AttackPlaneswalkerTest


def test_xmage_AttackPlaneswalkerTest_testAttackPlaneswalker():
    state = load(active="opponent", phase="beginning_of_combat", cards=[KIORA],
                 you={"battlefield": [{"card": KIORA["name"], "id": "KI", "counters": {"LOYALTY": 2}},
                                      {"card": "Forest", "id": "F"}]},
                 opponent={"battlefield": [{"card": "Giant Tortoise", "id": "GT"}]})
    state = attacking(state, [("GT", "KI")], defender="you")
    state = until_phase(state, "main2")
    assert life(state, "you") == 20 and life(state, "opponent") == 20
    assert zone(state, "KI") == "battlefield" and zone(state, "GT") == "battlefield" and loyalty(state, "KI") == 1


def test_xmage_AttackPlaneswalkerTest_testAttackPlaneswalkerTriggers():
    state = load(active="opponent", phase="beginning_of_combat", cards=[KIORA],
                 you={"battlefield": [{"card": KIORA["name"], "id": "KI", "counters": {"LOYALTY": 2}},
                                      {"card": "Forest", "id": "F"}]},
                 opponent={"battlefield": [{"card": "Silent Skimmer", "id": "SS"}]})
    state = attacking(state, [("SS", "KI")], defender="you")
    state = until_phase(state, "main2")
    # attacking the planeswalker still makes its controller the defending player
    assert life(state, "you") == 18 and life(state, "opponent") == 20 and loyalty(state, "KI") == 2


def test_xmage_AttackPlaneswalkerTest_testAttackedPlaneswalkerDestroyed():
    state = load(active="opponent", phase="beginning_of_combat", cards=[KIORA],
                 you={"battlefield": [{"card": KIORA["name"], "id": "KI", "counters": {"LOYALTY": 2}},
                                      {"card": "Grizzly Bears", "id": "YB"}]},
                 opponent={"hand": [{"card": "Despark", "id": "DS"}],
                           "battlefield": [{"card": "Grizzly Bears", "id": "OB"}, {"card": "Plains", "id": "OP"},
                                           {"card": "Swamp", "id": "OS"}]})
    state = until_phase(state, "declare_attackers")
    state = act(state, kind="attack", card_id="OB", targets=["KI"])
    state = act(state, kind="pass", player="opponent")
    state = resolve(act(state, kind="cast", card_id="DS", targets=["KI"]))
    assert zone(state, "KI") == "exile"
    # the Bears still attack (506.4) and may still be blocked
    state = until_phase(state, "declare_blockers")
    state = act(state, kind="block", card_id="YB")
    state = act(state, kind="pass", player="you")
    state = until_phase(state, "main2")
    assert life(state, "you") == 20 and life(state, "opponent") == 20
    assert zone(state, "YB") == "graveyard" and zone(state, "OB") == "graveyard"


# ---------------------------------------------------------------- AttackBlockRestrictionsTest


def test_xmage_AttackBlockRestrictionsTest_testFlyingVsNonFlying():
    state = load(active="opponent", phase="beginning_of_combat", cards=[CAPTAIN],
                 you={"battlefield": [{"card": "Captain of the Mists", "id": "CM"}]},
                 opponent={"battlefield": [{"card": "Mist Raven", "id": "MR"}]})
    state = attacking(state, ["MR"], defender="you")
    assert not dicts(state, kind="block")  # a creature without flying or reach cannot block it
    state = until_phase(state, "main2")
    assert life(state, "you") == 18 and life(state, "opponent") == 20 and card(state, "MR")["tapped"]


# ---------------------------------------------------------------- HexproofTest


def _into_the_void(targets, extra=()):
    state = load(active="opponent",
                 you={"hand": [{"card": "Ranger's Guile", "id": "RG"}],
                      "battlefield": [{"card": "Elder of Laurels", "id": "EL"}, *extra]
                      + [{"card": "Forest", "id": f"F{i}"} for i in range(4)]},
                 opponent={"hand": [{"card": "Into the Void", "id": "IV"}],
                           "battlefield": [{"card": "Island", "id": f"I{i}"} for i in range(4)]})
    state = act(state, kind="cast", card_id="IV", targets=targets)
    state = act(state, kind="pass", player="opponent")
    state = resolve(act(state, kind="cast", card_id="RG", targets=["EL"]))
    return state


def test_xmage_HexproofTest_testOneTargetOneGainingHexproof():
    state = _into_the_void(["EL"])
    # its only target gained hexproof: Into the Void does nothing (608.2b)
    assert zone(state, "EL") == "battlefield" and zone(state, "IV") == "graveyard"
    now = card(state, "EL")["now"]
    assert (now["power"], now["toughness"]) == (3, 4) and "Hexproof" in now["keywords"]


def test_xmage_HexproofTest_testTwoTargetsOneGainingHexproof():
    state = _into_the_void(["EL", "AE"], extra=[{"card": "Arbor Elf", "id": "AE"}])
    assert zone(state, "EL") == "battlefield" and zone(state, "AE") == "hand"
    now = card(state, "EL")["now"]
    assert (now["power"], now["toughness"]) == (3, 4) and "Hexproof" in now["keywords"]


# ---------------------------------------------------------------- AnimateDeadTest


def _animate(target, you_graveyard=(), opponent_graveyard=(), opponent_extra=None):
    state = load(you={"hand": [{"card": "Animate Dead", "id": "AD"}], "graveyard": list(you_graveyard),
                      "battlefield": [{"card": "Swamp", "id": "S1"}, {"card": "Swamp", "id": "S2"}]},
                 opponent={"graveyard": list(opponent_graveyard), **(opponent_extra or {})})
    return act(state, kind="cast", card_id="AD", targets=[target])


def test_xmage_AnimateDeadTest_testAnimateOpponentsCreature():
    state = resolve(_animate("SL", opponent_graveyard=[{"card": "Silvercoat Lion", "id": "SL"}]))
    assert card(state, "SL") in data(state)["players"]["you"]["battlefield"]
    assert (card(state, "SL")["now"]["power"], card(state, "SL")["now"]["toughness"]) == (1, 2)
    assert zone(state, "AD") == "battlefield"


def _witness(opponent_extra=None):
    state = _animate("EW", you_graveyard=[{"card": "Silvercoat Lion", "id": "SL"}],
                     opponent_graveyard=[{"card": "Eternal Witness", "id": "EW"}], opponent_extra=opponent_extra)
    for _ in range(10):
        if dicts(state, kind="choose", text="you choose yes (Eternal Witness: you may)"):
            return resolve(act(state, kind="choose", text="you choose yes (Eternal Witness: you may)"))
        state = act(state, kind="pass", player=data(state)["priority"])
    raise AssertionError("Eternal Witness's trigger never asked")


def test_xmage_AnimateDeadTest_testAnimateEternalWitness():
    state = _witness()
    assert (card(state, "EW")["now"]["power"], card(state, "EW")["now"]["toughness"]) == (1, 1)
    assert zone(state, "AD") == "battlefield" and zone(state, "SL") == "hand"


def test_xmage_AnimateDeadTest_testAnimateAndKillEternalWitness():
    state = _witness({"hand": [{"card": "Lightning Bolt", "id": "LB"}],
                      "battlefield": [{"card": "Mountain", "id": "OM"}]})
    state = act(state, kind="pass", player="you")
    state = resolve(act(state, kind="cast", card_id="LB", targets=["EW"]))
    assert zone(state, "LB") == "graveyard" and zone(state, "EW") == "graveyard"
    assert card(state, "EW") in data(state)["players"]["opponent"]["graveyard"]  # its owner's graveyard
    assert zone(state, "SL") == "hand" and zone(state, "AD") == "graveyard"


# ---------------------------------------------------------------- KikiJikiMirrorBreakerTest


def test_xmage_KikiJikiMirrorBreakerTest_testTokenNotSacrificedIfNotControlled():
    state = load(active="opponent", phase="upkeep", cards=[BLUSTERSQUALL],
                 you={"hand": [{"card": "Blustersquall", "id": "BS"}], "battlefield": [{"card": "Island", "id": "I"}]},
                 opponent={"battlefield": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                           {"card": "Humble Defector", "id": "HD"},
                                           {"card": "Mountain", "id": "OM"}]})
    state = act(state, kind="pass", player="opponent")
    state = resolve(act(state, kind="cast", card_id="BS", targets=["HD"]))  # only the token can be used later
    state = until_phase(state, "main1")
    state = resolve(act(state, kind="activate", card_id="KJ", targets=["HD"]))
    token = [c for c in data(state)["players"]["opponent"]["battlefield"]
             if c["card"] == "Humble Defector" and c.get("token")][0]
    state = until_phase(state, "main2")
    state = resolve(act(state, kind="activate", card_id=token["id"], targets=["you"]))
    state = until_phase(state, "upkeep", turn=7)
    # the token's controller at the end step (you) is not the one told to sacrifice it (701.21a)
    assert len(data(state)["players"]["opponent"]["hand"]) == 3  # the draw of its turn + 2
    assert zone(state, token["id"]) == "battlefield" and card(state, token["id"]) in battlefield_of(state, "you")
    assert zone(state, "HD") == "battlefield" and card(state, "HD") in battlefield_of(state, "opponent")
    assert zone(state, "BS") == "graveyard"


def battlefield_of(state, player):
    return data(state)["players"][player]["battlefield"]


# ---------------------------------------------------------------- LightningBoltTest

# Sejiri Merfolk: {1}{U} 2/1 (its "as long as you control a Plains" abilities are not used here)
SEJIRI = {"name": "Sejiri Merfolk", "mana_cost": "{1}{U}", "types": ["Creature"], "subtypes": ["Merfolk", "Soldier"],
          "power": 2, "toughness": 1, "text": "(Plains-dependent first strike and lifelink left out)"}


def _bolts(target, count=1, opponent=(), cards=()):
    state = load(cards=list(cards),
                 you={"hand": [{"card": "Lightning Bolt", "id": f"LB{i}"} for i in range(count)],
                      "battlefield": [{"card": "Mountain", "id": f"M{i}"} for i in range(count)]},
                 opponent={"battlefield": [{"card": "Island", "id": "OI"}, *opponent]})
    for i in range(count):
        state = resolve(act(state, kind="cast", card_id=f"LB{i}", targets=[target]))
    return state


def test_xmage_LightningBoltTest_testDamageOpponent():
    state = _bolts("opponent")
    assert life(state, "you") == 20 and life(state, "opponent") == 17


def test_xmage_LightningBoltTest_testDamageSelf():
    state = _bolts("you")
    assert life(state, "you") == 17 and life(state, "opponent") == 20


def test_xmage_LightningBoltTest_testDamageSmallCreature():
    state = _bolts("SM", opponent=[{"card": "Sejiri Merfolk", "id": "SM"}], cards=[SEJIRI])
    assert zone(state, "SM") == "graveyard"


def test_xmage_LightningBoltTest_testDamageBigCreature():
    state = _bolts("CW", opponent=[{"card": "Craw Wurm", "id": "CW"}])
    assert zone(state, "CW") == "battlefield" and card(state, "CW")["damage"] == 3


def test_xmage_LightningBoltTest_testDamageBigCreatureTwice():
    state = _bolts("CW", count=2, opponent=[{"card": "Craw Wurm", "id": "CW"}])
    assert zone(state, "CW") == "graveyard"


# ---------------------------------------------------------------- CloneTest


def test_xmage_CloneTest_testCard3():
    state = load(you={"hand": [{"card": "Public Execution", "id": "PE"}, {"card": "Clone", "id": "CL"}],
                      "battlefield": [{"card": "Island", "id": f"I{i}"} for i in range(6)]
                      + [{"card": "Swamp", "id": f"S{i}"} for i in range(6)]},
                 opponent={"battlefield": [{"card": "Llanowar Elves", "id": "LE"}, {"card": "Craw Wurm", "id": "CW"}]})
    state = resolve(act(state, kind="cast", card_id="PE", targets=["LE"], costs_include=["I0", "I1", "I2", "I3", "I4", "S0"]))
    state = until_phase(state, "main2")
    state = act(state, kind="cast", card_id="CL")
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")
    state = resolve(act(state, kind="choose", targets=["CW"]))
    assert zone(state, "LE") == "graveyard"
    assert (card(state, "CW")["now"]["power"], card(state, "CW")["now"]["toughness"]) == (4, 4)
    # the copy entered after Public Execution resolved: its -2/-0 does not apply to it (611.2c)
    assert (card(state, "CL")["now"]["power"], card(state, "CL")["now"]["toughness"]) == (6, 4)


def test_xmage_CloneTest_testCloneTriggered():
    state = load(turn=1, you={"battlefield": [{"card": "Bloodgift Demon", "id": "BD"}], "library": ["Forest"] * 6},
                 opponent={"hand": [{"card": "Clone", "id": "CL"}], "library": ["Forest"] * 6,
                           "battlefield": [{"card": "Island", "id": f"I{i}"} for i in range(4)]},
                 phase="untap")
    for turn in range(1, 5):
        state = until_phase(state, "upkeep", turn=turn)
        active = data(state)["active"]
        if dicts(state, kind="order"):
            state = act(state, kind="order", targets=[active])  # each Demon's controller targets themself
        if turn == 2:
            state = until_phase(state, "main1", turn=2)
            state = act(state, kind="cast", card_id="CL")
            while not dicts(state, kind="choose"):
                state = act(state, kind="pass", player=data(state)["priority"])
            state = resolve(act(state, kind="choose", targets=["BD"]))
    state = until_phase(state, "end", turn=4)
    assert life(state, "you") == 18 and life(state, "opponent") == 19
    assert len(data(state)["players"]["you"]["hand"]) == 3  # the draw of turn 3 + 2 from the Demon
    assert len(data(state)["players"]["opponent"]["hand"]) == 3  # the draws of turns 2 and 4 + 1
    assert zone(state, "BD") == "battlefield" and card(state, "CL")["now"]["name"] == "Bloodgift Demon"


# ---------------------------------------------------------------- LastKnownInformationTest


def _trostani(extra_hand=(), plains=0):
    state = load(you={"hand": [{"card": "Grizzly Bears", "id": "GB"}, {"card": "Giant Growth", "id": "GG"}, *extra_hand],
                      "battlefield": [{"card": "Trostani, Selesnya's Voice", "id": "TV"}]
                      + [{"card": "Forest", "id": f"F{i}"} for i in range(3)]
                      + [{"card": "Plains", "id": f"P{i}"} for i in range(plains)]})
    state = act(state, kind="cast", card_id="GB", costs_include=["F0", "F1"])
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")  # the Bears resolve; Trostani's ability triggers
    assert [item["card"] for item in data(state)["stack"]] == ["Trostani, Selesnya's Voice"]
    return act(state, kind="cast", card_id="GG", targets=["GB"])


def test_xmage_LastKnownInformationTest_testTrostaniSelesnyasVoice1():
    state = resolve(_trostani())
    # the toughness is read as the ability resolves: 5 after Giant Growth
    assert life(state, "you") == 25 and zone(state, "GG") == "graveyard" and zone(state, "GB") == "battlefield"


def test_xmage_LastKnownInformationTest_testTrostaniSelesnyasVoice2():
    state = _trostani([{"card": "Cloudshift", "id": "CS"}], plains=2)
    state = resolve(act(state, kind="cast", card_id="CS", targets=["GB"]))  # before Giant Growth resolves
    # Giant Growth's target is gone (a new object returned): 2 as it last existed, then 2 for the new one
    assert life(state, "you") == 24 and zone(state, "GB") == "battlefield"


def test_xmage_LastKnownInformationTest_testTrostaniSelesnyasVoice3():
    state = _trostani([{"card": "Cloudshift", "id": "CS"}], plains=2)
    state = act(state, kind="pass", player="you")
    state = act(state, kind="pass", player="opponent")  # Giant Growth resolves: a 5/5
    state = resolve(act(state, kind="cast", card_id="CS", targets=["GB"]))
    # the first ability reads the Bears as they last existed (5/5), the second the new 2/2
    assert life(state, "you") == 27 and zone(state, "GB") == "battlefield"


# ---------------------------------------------------------------- more of the same classes

# Sorin, Solemn Visitor: {2}{W}{B}, loyalty 4 (its loyalty abilities are not used by this test)
SORIN = {"name": "Sorin, Solemn Visitor", "mana_cost": "{2}{W}{B}", "types": ["Planeswalker"],
         "supertypes": ["Legendary"], "subtypes": ["Sorin"], "loyalty": 4, "text": "(loyalty abilities left out)"}
# Liliana Vess: {3}{B}{B}, loyalty 5, with the +1 the tests use (its -2 and -8 left out)
LILIANA = {"name": "Liliana Vess", "mana_cost": "{3}{B}{B}", "types": ["Planeswalker"], "supertypes": ["Legendary"],
           "subtypes": ["Liliana"], "loyalty": 5, "text": "+1: Target player discards a card. (-2 and -8 left out)",
           "abilities": [{"kind": "activated", "cost": [{"loyalty": 1}], "targets": [{"from": "game.players"}],
                          "effect": [{"choose": {"name": "discarded", "player": "t", "from": "t.first.hand", "count": 1,
                                                 "prompt": "a card to discard"}},
                                     {"discard": "discarded"}]}]}
# Leyline of Sanctity: "You have hexproof." (its opening-hand ability has no place in a position)
LEYLINE = {"name": "Leyline of Sanctity", "mana_cost": "{2}{W}{W}", "types": ["Enchantment"],
           "text": "You have hexproof. (opening-hand ability left out)",
           "abilities": [{"kind": "static", "rule": {"hexproof": "you"}}]}
BALDUVIAN = {"name": "Balduvian Bears", "mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"],
             "power": 2, "toughness": 2}
# Voice of Resurgence: {G}{W} 2/2 (its token-making abilities do not trigger in this test)
VOICE = {"name": "Voice of Resurgence", "mana_cost": "{G}{W}", "types": ["Creature"], "subtypes": ["Elemental"],
         "power": 2, "toughness": 2, "text": "(abilities left out: nothing triggers them here)"}


def test_xmage_AttackPlaneswalkerTest_testAttackPlaneswalkerWithHexproofPrivilegedPosition():
    state = load(phase="beginning_of_combat", cards=[SORIN],
                 you={"battlefield": [{"card": "Memnite", "id": "MM"}]},
                 opponent={"battlefield": [{"card": "Privileged Position", "id": "PP"},
                                           {"card": SORIN["name"], "id": "SO", "counters": {"LOYALTY": 4}}]})
    assert "Hexproof" in card(state, "SO")["now"]["keywords"]
    # hexproof does not stop a planeswalker from being attacked (attacking is not targeting)
    state = attacking(state, [("MM", "SO")])
    state = until_phase(state, "end_of_combat")
    assert zone(state, "PP") == "battlefield" and zone(state, "SO") == "battlefield"
    assert card(state, "MM")["tapped"] and life(state, "opponent") == 20 and loyalty(state, "SO") == 3


def test_xmage_AnimateDeadTest_testAnimateAndSacrificeTarget():
    state = resolve(_animate("SL", opponent_graveyard=[{"card": "Silvercoat Lion", "id": "SL"}],
                             opponent_extra={"hand": [{"card": "Cruel Edict", "id": "CE"}],
                                             "battlefield": [{"card": "Swamp", "id": "O1"}, {"card": "Swamp", "id": "O2"}]}))
    state = until_phase(state, "main1", turn=6)
    state = act(state, kind="cast", card_id="CE", targets=["you"])
    while not dicts(state, kind="choose"):
        state = act(state, kind="pass", player=data(state)["priority"])
    state = resolve(act(state, kind="choose", targets=["SL"]))
    state = until_phase(state, "end", turn=6)
    assert zone(state, "CE") == "graveyard" and zone(state, "SL") == "graveyard"
    assert card(state, "SL") in data(state)["players"]["opponent"]["graveyard"]
    assert zone(state, "AD") == "graveyard"


def _liliana():
    return load(cards=[LILIANA, LEYLINE, BALDUVIAN],
                you={"hand": [{"card": "Balduvian Bears", "id": "BB"}, {"card": "Swamp", "id": "SW"}],
                     "battlefield": [{"card": "Liliana Vess", "id": "LV", "counters": {"LOYALTY": 5}}]},
                opponent={"hand": [{"card": "Mountain", "id": "OM"}],
                          "battlefield": [{"card": "Leyline of Sanctity", "id": "LS"}]})


def test_xmage_HexproofTest_test_Human_CanTargetValid():
    state = act(_liliana(), kind="activate", card_id="LV", targets=["you"])
    while not dicts(state, kind="choose"):
        state = act(state, kind="pass", player=data(state)["priority"])
    state = resolve(act(state, kind="choose", targets=["SW"]))
    assert zone(state, "SW") == "graveyard" and loyalty(state, "LV") == 6


def test_xmage_HexproofTest_test_Human_CantTargetInvalid():
    # a player with hexproof is no legal target of an opponent's ability: no such activation exists
    assert [d["targets"] for d in dicts(_liliana(), kind="activate", card_id="LV")] == [["you"]]


def test_xmage_KikiJikiMirrorBreakerTest_testSimpleCopy():
    state = load(cards=[VOICE], you={"battlefield": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "KJ"},
                                                     {"card": "Voice of Resurgence", "id": "VR"}]
                                     + [{"card": "Mountain", "id": f"M{i}"} for i in range(5)]})
    state = resolve(act(state, kind="activate", card_id="KJ", targets=["VR"]))
    state = until_phase(state, "beginning_of_combat")
    assert life(state, "you") == 20 and life(state, "opponent") == 20
    assert [c["card"] for c in data(state)["players"]["you"]["battlefield"]].count("Voice of Resurgence") == 2

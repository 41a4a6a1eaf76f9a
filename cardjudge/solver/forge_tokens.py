"""Forge's token scripts (``t:NAME`` / ``T:NAME`` in a ``.pzl`` zone) read as token cards.

Forge names a token script after what the token is: its colours (``w``, ``u``, ``b``, ``r``,
``g`` together, or ``c`` for colourless), its power and toughness, ``a``/``e`` for an artifact or
enchantment creature, its creature types and its keywords, all joined by ``_``
(``gw_2_2_elf_knight_vigilance``: a 2/2 green and white Elf Knight with vigilance). Such a
vanilla token is read into the card it names (named after its types, CR 111.4); a few named
tokens with one well-known ability are library cards (:data:`LIBRARY_TOKENS`). Any other word
of a name (``sac``, ``drawcounter``, ``tappump``: an ability the name only hints at) refuses the
script, as does a name of another form.
"""

from __future__ import annotations

import re

# the library's token cards, by the script names Forge gives them (CR 111.10: predefined tokens)
LIBRARY_TOKENS = {"c_a_treasure_sac": "Treasure"}

COLOURS = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G"}
CARD_TYPES = {"a": "Artifact", "e": "Enchantment"}
# the evergreen keywords the Magic rules here implement, as Forge's script names spell them
KEYWORDS = {"flying": "Flying", "vigilance": "Vigilance", "trample": "Trample", "haste": "Haste",
            "lifelink": "Lifelink", "deathtouch": "Deathtouch", "reach": "Reach", "menace": "Menace",
            "firststrike": "First strike", "doublestrike": "Double strike", "defender": "Defender",
            "indestructible": "Indestructible", "hexproof": "Hexproof", "shroud": "Shroud"}

# the creature types (CR 205.3m), lower-case: a word of a script name that is neither one of
# these nor a keyword above names an ability the script has
CREATURE_TYPES = frozenset("""
advisor aetherborn alien ally angel antelope ape archer archon armadillo army artificer assassin
assembly-worker astartes atog aurochs avatar azra badger balloon barbarian bard basilisk bat bear
beast beaver beeble beholder berserker bird bison blinkmoth boar bringer brushwagg camarid camel
capybara caribou carrier cat centaur cephalid child chimera citizen cleric clown cockatrice
construct coward coyote crab crocodile ctan custodes cyberman cyclops dalek dauthi demigod demon
deserter detective devil dinosaur djinn doctor dog dragon drake dreadnought drone druid dryad dwarf
efreet egg elder eldrazi elemental elephant elf elk employee eye faerie ferret fish flagbearer fox
fractal frog fungus gamer gargoyle germ giant gith glimmer gnoll gnome goat goblin god golem gorgon
graveborn gremlin griffin guest hag halfling hamster harpy hellion hippo hippogriff homarid
homunculus horror horse human hydra hyena illusion imp incarnation inkling inquisitor insect jackal
jellyfish juggernaut kavu kirin kithkin knight kobold kor kraken llama lamia lammasu leech leviathan
lhurgoyf licid lizard manticore masticore mercenary merfolk metathran minion minotaur mite mole monger
mongoose monk monkey moonfolk mount mouse mutant myr mystic nautilus necron nephilim nightmare
nightstalker ninja noble noggle nomad nymph octopus ogre ooze orb orc orgg otter ouphe ox oyster
pangolin peasant pegasus pentavite performer pest phelddagrif phoenix phyrexian pilot pincher pirate
plant porcupine possum praetor primarch prism processor rabbit raccoon ranger rat rebel reflection
rhino rigger robot rogue sable salamander samurai sand saproling satyr scarecrow scientist scion
scorpion scout sculpture serf serpent servo shade shaman shapeshifter shark sheep siren skeleton
skunk slith sliver sloth slug snail snake soldier soltari spawn specter spellshaper sphinx spider
spike spirit splinter sponge squid squirrel starfish surrakar survivor synth tentacle tetravite
thalakos thopter thrull tiefling time-lord toy treefolk trilobite triskelavite troll turtle tyranid
unicorn vampire varmint vedalken volver wall walrus warlock warrior weasel weird werewolf whale
wizard wolf wolverine wombat worm wraith wurm yeti zombie zubera
""".split())
_SHAPE = re.compile(r"(?P<colours>c|[wubrg]+)_(?P<power>\d+)_(?P<toughness>\d+)_(?P<rest>[a-z_]+)")


def token_card(script: str) -> tuple[str, dict | None]:
    """The card a token script names: (its name, its card definition) for a vanilla token, or
    (the library card's name, None) for a predefined one. Raises ValueError saying why a script
    is not read (an ability the name only hints at, or a name of another form)."""
    key = script.strip().lower()
    if key in LIBRARY_TOKENS:
        return LIBRARY_TOKENS[key], None
    shape = _SHAPE.fullmatch(key)
    if "," in key:
        raise ValueError(f"token {script.split(',')[0]!r} written field by field (Forge's old format) "
                         "is not supported: it leaves the token's abilities out")
    if shape is None:
        raise ValueError(f"token script {script!r} is not a vanilla token's name (colours_power_toughness_types)")
    words = shape["rest"].split("_")
    types = ["Creature"]
    while words and words[0] in CARD_TYPES:
        types.insert(0, CARD_TYPES[words.pop(0)])
    subtypes, keywords = [], []
    for word in words:
        if word in KEYWORDS and KEYWORDS[word] not in keywords:
            keywords.append(KEYWORDS[word])
        elif word in CREATURE_TYPES and not keywords:
            subtypes.append(word.title())
        else:
            raise ValueError(f"token script {script!r} has an ability its name only hints at ({word!r})")
    if not subtypes:
        raise ValueError(f"token script {script!r} names no creature type")
    name = " ".join(subtypes) + " Token"
    colours = [] if shape["colours"] == "c" else [COLOURS[letter] for letter in shape["colours"]]
    card = {"name": name, "types": types, "subtypes": subtypes, "colors": colours,
            "power": int(shape["power"]), "toughness": int(shape["toughness"])}
    if keywords:
        card["keywords"] = keywords
    card["text"] = ", ".join(keywords).capitalize()
    return name, card

"""Valiant Wars vocabulary as plain data: kinds, champion types, the 27 champion effects,
the location penalties, and the numbers the rulebook fixes.

Shared by validation (models, deck rules), printing and the rules engine, so nothing here
imports pydantic. Rulebook: shared/rules/valiant-wars.md.
"""

from __future__ import annotations

import re

# ---------------------------------------------------------------- kinds and types

SOLDIER, GOLD, OMEN, LOCATION, CHAMPION = range(5)
KINDS: tuple[str, ...] = ("Soldier", "Gold", "Dark Omen", "Location", "Champion")
"""The five decks of the rulebook's Setup ("Place the five (5) decks in a row"), by code."""
KIND_ALIASES = {"treasure": "Gold", "omen": "Dark Omen", "darkomen": "Dark Omen",
                "dark omens": "Dark Omen", "soldiers": "Soldier", "champions": "Champion",
                "locations": "Location"}

NO_TYPE, WARRIOR, MYSTIC, ROGUE = range(4)
TYPES: tuple[str, ...] = ("Warrior", "Mystic", "Rogue")
"""Champion types: "There are three types of Champions - Warriors, Mystics and Rogues"."""
TYPE_ALIASES = {"royal": "Warrior", "warriors": "Warrior", "mystics": "Mystic",
                "rogues": "Rogue"}
"""The rulebook's type legend calls the Warrior symbol "Royal"."""
TYPE_CODES = {"Warrior": WARRIOR, "Mystic": MYSTIC, "Rogue": ROGUE}

THRONE, VILLAGE = "Throne", "Village"
ROLES: tuple[str, ...] = (THRONE, VILLAGE)
ROLE_ALIASES = {"valiant throne": THRONE, "the valiant throne": THRONE, "villages": VILLAGE}

# ---------------------------------------------------------------- the book's numbers

BOOK_COUNTS: dict[str, int] = {"Soldier": 36, "Gold": 54, "Dark Omen": 25, "Location": 14,
                               "Champion": 63}
"""Components: "192 Valiant Wars Cards - 36 Soldiers - 54 Gold - 25 Dark Omens -
14 Locations - 63 Champions"."""
BOOK_TOTAL = 192

START_DECK: dict[str, int] = {"Gold": 5, "Dark Omen": 3, "Soldier": 2}
"""Starting Deck: "Five (5) Gold cards - Three (3) Dark Omen cards - Two (2) Soldier cards"."""

MIN_PLAYERS, MAX_PLAYERS = 2, 5
TABLE: dict[int, tuple[int, int]] = {2: (10, 10), 3: (9, 9), 4: (8, 8), 5: (8, 8)}
"""Victory Conditions: players → (Location Cards besides the Valiant Throne, VP to win)."""

MARKET_SIZE = 5
"""Setup: "distribute 5 Champions face-up directly beneath to make the Market"."""
MAX_BUYS = 2
"""Purchasing: "may purchase a maximum of two (2) cards"."""
SOLDIER_SWORDS = 1
"""Soldiers: "Each Soldier adds one (1) Sword to the battle"."""
SOLDIER_COST = 0
"""Purchasing: "A Soldier Card is free to purchase"."""
GOLD_VALUE = 1
"""Gold: "Each Gold icon has a value of one (1) when counting currency"."""
GOLD_COST = 1
"""Purchasing: "A Treasure Card costs 1 Gold to Purchase"."""
OMEN_GOLD = 1
"""Dark Omens: "they are worth one (1) Gold"."""
OMENS_TO_OUT = 2
"""Dark Omens: "If a player draws two (2) Dark Omen cards, they are knocked out"."""
VP_PER_OMEN = 3
"""Important Rule: "For every 3 victory point markers you receive, add one (1) additional
Dark Omen card to your deck"."""

# ---------------------------------------------------------------- champion effects

NONE = 0
(APPRENTICE, ASSASSIN, ARCHER, BARBARIAN, BRIGAND, DANCER, FIGHTER, FIREBRAND, GENERAL,
 GUARD, HERO, LUNAR_WITCH, MERCENARY, MONK, ORACLE, PALADIN, PRIESTESS, PYROMANCER,
 RETAINER, SABOTEUR, SAINT, SELLSWORD, SENTINEL, SHAMAN, WARLORD, WING_KNIGHT,
 WURM_LORD) = range(1, 28)

EFFECT_TEXT: dict[str, str] = {
    "Apprentice": "Draw effect - When the Apprentice is drawn, an opposing player of your "
                  "choosing must draw one (1) card.",
    "Assassin": "Draw effect - When the Assassin is drawn, you may flip any one (1) opposing "
                "Champion in play.",
    "Archer": "If your line includes at least one face-up Location, gain +3 Swords. This is "
              "limited to one (1) Location.",
    "Barbarian": "No special effect.",
    "Brigand": "Draw effect - When the Brigand is drawn, an opposing player of your choosing "
               "must draw one (1) card. If your line includes at least one other face-up "
               "Rogue, gain +1 Sword. This is limited to one (1) Rogue.",
    "Dancer": "Draw effect - When the Dancer is drawn, it copies all the effects of another "
              "face-up Champion in your line. Tap the Champion to indicate it is being "
              "duplicated. This may copy Draw or Ongoing effects, and lasts the same duration. "
              "It also includes all of the text of the chosen champion. The Dancer does not "
              "copy that Champion's base Sword value.",
    "Fighter": "No special effect.",
    "Firebrand": "Draw effect - When the Firebrand is drawn, you must draw one (1) card.",
    "General": "While the General is face-up, you cannot be Targeted by other players' "
               "effects.",
    "Guard": "If your line includes at least one face-up Rogue, gain +2 Swords. The Guard "
             "does not gain +1 Sword per Rogue.",
    "Hero": "The Hero cannot be Flipped by any means, nor can it be Targeted by you or an "
            "opposing player.",
    "Lunar Witch": "Draw effect - When the Lunar Witch is drawn, choose an opposing player. "
                   "They must flip any one (1) Champion in their line, of their choice. If a "
                   "Champion is not available, they must Flip a Soldier.",
    "Mercenary": "If your line includes face-up Gold, gain +1 Sword for each, to a maximum "
                 "of seven (7).",
    "Monk": "Each Monk provides you +2 Gold.",
    "Oracle": "Draw effect - When the Oracle is drawn, look at the top four (4) cards of your "
              "deck and return them in the same order.",
    "Paladin": "Gain +2 Swords for each other face-up Rogue you have in your line.",
    "Priestess": "Draw effect - When the Priestess is drawn, choose an opposing player. They "
                 "must draw a number of cards equal to the number of Mystics face-up in your "
                 "line.",
    "Pyromancer": "Draw effect - When the Pyromancer is drawn, you may choose an opposing "
                  "player to draw two (2) cards.",
    "Retainer": "Gain +2 Swords for each Mystic in your line.",
    "Saboteur": "Draw effect - When the Saboteur is drawn, choose an opposing player to draw "
                "two (2) cards. If you have another Rogue in play, you may then choose an "
                "opposing player to draw one (1) card. This can be the same player.",
    "Saint": "Draw effect: When the Saint is drawn, you may Flip a Dark Omen card in your "
             "line to ignore it. You do not gain the Dark Omen's Gold if it's face-down.",
    "SellSword": "The SellSword provides you +1 Gold.",
    "Sentinel": "Gain +2 Swords for each face-up location in your line.",
    "Shaman": "Draw effect - When the Shaman is drawn, you must Flip a Champion or Soldier in "
              "your line. If you have no other face-up Champions (or only the Hero, which "
              "cannot be Flipped), you must Flip the Shaman.",
    "Warlord": "Draw effect - When the Warlord is drawn, you must draw one (1) card.",
    "Wing Knight": "Gain +1 Sword for each face-up Mystic in your line.",
    "Wurm Lord": "Draw effect - When the Wurm Lord is drawn, you must draw two (2) cards.",
}
"""The rulebook's Champion List, every champion's effect in its own words."""

EFFECTS: tuple[str, ...] = tuple(sorted(EFFECT_TEXT, key=lambda n: (n.casefold())))
"""The 27 effect names, alphabetically (the book's spelling)."""
EFFECT_CODES: dict[str, int] = {name: code for code, name in enumerate(
    ("Apprentice", "Assassin", "Archer", "Barbarian", "Brigand", "Dancer", "Fighter",
     "Firebrand", "General", "Guard", "Hero", "Lunar Witch", "Mercenary", "Monk", "Oracle",
     "Paladin", "Priestess", "Pyromancer", "Retainer", "Saboteur", "Saint", "SellSword",
     "Sentinel", "Shaman", "Warlord", "Wing Knight", "Wurm Lord"), start=1)}
EFFECT_NAMES: dict[int, str] = {code: name for name, code in EFFECT_CODES.items()}

WHEN_PLAYED: frozenset[int] = frozenset({
    APPRENTICE, ASSASSIN, BRIGAND, DANCER, FIREBRAND, LUNAR_WITCH, ORACLE, PRIESTESS,
    PYROMANCER, SABOTEUR, SAINT, SHAMAN, WARLORD, WURM_LORD})
"""Effects the book marks "Draw effect": they resolve "before all players draw the next"."""


def effect_key(name: str) -> str:
    """An effect name folded for matching: 'Wing Knight', 'wingknight', 'Sell-Sword' alike."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


_EFFECT_BY_KEY = {effect_key(name): name for name in EFFECT_TEXT}


def effect_name(text: str) -> str | None:
    """The book's spelling of an effect name, matched loosely; None when unknown."""
    return _EFFECT_BY_KEY.get(effect_key(text))


# ---------------------------------------------------------------- location penalties

P_NONE, P_DRAW, P_LOSE_GOLD, P_LOSE_SWORDS, P_FLIP, P_STOP, P_OMEN, P_BUY = range(8)
PENALTY_KEYS: tuple[str, ...] = ("none", "draw", "lose-gold", "lose-swords", "flip", "stop",
                                 "omen", "buy")
"""Penalty codes by number (coverage ids are `valiantwars.penalty.<key>`)."""
PENALTY_FORMS: tuple[str, ...] = ("None", "Draw N", "Lose N Gold", "Lose N Swords",
                                  "Flip N", "Stop", "Dark Omen", "Buy N")
"""How each penalty is written in the `Penalty` column (N a whole number)."""
ACTIVE_PENALTIES = frozenset({P_DRAW, P_FLIP, P_STOP, P_OMEN})
"""Penalties that act when the Location comes out; the others count while it lies face-up
(the rules engine resolves these when the Location is drawn)."""

PENALTY_MEANING: dict[int, str] = {
    P_NONE: "no penalty",
    P_DRAW: "when it comes out in your line, you must draw N more cards",
    P_LOSE_GOLD: "while face-up in your line, your Gold total is N lower (never below 0)",
    P_LOSE_SWORDS: "while face-up in your line, your Sword total is N lower (never below 0)",
    P_FLIP: "when it comes out in your line, you must Flip N of your face-up Champions or "
            "Soldiers (your choice; never the Hero)",
    P_STOP: "when it comes out in your line, you must STOP at once",
    P_OMEN: "when it comes out in your line, it counts as one Dark Omen (worth no Gold)",
    P_BUY: "while face-up in your line, you may purchase at most N cards this round",
}

_NUMBER = r"(\d+)"
_PATTERNS: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(rf"^draw {_NUMBER}(?: cards?)?$"), P_DRAW),
    (re.compile(rf"^lose {_NUMBER} gold$"), P_LOSE_GOLD),
    (re.compile(rf"^lose gold {_NUMBER}$"), P_LOSE_GOLD),
    (re.compile(rf"^lose {_NUMBER} swords?$"), P_LOSE_SWORDS),
    (re.compile(rf"^lose swords? {_NUMBER}$"), P_LOSE_SWORDS),
    (re.compile(rf"^flip {_NUMBER}(?: cards?| champions?)?$"), P_FLIP),
    (re.compile(rf"^buy {_NUMBER}(?: cards?)?$"), P_BUY),
)
_WORDS = {"none": P_NONE, "-": P_NONE, "no penalty": P_NONE, "stop": P_STOP,
          "dark omen": P_OMEN, "omen": P_OMEN}


def parse_penalty(text: str) -> tuple[int, int]:
    """A `Penalty` cell → (penalty code, N); ValueError with the vocabulary when unknown.

    Forms (any case, spaces tidied): ``None``, ``Draw N``, ``Lose N Gold``,
    ``Lose N Swords``, ``Flip N``, ``Stop``, ``Dark Omen``, ``Buy N``.
    """
    folded = " ".join(str(text).replace("\u00a0", " ").split()).casefold()
    if not folded or folded in _WORDS:
        return (_WORDS.get(folded, P_NONE), 0)
    for pattern, code in _PATTERNS:
        match = pattern.match(folded)
        if match:
            amount = int(match.group(1))
            if code == P_BUY:
                if amount > 1:
                    raise ValueError(f"'{text}' is no penalty: a player may buy at most "
                                     f"{MAX_BUYS} cards anyway; use Buy 0 or Buy 1")
            elif amount < 1:
                raise ValueError(f"'{text}' needs N of 1 or more")
            return (code, amount)
    raise ValueError(f"must be a penalty from the vocabulary ({', '.join(PENALTY_FORMS)}), "
                     f"got '{text}'")


def penalty_text(code: int, amount: int) -> str:
    """The canonical way to write a penalty: (P_DRAW, 2) → 'Draw 2'."""
    form = PENALTY_FORMS[code]
    return form.replace("N", str(amount)) if "N" in form else form


def penalty_sentence(code: int, amount: int) -> str:
    """What a penalty does, for card faces and logs."""
    text = PENALTY_MEANING[code].replace(" N ", f" {amount} ")
    return text.replace(" 1 more cards", " 1 more card").replace(" 1 cards", " 1 card")

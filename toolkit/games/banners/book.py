"""The Battle of Banners' rulebook as plain data: spaces, piece colours, the item deck.

Rulebook: shared/rules/battle-of-banners.md. Everything here is plain Python (no
pydantic), so the validators, the printer and the rules engine share one source.

The book names the four card colours' meanings (T4) but not each card's colour; the
colours below follow those meanings (ruling ``item-colours``, docs/banners.md):
movement cards green, combat cards red, cards good for the user blue, cards bad for the
opponent purple.
"""

from __future__ import annotations

from dataclasses import dataclass

# ---------------------------------------------------------------- spaces

OPEN, TREE, KEEP, DRAWBRIDGE, CASTLE = "open", "tree", "keep", "drawbridge", "castle"

SPACE_CODES: dict[str, tuple[str, int | None]] = {
    ".": (OPEN, None),
    "T": (TREE, None),
    "K": (KEEP, None),
    "D1": (DRAWBRIDGE, 0),
    "D2": (DRAWBRIDGE, 1),
    "C1": (CASTLE, 0),
    "C2": (CASTLE, 1),
}
"""A Board cell's code → (kind, side index or None). Blank cells are open spaces.
Side index 0 is side 1 (the sheet's last row is its edge), 1 is side 2 (row 1)."""

SPACE_NAMES = {OPEN: "open space", TREE: "tree", KEEP: "keep", DRAWBRIDGE: "drawbridge",
               CASTLE: "castle"}

# ---------------------------------------------------------------- pieces

COLORS: tuple[str, ...] = ("Blue", "Green", "Red", "Yellow")
"""Set-up: "One side is blue and green while the other is red and yellow.\""""

SIDE_COLORS: tuple[frozenset[str], ...] = (frozenset({"Blue", "Green"}),
                                           frozenset({"Red", "Yellow"}))
"""The two colour pairs a side may have (either pair may be side 1)."""

SCOUT_COLORS: frozenset[str] = frozenset({"Green", "Yellow"})
"""M3: "In 1v1 play, green pieces and yellow pieces are scouts"."""

LEAD_COLORS: tuple[str, ...] = ("Blue", "Red")
"""C2's "red and blue pieces": the first colour of each pair (the first player of a side
in 2v2, ruling ``seats``)."""

COLOR_HEX: dict[str, str] = {"Blue": "#2f62b0", "Green": "#3f8f3a", "Red": "#b8322c",
                             "Yellow": "#e0b420"}

SCOUT_BONUS = 2
"""M3: scouts "get +2 on their dice roll"."""
ATTACK_BONUS = 1
"""C2: "The red and blue pieces that attack gets a +1 to their roll"."""

# ---------------------------------------------------------------- items

GREEN, RED, BLUE, PURPLE = "Green", "Red", "Blue", "Purple"
ITEM_COLORS: tuple[str, ...] = (GREEN, RED, BLUE, PURPLE)
COLOR_MEANINGS: dict[str, str] = {GREEN: "movement", RED: "combat", BLUE: "good for the user",
                                  PURPLE: "bad for the opponent"}
"""T4: "Green means movement - Red means combat - Blue means good for the user - Purple
means bad for the opponent.\""""
ITEM_COLOR_HEX: dict[str, str] = {GREEN: "#3f8f3a", RED: "#b8322c", BLUE: "#2f62b0",
                                  PURPLE: "#6d3b8f"}

# When an item is played (T3 and each card's text).
BEFORE_MOVE, INSTEAD_OF_MOVE, ATTACKING, DEFENDING, IN_COMBAT, ON_TIE = (
    "before moving", "instead of moving", "when attacking", "when defending",
    "in combat", "on a tie in combat")


@dataclass(frozen=True, slots=True)
class Effect:
    """One of the book's sixteen item effects: its count in the deck, colour, timing and
    the card's text (for printing and docs)."""

    name: str
    count: int
    color: str
    timing: str
    text: str

    @property
    def combat(self) -> bool:
        """A combat (red) card: played during combat, usable the turn it is drawn (T2)."""
        return self.timing in (ATTACKING, DEFENDING, IN_COMBAT, ON_TIE)


EFFECT_LIST: tuple[Effect, ...] = (
    Effect("Extra Strength", 6, RED, ATTACKING,
           "+1 to your attacking piece (in 1v1 scouts attack at +1, other pieces at +2)."),
    Effect("Extra Defense", 6, RED, DEFENDING, "+1 to your defending piece."),
    Effect("Gain Reinforcements", 4, BLUE, BEFORE_MOVE,
           "A free reinforcement piece, without rolling doubles: place it at your drawbridge."),
    Effect("Horse", 6, GREEN, BEFORE_MOVE,
           "Roll an extra die and add it to your movement."),
    Effect("Ghost Magic", 4, BLUE, BEFORE_MOVE,
           "None of your pieces can be attacked during your opponent's turn, but you may "
           "not attack either."),
    Effect("Rain Storm", 3, PURPLE, BEFORE_MOVE,
           "Your opponent's dice roll is 3 less on their next turn."),
    Effect("The Reaper", 1, PURPLE, BEFORE_MOVE,
           "Remove any one enemy piece from the game for good. Ghost Magic does not stop it."),
    Effect("Poison", 3, RED, IN_COMBAT, "-3 on your opponent's combat roll."),
    Effect("Locust Swarm", 3, PURPLE, BEFORE_MOVE,
           "Force an enemy piece 5 spaces in a chosen direction; trees and pieces in the way "
           "add to the count. It stops short of drawbridges and castles."),
    Effect("Strong Wind", 2, BLUE, BEFORE_MOVE,
           "If your flag lies on the field and the enemy does not hold it, it returns to "
           "your castle."),
    Effect("Hidden Knife", 3, RED, ON_TIE,
           "Win a tied combat. May be played as a second item in one turn."),
    Effect("Safeguard", 2, GREEN, INSTEAD_OF_MOVE,
           "Instead of rolling: move one of your pieces to any keep behind it. No item; "
           "your move ends."),
    Effect("Thief", 5, PURPLE, BEFORE_MOVE,
           "Steal one of your opponent's cards at random, without looking."),
    Effect("Providing Aid", 2, GREEN, BEFORE_MOVE,
           "Move any piece (not a flag carrier) next to any other piece on the board."),
    Effect("Saboteur", 3, PURPLE, BEFORE_MOVE,
           "Move an enemy piece out of a keep onto a drawbridge."),
    Effect("Famine", 1, PURPLE, BEFORE_MOVE,
           "Your opponent returns all their cards to the item deck, which is reshuffled."),
)
"""The book's sixteen kinds of item card, in the book's order ("There are 16 types of
cards in total, and 54 cards in all.")."""

EFFECTS: dict[str, Effect] = {e.name: e for e in EFFECT_LIST}
EFFECT_NAMES: tuple[str, ...] = tuple(EFFECTS)
DECK_SIZE = 54
HAND_MOVE_ITEMS = 1
"""T3: "A player can only use one item card per turn\""""

assert sum(e.count for e in EFFECT_LIST) == DECK_SIZE and len(EFFECT_LIST) == 16


def effect_named(text: str) -> Effect | None:
    """The effect a cell names (case, spaces and a leading "The" ignored), or None."""
    key = " ".join(str(text).split()).casefold()
    for effect in EFFECT_LIST:
        name = effect.name.casefold()
        if key == name or key == name.removeprefix("the ") or "the " + key == name:
            return effect
    return None

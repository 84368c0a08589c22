"""The Battle of Banners rulings: every place the rulebook is silent or ambiguous, as data.

Each ruling has a stable id (``banners.ruling.<name>``), the question the rulebook leaves
open, the decision the engine follows, and the passage it reads (section and quoted
sentence). The engine counts each time a ruling decides something; `pnp play` reports
the counts. The module also lists the coverage ids of the rulebook's own rules (`RULES`)
and of the sixteen items (`ITEM_IDS`).
"""

from __future__ import annotations

from toolkit.sim.engine import Ruling

from ..book import EFFECT_NAMES


def _r(name: str, question: str, decision: str, passage: str) -> Ruling:
    return Ruling(f"banners.ruling.{name}", question, decision, passage)


RULING_LIST: tuple[Ruling, ...] = (
    _r("first-roll",
       "How is \"Roll to see who goes first\" rolled, and who starts a 2v2 team's turn? "
       "The book names the roll but not its dice, ties, or the order of teammates.",
       "Each side rolls one die; the higher roll goes first, ties roll again. In 2v2 the "
       "side's first seat moves first in every turn of that side, then its teammate.",
       "M1: \"Roll to see who goes first.\" D2: \"Both players on the team move one after "
       "the other in one turn.\""),
    _r("seats",
       "Which player plays which pieces? The book gives each side two colours but does "
       "not say who moves them.",
       "In 1v1 each player plays all the pieces of their side, both colours. In 2v2 the "
       "side's first player (seats 1 and 2) plays blue or red, the teammate (seats 3 and 4) "
       "green or yellow; each player moves only their own colour.",
       "Set-up: \"One side is blue and green while the other is red and yellow.\" D2: "
       "\"Both players on the team move one after the other in one turn.\""),
    _r("setup-placement",
       "Where does each piece start, and what if a side has more pieces than drawbridges? "
       "The book gives no number of pieces and no placement beyond the drawbridges.",
       "Each piece starts on its own drawbridge of its side, nearest the castle first, the "
       "colours taking turns. Pieces left over wait in the reserve beside the board and "
       "enter through a free drawbridge of their side: that drawbridge is the first space "
       "of their move.",
       "Spaces on board: \"Drawbridges: the starting spaces of pieces and where "
       "reinforcements come from.\""),
    _r("one-per-space",
       "May two pieces share a space, and may a moving piece pass through other pieces? "
       "The book says so only for the castle's exception.",
       "No: one piece per space, and a move passes only through empty spaces (pieces block "
       "like trees), except a piece completely blocked in on the enemy castle (the castle "
       "rule).",
       "Castle: \"If completely blocked in by pieces, you may add their space to your roll "
       "and go through them.\" (so pieces otherwise block)"),
    _r("attack-on-landing",
       "May a piece attack an enemy partway through its roll? The book asks for the full "
       "roll and calls combat an attempt to move onto an enemy, without saying which step.",
       "No: the full roll is moved, so an attack is the move's last step; the attacker "
       "fights from the space it reached before that step.",
       "M2: \"The full roll must be moved\"; C1: \"a moving piece must be attempting to move "
       "onto a space occupied by the opponent.\""),
    _r("no-full-move",
       "What if no piece of the player can move the full roll? The book requires the full "
       "roll but does not say what happens when it cannot be moved.",
       "The player does not move this turn (their items before moving still count).",
       "M2: \"The full roll must be moved (For example, if someone were to roll a 5, a "
       "piece must move 5 spaces).\""),
    _r("landing",
       "Do keeps, castles and flag spaces act when a piece only passes over them? The book "
       "says \"land\" but not whether passing over counts.",
       "No: a piece acts on a space only where its move ends (or where it is placed after "
       "a tie, or stays after killing a flag carrier). Passing through an open keep is "
       "allowed and gives nothing.",
       "Keeps: \"Land on these spaces to gain an item card.\" Castle: \"Land on the "
       "opponent's castle space to grab their flag.\" C5: \"must land on this space\""),
    _r("flag-home",
       "When is the enemy flag \"back to your castle\"? The book names the goal, not the "
       "moment it is reached.",
       "When the piece carrying it ends its move on its own side's castle: that side wins "
       "at once. Own pieces may always enter their own castle.",
       "Goal of the game: \"Bring the enemy's flag back to your castle\""),
    _r("defender-wins",
       "What happens when the defender rolls higher? C3 tells only what happens when the "
       "attacker wins.",
       "The attacking piece is removed from the board (the mirror of C3).",
       "C3: \"The highest dice roll wins, meaning the attacking piece moves onto the "
       "occupied space and the defending piece is removed from the board.\""),
    _r("flag-drop-killer",
       "A flag carrier is killed by the flag's own team, which \"cannot enter that space\": "
       "where does the winning attacker go? C3 moves it onto the space, C5 bars it.",
       "It stays on the space it attacked from; the flag lies where the carrier was.",
       "C3: \"the attacking piece moves onto the occupied space\"; C5: \"The team who owns "
       "the flag cannot enter that space nor move through it.\""),
    _r("flag-drop-home",
       "What if the flag drops on its own castle (the carrier was killed where it grabbed "
       "it)? C5 makes the space a flag space without saying what a flag on its castle is.",
       "The flag is simply home again.",
       "C5: \"If a person is killed with the flag, the space they were on becomes a flag "
       "space.\""),
    _r("tie-placement",
       "On a tie, which adjacent space does the attacker take, and what does it do there? "
       "C4 does not say who chooses, nor what a placement onto a keep does.",
       "The attacker's player chooses a free space next to the defender that the piece may "
       "enter (an open keep too, not a closed one, none for a flag carrier); it lands "
       "there. The space it attacked from is always one of them; a piece that attacked "
       "while entering from the reserve goes back to the reserve when none is free.",
       "C4: \"In the case of a tie, the attacking piece is placed on a directly adjacent "
       "space to the defending piece, including keeps.\""),
    _r("keep-closed",
       "How long is a keep closed after a piece leaves it? \"A full turn\" may be the "
       "rest of this turn or the other side's whole turn.",
       "From the moment it is left until the leaving side's next turn begins (the other "
       "side's whole turn goes by): no piece may enter or pass through it meanwhile.",
       "Keeps: \"After leaving this keep, no one may enter until a full turn has gone by.\""),
    _r("castle-must-leave",
       "\"You must leave this space on your next turn\": what if the piece cannot? The "
       "book does not say.",
       "Any piece standing on the enemy castle when its player's turn begins is the piece "
       "that must move, whatever else the player does: a path may not end on the castle "
       "again, and Safeguard (which forfeits the move) may move only that piece. If it has "
       "no full-length move, the player moves another piece if one can, and it must leave "
       "next time.",
       "Castle: \"You must leave this space on your next turn.\""),
    _r("castle-blocked-in",
       "When is a piece on the enemy castle \"completely blocked in\", and how does it go "
       "through? The book does not say what counts as blocked in or where the move ends.",
       "When every space next to the castle is a tree or a piece (at least one a piece). "
       "It may then pass through pieces, each piece passed adding one to its roll, and end "
       "on a free space; or move as usual instead (attack a blocker with its last step).",
       "Castle: \"If completely blocked in by pieces, you may add their space to your roll "
       "and go through them.\""),
    _r("reinforcements",
       "Movement rolls one die: when are \"doubles\" rolled for a reinforcement, and what "
       "is a reinforcement? The book names both only in the card's text.",
       "Doubles are the two movement dice of a Horse roll showing the same number. A "
       "reinforcement is one of the team's defeated pieces (not one taken by The Reaper), "
       "chosen by the player, placed on a free drawbridge of its side (the reserve when "
       "none is free). Combat rolls never give reinforcements.",
       "Gain Reinforcements: \"Get a free reinforcement piece without having to roll "
       "doubles (Place the new piece at the drawbridge space).\" M2: \"a player rolls 1 "
       "die.\" Horse: \"roll an extra die to add to your movement.\""),
    _r("item-colours",
       "Which colour is each card, and does the colour or the effect decide when it is "
       "played? The book gives the colours' meanings, not each card's colour.",
       "Green: Horse, Safeguard, Providing Aid. Red: Extra Strength, Extra Defense, "
       "Poison, Hidden Knife. Blue: Gain Reinforcements, Ghost Magic, Strong Wind. "
       "Purple: Rain Storm, The Reaper, Locust Swarm, Thief, Saboteur, Famine. The effect "
       "decides when a card is played (a custom deck colouring a card otherwise is "
       "warned).",
       "T4: \"Green means movement, Red means combat, Blue means good for the user, "
       "Purple means bad for the opponent.\""),
    _r("item-timing",
       "When are Saboteur and Famine played (their text gives no time), and in what order "
       "are combat cards played? T3 says only \"during combat\".",
       "Saboteur and Famine are played before moving, like the other non-combat cards. "
       "Combat cards are played once the attack is declared and before the dice: the "
       "attacker's player first, then the defender's (who sees it). Each player plays at "
       "most one combat card per turn, Hidden Knife aside.",
       "T3: \"A player can only use one item card per turn and must be played before "
       "moving. Combat cards can also only be played once per turn, but must instead be "
       "played during combat.\""),
    _r("knife-order",
       "Both sides of a tied combat hold a Hidden Knife: who wins? The card lets either "
       "play it and does not order them.",
       "The attacker's player may play first; if they do not, the defender's may. One "
       "knife decides the combat.",
       "Hidden Knife: \"If a combat results in a tie, you may play this card to win.\""),
    _r("item-needs-effect",
       "May a card be played when it would do nothing? The book neither allows nor bars "
       "it.",
       "No: Thief and Famine need cards in the other team's hand, Strong Wind needs the "
       "flag lying on the field, Saboteur an enemy piece in a keep, Gain Reinforcements a "
       "defeated piece, The Reaper, Locust Swarm and Providing Aid a piece to act on.",
       "Items: each card's text names what it acts on (Thief: \"steal 1 of your "
       "opponent's cards\"; Strong Wind: \"If your flag is on the field\")."),
    _r("card-moves",
       "Does a piece moved by a card (Locust Swarm, Providing Aid, Saboteur, Safeguard) "
       "take an item or a flag where it arrives? Only Safeguard's text says.",
       "No: only a piece's own move (or a tie placement) lands; a card move never gives an "
       "item or a flag, so no card puts a piece on a dropped flag. A piece leaving a keep "
       "this way still closes it.",
       "Safeguard: \"You do not receive a new item\"; Keeps: \"Land on these spaces to gain "
       "an item card.\""),
    _r("ghost-magic",
       "How long does Ghost Magic last, for whom, and does it stop cards? The card names "
       "\"your opponent's turn\" and attacks only.",
       "It covers the player's whole team from when it is played until the end of the "
       "opponent's next turn: none of its pieces can be attacked, and none attacks. It "
       "stops attacks only, not Locust Swarm, Saboteur or Providing Aid.",
       "Ghost Magic: \"none of your pieces can be attacked during your opponent's turn, but "
       "you may not attack either.\" D3: \"Item cards may affect both people on the same "
       "team.\""),
    _r("rain-storm",
       "Which rolls does Rain Storm lessen, and below what? \"Dice roll\" may be movement "
       "or combat, and the book sets no floor.",
       "Every movement roll of the other team in its next turn (not combat rolls), never "
       "below 0; a piece with nothing left to move cannot move. Two Rain Storms add up.",
       "Rain Storm: \"This subtracts your opponent's dice roll by 3 on their next turn.\""),
    _r("locust-swarm",
       "How exactly does Locust Swarm move a piece? The card does not say who picks the "
       "piece and direction, or where a cut-short move ends.",
       "The player chooses an enemy piece on the board and one of the four directions; it "
       "travels in a straight line until it has crossed 5 spaces it could stop on, "
       "jumping trees, pieces and spaces it may not enter; it stops short before a "
       "drawbridge, a castle or the board's edge. Directions that move it no space are not "
       "offered.",
       "Locust Swarm: \"Force the opponent's piece to move in any chosen direction 5 "
       "spaces. If there are trees or other pieces in the way, they are added to the total "
       "number of spaces moved ... This does not force pieces to move back on to "
       "drawbridge or castle spaces, rather the number of spaces is cut short.\""),
    _r("providing-aid",
       "Where may Providing Aid put a piece? \"Adjacent to any other piece\" does not say "
       "whether spaces the piece could not enter by moving count.",
       "On any free space next to another piece that the moved piece may enter: an open "
       "keep or a castle too, not a closed keep, nor a dropped flag (ruling card-moves).",
       "Providing Aid: \"Move any piece (except for a piece with the flag) adjacent to any "
       "other piece on the board.\""),
    _r("safeguard-behind",
       "Which keeps are \"behind\" a piece? The book gives no direction on the board.",
       "Open, free keeps nearer the piece's own castle than the piece, along the line "
       "from its own castle to the enemy's on the board as drawn (rows when the castles "
       "are further apart in rows, else columns). An ally is any piece of the player's "
       "team; a flag carrier cannot go (M4).",
       "Safeguard: \"Move a chosen ally piece to any keep behind it.\""),
    _r("thief",
       "What is stolen, and may it be used at once? The card says a random card, not "
       "whether it counts as obtained this turn or who sees it.",
       "One card drawn at random from the other team's hand; like any card obtained it "
       "cannot be used that turn unless it is red. Both teams see which card it was.",
       "Thief: \"Without looking, steal 1 of your opponent's cards (Choose from their cards "
       "randomly).\" T2."),
    _r("reaper-targets",
       "Which pieces may The Reaper take, and what of a flag it carried or a keep it stood "
       "in? The card says only \"any 1 of your opponent's pieces\".",
       "Any enemy piece on the board or waiting in the reserve, even in a keep; a flag it "
       "carried drops on its space (C5). A keep it stood in is free at once: the piece was "
       "removed, it did not leave, so the keep does not close.",
       "The Reaper: \"remove any 1 of your opponent's pieces from the game completely.\""),
    _r("team-items",
       "In 2v2, whose are the items and how many may be played? D3 shares the cards "
       "without saying how T3's one card a turn applies to a team.",
       "One hand per team, seen by both teammates; each player may play one item before "
       "moving and one combat card in their turn (Hidden Knife aside); a card drawn this "
       "turn by either teammate waits for the team's next turn unless it is red.",
       "D3: \"Item cards may affect both people on the same team. They are shared between "
       "the team members and cannot be used twice.\" T3."),
    _r("team-defeated",
       "When is the enemy team \"defeated\"? The book names the win, not when it is "
       "reached.",
       "When it has no piece left on the board or waiting in the reserve.",
       "Goal of the game: \"or defeat the enemy team.\""),
)

RULINGS: dict[str, Ruling] = {r.id: r for r in RULING_LIST}

RULES: dict[str, str] = {
    "banners.rule.first-roll": "M1: roll to see who goes first",
    "banners.rule.move": "M2: one die, one piece moves the full roll, orthogonally",
    "banners.rule.scout-move": "M3: scouts get +2 on their movement roll (1v1)",
    "banners.rule.flag-no-keep": "M4: a piece with a flag cannot enter a keep",
    "banners.rule.no-backtrack": "M5: no direct backtracking",
    "banners.rule.combat": "C1: moving onto an enemy's space is combat",
    "banners.rule.attack-bonus": "C2: attacking red and blue pieces get +1",
    "banners.rule.scout-no-bonus": "C2: scouts get no attack bonus (1v1)",
    "banners.rule.attacker-wins": "C3: the higher roll wins, the defender is removed",
    "banners.rule.tie": "C4: a tie places the attacker next to the defender",
    "banners.rule.flag-drop": "C5: a flag carrier killed drops the flag on its space",
    "banners.rule.flag-pickup": "C5: the opposing team lands on the flag space to take it",
    "banners.rule.keep-item": "T1: landing on a keep gives an item card",
    "banners.rule.keep-safe": "Keeps: a piece in a keep cannot be attacked",
    "banners.rule.keep-closed": "Keeps: no one enters a keep until a full turn after it is left",
    "banners.rule.castle-grab": "Castle: landing on the enemy castle grabs its flag",
    "banners.rule.castle-leave": "Castle: the piece must leave the enemy castle next turn",
    "banners.rule.castle-blocked-in": "Castle: blocked in, it goes through the pieces",
    "banners.rule.win-flag": "Goal: the enemy flag brought back to your castle",
    "banners.rule.win-defeat": "Goal: the enemy team defeated",
    "banners.rule.item-wait": "T2: a non-red card waits until the next turn",
    "banners.rule.red-same-turn": "T2: a red card drawn this turn is used in combat",
    "banners.rule.deck-empty": "Items: no more cards to draw, none obtained",
    "banners.rule.reinforcement": "Reinforcements come from the drawbridge (doubles)",
    "banners.rule.team-turn": "D2: both team members move in one turn",
    "banners.rule.shared-items": "D3: a teammate plays a card the other obtained",
}
"""Coverage ids of the rulebook's own rules, with the section they come from."""


def item_id(effect: str) -> str:
    """The coverage id of an item effect: 'The Reaper' → 'banners.item.the-reaper'."""
    return "banners.item." + effect.lower().replace(" ", "-")


ITEM_IDS: tuple[str, ...] = tuple(item_id(name) for name in EFFECT_NAMES)

COVERAGE_IDS: tuple[str, ...] = tuple(RULES) + ITEM_IDS + tuple(RULINGS)
"""Every rule, item and ruling the engine counts, in report order."""
